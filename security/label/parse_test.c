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
#define A_W (LABEL_MAY_WRITE | LABEL_MAY_APPEND)
#define A_X LABEL_MAY_EXEC
#define A_A LABEL_MAY_APPEND

static const struct rule_case rule_cases[] = {
	{ "plain", "web db r", 0, 0, A_R },
	{ "all letters", "web db awxr", 0, 0, A_R | A_W | A_X },
	{ "write implies append", "web db w", 0, 0, A_W },
	{ "append alone", "web db a", 0, 0, A_A },
	{ "none", "web db -", 0, 0, 0 },
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
	{ "repeated access letter", "web db rr", 0, -EINVAL },
	{ "dash with letters", "web db -r", 0, -EINVAL },
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
	char buf[5];

	KUNIT_EXPECT_EQ(test, label_access_to_string(0, buf), 1);
	KUNIT_EXPECT_STREQ(test, buf, "-");
	label_access_to_string(A_R | A_W | A_X, buf);
	KUNIT_EXPECT_STREQ(test, buf, "rwxa");
	label_access_to_string(A_A | A_X, buf);
	KUNIT_EXPECT_STREQ(test, buf, "xa");
}

static struct kunit_case label_parse_cases[] = {
	KUNIT_CASE_PARAM(label_parse_rule_table, rule_gen_params),
	KUNIT_CASE(label_parse_long_labels),
	KUNIT_CASE(label_parse_fields),
	KUNIT_CASE(label_parse_access_string),
	{}
};

static struct kunit_suite label_parse_suite = {
	.name = "label_parse",
	.test_cases = label_parse_cases,
};

kunit_test_suite(label_parse_suite);
