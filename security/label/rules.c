// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the rule set, a hash table keyed by (subject, object) label pointers.
 *
 * Lookups are lock-free under RCU and O(1) expected (rhashtable). Writers hold label_rules_mutex.
 * Rules are never removed: loading "S O -" sets a rule's access to none, and a rule with no
 * access is the same as no rule, so a half-finished load that only added empty rules changes
 * no decision.
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/mutex.h>
#include <linux/rhashtable.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

struct label_rule_key {
	const struct label *subject;
	const struct label *object;
};

/**
 * struct label_rule - the access one subject label has to one object label
 * @node: entry in label_rules (RCU)
 * @key: the pair of labels
 * @access: LABEL_MAY_* bits; written with WRITE_ONCE() under label_rules_mutex
 * @loaded: set once a load has given the rule a value; only loaded rules are listed
 * @list: entry in label_rule_list, in load order, under label_rules_mutex
 */
struct label_rule {
	struct rhash_head node;
	struct label_rule_key key;
	u32 access;
	bool loaded;
	struct list_head list;
};

static const struct rhashtable_params label_rule_params = {
	.key_len = sizeof(struct label_rule_key),
	.key_offset = offsetof(struct label_rule, key),
	.head_offset = offsetof(struct label_rule, node),
	.automatic_shrinking = false,
	/* Start with room for a policy of a few thousand rules; the table grows from there. */
	.nelem_hint = 2048,
};

static struct rhashtable label_rules;
static LIST_HEAD(label_rule_list);
static DEFINE_MUTEX(label_rules_mutex);
/*
 * Set once, by label_freeze(), under label_rules_mutex, and never cleared: rule loads check it
 * under the mutex, so no load starts after the freeze; other readers use label_frozen().
 */
static bool label_policy_frozen;

/**
 * label_rule_access() - the access a rule gives a subject to an object
 * @subject: the subject's label
 * @object: the object's label
 *
 * Context: Any context; lock-free.
 * Return: LABEL_MAY_* bits, 0 when there is no rule.
 */
u32 label_rule_access(const struct label *subject, const struct label *object)
{
	struct label_rule_key key = { subject, object };
	struct label_rule *rule;
	u32 access = 0;

	rcu_read_lock();
	rule = rhashtable_lookup(&label_rules, &key, label_rule_params);
	if (rule)
		access = READ_ONCE(rule->access);
	rcu_read_unlock();
	return access;
}

/* The rule of a pair, added with no access if it is new. */
static struct label_rule *rule_get(const struct label *subject, const struct label *object)
{
	struct label_rule_key key = { subject, object };
	struct label_rule *rule, *old;

	lockdep_assert_held(&label_rules_mutex);
	/* Loads mostly add rules: allocate first, and hash the pair once. */
	rule = kzalloc(sizeof(*rule), GFP_KERNEL);
	if (!rule)
		return ERR_PTR(-ENOMEM);
	rule->key = key;
	old = rhashtable_lookup_get_insert_fast(&label_rules, &rule->node, label_rule_params);
	if (!old) {
		list_add_tail(&rule->list, &label_rule_list);
		return rule;
	}
	kfree(rule);
	return IS_ERR(old) ? ERR_CAST(old) : old;
}

#define LOAD_ON_STACK 8

struct load_ctx {
	struct label_rule **rules;
	u32 *access;
};

/* Intern a line's labels and find or add its rule, for the commit that follows. */
static int prepare_line(struct load_ctx *load, int n, const struct label_rule_text *r)
{
	struct label *subject, *object;
	struct label_rule *rule;

	subject = label_intern(r->subject, r->subject_len);
	if (IS_ERR(subject))
		return PTR_ERR(subject);
	object = label_intern(r->object, r->object_len);
	if (IS_ERR(object))
		return PTR_ERR(object);
	rule = rule_get(subject, object);
	if (IS_ERR(rule))
		return PTR_ERR(rule);
	load->rules[n] = rule;
	load->access[n] = r->access;
	return 0;
}

/*
 * Parse every line of a load and prepare its rule. Preparing changes no decision (labels are
 * interned, new rules are added with no access), so a bad line found half way only stops the
 * load before its commit. Return: the number of rule lines, or -errno.
 */
static int prepare_lines(char *text, size_t len, struct load_ctx *load)
{
	char *p = text, *end = text + len;
	int n = 0, lineno = 0, rc;

	while (p < end) {
		char *nl = memchr(p, '\n', end - p);
		size_t line_len = (nl ?: end) - p;
		struct label_rule_text r;

		lineno++;
		if (line_len) {
			if (label_parse_rule(p, line_len, &r)) {
				pr_notice("load: line %d is not \"subject object access\": nothing loaded\n",
					  lineno);
				return -EINVAL;
			}
			rc = prepare_line(load, n, &r);
			if (rc)
				return rc;
			n++;
		}
		p += line_len + 1;
	}
	return n;
}

