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
static DEFINE_MUTEX(label_onlycap_mutex);

/* Whether CAP_MAC_OVERRIDE passes label's checks: written under the rule set's freeze rules. */
static bool label_mac_override;

static bool set_has(const struct label_set *set, const struct label *label)
{
	unsigned int i;

	for (i = 0; i < set->count; i++)
		if (set->labels[i] == label)
			return true;
	return false;
}

/**
 * label_set_parse() - make a set of labels from a list
 * @text: labels separated by blanks, at most one newline at the end; "-" or nothing for none
 * @len: length of @text
 *
 * Interns the labels. A label named twice is kept once.
 *
 * Context: Process context.
 * Return: the set, with one reference; NULL for none; ERR_PTR(-EINVAL) for a malformed list,
 * ERR_PTR(-ENOMEM).
 */
struct label_set *label_set_parse(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *name;
	struct label_set *set;
	struct label *label;
	unsigned int n = 0;
	size_t name_len;

	if (len && text[len - 1] == '\n')
		end--;
	if (end - p == 1 && *p == '-')
		return NULL;
	/* Every name is checked before any is interned. */
	while ((name_len = label_next_field(&p, end, &name))) {
		if (!label_name_valid(name, name_len))
			return ERR_PTR(-EINVAL);
		n++;
	}
	if (!n)
		return NULL;
	if (n > LABEL_SET_MAX)
		return ERR_PTR(-EINVAL);
	set = kzalloc(struct_size(set, labels, n), GFP_KERNEL);
	if (!set)
		return ERR_PTR(-ENOMEM);
	refcount_set(&set->ref, 1);
	for (p = text; (name_len = label_next_field(&p, end, &name));) {
		label = label_intern(name, name_len);
		if (IS_ERR(label)) {
			kfree(set);
			return ERR_CAST(label);
		}
		if (!set_has(set, label))
			set->labels[set->count++] = label;
	}
	return set;
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
 * label_set_show() - print a set's labels on one line, separated by spaces
 * @m: where to write
 * @set: the set, or NULL (prints nothing)
 *
 * Context: Any context.
 */
void label_set_show(struct seq_file *m, const struct label_set *set)
{
	unsigned int i;

	if (!set)
		return;
	for (i = 0; i < set->count; i++)
		seq_printf(m, "%s%s", i ? " " : "", set->labels[i]->name);
	seq_putc(m, '\n');
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
 * label_is_admin() - whether the current task may use CAP_MAC_ADMIN, without a log line
 *
 * As label_may_admin() decides, for a check that falls back to the rules when the task may
 * not: reading a label, the owner of a new mount. Neither logged nor audited.
 *
 * Context: Process context.
 * Return: true when onlycap allows the task's label and it has CAP_MAC_ADMIN.
 */
bool label_is_admin(void)
{
	return label_onlycap_allows(current_cred()) &&
	       ns_capable_noaudit(&init_user_ns, CAP_MAC_ADMIN);
}

/**
 * label_onlycap_set() - replace onlycap
 * @set: the new set, whose reference onlycap takes; NULL to lift the restriction
 *
 * Context: Process context; takes label_onlycap_mutex.
 */
void label_onlycap_set(struct label_set *set)
{
	struct label_set *old;

	mutex_lock(&label_onlycap_mutex);
	old = rcu_replace_pointer(label_onlycap, set, lockdep_is_held(&label_onlycap_mutex));
	mutex_unlock(&label_onlycap_mutex);
	label_set_put(old);
}

/**
 * label_onlycap_show() - print onlycap
 * @m: where to write
 *
 * Context: Process context.
 */
void label_onlycap_show(struct seq_file *m)
{
	rcu_read_lock();
	label_set_show(m, rcu_dereference(label_onlycap));
	rcu_read_unlock();
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
static int label_may_admin(const char *what, struct ratelimit_state *rs)
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
 * Setting a task's label through its attribute, setting or removing the module's extended
 * attributes, and for a confined task what would set labels too (a device node, which may be
 * the raw disk's, and a view of exec labels without nosuid) need CAP_MAC_ADMIN
 * (label_may_admin()), and are refused to everyone once the policy is frozen. Each refusal is
 * logged, ratelimited, as "<what> refused: ..." (the freeze's as "policy frozen:").
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

/**
 * label_mac_override_enabled() - whether CAP_MAC_OVERRIDE passes label's checks
 *
 * Context: Any context.
 * Return: the mac-override switch.
 */
bool label_mac_override_enabled(void)
{
	return READ_ONCE(label_mac_override);
}

/**
 * label_mac_override_set() - turn the mac-override switch on or off
 * @on: the new value
 *
 * Context: Any context; the caller checked the privilege and the freeze.
 */
void label_mac_override_set(bool on)
{
	WRITE_ONCE(label_mac_override, on);
	pr_notice("CAP_MAC_OVERRIDE %s label's checks\n", on ? "passes" : "no longer passes");
}

/**
 * label_overrides() - whether the current task passes a check it failed, by CAP_MAC_OVERRIDE
 *
 * Only with the mac-override switch on, for a task whose label onlycap allows. Not for a
 * caller in interrupt context, where current is not the subject.
 *
 * Context: Any context a hook of the current task runs in; capable() may audit.
 * Return: true if the denial is overridden.
 */
bool label_overrides(void)
{
	return label_mac_override_enabled() && in_task() &&
	       label_onlycap_allows(current_cred()) && capable(CAP_MAC_OVERRIDE);
}

/**
 * label_check_unconfined() - allow only a task label does not confine
 * @hook: the hook asking, for the log
 *
 * For what no rule can name, since the other party is not known where it is decided (a task's
 * memory opened as a file, an identifier other sockets may share): only a task of the floor,
 * which label does not confine in practice, or one that may override label.
 *
 * Context: Process context.
 * Return: 0 if allowed, -EACCES (logged) if not.
 */
int label_check_unconfined(const char *hook)
{
	if (label_overrides())
		return 0;
	return label_check_same(label_of_current(), label_floor, hook);
}

/**
 * label_opener_overrides() - whether a descriptor's opener passes a check it failed
 * @cred: the credentials the descriptor was opened with
 *
 * As label_overrides(), for the checks made again on each use of a descriptor with its
 * opener's credentials: an override that held at the open holds on each read and write.
 *
 * Context: Process context; security_capable() may audit.
 * Return: true if the denial is overridden.
 */
bool label_opener_overrides(const struct cred *cred)
{
	return label_mac_override_enabled() && in_task() && label_onlycap_allows(cred) &&
	       !security_capable(cred, &init_user_ns, CAP_MAC_OVERRIDE, CAP_OPT_NONE);
}
