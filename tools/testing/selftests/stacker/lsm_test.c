// SPDX-License-Identifier: GPL-2.0-only
/*
 * What every build must show from user space, with the stacker built in or not: capability
 * enforces, and the LSM lists name the modules the kernel runs.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/lsm.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"
#include "common.h"

/* What this program checks is the project's: on a kernel without it, skip. */
static void __attribute__((constructor)) require_label(void)
{
	skip_unless_present("/sys/kernel/security/label/", "label");
}

static bool stacker_built(void)
{
	struct stat st;

	return stat("/sys/kernel/security/stacker", &st) == 0;
}

TEST(lsm_file_names_capability_and_selinux)
{
	char buf[256];

	ASSERT_LT(0, read_text("/sys/kernel/security/lsm", buf, sizeof(buf)));
	EXPECT_EQ(0, strncmp(buf, "capability,", 11));
	EXPECT_NE(NULL, strstr(buf, "selinux"));
	EXPECT_EQ(stacker_built(), !!strstr(buf, ",stacker"));
}

TEST(lsm_list_modules_reports_ids)
{
	__u64 ids[32];
	__u32 size = sizeof(ids);
	bool cap = false, stacker = false;
	long i, n;

	n = syscall(__NR_lsm_list_modules, ids, &size, 0);
	ASSERT_LT(0, n);
	for (i = 0; i < n; i++) {
		cap |= ids[i] == LSM_ID_CAPABILITY;
		stacker |= ids[i] == LSM_ID_STACKER;
	}
	EXPECT_TRUE(cap);
	EXPECT_EQ(stacker_built(), stacker);
}

/* SELinux answers first, then label under its own id, with the task's label "_". */
TEST(lsm_get_self_attr_reports_label_after_selinux)
{
	__u64 buf[128];
	__u32 size = sizeof(buf);
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	long i, n;
	bool label = false;

	n = syscall(__NR_lsm_get_self_attr, LSM_ATTR_CURRENT, ctx, &size, 0);
	ASSERT_LE(2, n);
	EXPECT_EQ(LSM_ID_SELINUX, ctx->id);
	for (i = 0; i < n; i++) {
		if (ctx->id == LSM_ID_LABEL) {
			label = true;
			EXPECT_STREQ("_", (char *)ctx->ctx);
		}
		ctx = (struct lsm_ctx *)((char *)ctx + ctx->len);
	}
	EXPECT_TRUE(label);
}

TEST(unprivileged_sethostname_is_denied)
{
	int status;
	pid_t pid = fork();

	ASSERT_LE(0, pid);
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(2);
		if (sethostname("intruder", 8) == 0)
			_exit(3);
		_exit(errno == EPERM ? 0 : 4);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/* Sets the name the host already has: the check runs, and nothing outside the test changes. */
TEST(root_may_sethostname)
{
	char name[HOST_NAME_MAX + 1] = "";

	ASSERT_EQ(0, gethostname(name, sizeof(name)));
	EXPECT_EQ(0, sethostname(name, strlen(name)));
}

TEST_HARNESS_MAIN
