// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the rule set, a hash table keyed by (subject, object) label pointers.
 *
 * Lookups are lock-free under RCU and O(1) expected (rhashtable). Writers hold the set's mutex.
 * Rules are never removed: loading "S O -" or revoking a subject sets a rule's access to none,
 * and a rule with no access is the same as no rule, so a half-finished load that only added
 * empty rules changes no decision. The module's set is label_rules; tests load sets of their
 * own.
 */

#include "label.h"

#include <linux/error-injection.h>
#include <linux/hash.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
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
 * @node: entry in the rules of its struct label_ruleset (RCU)
 * @key: the pair of labels
 * @access: LABEL_MAY_* bits; written with WRITE_ONCE() under the set's mutex
 * @loaded: set once a load has given the rule a value; only loaded rules are listed
 * @list: entry in the set's list, in creation order, under the set's mutex
 */
struct label_rule {
	struct rhash_head node;
	struct label_rule_key key;
	u32 access;
	bool loaded;
	struct list_head list;
};

/*
 * A pair's hash: its two label pointers (unique, never freed) mixed by multiplication, with the
 * table's seed, which rhashtable changes when it rehashes a table whose chains grew too long.
 * A dozen instructions where jhash2() of the 16-byte key takes about forty: every decision that
 * needs a rule hashes its pair once, and every load line once or twice.
 */
static u32 rule_hash(const void *data, u32 len, u32 seed)
{
	const struct label_rule_key *key = data;
	u64 mix = ((unsigned long)key->subject ^ seed) * GOLDEN_RATIO_64;

	return hash_64(mix ^ (unsigned long)key->object, 32);
}

static const struct rhashtable_params label_rule_params = {
	.key_len = sizeof(struct label_rule_key),
	.key_offset = offsetof(struct label_rule, key),
	.head_offset = offsetof(struct label_rule, node),
	.hashfn = rule_hash,
	.automatic_shrinking = false,
	/* Start with room for a policy of a few thousand rules; the table grows from there. */
	.nelem_hint = 2048,
};

/* The module's rule set, which every decision reads. Its rules are set up by label_rules_init(). */
static struct label_ruleset label_rules = {
	.list = LIST_HEAD_INIT(label_rules.list),
	.mutex = __MUTEX_INITIALIZER(label_rules.mutex),
	.names = &label_table,
};

/* The lookup, inlined into label_rule_access() on the module's set, whose address is constant. */
static __always_inline u32 ruleset_access(struct label_ruleset *set, const struct label *subject,
					  const struct label *object)
{
	struct label_rule_key key = { subject, object };
	struct label_rule *rule;
	u32 access = 0;

	rcu_read_lock();
	rule = rhashtable_lookup(&set->rules, &key, label_rule_params);
	if (rule)
		access = READ_ONCE(rule->access);
	rcu_read_unlock();
	return access;
}

/**
 * label_rule_access() - the access a rule gives a subject to an object
 * @subject: the subject's label
 * @object: the object's label
 *
 * The hot path of every decision that needs a rule. Flattened: the rhashtable lookup is
 * inlined here even though label_ruleset_access() uses it too (which would otherwise make the
 * compiler call one out-of-line copy from both), so the lookup makes no call of its own but
 * memcmp() and, while the table is resized, rht_bucket_nested().
 *
 * Context: Any context; lock-free.
 * Return: LABEL_MAY_* bits, 0 when there is no rule.
 */
u32 __flatten label_rule_access(const struct label *subject, const struct label *object)
{
	return ruleset_access(&label_rules, subject, object);
}

/**
 * label_ruleset_access() - the access a rule of a set gives a subject to an object
 * @set: the rule set
 * @subject: the subject's label
 * @object: the object's label
 *
 * Context: Any context; lock-free.
 * Return: LABEL_MAY_* bits, 0 when @set has no rule for the pair.
 */
u32 label_ruleset_access(struct label_ruleset *set, const struct label *subject,
			 const struct label *object)
{
	return ruleset_access(set, subject, object);
}

/*
 * The rule of a pair, added with no access if it is new. Only the holder of the set's mutex
 * adds rules, so a pair not found cannot appear before the insert. It may allocate, so failing
 * at its entry is what a failed allocation does: fail_function can fail it.
 */
