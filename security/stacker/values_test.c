// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of per-object values, on a blob of the test's own.
 */

#include "stacker.h"
#include "test_modules.h"

#include <kunit/test.h>

/* A built-in module's value is its inline slot: always there, zeroed, cleared by del. */
static void stacker_values_slot(struct kunit *test)
{
	struct stacker_blob blob = {};
	struct hlist_head *head = &blob.values;
	struct stacker_test_value *v;

	v = security_get_value(head, STACKER_ID_TEST_A);
	KUNIT_ASSERT_PTR_EQ(test, (void *)v, (void *)&blob.slot[STACKER_ID_TEST_A]);
	KUNIT_EXPECT_EQ(test, v->magic, 0);
	KUNIT_EXPECT_PTR_EQ(test, stacker_attach_value(head, STACKER_ID_TEST_A, STACKER_CRED,
						       GFP_KERNEL), (void *)v);
	v->magic = STACKER_TEST_MAGIC;
	KUNIT_EXPECT_EQ(test, ((struct stacker_test_value *)
			       security_get_value(head, STACKER_ID_TEST_A))->magic,
			STACKER_TEST_MAGIC);
	security_del_value(head, STACKER_ID_TEST_A);
	KUNIT_EXPECT_EQ(test, v->magic, 0);
	KUNIT_EXPECT_TRUE(test, hlist_empty(head));
}

/* A list value: allocated, attached once, found, detached and freed after a grace period. */
static void stacker_values_list(struct kunit *test)
{
	unsigned int id = STACKER_ID_TEST_B;
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
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, id), (void *)v);
	/* A second value for the same module is refused and stays the caller's. */
	KUNIT_EXPECT_EQ(test, security_set_value(head, id, w), -EEXIST);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(head, id), (void *)v);
	stacker_free_value(w);
	KUNIT_EXPECT_PTR_EQ(test, stacker_attach_value(head, id, STACKER_CRED, GFP_KERNEL),
			    (void *)v);

	security_del_value(head, id);
	KUNIT_EXPECT_NULL(test, security_get_value(head, id));
	KUNIT_EXPECT_TRUE(test, hlist_empty(head));
	/* Deleting what is not there is harmless. */
	security_del_value(head, id);
}

/* Slot and list values of two modules on one object do not see each other. */
static void stacker_values_side_by_side(struct kunit *test)
{
	struct stacker_blob blob = {};
	struct hlist_head *head = &blob.values;
	struct stacker_test_value *a, *b;

	a = stacker_attach_value(head, STACKER_ID_TEST_A, STACKER_CRED, GFP_KERNEL);
	b = stacker_attach_value(head, STACKER_ID_TEST_B, STACKER_CRED, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_PTR_NE(test, (void *)a, (void *)b);
	a->magic = 1;
	b->magic = 2;
	KUNIT_EXPECT_EQ(test, ((struct stacker_test_value *)
			       security_get_value(head, STACKER_ID_TEST_B))->magic, 2);
	KUNIT_EXPECT_EQ(test, blob.slot[STACKER_ID_CAPABILITY], 0);
	security_del_value(head, STACKER_ID_TEST_B);
	KUNIT_EXPECT_EQ(test, a->magic, 1);
	security_del_value(head, STACKER_ID_TEST_A);
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
