// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: user namespaces. Each one keeps its creator's label. The kernel gives every capability
 * in a user namespace, and over the namespaces it owns, to its owner's uid from outside it: a
 * task of another label uses them - joins it with setns(), enters its network namespace, acts
 * on what it owns, and, once in it, anything - only as it may attach to a task of the
 * creator's label (rw).
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/sched.h>
#include <linux/user_namespace.h>

/* The label of the task that made @ns, the floor without one; @ns is not the initial one. */
static const struct label *creator_of(const struct user_namespace *ns)
{
	return label_of_obj(security_get_value(ns->security, STACKER_USER_NS, &label_values));
}

static int hook_userns_alloc_security(struct user_namespace *ns, const struct cred *cred)
{
	return label_obj_init(security_attach_value(ns->security, STACKER_USER_NS, &label_values,
						    GFP_KERNEL), label_of_cred(cred));
}

/*
 * Capabilities over the tasks of a user namespace below the caller's that label's task hooks
 * decide on each use, on the task's own label: ptrace and the reading of /proc/<pid>/
 * (ptrace_access_check: r, or rw to attach), signals (task_kill: w), scheduling and limits
 * (task_setnice, task_prlimit...: w). Asking rw of the namespace's creator too would refuse
 * what a rule grants on the task. In the caller's own namespace they also open its limits
 * (/proc/sys/user/), and are decided as any other.
 */
static bool decided_on_the_task(int cap)
{
	return cap == CAP_SYS_PTRACE || cap == CAP_KILL || cap == CAP_SYS_NICE ||
	       cap == CAP_SYS_RESOURCE;
}

/*
 * @cred's label may use capabilities over a namespace @creator made: its own label, or one
 * whose tasks it may attach to (rw; rw to _sysctl for the floor's). A probe the kernel makes
 * without an audit record, or outside a task (a netlink broadcast's listeners), is answered
 * without a record, and without override. A refusal is a denial of label's (-EACCES), which a
 * permissive label lets pass.
 */
static int creator_check(const struct cred *cred, const struct label *subject,
			 const struct label *creator, unsigned int opts)
{
	const struct label *object = label_held(creator);
	u32 rw = LABEL_MAY_READ | LABEL_MAY_WRITE;

	if (creator == subject)
		return 0;
	if ((opts & CAP_OPT_NOAUDIT) || !in_task())
		return label_decide(subject, object, rw) ? -EACCES : 0;
	return label_check_opener(cred, object, rw, "capable", NULL);
}

/*
 * A capability over @ns, at or below @cred's own user namespace: the kernel gives every
 * capability over the namespaces below one's own to the owner of each, from outside, and to
 * any task with it in an ancestor. Each namespace from @ns up to the initial one, the caller's
 * own and its ancestors included, was made by the caller's label or one it may attach to: a
 * task of another label is in a namespace only by joining it (a change of label in a user
 * namespace is refused, exec labels are ignored there), and keeps its capabilities there, and
 * in the namespaces it makes there, only while its rule does.
 */
static int userns_check(const struct cred *cred, const struct user_namespace *ns,
			unsigned int opts)
{
	const struct user_namespace *own = cred->user_ns, *p;
	const struct label *subject = label_of_cred(cred);
	int rc;

	for (p = ns; p->level > own->level; p = p->parent)
		;
	if (p != own)
		return 0;	/* Not at or below the caller's: the kernel gives nothing there. */
	for (p = ns; p != &init_user_ns; p = p->parent) {
		rc = creator_check(cred, subject, creator_of(p), opts);
		if (rc)
			return rc;
	}
	return 0;
}

/*
 * The kernel's own threads act for the kernel, in whichever namespace they serve (the RPC
 * client binding a reserved port in a container's network namespace for its NFS mount); not
 * for the credentials of a descriptor they check (a netlink listener's).
 */
static int hook_capable(const struct cred *cred, struct user_namespace *ns, int cap,
			unsigned int opts)
{
	if (likely(ns == &init_user_ns) ||
	    ((current->flags & PF_KTHREAD) && cred == current_cred()) ||
	    (decided_on_the_task(cap) && ns != cred->user_ns))
		return 0;
	return userns_check(cred, ns, opts);
}

static struct security_hook_list label_userns_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(userns_alloc_security, hook_userns_alloc_security),
	LSM_HOOK_INIT(capable, hook_capable),
};

/**
 * label_add_userns_hooks() - register the user namespace hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_userns_hooks(void)
{
	label_add_hooks(label_userns_hooks, ARRAY_SIZE(label_userns_hooks));
}
