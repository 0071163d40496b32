// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: tasks seen as objects - signals, process groups, scheduling, limits, ptrace, perf and
 * /proc/<pid>/. A task carries its cred's label: reading about a task needs r, changing it w.
 */

#include "label.h"

#include <linux/perf_event.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/security.h>

/* Check @subject against @task's label. */
static int task_check(const struct label *subject, struct task_struct *task, u32 access,
		      const char *hook)
{
	return label_check(subject, label_of_task(task), access, hook, NULL);
}

static int current_task_check(const struct task_struct *task, u32 access, const char *hook)
{
	return label_check_current(label_of_task(task), access, hook, NULL);
}

static int hook_task_kill(struct task_struct *p, struct kernel_siginfo *info, int sig,
			  const struct cred *cred)
{
	if (!sig)
		return 0;
	/* @cred is set for signals sent on another task's behalf (USB async I/O). */
	if (cred)
		return task_check(label_of_cred(cred), p, LABEL_MAY_WRITE, "task_kill");
	return current_task_check(p, LABEL_MAY_WRITE, "task_kill");
}

static int hook_task_setpgid(struct task_struct *p, pid_t pgid)
{
	return current_task_check(p, LABEL_MAY_WRITE, "task_setpgid");
}

static int hook_task_getpgid(struct task_struct *p)
{
	return current_task_check(p, LABEL_MAY_READ, "task_getpgid");
}

static int hook_task_getsid(struct task_struct *p)
{
	return current_task_check(p, LABEL_MAY_READ, "task_getsid");
}

/* Another task's capability sets, which capget() reads, are about it: r. */
static int hook_capget(const struct task_struct *target, kernel_cap_t *effective,
		       kernel_cap_t *inheritable, kernel_cap_t *permitted)
{
	if (target == current)
		return 0;
	return current_task_check(target, LABEL_MAY_READ, "capget");
}

static int hook_task_setnice(struct task_struct *p, int nice)
{
	return current_task_check(p, LABEL_MAY_WRITE, "task_setnice");
}

static int hook_task_setioprio(struct task_struct *p, int ioprio)
{
	return current_task_check(p, LABEL_MAY_WRITE, "task_setioprio");
}

static int hook_task_getioprio(struct task_struct *p)
{
	return current_task_check(p, LABEL_MAY_READ, "task_getioprio");
}

static int hook_task_setscheduler(struct task_struct *p)
{
	return current_task_check(p, LABEL_MAY_WRITE, "task_setscheduler");
}

static int hook_task_getscheduler(struct task_struct *p)
{
	return current_task_check(p, LABEL_MAY_READ, "task_getscheduler");
}

static int hook_task_movememory(struct task_struct *p)
{
	return current_task_check(p, LABEL_MAY_WRITE, "task_movememory");
}

/* prlimit() on another task: reading its limits needs r, setting them w. */
static int hook_task_prlimit(const struct cred *cred, const struct cred *tcred,
			     unsigned int flags)
{
	u32 access = 0;

	if (flags & LSM_PRLIMIT_READ)
		access |= LABEL_MAY_READ;
	if (flags & LSM_PRLIMIT_WRITE)
		access |= LABEL_MAY_WRITE;
	if (!access)
		return 0;
	return label_check(label_of_cred(cred), label_of_cred(tcred), access, "task_prlimit",
			   NULL);
}

/*
 * The files of /proc/<pid>/ carry the task's label, so reading them needs r on the task and
 * writing them w. Its directories stay "_": their names say nothing of the task, and looking
 * a file up in them then needs no x on the task. They record the task's pid all the same, for
 * the files below them that task_to_inode does not see (fs.c, task_dir_file()).
 */
