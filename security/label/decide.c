// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the access decision, the one place where subject, object and rules meet.
 */

#include "label.h"

#include <linux/errno.h>
#include <linux/sched.h>

#define LABEL_MAY_READ_EXEC (LABEL_MAY_READ | LABEL_MAY_EXEC)

/* Read, execute or lock alone: what a hat subject may do to anything, anyone to the floor. */
static bool reads_or_locks(u32 access)
{
	return !(access & ~LABEL_MAY_READ_EXEC) || access == LABEL_MAY_LOCK;
}

/**
 * label_decide() - may a subject label access an object label
 * @subject: the subject's label
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 *
 * In this order: a star subject is denied; read and execute, or lock, are allowed to a hat
 * subject and on a floor object; a star object and an object of the subject's own label are
 * allowed; otherwise the rule for the pair must grant every requested bit, a rule's write
 * granting lock too. These are Smack's steps (but its "@" label, which label does not have).
 *
 * Context: Any context; lock-free.
 * Return: 0 if allowed, -EACCES if not.
 */
int label_decide(const struct label *subject, const struct label *object, u32 access)
{
	u32 may;

	if (subject == label_star)
		return -EACCES;
	if (reads_or_locks(access) && (subject == label_hat || object == label_floor))
		return 0;
	if (object == label_star || subject == object)
		return 0;
	may = label_rule_access(subject, object);
	if (may & LABEL_MAY_WRITE)
		may |= LABEL_MAY_LOCK;
	if ((may & access) == access)
		return 0;
	return -EACCES;
}

static void log_denial(const struct label *subject, const struct label *object, u32 access,
		       const char *hook, struct inode *inode)
{
	char requested[LABEL_ACCESS_BUF];

	label_access_to_string(access, requested);
	pr_notice_ratelimited("denied %s: subject=%s object=%s requested=%s ino=%lu pid=%d comm=\"%s\"\n",
			      hook, subject->name, object->name, requested,
			      inode ? inode->i_ino : 0, task_pid_nr(current), current->comm);
}

/**
 * label_check_slow() - decide what label_check() did not, and log a denial
 * @subject: the subject's label
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log, or NULL
 *
 * Context: Any context a hook runs in.
 * Return: 0 if allowed, -EACCES if not.
 */
int label_check_slow(const struct label *subject, const struct label *object, u32 access,
		     const char *hook, struct inode *inode)
{
	int rc = label_decide(subject, object, access);

	if (likely(!rc))
		return 0;
	log_denial(subject, object, access, hook, inode);
	return rc;
}

/**
 * label_check_current_slow() - decide what label_check_current() did not, and log a denial
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log, or NULL
 * @nonblock: the caller walks a path under RCU and may not block
 *
 * A denial passes when the current task may override it (label_overrides()). That asks
 * capable(), which may audit: under RCU path walk, with the mac-override switch on, a denial
 * returns -ECHILD instead, and the VFS asks again in ref-walk.
 *
 * Context: A hook of the current task.
 * Return: 0 if allowed, -EACCES if not, -ECHILD to be asked again without @nonblock.
 */
int label_check_current_slow(const struct label *object, u32 access, const char *hook,
			     struct inode *inode, bool nonblock)
{
	const struct label *subject = label_of_current();

	if (likely(!label_decide(subject, object, access)))
		return 0;
	if (label_mac_override_enabled()) {
		if (nonblock)
			return -ECHILD;
		if (label_overrides())
			return 0;
	}
	log_denial(subject, object, access, hook, inode);
	return -EACCES;
}

/**
 * label_check_same() - allow only a subject of one label, and log a denial
 * @subject: the subject's label
 * @allowed: the one label allowed
 * @hook: the hook asking, for the log
 *
 * For what no rule can grant: acting with another label's credentials, or reading the kernel
 * log when the administrator named the label that may.
 *
 * Context: Any context a hook runs in.
 * Return: 0 if @subject is @allowed, -EACCES if not.
 */
int label_check_same(const struct label *subject, const struct label *allowed, const char *hook)
{
	if (likely(subject == allowed))
		return 0;
	pr_notice_ratelimited("denied %s: subject=%s object=%s pid=%d comm=\"%s\"\n", hook,
			      subject->name, allowed->name, task_pid_nr(current), current->comm);
	return -EACCES;
}
