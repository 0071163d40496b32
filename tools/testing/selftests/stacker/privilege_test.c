// SPDX-License-Identifier: GPL-2.0-only
/*
 * The privilege matrix of the stacker's writable files, mode and lock: a write by nobody
 * (uid 65534) or by root without CAP_MAC_ADMIN, directly, through a descriptor its privileged
 * parent opened, or through one it opened itself before giving up the privilege, and by root
 * with the privilege through a descriptor it opened without it, is refused
 * (EACCES where the file mode refuses the open, EPERM otherwise), logged by the stacker with
 * the file and the writer when the refusal reaches it, and changes neither file. The lock
 * changes nothing here: CAP_MAC_ADMIN is checked first, so a locked stacker says the same.
 */

#include <sys/wait.h>

#include "../kselftest_harness.h"
#include "common.h"

#define TEXT_SIZE 8192

static void __attribute__((constructor)) require_stacker(void)
{
	skip_unless_present(STACKER, "the stacker");
}

enum who {
	NOBODY_USER,
	ROOT_WITHOUT_MAC_ADMIN,
};

struct attempt {
	int open_err;
	long rc;
	int err;
};

FIXTURE(privilege) {};

FIXTURE_VARIANT(privilege)
{
	enum who who;
	const char *file;
};

FIXTURE_VARIANT_ADD(privilege, mode_as_nobody) { NOBODY_USER, "mode" };
FIXTURE_VARIANT_ADD(privilege, mode_without_mac_admin) { ROOT_WITHOUT_MAC_ADMIN, "mode" };
FIXTURE_VARIANT_ADD(privilege, lock_as_nobody) { NOBODY_USER, "lock" };
FIXTURE_VARIANT_ADD(privilege, lock_without_mac_admin) { ROOT_WITHOUT_MAC_ADMIN, "lock" };
FIXTURE_VARIANT_ADD(privilege, log_as_nobody) { NOBODY_USER, "log" };
FIXTURE_VARIANT_ADD(privilege, log_without_mac_admin) { ROOT_WITHOUT_MAC_ADMIN, "log" };
FIXTURE_VARIANT_ADD(privilege, count_as_nobody) { NOBODY_USER, "count" };
FIXTURE_VARIANT_ADD(privilege, count_without_mac_admin) { ROOT_WITHOUT_MAC_ADMIN, "count" };

FIXTURE_SETUP(privilege)
{
}

FIXTURE_TEARDOWN(privilege)
{
}

/*
 * A write that would change the file if accepted: "1" for lock; capability's denials logged for
 * log; counting switched the other way for count; for mode, a selected module other than
 * capability made permissive, or capability's own mode when there is none.
 */
static void change_text(const char *file, char *text, size_t size)
{
	char mode[TEXT_SIZE], name[64] = "", *line, *save;

	snprintf(text, size, "%s", !strcmp(file, "lock") ? "1" :
		 !strcmp(file, "log") ? "capability on" : "capability enforcing");
	if (!strcmp(file, "count")) {
		snprintf(text, size, "%s", read_text(STACKER "count", mode, sizeof(mode)) > 0 &&
			 !strcmp(mode, "1\n") ? "0" : "1");
		return;
	}
	if (strcmp(file, "mode") || read_text(STACKER "mode", mode, sizeof(mode)) < 0)
		return;
	for (line = strtok_r(mode, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "capability ", 11) && strstr(line, " enforcing") &&
		    sscanf(line, "%63s", name) == 1) {
			snprintf(text, size, "%s permissive", name);
			return;
		}
	}
}

/* One try, by a child that becomes @as: its pid. */
static pid_t try(const char *file, enum who as, enum how way, const char *text,
		 struct attempt *a)
{
	int parent_fd = -1, fd = -1, report[2];
	char path[64];
	pid_t pid;