static void hook_task_to_inode(struct task_struct *p, struct inode *inode)
{
	struct label_inode *li = label_inode(inode);

	struct pid *pid;

	if (WARN_ON_ONCE(!li))
		return;
	/* Set once, at the first of the lookups and revalidations that may race here. */
	if (!READ_ONCE(li->task)) {
		pid = get_task_pid(p, PIDTYPE_PID);
		if (cmpxchg(&li->task, NULL, pid))
			put_pid(pid);
	}
	if (!S_ISDIR(inode->i_mode))
		WRITE_ONCE(li->obj.label, &label_task_file);
}

/* No task has it and no rule names it: a name label_name_valid() refuses. */
struct label label_task_file = { .len = 5, .name = "-task" };

/**
 * label_task_file_object() - the label a check decides a file of /proc/<pid>/ against
 * @object: the label the check was given for its object
 * @inode: the object's inode, or NULL
 *
 * For label_task_file, the task's label at this access: a descriptor opened while the task had
 * another label is decided against the one it has now; a floor task's is "_sysctl"
 * (label_held()). To the task itself (its thread group)
 * the file is "*": it may open its own files again whatever its label. Once the task is gone,
 * label_task_file, which only "^" reads. Any other @object is returned as it is.
 *
 * Context: Any context a check runs in, RCU path walk included.
 * Return: The label to decide against.
 */
const struct label *label_task_file_object(const struct label *object,
					   const struct inode *inode)
{
	const struct label_inode *li = inode ? label_inode(inode) : NULL;
	struct task_struct *task;

	if (object != &label_task_file || !li)
		return object;
	rcu_read_lock();
	task = pid_task(READ_ONCE(li->task), PIDTYPE_PID);
	if (task && same_thread_group(task, current))
		object = label_star;
	else if (task)
		object = label_held(label_of_cred(__task_cred(task)));
	rcu_read_unlock();
	return object;
}

/* Reading a task through ptrace_may_access() (/proc, kcmp) needs r; attaching needs rw. */
static u32 ptrace_access(unsigned int mode)
{
	return mode & PTRACE_MODE_ATTACH ? LABEL_MAY_READ | LABEL_MAY_WRITE : LABEL_MAY_READ;
}

static int hook_ptrace_access_check(struct task_struct *child, unsigned int mode)
{
	return label_check_current(label_held(label_of_task(child)), ptrace_access(mode),
				   "ptrace_access_check", NULL);
}

