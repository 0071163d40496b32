// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: inode labels and inode checks - permission on every lookup, open and exec, attributes,
 * the namespace changes that affect another inode, and superblocks.
 */

#include "label.h"

#include <linux/dcache.h>
#include <linux/error-injection.h>
#include <linux/fs_struct.h>
#include <linux/fsnotify_backend.h>
#include <linux/init_task.h>
#include <linux/kernfs.h>
#include <linux/magic.h>
#include <linux/major.h>
#include <linux/namei.h>
#include <linux/pid.h>
#include <linux/ratelimit.h>
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

/**
 * label_inode_set_transmute() - mark a directory transmuting, or not
 * @inode: the inode
 * @transmute: whether new entries of the directory take its label
 *
 * Context: Any context; the inode's value exists.
 */
void label_inode_set_transmute(struct inode *inode, bool transmute)
{
	struct label_inode *li = label_inode(inode);

	if (!WARN_ON_ONCE(!li))
		WRITE_ONCE(li->transmute, transmute);
}

/*
 * The label a new entry of @dir takes when @subject creates it: @dir's, if @dir transmutes and
 * the rule of @subject to @dir's label has "t" (as in Smack, a rule must say so: a subject of
 * the directory's own label gives its label anyway); NULL otherwise.
 */
static struct label *transmuted_label(const struct label *subject, const struct inode *dir)
{
	struct label_inode *li = label_inode(dir);
	struct label *dlabel;

	if (!li || !READ_ONCE(li->transmute))
		return NULL;
	dlabel = label_of_obj(&li->obj);
	if (!(label_rule_access(subject, dlabel) & LABEL_MAY_TRANSMUTE))
		return NULL;
	return dlabel;
}

/**
 * label_intern_nofs() - intern a label met while a file system may hold locks
 * @name: the label's name, not NUL-terminated
 * @len: its length
 *
 * Not inlined, so that fail_function can fail it (label/fault_test.c).
 *
 * Context: Process context; allocates without reclaim into file systems.
 * Return: the label, or an ERR_PTR() as label_intern() returns.
 */
noinline struct label *label_intern_nofs(const char *name, size_t len)
{
	unsigned int nofs = memalloc_nofs_save();
	struct label *label = label_intern(name, len);

	memalloc_nofs_restore(nofs);
	return label;
}
ALLOW_ERROR_INJECTION(label_intern_nofs, ERRNO);

static int hook_inode_alloc_security(struct inode *inode)
{
	return security_attach_value(inode->i_security, STACKER_INODE, &label_values,
				     GFP_NOFS) ? 0 : -ENOMEM;
}

/* A file of /proc/<pid>/ holds its task's pid (task.c). */
static void hook_inode_free_security(struct inode *inode)
{
	struct label_inode *li = label_inode(inode);

	if (li && li->task)
		put_pid(li->task);
}

/* The value of a new inode's security.label; a function of its own for fail_function. */
static noinline void *label_xattr_value(const struct label *label)
{
	return kmemdup(label->name, label->len, GFP_NOFS);
}
ALLOW_ERROR_INJECTION(label_xattr_value, NULL);

/* Fill the next xattr slot, if the file system keeps xattrs: 0, or -ENOMEM. */
static int add_xattr(struct xattr *xattrs, int *xattr_count, const char *name, void *value,
		     size_t len)
{
	struct xattr *xattr = lsm_get_xattr_slot(xattrs, xattr_count);

	if (!xattr) {
		kfree(value);
		return 0;
	}
	if (!value)
		return -ENOMEM;
	xattr->name = name + XATTR_SECURITY_PREFIX_LEN;
	xattr->value = value;
	xattr->value_len = len;
	return 0;
}

/*
 * A new inode takes its creator's label, or its directory's when the directory transmutes for
 * the creator (transmuted_label()); a directory so made transmutes too. The label is stored as
 * security.label where xattrs are kept, and the transmuting mark as security.labeltransmute.
 * The floor is not stored where a file without the attribute is "_" anyway (label_default():
 * no labeldef=), so that the many tasks labelled "_" pay no allocation and no copy in the file
 * system for each file they create; under labeldef= it is, or the file would take the default
 * when its inode is next read from disk. On a file system with an owner too: the file is its
 * creator's while its inode lives, as on any other (tmpfs keeps it for the file's life), and
 * the owner's once read again. On tmpfs, whose inodes are never read again, the label is kept
 * in the inode alone, and read and listed from there (label_store_unstored()). No slot is
 * taken when nothing is stored: the file system's initxattrs stops at the first slot without a
 * name, which would hide the slots of the LSMs after this one.
 */
static int hook_inode_init_security(struct inode *inode, struct inode *dir,
				    const struct qstr *qstr, struct xattr *xattrs,
				    int *xattr_count)
{
	struct label_cred *lc = label_cred(current_cred());
	struct label *label = label_of_current(), *dlabel;
	struct label_inode *li = label_inode(inode);
	bool transmute = lc && lc->transmuted;
	int rc = 0;

	if (WARN_ON_ONCE(!li))
		return -ENOMEM;
	dlabel = transmuted_label(label, dir);
	if (dlabel) {
		label = dlabel;
		transmute = true;
	}
	transmute = transmute && S_ISDIR(inode->i_mode);
	label_inode_set(inode, label);
	label_inode_set_transmute(inode, transmute);
	if (label != label_floor || label_default(inode) != label_floor) {
		if (xattrs && inode->i_sb->s_magic == TMPFS_MAGIC)
			li->unstored = true;
		else
			rc = add_xattr(xattrs, xattr_count, XATTR_NAME_LABEL,
				       label_xattr_value(label), label->len);
	}
	if (!rc && transmute)
		rc = add_xattr(xattrs, xattr_count, XATTR_NAME_LABELTRANSMUTE,
			       kstrdup(LABEL_TRANSMUTE_TRUE, GFP_NOFS),
			       strlen(LABEL_TRANSMUTE_TRUE));
	return rc;
}

