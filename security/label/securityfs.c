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
static DEFINE_RATELIMIT_STATE(syslog_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(trust_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(freeze_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(onlycap_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(relabel_self_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(override_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(logging_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(mode_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(netlabel_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(ipv6host_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(ambient_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

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

/*
 * A write of one digit from @lo to @hi, with or without a newline, at offset 0, as freeze,
 * mac-override and logging take: the digit's value, or -EINVAL, -EFAULT.
 */
static int digit_write(const char __user *ubuf, size_t count, loff_t *ppos, char lo, char hi)
{
	char buf[2];

	if (*ppos != 0 || count == 0 || count > 2)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (buf[0] < lo || buf[0] > hi || (count == 2 && buf[1] != '\n'))
		return -EINVAL;
	return buf[0] - '0';
}

/* Copy a write of at most PAGE_SIZE - 1 bytes at offset 0, NUL-terminated. */
static char *small_write(const char __user *ubuf, size_t count, loff_t *ppos)
{
	if (*ppos != 0 || count >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	return memdup_user_nul(ubuf, count);
}

/* A list of labels for onlycap or relabel-self: none holds a NUL byte. */
static struct label_set *set_from_user(const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct label_set *set;
	char *text = small_write(ubuf, count, ppos);

	if (IS_ERR(text))
		return ERR_CAST(text);
	set = strlen(text) == count ? label_set_parse(text, count) : ERR_PTR(-EINVAL);
	kfree(text);
	return set;
}

/*
 * "onlycap": labels separated by blanks; only tasks of these labels may then use CAP_MAC_ADMIN
 * and CAP_MAC_OVERRIDE in label's checks. "-" or a write of blanks lifts the restriction.
 */
static ssize_t onlycap_write(struct file *file, const char __user *ubuf, size_t count,
			     loff_t *ppos)
{
	struct label_set *set;
	int rc;

	rc = may_change_policy(file, &onlycap_refusals, "onlycap");
	if (rc)
		return rc;
	set = set_from_user(ubuf, count, ppos);
	if (IS_ERR(set))
		return PTR_ERR(set);
	rc = label_policy_change_begin("onlycap");
	if (rc) {
		label_set_put(set);
		return rc;
	}
	label_onlycap_set(set);
	label_policy_change_end();
	return count;
}

static int onlycap_show(struct seq_file *m, void *v)
{
	label_onlycap_show(m);
	return 0;
}

/*
 * "relabel-self": labels the writing task may later take through its task attribute without
 * CAP_MAC_ADMIN, once; a read shows the reader's own set.
 */
static ssize_t relabel_self_write(struct file *file, const char __user *ubuf, size_t count,
				  loff_t *ppos)
{
	struct label_set *set;
	int rc;

	rc = may_change_policy(file, &relabel_self_refusals, "relabel-self");
	if (rc)
		return rc;
	/*
	 * The set goes to the writer's own credentials. An io_uring worker writes for the task
	 * that queued the write, with that task's credentials borrowed (which commit_creds()
	 * cannot replace) or with its own: neither is the task that asked.
	 */
	if ((current->flags & PF_IO_WORKER) || current_cred() != current_real_cred()) {
		refuse(file, &relabel_self_refusals, "the writer is not the task itself");
		return -EBUSY;
	}
	set = set_from_user(ubuf, count, ppos);
	if (IS_ERR(set))
		return PTR_ERR(set);
	rc = label_policy_change_begin("relabel-self");
	if (rc) {
		label_set_put(set);
		return rc;
	}
	rc = label_relabel_self_set(set);
	label_policy_change_end();
	return rc ?: count;
}

static int relabel_self_show(struct seq_file *m, void *v)
{
	label_set_show(m, label_cred_relabel(current_cred()));
	return 0;
}

/* "mac-override": 1 lets CAP_MAC_OVERRIDE pass label's checks, 0 (the default) does not. */
static ssize_t mac_override_write(struct file *file, const char __user *ubuf, size_t count,
				  loff_t *ppos)
{
	int rc, on;

	rc = may_change_policy(file, &override_refusals, "mac-override");
	if (rc)
		return rc;
	rc = digit_write(ubuf, count, ppos, '0', '1');
	if (rc < 0)
		return rc;
	on = rc;
	rc = label_policy_change_begin("mac-override");
	if (rc)
		return rc;
	label_mac_override_set(on);
	label_policy_change_end();
	return count;
}

static int mac_override_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", label_mac_override_enabled());
	return 0;
}

/*
 * "logging": which decisions are recorded, as Smack's file: 0 none, 1 denials (the default),
 * 2 grants, 3 both. Recording grants sends every decision through the slow path.
 */
static ssize_t logging_write(struct file *file, const char __user *ubuf, size_t count,
			     loff_t *ppos)
{
	int rc, level;

	rc = may_change_policy(file, &logging_refusals, "logging");
	if (rc)
		return rc;
	level = digit_write(ubuf, count, ppos, '0', '3');
	if (level < 0)
		return level;
	/* The key follows the level, under the policy's mutex: writers cannot leave them apart. */
	rc = label_policy_change_begin("logging");
	if (rc)
		return rc;
	WRITE_ONCE(label_logging, level);
	if (level & LABEL_LOG_GRANTED)
		static_branch_enable(&label_log_grants);
	else
		static_branch_disable(&label_log_grants);
	label_policy_change_end();
	return count;
}

static int logging_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", READ_ONCE(label_logging));
	return 0;
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
 * A write of one label, with or without one trailing newline, at offset 0, as syslog and
 * ambient take: the label, interned; NULL for "-" when @dash clears; or an ERR_PTR().
 */
static struct label *label_from_user(const char __user *ubuf, size_t count, loff_t *ppos,
				     bool dash)
{
	char buf[LABEL_NAME_MAX + 2];
	size_t len = count;

	if (*ppos != 0 || count == 0 || count > sizeof(buf))
		return ERR_PTR(-EINVAL);
	if (copy_from_user(buf, ubuf, count))
		return ERR_PTR(-EFAULT);
	if (buf[len - 1] == '\n')
		len--;
	if (dash && len == 1 && buf[0] == '-')
		return NULL;
	return label_intern(buf, len);
}

/* "syslog": the label that may read the kernel log, or nothing; writing "-" clears it. */
static ssize_t syslog_write(struct file *file, const char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	struct label *label;
	int rc;

	rc = may_change_policy(file, &syslog_refusals, "syslog label change");
	if (rc)
		return rc;
	label = label_from_user(ubuf, count, ppos, true);
	if (IS_ERR(label))
		return PTR_ERR(label);
	rc = label_policy_change_begin("syslog label change");
	if (rc)
		return rc;
	label_syslog_set(label);
	label_policy_change_end();
	return count;
}

static int syslog_show(struct seq_file *m, void *v)
{
	struct label *label = label_syslog_get();

	if (label)
		seq_printf(m, "%s\n", label->name);
	return 0;
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

/*
 * "netlabel" and "ipv6host": one host entry a write, in Smack's form (label_host_parse()). A
 * malformed line, a label that cannot be interned or an entry that cannot be added changes
 * nothing.
 */
static ssize_t host_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos, bool v6)
{
	struct label_host_text entry;
	struct label *label = NULL;
	const char *name;
	size_t name_len;
	char *text;
	int rc;

	rc = may_change_policy(file, v6 ? &ipv6host_refusals : &netlabel_refusals,
			       v6 ? "ipv6host" : "netlabel");
	if (rc)
		return rc;
	text = small_write(ubuf, count, ppos);
	if (IS_ERR(text))
		return PTR_ERR(text);
	rc = label_host_parse(text, count, v6, &entry, &name, &name_len);
	if (!rc && !entry.option) {
		label = label_intern(name, name_len);
		rc = PTR_ERR_OR_ZERO(label);
	}
	if (!rc)
		rc = label_policy_change_begin(v6 ? "ipv6host" : "netlabel");
	if (!rc) {
		rc = label_host_set(&entry, label);
		label_policy_change_end();
	}
	kfree(text);
	return rc ?: count;
}

static ssize_t netlabel_write(struct file *file, const char __user *ubuf, size_t count,
			      loff_t *ppos)
{
	return host_write(file, ubuf, count, ppos, false);
}

static int netlabel_show(struct seq_file *m, void *v)
{
	label_hosts_show(m, false);
	return 0;
}

static ssize_t ipv6host_write(struct file *file, const char __user *ubuf, size_t count,
			      loff_t *ppos)
{
	return host_write(file, ubuf, count, ppos, true);
}

static int ipv6host_show(struct seq_file *m, void *v)
{
	label_hosts_show(m, true);
	return 0;
}

/* "ambient": the label of the packets of hosts without an entry; "_" at boot. */
static ssize_t ambient_write(struct file *file, const char __user *ubuf, size_t count,
			     loff_t *ppos)
{
	struct label *label;
	int rc;

	rc = may_change_policy(file, &ambient_refusals, "ambient label change");
	if (rc)
		return rc;
	label = label_from_user(ubuf, count, ppos, false);
	if (IS_ERR(label))
		return PTR_ERR(label);
	rc = label_policy_change_begin("ambient label change");
	if (rc)
		return rc;
	label_ambient_set(label);
	label_policy_change_end();
	return count;
}

static int ambient_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", label_ambient_get()->name);
	return 0;
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
	/* "b" is accepted and ignored, as in a rule. */
	buf[0] = label_decide(subject, object, r.access & LABEL_MAY_ALL) ? '0' : '1';
	buf[1] = '\n';
	simple_transaction_set(file, 2);
	return count;
}

/*
 * "freeze": writing 1 freezes the policy until reboot (label_freeze()); reads 0 or 1. Once
 * frozen, every write is refused with -EPERM, as a change of the policy.
 */
static ssize_t freeze_write(struct file *file, const char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	int rc;

	rc = may_change_policy(file, &freeze_refusals, "freeze");
	if (rc)
		return rc;
	rc = digit_write(ubuf, count, ppos, '1', '1');
	if (rc < 0)
		return rc;
	rc = label_freeze();
	return rc ?: count;
}

static int freeze_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", label_frozen());
	return 0;
}

DEFINE_SHOW_STORE_ATTRIBUTE(freeze);
DEFINE_SHOW_STORE_ATTRIBUTE(onlycap);
DEFINE_SHOW_STORE_ATTRIBUTE(relabel_self);
DEFINE_SHOW_STORE_ATTRIBUTE(mac_override);
DEFINE_SHOW_STORE_ATTRIBUTE(logging);
DEFINE_SHOW_ATTRIBUTE(rules);
DEFINE_SHOW_ATTRIBUTE(labels);
/* Read like the other listings, written like "load". */
DEFINE_SHOW_STORE_ATTRIBUTE(syslog);
DEFINE_SHOW_STORE_ATTRIBUTE(netlabel);
DEFINE_SHOW_STORE_ATTRIBUTE(ipv6host);
DEFINE_SHOW_STORE_ATTRIBUTE(ambient);

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
	{ "syslog", &syslog_fops, 0644 },
	{ "trust", &trust_fops, 0200 },
	{ "freeze", &freeze_fops, 0644 },
	{ "onlycap", &onlycap_fops, 0644 },
	{ "relabel-self", &relabel_self_fops, 0666 },
	{ "mac-override", &mac_override_fops, 0644 },
	{ "logging", &logging_fops, 0644 },
	{ "netlabel", &netlabel_fops, 0644 },
	{ "ipv6host", &ipv6host_fops, 0644 },
	{ "ambient", &ambient_fops, 0644 },
	{}
};

static int __init label_securityfs_init(void)
{
	if (!label_initialized)
		return 0;
	return PTR_ERR_OR_ZERO(securityfs_create_files("label", NULL, label_files));
}
fs_initcall(label_securityfs_init);
