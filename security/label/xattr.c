// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: extended attributes and POSIX ACLs - r to read them, w to change them, whatever their
 * namespace; the module's own need CAP_MAC_ADMIN instead.
 */

#include "label.h"

#include <linux/dcache.h>
#include <linux/ratelimit.h>
#include <linux/xattr.h>
#include <uapi/linux/magic.h>

/* Our xattrs need CAP_MAC_ADMIN instead of capability's CAP_SYS_ADMIN check. */
static int hook_inode_xattr_skipcap(const char *name)
{
	return label_is_xattr(name);
}

/* A log budget for each refused change, so that a flood of one cannot hide another. */
static DEFINE_RATELIMIT_STATE(set_label_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(set_exec_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(remove_label_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(remove_exec_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(set_transmute_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(remove_transmute_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * security.labeltransmute: "TRUE", on a directory only, as Smack's SMACK64TRANSMUTE; set and
 * removed as the other two, with CAP_MAC_ADMIN.
 */
static int set_transmute(struct dentry *dentry, const void *value, size_t size)
{
	int rc = label_may_relabel("setting " XATTR_NAME_LABELTRANSMUTE, &set_transmute_refusals);

	if (rc)
		return rc;
	if (!d_is_dir(dentry) || size != strlen(LABEL_TRANSMUTE_TRUE) ||
	    memcmp(value, LABEL_TRANSMUTE_TRUE, size))
		return -EINVAL;
	return 0;
}

static DEFINE_RATELIMIT_STATE(set_socket_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * security.labelipin and labelipout: a socket's labels, set with CAP_MAC_ADMIN as a file's
 * (net.c's inode_setsecurity then sets them); security.labelpeer is read only. They are
 * attributes of sockets alone, stored nowhere.
 */
static int set_socket_label(struct dentry *dentry, const char *name, const void *value,
			    size_t size)
{
	int rc;

	if (d_backing_inode(dentry)->i_sb->s_magic != SOCKFS_MAGIC)
		return -EOPNOTSUPP;
	if (!strcmp(name, XATTR_NAME_LABELPEER))
		return -EPERM;
	rc = label_may_relabel("setting a socket's label", &set_socket_refusals);
	return rc ?: PTR_ERR_OR_ZERO(label_intern_nofs(value, size));
}

static int hook_inode_setxattr(struct mnt_idmap *idmap, struct dentry *dentry,
			       const char *name, const void *value, size_t size, int flags)
{
	struct label *label;
	int rc;

	if (!label_is_xattr(name))
		return label_inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE,
					 "inode_setxattr");
	if (!strcmp(name, XATTR_NAME_LABELTRANSMUTE))
		return set_transmute(dentry, value, size);
	if (label_is_socket_xattr(name))
		return set_socket_label(dentry, name, value, size);
	rc = strcmp(name, XATTR_NAME_LABEL) ?
	     label_may_relabel("setting " XATTR_NAME_LABELEXEC, &set_exec_refusals) :
	     label_may_relabel("setting " XATTR_NAME_LABEL, &set_label_refusals);
	if (rc)
		return rc;
	/* Interned now, while failing is still possible: the post hook then only looks it up. */
	label = label_intern_nofs(value, size);
	if (IS_ERR(label))
		return PTR_ERR(label);
	/* An exec label is a task's, and no task is "*" (label_change()): as Smack's. */
	if (label == label_star && strcmp(name, XATTR_NAME_LABEL))
		return -EINVAL;
	return strcmp(name, XATTR_NAME_LABEL) ? 0 : label_store_unstored(dentry);
}

static void hook_inode_post_setxattr(struct dentry *dentry, const char *name,
				     const void *value, size_t size, int flags)
{
	struct label *label;

	if (!strcmp(name, XATTR_NAME_LABELTRANSMUTE)) {
		label_inode_set_transmute(d_backing_inode(dentry), true);
		return;
	}
	if (strcmp(name, XATTR_NAME_LABEL))
		return;
	label = label_find(value, size);
	if (!WARN_ON_ONCE(!label))
		label_inode_set(d_backing_inode(dentry), label);
}

/*
 * A label is policy, not data: the administrator (label_is_admin()) reads it on any file, with
 * no rule to the file's label, as it sets and removes it. Everyone else reads xattrs as the
 * file's data.
 */
static int hook_inode_getxattr(struct dentry *dentry, const char *name)
{
	if (label_is_xattr(name) && label_is_admin())
		return 0;
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_READ, "inode_getxattr");
}

static int hook_inode_listxattr(struct dentry *dentry)
{
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_READ, "inode_listxattr");
}

static int hook_inode_removexattr(struct mnt_idmap *idmap, struct dentry *dentry,
				  const char *name)
{
	if (!label_is_xattr(name))
		return label_inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE,
					 "inode_removexattr");
	if (label_is_socket_xattr(name))
		return -EOPNOTSUPP;
	if (!strcmp(name, XATTR_NAME_LABELTRANSMUTE))
		return label_may_relabel("removing " XATTR_NAME_LABELTRANSMUTE,
					 &remove_transmute_refusals);
	if (strcmp(name, XATTR_NAME_LABEL))
		return label_may_relabel("removing " XATTR_NAME_LABELEXEC, &remove_exec_refusals);
	return label_may_relabel("removing " XATTR_NAME_LABEL, &remove_label_refusals) ?:
	       label_store_unstored(dentry);
}

/* A file without security.label is what one read from disk would be: the mount's default. */
static void hook_inode_post_removexattr(struct dentry *dentry, const char *name)
{
	struct inode *inode = d_backing_inode(dentry);

	if (!strcmp(name, XATTR_NAME_LABEL))
		label_inode_set(inode, label_default(inode));
	else if (!strcmp(name, XATTR_NAME_LABELTRANSMUTE))
		label_inode_set_transmute(d_backing_inode(dentry), false);
}

static int hook_inode_set_acl(struct mnt_idmap *idmap, struct dentry *dentry,
			      const char *acl_name, struct posix_acl *kacl)
{
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE, "inode_set_acl");
}

static int hook_inode_get_acl(struct mnt_idmap *idmap, struct dentry *dentry,
			      const char *acl_name)
{
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_READ, "inode_get_acl");
}

static int hook_inode_remove_acl(struct mnt_idmap *idmap, struct dentry *dentry,
				 const char *acl_name)
{
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE, "inode_remove_acl");
}

static struct security_hook_list label_xattr_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(inode_xattr_skipcap, hook_inode_xattr_skipcap),
	LSM_HOOK_INIT(inode_setxattr, hook_inode_setxattr),
	LSM_HOOK_INIT(inode_post_setxattr, hook_inode_post_setxattr),
	LSM_HOOK_INIT(inode_getxattr, hook_inode_getxattr),
	LSM_HOOK_INIT(inode_listxattr, hook_inode_listxattr),
	LSM_HOOK_INIT(inode_removexattr, hook_inode_removexattr),
	LSM_HOOK_INIT(inode_post_removexattr, hook_inode_post_removexattr),
	LSM_HOOK_INIT(inode_set_acl, hook_inode_set_acl),
	LSM_HOOK_INIT(inode_get_acl, hook_inode_get_acl),
	LSM_HOOK_INIT(inode_remove_acl, hook_inode_remove_acl),
};

/**
 * label_add_xattr_hooks() - register the extended attribute and ACL hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_xattr_hooks(void)
{
	label_add_hooks(label_xattr_hooks, ARRAY_SIZE(label_xattr_hooks));
}
