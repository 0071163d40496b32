// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of per-object values, on a blob of the test's own.
 */

#include "stacker.h"
#include "test_modules.h"

#include <kunit/test.h>

static void check_set_get_del(struct kunit *test, unsigned int id)
{
	struct stacker_blob blob = {};
	struct hlist_head *head = &blob.values;
	struct stacker_test_value *v, *w;

	KUNIT_EXPECT_NULL(test, security_get_value(head, id));
	v = stacker_alloc_value(id, STACKER_CRED, GFP_KERNEL);
	w = stacker_alloc_value(id, STACKER_CRED, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_ASSERT_NOT_NULL(test, w);
	KUNIT_EXPECT_EQ(test, v->magic, 0);

	KUNIT_EXPECT_EQ(test, security_set_value(head, id, v), 0);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, id), v);
	/* A second value for the same module is refused and stays the caller's. */
	KUNIT_EXPECT_EQ(test, security_set_value(head, id, w), -EEXIST);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, id), v);
	stacker_free_value(id, w);

	security_del_value(head, id);
	KUNIT_EXPECT_NULL(test, security_get_value(head, id));
	KUNIT_EXPECT_TRUE(test, hlist_empty(head));
	/* Deleting what is not there is harmless. */
	security_del_value(head, id);
}

static void stacker_values_slot(struct kunit *test)
{
	check_set_get_del(test, STACKER_ID_TEST_A);
}

static void stacker_values_list(struct kunit *test)
{
	check_set_get_del(test, STACKER_ID_TEST_B);
}

/* Slot and list values of two modules on one object do not see each other. */
static void stacker_values_side_by_side(struct kunit *test)
{
	struct stacker_blob blob = {};
	struct hlist_head *head = &blob.values;
	void *a, *b;

	a = stacker_alloc_value(STACKER_ID_TEST_A, STACKER_CRED, GFP_KERNEL);
	b = stacker_alloc_value(STACKER_ID_TEST_B, STACKER_CRED, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_EQ(test, security_set_value(head, STACKER_ID_TEST_B, b), 0);
	KUNIT_EXPECT_NULL(test, security_get_value(head, STACKER_ID_TEST_A));
	KUNIT_EXPECT_EQ(test, security_set_value(head, STACKER_ID_TEST_A, a), 0);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, STACKER_ID_TEST_A), a);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, STACKER_ID_TEST_B), b);
	KUNIT_EXPECT_NULL(test, security_get_value(head, STACKER_ID_CAPABILITY));
	security_del_value(head, STACKER_ID_TEST_A);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, STACKER_ID_TEST_B), b);
	security_del_value(head, STACKER_ID_TEST_B);
}

static struct kunit_case stacker_values_cases[] = {
	KUNIT_CASE(stacker_values_slot),
	KUNIT_CASE(stacker_values_list),
	KUNIT_CASE(stacker_values_side_by_side),
	{}
};

static struct kunit_suite stacker_values_suite = {
	.name = "stacker_values",
	.test_cases = stacker_values_cases,
};

kunit_test_suite(stacker_values_suite);
