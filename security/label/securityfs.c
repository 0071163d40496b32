// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: /sys/kernel/security/label/ - load, rules, access, labels, syslog, trust.
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/fs.h>
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
 * Policy writes need CAP_MAC_ADMIN in both the opener and the writer: a descriptor opened by
 * root and passed to an unprivileged process grants nothing, and neither does a privileged
 * process writing through a descriptor an unprivileged one opened.
 */
static bool may_write_policy(struct file *file)
{
	return file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN) && capable(CAP_MAC_ADMIN);
}

/* The syslog label and the trusted file systems are policy too: frozen with the rules. */
static int may_change_policy(struct file *file, const char *what)
{
	if (!may_write_policy(file))
		return -EPERM;
	return label_frozen() ? label_refuse_frozen(what) : 0;
}

static ssize_t load_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	/* One rule per write, as smackload does, needs no allocation for the text. */
	char small[LABEL_ACCESS_MAX], *text = small;
	int rc;

	if (!may_write_policy(file))
		return -EPERM;
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

	rc = may_change_policy(file, "syslog label change");
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

/* "trust": a path whose file system is marked trusted for exec transitions. */
static ssize_t trust_write(struct file *file, const char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	char *name;
	int rc;

	rc = may_change_policy(file, "trust");
	if (rc)
		return rc;
	if (*ppos != 0 || count == 0 || count > PATH_MAX)
		return -EINVAL;
	name = memdup_user_nul(ubuf, count);
	if (IS_ERR(name))
		return PTR_ERR(name);
	if (name[count - 1] == '\n')
		name[count - 1] = '\0';
	rc = label_trust_path(name);
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

/* "freeze": writing 1 freezes the policy until reboot (label_freeze()); reads 0 or 1. */
static ssize_t freeze_write(struct file *file, const char __user *ubuf, size_t count,
			    loff_t *ppos)
{
	char buf[3];
	int rc;

	if (!may_write_policy(file))
		return -EPERM;
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

static const struct {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
} label_files[] = {
	{ "load", 0200, &load_fops },
	{ "rules", 0444, &rules_fops },
	{ "access", 0666, &access_fops },
	{ "labels", 0444, &labels_fops },
	{ "syslog", 0644, &syslog_fops },
	{ "trust", 0200, &trust_fops },
	{ "freeze", 0644, &freeze_fops },
};

static int __init label_securityfs_init(void)
{
	struct dentry *dir, *file;
	int i;

	if (!label_initialized)
		return 0;
	dir = securityfs_create_dir("label", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	for (i = 0; i < ARRAY_SIZE(label_files); i++) {
		file = securityfs_create_file(label_files[i].name, label_files[i].mode, dir, NULL,
					      label_files[i].fops);
		if (IS_ERR(file)) {
			/* securityfs_remove() would refuse the directory while files remain. */
			securityfs_recursive_remove(dir);
			pr_err("cannot create securityfs file %s: %ld\n", label_files[i].name,
			       PTR_ERR(file));
			return PTR_ERR(file);
		}
	}
	return 0;
}
fs_initcall(label_securityfs_init);
