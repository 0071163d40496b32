// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the rule set, a hash table keyed by (subject, object) label pointers.
 *
 * Lookups are lock-free under RCU and O(1) expected. Writers hold the set's mutex.
 * Rules are never removed: loading "S O -" or revoking a subject sets a rule's access to none,
 * and a rule with no access is the same as no rule, so a half-finished load that only added
 * empty rules changes no decision. The module's set is label_rules; tests load sets of their
 * own.
 */

#include "label.h"

#include <kunit/static_stub.h>
#include <linux/error-injection.h>
#include <linux/hash.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

/**
 * struct label_rule - the access one subject label has to one object label
 * @next: the next rule of its chain, in each of two tables: a table chains its rules through
 *	next[gen] (see struct label_rule_table)
 * @subject: the subject label
 * @object: the object label
 * @access: LABEL_MAY_* bits; written with WRITE_ONCE() under the set's mutex
 * @loaded: set once a load has given the rule a value; only loaded rules are listed
 * @list: entry in the set's list, in creation order, under the set's mutex
 */
struct label_rule {
	struct label_rule __rcu *next[2];
	const struct label *subject;
	const struct label *object;
	u32 access;
	bool loaded;
	struct list_head list;
};

/**
 * struct label_rule_table - one generation of a rule set's hash table
 * @rcu: frees the table a grace period after a bigger one replaced it
 * @gen: which of each rule's next[] links chains this table
 * @mask: the number of buckets, a power of two, minus one
 * @buckets: the chains, each read under RCU and changed only under the set's mutex
 *
 * Rules are only added, at the head of a chain, with rcu_assign_pointer() once initialized.
 * When a set holds as many rules as its table has buckets, an insert first replaces the table
 * by one twice the size: the writer chains every rule into the new table through the other
 * link, while readers still walk the old one through theirs, then publishes it. The links the
 * new table takes last chained the table before the old one, which readers may still walk
 * until a grace period has passed since it was replaced: until then the table does not grow
 * (poll_state_synchronize_rcu(); a writer never waits), and its chains grow longer for a
 * while. A rule moves in a few instructions, where rhashtable took about 300 a rule to grow
 * through a load of 17,000 rules.
 */
struct label_rule_table {
	struct rcu_head rcu;
	unsigned int gen;
	unsigned int mask;
	struct label_rule __rcu *buckets[];
};

/**
 * struct label_rule_block - rules allocated together: a load adds a rule in a few instructions
 *	where an allocation of its own took hundreds (and rounded it up to 64 bytes)
 * @list: entry in the set's blocks, the newest first, under the set's mutex
 * @used: the rules of @rules handed out, from the first
 * @rules: RULES_PER_BLOCK rules, uninitialized until handed out
 */
struct label_rule_block {
	struct list_head list;
	unsigned int used;
	struct label_rule rules[];
};

#define RULES_PER_BLOCK \
	((PAGE_SIZE - sizeof(struct label_rule_block)) / sizeof(struct label_rule))

/* Room for a policy of a few thousand rules before the first growth: 32 KiB. */
#define RULES_FIRST_BUCKETS 4096

/*
 * A pair's hash: its two label pointers (unique, never freed) mixed by multiplication, a dozen
 * instructions. No seed: only CAP_MAC_ADMIN adds rules, and the labels' addresses are the
 * kernel's, so no one can aim a load at one chain.
 */
static inline u32 rule_hash(const struct label *subject, const struct label *object)
{
	return hash_64(((unsigned long)subject * GOLDEN_RATIO_64) ^ (unsigned long)object, 32);
}

/* The rule of a pair in @t, or NULL; under RCU, or with the set's mutex held. */
static __always_inline struct label_rule *rule_find(struct label_ruleset *set,
						    const struct label_rule_table *t,
						    const struct label *subject,
						    const struct label *object)
{
	struct label_rule *rule;

	rule = rcu_dereference_check(t->buckets[rule_hash(subject, object) & t->mask],
				     lockdep_is_held(&set->mutex));
	for (; rule; rule = rcu_dereference_check(rule->next[t->gen],
						  lockdep_is_held(&set->mutex)))
		if (rule->subject == subject && rule->object == object)
			return rule;
	return NULL;
}

