// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of composition, through the real LSM framework and the test modules
 * test_a and test_b (boot order "capability,test_a,test_b").
 */

#include "stacker.h"
#include "test_modules.h"

#include <kunit/test.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/preempt.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <uapi/linux/lsm.h>

static int dispatch_init(struct kunit *test)
{
	memset(&stacker_test_ctl, 0, sizeof(stacker_test_ctl));
	WRITE_ONCE(stacker_test_ctl.task, current);
	return 0;
}

static void dispatch_exit(struct kunit *test)
{
	WRITE_ONCE(stacker_test_ctl.task, NULL);
	WARN_ON(stacker_set_mode("test_a", STACKER_ENFORCING, NULL));
}

static struct stacker_entry *entry(const char *name)
{
	int i;

	for (i = 0; i < stacker_nr_entries; i++)
		if (!strcmp(stacker_entries[i].module.name, name))
			return &stacker_entries[i];
	return NULL;
}

static int getpgid_with(int a, int b)
{
	stacker_test_ctl.trace_len = 0;
	memset(stacker_test_ctl.trace, 0, sizeof(stacker_test_ctl.trace));
	stacker_test_ctl.getpgid_rc[0] = a;
	stacker_test_ctl.getpgid_rc[1] = b;
	return security_task_getpgid(current);
}

static void stacker_dispatch_boot_order(struct kunit *test)
{
	KUNIT_ASSERT_NOT_NULL(test, entry("test_a"));
	KUNIT_ASSERT_NOT_NULL(test, entry("test_b"));
	KUNIT_EXPECT_EQ(test, entry("capability")->position, 0);
	KUNIT_EXPECT_EQ(test, entry("test_a")->position, 1);
	KUNIT_EXPECT_EQ(test, entry("test_b")->position, 2);
}

/* int hooks: every module in boot order; the first result other than the default wins. */
static void stacker_dispatch_first_denial_wins(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, getpgid_with(0, 0), 0);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "ab");
	KUNIT_EXPECT_EQ(test, getpgid_with(-EACCES, -EPERM), -EACCES);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "a");
	KUNIT_EXPECT_EQ(test, getpgid_with(0, -EPERM), -EPERM);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "ab");
}

/* void hooks: every module, in order. */
static void stacker_dispatch_void_hook(struct kunit *test)
{
	u32 secid;

	security_cred_getsecid(current_cred(), &secid);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "xy");
}

/*
 * A hook switched on at run time is called after every other function of its hook, though
 * test_a registered it before test_b's: while it is off, the calls after it still happen (the
 * loop ends at a hook's first slot that is off), and once on, it comes last.
 */
static void stacker_dispatch_runtime_hooks_last(struct kunit *test)
{
	u32 secid;
	int i;

	KUNIT_EXPECT_EQ(test, security_task_getsid(current), 0);
	security_current_getsecid_subj(&secid);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "by");

	memset(&stacker_test_ctl.trace, 0, sizeof(stacker_test_ctl.trace));
	stacker_test_ctl.trace_len = 0;
	for (i = 0; i < ARRAY_SIZE(stacker_test_a_runtime_hooks); i++)
		security_toggle_hook(&stacker_test_a_runtime_hooks[i], true);
	KUNIT_EXPECT_EQ(test, security_task_getsid(current), 0);
	security_current_getsecid_subj(&secid);
	for (i = 0; i < ARRAY_SIZE(stacker_test_a_runtime_hooks); i++)
		security_toggle_hook(&stacker_test_a_runtime_hooks[i], false);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "bayx");
}

/* Alloc hooks: both modules attach values, and the free hooks see them before they go. */
static void stacker_dispatch_alloc_free(struct kunit *test)
{
	struct cred *cred = kzalloc(sizeof(*cred), GFP_KERNEL);
	struct stacker_test_value *a, *b;

	KUNIT_ASSERT_NOT_NULL(test, cred);
	KUNIT_ASSERT_EQ(test, security_cred_alloc_blank(cred, GFP_KERNEL), 0);
	a = security_get_value(cred->security, STACKER_CRED, &stacker_test_values[0]);
	b = security_get_value(cred->security, STACKER_CRED, &stacker_test_values[1]);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_EQ(test, a->magic, STACKER_TEST_MAGIC);
	KUNIT_EXPECT_EQ(test, b->magic, STACKER_TEST_MAGIC + 1);
	security_cred_free(cred);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "abAB");
	KUNIT_EXPECT_TRUE(test, stacker_test_ctl.freed_own_value[0]);
	KUNIT_EXPECT_TRUE(test, stacker_test_ctl.freed_own_value[1]);
	kfree(cred);
}

/*
 * Module k fails its alloc hook: the error comes back, and the free hooks run - the earlier
 * module's finds its value, which the stacker then frees with the blob.
 */
static void stacker_dispatch_alloc_unwinds(struct kunit *test)
{
	struct cred *cred = kzalloc(sizeof(*cred), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cred);
	stacker_test_ctl.alloc_rc[1] = -ENOMEM;
	KUNIT_EXPECT_EQ(test, security_cred_alloc_blank(cred, GFP_KERNEL), -ENOMEM);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "abAB");
	KUNIT_EXPECT_TRUE(test, stacker_test_ctl.freed_own_value[0]);
	KUNIT_EXPECT_FALSE(test, stacker_test_ctl.freed_own_value[1]);
	kfree(cred);
}

