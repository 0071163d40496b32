// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: test-only hosted modules "test_a" (fixed value slot) and "test_b" (list value).
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

static struct hlist_head *cred_values(const struct cred *cred)
{
	return stacker_values(cred->security, stacker_blob_sizes.lbs_cred);
}

static int test_alloc(int which, unsigned int id, struct cred *cred, gfp_t gfp)
{
	struct stacker_test_value *v;

	if (!armed())
		return 0;
	trace('a' + which);
	if (stacker_test_ctl.alloc_rc[which])
		return stacker_test_ctl.alloc_rc[which];
	v = stacker_attach_value(cred_values(cred), id, STACKER_CRED, gfp);
	if (!v)
		return -ENOMEM;
	v->magic = STACKER_TEST_MAGIC + which;
	return 0;
}

static void test_free(int which, unsigned int id, struct cred *cred)
{
	struct stacker_test_value *v;

	if (!armed())
		return;
	trace('A' + which);
	v = security_get_value(cred_values(cred), id);
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
	return test_alloc(0, STACKER_ID_TEST_A, cred, gfp);
}

static void a_cred_free(struct cred *cred)
{
	test_free(0, STACKER_ID_TEST_A, cred);
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
	return test_alloc(1, STACKER_ID_TEST_B, cred, gfp);
}

static void b_cred_free(struct cred *cred)
{
	test_free(1, STACKER_ID_TEST_B, cred);
}

static int b_task_getpgid(struct task_struct *p)
{
	return test_getpgid(1);
}

static void b_cred_getsecid(const struct cred *c, u32 *secid)
{
	test_getsecid(1);
}

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
};

/* Not user-space ABI: these ids exist only in test kernels. */
static const struct lsm_id test_a_lsmid = { .name = "test_a", .id = 1000 };
static const struct lsm_id test_b_lsmid = { .name = "test_b", .id = 1001 };

DEFINE_STACKER_MODULE(test_a) = {
	.name = "test_a",
	.id = STACKER_ID_TEST_A,
	.lsmid = &test_a_lsmid,
	.hooks = test_a_hooks,
	.hooks_count = ARRAY_SIZE(test_a_hooks),
	.value_size[STACKER_CRED] = sizeof(struct stacker_test_value),
};

DEFINE_STACKER_MODULE(test_b) = {
	.name = "test_b",
	.id = STACKER_ID_TEST_B,
	.lsmid = &test_b_lsmid,
	.hooks = test_b_hooks,
	.hooks_count = ARRAY_SIZE(test_b_hooks),
	.value_size[STACKER_CRED] = sizeof(struct stacker_test_value),
};
