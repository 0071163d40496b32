// SPDX-License-Identifier: GPL-2.0-only
/*
 * What every build must show from user space, with the stacker built in or not: capability
 * enforces, and the LSM lists name the modules the kernel runs.
 */

#include <dirent.h>
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

	return stat(STACKER, &st) == 0;
}

/*
 * The major LSM that runs beside label and answers /proc/<pid>/attr/current first: the first LSM
 * of /sys/kernel/security/lsm with process attributes of its own. SELinux in most boots, AppArmor
 * in the debug boot (Debian's default order), none with lsm= naming neither.
 */
struct major_lsm {
	const char *name;
	__u64 id;
};

static const struct major_lsm *major_lsm(void)
{
	static const struct major_lsm majors[] = {
		{ "selinux", LSM_ID_SELINUX },
		{ "smack", LSM_ID_SMACK },
		{ "apparmor", LSM_ID_APPARMOR },
	};
	char lsms[256], *name, *save;
	unsigned int i;

	if (read_text("/sys/kernel/security/lsm", lsms, sizeof(lsms)) <= 0)
		return NULL;
	for (name = strtok_r(lsms, ",\n", &save); name; name = strtok_r(NULL, ",\n", &save))
		for (i = 0; i < ARRAY_SIZE(majors); i++)
			if (!strcmp(name, majors[i].name))
				return &majors[i];
	return NULL;
}

/* Where @name is in the comma-separated @list, counted from 1, or 0. */
static int position_in(const char *list, const char *name)
{
	char copy[256], *word, *save;
	int pos = 1;

	snprintf(copy, sizeof(copy), "%s", list);
	for (word = strtok_r(copy, ",\n", &save); word; word = strtok_r(NULL, ",\n", &save), pos++)
		if (!strcmp(word, name))
			return pos;
	return 0;
}

/*
 * Capability is listed; with the stacker, before it, as the stacker lists the modules it hosts
 * ahead of itself. (An early LSM such as lockdown, with LOCKDOWN_LSM_EARLY, comes before both.)
 */