/* A permissive module's denial is counted, then the next module decides. */
static void stacker_dispatch_permissive(struct kunit *test)
{
	struct stacker_entry *a = entry("test_a");
	unsigned long before;

	KUNIT_ASSERT_NOT_NULL(test, a);
	before = stacker_denials(a);
	KUNIT_ASSERT_EQ(test, stacker_set_mode("test_a", STACKER_PERMISSIVE, NULL), 0);
	KUNIT_EXPECT_EQ(test, getpgid_with(-EACCES, 0), 0);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "ab");
	KUNIT_EXPECT_EQ(test, getpgid_with(-EACCES, -EPERM), -EPERM);
	KUNIT_EXPECT_EQ(test, stacker_denials(a), before + 2);
	/* A refused privilege is enforced even in permissive mode. */
	KUNIT_EXPECT_EQ(test, getpgid_with(-EPERM, 0), -EPERM);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "a");
	KUNIT_EXPECT_EQ(test, stacker_denials(a), before + 3);
	/* Only denials are softened: other errors still stop the chain. */
	KUNIT_EXPECT_EQ(test, getpgid_with(-ENOMEM, 0), -ENOMEM);
	KUNIT_EXPECT_STREQ(test, stacker_test_ctl.trace, "a");
	KUNIT_ASSERT_EQ(test, stacker_set_mode("test_a", STACKER_ENFORCING, NULL), 0);
	KUNIT_EXPECT_EQ(test, getpgid_with(-EACCES, 0), -EACCES);
	KUNIT_EXPECT_EQ(test, stacker_set_mode("capability", STACKER_PERMISSIVE, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, stacker_set_mode("bogus", STACKER_ENFORCING, NULL), -EINVAL);
}

static void count_calls(bool on)
{
	mutex_lock(&stacker_config_mutex);
	stacker_count_calls_set(on);
	mutex_unlock(&stacker_config_mutex);
}

/* Capability is registered once, by the stacker: one capability check, one call. */
static void stacker_dispatch_capability_once(struct kunit *test)
{
	struct stacker_entry *cap = entry("capability");
	unsigned long before, after;
	int slot, owners = 0;

	for (slot = 0; slot < MAX_LSM_COUNT; slot++) {
		const struct security_hook_list *hl = static_calls_table.capable[slot].hl;

		owners += hl && hl->lsmid->id == LSM_ID_CAPABILITY;
	}
	KUNIT_EXPECT_EQ(test, owners, 1);

	KUNIT_ASSERT_NOT_NULL(test, cap);
	count_calls(true);
	preempt_disable();
	before = stacker_calls(cap);
	ns_capable_noaudit(&init_user_ns, CAP_SYS_ADMIN);
	after = stacker_calls(cap);
	preempt_enable();
	count_calls(false);
	KUNIT_EXPECT_EQ(test, after - before, 1);
}

/*
 * While counting is on, each call of a slot counts once: at the hook's end for every slot
 * called, or up to the slot whose result ended it (a denial or another result), and a denial
 * that a permissive module's verdict dropped is not counted again at the end.
 */
static void stacker_dispatch_counts_each_slot_called(struct kunit *test)
{
	struct stacker_entry *a = entry("test_a"), *b = entry("test_b");
	unsigned long a0, b0, a1, b1;
	u32 secid;

	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_EQ(test, stacker_set_mode("test_a", STACKER_PERMISSIVE, NULL), 0);
	count_calls(true);
	preempt_disable();
	a0 = stacker_calls(a);
	b0 = stacker_calls(b);
	getpgid_with(-EACCES, 0);	/* dropped: a, b */
	security_cred_getsecid(current_cred(), &secid);	/* a void hook: a, b */
	getpgid_with(-EPERM, 0);	/* a denial ends it at a: a */
	getpgid_with(-ENOMEM, 0);	/* another result ends it at a: a */
	getpgid_with(0, -EPERM);	/* a denial ends it at b: a, b */
	getpgid_with(0, 0);		/* a, b */
	a1 = stacker_calls(a);
	b1 = stacker_calls(b);
	preempt_enable();
	count_calls(false);
	KUNIT_EXPECT_EQ(test, a1 - a0, 6);
	KUNIT_EXPECT_EQ(test, b1 - b0, 4);
}

/* Counting off, as shipped: a call is not counted. */
static void stacker_dispatch_calls_not_counted_when_off(struct kunit *test)
{
	struct stacker_entry *cap = entry("capability");
	unsigned long before, after;

	KUNIT_ASSERT_NOT_NULL(test, cap);
	KUNIT_ASSERT_FALSE(test, stacker_counting_calls());
	preempt_disable();
	before = stacker_calls(cap);
	ns_capable_noaudit(&init_user_ns, CAP_SYS_ADMIN);
	after = stacker_calls(cap);
	preempt_enable();
	KUNIT_EXPECT_EQ(test, after, before);
}

static struct kunit_case stacker_dispatch_cases[] = {
	KUNIT_CASE(stacker_dispatch_boot_order),
	KUNIT_CASE(stacker_dispatch_first_denial_wins),
	KUNIT_CASE(stacker_dispatch_void_hook),
	KUNIT_CASE(stacker_dispatch_runtime_hooks_last),
	KUNIT_CASE(stacker_dispatch_calls_not_counted_when_off),
	KUNIT_CASE(stacker_dispatch_alloc_free),
	KUNIT_CASE(stacker_dispatch_alloc_unwinds),
	KUNIT_CASE(stacker_dispatch_permissive),
	KUNIT_CASE(stacker_dispatch_capability_once),
	KUNIT_CASE(stacker_dispatch_counts_each_slot_called),
	{}
};

static struct kunit_suite stacker_dispatch_suite = {
	.name = "stacker_dispatch",
	.init = dispatch_init,
	.exit = dispatch_exit,
	.test_cases = stacker_dispatch_cases,
};

kunit_test_suite(stacker_dispatch_suite);
