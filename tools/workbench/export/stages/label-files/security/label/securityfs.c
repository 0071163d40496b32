// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: /sys/kernel/security/label/ - load, load2, change-rule, revoke-subject, rules, access,
 * labels, syslog, trust, freeze, onlycap, relabel-self, mac-override, logging, and the network's
 * netlabel, ipv6host, ambient.
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

/* Largest write to "access": two labels, an access string, separators. */
#define LABEL_ACCESS_MAX (2 * LABEL_NAME_MAX + 8)

/*
 * One log budget per policy file for refused privilege: a flood of refused loads cannot hide a
 * refused trust. Malformed writes are logged under budgets of their own.
 */
static DEFINE_RATELIMIT_STATE(load_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(load2_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(change_rule_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(revoke_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(trust_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(mode_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);

/* Refuse a write to @file with -EPERM, logged under the file's budget @rs with the reason @why. */
static int refuse(struct file *file, struct ratelimit_state *rs, const char *why)
{
	char comm[STACKER_COMM_ESCAPED];

	if (__ratelimit(rs))
		pr_notice("write to %pD refused: %s: pid=%d comm=\"%s\"\n", file, why,
			  task_pid_nr(current), stacker_escaped_comm(comm));
	return -EPERM;
}

/*
 * Policy writes need CAP_MAC_ADMIN in both the opener and the writer, each with a label that
 * onlycap allows: a descriptor opened by root and passed to an unprivileged process grants
 * nothing, and neither does a privileged process writing through a descriptor an unprivileged
 * one opened. A writer with the opener's very credentials, as a loader writing what it opened,
 * gets the same answers twice: it is asked once. The syslog label, the trusted file systems,
 * onlycap, mac-override and the freeze itself are policy too: frozen with the rules.
 * may_administer() is the privilege half, may_change_policy() both halves.
 */
static int may_administer(struct file *file, struct ratelimit_state *rs)
{
	if (!label_onlycap_allows(file->f_cred))
		return refuse(file, rs, "its opener's label is not in onlycap");
	if (!file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN))
		return refuse(file, rs, "its opener lacks CAP_MAC_ADMIN");
	if (file->f_cred != current_cred()) {
		if (!label_onlycap_allows(current_cred()))
			return refuse(file, rs, "the writer's label is not in onlycap");
		if (!capable(CAP_MAC_ADMIN))
			return refuse(file, rs, "the writer lacks CAP_MAC_ADMIN");
	}
	return 0;
}

static int may_change_policy(struct file *file, struct ratelimit_state *rs, const char *what)
{
	int rc = may_administer(file, rs);

	if (rc)
		return rc;
	return label_frozen() ? label_refuse_frozen(what) : 0;
}

/**
 * label_may_change_mode() - may the writer of a stacker file change label's mode?
 * @file: the hosting stacker's "mode", "log" or "lock" file, being written
 * @change: what the write would change
 *
 * Making label permissive switches its policy off, and which of its denials are logged, and
 * the stacker's lock that fixes both, are label's policy too: refused by the rules of label's
 * own policy files (onlycap for the opener and the writer, CAP_MAC_ADMIN), and logged as they
 * are. A frozen policy refuses the mode and the log switch; not the lock, which then fixes
 * nothing the freeze has not: refusing it would only keep the stacker, and the other modules'
 * modes, open until reboot.
 *
 * Context: Process context.
 * Return: 0, or -EPERM.
 */
int label_may_change_mode(struct file *file, enum stacker_change change)
{
	if (change == STACKER_CHANGE_LOCK)
		return may_administer(file, &mode_refusals);
	return may_change_policy(file, &mode_refusals,
				 change == STACKER_CHANGE_LOG ? "log change" : "mode change");
}

/* A write to "load", "load2" or "change-rule": a batch of rules in @format, all or nothing. */
static ssize_t rules_write(struct file *file, const char __user *ubuf, size_t count,
			   loff_t *ppos, enum label_rule_format format)
{
	static struct ratelimit_state *const refusals[__LABEL_RULES_MAX] = {
		[LABEL_RULES_LOAD] = &load_refusals,
		[LABEL_RULES_SMACK] = &load2_refusals,
		[LABEL_RULES_CHANGE] = &change_rule_refusals,
	};
	/*
	 * One rule per write, as smackload does, needs no allocation for the text. Not zeroed
	 * under INIT_STACK_ALL_ZERO: only the bytes copied in are read, and zeroing all of it
	 * was a fifth of the instructions of a one-rule write.
	 */
	char small[LABEL_ACCESS_MAX] __uninitialized, *text = small;
	int rc;

	rc = may_change_policy(file, refusals[format], "rule load");
	if (rc)
		return rc;
	if (*ppos != 0 || count > LABEL_LOAD_MAX)
		return -EINVAL;
	if (count <= sizeof(small)) {
		if (copy_from_user(small, ubuf, count))
			return -EFAULT;
	} else {
		text = vmemdup_user(ubuf, count);
		if (IS_ERR(text))
			return PTR_ERR(text);
	}
	rc = label_load_rules(text, count, format);
	if (text != small)
		kvfree(text);
	return rc < 0 ? rc : count;
}

static ssize_t load_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	return rules_write(file, ubuf, count, ppos, LABEL_RULES_LOAD);
}

static ssize_t load2_write(struct file *file, const char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	return rules_write(file, ubuf, count, ppos, LABEL_RULES_SMACK);
}

static ssize_t change_rule_write(struct file *file, const char __user *ubuf, size_t count,
				 loff_t *ppos)
{
	return rules_write(file, ubuf, count, ppos, LABEL_RULES_CHANGE);
}

/* "revoke-subject": a label, with or without a newline, whose rules all lose their access. */
static ssize_t revoke_subject_write(struct file *file, const char __user *ubuf, size_t count,
				    loff_t *ppos)
{
	char buf[LABEL_NAME_MAX + 1];
	size_t len = count;
	int rc;

	rc = may_change_policy(file, &revoke_refusals, "revoke-subject");
	if (rc)
		return rc;
	if (*ppos != 0 || count == 0 || count > sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (buf[len - 1] == '\n')
		len--;
	rc = label_revoke_subject(buf, len);
	return rc < 0 ? rc : count;
}

/*
 * "trust": a path whose file system is marked trusted for exec transitions. Neither an empty
 * path, which kern_path() resolves to the writer's working directory, nor one a NUL byte cuts
 * short names the file system meant.
 */
static ssize_t trust_write(struct file *file, const char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	char comm[STACKER_COMM_ESCAPED];
	size_t len = count;
	char *name;
	int rc;

	rc = may_change_policy(file, &trust_refusals, "trust");
	if (rc)
		return rc;
	if (*ppos != 0 || count == 0 || count > PATH_MAX)
		return -EINVAL;
	name = memdup_user_nul(ubuf, count);
	if (IS_ERR(name))
		return PTR_ERR(name);
	if (name[len - 1] == '\n')
		name[--len] = '\0';
	if (!len || strlen(name) != len) {
		pr_notice_ratelimited("write to trust refused: %s: pid=%d comm=\"%s\"\n",
				      len ? "the path holds a NUL byte" : "empty path",
				      task_pid_nr(current), stacker_escaped_comm(comm));
		rc = -EINVAL;
	} else {
		rc = label_trust_path(name);
	}
	kfree(name);
	return rc ?: count;
}

static int rules_show(struct seq_file *m, void *v)
{
	label_rules_show(m);
	return 0;
}

static int labels_show(struct seq_file *m, void *v)
{
	label_table_show(m);
	return 0;
}

/*
 * Stand-ins for labels that were never interned, so that "access" creates none: an unknown label
 * is not special, has no rules and equals only itself.
 */
static const struct label unknown_subject, unknown_object;

/*
 * "access": a write "subject object access", or one rule in Smack's fixed-width form, is
 * answered by the next read, "1" or "0".
 */
static ssize_t access_write(struct file *file, const char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	const struct label *subject, *object;
	struct label_rule_text r;
	size_t len = count;
	char *buf;

	if (*ppos != 0 || count == 0 || count > LABEL_ACCESS_MAX)
		return -EINVAL;
	buf = simple_transaction_get(file, ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (label_parse_fixed_rule(buf, len, &r)) {
		if (buf[len - 1] == '\n')
			len--;
		if (memchr(buf, '\0', len) || label_parse_rule(buf, len, &r))
			return -EINVAL;
	}
	subject = label_find(r.subject, r.subject_len) ?: &unknown_subject;
	if (r.subject_len == r.object_len && !memcmp(r.subject, r.object, r.subject_len))
		object = subject;
	else
		object = label_find(r.object, r.object_len) ?: &unknown_object;
	buf[0] = label_decide(subject, object, r.access) ? '0' : '1';
	buf[1] = '\n';
	simple_transaction_set(file, 2);
	return count;
}
DEFINE_SHOW_ATTRIBUTE(rules);
DEFINE_SHOW_ATTRIBUTE(labels);

static const struct file_operations load_fops = {
	.write = load_write,
	.llseek = noop_llseek,
};

static const struct file_operations load2_fops = {
	.write = load2_write,
	.llseek = noop_llseek,
};

static const struct file_operations change_rule_fops = {
	.write = change_rule_write,
	.llseek = noop_llseek,
};

static const struct file_operations revoke_subject_fops = {
	.write = revoke_subject_write,
	.llseek = noop_llseek,
};

static const struct file_operations trust_fops = {
	.write = trust_write,
	.llseek = noop_llseek,
};

static const struct file_operations access_fops = {
	.write = access_write,
	.read = simple_transaction_read,
	.release = simple_transaction_release,
	.llseek = generic_file_llseek,
};

/* Created whole or not at all, by securityfs_create_files(). */
static const struct tree_descr label_files[] = {
	{ "load", &load_fops, 0200 },
	{ "load2", &load2_fops, 0200 },
	{ "change-rule", &change_rule_fops, 0200 },
	{ "revoke-subject", &revoke_subject_fops, 0200 },
	{ "rules", &rules_fops, 0444 },
	{ "access", &access_fops, 0666 },
	{ "labels", &labels_fops, 0444 },
	{ "trust", &trust_fops, 0200 },
	{}
};

static int __init label_securityfs_init(void)
{
	if (!label_initialized)
		return 0;
	return PTR_ERR_OR_ZERO(securityfs_create_files("label", NULL, label_files));
}
fs_initcall(label_securityfs_init);