TEST(lsm_file_names_capability_before_the_stacker)
{
	char buf[256];

	ASSERT_LT(0, read_text("/sys/kernel/security/lsm", buf, sizeof(buf)));
	EXPECT_LT(0, position_in(buf, "capability"));
	EXPECT_EQ(stacker_built(), position_in(buf, "stacker") > 0);
	if (stacker_built())
		EXPECT_LT(position_in(buf, "capability"), position_in(buf, "stacker"));
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

/* The major LSM answers first, then label under its own id, with the task's label "_". */
TEST(lsm_get_self_attr_reports_label_after_the_major_lsm)
{
	const struct major_lsm *major = major_lsm();
	__u64 buf[128];
	__u32 size = sizeof(buf);
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	long i, n;
	bool label = false;

	if (!major)
		SKIP(return, "no major LSM beside label");
	n = syscall(__NR_lsm_get_self_attr, LSM_ATTR_CURRENT, ctx, &size, 0);
	ASSERT_LE(2, n);
	EXPECT_EQ(major->id, ctx->id);
	for (i = 0; i < n; i++) {
		if (ctx->id == LSM_ID_LABEL) {
			label = true;
			EXPECT_STREQ("_", (char *)ctx->ctx);
		}
		ctx = (struct lsm_ctx *)((char *)ctx + ctx->len);
	}
	EXPECT_TRUE(label);
}

/* Append "@word " to the string in @buf, if it fits. */
static void append_word(char *buf, size_t size, const char *word)
{
	size_t len = strlen(buf), n = strlen(word);

	if (len + n + 2 > size)
		return;
	memcpy(buf + len, word, n);
	buf[len + n] = ' ';
	buf[len + n + 1] = '\0';
}

/*
 * /proc/self/attr/ lists what mainline 6.12 lists for the kernel's configuration - its own files,
 * then the directories of Smack and AppArmor whenever they are built, selected or not - in the
 * same order, and then one directory for each active LSM with process attributes mainline gives
 * none (SELinux, label), in the order of /sys/kernel/security/lsm. Mainline's listing comes from
 * STACKER_ATTR_LISTING, comma-separated: tests/vm/attr-listings, which the test VM passes.
 * A directory of an LSM that is built but not active answers EINVAL, as in mainline.
 */
TEST(attr_listing_is_mainline_then_the_added_directories)
{
	static const char *const added[] = { "selinux", "label" };
	const char *mainline = getenv("STACKER_ATTR_LISTING");
	char lsms[256], active[260], listing[256], want[512] = "", got[512] = "", *name, *save;
	char path[64], buf[64];
	struct dirent *de;
	unsigned int i;
	DIR *dir;

	if (!mainline)
		SKIP(return, "STACKER_ATTR_LISTING does not give mainline's listing");
	ASSERT_LT(0, read_text("/sys/kernel/security/lsm", lsms, sizeof(lsms)));
	snprintf(active, sizeof(active), ",%s,", lsms);
	ASSERT_GT(sizeof(listing), strlen(mainline));
	strcpy(listing, mainline);
	for (name = strtok_r(listing, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		append_word(want, sizeof(want), name);
		if (strcmp(name, "smack") && strcmp(name, "apparmor"))
			continue;
		/* Built, not active: the directory stays, and its files answer EINVAL. */
		snprintf(path, sizeof(path), ",%s,", name);
		if (strstr(active, path))
			continue;
		snprintf(path, sizeof(path), "/proc/self/attr/%s/current", name);
		EXPECT_EQ(-1, read_text(path, buf, sizeof(buf))) TH_LOG("%s", path);
		EXPECT_EQ(EINVAL, errno) TH_LOG("%s", path);
	}
	for (name = strtok_r(lsms, ",", &save); name; name = strtok_r(NULL, ",", &save))
		for (i = 0; i < ARRAY_SIZE(added); i++)
			if (!strcmp(name, added[i]))
				append_word(want, sizeof(want), name);

	dir = opendir("/proc/self/attr");
	ASSERT_NE(NULL, dir);
	while ((de = readdir(dir)))
		if (de->d_name[0] != '.')
			append_word(got, sizeof(got), de->d_name);
	closedir(dir);
	EXPECT_STREQ(want, got);
}

/* attr/selinux/current is SELinux's context, which attr/current also shows, label beside it. */
TEST(selinux_has_its_own_attr_directory)
{
	const struct major_lsm *major = major_lsm();
	char mine[256], first[256];

	if (!major || major->id != LSM_ID_SELINUX)
		SKIP(return, "SELinux is not the major LSM of this boot");
	ASSERT_LT(0, read_text("/proc/self/attr/selinux/current", mine, sizeof(mine)));
	ASSERT_LT(0, read_text("/proc/self/attr/current", first, sizeof(first)));
	EXPECT_STREQ(first, mine);
	EXPECT_EQ(0, access("/proc/self/attr/selinux/prev", R_OK));
	EXPECT_EQ(0, access("/proc/self/attr/selinux/sockcreate", W_OK));
	/* Root passes the file mode; SELinux itself refuses to set prev. */
	EXPECT_EQ(-1, write_text("/proc/self/attr/selinux/prev", first, strlen(first)));
}

/* LSM_FLAG_SINGLE with label's id: label's record alone, "_". */
TEST(lsm_get_self_attr_single_gives_label_alone)
{
	__u64 buf[128];
	__u32 size = sizeof(buf);
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;

	ctx->id = LSM_ID_LABEL;
	ASSERT_EQ(1, syscall(__NR_lsm_get_self_attr, LSM_ATTR_CURRENT, ctx, &size,
			     LSM_FLAG_SINGLE));
	EXPECT_EQ(LSM_ID_LABEL, ctx->id);
	EXPECT_STREQ("_", (char *)ctx->ctx);
	EXPECT_EQ(ctx->len, size);
}

/* Too small a buffer: E2BIG, and the size that the full answer needs. */
TEST(lsm_get_self_attr_too_small_says_the_size_needed)
{
	__u64 buf[128];
	__u32 size = sizeof(buf), need;
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;

	ASSERT_LE(2, syscall(__NR_lsm_get_self_attr, LSM_ATTR_CURRENT, ctx, &size, 0));
	need = size;
	size = need - 1;
	EXPECT_EQ(-1, syscall(__NR_lsm_get_self_attr, LSM_ATTR_CURRENT, ctx, &size, 0));
	EXPECT_EQ(E2BIG, errno);
	EXPECT_EQ(need, size);
}

/*
 * lsm_set_self_attr(): @label under label's id, in a child; the child's exit status says. The
 * major LSM's own context (attr/current, which it answers) must not change.
 */
static int set_label_in_child(const char *label, __u64 attr, __u32 size_delta)
{
	__u64 buf[1024];
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	char major_before[256] = "", major_after[256] = "", mine[512];
	const char *major_current = major_lsm() ? "/proc/self/attr/current" : NULL;
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		size_t len = strlen(label) + 1;

		memset(ctx, 0, sizeof(*ctx));
		ctx->id = LSM_ID_LABEL;
		ctx->len = sizeof(*ctx) + len;
		ctx->ctx_len = len;
		memcpy(ctx->ctx, label, len);
		if (major_current && read_text(major_current, major_before, 256) < 0)
			_exit(100);
		if (syscall(__NR_lsm_set_self_attr, attr, ctx, ctx->len + size_delta, 0))
			_exit(errno);
		if (read_text("/proc/self/attr/label/current", mine, sizeof(mine)) < 0 ||
		    strcmp(mine, label) ||
		    (major_current && read_text(major_current, major_after, 256) < 0) ||
		    strcmp(major_before, major_after))
			_exit(101);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* Routed by id: label takes the label, the major LSM's context stays. */
TEST(lsm_set_self_attr_routes_to_label_by_id)
{
	EXPECT_EQ(0, set_label_in_child("web", LSM_ATTR_CURRENT, 0));
}

/* Refused with nothing changed: label's own attr file still says "_" afterwards. */
TEST(lsm_set_self_attr_refuses_bad_input)
{
	char label[300], mine[64];

	memset(label, 'a', 256);
	label[256] = '\0';
	EXPECT_EQ(EINVAL, set_label_in_child(label, LSM_ATTR_CURRENT, 0));
	EXPECT_EQ(EINVAL, set_label_in_child("bad/label", LSM_ATTR_CURRENT, 0));
	EXPECT_EQ(EOPNOTSUPP, set_label_in_child("web", LSM_ATTR_EXEC, 0));
	EXPECT_EQ(E2BIG, set_label_in_child("web", LSM_ATTR_CURRENT, 8192));
	EXPECT_EQ(EINVAL, set_label_in_child("web", LSM_ATTR_CURRENT, -20));
	ASSERT_LT(0, read_text("/proc/self/attr/label/current", mine, sizeof(mine)));
	EXPECT_STREQ("_", mine);
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

/*
 * Root's sethostname goes through capability's check and is allowed: with the stacker, the
 * hosted capability module is called and denies nothing (its counters). Sets the name the host
 * already has, so nothing outside the test changes.
 */
TEST(root_may_sethostname)
{
	unsigned long calls0 = 0, denials0 = 0, calls1 = 0, denials1 = 0;
	char name[HOST_NAME_MAX + 1] = "";

	ASSERT_EQ(0, gethostname(name, sizeof(name)));
	if (stacker_built()) {
		ASSERT_EQ(0, count_calls());
		ASSERT_EQ(0, capability_stats(&calls0, &denials0));
	}
	EXPECT_EQ(0, sethostname(name, strlen(name)));
	if (!stacker_built())
		return;
	ASSERT_EQ(0, capability_stats(&calls1, &denials1));
	EXPECT_LT(calls0, calls1);
	EXPECT_EQ(denials0, denials1);
}

TEST_HARNESS_MAIN
