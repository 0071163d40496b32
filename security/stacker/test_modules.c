// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: test-only hosted modules "test_a" (inline value) and "test_b" (list value).
 */

#include "stacker.h"
#include "test_modules.h"

#include <linux/cred.h>
#include <linux/lsm_hooks.h>

struct stacker_test_ctl stacker_test_ctl;

static bool armed(void)
{
	return READ_ONCE(stacker_test_ctl.task) == current;
}

static void trace(char c)
{
	if (stacker_test_ctl.trace_len < STACKER_TEST_TRACE_MAX)
		stacker_test_ctl.trace[stacker_test_ctl.trace_len++] = c;
}

/*
 * test_a keeps its value inline (on inodes too, where the framework's rcu_head comes first, so
 * the layout's rebasing shows), test_b on the cred's value list.
 */
static struct lsm_blob_sizes test_a_blobs __ro_after_init = {
	.lbs_cred = sizeof(struct stacker_test_value),
	.lbs_inode = sizeof(struct stacker_test_value),
};

static struct lsm_blob_sizes test_b_blobs __ro_after_init = {
	.lbs_cred = sizeof(struct stacker_test_value),
};

const struct stacker_value_id stacker_test_values[2] = {
	{ .blobs = &test_a_blobs },
	{ .blobs = &test_b_blobs, .list = 1 },
};

static int test_alloc(int which, struct cred *cred, gfp_t gfp)
{
	struct stacker_test_value *v;

	if (!armed())
		return 0;
	trace('a' + which);
	if (stacker_test_ctl.alloc_rc[which])
		return stacker_test_ctl.alloc_rc[which];
	v = security_attach_value(cred->security, STACKER_CRED, &stacker_test_values[which], gfp);
	if (!v)
		return -ENOMEM;
	v->magic = STACKER_TEST_MAGIC + which;
	return 0;
}

static void test_free(int which, struct cred *cred)
{
	struct stacker_test_value *v;

	if (!armed())
		return;
	trace('A' + which);
	v = security_get_value(cred->security, STACKER_CRED, &stacker_test_values[which]);
	stacker_test_ctl.freed_own_value[which] = v && v->magic == STACKER_TEST_MAGIC + which;
}

static int test_getpgid(int which)
{
	if (!armed())
		return 0;
	trace('a' + which);
	return stacker_test_ctl.getpgid_rc[which];
}

static void test_getsecid(int which)
{
	if (armed())
		trace('x' + which);
}

static int a_cred_alloc_blank(struct cred *cred, gfp_t gfp)
{
	return test_alloc(0, cred, gfp);
}

static void a_cred_free(struct cred *cred)
{
	test_free(0, cred);
}

static int a_task_getpgid(struct task_struct *p)
{
	return test_getpgid(0);
}

static void a_cred_getsecid(const struct cred *c, u32 *secid)
{
	test_getsecid(0);
}

static int b_cred_alloc_blank(struct cred *cred, gfp_t gfp)
{
	return test_alloc(1, cred, gfp);
}

static void b_cred_free(struct cred *cred)
{
	test_free(1, cred);
}

static int b_task_getpgid(struct task_struct *p)
{
	return test_getpgid(1);
}

static void b_cred_getsecid(const struct cred *c, u32 *secid)
{
	test_getsecid(1);
}

static int a_task_getsid(struct task_struct *p)
{
	return test_getpgid(0);
}

static void a_current_getsecid_subj(u32 *secid)
{
	test_getsecid(0);
}

static int b_task_getsid(struct task_struct *p)
{
	return test_getpgid(1);
}

static void b_current_getsecid_subj(u32 *secid)
{
	test_getsecid(1);
}

/*
 * Off at boot, registered by test_a's init function before any hook of test_b's: the framework
 * must keep them after test_b's all the same.
 */
struct security_hook_list stacker_test_a_runtime_hooks[2] __ro_after_init = {
	{ .scalls = static_calls_table.task_getsid, .hook = { .task_getsid = a_task_getsid },
	  .runtime = true },
	{ .scalls = static_calls_table.current_getsecid_subj,
	  .hook = { .current_getsecid_subj = a_current_getsecid_subj }, .runtime = true },
};

static struct security_hook_list test_a_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(cred_alloc_blank, a_cred_alloc_blank),
	LSM_HOOK_INIT(cred_free, a_cred_free),
	LSM_HOOK_INIT(task_getpgid, a_task_getpgid),
	LSM_HOOK_INIT(cred_getsecid, a_cred_getsecid),
};

static struct security_hook_list test_b_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(cred_alloc_blank, b_cred_alloc_blank),
	LSM_HOOK_INIT(cred_free, b_cred_free),
	LSM_HOOK_INIT(task_getpgid, b_task_getpgid),
	LSM_HOOK_INIT(cred_getsecid, b_cred_getsecid),
	LSM_HOOK_INIT(task_getsid, b_task_getsid),
	LSM_HOOK_INIT(current_getsecid_subj, b_current_getsecid_subj),
};

/* Not user-space ABI: these ids exist only in test kernels. */
static const struct lsm_id test_a_lsmid = { .name = "test_a", .id = 1000 };
static const struct lsm_id test_b_lsmid = { .name = "test_b", .id = 1001 };

static int __init test_a_init(void)
{
	security_add_hooks(stacker_test_a_runtime_hooks, ARRAY_SIZE(stacker_test_a_runtime_hooks),
			   &test_a_lsmid);
	return 0;
}

DEFINE_STACKER_MODULE(test_a) = {
	.name = "test_a",
	.lsmid = &test_a_lsmid,
	.init = test_a_init,
	.hooks = test_a_hooks,
	.hooks_count = ARRAY_SIZE(test_a_hooks),
	.values = &stacker_test_values[0],
	.flags = STACKER_MODULE_NAMED_ONLY,
};

DEFINE_STACKER_MODULE(test_b) = {
	.name = "test_b",
	.lsmid = &test_b_lsmid,
	.hooks = test_b_hooks,
	.hooks_count = ARRAY_SIZE(test_b_hooks),
	.values = &stacker_test_values[1],
	.flags = STACKER_MODULE_NAMED_ONLY,
};
