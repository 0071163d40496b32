// SPDX-License-Identifier: GPL-2.0-only
/*
 * The policy freeze (/sys/kernel/security/label/freeze): once frozen, nothing privileged changes
 * the policy until reboot (rules, task labels, the module's xattrs, the syslog label, trusted
 * file systems, the freeze itself), while what the policy says keeps working: decisions and exec
 * transitions. Freezing lasts until reboot, so this target runs in a boot of its own (or last),
 * and its tests run in order: the first freezes.
 */

#include <linux/lsm.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/xattr.h>

#include "../../kselftest_harness.h"
#include "../common.h"

/* Refusals here are checked in the log. */
static void __attribute__((constructor)) restore_log_budgets(void)
{
	wait_for_log_budgets();
}

#define TRANSIT "/tmp/freeze-transit"
#define LABELLED "/tmp/freeze-file"
#define OVL "/tmp/freeze-ovl"
/* A copy of this program that moves to freeze_c, and its directories. */
#define CONFINED "/tmp/freeze-confined"
#define CONFINED_ENV "FREEZE_TEST_CONFINED_ROOT"
#define OWN "/tmp/freeze-own"
#define OWN_MOUNT "/tmp/freeze-own-tmpfs"

/*
 * Run by CONFINED, with CONFINED_ENV set, as a root of label freeze_c after the freeze: what
 * CAP_MAC_ADMIN gave such a task that would set labels. Exits with 1 if it made a block device
 * node, plus 2 if it cleared nosuid on a view of the trusted /tmp; it leaves a tmpfs mounted on
 * OWN_MOUNT, and OWN/src bound on OWN/mnt, for the test to look at and undo.
 */
static void __attribute__((constructor(101))) confined_root(void)
{
	char label[LABEL_NAME_MAX + 2];
	int done = 0;

	if (!getenv(CONFINED_ENV))
		return;
	if (read_text(SELF_LABEL, label, sizeof(label)) < 0 || strcmp(label, "freeze_c") ||
	    mount("tmpfs", OWN_MOUNT, "tmpfs", 0, NULL) ||
	    mount(OWN "/src", OWN "/mnt", NULL, MS_BIND, NULL) ||
	    mount(NULL, OWN "/mnt", NULL, MS_REMOUNT | MS_BIND | MS_NOSUID, NULL))
		_exit(SETUP_FAILED);
	if (!mknod(OWN "/disk", S_IFBLK | 0600, makedev(8, 0)))
		done |= 1;
	if (!mount(NULL, OWN "/mnt", NULL, MS_REMOUNT | MS_BIND, NULL))
		done |= 2;
	_exit(done);
}

/* A copy of this program at @path, which moves to @label when executed. */
static void copy_self(struct __test_metadata *const _metadata, const char *path,
		      const char *label)
{
	int in = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	int out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ssize_t n;

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	while ((n = sendfile(out, in, NULL, 1 << 20)) > 0)
		;
	ASSERT_EQ(0, n);
	close(in);
	ASSERT_EQ(0, close(out));
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, label, strlen(label), 0));
}

