// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: /sys/kernel/security/label/ - load, rules, access, labels, syslog, trust.
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

/* Largest write to "load": 17,000 rules over 500 labels is about 0.5 MiB. */
#define LABEL_LOAD_MAX (8 << 20)
/* Largest write to "access": two labels, an access string, separators. */
#define LABEL_ACCESS_MAX (2 * LABEL_NAME_MAX + 8)

/*
 * One log budget per policy file for refused privilege: a flood of refused loads cannot hide a
 * refused trust. Malformed writes are logged under budgets of their own.
 */
static DEFINE_RATELIMIT_STATE(load_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(syslog_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(trust_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(freeze_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/* Refuse a write to @file with -EPERM, logged under the file's budget @rs with the reason @why. */
static int refuse(struct file *file, struct ratelimit_state *rs, const char *why)
{
	if (__ratelimit(rs))
		pr_notice("write to %pD refused: %s: pid=%d comm=\"%s\"\n", file, why,
			  task_pid_nr(current), current->comm);
	return -EPERM;
}

/*
 * Policy writes need CAP_MAC_ADMIN in both the opener and the writer: a descriptor opened by
 * root and passed to an unprivileged process grants nothing, and neither does a privileged
 * process writing through a descriptor an unprivileged one opened. The syslog label, the
 * trusted file systems and the freeze itself are policy too: frozen with the rules.
 */
static int may_change_policy(struct file *file, struct ratelimit_state *rs, const char *what)
{
	if (!file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN))
		return refuse(file, rs, "its opener lacks CAP_MAC_ADMIN");
	if (!capable(CAP_MAC_ADMIN))
		return refuse(file, rs, "the writer lacks CAP_MAC_ADMIN");
	return label_frozen() ? label_refuse_frozen(what) : 0;
}

static ssize_t load_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	/* One rule per write, as smackload does, needs no allocation for the text. */
	char small[LABEL_ACCESS_MAX], *text = small;
	int rc;

	rc = may_change_policy(file, &load_refusals, "rule load");
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
	rc = label_load_rules(text, count);
	if (text != small)
		kvfree(text);
	return rc < 0 ? rc : count;
}

/* "syslog": the label that may read the kernel log, or nothing; writing "-" clears it. */
static ssize_t syslog_write(struct file *file, const char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	char buf[LABEL_NAME_MAX + 2];
	struct label *label = NULL;
	size_t len = count;
	int rc;

	rc = may_change_policy(file, &syslog_refusals, "syslog label change");
	if (rc)
		return rc;
	if (*ppos != 0 || count == 0 || count > sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (buf[len - 1] == '\n')
		len--;
	if (len != 1 || buf[0] != '-') {
		label = label_intern(buf, len);
		if (IS_ERR(label))
			return PTR_ERR(label);
	}
	label_syslog_set(label);
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
				      task_pid_nr(current), current->comm);
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

/* "access": a write "subject object access" is answered by the next read, "1" or "0". */
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
	if (buf[len - 1] == '\n')
		len--;
	if (memchr(buf, '\0', len) || label_parse_rule(buf, len, &r))
		return -EINVAL;
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

/*
 * "freeze": writing 1 freezes the policy until reboot (label_freeze()); reads 0 or 1. Once
 * frozen, every write is refused with -EPERM, as a change of the policy.
 */
static ssize_t freeze_write(struct file *file, const char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	char buf[3];
	int rc;

	rc = may_change_policy(file, &freeze_refusals, "freeze");
	if (rc)
		return rc;
	if (*ppos != 0 || count == 0 || count > 2)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (buf[0] != '1' || (count == 2 && buf[1] != '\n'))
		return -EINVAL;
	rc = label_freeze();
	return rc ?: count;
}

static int freeze_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", label_frozen());
	return 0;
}

DEFINE_SHOW_STORE_ATTRIBUTE(freeze);
DEFINE_SHOW_ATTRIBUTE(rules);
DEFINE_SHOW_ATTRIBUTE(labels);
/* Read like the other listings, written like "load". */
DEFINE_SHOW_STORE_ATTRIBUTE(syslog);

static const struct file_operations load_fops = {
	.write = load_write,
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
	{ "rules", &rules_fops, 0444 },
	{ "access", &access_fops, 0666 },
	{ "labels", &labels_fops, 0444 },
	{ "syslog", &syslog_fops, 0644 },
	{ "trust", &trust_fops, 0200 },
	{ "freeze", &freeze_fops, 0644 },
	{}
};

static int __init label_securityfs_init(void)
{
	if (!label_initialized)
		return 0;
	return PTR_ERR_OR_ZERO(securityfs_create_files("label", NULL, label_files));
}
fs_initcall(label_securityfs_init);
