// SPDX-License-Identifier: GPL-2.0-only
/*
 * No memory leaked by the project's code: the caches of the security blobs (inode, file, cred)
 * hold as many objects after 10,000 labelled files and 1,000 labelled processes as before; and
 * after a workload of labelled files, processes that change labels, UNIX sockets and rule loads
 * (and, run last in its boot, after every other test program), kmemleak finds no unreferenced
 * object allocated under a function of the stacker or the label module. Skips on a kernel
 * without kmemleak.
 */

#include <linux/label.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>

#include "../kselftest_harness.h"
#include "common.h"

#define KMEMLEAK "/sys/kernel/debug/kmemleak"
#define LABEL_FS "/sys/kernel/security/label/"
#define REPORT_SIZE (1024 * 1024)

/*
 * The project's functions, as backtraces name them: label's and the stacker's, the hooks, and
 * the framework's allocations of the blobs the stacker lays out.
 */
static const char *const project_prefixes[] = {
	" label_", " stacker_", " hook_", " lsm_blob_alloc", " security_inode_alloc",
	" security_file_alloc",
};

static void __attribute__((constructor)) require_kmemleak(void)
{
	struct stat st;

	if (stat("/sys/kernel/debug/kmemleak", &st))
		mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	skip_unless_present(KMEMLEAK, "kmemleak");
}

/* Whether label runs and its policy may still change (freeze_test may have run before). */
static bool label_changeable(void)
{
	char frozen[8];

	return !access(LABEL_FS, F_OK) &&
	       read_text(LABEL_FS "freeze", frozen, sizeof(frozen)) > 0 && !strcmp(frozen, "0\n");
}

/* The test's labels, and rules that let the test (label _) remove what it labelled. */
static bool load_rules(void)
{
	const char *rules = "leak_s leak_o rwxa\nleak_o leak_s r\n_ leak_o rwxa\n_ leak_s rwxa\n";

	return write_str(LABEL_FS "load", rules) == (ssize_t)strlen(rules);
}

/* Work that allocates through every kind of value the project keeps. */
static void workload(struct __test_metadata *const _metadata)
{
	bool label = label_changeable();
	char path[64];
	int i, sv[2], status;
	pid_t pid;

	if (label)
		ASSERT_TRUE(load_rules());
	for (i = 0; i < 2000; i++) {
		int fd;

		snprintf(path, sizeof(path), "/tmp/leak-%d", i);
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		ASSERT_LE(0, fd);
		close(fd);
		if (label)
			ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, i % 2 ? "leak_o" : "leak_s",
					      6, 0));
		ASSERT_EQ(0, unlink(path));
	}
	for (i = 0; i < 200; i++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (!pid) {
			if (label &&
			    write_str("/proc/self/attr/label/current", "leak_s") != 6)
				_exit(1);
			_exit(0);
		}
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_EQ(0, status);
		ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
		close(sv[0]);
		close(sv[1]);
	}
}

/*
 * Objects in use in a cache, after its per-CPU slabs are flushed (shrink), so that freed objects
 * are not counted as used; -1 if the kernel has no such cache.
 */
static long slab_objects(const char *cache)
{
	char path[128], text[64];

	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/shrink", cache);
	if (write_str(path, "1") != 1)
		return -1;
	snprintf(path, sizeof(path), "/sys/kernel/slab/%s/objects", cache);
	if (read_text(path, text, sizeof(text)) < 0)
		return -1;
	return atol(text);
}

/*
 * Files, then processes: created, labelled (once freeze_test has frozen the policy, they carry
 * the creator's label, and go through the same blobs), and gone. A blob leaked per object
 * would leave thousands; the allowance is for what the rest of the system does meanwhile.
 */
FIXTURE(caches) {};
FIXTURE_SETUP(caches) {}
FIXTURE_TEARDOWN(caches) {}

/* Slow on the debug kernel: well over the harness's 30 s default. */
TEST_F_TIMEOUT(caches, blob_caches_return_to_their_start, 600)
{
	static const struct {
		const char *cache;
		long allowance;
	} caches[] = { { "lsm_inode_cache", 100 }, { "lsm_file_cache", 100 }, { "cred_jar", 50 } };
	bool label = label_changeable();
	long before[ARRAY_SIZE(caches)], after;
	char path[64];
	int i, fd, status;
	size_t c;
	pid_t pid;

	if (label)
		ASSERT_TRUE(load_rules());
	for (c = 0; c < ARRAY_SIZE(caches); c++)
		before[c] = slab_objects(caches[c].cache);
	for (i = 0; i < 10000; i++) {
		snprintf(path, sizeof(path), "/tmp/slab-%d", i);
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		ASSERT_LE(0, fd);
		if (label)
			ASSERT_EQ(0, fsetxattr(fd, XATTR_NAME_LABEL, "leak_o", 6, 0));
		close(fd);
		ASSERT_EQ(0, unlink(path));
	}
	for (i = 0; i < 1000; i++) {
		pid = fork();
		ASSERT_LE(0, pid);
		if (!pid)
			_exit(label && write_str("/proc/self/attr/label/current", "leak_s") != 6);
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		ASSERT_EQ(0, status);
	}
	/* Inode blobs and creds are freed after RCU grace periods. */
	sleep(2);
	for (c = 0; c < ARRAY_SIZE(caches); c++) {
		if (before[c] < 0) {
			TH_LOG("%s: not in /sys/kernel/slab, not counted", caches[c].cache);
			continue;
		}
		after = slab_objects(caches[c].cache);
		TH_LOG("%s: %ld objects before, %ld after", caches[c].cache, before[c], after);
		EXPECT_GE(before[c] + caches[c].allowance, after);
	}
}

/* Two scans of the debug kernel's memory take longer than the harness's 30 s default. */
TEST_F_TIMEOUT(caches, kmemleak_finds_nothing_of_the_project, 300)
{
	static char report[REPORT_SIZE];
	char *record, *next;
	int mine = 0, all = 0;
	size_t i;

	workload(_metadata);
	/* kmemleak reports objects older than five seconds, and wants two scans to be sure. */
	sleep(6);
	ASSERT_EQ(4, write_str(KMEMLEAK, "scan"));
	sleep(1);
	ASSERT_EQ(4, write_str(KMEMLEAK, "scan"));
	ASSERT_LE(0, read_text(KMEMLEAK, report, sizeof(report)));

	for (record = strstr(report, "unreferenced object"); record; record = next) {
		next = strstr(record + 1, "unreferenced object");
		if (next)
			next[-1] = '\0';
		all++;
		for (i = 0; i < ARRAY_SIZE(project_prefixes); i++) {
			if (strstr(record, project_prefixes[i])) {
				TH_LOG("%s", record);
				mine++;
				break;
			}
		}
	}
	TH_LOG("%d unreferenced objects, %d of them allocated by the project", all, mine);
	EXPECT_EQ(0, mine);
}

TEST_HARNESS_MAIN
