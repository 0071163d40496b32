// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: inode labels and file checks - open, exec, mmap, namespace changes, attributes, and the
 * module's own xattrs.
 */

#include "label.h"

#include <linux/capability.h>
#include <linux/dcache.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/xattr.h>

/**
 * label_inode_set() - set an inode's label
 * @inode: the inode
 * @label: its new label
 *
 * Context: Any context; the inode's value exists (inode_alloc_security attached it).
 */
void label_inode_set(struct inode *inode, struct label *label)
{
	struct label_obj *obj = label_inode_obj(inode);

	if (!WARN_ON_ONCE(!obj))
		WRITE_ONCE(obj->label, label);
}

static int inode_check(struct inode *inode, u32 access, const char *hook)
{
	return label_check(label_of_current(), label_of_inode(inode), access, hook, inode);
}

/* Intern a label met while the file system may hold locks: no reclaim into file systems. */
static struct label *intern_nofs(const char *name, size_t len)
{
	unsigned int nofs = memalloc_nofs_save();
	struct label *label = label_intern(name, len);

	memalloc_nofs_restore(nofs);
	return label;
}

static bool is_label_xattr(const char *name)
{
	return !strcmp(name, LABEL_XATTR) || !strcmp(name, LABEL_XATTR_EXEC);
}

static int hook_inode_alloc_security(struct inode *inode)
{
	return security_attach_value(inode->i_security, STACKER_INODE, &label_values,
				     GFP_NOFS) ? 0 : -ENOMEM;
}

/* A new inode takes its creator's label, stored as security.label where xattrs are kept. */
static int hook_inode_init_security(struct inode *inode, struct inode *dir,
				    const struct qstr *qstr, struct xattr *xattrs,
				    int *xattr_count)
{
	struct label *label = label_of_current();
	struct xattr *xattr = lsm_get_xattr_slot(xattrs, xattr_count);

	label_inode_set(inode, label);
	if (!xattr)
		return 0;
	xattr->name = LABEL_XATTR + XATTR_SECURITY_PREFIX_LEN;
	xattr->value = kmemdup(label->name, label->len, GFP_NOFS);
	if (!xattr->value)
		return -ENOMEM;
	xattr->value_len = label->len;
	return 0;
}

/* An inode found on disk: its label comes from security.label, the floor without one. */
static void hook_d_instantiate(struct dentry *dentry, struct inode *inode)
{
	char buf[LABEL_NAME_MAX + 1];
	struct label *label = label_floor;
	struct label_obj *obj;
	int len;

	if (!inode || !inode->i_security)
		return;
	obj = label_inode_obj(inode);
	if (!obj || READ_ONCE(obj->label))
		return;
	if (inode->i_opflags & IOP_XATTR) {
		len = __vfs_getxattr(dentry, inode, LABEL_XATTR, buf, sizeof(buf));
		if (len > 0) {
			label = intern_nofs(buf, len);
			if (IS_ERR(label))
				label = label_floor;
		}
	}
	label_inode_set(inode, label);
}

static int hook_file_open(struct file *file)
{
	u32 access = 0;

	/* Opening a file to execute it asks for x alone (exec opens carry __FMODE_EXEC). */
	if (file->f_flags & __FMODE_EXEC)
		return inode_check(file_inode(file), LABEL_MAY_EXEC, "file_open");
	if (file->f_mode & FMODE_READ)
		access |= LABEL_MAY_READ;
	if (file->f_mode & FMODE_WRITE)
		access |= file->f_flags & O_APPEND ? LABEL_MAY_APPEND : LABEL_MAY_WRITE;
	return inode_check(file_inode(file), access, "file_open");
}

static int hook_mmap_file(struct file *file, unsigned long reqprot, unsigned long prot,
			  unsigned long flags)
{
	if (!file || !(prot & PROT_EXEC))
		return 0;
	return inode_check(file_inode(file), LABEL_MAY_EXEC, "mmap_file");
}

/* Making a mapping executable later asks what mapping it executable at first would. */
static int hook_file_mprotect(struct vm_area_struct *vma, unsigned long reqprot,
			      unsigned long prot)
{
	if (!vma->vm_file || !(prot & PROT_EXEC) || (vma->vm_flags & VM_EXEC))
		return 0;
	return inode_check(file_inode(vma->vm_file), LABEL_MAY_EXEC, "file_mprotect");
}

static int hook_inode_create(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_create");
}

