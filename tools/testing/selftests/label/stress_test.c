// SPDX-License-Identifier: GPL-2.0-only
/*
 * Concurrency: workers on every CPU for $LABEL_STRESS_SECONDS seconds (60 by default), at once:
 * creating, labelling, relabelling, opening and deleting files; changing task labels; loading
 * rule batches; switching label permissive and enforcing (while the stacker is unlocked);
 * reading every label and stacker securityfs file and every /proc/<pid>/attr file. Each worker
 * fails on any error but the denials and races the work causes (EACCES, a process gone). At the
 * end the rules between the test's labels are what the loads said last, pair by pair. The
 * kernel's reports (KASAN, lockdep, RCU, warnings) fail the boot through the harness.
 *
 * Labels are interned for good: the test uses a fixed set of eight.
 */

#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "common.h"

#define LABELS 8
#define DIR_PATH "/tmp/stress"
#define FILES 32
#define BATCH 16

/* Access strings loaded, and how "rules" shows each (Smack's rwxatl order, lowercase). */
static const struct {
	const char *load, *shown;
} accesses[] = {
	{ "-", "-" }, { "r", "r" }, { "xr", "rx" }, { "w", "w" },
	{ "a", "a" }, { "WR-l", "rwl" }, { "rwxa", "rwxa" }, { "tx", "xt" },
};

/* Shared with the rules worker: per pair, 1 + the index in accesses of the last rule loaded. */
static int *last_rule;

static const char *label_name(int i)
{
	static char names[LABELS][16];

	snprintf(names[i], sizeof(names[i]), "stress%d", i);
	return names[i];
}

