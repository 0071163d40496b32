// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit tests of label, access and rule syntax, table-driven over every malformed case.
 */

#include "label.h"

#include <kunit/test.h>
#include <linux/string.h>

struct rule_case {
	const char *desc;
	const char *line;
	size_t len;		/* 0: strlen(line) */
	int rc;
	u32 access;
};

#define A_R LABEL_MAY_READ
#define A_W LABEL_MAY_WRITE
#define A_X LABEL_MAY_EXEC
#define A_A LABEL_MAY_APPEND
#define A_T LABEL_MAY_TRANSMUTE
#define A_L LABEL_MAY_LOCK
#define A_B LABEL_MAY_BRINGUP

static const struct rule_case rule_cases[] = {
	{ "plain", "web db r", 0, 0, A_R },
	{ "all letters", "web db awxr", 0, 0, A_R | A_W | A_X | A_A },
	{ "write alone", "web db w", 0, 0, A_W },
	{ "append alone", "web db a", 0, 0, A_A },
	{ "none", "web db -", 0, 0, 0 },
	{ "Smack's letters", "web db rwxatlb", 0, 0, A_R | A_W | A_X | A_A | A_T | A_L | A_B },
	{ "upper case", "web db RWXATLB", 0, 0, A_R | A_W | A_X | A_A | A_T | A_L | A_B },
	{ "placeholders", "TheOne TheOther r---", 0, 0, A_R },
	{ "placeholders first", "web db --x-a", 0, 0, A_X | A_A },
	{ "only placeholders", "web db -----", 0, 0, 0 },
	{ "repeated letters", "web db rRr", 0, 0, A_R },
	{ "tabs and spaces", "\tweb  \tdb   rx ", 0, 0, A_R | A_X },
	{ "special labels", "^ * rx", 0, 0, A_R | A_X },
	{ "embedded NUL", "web\0x db r", 10, -EINVAL },
	{ "slash", "we/b db r", 0, -EINVAL },
	{ "double quote", "we\"b db r", 0, -EINVAL },
	{ "single quote", "we'b db r", 0, -EINVAL },
	{ "backslash", "we\\b db r", 0, -EINVAL },
	{ "leading dash", "-web db r", 0, -EINVAL },
	{ "non-ASCII", "w\303\251b db r", 0, -EINVAL },
	{ "control character", "w\001b db r", 0, -EINVAL },
	{ "empty access", "web db", 0, -EINVAL },
	{ "unknown access letter", "web db rq", 0, -EINVAL },
	{ "unknown letter after placeholders", "web db r--q", 0, -EINVAL },
	{ "missing object", "web", 0, -EINVAL },
	{ "empty line", "", 0, -EINVAL },
	{ "extra field", "web db r x", 0, -EINVAL },
	{ "CRLF", "web db r\r", 0, -EINVAL },
};

static void rule_case_desc(const struct rule_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rule, rule_cases, rule_case_desc);

static void label_parse_rule_table(struct kunit *test)
{
	const struct rule_case *c = test->param_value;
	struct label_rule_text r = {};
	size_t len = c->len ?: strlen(c->line);

	KUNIT_EXPECT_EQ(test, label_parse_rule(c->line, len, &r), c->rc);
	if (!c->rc)
		KUNIT_EXPECT_EQ(test, r.access, c->access);
}

/* A label of 255 bytes is the longest there is. */
static void label_parse_long_labels(struct kunit *test)
{
	struct label_rule_text r;
	char *line = kunit_kzalloc(test, LABEL_NAME_MAX + 8, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, line);
	memset(line, 'a', LABEL_NAME_MAX);
	strscpy(line + LABEL_NAME_MAX, " b r", 8);
	KUNIT_EXPECT_EQ(test, label_parse_rule(line, strlen(line), &r), 0);
	KUNIT_EXPECT_EQ(test, r.subject_len, LABEL_NAME_MAX);
	memset(line, 'a', LABEL_NAME_MAX + 1);
	strscpy(line + LABEL_NAME_MAX + 1, " b r", 7);
	KUNIT_EXPECT_EQ(test, label_parse_rule(line, strlen(line), &r), -EINVAL);
	KUNIT_EXPECT_FALSE(test, label_name_valid(line, LABEL_NAME_MAX + 1));
}

static void label_parse_fields(struct kunit *test)
{
	struct label_rule_text r;

	KUNIT_ASSERT_EQ(test, label_parse_rule("  web db r", 10, &r), 0);
	KUNIT_EXPECT_EQ(test, r.subject_len, 3);
	KUNIT_EXPECT_EQ(test, memcmp(r.subject, "web", 3), 0);
	KUNIT_EXPECT_EQ(test, r.object_len, 2);
	KUNIT_EXPECT_EQ(test, memcmp(r.object, "db", 2), 0);
}