static int hook_inode_link(struct dentry *old_dentry, struct inode *dir,
			   struct dentry *new_dentry)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_link");
}

static int hook_inode_unlink(struct inode *dir, struct dentry *dentry)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_unlink");
}

static int hook_inode_symlink(struct inode *dir, struct dentry *dentry, const char *old_name)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_symlink");
}

static int hook_inode_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_mkdir");
}

static int hook_inode_rmdir(struct inode *dir, struct dentry *dentry)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_rmdir");
}

static int hook_inode_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	return inode_check(dir, LABEL_MAY_WRITE, "inode_mknod");
}

static int hook_inode_rename(struct inode *old_dir, struct dentry *old_dentry,
			     struct inode *new_dir, struct dentry *new_dentry)
{
	return inode_check(old_dir, LABEL_MAY_WRITE, "inode_rename") ?:
	       inode_check(new_dir, LABEL_MAY_WRITE, "inode_rename");
}

static int hook_inode_setattr(struct mnt_idmap *idmap, struct dentry *dentry,
			      struct iattr *attr)
{
	return inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE, "inode_setattr");
}

/* Our xattrs need CAP_MAC_ADMIN instead of capability's CAP_SYS_ADMIN check. */
static int hook_inode_xattr_skipcap(const char *name)
{
	return is_label_xattr(name);
}

static int hook_inode_setxattr(struct mnt_idmap *idmap, struct dentry *dentry,
			       const char *name, const void *value, size_t size, int flags)
{
	struct label *label;

	if (!is_label_xattr(name))
		return 0;
	if (!capable(CAP_MAC_ADMIN))
		return -EPERM;
	/* Interned now, while failing is still possible: the post hook then only looks it up. */
	label = intern_nofs(value, size);
	return PTR_ERR_OR_ZERO(label);
}

static void hook_inode_post_setxattr(struct dentry *dentry, const char *name,
				     const void *value, size_t size, int flags)
{
	struct label *label;

	if (strcmp(name, LABEL_XATTR))
		return;
	label = label_find(value, size);
	if (!WARN_ON_ONCE(!label))
		label_inode_set(d_backing_inode(dentry), label);
}

static int hook_inode_removexattr(struct mnt_idmap *idmap, struct dentry *dentry,
				  const char *name)
{
	if (!is_label_xattr(name))
		return 0;
	return capable(CAP_MAC_ADMIN) ? 0 : -EPERM;
}

static void hook_inode_post_removexattr(struct dentry *dentry, const char *name)
{
	if (!strcmp(name, LABEL_XATTR))
		label_inode_set(d_backing_inode(dentry), label_floor);
}

static struct security_hook_list label_fs_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(inode_alloc_security, hook_inode_alloc_security),
	LSM_HOOK_INIT(inode_init_security, hook_inode_init_security),
	LSM_HOOK_INIT(d_instantiate, hook_d_instantiate),
	LSM_HOOK_INIT(file_open, hook_file_open),
	LSM_HOOK_INIT(mmap_file, hook_mmap_file),
	LSM_HOOK_INIT(file_mprotect, hook_file_mprotect),
	LSM_HOOK_INIT(inode_create, hook_inode_create),
	LSM_HOOK_INIT(inode_link, hook_inode_link),
	LSM_HOOK_INIT(inode_unlink, hook_inode_unlink),
	LSM_HOOK_INIT(inode_symlink, hook_inode_symlink),
	LSM_HOOK_INIT(inode_mkdir, hook_inode_mkdir),
	LSM_HOOK_INIT(inode_rmdir, hook_inode_rmdir),
	LSM_HOOK_INIT(inode_mknod, hook_inode_mknod),
	LSM_HOOK_INIT(inode_rename, hook_inode_rename),
	LSM_HOOK_INIT(inode_setattr, hook_inode_setattr),
	LSM_HOOK_INIT(inode_xattr_skipcap, hook_inode_xattr_skipcap),
	LSM_HOOK_INIT(inode_setxattr, hook_inode_setxattr),
	LSM_HOOK_INIT(inode_post_setxattr, hook_inode_post_setxattr),
	LSM_HOOK_INIT(inode_removexattr, hook_inode_removexattr),
	LSM_HOOK_INIT(inode_post_removexattr, hook_inode_post_removexattr),
};

/**
 * label_add_fs_hooks() - register the inode and file hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_fs_hooks(void)
{
	label_add_hooks(label_fs_hooks, ARRAY_SIZE(label_fs_hooks));
}
