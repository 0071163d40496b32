/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers of the selftests that load the stacker's sample module, sandbox.ko, at run time: the
 * module found at $STACKER_SAMPLE_KO, else at /lib/modules/sandbox.ko (where the test VM keeps
 * it), else where modules_install put it (samples/stacker/ under the running kernel's
 * /lib/modules/<release>/kernel/), loading and unloading it, its files, a task in its sandbox,
 * and the check that a module gone from the stacker left no hook behind.
 */
#ifndef _SELFTESTS_STACKER_LOADABLE_H
#define _SELFTESTS_STACKER_LOADABLE_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "../kselftest_harness.h"
#include "common.h"

#define ENTER "/sys/kernel/security/sandbox/enter"
#define OLD_FILE "/tmp/loadable-old"
#define NEW_FILE "/tmp/loadable-new"
#define TEXT_SIZE 8192

static inline const char *sample_path(void)
{
	static char installed[PATH_MAX];
	const char *path = getenv("STACKER_SAMPLE_KO");
	struct utsname u;

	if (path && *path)
		return path;
	if (!access("/lib/modules/sandbox.ko", F_OK) || uname(&u))
		return "/lib/modules/sandbox.ko";
	snprintf(installed, sizeof(installed),
		 "/lib/modules/%s/kernel/samples/stacker/sandbox.ko", u.release);
	return installed;
}

/* Why the sample cannot be loaded here, or NULL. */
static inline const char *sample_missing(void)
{
	char names[256];

	if (access(sample_path(), R_OK))
		return "no sample module (build SAMPLE_STACKER_SANDBOX, or set STACKER_SAMPLE_KO)";
	if (read_text("/sys/module/stacker/parameters/loadable", names, sizeof(names)) < 0 ||
	    !strstr(names, "sandbox"))
		return "sandbox is not named on stacker.loadable=";
	return NULL;
}

/* Skip the whole program unless the sample can be loaded here: call from a constructor. */
static inline void require_sample(void)
{
	skip_unless_present(STACKER, "the stacker");
	if (sample_missing())
		ksft_exit_skip("%s\n", sample_missing());
}

/* finit_module() of the sample with @params: 0 or -errno. */
static inline int load(const char *params)
{
	int fd = open(sample_path(), O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -errno;
	rc = syscall(__NR_finit_module, fd, params, 0);
	rc = rc ? -errno : 0;
	close(fd);
	return rc;
}

static inline int unload(void)
{
	return syscall(__NR_delete_module, "sandbox", O_NONBLOCK) ? -errno : 0;
}

static inline bool locked(void)
{
	char lock[8];

	return read_text(STACKER "lock", lock, sizeof(lock)) > 0 && !strcmp(lock, "1\n");
}

static inline bool loaded(void)
{
	return !access(ENTER, F_OK);
}

/* The sandbox's line of a stacker file, copied into @line, or -1. */
static inline int module_line(const char *file, const char *prefix, char *line, size_t size)
{
	char text[TEXT_SIZE];
	const char *found;

	if (read_text(file, text, sizeof(text)) < 0)
		return -1;
	found = find_line(text, prefix);
	if (!found)
		return -1;
	snprintf(line, size, "%.*s", (int)(strchrnul(found, '\n') - found), found);
	return 0;
}

static inline int sandbox_stats(unsigned long *calls, unsigned long *denials)
{
	char line[128];

	if (module_line(STACKER "stats", "sandbox ", line, sizeof(line)) ||
	    sscanf(line, "sandbox %lu %lu", calls, denials) != 2)
		return -1;
	return 0;
}

static inline int sandbox_denials(unsigned long *denials)
{
	unsigned long calls;

	return sandbox_stats(&calls, denials);
}

static inline int enter(void)
{
	return write_str(ENTER, "1") == 1 ? 0 : -1;
}

/* In a child that enters the sandbox: the errno of opening OLD_FILE with @flags, or 0. */
static inline int errno_in_sandbox(int flags)
{
	int status, fd;
	pid_t pid = fork();

	if (!pid) {
		if (enter())
			_exit(100);
		fd = open(OLD_FILE, flags | O_CLOEXEC);
		_exit(fd < 0 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static inline void make_old_file(struct __test_metadata *const _metadata)
{
	int fd = open(OLD_FILE, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);

	ASSERT_LE(0, fd);
	ASSERT_EQ(4, write(fd, "old\n", 4));
	close(fd);
}

/*
 * Every run-time hook the sample implements, in a child: a fork (task_alloc, cred_prepare), a
 * new file (inode_init_security), opens, a truncation. Were a gone module's hooks still
 * published, these would call its freed code and the kernel would oops.
 */
static inline int run_the_sample_hooks(void)
{
	int status, fd;
	pid_t pid = fork();

	if (!pid) {
		fd = open(NEW_FILE, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (fd < 0 || write(fd, "x", 1) != 1 || close(fd) || truncate(NEW_FILE, 0) ||
		    unlink(NEW_FILE))
			_exit(1);
		_exit(system("true") ? 2 : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

#define WITHDRAWN "stacker: module \"sandbox\" went without unregistering: its hooks are withdrawn"

/* Gone from the stacker, hooks and all, and its name free again. */
static inline void expect_withdrawn(struct __test_metadata *const _metadata, int kmsg)
{
	char modules[TEXT_SIZE], line[256];

	EXPECT_TRUE(logged(kmsg, WITHDRAWN));
	EXPECT_FALSE(loaded());
	ASSERT_LT(0, read_text(STACKER "modules", modules, sizeof(modules)));
	EXPECT_EQ(NULL, strstr(modules, " sandbox "));
	EXPECT_NE(0, module_line(STACKER "hooks", "sandbox:", line, sizeof(line)));
	EXPECT_EQ(0, run_the_sample_hooks());
}

#endif /* _SELFTESTS_STACKER_LOADABLE_H */
