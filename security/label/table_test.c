// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit tests of the label table - interning, lookups, concurrent interning.
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

static struct kunit_case label_table_cases[] = {
	KUNIT_CASE(label_table_interns_once),
	KUNIT_CASE(label_table_specials),
	KUNIT_CASE(label_table_rejects),
	KUNIT_CASE(label_table_concurrent),
	{}
};

static struct kunit_suite label_table_suite = {
	.name = "label_table",
	.test_cases = label_table_cases,
};

kunit_test_suite(label_table_suite);