static noinline struct label_rule *rule_get(struct label_ruleset *set,
					    const struct label *subject,
					    const struct label *object)
{
	struct label_rule_key key = { subject, object };
	struct label_rule *rule;
	int rc;

	lockdep_assert_held(&set->mutex);
	rule = rhashtable_lookup_fast(&set->rules, &key, label_rule_params);
	if (rule)
		return rule;
	rule = kzalloc(sizeof(*rule), GFP_KERNEL);
	if (!rule)
		return ERR_PTR(-ENOMEM);
	rule->key = key;
	rc = rhashtable_insert_fast(&set->rules, &rule->node, label_rule_params);
	if (rc) {
		kfree(rule);
		return ERR_PTR(rc);
	}
	list_add_tail(&rule->list, &set->list);
	return rule;
}
ALLOW_ERROR_INJECTION(rule_get, ERRNO);

/* One line of a load: what it says, then the rule it changes once prepared. */
struct load_line {
	struct label_rule_text text;
	struct label_rule *rule;
};

/* Room for small loads, the usual one rule per write, without allocating. */
#define LOAD_ON_STACK 4

/* The most rule lines @text can hold: one more than its newlines. */
static int max_lines(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl;
	int n = 1;

	while ((nl = memchr(p, '\n', end - p))) {
		n++;
		p = nl + 1;
	}
	return n;
}

static int parse_line(const char *line, size_t len, enum label_rule_format format,
		      struct label_rule_text *r)
{
	int rc;

	if (format == LABEL_RULES_CHANGE)
		return label_parse_change_rule(line, len, r);
	rc = label_parse_rule(line, len, r);
	if (!rc && format == LABEL_RULES_SMACK)
		r->smack = true;
	return rc;
}

/*
 * Parse every line of a load into @lines, which has room for @room. A write to "load" that
 * reads as one rule in Smack's fixed-width form is that rule: it has Smack's meaning, which
 * never grants more than label's. Return: the number of rule lines; -EINVAL with the
 * malformed line's number (from 1) in @info; -ENOSPC when the lines do not fit.
 */
static int parse_lines(const char *text, size_t len, enum label_rule_format format,
		       struct load_line *lines, int room, struct label_load_info *info)
{
	const char *p = text, *end = text + len;
	struct label_rule_text *r = &lines[0].text;
	int n = 0, lineno = 0;

	if (format == LABEL_RULES_LOAD && !label_parse_fixed_rule(text, len, r)) {
		info->bringup = r->access & LABEL_MAY_BRINGUP;
		return 1;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t line_len = (nl ?: end) - p;

		lineno++;
		if (line_len) {
			if (n == room)
				return -ENOSPC;
			r = &lines[n].text;
			if (parse_line(p, line_len, format, r)) {
				info->bad_line = lineno;
				return -EINVAL;
			}
			if (r->access & LABEL_MAY_BRINGUP)
				info->bringup = true;
			n++;
		}
		p += line_len + 1;
	}
	return n;
}

/* Intern a parsed line's labels and find or add its rule, for the commit that follows. */
static int prepare_line(struct label_ruleset *set, struct load_line *line)
{
	const struct label_rule_text *r = &line->text;
	struct label *subject, *object;
	struct label_rule *rule;

	subject = label_names_intern_valid(set->names, r->subject, r->subject_len);
	if (IS_ERR(subject))
		return PTR_ERR(subject);
	object = label_names_intern_valid(set->names, r->object, r->object_len);
	if (IS_ERR(object))
		return PTR_ERR(object);
	rule = rule_get(set, subject, object);
	if (IS_ERR(rule))
		return PTR_ERR(rule);
	line->rule = rule;
	return 0;
}

/**
 * label_ruleset_load() - load a batch of rules into a set, all or nothing
 * @set: the rule set
 * @text: lines "subject object access" (for "change-rule", "subject object allow deny");
 *	empty lines are skipped. Not NUL-terminated.
 * @len: length of @text
 * @format: the language of @text
 * @info: set to the number (from 1) of the first malformed line, 0 if there is none, and
 *	whether a line had Smack's "b"
 *
 * Every line is parsed before anything changes: a malformed batch leaves no trace, not
 * even its labels. Lines apply in order (label_rule_apply()), so a later rule for a pair
 * replaces or changes an earlier one, within the batch too. Labels are interned, and new rules
 * added with no access, as the lines are prepared: an allocation that fails half way leaves
 * them (they change no decision) and changes no access. Nothing is logged: label_load_rules()
 * does that for the module's set.
 *
 * Context: Process context; takes the set's mutex.
 * Return: the number of rules loaded; -EINVAL for a malformed line, -EPERM if @set is frozen,
 * -ENOMEM.
 */
