// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit tests of the label table - interning, lookups, concurrent interning - and of
 * the rule table's hashing of pairs.
 */

#include "label.h"

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/string.h>

static void label_table_interns_once(struct kunit *test)
{
	struct label *a = label_intern("kt_once", 7);
	struct label *b = label_intern("kt_once_x", 7);

	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_PTR_EQ(test, a, b);
	KUNIT_EXPECT_PTR_EQ(test, label_find("kt_once", 7), a);
	KUNIT_EXPECT_STREQ(test, a->name, "kt_once");
	KUNIT_EXPECT_EQ(test, a->len, 7);
	KUNIT_EXPECT_PTR_NE(test, label_intern("kt_once2", 8), a);
}

static void label_table_specials(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, label_find("_", 1), label_floor);
	KUNIT_EXPECT_PTR_EQ(test, label_find("*", 1), label_star);
	KUNIT_EXPECT_PTR_EQ(test, label_find("^", 1), label_hat);
}

static void label_table_rejects(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, label_intern("", 0), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_PTR_EQ(test, label_intern("a b", 3), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_PTR_EQ(test, label_intern("-a", 2), ERR_PTR(-EINVAL));
	KUNIT_EXPECT_NULL(test, label_find("kt_never_interned", 17));
}

#define INTERNERS 4
#define NAMES 64

struct interner {
	struct label *got[NAMES];
	struct completion done;
};

static int intern_all(void *data)
{
	struct interner *in = data;
	char name[16];
	int i;

	for (i = 0; i < NAMES; i++) {
		snprintf(name, sizeof(name), "kt_race_%d", i);
		in->got[i] = label_intern(name, strlen(name));
	}
	complete(&in->done);
	return 0;
}

/* Threads interning the same new names at once all get the same label for each name. */
static void label_table_concurrent(struct kunit *test)
{
	struct interner *in = kunit_kcalloc(test, INTERNERS, sizeof(*in), GFP_KERNEL);
	struct task_struct *t;
	int i, j;

	KUNIT_ASSERT_NOT_NULL(test, in);
	for (i = 0; i < INTERNERS; i++) {
		init_completion(&in[i].done);
		t = kthread_run(intern_all, &in[i], "label_kt%d", i);
		KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	}
	for (i = 0; i < INTERNERS; i++)
		wait_for_completion(&in[i].done);
	for (j = 0; j < NAMES; j++) {
		KUNIT_ASSERT_FALSE(test, IS_ERR_OR_NULL(in[0].got[j]));
		for (i = 1; i < INTERNERS; i++)
			KUNIT_EXPECT_PTR_EQ(test, in[i].got[j], in[0].got[j]);
	}
}

/* More pairs than the first table's 4096 buckets: the table grows once. */
#define PAIR_LABELS 72
/* 5,184 pairs in 8,192 buckets: a chain of more than 8 means the hash leaves a label out. */
#define LONGEST_CHAIN 8

/*
 * Every pair of a dense rule set, 72 subjects by 72 objects, loads and reads back its own
 * access, across the table's growth; and the pair hash mixes both labels: a hash that left one
 * out would chain all 72 pairs of a subject (or object) in one bucket.
 */
static void label_rules_dense_pairs(struct kunit *test)
{
	struct label_names *names = kunit_kzalloc(test, sizeof(*names), GFP_KERNEL);
	struct label_ruleset *set = kunit_kzalloc(test, sizeof(*set), GFP_KERNEL);
	struct label_load_info info;
	struct label *subject, *object;
	unsigned int buckets, longest;
	char line[32], name[8];
	int s, o, len;

	KUNIT_ASSERT_NOT_NULL(test, names);
	KUNIT_ASSERT_NOT_NULL(test, set);
	label_names_init(names);
	KUNIT_ASSERT_EQ(test, label_ruleset_init(set, names), 0);
	for (s = 0; s < PAIR_LABELS; s++)
		for (o = 0; o < PAIR_LABELS; o++) {
			len = scnprintf(line, sizeof(line), "s%d o%d %s\n", s, o,
					(s + o) & 1 ? "r" : "w");
			KUNIT_ASSERT_EQ(test, label_ruleset_load(set, line, len, LABEL_RULES_LOAD,
								 &info), 1);
		}
	for (s = 0; s < PAIR_LABELS; s++)
		for (o = 0; o < PAIR_LABELS; o++) {
			len = scnprintf(name, sizeof(name), "s%d", s);
			subject = label_names_find(names, name, len);
			len = scnprintf(name, sizeof(name), "o%d", o);
			object = label_names_find(names, name, len);
			KUNIT_ASSERT_NOT_NULL(test, subject);
			KUNIT_ASSERT_NOT_NULL(test, object);
			KUNIT_EXPECT_EQ(test, label_ruleset_access(set, subject, object),
					(s + o) & 1 ? LABEL_MAY_READ : LABEL_MAY_WRITE);
		}
	label_ruleset_shape(set, &buckets, &longest);
	KUNIT_EXPECT_EQ(test, buckets, 8192);
	KUNIT_EXPECT_LE(test, longest, LONGEST_CHAIN);
	label_ruleset_destroy(set);
	label_names_destroy(names);
}

static struct kunit_case label_table_cases[] = {
	KUNIT_CASE(label_table_interns_once),
	KUNIT_CASE(label_table_specials),
	KUNIT_CASE(label_table_rejects),
	KUNIT_CASE(label_table_concurrent),
	KUNIT_CASE(label_rules_dense_pairs),
	{}
};

static struct kunit_suite label_table_suite = {
	.name = "label_table",
	.test_cases = label_table_cases,
};

kunit_test_suite(label_table_suite);