/**
 * label_store_unstored() - store as security.label a label kept in its inode alone
 * @dentry: the file, on tmpfs
 *
 * A tmpfs file lives as long as its inode, so the label of one created under a label is kept in
 * the inode alone (label_inode.unstored, set by hook_inode_init_security()): a new file pays no
 * attribute's allocation, insertion and free, half of what the module added to a create. It
 * reads and lists as security.label all the same (hook_inode_getsecurity(),
 * hook_inode_listsecurity()). Before the attribute is set or removed (xattr.c), this stores it,
 * so that tmpfs then does what it does to any stored attribute: XATTR_CREATE fails with
 * -EEXIST, removal succeeds.
 *
 * Context: Process context; the caller holds the inode's lock.
 * Return: 0, or the error of storing it (-ENOMEM).
 */
int label_store_unstored(struct dentry *dentry)
{
	struct inode *inode = d_backing_inode(dentry);
	struct label_inode *li = label_inode(inode);
	struct label *label;
	int rc;

	if (!li || !READ_ONCE(li->unstored))
		return 0;
	label = label_of_obj(&li->obj);
	rc = __vfs_setxattr(&nop_mnt_idmap, dentry, inode, XATTR_NAME_LABEL, label->name,
			    label->len, XATTR_CREATE);
	if (rc && rc != -EEXIST)
		return rc;
	WRITE_ONCE(li->unstored, false);
	return 0;
}

/* A label kept in its inode alone (label_store_unstored()), or NULL. */
static struct label *unstored_label(struct inode *inode)
{
	struct label_inode *li = label_inode(inode);

	return li && READ_ONCE(li->unstored) ? label_of_obj(&li->obj) : NULL;
}

/*
 * On a file system whose files carry their mounter's label (label_sb_owner(): FUSE, or a
 * confined root's image), what label's attributes store is the mounter's choice and counts for
 * nothing. Read back (getxattr(), a copy that keeps attributes, overlayfs's copy-up with its
 * mounter's credentials), it would carry an exec label of that choice to a file system where
 * it counts: such a file reads as the label it has, with no exec label and no transmute mark,
 * which do not count there either. -EOPNOTSUPP for the names that are not label's.
 */
static int owned_getsecurity(struct inode *inode, const char *name, void **buffer, bool alloc)
{
	if (!strcmp(name, XATTR_LABEL_SUFFIX))
		return label_getsecurity_answer(label_of_inode(inode), buffer, alloc);
	if (!strcmp(name, XATTR_LABELEXEC_SUFFIX) || !strcmp(name, XATTR_LABELTRANSMUTE_SUFFIX))
		return -ENODATA;
	return -EOPNOTSUPP;
}

/*
 * getxattr() of a security.* name asks this first, for a socket's attributes (net.c), the
 * files of a file system whose labels do not count, and the label kept in a tmpfs inode; the
 * framework passes the name without "security.". -EOPNOTSUPP lets the file system answer from
 * what it stores.
 */
static int hook_inode_getsecurity(struct mnt_idmap *idmap, struct inode *inode,
				  const char *name, void **buffer, bool alloc)
{
	struct label *label;

	if (inode->i_sb->s_magic == SOCKFS_MAGIC)
		return label_socket_getsecurity(inode, name, buffer, alloc);
	if (label_sb_owner(inode->i_sb))
		return owned_getsecurity(inode, name, buffer, alloc);
	label = unstored_label(inode);
	if (!label || strcmp(name, XATTR_LABEL_SUFFIX))
		return -EOPNOTSUPP;
	return label_getsecurity_answer(label, buffer, alloc);
}

/*
 * overlayfs copies a lower file's attributes up as getxattr() reads them: from a file system
 * whose files carry their mounter's label, without the exec label and the transmute mark that
 * owned_getsecurity() says are not there, rather than failing the copy-up. The lower layer may
 * be an overlay itself: its file's attributes are its real file's.
 */
static int hook_inode_copy_up_xattr(struct dentry *src, const char *name)
{
	if (label_sb_owner(d_inode(d_real(src, D_REAL_METADATA))->i_sb) &&
	    (!strcmp(name, XATTR_NAME_LABELEXEC) || !strcmp(name, XATTR_NAME_LABELTRANSMUTE)))
		return -ECANCELED;
	return -EOPNOTSUPP;
}

/* listxattr() on tmpfs asks this for the names the file system does not store. */
static int hook_inode_listsecurity(struct inode *inode, char *buffer, size_t buffer_size)
{
	if (!unstored_label(inode))
		return 0;
	if (buffer && sizeof(XATTR_NAME_LABEL) <= buffer_size)
		memcpy(buffer, XATTR_NAME_LABEL, sizeof(XATTR_NAME_LABEL));
	return sizeof(XATTR_NAME_LABEL);
}