static struct label_rule_table *table_alloc(unsigned int buckets, unsigned int gen)
{
	struct label_rule_table *t = kvzalloc(struct_size(t, buckets, buckets), GFP_KERNEL);

	if (t) {
		t->gen = gen;
		t->mask = buckets - 1;
	}
	return t;
}

/* The module's rule set, which every decision reads. Its table is set up by label_rules_init(). */
static struct label_ruleset label_rules = {
	.list = LIST_HEAD_INIT(label_rules.list),
	.blocks = LIST_HEAD_INIT(label_rules.blocks),
	.mutex = __MUTEX_INITIALIZER(label_rules.mutex),
	.names = &label_table,
};

/* The lookup, inlined into label_rule_access() on the module's set, whose address is constant. */
static __always_inline u32 ruleset_access(struct label_ruleset *set, const struct label *subject,
					  const struct label *object)
{
	struct label_rule *rule;
	u32 access = 0;

	rcu_read_lock();
	rule = rule_find(set, rcu_dereference(set->table), subject, object);
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
 * The hot path of every decision that needs a rule: a hash, a load of the table and a walk of
 * a chain of about one rule, with no call. Where label's KUnit tests are built, a test may
 * redirect its own task's lookups to a rule set of its own (a static branch not taken
 * otherwise); elsewhere, CONFIG_KUNIT=m included, the redirection is not compiled in.
 *
 * Context: Any context; lock-free.
 * Return: LABEL_MAY_* bits, 0 when there is no rule.
 */
u32 label_rule_access(const struct label *subject, const struct label *object)
{
#if IS_ENABLED(CONFIG_SECURITY_LABEL_KUNIT_TEST)
	KUNIT_STATIC_STUB_REDIRECT(label_rule_access, subject, object);
#endif
	return ruleset_access(&label_rules, subject, object);
}

#if IS_ENABLED(CONFIG_SECURITY_LABEL_KUNIT_TEST)
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
#endif

/*
 * Replace a full table by one twice its size (struct label_rule_table), once no reader can
 * walk the table before it. If that cannot be allocated the old one stays: its chains grow
 * longer, and every rule is still found.
 */
static void table_grow(struct label_ruleset *set, struct label_rule_table *old)
{
	struct label_rule_table *new = table_alloc((old->mask + 1) * 2, !old->gen);
	struct label_rule __rcu **bucket;
	struct label_rule *rule;

	if (!new)
		return;
	list_for_each_entry(rule, &set->list, list) {
		bucket = &new->buckets[rule_hash(rule->subject, rule->object) & new->mask];
		RCU_INIT_POINTER(rule->next[new->gen], rcu_dereference_protected(*bucket, true));
		RCU_INIT_POINTER(*bucket, rule);
	}
	rcu_assign_pointer(set->table, new);
	set->retired = start_poll_synchronize_rcu();
	kvfree_rcu(old, rcu);
}

/* Room for a new rule, uninitialized: NULL if a block cannot be allocated. */
static struct label_rule *rule_alloc(struct label_ruleset *set)
{
	struct label_rule_block *block;

	block = list_first_entry_or_null(&set->blocks, struct label_rule_block, list);
	if (!block || block->used == RULES_PER_BLOCK) {
		block = kmalloc(struct_size(block, rules, RULES_PER_BLOCK), GFP_KERNEL);
		if (!block)
			return NULL;
		block->used = 0;
		list_add(&block->list, &set->blocks);
	}
	return &block->rules[block->used++];
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
	struct label_rule_table *t;
	struct label_rule __rcu **bucket;
	struct label_rule *rule;

	lockdep_assert_held(&set->mutex);
	t = rcu_dereference_protected(set->table, lockdep_is_held(&set->mutex));
	rule = rule_find(set, t, subject, object);
	if (rule)
		return rule;
	rule = rule_alloc(set);
	if (!rule)
		return ERR_PTR(-ENOMEM);
	rule->subject = subject;
	rule->object = object;
	rule->access = 0;
	rule->loaded = false;
	if (set->count > t->mask && poll_state_synchronize_rcu(set->retired)) {
		table_grow(set, t);
		t = rcu_dereference_protected(set->table, lockdep_is_held(&set->mutex));
	}
	bucket = &t->buckets[rule_hash(subject, object) & t->mask];
	RCU_INIT_POINTER(rule->next[!t->gen], NULL);
	RCU_INIT_POINTER(rule->next[t->gen],
			 rcu_dereference_protected(*bucket, lockdep_is_held(&set->mutex)));
	rcu_assign_pointer(*bucket, rule);
	set->count++;
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
		if (rule->subject != subject || !rule->access)
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
	char comm[STACKER_COMM_ESCAPED];

