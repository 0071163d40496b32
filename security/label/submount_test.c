// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit tests of submounts. A file system the kernel mounts below another as a path is
 * walked (NFS, virtiofs, AFS, CIFS) takes that one's label options and owner, whoever walks
 * there first. On tmpfs, through the kernel's own fs_context_for_submount() and
 * vfs_get_tree(), as those file systems call them, with the hooks of the running kernel.
 */

#include "label.h"

#include <kunit/test.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/mount.h>
#include <linux/string.h>

static struct label *lbl(struct kunit *test, const char *name)
{
	struct label *label = label_intern(name, strlen(name));

	KUNIT_ASSERT_FALSE(test, IS_ERR(label));
	return label;
}

/* Credentials of @label, without CAP_MAC_ADMIN unless @admin: the caller puts them. */
static const struct cred *creds_of(struct kunit *test, const char *label, bool admin)
{
	struct cred *cred = prepare_creds();

	KUNIT_ASSERT_NOT_NULL(test, cred);
	if (!admin)
		cap_lower(cred->cap_effective, CAP_MAC_ADMIN);
	if (label_cred_set(cred, lbl(test, label), GFP_KERNEL)) {
		abort_creds(cred);
		KUNIT_FAIL_AND_ABORT(test, "no label for the test's credentials");
	}
	return cred;
}

/* A tmpfs mounted with @cred, with labeldef=@def unless NULL. */
static struct vfsmount *mount_as(struct kunit *test, const struct cred *cred, const char *def)
{
	struct file_system_type *type = get_fs_type("tmpfs");
	const struct cred *old;
	struct fs_context *fc;
	struct vfsmount *mnt;
	int rc = 0;

	KUNIT_ASSERT_NOT_NULL(test, type);
	old = override_creds(cred);
	fc = fs_context_for_mount(type, 0);
	put_filesystem(type);
	if (IS_ERR(fc)) {
		revert_creds(old);
		KUNIT_FAIL_AND_ABORT(test, "no fs_context: %ld", PTR_ERR(fc));
	}
	if (def)
		rc = vfs_parse_fs_string(fc, "labeldef", def, strlen(def));
	mnt = rc ? ERR_PTR(rc) : fc_mount(fc);
	put_fs_context(fc);
	revert_creds(old);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(mnt), "mount: %ld", PTR_ERR(mnt));
	return mnt;
}

/*
 * What the kernel does when @walker's task walks into a submount below @parent: the labels the
 * submount's super block gets, copied before its context goes.
 */
static struct label_sb submount_as(struct kunit *test, struct vfsmount *parent,
				   const char *walker)
{
	const struct cred *cred = creds_of(test, walker, false), *old;
	struct label_sb got = { };
	struct fs_context *fc;
	struct vfsmount *mnt;

	old = override_creds(cred);
	fc = fs_context_for_submount(parent->mnt_sb->s_type, parent->mnt_root);
	mnt = IS_ERR(fc) ? ERR_CAST(fc) : fc_mount(fc);
	revert_creds(old);
	put_cred(cred);
	if (!IS_ERR(fc))
		put_fs_context(fc);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(mnt), "submount: %ld", PTR_ERR(mnt));
	if (label_sb(mnt->mnt_sb))
		got = *label_sb(mnt->mnt_sb);
	mntput(mnt);
	KUNIT_ASSERT_TRUE(test, got.mounted);
	return got;
}

/* A parent mounted by the floor with labeldef=: the submount has its labeldef= and no owner. */
static void label_submount_takes_parent_options(struct kunit *test)
{
	const struct cred *floor = creds_of(test, "_", true);
	struct vfsmount *parent = mount_as(test, floor, "kt_sub_def");
	struct label_sb sub = submount_as(test, parent, "kt_sub_walker");

	put_cred(floor);
	mntput(parent);
	KUNIT_EXPECT_PTR_EQ(test, lbl(test, "kt_sub_def"), sub.mount.labels[LABEL_MOUNT_DEF]);
	KUNIT_EXPECT_NULL(test, sub.owner);
}

/* A parent a confined task mounted is that task's: so is the submount, not its walker's. */
static void label_submount_takes_parent_owner(struct kunit *test)
{
	const struct cred *mounter = creds_of(test, "kt_sub_mounter", false);
	struct vfsmount *parent = mount_as(test, mounter, NULL);
	struct label_sb sub = submount_as(test, parent, "kt_sub_walker");

	put_cred(mounter);
	KUNIT_EXPECT_PTR_EQ(test, lbl(test, "kt_sub_mounter"), label_sb(parent->mnt_sb)->owner);
	mntput(parent);
	KUNIT_EXPECT_PTR_EQ(test, lbl(test, "kt_sub_mounter"), sub.owner);
}

/*
 * A super block NFS shares with a submount keeps its labels: cloning another's into it holds
 * only when they are the same.
 */
static void label_submount_clone_into_shared(struct kunit *test)
{
	const struct cred *floor = creds_of(test, "_", true);
	struct vfsmount *a = mount_as(test, floor, "kt_sub_def");
	struct vfsmount *same = mount_as(test, floor, "kt_sub_def");
	struct vfsmount *other = mount_as(test, floor, NULL);

	put_cred(floor);
	KUNIT_EXPECT_EQ(test, 0, security_sb_clone_mnt_opts(a->mnt_sb, same->mnt_sb, 0, NULL));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			security_sb_clone_mnt_opts(a->mnt_sb, other->mnt_sb, 0, NULL));
	KUNIT_EXPECT_NULL(test, label_sb(other->mnt_sb)->mount.labels[LABEL_MOUNT_DEF]);
	mntput(a);
	mntput(same);
	mntput(other);
}

static struct kunit_case label_submount_cases[] = {
	KUNIT_CASE(label_submount_takes_parent_options),
	KUNIT_CASE(label_submount_takes_parent_owner),
	KUNIT_CASE(label_submount_clone_into_shared),
	{}
};

static struct kunit_suite label_submount_suite = {
	.name = "label_submount",
	.test_cases = label_submount_cases,
};

kunit_test_suite(label_submount_suite);