/*
 * overlayfs creates a file in its upper layer with its mounter's credentials, prepared here
 * from the creator's (@old): the new file takes the creator's label, or the overlay
 * directory's if it transmutes for the creator. Without this, every file made through the
 * overlay would take the mounter's label.
 */
static int hook_dentry_create_files_as(struct dentry *dentry, int mode,
				       struct qstr *name, const struct cred *old,
				       struct cred *new)
{
	struct label *label = label_of_cred(old);
	struct label *dlabel = transmuted_label(label, d_inode(dentry->d_parent));
	int rc = label_cred_set(new, dlabel ?: label, GFP_KERNEL);

	if (!rc)
		label_cred(new)->transmuted = !!dlabel;
	return rc;
}

/*
 * A file with no path, made by d_alloc_pseudo() for the task that creates it: a pipe, a
 * memfd, an io_uring ring or a userfaultfd (their own anonymous inodes). It is that task's, as
 * Smack makes pipes and tmpfs pseudo files: its holder acts with the creator's data or
 * authority, so passing it to another label asks what that label may do to the creator's.
 * Sockets are "*" instead, as Smack makes them: they are checked through their struct sock.
 */
static struct label *pathless_label(struct dentry *dentry, struct inode *inode)
{
	if (inode->i_sb->s_magic == SOCKFS_MAGIC)
		return label_star;
	if (dentry->d_flags & DCACHE_NORCU)
		return label_of_current();
	return NULL;
}

/*
 * The kernel's control files: writing one configures the kernel, many need only euid 0, and
 * some hand the kernel a program to run with every capability or a place to take code or data
 * from: /proc/sys/kernel/modprobe, binfmt_misc's register (its interpreter runs for every
 * matching exec), sysfs's uevent_helper and module parameters (firmware_class.path), configfs's
 * storage targets, tracefs's kprobe_events (which read kernel memory), EFI variables, cgroup
 * v1's release_agent (a program run with every capability); others act on tasks and mounts
 * past the checks on them: cgroup2's cgroup.kill signals a cgroup's tasks with no signal hook,
 * cgroup.procs moves a task where it is frozen or limited, resctrl's tasks moves one where it is
 * throttled or watched, fusectl's abort ends another's FUSE mount; nfsd's files configure the
 * NFS server, rpc_pipefs's answer its upcalls (gssd's credentials, idmapd's names), pstore's
 * erase the records of the last crash. Procfs counts whole: its /proc/<pid>/ files are the
 * task's (task_to_inode labels them first), the rest is /proc/sys and other kernel knobs.
 * Securityfs counts file by file (kernel_file_label()). The debugging file systems are read as
 * disks are (kernel_debug_fs()).
 */
static bool kernel_control_fs(const struct super_block *sb)
{
	switch (sb->s_magic) {
	case PROC_SUPER_MAGIC:
	case SYSFS_MAGIC:
	case BINFMTFS_MAGIC:
	case DEBUGFS_MAGIC:
	case TRACEFS_MAGIC:
	case EFIVARFS_MAGIC:
	case CGROUP_SUPER_MAGIC:
	case CGROUP2_SUPER_MAGIC:
	case RDTGROUP_SUPER_MAGIC:
	case PSTOREFS_MAGIC:
		return true;
	}
	/* These have no magic in a header: each defines its own. */
	return !strcmp(sb->s_type->name, "configfs") || !strcmp(sb->s_type->name, "fusectl") ||
	       !strcmp(sb->s_type->name, "nfsd") || !strcmp(sb->s_type->name, "rpc_pipefs");
}

/*
 * The kernel's debugging file systems hold other labels' data in files root reads: debugfs a
 * GPU's memory, every USB transfer (usbmon), drivers' state; tracefs the trace buffers, with
 * every task's events once tracing is on, which reading trace_pipe also takes from their
 * reader. Their files are label_storage, as a disk is: only the floor opens them, "^" reads
 * them, and a task that may override label passes, whatever a rule says, as a perf
 * tracepoint's raw data is refused (task.c).
 */
static bool kernel_debug_fs(const struct super_block *sb)
{
	return sb->s_magic == DEBUGFS_MAGIC || sb->s_magic == TRACEFS_MAGIC;
}

/**
 * label_default() - the label of a file without security.label
 * @inode: the file
 *
 * Its file system's owner's (label_sb_owner_at_mount()); else its mount's labeldef=; else
 * label_storage on the kernel's debugging file systems (kernel_debug_fs()), "_sysctl" on its
 * control file systems (see kernel_control_fs()), the floor on others. Not for the root, which
 * is the owner's, labelroot='s or the floor, as Smack's smk_root: labeldef= labels what is
 * under it, and a root of the default would shut out of the whole mount every label without a
 * rule to it.
 *
 * Return: the label, never NULL.
 */
struct label *label_default(const struct inode *inode)
{
	const struct super_block *sb = inode->i_sb;
	const struct label_sb *sbl = label_sb(sb);

	/* One lookup of the superblock's value: every new file of a floor task comes here. */
	if (sbl && sbl->owner)
		return sbl->owner;
	if (sb->s_root && d_inode(sb->s_root) == inode)
		return label_floor;
	return (sbl ? sbl->mount.labels[LABEL_MOUNT_DEF] : NULL) ?:
	       kernel_debug_fs(sb) ? &label_storage :
	       kernel_control_fs(sb) ? label_sysctl : label_floor;
}