	pr_notice_ratelimited("policy frozen: %s refused: pid=%d comm=\"%s\"\n", what,
			      task_pid_nr(current), stacker_escaped_comm(comm));
	return -EPERM;
}

/**
 * label_policy_change_begin() - hold the freeze off while a policy change is applied
 * @what: the change, for the log line if the policy is frozen
 *
 * A policy file checks the freeze before it reads what is written, which may take any time (a
 * page fault on a FUSE file or a userfaultfd region): its change is then applied between this
 * and label_policy_change_end(), under the rule set's mutex, which the freeze takes, so that it
 * lands before the freeze or not at all, as a rule load does.
 *
 * Context: Process context; returns with the rule set's mutex held, unless it fails.
 * Return: 0, or -EPERM if the policy is frozen.
 */
int label_policy_change_begin(const char *what)
{
	mutex_lock(&label_rules.mutex);
	if (label_rules.frozen) {
		mutex_unlock(&label_rules.mutex);
		return label_refuse_frozen(what);
	}
	return 0;
}

/**
 * label_policy_change_end() - the change that label_policy_change_begin() allowed is applied
 *
 * Context: Process context; releases the rule set's mutex.
 */
void label_policy_change_end(void)
{
	mutex_unlock(&label_rules.mutex);
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
		seq_printf(m, "%s %s %s\n", rule->subject->name, rule->object->name,
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

#if IS_ENABLED(CONFIG_SECURITY_LABEL_KUNIT_TEST)
/**
 * label_ruleset_shape() - the size of a set's table and its longest chain, for the tests
 * @set: the rule set
 * @buckets: set to the number of buckets
 * @longest: set to the length of the longest chain
 *
 * Context: Process context; takes the set's mutex.
 */
void label_ruleset_shape(struct label_ruleset *set, unsigned int *buckets, unsigned int *longest)
{
	struct label_rule_table *t;
	struct label_rule *rule;
	unsigned int i, len;

	mutex_lock(&set->mutex);
	t = rcu_dereference_protected(set->table, lockdep_is_held(&set->mutex));
	*buckets = t->mask + 1;
	*longest = 0;
	for (i = 0; i <= t->mask; i++) {
		len = 0;
		for (rule = rcu_dereference_protected(t->buckets[i], true); rule;
		     rule = rcu_dereference_protected(rule->next[t->gen], true))
			len++;
		*longest = max(*longest, len);
	}
	mutex_unlock(&set->mutex);
}
#endif

/* A set's first, empty table. */
static int ruleset_table_init(struct label_ruleset *set)
{
	struct label_rule_table *t = table_alloc(RULES_FIRST_BUCKETS, 0);

	if (!t)
		return -ENOMEM;
	RCU_INIT_POINTER(set->table, t);
	set->count = 0;
	set->retired = get_completed_synchronize_rcu();
	return 0;
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
	int rc = ruleset_table_init(set);

	if (rc)
		return rc;
	INIT_LIST_HEAD(&set->list);
	INIT_LIST_HEAD(&set->blocks);
	mutex_init(&set->mutex);
	set->frozen = false;
	set->names = names;
	return 0;
}

#if IS_ENABLED(CONFIG_SECURITY_LABEL_KUNIT_TEST)
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
	struct label_rule_block *block, *next;

	kvfree(rcu_dereference_protected(set->table, true));
	list_for_each_entry_safe(block, next, &set->blocks, list)
		kfree(block);
	mutex_destroy(&set->mutex);
}
#endif

/**
 * label_rules_init() - set up the empty rule table
 *
 * Context: Boot.
 * Return: 0, or a negative errno.
 */
int __init label_rules_init(void)
{
	return ruleset_table_init(&label_rules);
}