/**
 * label_load_rules() - load a batch of rules, all or nothing
 * @text: lines "subject object access"; empty lines are skipped. Not NUL-terminated.
 * @len: length of @text
 *
 * Every line is checked before any rule's access changes. A later rule for a pair replaces an
 * earlier one, within the batch too. Labels are interned, and new rules added with no access,
 * as the lines are prepared: a bad line or a failed allocation half way leaves them (they
 * change no decision) and changes no access.
 *
 * Context: Process context; takes label_rules_mutex.
 * Return: the number of rules loaded; -EINVAL for a malformed line, -ENOMEM.
 */
int label_load_rules(char *text, size_t len)
{
	/* Room for small loads, the usual one rule per write, without allocating. */
	struct label_rule *rules[LOAD_ON_STACK];
	u32 access[LOAD_ON_STACK];
	struct load_ctx load = { rules, access };
	int i, n, lines = 1;
	char *p = text, *end = text + len;

	/* At most one rule per line: size the arrays without parsing twice. */
	while ((p = memchr(p, '\n', end - p)) && ++p < end)
		lines++;
	if (lines > LOAD_ON_STACK) {
		load.rules = kvmalloc_array(lines, sizeof(*load.rules), GFP_KERNEL);
		load.access = kvmalloc_array(lines, sizeof(*load.access), GFP_KERNEL);
		if (!load.rules || !load.access) {
			n = -ENOMEM;
			goto out_free;
		}
	}

	mutex_lock(&label_rules_mutex);
	if (label_policy_frozen) {
		n = label_refuse_frozen("rule load");
		goto out_unlock;
	}
	n = prepare_lines(text, len, &load);
	for (i = 0; i < n; i++) {
		WRITE_ONCE(load.rules[i]->access, load.access[i]);
		load.rules[i]->loaded = true;
	}
out_unlock:
	mutex_unlock(&label_rules_mutex);
out_free:
	if (load.rules != rules) {
		kvfree(load.rules);
		kvfree(load.access);
	}
	return n;
}

/**
 * label_frozen() - whether the policy is frozen until reboot
 *
 * Context: Any context.
 * Return: true once label_freeze() has succeeded.
 */
bool label_frozen(void)
{
	return READ_ONCE(label_policy_frozen);
}

/**
 * label_refuse_frozen() - refuse a change the freeze forbids, and say so
 * @what: the change, for the log line
 *
 * Context: Any context a hook runs in; the log line is ratelimited.
 * Return: -EPERM.
 */
int label_refuse_frozen(const char *what)
{
	pr_notice_ratelimited("policy frozen: %s refused: pid=%d comm=\"%s\"\n", what,
			      task_pid_nr(current), current->comm);
	return -EPERM;
}

/**
 * label_may_relabel() - may the current task make a privileged label change?
 * @what: the change, for the log line if the freeze refuses it
 *
 * Setting a task's label through its attribute and setting or removing the module's extended
 * attributes need CAP_MAC_ADMIN, and are refused to everyone once the policy is frozen.
 *
 * Context: Process context.
 * Return: 0, or -EPERM.
 */
int label_may_relabel(const char *what)
{
	if (label_frozen())
		return label_refuse_frozen(what);
	return capable(CAP_MAC_ADMIN) ? 0 : -EPERM;
}

/**
 * label_freeze() - freeze the policy until reboot
 *
 * From now on rule loads, privileged relabelling (task labels, the module's extended
 * attributes), the syslog label and the trusted file systems cannot change. What the policy
 * already says keeps working, exec transitions included.
 *
 * Context: Process context; takes label_rules_mutex.
 * Return: 0, or -EPERM if the policy is frozen already.
 */
int label_freeze(void)
{
	int rc = 0;

	mutex_lock(&label_rules_mutex);
	if (label_policy_frozen)
		rc = -EPERM;
	WRITE_ONCE(label_policy_frozen, true);
	mutex_unlock(&label_rules_mutex);
	if (!rc)
		pr_notice("policy frozen until reboot\n");
	return rc;
}

/**
 * label_rules_show() - list the rules, one "subject object access" per line, in load order
 * @m: where to write
 *
 * Context: Process context; takes label_rules_mutex.
 */
void label_rules_show(struct seq_file *m)
{
	struct label_rule *rule;
	char access[5];

	mutex_lock(&label_rules_mutex);
	list_for_each_entry(rule, &label_rule_list, list) {
		if (!rule->loaded)
			continue;
		label_access_to_string(rule->access, access);
		seq_printf(m, "%s %s %s\n", rule->key.subject->name, rule->key.object->name,
			   access);
	}
	mutex_unlock(&label_rules_mutex);
}

/**
 * label_rules_init() - set up the empty rule table
 *
 * Context: Boot.
 * Return: 0, or a negative errno.
 */
int __init label_rules_init(void)
{
	return rhashtable_init(&label_rules, &label_rule_params);
}