/* The kernfs file systems: a kernfs inode's i_private is its node. */
static bool on_kernfs(const struct super_block *sb)
{
	switch (sb->s_magic) {
	case SYSFS_MAGIC:
	case CGROUP_SUPER_MAGIC:
	case CGROUP2_SUPER_MAGIC:
	case RDTGROUP_SUPER_MAGIC:
		return true;
	}
	return false;
}

/**
 * label_of_unlabelled() - the label of an inode that no dentry has labelled
 * @inode: the inode
 *
 * An inode is labelled when a dentry is instantiated with it. kernfs also hands out inodes
 * with none: cgroup_may_write() asks inode_permission() of a cgroup.procs through
 * kernfs_get_inode(), which makes a new inode when no dentry of it is cached. Counted as the
 * floor, it let a rule "A _ w" move another label's task out of its cgroup. On a kernel file
 * system such an inode is decided as its dentry would label it: by its kernfs node's
 * security.label, else as its file system's files without one (label_default()). Elsewhere, and
 * for a root still being mounted, it counts as the floor.
 *
 * Context: Any context a check runs in, RCU path walk included: allocates and sleeps not.
 * Return: the label, never NULL.
 */
struct label *label_of_unlabelled(const struct inode *inode)
{
	const struct super_block *sb = inode->i_sb;
	char buf[LABEL_NAME_MAX];
	struct label *label;
	int len;

	if (!kernel_control_fs(sb) || !sb->s_root || d_inode(sb->s_root) == inode)
		return label_floor;
	if (on_kernfs(sb)) {
		len = kernfs_xattr_get(inode->i_private, XATTR_NAME_LABEL, buf, sizeof(buf));
		label = len > 0 ? label_find(buf, len) : NULL;
		if (label)
			return label;
	}
	return label_default(inode);
}

/**
 * label_sb_owner_at_mount() - whose label the files of a new file system carry
 * @sb: the file system, at its first mount, by the current task
 *
 * Labels written on a file system count only where its mounter may set labels: the floor,
 * which is not confined in practice, or a task with CAP_MAC_ADMIN that onlycap admits, until
 * the policy is frozen (a disk image's labels would then be chosen after the freeze).
 * Otherwise the mounter chose what the file system holds (a tmpfs or overlay of its own, an
 * image, or a FUSE server that answers any security.label): every file read from it carries
 * the mounter's label, whatever its attributes say, as a file it wrote would, and no more
 * (a file another task creates there is its creator's while it lives). A FUSE
 * server answers for its files whoever mounted it, so FUSE's files always carry their
 * mounter's label (SELinux gives them one type too). The kernel's own mounts, and its control
 * file systems, whose files are labelled by class, have no owner.
 *
 * Context: Process context, from sb_set_mnt_opts, before the superblock is visible.
 * Return: the mounter's label, or NULL if the file system's own attributes count.
 */
struct label *label_sb_owner_at_mount(const struct super_block *sb)
{
	struct label *mounter = label_of_current();

	if ((sb->s_flags & SB_KERNMOUNT) || kernel_control_fs(sb))
		return NULL;
	if (!strcmp(sb->s_type->name, "fuse") || !strcmp(sb->s_type->name, "fuseblk"))
		return mounter;
	if (mounter == label_floor || (label_is_admin() && !label_frozen()))
		return NULL;
	return mounter;
}

/*
 * A file below a directory of /proc/<pid>/ that is not one of the task's own entries (those of
 * /proc/<pid>/net/, which report the task's network namespace: its sockets with their
 * addresses and UNIX paths, its devices' counters), which task_to_inode does not see: the
 * task's, as its entries are, with the pid its nearest directory recorded. But a file that
 * may be written: it configures the namespace (nfsd's export caches in net/rpc/, xt_recent's
 * lists), and every task reaches its own namespace's as its own (/proc/net is
 * /proc/self/net), to which the task's files are "*": it stays a control file (label_default()).
 * Directories stay as they are, as the task's own do.
 */
static struct label *task_dir_file(struct dentry *dentry, struct inode *inode)
{
	struct label_inode *li = label_inode(inode), *dir;
	struct dentry *d;
	struct pid *pid;

	if (S_ISDIR(inode->i_mode) || (inode->i_mode & 0222) || !li)
		return NULL;
	for (d = dentry->d_parent; !IS_ROOT(d); d = d->d_parent) {
		dir = label_inode(d_inode(d));
		pid = dir ? READ_ONCE(dir->task) : NULL;
		if (!pid)
			continue;
		pid = get_pid(pid);
		if (cmpxchg(&li->task, NULL, pid))
			put_pid(pid);
		return &label_task_file;
	}
	return NULL;
}

/*
 * A securityfs file changes a module's policy or state. Another module's is a kernel control
 * file ("_sysctl"): IMA's policy (whose first write replaces the boot policy), EVM's switches,
 * lockdown's level, which need no capability past the file's mode. This module's and the
 * stacker's decide their own files (CAP_MAC_ADMIN, the hosted module's rules) and stay the
 * floor, which every task reads and writes (label's access file).
 * So does another module's file that is a query (securityfs_query()).
 */
