// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of per-object values - the boot layout on modules of the test's own, and
 * list values on a real cred.
 */

#include "stacker.h"
#include "test_modules.h"

#include <linux/cred.h>
#include <kunit/test.h>

/* Modules of the test's own, laid out by stacker_layout() as boot lays out the selected ones. */
struct layout_fixture {
	struct lsm_blob_sizes blobs[4];
	struct stacker_value_id ids[4];
	struct stacker_module modules[4];
	/* What stacker_layout() gives for two of them. */
	struct lsm_blob_sizes sizes;
	unsigned long kinds[2];
};

static void fixture_init(struct layout_fixture *f)
{
	int i;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < ARRAY_SIZE(f->modules); i++) {
		f->ids[i].blobs = &f->blobs[i];
		f->modules[i].name = "t";
		f->modules[i].values = &f->ids[i];
	}
	/* 0: inline on creds and inodes, one xattr; 1: inline on creds; 2: list on creds. */
	f->blobs[0].lbs_cred = 8;
	f->blobs[0].lbs_inode = 8;
	f->blobs[0].lbs_xattr_count = 1;
	f->blobs[1].lbs_cred = 12;
	f->blobs[2].lbs_cred = 16;
	f->ids[2].list = 1;
	/* 3: inline on creds and IPC objects, never selected here. */
	f->blobs[3].lbs_cred = 100;
	f->blobs[3].lbs_ipc = 100;
}

/* Lay out modules @first and @second, in that call order: the kinds that start with a list. */
static unsigned long layout_two(struct layout_fixture *f, int first, int second)
{
	const struct stacker_module *sel[2] = { &f->modules[first], &f->modules[second] };

	return stacker_layout(sel, 2, 0, &f->sizes, f->kinds);
}

/* Only the selected modules take room; a kind no selected module uses has no stacker part. */
static void stacker_values_layout_selected_only(struct kunit *test)
{
	struct layout_fixture f;

	fixture_init(&f);
	KUNIT_EXPECT_EQ(test, layout_two(&f, 0, 1), 0);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_cred, 8 + 12);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_inode, 8);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_ipc, 0);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_sock, 0);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_xattr_count, 1);
	/* Needs became offsets in the stacker's part, in call order. */
	KUNIT_EXPECT_EQ(test, f.blobs[0].lbs_cred, 0);
	KUNIT_EXPECT_EQ(test, f.blobs[1].lbs_cred, 8);
	KUNIT_EXPECT_EQ(test, f.kinds[0], BIT(STACKER_CRED) | BIT(STACKER_INODE));
	KUNIT_EXPECT_EQ(test, f.kinds[1], BIT(STACKER_CRED));
	/* The module left out is untouched. */
	KUNIT_EXPECT_EQ(test, f.blobs[3].lbs_cred, 100);
}

/*
 * A module that keeps no per-object data but adds an xattr in inode_init_security declares it as
 * any LSM does, in the blob sizes of its value id: its slot is counted, and it takes no room.
 */
static void stacker_values_layout_xattr_only(struct kunit *test)
{
	struct layout_fixture f;

	fixture_init(&f);
	f.blobs[1] = (struct lsm_blob_sizes){ .lbs_xattr_count = 2 };
	KUNIT_EXPECT_EQ(test, layout_two(&f, 0, 1), 0);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_xattr_count, 1 + 2);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_cred, 8);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_inode, 8);
	KUNIT_EXPECT_EQ(test, f.kinds[1], 0);
	KUNIT_EXPECT_TRUE(test, stacker_values_valid(&f.modules[1]));
}

/* A list module puts the list head first on its kinds; its value sizes stay sizes. */
static void stacker_values_layout_list_first(struct kunit *test)
{
	struct layout_fixture f;

	fixture_init(&f);
	KUNIT_EXPECT_EQ(test, layout_two(&f, 2, 0), BIT(STACKER_CRED));
	KUNIT_EXPECT_EQ(test, f.blobs[0].lbs_cred, (int)sizeof(struct hlist_head));
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_cred, (int)sizeof(struct hlist_head) + 8);
	/* No list module on inodes: no list head there. */
	KUNIT_EXPECT_EQ(test, f.blobs[0].lbs_inode, 0);
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_inode, 8);
	KUNIT_EXPECT_EQ(test, f.blobs[2].lbs_cred, 16);
	KUNIT_EXPECT_EQ(test, f.kinds[0], 0);
}

/* Each area starts on a pointer boundary, as the framework aligns LSM blobs. */
static void stacker_values_layout_aligns(struct kunit *test)
{
	struct layout_fixture f;

	fixture_init(&f);
	f.blobs[1].lbs_cred = 3;
	layout_two(&f, 1, 0);
	KUNIT_EXPECT_EQ(test, f.blobs[1].lbs_cred, 0);
	KUNIT_EXPECT_EQ(test, f.blobs[0].lbs_cred, (int)sizeof(void *));
	KUNIT_EXPECT_EQ(test, f.sizes.lbs_cred, (int)sizeof(void *) + 8);
}