	memset(a, 0, sizeof(*a));
	snprintf(path, sizeof(path), STACKER "%s", file);
	if (way == INHERITED)
		parent_fd = open(path, O_WRONLY | O_CLOEXEC);
	if (pipe2(report, O_CLOEXEC))
		return -1;
	pid = fork();
	if (!pid) {
		if (way == INHERITED)
			fd = parent_fd;
		else if (way == OPENED_BEFORE_DROP)
			fd = open(path, O_WRONLY | O_CLOEXEC);
		else if (way == OPENED_UNPRIVILEGED)
			fd = open_without_mac_admin(path);
		if (way != OPENED_UNPRIVILEGED &&
		    ((as == ROOT_WITHOUT_MAC_ADMIN && drop_mac_admin()) ||
		     (as == NOBODY_USER && drop_to_nobody())))
			_exit(1);
		if (way == DIRECT)
			fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd < 0) {
			a->open_err = errno;
		} else {
			a->rc = write(fd, text, strlen(text));
			a->err = a->rc < 0 ? errno : 0;
		}
		_exit(write(report[1], a, sizeof(*a)) != sizeof(*a));
	}
	if (parent_fd >= 0)
		close(parent_fd);
	close(report[1]);
	if (pid < 0 || read(report[0], a, sizeof(*a)) != sizeof(*a))
		a->open_err = ECHILD;
	close(report[0]);
	waitpid(pid, NULL, 0);
	return pid;
}

TEST_F(privilege, refused_logged_and_nothing_changed)
{
	char mode0[TEXT_SIZE], mode1[TEXT_SIZE], lock0[8], lock1[8], text[80], line[160];
	char log0[TEXT_SIZE], log1[TEXT_SIZE], count0[8], count1[8];
	/* The files are 0644 root: the VFS refuses nobody, before the stacker sees it. */
	bool dac;
	struct attempt a;
	enum how way;
	pid_t pid;
	int kmsg;

	change_text(variant->file, text, sizeof(text));
	for (way = DIRECT; way < __HOW_MAX; way++) {
		/* The writer that opened without the privilege has it again: root's variant. */
		if (way == OPENED_UNPRIVILEGED && variant->who != ROOT_WITHOUT_MAC_ADMIN)
			continue;
		dac = way == DIRECT && variant->who == NOBODY_USER;
		ASSERT_LT(0, read_text(STACKER "mode", mode0, sizeof(mode0)));
		ASSERT_LT(0, read_text(STACKER "lock", lock0, sizeof(lock0)));
		ASSERT_LT(0, read_text(STACKER "log", log0, sizeof(log0)));
		ASSERT_LT(0, read_text(STACKER "count", count0, sizeof(count0)));
		kmsg = kmsg_from_now();
		ASSERT_LE(0, kmsg);
		pid = try(variant->file, variant->who, way, text, &a);
		ASSERT_LT(0, pid);

		if (dac) {
			EXPECT_EQ(EACCES, a.open_err) TH_LOG("%s", how_name(way));
		} else {
			EXPECT_EQ(0, a.open_err) TH_LOG("%s: open: %s", how_name(way),
							strerror(a.open_err));
			EXPECT_EQ(-1, a.rc) TH_LOG("%s", how_name(way));
			EXPECT_EQ(EPERM, a.err) TH_LOG("%s", how_name(way));
		}
		snprintf(line, sizeof(line),
			 "stacker: write to %s refused: %s lacks CAP_MAC_ADMIN: pid=%d",
			 variant->file, way == DIRECT || way == OPENED_UNPRIVILEGED ?
			 "its opener" : "the writer", pid);
		if (dac) {
			snprintf(line, sizeof(line), "stacker: write to %s", variant->file);
			EXPECT_FALSE(logged(kmsg, line)) TH_LOG("%s: %s", how_name(way), line);
		} else {
			EXPECT_TRUE(logged(kmsg, line)) TH_LOG("%s: no %s", how_name(way), line);
		}
		close(kmsg);

		ASSERT_LT(0, read_text(STACKER "mode", mode1, sizeof(mode1)));
		ASSERT_LT(0, read_text(STACKER "lock", lock1, sizeof(lock1)));
		ASSERT_LT(0, read_text(STACKER "log", log1, sizeof(log1)));
		ASSERT_LT(0, read_text(STACKER "count", count1, sizeof(count1)));
		EXPECT_STREQ(count0, count1) TH_LOG("%s", how_name(way));
		EXPECT_STREQ(mode0, mode1) TH_LOG("%s", how_name(way));
		EXPECT_STREQ(lock0, lock1) TH_LOG("%s", how_name(way));
		EXPECT_STREQ(log0, log1) TH_LOG("%s", how_name(way));
	}
}

TEST_HARNESS_MAIN