static struct label *securityfs_label(struct dentry *dentry)
{
	struct dentry *top = dentry;

	if (IS_ROOT(dentry))
		return NULL;
	while (!IS_ROOT(top->d_parent))
		top = top->d_parent;
	if (!strcmp(top->d_name.name, "label") || !strcmp(top->d_name.name, "stacker"))
		return NULL;
	return label_sysctl;
}

/*
 * SELinux's and Smack's own file systems: a file only root may write changes the module's
 * policy or state (SELinux's load, enforce and booleans ask SELinux's own permission alone,
 * which an unconfined domain holds, and no capability) and is a kernel control file, as
 * another module's securityfs files. Those any task may write stay the floor: the queries
 * (access, context, create) and what a task asks of its own (Smack's load-self), and null.
 */
static struct label *module_fs_label(const struct inode *inode)
{
	return inode->i_mode & 0002 ? NULL : label_sysctl;
}

/*
 * Another module's securityfs file that any task may write and that asks or changes nothing
 * but the writer's own: AppArmor's .access, which D-Bus asks, and TOMOYO's self_domain. It
 * stays the floor's. AppArmor's .load, .replace and .remove are world-writable too, and load
 * policy: they stay control files.
 */
static bool securityfs_query(const struct dentry *dentry, const struct inode *inode)
{
	return (inode->i_mode & 0002) && (!strcmp(dentry->d_name.name, ".access") ||
					  !strcmp(dentry->d_name.name, "self_domain"));
}

/* The label of a kernel file that its file system's options and attributes do not give. */
static struct label *kernel_file_label(struct dentry *dentry, struct inode *inode)
{
	switch (inode->i_sb->s_magic) {
	case PROC_SUPER_MAGIC:
		return task_dir_file(dentry, inode);
	case SECURITYFS_MAGIC:
		if (securityfs_query(dentry, inode))
			return NULL;
		return securityfs_label(dentry);
	case SELINUX_MAGIC:
	case SMACK_MAGIC:
		return module_fs_label(inode);
	}
	return NULL;
}

/**
 * label_devpts_pty() - whether an inode is a pty of devpts
 * @inode: the inode, made and instantiated for the task that opens ptmx (ptmx itself is made
 *	when devpts is mounted)
 * Return: true for a pty's node.
 */
bool label_devpts_pty(const struct inode *inode)
{
	return inode->i_sb->s_magic == DEVPTS_SUPER_MAGIC && S_ISCHR(inode->i_mode) &&
	       imajor(inode) != TTYAUX_MAJOR;
}

/*
 * Without xattrs: a POSIX message queue, made by mq_open() without inode_init_security, takes
 * its creator's label, as a file would; so do a pinned BPF object and a hugetlbfs file, which
 * their file systems make without it too, and which hold their creator's data (a map's
 * entries, a guest's memory). So does a pty, unless the mount's labeldef= names one, as under
 * Smack: the keystrokes and output of the session on it are its creator's, and as the floor it
 * was read by every label with a rule to "_". Anything else is the default.
 * The floor's BPF objects are kernel control files ("_sysctl"): an administrator's tools pin
 * the programs the kernel runs (a BPF LSM's, a cgroup's, kept by a link an unlink detaches) and
 * the maps they decide with, which a descriptor opened for writing changes with no other check.
 * Its directories stay the floor's, where a task of a rule to the floor pins its own.
 */
static struct label *label_without_xattrs(struct inode *inode)
{
	if (S_ISREG(inode->i_mode) && !strcmp(inode->i_sb->s_type->name, "mqueue"))
		return label_of_current();
	if (inode->i_sb->s_magic == BPF_FS_MAGIC && !S_ISDIR(inode->i_mode) &&
	    label_of_current() == label_floor)
		return label_sysctl;
	if (inode->i_sb->s_magic == BPF_FS_MAGIC || inode->i_sb->s_magic == HUGETLBFS_MAGIC)
		return label_of_current();
	if (label_devpts_pty(inode) && !label_sb_option(inode->i_sb, LABEL_MOUNT_DEF))
		return label_of_current();
	return label_default(inode);
}

/*
 * What an inode is whose label exists but cannot be known: security.label could not be read
 * (an I/O error) or its label not interned (out of memory). The floor would open the file to
 * every task; this label of an invalid name, which no task has and no rule names, gives it to
 * none but "^", which reads everything. Setting security.label relabels it.
 */
static struct label label_unreadable = { .len = 11, .name = "-unreadable" };

static struct label *unreadable(struct inode *inode, int err)
{
	pr_warn_ratelimited("cannot read the label of inode %lu on %s: %d: only \"^\" may read it until it is relabelled\n",
			    inode->i_ino, inode->i_sb->s_id, err);
	return &label_unreadable;
}

/* Whether a directory on disk carries security.labeltransmute "TRUE". */
static bool transmuting_on_disk(struct dentry *dentry, struct inode *inode)
{
	char buf[sizeof(LABEL_TRANSMUTE_TRUE)];
	int len = __vfs_getxattr(dentry, inode, XATTR_NAME_LABELTRANSMUTE, buf, sizeof(buf));

	return len == strlen(LABEL_TRANSMUTE_TRUE) && !memcmp(buf, LABEL_TRANSMUTE_TRUE, len);
}