static void label_parse_access_string(struct kunit *test)
{
	char buf[LABEL_ACCESS_BUF];

	KUNIT_EXPECT_EQ(test, label_access_to_string(0, buf), 1);
	KUNIT_EXPECT_STREQ(test, buf, "-");
	label_access_to_string(A_R | A_W | A_X | A_A, buf);
	KUNIT_EXPECT_STREQ(test, buf, "rwxa");
	label_access_to_string(A_A | A_X, buf);
	KUNIT_EXPECT_STREQ(test, buf, "xa");
	KUNIT_EXPECT_EQ(test, label_access_to_string(LABEL_MAY_ALL | A_B, buf), 6);
	KUNIT_EXPECT_STREQ(test, buf, "rwxatl");
}

struct fixed_case {
	const char *desc;
	const char *text;
	size_t len;
	int rc;
	u32 access;
};

/* Rules in Smack's fixed-width form: 24-byte columns, then 4 to 6 bytes of access. */
static const struct fixed_case fixed_cases[] = {
	{ "smackload's form", "TheOne                  TheOther                rwxat", 53, 0,
	  A_R | A_W | A_X | A_A | A_T },
	{ "old four letters", "TheOne                  TheOther                r---", 52, 0, A_R },
	{ "six letters", "TheOne                  TheOther                -----l", 54, 0, A_L },
	{ "NUL padding",
	  "TheOne\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x54heOther                r\n\0\0", 52, 0,
	  A_R },
	{ "24-byte labels", "abcdefghijklmnopqrstuvwxABCDEFGHIJKLMNOPQRSTUVWXrx--", 52, 0,
	  A_R | A_X },
	{ "too short", "TheOne                  TheOther                rwx", 51, -EINVAL },
	{ "too long", "TheOne                  TheOther                rwxatlb", 55, -EINVAL },
	{ "junk after a label", "TheOne x                TheOther                rwxa", 52,
	  -EINVAL },
	{ "invalid label", "The/One                 TheOther                rwxa", 52, -EINVAL },
	{ "empty subject", "                        TheOther                rwxa", 52, -EINVAL },
	{ "bad access", "TheOne                  TheOther                rwqa", 52, -EINVAL },
	/* A newline, then padding: no access string. */
	{ "only padding as access",
	  "TheOne                  TheOther\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\n\0\0\0", 52, -EINVAL },
};

static void fixed_case_desc(const struct fixed_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(fixed, fixed_cases, fixed_case_desc);

static void label_parse_fixed_table(struct kunit *test)
{
	const struct fixed_case *c = test->param_value;
	struct label_rule_text r = {};

	KUNIT_EXPECT_EQ(test, label_parse_fixed_rule(c->text, c->len, &r), c->rc);
	if (c->rc)
		return;
	KUNIT_EXPECT_EQ(test, r.access, c->access);
	KUNIT_EXPECT_TRUE(test, r.smack);
	KUNIT_EXPECT_FALSE(test, r.change);
}

/* change-rule's four fields; the old rule's bits meet the new ones in label_rule_apply(). */
static void label_parse_change(struct kunit *test)
{
	struct label_rule_text r;

	KUNIT_ASSERT_EQ(test, label_parse_change_rule("web db rw x", 11, &r), 0);
	KUNIT_EXPECT_EQ(test, r.access, A_R | A_W);
	KUNIT_EXPECT_EQ(test, r.deny, A_X);
	KUNIT_EXPECT_TRUE(test, r.change);
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_X | A_L, &r), A_R | A_W | A_L);
	KUNIT_EXPECT_EQ(test, label_parse_change_rule("web db rw", 9, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, label_parse_change_rule("web db rw x y", 13, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, label_parse_change_rule("web db rw q", 11, &r), -EINVAL);
	/* An "a" the change brings without "w" is dropped; one the rule had is kept. */
	KUNIT_ASSERT_EQ(test, label_parse_change_rule("web db a -", 10, &r), 0);
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_R, &r), A_R);
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_W, &r), A_W | A_A);
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_A, &r), A_A);
	KUNIT_ASSERT_EQ(test, label_parse_change_rule("web db - w", 10, &r), 0);
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_W | A_A, &r), A_A);
}

/* A load replaces; "b" is never stored; label's own "a" alone stays, Smack's goes. */
static void label_parse_apply(struct kunit *test)
{
	struct label_rule_text r;

	KUNIT_ASSERT_EQ(test, label_parse_rule("web db ab", 9, &r), 0);
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_R | A_W, &r), A_A);
	r.smack = true;
	KUNIT_EXPECT_EQ(test, label_rule_apply(A_R | A_W, &r), 0);
	KUNIT_ASSERT_EQ(test, label_parse_rule("web db wab", 10, &r), 0);
	r.smack = true;
	KUNIT_EXPECT_EQ(test, label_rule_apply(0, &r), A_W | A_A);
}

static struct kunit_case label_parse_cases[] = {
	KUNIT_CASE_PARAM(label_parse_rule_table, rule_gen_params),
	KUNIT_CASE(label_parse_long_labels),
	KUNIT_CASE(label_parse_fields),
	KUNIT_CASE(label_parse_access_string),
	KUNIT_CASE_PARAM(label_parse_fixed_table, fixed_gen_params),
	KUNIT_CASE(label_parse_change),
	KUNIT_CASE(label_parse_apply),
	{}
};

static struct kunit_suite label_parse_suite = {
	.name = "label_parse",
	.test_cases = label_parse_cases,
};

kunit_test_suite(label_parse_suite);