int label_ruleset_load(struct label_ruleset *set, char *text, size_t len,
		       enum label_rule_format format, struct label_load_info *info)
{
	/* Not zeroed under INIT_STACK_ALL_ZERO: a line is read only once parsed into. */
	struct load_line small[LOAD_ON_STACK] __uninitialized, *lines = small;
	int i, n, max;

	*info = (struct label_load_info){};
	n = parse_lines(text, len, format, lines, LOAD_ON_STACK, info);
	if (n == -ENOSPC) {
		/* A batch: count its lines, then parse it again into room for all of them. */
		max = max_lines(text, len);
		lines = kvmalloc_array(max, sizeof(*lines), GFP_KERNEL);
		if (!lines)
			return -ENOMEM;
		n = parse_lines(text, len, format, lines, max, info);
	}
	if (n < 0)
		goto out_free;

	mutex_lock(&set->mutex);
	if (set->frozen) {
		n = -EPERM;
		goto out_unlock;
	}
	for (i = 0; i < n; i++) {
		int rc = prepare_line(set, &lines[i]);

		if (rc) {
			n = rc;
			goto out_unlock;
		}
	}
	for (i = 0; i < n; i++) {
		struct label_rule *rule = lines[i].rule;

		WRITE_ONCE(rule->access, label_rule_apply(rule->access, &lines[i].text));
		rule->loaded = true;
	}
out_unlock:
	mutex_unlock(&set->mutex);
out_free:
	if (lines != small)
		kvfree(lines);
	return n;
}

/* Each format's file and the form of its lines, for the log. */
static const char *const format_file[__LABEL_RULES_MAX] = {
	[LABEL_RULES_LOAD] = "load",
	[LABEL_RULES_SMACK] = "load2",
	[LABEL_RULES_CHANGE] = "change-rule",
};

static const char *const format_line[__LABEL_RULES_MAX] = {
	[LABEL_RULES_LOAD] = "subject object access",
	[LABEL_RULES_SMACK] = "subject object access",
	[LABEL_RULES_CHANGE] = "subject object allow deny",
};

/**
 * label_load_rules() - load a batch of rules, all or nothing
 * @text: lines "subject object access" (for "change-rule", "subject object allow deny");
 *	empty lines are skipped. Not NUL-terminated.
 * @len: length of @text
 * @format: the language of @text
 *
 * As label_ruleset_load() into the module's rule set, logging a malformed line, a load
 * refused by the freeze, and the "b" label ignores.
 *
 * Context: Process context; takes the rule set's mutex.
 * Return: the number of rules loaded; -EINVAL for a malformed line, -EPERM once the policy is
 * frozen, -ENOMEM.
 */
int label_load_rules(char *text, size_t len, enum label_rule_format format)
{
	struct label_load_info info;
	int n = label_ruleset_load(&label_rules, text, len, format, &info);

	/* Not ratelimited: only CAP_MAC_ADMIN loads, and the line is what the loader needs. */
	if (info.bad_line)
		pr_notice("%s: line %d is not \"%s\": nothing loaded\n", format_file[format],
			  info.bad_line, format_line[format]);
	else if (n == -EPERM)
		label_refuse_frozen("rule load");
	else if (n > 0 && info.bringup)
		pr_notice_once("rule access \"b\" (Smack's bring-up mode) is ignored: label has no bring-up mode\n");
	return n;
}

/**
 * label_ruleset_revoke_subject() - take every access away from a subject label's rules
 * @set: the rule set
 * @name: the subject label, not necessarily NUL-terminated
 * @len: its length
 *
 * As Smack's "revoke-subject": the rules stay, with no access, and are listed with "-". An
 * unknown label has no rules: nothing changes.
 *
 * Context: Process context; takes the set's mutex.
 * Return: the number of rules revoked, -EINVAL for a malformed label, -EPERM if @set is frozen.
 */
int label_ruleset_revoke_subject(struct label_ruleset *set, const char *name, size_t len)
{
	struct label *subject;
	struct label_rule *rule;
	int n = 0;

	if (!label_name_valid(name, len))
		return -EINVAL;
	subject = label_names_find(set->names, name, len);
	mutex_lock(&set->mutex);
	if (set->frozen) {
		n = -EPERM;
		goto out_unlock;
	}
	list_for_each_entry(rule, &set->list, list) {
		if (rule->key.subject != subject || !rule->access)
			continue;
		WRITE_ONCE(rule->access, 0);
		n++;
	}
out_unlock:
	mutex_unlock(&set->mutex);
	return n;
}