/* Only CAP_MAC_ADMIN may freeze; before the freeze, set up what must outlive it. */
TEST(freeze_needs_cap_mac_admin_then_freezes)
{
	const char *rule = "freeze_s freeze_o rw\n";
	int load_fd, attr_fd, file_fd;
	char text[8];
	pid_t pid;

	/*
	 * This program's own label, _, may use freeze_o files: open, copy up; and look up names
	 * in freeze_c directories.
	 */
	ASSERT_EQ(0, load("freeze_s freeze_o r\n_ freeze_o rwa\n_ freeze_c x\n"));
	make_file(_metadata, LABELLED, "freeze_o");
	copy_busybox(_metadata, TRANSIT, NULL);
	ASSERT_EQ(0, setxattr(TRANSIT, XATTR_NAME_LABELEXEC, "freeze_t", 8, 0));
	ASSERT_EQ(0, trust("/tmp"));
	/* An overlay whose lower file is labelled, for the copy-up after the freeze. */
	make_dir(_metadata, OVL, NULL);
	make_dir(_metadata, OVL "/lower", NULL);
	make_dir(_metadata, OVL "/upper", NULL);
	make_dir(_metadata, OVL "/work", NULL);
	make_dir(_metadata, OVL "/merged", NULL);
	make_file(_metadata, OVL "/lower/file", "freeze_o");
	copy_self(_metadata, CONFINED, "freeze_c");
	make_dir(_metadata, OWN, NULL);
	make_dir(_metadata, OWN "/src", "freeze_c");
	make_dir(_metadata, OWN "/mnt", "freeze_c");
	ASSERT_EQ(0, setxattr(OWN, XATTR_NAME_LABEL, "freeze_c", 8, 0));
	make_dir(_metadata, OWN_MOUNT, "freeze_c");
	ASSERT_EQ(0, mount("overlay", OVL "/merged", "overlay", 0,
			   "lowerdir=" OVL "/lower,upperdir=" OVL "/upper,workdir=" OVL "/work"));
	/* Descriptors opened before the freeze grant nothing after it. */
	load_fd = open(LABEL_FS "load", O_WRONLY | O_CLOEXEC);
	attr_fd = open(SELF_LABEL, O_WRONLY | O_CLOEXEC);
	file_fd = open(LABELLED, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, load_fd);
	ASSERT_LE(0, attr_fd);
	ASSERT_LE(0, file_fd);

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid)
		_exit(drop_mac_admin() || write_str(LABEL_FS "freeze", "1") != -1 ||
		      errno != EPERM);
	ASSERT_EQ(0, child_status(pid));
	ASSERT_LT(0, read_text(LABEL_FS "freeze", text, sizeof(text)));
	ASSERT_STREQ("0\n", text);

	ASSERT_EQ(-1, write_str(LABEL_FS "freeze", "0"));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_EQ(2, write_str(LABEL_FS "freeze", "1\n"));
	ASSERT_LT(0, read_text(LABEL_FS "freeze", text, sizeof(text)));
	ASSERT_STREQ("1\n", text);

	ASSERT_EQ(-1, write(load_fd, rule, strlen(rule)));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write(attr_fd, "freeze_s", 8));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, fsetxattr(file_fd, XATTR_NAME_LABEL, "other", 5, 0));
	ASSERT_EQ(EPERM, errno);
	close(load_fd);
	close(attr_fd);
	close(file_fd);
}

/*
 * Label's mode and log switch in the hosting stacker are label's policy too: after the freeze,
 * root may change neither, and the refusal is label's. Locking the stacker fixes nothing the
 * freeze has not: allowed, and from then on the stacker refuses every mode write itself.
 * Capability, which has no rules of its own, takes the stacker's answer. Right after the
 * freeze: "policy frozen" lines share one log budget, which the next tests use up.
 */
TEST(frozen_refuses_label_mode_and_log_not_the_lock)
{
	char text[TEXT_SIZE];
	int kmsg;

	if (stacker_modes_closed())
		SKIP(return, "%s", stacker_modes_closed());
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(-1, write_str(STACKER_MODE, "label permissive\n"));
	ASSERT_EQ(EPERM, errno);
	EXPECT_TRUE(logged(kmsg, "label: policy frozen: mode change refused:"));
	ASSERT_EQ(-1, write_str(STACKER_LOG, "label off\n"));
	ASSERT_EQ(EPERM, errno);
	EXPECT_TRUE(logged(kmsg, "label: policy frozen: log change refused:"));
	close(kmsg);
	ASSERT_LT(0, read_text(STACKER_MODE, text, sizeof(text)));
	EXPECT_TRUE(has_line(text, "label enforcing"));
	ASSERT_LT(0, read_text(STACKER_LOG, text, sizeof(text)));
	EXPECT_TRUE(has_line(text, "label on"));
	EXPECT_EQ(20, write_str(STACKER_MODE, "capability enforcing"));
	/* Locked for the rest of this boot, which is this target's. */
	ASSERT_EQ(2, write_str(STACKER_LOCK, "1\n"));
	EXPECT_EQ(-1, write_str(STACKER_MODE, "capability enforcing"));
	EXPECT_EQ(EPERM, errno);
}