static int hook_ptrace_traceme(struct task_struct *parent)
{
	return label_check(label_of_task(parent), label_held(label_of_task(current)),
			   LABEL_MAY_READ | LABEL_MAY_WRITE, "ptrace_traceme", NULL);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * A perf event on another task reads it, as ptrace in read mode would: perf_event_open's own
 * hook does not see the task, and perf skips its ptrace check for perfmon_capable() callers.
 * One that sends the task SIGTRAP when it fires (sigtrap) signals it too: w, as kill() asks.
 * Events a fork inherits are allocated by the parent for a child of its label.
 */
static int hook_perf_event_alloc(struct perf_event *event)
{
	struct task_struct *target = event->hw.target;
	u32 access = LABEL_MAY_READ;

	if (!target || target == current)
		return 0;
	if (event->attr.sigtrap)
		access |= LABEL_MAY_WRITE;
	return current_task_check(target, access, "perf_event_alloc");
}

/*
 * Reading an event, mapping its ring buffer, or any command on it (PERF_EVENT_IOC_SET_OUTPUT
 * sends its samples into another event's buffer) reads its task again: a rule removed since
 * the event was opened, or a label the task took since, stops them, whoever holds the
 * descriptor now. Samples keep coming into a ring buffer mapped before, as any mapping stays.
 * An event with no task (a whole CPU) was opened by an unconfined task, and is used by one
 * alone.
 */
static int perf_event_check(const struct perf_event *event, const char *hook)
{
	struct task_struct *target = event->hw.target;

	if (!target)
		return label_check_unconfined(hook);
	if (target == current)
		return 0;
	return current_task_check(target, LABEL_MAY_READ, hook);
}

static int hook_perf_event_read(struct perf_event *event)
{
	return perf_event_check(event, "perf_event_read");
}

/**
 * label_perf_file_check() - decide a command on a descriptor, if it is a perf event's
 * @file: the descriptor
 * @hook: the hook asking, for the log
 *
 * Context: Process context.
 * Return: 0 if allowed or not a perf event, -EACCES if not.
 */
int label_perf_file_check(struct file *file, const char *hook)
{
	const struct perf_event *event = perf_get_event(file);

	return IS_ERR(event) ? 0 : perf_event_check(event, hook);
}

/*
 * An event on a whole CPU, one that counts or samples the kernel, or a tracepoint's raw data
 * sees every label's tasks at once: no rule can name them, so only an unconfined task opens
 * one. perf asks after its own checks passed (perfmon_capable(), which CAP_SYS_ADMIN also
 * gives, or a lenient perf_event_paranoid); an event on one task's user space is
 * PERF_SECURITY_OPEN, decided against that task by perf_event_alloc.
 */
static int hook_perf_event_open(int type)
{
	if (type == PERF_SECURITY_OPEN)
		return 0;
	return label_check_unconfined("perf_event_open");
}
#endif

#ifdef CONFIG_WATCH_QUEUE
/* A notification is a message to the watcher: w from the task that causes it. */
static int hook_post_notification(const struct cred *w_cred, const struct cred *cred,
				  struct watch_notification *n)
{
	if (!cred)
		return 0;
	return label_check(label_of_cred(cred), label_of_cred(w_cred), LABEL_MAY_WRITE,
			   "post_notification", NULL);
}
#endif

#ifdef CONFIG_IO_URING
/*
 * An io_uring personality runs a request with credentials registered earlier, possibly by
 * another task of the ring: acting with another label's credentials is a label change, which
 * only /proc/self/attr/label/current (with CAP_MAC_ADMIN) makes.
 */
static int hook_uring_override_creds(const struct cred *new)
{
	return label_check_same(label_of_current(), label_of_cred(new), "uring_override_creds");
}
#endif

static struct security_hook_list label_task_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(task_kill, hook_task_kill),
	LSM_HOOK_INIT(task_setpgid, hook_task_setpgid),
	LSM_HOOK_INIT(task_getpgid, hook_task_getpgid),
	LSM_HOOK_INIT(task_getsid, hook_task_getsid),
	LSM_HOOK_INIT(capget, hook_capget),
	LSM_HOOK_INIT(task_setnice, hook_task_setnice),
	LSM_HOOK_INIT(task_setioprio, hook_task_setioprio),
	LSM_HOOK_INIT(task_getioprio, hook_task_getioprio),
	LSM_HOOK_INIT(task_setscheduler, hook_task_setscheduler),
	LSM_HOOK_INIT(task_getscheduler, hook_task_getscheduler),
	LSM_HOOK_INIT(task_movememory, hook_task_movememory),
	LSM_HOOK_INIT(task_prlimit, hook_task_prlimit),
	LSM_HOOK_INIT(task_to_inode, hook_task_to_inode),
	LSM_HOOK_INIT(ptrace_access_check, hook_ptrace_access_check),
	LSM_HOOK_INIT(ptrace_traceme, hook_ptrace_traceme),
#ifdef CONFIG_PERF_EVENTS
	LSM_HOOK_INIT(perf_event_alloc, hook_perf_event_alloc),
	LSM_HOOK_INIT(perf_event_open, hook_perf_event_open),
	LSM_HOOK_INIT(perf_event_read, hook_perf_event_read),
#endif
#ifdef CONFIG_WATCH_QUEUE
	LSM_HOOK_INIT(post_notification, hook_post_notification),
#endif
#ifdef CONFIG_IO_URING
	LSM_HOOK_INIT(uring_override_creds, hook_uring_override_creds),
#endif
};

/**
 * label_add_task_hooks() - register the hooks on tasks as objects
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_task_hooks(void)
{
	label_add_hooks(label_task_hooks, ARRAY_SIZE(label_task_hooks));
}