/**
 * label_revoke_subject() - take every access away from a subject label's rules
 * @name: the subject label, not necessarily NUL-terminated
 * @len: its length
 *
 * As label_ruleset_revoke_subject() on the module's rule set, logging a refusal by the freeze.
 *
 * Context: Process context; takes the rule set's mutex.
 * Return: the number of rules revoked, -EINVAL for a malformed label, -EPERM once the policy
 * is frozen.
 */
int label_revoke_subject(const char *name, size_t len)
{
	int n = label_ruleset_revoke_subject(&label_rules, name, len);

	if (n == -EPERM)
		label_refuse_frozen("revoke-subject");
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
	return READ_ONCE(label_rules.frozen);
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
 * label_ruleset_freeze() - refuse every later load into a set
 * @set: the rule set
 *
 * Context: Process context; takes the set's mutex.
 * Return: 0, or -EPERM if @set is frozen already.
 */
int label_ruleset_freeze(struct label_ruleset *set)
{
	int rc = 0;

	mutex_lock(&set->mutex);
	if (set->frozen)
		rc = -EPERM;
	WRITE_ONCE(set->frozen, true);
	mutex_unlock(&set->mutex);
	return rc;
}

/**
 * label_freeze() - freeze the policy until reboot
 *
 * From now on rule loads, privileged relabelling (task labels, the module's extended
 * attributes), the syslog label and the trusted file systems cannot change. What the policy
 * already says keeps working, exec transitions included.
 *
 * Context: Process context; takes the rule set's mutex.
 * Return: 0, or -EPERM if the policy is frozen already.
 */
int label_freeze(void)
{
	int rc = label_ruleset_freeze(&label_rules);

	if (!rc)
		pr_notice("policy frozen until reboot\n");
	return rc;
}

/**
 * label_ruleset_show() - list the rules of a set, one "subject object access" per line
 * @set: the rule set
 * @m: where to write
 *
 * Each pair is listed once, where it was first created, with the access it was last loaded
 * with; pairs no load has given a value are left out.
 *
 * Context: Process context; takes the set's mutex.
 */
void label_ruleset_show(struct label_ruleset *set, struct seq_file *m)
{
	struct label_rule *rule;
	char access[LABEL_ACCESS_BUF];

	mutex_lock(&set->mutex);
	list_for_each_entry(rule, &set->list, list) {
		if (!rule->loaded)
			continue;
		label_access_to_string(rule->access, access);
		seq_printf(m, "%s %s %s\n", rule->key.subject->name, rule->key.object->name,
			   access);
	}
	mutex_unlock(&set->mutex);
}

/**
 * label_rules_show() - list the rules, one "subject object access" per line, in load order
 * @m: where to write
 *
 * Context: Process context; takes the rule set's mutex.
 */
void label_rules_show(struct seq_file *m)
{
	label_ruleset_show(&label_rules, m);
}

/**
 * label_ruleset_init() - set up an empty rule set
 * @set: the rule set
 * @names: the label table to intern the labels of its rules in
 *
 * Context: Process context.
 * Return: 0, or a negative errno.
 */
int label_ruleset_init(struct label_ruleset *set, struct label_names *names)
{
	int rc = rhashtable_init(&set->rules, &label_rule_params);

	if (rc)
		return rc;
	INIT_LIST_HEAD(&set->list);
	mutex_init(&set->mutex);
	set->frozen = false;
	set->names = names;
	return 0;
}

/**
 * label_ruleset_destroy() - free a rule set made by label_ruleset_init() and its rules
 * @set: the rule set
 *
 * Only for a set nothing uses any more: never the module's own. The labels stay in the set's
 * label table.
 *
 * Context: Process context.
 */
void label_ruleset_destroy(struct label_ruleset *set)
{
	struct label_rule *rule, *next;

	rhashtable_destroy(&set->rules);
	list_for_each_entry_safe(rule, next, &set->list, list)
		kfree(rule);
	mutex_destroy(&set->mutex);
}

/**
 * label_rules_init() - set up the empty rule table
 *
 * Context: Boot.
 * Return: 0, or a negative errno.
 */
int __init label_rules_init(void)
{
	return rhashtable_init(&label_rules.rules, &label_rule_params);
}