/*
 * Modules whose values the stacker cannot carry: on a kind it does not know, list values on
 * keys (a key's blob is freed without a hook), and a list id out of range. Inline values on
 * keys live and die with the blob.
 */
static void stacker_values_valid_refuses(struct kunit *test)
{
	struct layout_fixture f;

	fixture_init(&f);
	KUNIT_EXPECT_TRUE(test, stacker_values_valid(&f.modules[0]));
	KUNIT_EXPECT_TRUE(test, stacker_values_valid(&f.modules[2]));
	f.blobs[0].lbs_key = 8;
	KUNIT_EXPECT_TRUE(test, stacker_values_valid(&f.modules[0]));
	f.blobs[2].lbs_key = 8;
	KUNIT_EXPECT_FALSE(test, stacker_values_valid(&f.modules[2]));
	f.blobs[2].lbs_key = 0;
	f.blobs[0].lbs_perf_event = 8;
	KUNIT_EXPECT_FALSE(test, stacker_values_valid(&f.modules[0]));
	f.ids[2].list = STACKER_MAX_LIST_IDS;
	KUNIT_EXPECT_FALSE(test, stacker_values_valid(&f.modules[2]));
	f.modules[1].values = NULL;
	KUNIT_EXPECT_TRUE(test, stacker_values_valid(&f.modules[1]));
}

/*
 * In this kernel's boot layout (capability, test_a, test_b): test_a's cred area follows the list
 * head that test_b needs, inside the stacker's part; its inode area starts the stacker's part,
 * which the framework put after its rcu_head, and its offset was rebased onto the whole blob.
 */
static void stacker_values_boot_layout(struct kunit *test)
{
	const struct stacker_value_id *id = &stacker_test_values[0];
	const struct cred *cred = current_cred();
	void *a = security_get_value(cred->security, STACKER_CRED, id);
	void *list = cred->security + stacker_blob_sizes.lbs_cred;

	KUNIT_EXPECT_PTR_EQ(test, a, list + sizeof(struct hlist_head));
	KUNIT_EXPECT_GE(test, stacker_blob_sizes.lbs_inode, (int)sizeof(struct rcu_head));
	KUNIT_EXPECT_EQ(test, id->blobs->lbs_inode, stacker_blob_sizes.lbs_inode);
}

/* A list value on a real cred: allocated, attached once, found, detached after a grace period. */
static void stacker_values_list(struct kunit *test)
{
	const struct stacker_value_id *id = &stacker_test_values[1];
	struct cred *cred = prepare_creds();
	struct stacker_test_value *v, *w;

	KUNIT_ASSERT_NOT_NULL(test, cred);
	KUNIT_EXPECT_NULL(test, security_get_value(cred->security, STACKER_CRED, id));
	v = security_alloc_value(STACKER_CRED, id, GFP_KERNEL);
	w = security_alloc_value(STACKER_CRED, id, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_ASSERT_NOT_NULL(test, w);
	KUNIT_EXPECT_EQ(test, v->magic, 0);

	KUNIT_EXPECT_EQ(test, security_set_value(cred->security, STACKER_CRED, id, v), 0);
	KUNIT_EXPECT_PTR_EQ(test, security_get_value(cred->security, STACKER_CRED, id), (void *)v);
	/* A second value for the same module is refused and stays the caller's. */
	KUNIT_EXPECT_EQ(test, security_set_value(cred->security, STACKER_CRED, id, w), -EEXIST);
	security_free_value(w);
	KUNIT_EXPECT_PTR_EQ(test, security_attach_value(cred->security, STACKER_CRED, id,
							GFP_KERNEL), (void *)v);

	security_del_value(cred->security, STACKER_CRED, id);
	KUNIT_EXPECT_NULL(test, security_get_value(cred->security, STACKER_CRED, id));
	/* Deleting what is not there is harmless. */
	security_del_value(cred->security, STACKER_CRED, id);
	/* Attached again, it goes with the cred. */
	KUNIT_EXPECT_NOT_NULL(test, security_attach_value(cred->security, STACKER_CRED, id,
							  GFP_KERNEL));
	abort_creds(cred);
}

static struct kunit_case stacker_values_cases[] = {
	KUNIT_CASE(stacker_values_layout_selected_only),
	KUNIT_CASE(stacker_values_layout_xattr_only),
	KUNIT_CASE(stacker_values_layout_list_first),
	KUNIT_CASE(stacker_values_layout_aligns),
	KUNIT_CASE(stacker_values_valid_refuses),
	KUNIT_CASE(stacker_values_boot_layout),
	KUNIT_CASE(stacker_values_list),
	{}
};

static struct kunit_suite stacker_values_suite = {
	.name = "stacker_values",
	.test_cases = stacker_values_cases,
};

kunit_test_suite(stacker_values_suite);