/*
 * An inode found on disk: its label is its file system's owner's, if it has one; else it comes
 * from security.label, the default (labeldef=, or the floor) without one or with one that is
 * not a label (empty, too long, invalid), as on a disk from elsewhere.
 */
static void label_from_disk(struct dentry *dentry, struct inode *inode)
{
	char buf[LABEL_NAME_MAX + 1];
	struct label *label;
	struct label_obj *obj;
	int len;

	if (!inode || !inode->i_security)
		return;
	obj = label_inode_obj(inode);
	if (!obj || READ_ONCE(obj->label))
		return;
	label = pathless_label(dentry, inode);
	if (!label)
		label = kernel_file_label(dentry, inode);
	if (!label && !(inode->i_opflags & IOP_XATTR))
		label = label_without_xattrs(inode);
	if (!label)
		label = label_sb_owner(inode->i_sb);
	if (!label && S_ISDIR(inode->i_mode))
		label_inode_set_transmute(inode, transmuting_on_disk(dentry, inode));
	if (!label) {
		label = label_default(inode);
		len = __vfs_getxattr(dentry, inode, XATTR_NAME_LABEL, buf, sizeof(buf));
		if (len > 0) {
			label = label_intern_nofs(buf, len);
			if (IS_ERR(label))
				label = PTR_ERR(label) == -EINVAL ? label_default(inode) :
					unreadable(inode, PTR_ERR(label));
		} else if (len < 0 && len != -ENODATA && len != -EOPNOTSUPP && len != -ERANGE) {
			label = unreadable(inode, len);
		}
	}
	label_inode_set(inode, label);
}

/*
 * The root of a super block still being set up is left for hook_sb_kern_mount(): its file
 * system may not answer getxattr yet (overlayfs's root has no layers until fill_super returns,
 * and reading them then dereferenced NULL). Until it is labelled it counts as the floor.
 */
static void hook_d_instantiate(struct dentry *dentry, struct inode *inode)
{
	if (inode && IS_ROOT(dentry) && !(inode->i_sb->s_flags & SB_BORN))
		return;
	label_from_disk(dentry, inode);
}

/*
 * Every mount through mount(2) or fsmount(2), the root file system's included (files_test tries
 * both), after sb_set_mnt_opts. Mounts the kernel makes itself through vfs_kern_mount()
 * (automounts, internal pseudo file systems) do not come here: their roots stay at the floor,
 * which is also what a root without security.label gets. A labelroot= or labeltransmute= option
 * labels the root whatever its attribute says, once: a later mount of the same super block
 * finds it labelled. A FUSE root is not read: its daemon answers no request before its INIT,
 * which it reads from /dev/fuse only once mount(2) has returned, so asking for security.label
 * here would wait for ever (the root then stays the floor, as a root without the attribute).
 */
static int hook_sb_kern_mount(const struct super_block *sb)
{
	struct label *owner = label_sb_owner(sb);
	struct label *transmute = owner ? NULL : label_sb_option(sb, LABEL_MOUNT_TRANSMUTE);
	struct label *root = owner ?: transmute ?: label_sb_option(sb, LABEL_MOUNT_ROOT);
	struct inode *inode = d_inode(sb->s_root);
	struct label_inode *li = label_inode(inode);

	if (root && li && !READ_ONCE(li->obj.label)) {
		label_inode_set_transmute(inode, transmute && S_ISDIR(inode->i_mode));
		label_inode_set(inode, root);
	}
	if (sb->s_magic != FUSE_SUPER_MAGIC)
		label_from_disk(sb->s_root, inode);
	return 0;
}

/*
 * The access a permission mask of the VFS asks for. An O_APPEND open asks for a, and a write
 * through it is an append, which an "a" rule grants without w; even a read-only O_APPEND open
 * asks for a, as Smack's does. A device ignores O_APPEND: opening one for writing asks w
 * (label_write_access()).
 */
static u32 mask_to_access(const struct inode *inode, int mask)
{
	u32 access = 0;

	if (mask & MAY_READ)
		access |= LABEL_MAY_READ;
	if (mask & MAY_EXEC)
		access |= LABEL_MAY_EXEC;
	if (mask & MAY_WRITE)
		access |= label_write_access(inode, mask & MAY_APPEND);
	else if (mask & MAY_APPEND)
		access |= LABEL_MAY_APPEND;
	return access;
}

/*
 * Every lookup (x on each directory), open (the mode bits asked, so open(path, 3) asks rw) and
 * exec asks here, most of them during RCU path walk (MAY_NOT_BLOCK). The decision and its log
 * line take no lock and never sleep, and inode blobs are freed after a grace period, so the
 * walk is decided in RCU mode whatever the answer: a denial there is as final as in ref-walk.
 * Only with the mac-override switch on does a denial return -ECHILD, so that the override's
 * capable() is asked in ref-walk.
 */
static int hook_inode_permission(struct inode *inode, int mask)
{
	u32 access = mask_to_access(inode, mask);
	struct label *object = label_of_inode(inode);

	if (!access || label_allowed_inline(label_of_current(), object, access))
		return 0;
	return label_check_current_slow(object, access, "inode_permission", inode,
					 mask & MAY_NOT_BLOCK);
}

static int hook_inode_getattr(const struct path *path)
{
	return label_inode_check(d_backing_inode(path->dentry), LABEL_MAY_READ, "inode_getattr");
}

