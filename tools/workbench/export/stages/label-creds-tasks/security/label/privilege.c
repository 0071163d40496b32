// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: who may change labels and policy, and who passes label's checks anyway - CAP_MAC_ADMIN
 * and CAP_MAC_OVERRIDE as onlycap restricts them, relabel-self, the mac-override switch.
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/ratelimit.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

/**
 * struct label_set - a set of labels, never changed once made
 * @ref: references: the creds that hold it as their relabel-self set, or 1 for onlycap
 * @rcu: onlycap's set is freed after a grace period, its readers take no reference
 * @count: the number of labels
 * @labels: the labels, each once
 */
struct label_set {
	refcount_t ref;
	struct rcu_head rcu;
	unsigned int count;
	struct label *labels[] __counted_by(count);
};

/* The most labels a set holds: a page of one-byte labels and blanks. */
#define LABEL_SET_MAX (PAGE_SIZE / 2)

/*
 * onlycap: when set, only tasks of its labels may use CAP_MAC_ADMIN and CAP_MAC_OVERRIDE in
 * label's checks. Readers under RCU; replaced under label_onlycap_mutex, the old set freed after
 * a grace period. NULL: no restriction.
 */
static struct label_set __rcu *label_onlycap;

static bool set_has(const struct label_set *set, const struct label *label)
{
	unsigned int i;

	for (i = 0; i < set->count; i++)
		if (set->labels[i] == label)
			return true;
	return false;
}

/**
 * label_set_get() - take a reference to a set
 * @set: the set, or NULL
 *
 * Context: Any context.
 * Return: @set.
 */
struct label_set *label_set_get(struct label_set *set)
{
	if (set)
		refcount_inc(&set->ref);
	return set;
}

/**
 * label_set_put() - drop a reference to a set, freeing it with the last one
 * @set: the set, or NULL
 *
 * Context: Any context.
 */
void label_set_put(struct label_set *set)
{
	if (set && refcount_dec_and_test(&set->ref))
		kfree_rcu(set, rcu);
}

/**
 * label_set_has() - whether a set holds a label
 * @set: the set, or NULL (holds nothing)
 * @label: the label
 *
 * Context: Any context.
 * Return: true if @label is in @set.
 */
bool label_set_has(const struct label_set *set, const struct label *label)
{
	return set && set_has(set, label);
}

/**
 * label_onlycap_allows() - whether onlycap lets a cred's label use label's privileges
 * @cred: the cred
 *
 * Context: Any context.
 * Return: true when onlycap is empty or lists the label of @cred.
 */
bool label_onlycap_allows(const struct cred *cred)
{
	const struct label_set *set;
	bool ok;

	rcu_read_lock();
	set = rcu_dereference(label_onlycap);
	ok = !set || set_has(set, label_of_cred(cred));
	rcu_read_unlock();
	return ok;
}

/**
 * label_may_admin() - may the current task use CAP_MAC_ADMIN in label's checks?
 * @what: the operation, for the log line of a refusal
 * @rs: the log budget of this operation's refusals: a flood of one cannot hide another
 *
 * CAP_MAC_ADMIN counts only for a task whose label onlycap allows. Each refusal is logged,
 * ratelimited, as "<what> refused: ...".
 *
 * Context: Process context.
 * Return: 0, or -EPERM.
 */
int label_may_admin(const char *what, struct ratelimit_state *rs)
{
	char comm[STACKER_COMM_ESCAPED];
	const char *why;

	if (!label_onlycap_allows(current_cred()))
		why = "the caller's label is not in onlycap";
	else if (!capable(CAP_MAC_ADMIN))
		why = "the caller lacks CAP_MAC_ADMIN";
	else
		return 0;
	if (__ratelimit(rs))
		pr_notice("%s refused: %s: pid=%d comm=\"%s\"\n", what, why, task_pid_nr(current),
			  stacker_escaped_comm(comm));
	return -EPERM;
}

/**
 * label_may_relabel() - may the current task make a privileged label change?
 * @what: the change, for the log line of a refusal
 * @rs: the log budget of this change's refusals: a flood of one cannot hide another
 *
 * Setting a task's label through its attribute and setting or removing the module's extended
 * attributes need CAP_MAC_ADMIN (label_may_admin()), and are refused to everyone once the
 * policy is frozen. Each refusal is logged, ratelimited, as "<what> refused: ..." (the
 * freeze's as "policy frozen:").
 *
 * Context: Process context.
 * Return: 0, or -EPERM.
 */
int label_may_relabel(const char *what, struct ratelimit_state *rs)
{
	if (label_frozen())
		return label_refuse_frozen(what);
	return label_may_admin(what, rs);
}
