// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: mounts - the options that label a file system that cannot store labels or should not
 * be believed, as Smack's smackfsdef= family: labeldef=, labelroot=, labelfloor=, labelhat= and
 * labeltransmute=; and the changes of the mount tree, which change what a path shows.
 *
 * The framework gives each LSM mount options of its own (CONFIG_SECURITY_MNT_OPTS_PER_LSM), so
 * these live beside SELinux's context= options: fc->security is this module's struct
 * label_mount while its hooks run.
 */

#include "label.h"

#include <linux/fs_context.h>
#include <linux/fs_parser.h>
#include <linux/fs_struct.h>
#include <linux/magic.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/ratelimit.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <uapi/linux/mount.h>

static const char *const option_names[__LABEL_MOUNT_MAX] = {
	[LABEL_MOUNT_DEF] = "labeldef",
	[LABEL_MOUNT_ROOT] = "labelroot",
	[LABEL_MOUNT_FLOOR] = "labelfloor",
	[LABEL_MOUNT_HAT] = "labelhat",
	[LABEL_MOUNT_TRANSMUTE] = "labeltransmute",
};

static DEFINE_RATELIMIT_STATE(option_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * Intern @value as the label of option @opt in *@mnt_opts. An option names a label, which is
 * policy: its writer needs what relabelling a file needs (CAP_MAC_ADMIN, a label onlycap
 * allows, no freeze). It is checked as the option is parsed, in the task that names the label,
 * before the label is interned: a task that may mount only in its own user namespace cannot
 * fill the label table through mount options.
 *
 * Return: 0, -EPERM, -EINVAL if @value is NULL or not a label, or -ENOMEM.
 */
static int add_option(void **mnt_opts, int opt, const char *value)
{
	struct label_mount *opts = *mnt_opts;
	struct label *label;
	int rc;

	rc = label_may_relabel("mount option", &option_refusals);
	if (rc)
		return rc;
	if (!value)
		return -EINVAL;
	label = label_intern(value, strlen(value));
	if (IS_ERR(label))
		return PTR_ERR(label);
	if (!opts) {
		opts = kzalloc(sizeof(*opts), GFP_KERNEL);
		if (!opts)
			return -ENOMEM;
		*mnt_opts = opts;
	}
	opts->labels[opt] = label;
	return 0;
}

/* mount(2) and fsconfig(2) of a file system on the mount API. */
static int hook_fs_context_parse_param(struct fs_context *fc, struct fs_parameter *param)
{
	int opt = match_string(option_names, ARRAY_SIZE(option_names), param->key);
	int rc;

	if (opt < 0)
		return -ENOPARAM;
	rc = add_option(&fc->security, opt,
			param->type == fs_value_is_string ? param->string : NULL);
	if (rc == -EINVAL)
		return invalf(fc, "label: %s= needs a label", param->key);
	return rc;
}

/*
 * mount(2) of a file system still on the legacy interface (devpts, ext2, f2fs, ubifs, ...):
 * take this module's options out of the comma-separated @options, leaving the others in order.
 * A label with a comma can only be given through fsconfig(2) on a file system on the mount API.
 */
static int hook_sb_eat_lsm_opts(char *options, void **mnt_opts)
{
	char *from = options, *to = options, *next, *eq;
	size_t len;
	int opt, rc;

	for (; from; from = next) {
		next = strchr(from, ',');
		if (next)
			*next++ = '\0';
		len = strlen(from);
		eq = strchr(from, '=');
		if (eq)
			*eq = '\0';
		opt = match_string(option_names, ARRAY_SIZE(option_names), from);
		if (opt >= 0) {
			rc = add_option(mnt_opts, opt, eq ? eq + 1 : NULL);
			if (rc == -EINVAL)
				pr_err("%s= needs a label\n", from);
			if (rc)
				return rc;
			continue;
		}
		if (eq)
			*eq = '=';
		if (to != options)
			*to++ = ',';
		memmove(to, from, len);
		to += len;
	}
	*to = '\0';
	return 0;
}

static int hook_fs_context_dup(struct fs_context *fc, struct fs_context *src_fc)
{
	const struct label_mount *src = src_fc->security;

	if (!src)
		return 0;
	fc->security = kmemdup(src, sizeof(*src), GFP_KERNEL);
	return fc->security ? 0 : -ENOMEM;
}

static void hook_sb_free_mnt_opts(void *mnt_opts)
{
	kfree(mnt_opts);
}

/*
 * A file system the kernel mounts below another when a path is walked into it (an NFS export
 * nested in another, virtiofs's submounts, AFS and CIFS referrals) is mounted for whichever
 * task walks there first, with no options of its own: it takes its parent's, and its parent's
 * owner, not that task's label (label_sb_owner_at_mount()), as Smack and SELinux give a
 * submount its parent's labels. Otherwise the first task of any label to look inside would own
 * every file below, or find them unlabelled where the parent's labeldef= labelled them.
 */
static int hook_fs_context_submount(struct fs_context *fc, struct super_block *reference)
{
	const struct label_sb *parent = label_sb(reference);
	struct label_mount *opts;

	if (WARN_ON_ONCE(!parent || fc->security))
		return -EINVAL;
	opts = kmemdup(&parent->mount, sizeof(*opts), GFP_KERNEL);
	if (!opts)
		return -ENOMEM;
	opts->submount = true;
	opts->owner = parent->owner;
	fc->security = opts;
	return 0;
}

/*
 * NFS sets up a submount's super block itself: it gets the labels of the one it is found in,
 * or must have them already if NFS shares it with another mount.
 */
static int hook_sb_clone_mnt_opts(const struct super_block *oldsb, struct super_block *newsb,
				  unsigned long kern_flags, unsigned long *set_kern_flags)
{
	const struct label_sb *parent = label_sb(oldsb);
	struct label_sb *sbl = label_sb(newsb);

	if (WARN_ON_ONCE(!parent || !sbl))
		return -ENOMEM;
	if (!sbl->mounted) {
		sbl->mount = parent->mount;
		sbl->owner = parent->owner;
		sbl->mounted = true;
		return 0;
	}
	return sbl->owner == parent->owner && !memcmp(sbl->mount.labels, parent->mount.labels,
						      sizeof(sbl->mount.labels)) ? 0 : -EINVAL;
}

/*
 * Whether @opts, a mount's options or NULL, name the labels @sbl's first mount named.
 * A submount's inherited owner is not an option: a later mount of its super block names none.
 */
static bool same_options(const struct label_sb *sbl, const struct label_mount *opts)
{
	static const struct label_mount none;

	return !memcmp(sbl->mount.labels, (opts ?: &none)->labels, sizeof(none.labels));
}

/*
 * A disk's file system mounted by a task that may not set labels would be that task's, every
 * file of every label on it (label_sb_owner_at_mount()): the mount reads and writes the disk as
 * opening its node would, and is decided as a floor block device's open (label_storage, for
 * the floor alone), whichever node named it. Read-only or not: a remount read-write is not
 * decided again (its hook is not told the new flags), so a hat task, which reads the disk,
 * would write it. A disk already mounted is another view of the same super block, whose files
 * keep their labels.
 */
static int disk_check(struct super_block *sb)
{
	return label_check_current(&label_storage, LABEL_MAY_READ | LABEL_MAY_WRITE,
				   "sb_set_mnt_opts", NULL);
}

#define UBIFS_MAGIC 0x24051905	/* fs/ubifs/ubifs.h's UBIFS_SUPER_MAGIC, in no shared header */

/*
 * A share of the host, which a virtual machine's device carries as a disk would (virtiofs,
 * 9p over virtio or Xen, VirtualBox's shared folders): its files carry every label, and a
 * new mount opens no file its mounter must be allowed. 9p over a socket of the mounter's
 * counts too: its type does not say its transport.
 */
static bool host_share(const struct super_block *sb)
{
	const char *type = sb->s_type->name;

	return !strcmp(type, "virtiofs") || !strcmp(type, "9p") || !strcmp(type, "vboxsf");
}

/*
 * Whether @sb is a disk's (disk_check()): on its block device (s_bdev); btrfs, which opens
 * each of its devices itself by path and keeps them in a list of its own, under an anonymous
 * super block; a flash file system, with no block device: JFFS2 and others on an MTD device
 * (s_mtd), UBIFS on a UBI volume that it opens by name ("ubi0:data"), no node at all; or a
 * share of the host.
 */
static bool on_disk(const struct super_block *sb)
{
	return sb->s_bdev || sb->s_mtd || sb->s_magic == UBIFS_MAGIC ||
	       sb->s_magic == BTRFS_SUPER_MAGIC || host_share(sb);
}

/*
 * eCryptfs opens a lower file its caller may not open for writing with its kernel thread's
 * credentials, the floor's (ecryptfs_privileged_open()), then reads and writes it through
 * that descriptor, with no check of the caller: a mount by a task that may not set labels
 * would give it the floor's access to whatever it stacks on, through any open that skips the
 * permission check (a fanotify event's descriptor, FUSE's backing files). Only an unconfined
 * task mounts it.
 */
static int stacking_check(struct super_block *sb)
{
	return sb->s_magic == ECRYPTFS_SUPER_MAGIC ? label_check_unconfined("sb_set_mnt_opts") : 0;
}

static DEFINE_RATELIMIT_STATE(mount_again_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * A later mount of a super block (the same disk again) shows files already labelled, but its
 * flags are its mounter's, and the hooks that see the super block are not told them: where exec
 * labels count (label_sb_carries_transitions()), a view without nosuid of a file system the
 * administrator mounted nosuid would give them to whoever runs its files. A confined task needs
 * CAP_MAC_ADMIN there, as for clearing nosuid (nosuid_clear_check()), until the policy is
 * frozen. The floor, which mounts the system's file systems, is not asked, as
 * mountpoint_check() does not ask it: each btrfs subvolume mount is the root super block's
 * again, as may an NFS root's mounts be.
 */
static int mount_again_check(struct super_block *sb)
{
	if (label_of_current() == label_floor || !label_sb_carries_transitions(sb))
		return 0;
	return label_may_relabel("another mount of a file system with exec labels",
			       &mount_again_refusals);
}

/*
 * The first mount of a super block sets its labels, under s_umount, before the super block
 * is visible; a later mount of the same super block (the same device again) or a remount must
 * name the same ones, or none: the files already labelled would not follow.
 */
static int set_mnt_opts(struct super_block *sb, void *mnt_opts, bool remount)
{
	struct label_sb *sbl = label_sb(sb);
	const struct label_mount *opts;
	struct label *owner;

	if (WARN_ON_ONCE(!sbl))
		return -ENOMEM;
	if (!sbl->mounted) {
		/*
		 * Labelled before the disk's check: a refusal ends the new super block
		 * (vfs_get_tree() drops its only active reference, so no other mount can have
		 * found it), but a permissive label's refusal becomes 0 in the stacker's verdict,
		 * and the disk is then its mounter's, never labelled by what it carries.
		 */
		opts = mnt_opts;
		owner = label_sb_owner_at_mount(sb);
		if (opts && opts->submount)
			owner = opts->owner;
		if (opts)
			sbl->mount = *opts;
		sbl->owner = owner;
		sbl->mounted = true;
		if (!owner)
			return 0;
		return on_disk(sb) ? disk_check(sb) : stacking_check(sb);
	}
	if (mnt_opts && !same_options(sbl, mnt_opts)) {
		pr_notice_ratelimited("mount of %s refused: it is mounted with other label options\n",
				      sb->s_id);
		return -EINVAL;
	}
	return remount ? 0 : mount_again_check(sb);
}

static int hook_sb_set_mnt_opts(struct super_block *sb, void *mnt_opts,
				unsigned long kern_flags, unsigned long *set_kern_flags)
{
	return set_mnt_opts(sb, mnt_opts, false);
}

static int hook_sb_remount(struct super_block *sb, void *mnt_opts)
{
	return set_mnt_opts(sb, mnt_opts, true);
}

/* NFS asks whether a super block may be shared by a mount with these options: 0 if it may. */
static int hook_sb_mnt_opts_compat(struct super_block *sb, void *mnt_opts)
{
	const struct label_sb *sbl = label_sb(sb);

	return !sbl || same_options(sbl, mnt_opts) ? 0 : 1;
}

/* /proc/mounts shows the options, escaped, so that mount(8) can give them back on a remount. */
static int hook_sb_show_options(struct seq_file *m, struct super_block *sb)
{
	const struct label_sb *sbl = label_sb(sb);
	int i;

	for (i = 0; sbl && i < __LABEL_MOUNT_MAX; i++)
		if (sbl->mount.labels[i])
			seq_show_option(m, option_names[i], sbl->mount.labels[i]->name);
	return 0;
}

/*
 * A mount placed on a path, moved to or from it or taken off it, or a new root for the tasks
 * that share the caller's, changes what every task that walks the path finds there, as writing
 * the directory or file would: each needs w to what it covers or uncovers. Without it a root
 * that may mount (CAP_SYS_ADMIN) puts its own loader, library or configuration where a program
 * with an exec label looks for them, in a mount namespace of its own, and runs its code with
 * that label; or unmounts another label's FUSE file system with MNT_FORCE, which aborts it.
 * Changes of propagation and remounts change how a path shows, not what: label's own options
 * are decided as they are parsed (CAP_MAC_ADMIN). The floor, not confined in practice (the
 * threat model), is not asked: the system's services mount and unmount everywhere, systemd
 * everything at shutdown.
 */
static int mountpoint_check(const struct path *path, const char *hook)
{
	if (label_of_current() == label_floor)
		return 0;
	return label_inode_check(d_backing_inode(path->dentry), LABEL_MAY_WRITE, hook);
}

/*
 * Where the mount whose root @path is sits: what unmounting or moving it uncovers. A mount
 * detached from any tree (open_tree(), fsmount()) or the root of one uncovers nothing.
 */
static int mounted_on_check(const struct path *path, const char *hook)
{
	struct path mp = *path;
	int rc = 0;

	path_get(&mp);
	if (follow_up(&mp))
		rc = mountpoint_check(&mp, hook);
	path_put(&mp);
	return rc;
}

static DEFINE_RATELIMIT_STATE(nosuid_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * nosuid keeps exec transitions off the files below a mount, as it keeps set-user-ID bits off
 * (exec_label()). Clearing it, by a remount or mount_setattr(), on a file system that carries
 * transitions gives the labels its security.labelexec attributes name to whoever runs the
 * files: it needs CAP_MAC_ADMIN, as marking a file system trusted does, and is refused to
 * every task, the floor's too, once the policy is frozen, as trust is. A recursive change may
 * reach such a file system below any other, and needs it wherever it starts.
 */
static int nosuid_clear_check(const struct path *path, bool recurse)
{
	if (!recurse && (!(READ_ONCE(path->mnt->mnt_flags) & MNT_NOSUID) ||
			 !label_sb_carries_transitions(path->mnt->mnt_sb)))
		return 0;
	return label_may_relabel("clearing nosuid", &nosuid_refusals);
}

/*
 * Decided as path_mount() acts, in its order: a remount changes no path; a bind mount places one,
 * whatever propagation or move flags come with it (path_mount() ignores them then); a change of
 * propagation alone changes how a path shows, not what; a move, whether asked by mount(MS_MOVE)
 * or move_mount(), is decided by hook_move_mount() on the mount that moves (here the source is
 * still a name, which a symlink or a FUSE server's readlink could lead elsewhere the next time
 * it is looked up); a new mount places one.
 */
static int hook_sb_mount(const char *dev_name, const struct path *path, const char *type,
			 unsigned long flags, void *data)
{
	/* A remount, bind or not, clears nosuid when its flags leave it out. */
	if ((flags & MS_REMOUNT) && !(flags & MS_NOSUID))
		return nosuid_clear_check(path, false);
	if (flags & MS_REMOUNT)
		return 0;
	if (!(flags & MS_BIND) &&
	    (flags & (MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE | MS_MOVE)))
		return 0;
	return mountpoint_check(path, "sb_mount");
}

/*
 * A move places the mount on @to_path; with MOVE_MOUNT_BENEATH, which the hook is not told,
 * between the mount whose root @to_path is and what that one covers, which unmounting the top
 * one then shows. Where @to_path is a mount's root, w is asked to what that mount covers too.
 */
static int hook_move_mount(const struct path *from_path, const struct path *to_path)
{
	return mountpoint_check(to_path, "move_mount") ?:
	       (to_path->dentry == to_path->mnt->mnt_root ?
		mounted_on_check(to_path, "move_mount") : 0) ?:
	       mounted_on_check(from_path, "move_mount");
}

/*
 * mount_setattr() changes the flags a remount of a bind mount changes, and is decided alike; a
 * flag it both sets and clears ends up set.
 */
static int hook_mount_setattr(const struct path *path, unsigned int set, unsigned int clear,
			      bool recurse)
{
	if (!(clear & MNT_NOSUID) || (set & MNT_NOSUID))
		return 0;
	return nosuid_clear_check(path, recurse);
}

/*
 * MNT_FORCE acts on the file system, not on this one mount of it (FUSE aborts its connection,
 * NFS its requests): through a bind mount of its own, a caller would end another label's. It
 * needs w to the file system's root as well.
 */
static int hook_sb_umount(struct vfsmount *mnt, int flags)
{
	struct path root = { .mnt = mnt, .dentry = mnt->mnt_root };
	struct path fs_root = { .mnt = mnt, .dentry = mnt->mnt_sb->s_root };

	return mounted_on_check(&root, "sb_umount") ?:
	       (flags & MNT_FORCE ? mountpoint_check(&fs_root, "sb_umount") : 0);
}

/*
 * pivot_root() gives a new root to every task whose root is the caller's (all of them, in the
 * initial mount namespace), and mounts the old one on @old_path.
 */
static int hook_sb_pivotroot(const struct path *old_path, const struct path *new_path)
{
	struct path root;
	int rc;

	get_fs_root(current->fs, &root);
	rc = mountpoint_check(&root, "sb_pivotroot");
	path_put(&root);
	return rc ?: mountpoint_check(old_path, "sb_pivotroot") ?:
	       mounted_on_check(new_path, "sb_pivotroot");
}

static struct security_hook_list label_mount_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(fs_context_parse_param, hook_fs_context_parse_param),
	LSM_HOOK_INIT(sb_eat_lsm_opts, hook_sb_eat_lsm_opts),
	LSM_HOOK_INIT(fs_context_dup, hook_fs_context_dup),
	LSM_HOOK_INIT(fs_context_submount, hook_fs_context_submount),
	LSM_HOOK_INIT(sb_clone_mnt_opts, hook_sb_clone_mnt_opts),
	LSM_HOOK_INIT(sb_free_mnt_opts, hook_sb_free_mnt_opts),
	LSM_HOOK_INIT(sb_set_mnt_opts, hook_sb_set_mnt_opts),
	LSM_HOOK_INIT(sb_remount, hook_sb_remount),
	LSM_HOOK_INIT(sb_mnt_opts_compat, hook_sb_mnt_opts_compat),
	LSM_HOOK_INIT(sb_show_options, hook_sb_show_options),
	LSM_HOOK_INIT(sb_mount, hook_sb_mount),
	LSM_HOOK_INIT(move_mount, hook_move_mount),
	LSM_HOOK_INIT(mount_setattr, hook_mount_setattr),
	LSM_HOOK_INIT(sb_umount, hook_sb_umount),
	LSM_HOOK_INIT(sb_pivotroot, hook_sb_pivotroot),
};

/**
 * label_add_mount_hooks() - register the mount hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_mount_hooks(void)
{
	label_add_hooks(label_mount_hooks, ARRAY_SIZE(label_mount_hooks));
}