/*
 * Changing attributes needs w. The kernel's own removal of set-user-ID bits and privileges
 * after a write (ATTR_FORCE with ATTR_KILL_*) is part of a write already allowed.
 */
static int hook_inode_setattr(struct mnt_idmap *idmap, struct dentry *dentry,
			      struct iattr *attr)
{
	unsigned int valid = attr->ia_valid;

	if (valid & ATTR_FORCE)
		valid &= ~(ATTR_KILL_SUID | ATTR_KILL_SGID | ATTR_KILL_PRIV | ATTR_MODE |
			   ATTR_FORCE);
	if (!valid)
		return 0;
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE, "inode_setattr");
}

/*
 * The directory of a namespace change is checked by inode_permission (the VFS asks wx). The
 * inode that the change links, removes or replaces needs w too: a task that may change a
 * directory may not thereby remove or replace another label's file in it.
 */
static int target_check(struct dentry *dentry, const char *hook)
{
	if (d_is_negative(dentry))
		return 0;
	return label_inode_check(d_backing_inode(dentry), LABEL_MAY_WRITE, hook);
}

static DEFINE_RATELIMIT_STATE(mknod_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * A device node opens the device whatever the label of the node, and a new node takes its
 * creator's label: a task could reach a device whose own node it may not open (the raw disk,
 * and through it every file and label on it) by naming it again. A task of another label than
 * "_" creates block and character device nodes only with CAP_MAC_ADMIN, and not once the
 * policy is frozen, as it may set labels (label_may_relabel()): the raw disk rewrites them.
 * Overlayfs's whiteouts (character device 0:0) open nothing and stay free.
 */
static int hook_inode_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	if ((!S_ISBLK(mode) && !S_ISCHR(mode)) || dev == WHITEOUT_DEV ||
	    label_of_current() == label_floor)
		return 0;
	return label_may_relabel("creating a device node", &mknod_refusals);
}

static int hook_inode_link(struct dentry *old_dentry, struct inode *dir,
			   struct dentry *new_dentry)
{
	return target_check(old_dentry, "inode_link");
}

static int hook_inode_unlink(struct inode *dir, struct dentry *dentry)
{
	return target_check(dentry, "inode_unlink");
}

static int hook_inode_rmdir(struct inode *dir, struct dentry *dentry)
{
	return target_check(dentry, "inode_rmdir");
}

static int hook_inode_rename(struct inode *old_dir, struct dentry *old_dentry,
			     struct inode *new_dir, struct dentry *new_dentry)
{
	return target_check(old_dentry, "inode_rename") ?:
	       target_check(new_dentry, "inode_rename");
}

static int hook_sb_alloc_security(struct super_block *sb)
{
	struct label_sb *obj = security_attach_value(sb->s_security, STACKER_SUPERBLOCK,
						     &label_values, GFP_KERNEL);

	if (!obj)
		return -ENOMEM;
	memset(obj, 0, sizeof(*obj));
	return 0;
}

/*
 * Whether a file system may be trusted with exec transitions at all: mounted in the initial
 * user namespace, by a mounter the kernel trusts, with content the kernel serves itself (FUSE
 * marks its superblocks SB_I_IMA_UNVERIFIABLE_SIGNATURE: its server may answer any xattr).
 *
 * And whose own labels count: not one whose files are their mounter's (label_sb_owner()), a
 * confined root's image or 9p share, whose exec labels would be its mounter's choice as well.
 */
static bool sb_may_be_trusted(struct super_block *sb)
{
	return sb->s_user_ns == &init_user_ns && !label_sb_owner(sb) &&
	       !(sb->s_iflags & (SB_I_IMA_UNVERIFIABLE_SIGNATURE | SB_I_UNTRUSTED_MOUNTER));
}

/* The root file system: that of the initial fs_struct, which pid 1's chroot and pivot_root move. */
static bool is_root_sb(struct super_block *sb)
{
	struct path root;
	bool is_root;

	get_fs_root(&init_fs, &root);
	is_root = root.mnt->mnt_sb == sb;
	path_put(&root);
	return is_root;
}

/**
 * label_sees_system_root() - whether the current task's root directory is the system's
 *
 * Not after chroot() into another directory, nor in a mount namespace whose root pivot_root()
 * replaced: the task then finds a program's loader, libraries and configuration where it (or
 * whoever made its namespace) arranged them. Nor after chroot() into a bind mount of / (or a
 * copy of it that open_tree() detached): its root directory is the system's, but not the
 * mounts over its directories, so the caller chose what shows there (a /usr or /etc of the
 * root file system that a mount hid, no /proc); current_chrooted() tells the root of the
 * mount namespace from any other. A copy of the initial mount namespace (unshare(CLONE_NEWNS))
 * has the same root; what its mounts may cover is decided as they are made (mount.c).
 *
 * Context: Process context.
 * Return: true if the task's root is that of the initial fs_struct and of its mount namespace.
 */
bool label_sees_system_root(void)
{
	struct path root, system;
	bool same;

	get_fs_root(current->fs, &root);
	get_fs_root(&init_fs, &system);
	same = root.dentry == system.dentry;
	path_put(&system);
	path_put(&root);
	return same && !current_chrooted();
}

/**
 * label_sb_carries_transitions() - whether security.labelexec counts on a file system
 * @sb: the file system
 *
 * A task that may mount a file system must not thereby name the label its execs move to: the
 * attribute counts on the root file system and on those an administrator marked trusted, and
 * never on one that may not be trusted (sb_may_be_trusted()).
 *
 * Context: Process context.
 * Return: true if the exec label of a file on @sb is honoured.
 */