static bool deadline_passed(time_t end)
{
	return time(NULL) >= end;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu % sysconf(_SC_NPROCESSORS_ONLN), &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* What a worker may meet: the module's denials and files another worker just removed. */
static bool expected(int err)
{
	return err == EACCES || err == ENOENT;
}

static void files_worker(time_t end)
{
	char path[64];
	int errors = 0, i, fd;

	for (i = 0; !deadline_passed(end); i++) {
		snprintf(path, sizeof(path), DIR_PATH "/f-%d", i % FILES);
		fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
		if (fd < 0) {
			errors += !expected(errno);
			continue;
		}
		if (fsetxattr(fd, XATTR_NAME_LABEL, label_name(i % LABELS), strlen("stress0"), 0))
			errors += !expected(errno);
		close(fd);
		fd = open(path, (i & 1 ? O_RDONLY : O_WRONLY) | O_CLOEXEC);
		if (fd >= 0)
			close(fd);
		else
			errors += !expected(errno);
		if (i % 3 == 0 && unlink(path))
			errors += !expected(errno);
	}
	_exit(errors ? 1 : 0);
}

/* Children that take a label of the set and open the files, then exit. */
static void tasks_worker(time_t end)
{
	int errors = 0, i, status;

	for (i = 0; !deadline_passed(end); i++) {
		pid_t pid = fork();

		if (!pid) {
			char path[64];
			int fd;

			if (set_label(label_name(i % LABELS)))
				_exit(1);
			snprintf(path, sizeof(path), DIR_PATH "/f-%d", i % FILES);
			fd = open(path, O_RDONLY | O_CLOEXEC);
			if (fd >= 0)
				close(fd);
			_exit(fd < 0 && !expected(errno));
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			errors++;
	}
	_exit(errors ? 1 : 0);
}

static void rules_worker(time_t end)
{
	char batch[BATCH * 40];
	int errors = 0, picks[BATCH], i;
	unsigned int seed = 1;

	while (!deadline_passed(end)) {
		size_t len = 0;

		for (i = 0; i < BATCH; i++) {
			int pair = rand_r(&seed) % (LABELS * LABELS);
			int a = rand_r(&seed) % ARRAY_SIZE(accesses);

			picks[i] = pair * 16 + a;
			len += snprintf(batch + len, sizeof(batch) - len, "%s %s %s\n",
					label_name(pair / LABELS), label_name(pair % LABELS),
					accesses[a].load);
		}
		if (load(batch)) {
			errors++;
			continue;
		}
		for (i = 0; i < BATCH; i++)
			__atomic_store_n(&last_rule[picks[i] / 16], picks[i] % 16 + 1,
					 __ATOMIC_RELAXED);
	}
	_exit(errors ? 1 : 0);
}

static void modes_worker(time_t end)
{
	int errors = 0, i;

	char lock[8];

	/* After stacker_test's lock no mode can change: nothing to switch. */
	if (!stacker_present() || read_text(STACKER "lock", lock, sizeof(lock)) < 0 ||
	    strcmp(lock, "0\n"))
		_exit(0);
	for (i = 0; !deadline_passed(end); i++) {
		const char *mode = i & 1 ? "label enforcing" : "label permissive";

		errors += write_str(STACKER_MODE, mode) != (ssize_t)strlen(mode);
		usleep(1000);
	}
	errors += write_str(STACKER_MODE, "label enforcing") != strlen("label enforcing");
	_exit(errors ? 1 : 0);
}

/* Read @path to its end: 0, or -1 with errno. */
static int drain(const char *path)
{
	char buf[4096];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		;
	close(fd);
	return n < 0 ? -1 : 0;
}

/* Read every file of @dir, one level down too; errors other than the expected ones count. */
static int read_tree(const char *dir, int depth)
{
	char path[1024];
	struct dirent *d;
	int errors = 0;
	DIR *dp = opendir(dir);

	if (!dp)
		return errno == ENOENT || errno == ESRCH ? 0 : 1;
	while ((d = readdir(dp))) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		if (d->d_type == DT_DIR) {
			if (depth)
				errors += read_tree(path, depth - 1);
			continue;
		}
		/* Unset attributes read as EINVAL; files another task holds, as ESRCH. */
		if (drain(path) < 0 && errno != EINVAL && errno != ESRCH &&
		    errno != EACCES && errno != ENOENT && errno != EPERM)
			errors++;
	}
	closedir(dp);
	return errors;
}

static void readers_worker(time_t end)
{
	char attr[300];
	struct dirent *d;
	int errors = 0;

	while (!deadline_passed(end)) {
		DIR *proc = opendir("/proc");

		errors += read_tree("/sys/kernel/security/label", 0);
		errors += read_tree("/sys/kernel/security/stacker", 0);
		while (proc && (d = readdir(proc))) {
			if (d->d_name[0] < '1' || d->d_name[0] > '9')
				continue;
			snprintf(attr, sizeof(attr), "/proc/%s/attr", d->d_name);
			errors += read_tree(attr, 1);
		}
		if (proc)
			closedir(proc);
	}
	_exit(errors ? 1 : 0);
}

static int stress_seconds(void)
{
	const char *secs = getenv("LABEL_STRESS_SECONDS");

	return secs && atoi(secs) > 0 ? atoi(secs) : 60;
}

FIXTURE(stress) {};
FIXTURE_SETUP(stress) {}
FIXTURE_TEARDOWN(stress) {}

TEST_F_TIMEOUT(stress, everything_at_once_then_rules_as_last_loaded, 600)
{
	static void (*const workers[])(time_t) = {
		files_worker, files_worker, tasks_worker, tasks_worker,
		rules_worker, modes_worker, readers_worker, readers_worker,
	};
	char rules[64 * 1024], line[64], init[LABELS * 32] = "";
	pid_t pids[ARRAY_SIZE(workers)];
	int i, status, checked = 0;
	time_t end;

	last_rule = mmap(NULL, LABELS * LABELS * sizeof(int), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, last_rule);
	/* The test's own label may manage the files whatever their label. */
	for (i = 0; i < LABELS; i++)
		snprintf(init + strlen(init), sizeof(init) - strlen(init), "_ %s rwxa\n",
			 label_name(i));
	ASSERT_EQ(0, load(init));
	mkdir(DIR_PATH, 0777);

	end = time(NULL) + stress_seconds();
	for (i = 0; i < ARRAY_SIZE(workers); i++) {
		pids[i] = fork();
		if (!pids[i]) {
			pin(i);
			workers[i](end);
		}
		ASSERT_LT(0, pids[i]);
	}
	for (i = 0; i < ARRAY_SIZE(workers); i++) {
		ASSERT_EQ(pids[i], waitpid(pids[i], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
			TH_LOG("worker %d: status %#x", i, status);
	}

	/* Every pair that was loaded shows the access of its last load, nothing half-applied. */
	ASSERT_LT(0, read_text(LABEL_FS "rules", rules, sizeof(rules)));
	for (i = 0; i < LABELS * LABELS; i++) {
		int a = last_rule[i] - 1;
		char prefix[48];
		const char *found;

		if (a < 0)
			continue;
		snprintf(prefix, sizeof(prefix), "%s %s ", label_name(i / LABELS),
			 label_name(i % LABELS));
		found = find_line(rules, prefix);
		ASSERT_NE(NULL, found) TH_LOG("no rule for %s", prefix);
		snprintf(line, sizeof(line), "%.*s", (int)(strchrnul(found, '\n') - found), found);
		EXPECT_STREQ(accesses[a].shown, line + strlen(prefix));
		checked++;
	}
	EXPECT_LT(LABELS, checked);
	for (i = 0; i < FILES; i++) {
		snprintf(line, sizeof(line), DIR_PATH "/f-%d", i);
		unlink(line);
	}
	rmdir(DIR_PATH);
	munmap(last_rule, LABELS * LABELS * sizeof(int));
}

TEST_HARNESS_MAIN