TEST(frozen_refuses_policy_changes)
{
	static char rules[1024 * 1024], after[1024 * 1024];

	ASSERT_LT(0, read_text(LABEL_FS "rules", rules, sizeof(rules)));
	ASSERT_EQ(-1, load("freeze_s freeze_o rw\n"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "freeze", "1"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "syslog", "freeze_s"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "trust", "/dev"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "load2", "freeze_s freeze_o rw\n"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "change-rule", "freeze_s freeze_o w -\n"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "revoke-subject", "freeze_s"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "onlycap", "freeze_s"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "relabel-self", "freeze_s"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "mac-override", "1"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(LABEL_FS "logging", "3"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_TRUE(has_line(rules, "freeze_s freeze_o r"));
	ASSERT_LT(0, read_text(LABEL_FS "rules", after, sizeof(after)));
	ASSERT_STREQ(rules, after);
}

TEST(frozen_refuses_privileged_relabelling)
{
	char label[LABEL_NAME_MAX + 2];

	__u64 buf[64];
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;

	ASSERT_EQ(-1, set_label("freeze_s"));
	ASSERT_EQ(EPERM, errno);
	memset(ctx, 0, sizeof(*ctx));
	ctx->id = LSM_ID_LABEL;
	ctx->ctx_len = 9;
	ctx->len = sizeof(*ctx) + ctx->ctx_len;
	memcpy(ctx->ctx, "freeze_s", 9);
	ASSERT_EQ(-1, syscall(__NR_lsm_set_self_attr, LSM_ATTR_CURRENT, ctx, ctx->len, 0));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LT(0, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
	ASSERT_EQ(-1, setxattr(LABELLED, XATTR_NAME_LABEL, "other", 5, 0));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, removexattr(LABELLED, XATTR_NAME_LABEL));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, setxattr(TRANSIT, XATTR_NAME_LABELEXEC, "other", 5, 0));
	ASSERT_EQ(EPERM, errno);
	get_file_label(_metadata, LABELLED, label);
	ASSERT_STREQ("freeze_o", label);
}

/*
 * CAP_MAC_ADMIN lets a task of another label than "_" do what sets labels besides writing
 * them: make a device node (the raw disk's rewrites every label), see exec labels without
 * nosuid, mount a file system whose own labels count. The freeze ends each, as it ends
 * setting labels: the node and the view are refused, and the task's mount is its own, its
 * files of its label (which this "_" process may search, not read). Clearing nosuid where
 * exec labels count is refused to "_" too, as trusting a file system is.
 */
TEST(frozen_ends_what_cap_mac_admin_gives_a_confined_root)
{
	pid_t pid;
	int fd;

	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		setenv(CONFINED_ENV, "1", 1);
		execl(CONFINED, CONFINED, (char *)NULL);
		_exit(SETUP_FAILED);
	}
	EXPECT_EQ(0, child_status(pid));
	fd = open(OWN_MOUNT, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EACCES, errno);
	if (fd >= 0)
		close(fd);
	EXPECT_EQ(-1, mount(NULL, OWN "/mnt", NULL, MS_REMOUNT | MS_BIND, NULL));
	EXPECT_EQ(EPERM, errno);
	EXPECT_EQ(0, umount(OWN_MOUNT));
	EXPECT_EQ(0, umount(OWN "/mnt"));
}

/* What the policy says still holds: the rule decides, and exec transitions still happen. */
TEST(frozen_policy_keeps_working)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(1, query("freeze_s freeze_o r"));
	ASSERT_EQ(0, query("freeze_s freeze_o w"));

	exec_label(_metadata, NULL, TRANSIT, label, sizeof(label));
	ASSERT_STREQ("freeze_t", label);
}

/*
 * Overlayfs copies a labelled file up by setting security.label on the new upper file, with
 * the mounter's credentials: that is a privileged relabelling, which the freeze refuses, so
 * the write that needs the copy-up fails with EPERM and nothing is copied (documented; label
 * would need copy-up hooks of its own to tell the copy from a relabelling). Reads of the lower
 * file, which need no copy-up, still work.
 */
TEST(frozen_policy_refuses_overlay_copy_up_cleanly)
{
	char label[LABEL_NAME_MAX + 2], data[16];

	ASSERT_EQ(-1, open(OVL "/merged/file", O_WRONLY | O_APPEND | O_CLOEXEC));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, access(OVL "/upper/file", F_OK));
	ASSERT_LT(0, read_text(OVL "/merged/file", data, sizeof(data)));
	ASSERT_STREQ("data\n", data);
	get_file_label(_metadata, OVL "/lower/file", label);
	ASSERT_STREQ("freeze_o", label);
}

TEST_HARNESS_MAIN