bool label_sb_carries_transitions(struct super_block *sb)
{
	struct label_sb *obj = label_sb(sb);

	if (!sb_may_be_trusted(sb))
		return false;
	return (obj && READ_ONCE(obj->trusted)) || is_root_sb(sb);
}

/**
 * label_trust_path() - mark the file system holding a path trusted for exec transitions
 * @name: the path, in the caller's namespace
 *
 * The mark lasts as long as the superblock: until the file system is unmounted everywhere.
 *
 * Context: Process context; the caller checked the writer's privilege. Takes the rule set's
 * mutex (label_policy_change_begin()) after the lookup, which may wait on any file system.
 * Return: 0, -EPERM if the file system may not be trusted or the policy froze meanwhile, or
 * the path lookup's error.
 */
int label_trust_path(const char *name)
{
	struct label_sb *obj;
	struct path path;
	int rc;

	rc = kern_path(name, LOOKUP_FOLLOW, &path);
	if (rc)
		return rc;
	obj = label_sb(path.dentry->d_sb);
	if (!sb_may_be_trusted(path.dentry->d_sb) || WARN_ON_ONCE(!obj))
		rc = -EPERM;
	else
		rc = label_policy_change_begin("trust");
	if (!rc) {
		WRITE_ONCE(obj->trusted, true);
		label_policy_change_end();
	}
	path_put(&path);
	return rc;
}

/*
 * statfs() reads the file system's root, or the label of its labelfloor= option, as Smack
 * reads its floor.
 */
static int hook_sb_statfs(struct dentry *dentry)
{
	struct super_block *sb = dentry->d_sb;
	struct label *floor = label_sb_option(sb, LABEL_MOUNT_FLOOR);

	if (floor)
		return label_check_current(floor, LABEL_MAY_READ, "sb_statfs", NULL);
	return label_inode_check(d_backing_inode(sb->s_root), LABEL_MAY_READ, "sb_statfs");
}

/*
 * A watch reads what it reports. On one inode (inotify, dnotify, a fanotify inode mark) that is
 * the inode: r, which inotify and fanotify also ask through the path's permission before this
 * hook, and which dnotify, given a descriptor, asks of no one else, so that a rule removed
 * since the directory was opened stops a new watch. A fanotify mark on a mount or a whole file
 * system (with CAP_SYS_ADMIN) reports the names, accesses and accessors of every label's files
 * below it, which no rule can name: only a task label does not confine places one, as a perf
 * event on a whole CPU. So does a mark for permission events, on anything: its listener decides
 * every task's opens, reads and execs of the file, or of each entry of a directory, whatever
 * their labels, and learns of each (SELinux asks watch_with_perm for it). Events are not
 * decided as they are delivered (no hook sees them): a watch placed while a rule held keeps
 * reporting after it is removed, as a mapping stays.
 */
static int hook_path_notify(const struct path *path, u64 mask, unsigned int obj_type)
{
	if (mask & ALL_FSNOTIFY_PERM_EVENTS)
		return label_check_unconfined("path_notify");
	if (obj_type == FSNOTIFY_OBJ_TYPE_INODE)
		return label_inode_check(d_backing_inode(path->dentry), LABEL_MAY_READ,
					 "path_notify");
	return label_check_unconfined("path_notify");
}

static struct security_hook_list label_fs_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(inode_alloc_security, hook_inode_alloc_security),
	LSM_HOOK_INIT(inode_free_security, hook_inode_free_security),
	LSM_HOOK_INIT(inode_init_security, hook_inode_init_security),
	LSM_HOOK_INIT(d_instantiate, hook_d_instantiate),
	LSM_HOOK_INIT(inode_getsecurity, hook_inode_getsecurity),
	LSM_HOOK_INIT(inode_listsecurity, hook_inode_listsecurity),
	LSM_HOOK_INIT(inode_copy_up_xattr, hook_inode_copy_up_xattr),
	LSM_HOOK_INIT(dentry_create_files_as, hook_dentry_create_files_as),
	LSM_HOOK_INIT(inode_permission, hook_inode_permission),
	LSM_HOOK_INIT(inode_getattr, hook_inode_getattr),
	LSM_HOOK_INIT(inode_setattr, hook_inode_setattr),
	LSM_HOOK_INIT(inode_mknod, hook_inode_mknod),
	LSM_HOOK_INIT(inode_link, hook_inode_link),
	LSM_HOOK_INIT(inode_unlink, hook_inode_unlink),
	LSM_HOOK_INIT(inode_rmdir, hook_inode_rmdir),
	LSM_HOOK_INIT(inode_rename, hook_inode_rename),
	LSM_HOOK_INIT(sb_alloc_security, hook_sb_alloc_security),
	LSM_HOOK_INIT(sb_kern_mount, hook_sb_kern_mount),
	LSM_HOOK_INIT(sb_statfs, hook_sb_statfs),
	LSM_HOOK_INIT(path_notify, hook_path_notify),
};

/**
 * label_add_fs_hooks() - register the inode hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_fs_hooks(void)
{
	label_add_hooks(label_fs_hooks, ARRAY_SIZE(label_fs_hooks));
}
