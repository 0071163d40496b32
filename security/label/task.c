// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: tasks seen as objects - signals and ptrace. A task carries its cred's label.
 */

#include "label.h"

#include <linux/ptrace.h>
#include <linux/sched.h>

/* Check @subject against @task's label. */
static int task_check(const struct label *subject, struct task_struct *task, u32 access,
		      const char *hook)
{
	struct label *object;

	rcu_read_lock();
	object = label_of_cred(__task_cred(task));
	rcu_read_unlock();
	return label_check(subject, object, access, hook, NULL);
}

static int hook_task_kill(struct task_struct *p, struct kernel_siginfo *info, int sig,
			  const struct cred *cred)
{
	if (!sig)
		return 0;
	/* @cred is set for signals sent on another task's behalf (SIGIO, USB). */
	return task_check(cred ? label_of_cred(cred) : label_of_current(), p, LABEL_MAY_WRITE,
			  "task_kill");
}

static int hook_ptrace_access_check(struct task_struct *child, unsigned int mode)
{
	return task_check(label_of_current(), child, LABEL_MAY_READ | LABEL_MAY_WRITE,
			  "ptrace_access_check");
}

static int hook_ptrace_traceme(struct task_struct *parent)
{
	struct label *tracer;

	rcu_read_lock();
	tracer = label_of_cred(__task_cred(parent));
	rcu_read_unlock();
	return task_check(tracer, current, LABEL_MAY_READ | LABEL_MAY_WRITE, "ptrace_traceme");
}

static struct security_hook_list label_task_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(task_kill, hook_task_kill),
	LSM_HOOK_INIT(ptrace_access_check, hook_ptrace_access_check),
	LSM_HOOK_INIT(ptrace_traceme, hook_ptrace_traceme),
};

/**
 * label_add_task_hooks() - register the signal and ptrace hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_task_hooks(void)
{
	label_add_hooks(label_task_hooks, ARRAY_SIZE(label_task_hooks));
}
