// SPDX-License-Identifier: GPL-2.0-only
/*
 * The policy freeze (/sys/kernel/security/label/freeze): once frozen, nothing privileged changes
 * the policy until reboot (rules, task labels, the module's xattrs, the syslog label, trusted
 * file systems, the freeze itself), while what the policy says keeps working: decisions and exec
 * transitions. Freezing lasts until reboot, so this program runs last in its boot, and its tests
 * run in order: the first freezes.
 */

#include <sys/wait.h>
#include <sys/xattr.h>

#include "../kselftest_harness.h"
#include "common.h"

#define TRANSIT "/tmp/freeze-transit"
#define LABELLED "/tmp/freeze-file"

/* Only CAP_MAC_ADMIN may freeze; before the freeze, set up what must outlive it. */
TEST(freeze_needs_cap_mac_admin_then_freezes)
{
	char text[8];
	pid_t pid;

	ASSERT_EQ(0, load("freeze_s freeze_o r\n"));
	make_file(_metadata, LABELLED, "freeze_o");
	copy_busybox(_metadata, TRANSIT, NULL);
	ASSERT_EQ(0, setxattr(TRANSIT, XATTR_EXEC, "freeze_t", 8, 0));
	ASSERT_EQ(0, trust("/tmp"));

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
	ASSERT_TRUE(has_line(rules, "freeze_s freeze_o r"));
	ASSERT_LT(0, read_text(LABEL_FS "rules", after, sizeof(after)));
	ASSERT_STREQ(rules, after);
}

TEST(frozen_refuses_privileged_relabelling)
{
	char label[LABEL_MAX + 2];

	ASSERT_EQ(-1, set_label("freeze_s"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LT(0, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
	ASSERT_EQ(-1, setxattr(LABELLED, XATTR_LABEL, "other", 5, 0));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, removexattr(LABELLED, XATTR_LABEL));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, setxattr(TRANSIT, XATTR_EXEC, "other", 5, 0));
	ASSERT_EQ(EPERM, errno);
	get_file_label(_metadata, LABELLED, label);
	ASSERT_STREQ("freeze_o", label);
}

/* What the policy says still holds: the rule decides, and exec transitions still happen. */
TEST(frozen_policy_keeps_working)
{
	char label[LABEL_MAX + 2];
	int out[2];
	pid_t pid;

	ASSERT_EQ(1, query("freeze_s freeze_o r"));
	ASSERT_EQ(0, query("freeze_s freeze_o w"));

	ASSERT_EQ(0, pipe2(out, O_CLOEXEC));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		if (dup2(out[1], STDOUT_FILENO) == STDOUT_FILENO)
			execl(TRANSIT, "cat", SELF_LABEL, (char *)NULL);
		_exit(SETUP_FAILED);
	}
	close(out[1]);
	read_output(out[0], label, sizeof(label));
	ASSERT_EQ(0, child_status(pid));
	ASSERT_STREQ("freeze_t", label);
}

TEST_HARNESS_MAIN
