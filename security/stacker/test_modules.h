/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stacker: two test-only hosted modules that the KUnit suites drive through the real LSM
 * dispatch. They act only for the task named in stacker_test_ctl, so the rest of the kernel
 * never notices them.
 */
#ifndef _SECURITY_STACKER_TEST_MODULES_H
#define _SECURITY_STACKER_TEST_MODULES_H

#include <linux/lsm_hooks.h>
#include <linux/sched.h>
#include <linux/stacker.h>

#define STACKER_TEST_TRACE_MAX 16

/**
 * struct stacker_test_ctl - what the test modules do, and what they saw
 * @task: the only task the modules act for; NULL disarms them
 * @alloc_rc: result of each module's cred_alloc_blank hook
 * @getpgid_rc: result of each module's task_getpgid and task_getsid hooks
 * @freed_own_value: each module's cred_free hook found its value still attached
 * @trace: hook calls in order: 'a'/'b' alloc or check, 'A'/'B' free, 'x'/'y' void hook
 * @trace_len: characters in @trace
 */
struct stacker_test_ctl {
	struct task_struct *task;
	int alloc_rc[2];
	int getpgid_rc[2];
	bool freed_own_value[2];
	char trace[STACKER_TEST_TRACE_MAX + 1];
	int trace_len;
};

extern struct stacker_test_ctl stacker_test_ctl;

/* Test value kept by each test module on a cred. */
struct stacker_test_value {
	unsigned long magic;
};

#define STACKER_TEST_MAGIC 0x57ac4e7UL

/*
 * test_a's hooks switched on at run time, off at boot: task_getsid ('a'), current_getsecid_subj
 * ('x'). test_b has both too, always on.
 */
extern struct security_hook_list stacker_test_a_runtime_hooks[2];

/* The value ids of test_a (inline) and test_b (list id 1). */
extern const struct stacker_value_id stacker_test_values[2];

#endif /* _SECURITY_STACKER_TEST_MODULES_H */
