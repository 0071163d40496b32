// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: user namespaces. Each one keeps its creator's label. The kernel gives every capability
 * in a user namespace, and over the namespaces it owns, to its owner's uid from outside it: a
 * task of another label uses them - joins it with setns(), enters its network namespace, acts
 * on what it owns - only as it may attach to a task of the creator's label (rw).
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/cred.h>
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
 * A capability over @ns that @cred holds from outside it: from its own user namespace, an
 * ancestor of @ns, as the kernel gives every capability there to the owner of each namespace
 * below, or to any task with it in an ancestor. Each namespace from @ns up to the caller's own
 * was made by the caller's label, or by one whose tasks it may attach to. A task of @ns itself
 * is inside already: it entered through this check, or was made there.
 */
static int capable_from_outside(const struct cred *cred, const struct user_namespace *ns,
				unsigned int opts)
{
	const struct user_namespace *own = cred->user_ns, *p;
	const struct label *subject = label_of_cred(cred);

	for (p = ns; p->level > own->level; p = p->parent)
		;
	if (p != own)
		return 0;	/* Not below the caller's: the kernel gives nothing there. */
	for (p = ns; p != own; p = p->parent) {
		const struct label *creator = creator_of(p);
		const struct label *object = label_held(creator);
		u32 rw = LABEL_MAY_READ | LABEL_MAY_WRITE;

		if (creator == subject)
			continue;
		if (opts & CAP_OPT_NOAUDIT) {
			if (label_decide(subject, object, rw) && !label_opener_overrides(cred))
				return -EPERM;
		} else if (label_check_opener(cred, object, rw, "capable", NULL)) {
			return -EPERM;
		}
	}
	return 0;
}

static int hook_capable(const struct cred *cred, struct user_namespace *ns, int cap,
			unsigned int opts)
{
	if (likely(ns == cred->user_ns))
		return 0;
	return capable_from_outside(cred, ns, opts);
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
