// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checks the label module on tasks as objects: signals by every path, process groups,
 * scheduling, limits, /proc/<pid>/, ptrace modes, perf events, and the exec transition.
 */

#include <linux/capability.h>
#include <linux/io_uring.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>

#include "../stacker/uring.h"
#include "common.h"

/*
 * SIGIO sent to @pid through a pipe: F_SETOWN, F_SETSIG(SIGKILL), O_ASYNC, then a write. The
 * write succeeds whether the signal is delivered or not.
 */
static int sigio_kill(pid_t pid)
{
	int pipefd[2];

	if (pipe(pipefd) || fcntl(pipefd[0], F_SETOWN, pid) ||
	    fcntl(pipefd[0], F_SETSIG, SIGKILL) || fcntl(pipefd[0], F_SETFL, O_ASYNC))
		return -1;
	return write(pipefd[1], "", 1) == 1 ? 0 : -1;
}

/* The signal that ended @pid, after the parent released it: 0 if it exited by itself. */
static int end_of(pid_t pid, int release)
{
	int status;

	close(release);
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

/* SIGIO and SIGURG are signals: they need w from the task that set the owner, as kill() does. */
TEST(sigio_needs_w)
{
	int release;
	pid_t pid = spawn_waiter("sigio_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	ASSERT_EQ(0, ERRNO_AS("sigio_s", ROOT, sigio_kill(pid)));
	ASSERT_EQ(0, end_of(pid, release));

	ASSERT_EQ(0, load("sigio_s sigio_o w"));
	pid = spawn_waiter("sigio_o", 0, NULL, &release);
	ASSERT_LT(0, pid);
	ASSERT_EQ(0, ERRNO_AS("sigio_s", ROOT, sigio_kill(pid)));
	ASSERT_EQ(SIGKILL, end_of(pid, release));
}

/*
 * On a pipe whose owner @pid a task of "sigio2_w" (w on @pid) set, the child, now "sigio2_s",
 * chooses SIGKILL with F_SETSIG, or turns SIGIO on with FIOASYNC after "sigio2_w" chose it.
 */
static int sigio_chosen_later(pid_t pid, bool by_setsig)
{
	int pipefd[2], on = 1;

	if (pipe(pipefd) || fcntl(pipefd[0], F_SETOWN, pid))
		return -1;
	if (!by_setsig && fcntl(pipefd[0], F_SETSIG, SIGKILL))
		return -1;
	if (set_label("sigio2_s"))
		return -1;
	if (by_setsig ? fcntl(pipefd[0], F_SETSIG, SIGKILL) || fcntl(pipefd[0], F_SETFL, O_ASYNC) :
			ioctl(pipefd[0], FIOASYNC, &on))
		return -1;
	return write(pipefd[1], "", 1) == 1 ? 0 : -1;
}

/* SIGIO is sent with the label of whoever chose it or turned it on, not who named the owner. */
FIXTURE(sigio_chosen) {};

FIXTURE_VARIANT(sigio_chosen)
{
	bool by_setsig;
};

FIXTURE_VARIANT_ADD(sigio_chosen, f_setsig) { .by_setsig = true };
FIXTURE_VARIANT_ADD(sigio_chosen, fioasync) { .by_setsig = false };

FIXTURE_SETUP(sigio_chosen)
{
	ASSERT_EQ(0, load("sigio2_w sigio2_o w"));
}

FIXTURE_TEARDOWN(sigio_chosen)
{
}

TEST_F(sigio_chosen, later_needs_w)
{
	int release;
	pid_t pid = spawn_waiter("sigio2_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	ASSERT_EQ(0, ERRNO_AS("sigio2_w", ROOT, sigio_chosen_later(pid, variant->by_setsig)));
	ASSERT_EQ(0, end_of(pid, release));
}

/* One call on another task and the access it needs: r to read about the task, w to change it. */
FIXTURE(task_call) {
	pid_t pid;
	int release;
};

FIXTURE_VARIANT(task_call)
{
	int (*call)(pid_t pid);
	const char *needs;
};

static int call_setpriority(pid_t pid)
{
	return setpriority(PRIO_PROCESS, pid, 1);
}

static int call_getpgid(pid_t pid)
{
	return getpgid(pid) < 0 ? -1 : 0;
}

static int call_getsid(pid_t pid)
{
	return getsid(pid) < 0 ? -1 : 0;
}

static int call_getscheduler(pid_t pid)
{
	return sched_getscheduler(pid) < 0 ? -1 : 0;
}

static int call_setscheduler(pid_t pid)
{
	struct sched_param param = { 0 };

	return sched_setscheduler(pid, SCHED_OTHER, &param);
}

static int call_getioprio(pid_t pid)
{
	return syscall(SYS_ioprio_get, 1 /* IOPRIO_WHO_PROCESS */, pid) < 0 ? -1 : 0;
}

static int call_setioprio(pid_t pid)
{
	/* IOPRIO_WHO_PROCESS, best effort at level 4 */
	return syscall(SYS_ioprio_set, 1, pid, (2 << 13) | 4);
}

static int call_prlimit_read(pid_t pid)
{
	struct rlimit old;

	return prlimit(pid, RLIMIT_NOFILE, NULL, &old);
}

static int call_prlimit_write(pid_t pid)
{
	struct rlimit limit = { .rlim_cur = 1024, .rlim_max = 1024 };

	return prlimit(pid, RLIMIT_NOFILE, &limit, NULL);
}

static int call_capget(pid_t pid)
{
	struct __user_cap_header_struct header = { .version = _LINUX_CAPABILITY_VERSION_3,
						   .pid = pid };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	return syscall(SYS_capget, &header, data);
}

static int open_proc_file(pid_t pid, const char *name)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", pid, name);
	fd = open(path, O_RDONLY);
	return fd < 0 ? -1 : close(fd);
}

static int call_proc_cmdline(pid_t pid)
{
	return open_proc_file(pid, "cmdline");
}

/* Beyond the file's label, a ptrace read-mode check (environ) asks r; attaching asks rw. */
static int call_proc_environ(pid_t pid)
{
	return open_proc_file(pid, "environ");
}

FIXTURE_VARIANT_ADD(task_call, setpriority) { .call = call_setpriority, .needs = "w" };
FIXTURE_VARIANT_ADD(task_call, getpgid) { .call = call_getpgid, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, getsid) { .call = call_getsid, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, sched_getscheduler) { .call = call_getscheduler, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, sched_setscheduler) { .call = call_setscheduler, .needs = "w" };
FIXTURE_VARIANT_ADD(task_call, ioprio_get) { .call = call_getioprio, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, ioprio_set) { .call = call_setioprio, .needs = "w" };
FIXTURE_VARIANT_ADD(task_call, prlimit_read) { .call = call_prlimit_read, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, prlimit_write) { .call = call_prlimit_write, .needs = "w" };
FIXTURE_VARIANT_ADD(task_call, capget) { .call = call_capget, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, proc_cmdline) { .call = call_proc_cmdline, .needs = "r" };
FIXTURE_VARIANT_ADD(task_call, proc_environ) { .call = call_proc_environ, .needs = "r" };

FIXTURE_SETUP(task_call)
{
	self->pid = spawn_waiter("tcall_o", 0, NULL, &self->release);
	ASSERT_LT(0, self->pid);
	ASSERT_EQ(0, load("tcall_s tcall_o -"));
}

FIXTURE_TEARDOWN(task_call)
{
	close(self->release);
	waitpid(self->pid, NULL, 0);
}

TEST_F(task_call, needs_its_access)
{
	const char *other = strcmp(variant->needs, "r") ? "r" : "w";
	char rule[64];

	ASSERT_LABEL_DENIES("tcall_s", ROOT, variant->call(self->pid));
	snprintf(rule, sizeof(rule), "tcall_s tcall_o %s", other);
	ASSERT_EQ(0, load(rule));
	ASSERT_LABEL_DENIES("tcall_s", ROOT, variant->call(self->pid));
	snprintf(rule, sizeof(rule), "tcall_s tcall_o %s", variant->needs);
	ASSERT_EQ(0, load(rule));
	ASSERT_NE(EACCES, ERRNO_AS("tcall_s", ROOT, variant->call(self->pid)));
}

/* setpgid() acts only on the caller and its children: asked here of a child of another label. */
TEST(setpgid_needs_w)
{
	int release;
	pid_t pid = spawn_waiter("pgid_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	ASSERT_EQ(-1, setpgid(pid, pid));
	ASSERT_EQ(EACCES, errno);
	ASSERT_EQ(0, load("_ pgid_o w"));
	ASSERT_EQ(0, setpgid(pid, pid));
	close(release);
	waitpid(pid, NULL, 0);
}

static int trace_me(void)
{
	return ptrace(PTRACE_TRACEME, 0, NULL, NULL);
}

/* PTRACE_TRACEME makes the parent a tracer: the parent needs rw on the child. */
TEST(traceme_needs_rw_from_the_parent)
{
	int err = ERRNO_AS("traceme_o", ROOT, trace_me());

	if (err == ENOSYS)
		SKIP(return, "no ptrace in this kernel");
	ASSERT_EQ(EACCES, err);
	ASSERT_EQ(0, load("_ traceme_o r"));
	ASSERT_EQ(EACCES, ERRNO_AS("traceme_o", ROOT, trace_me()));
	ASSERT_EQ(0, load("_ traceme_o rw"));
	ASSERT_EQ(0, ERRNO_AS("traceme_o", ROOT, trace_me()));
}

/* A task-clock event on @pid; one that sends it SIGTRAP each millisecond if @sigtrap. */
static int perf_open_event(pid_t pid, bool sigtrap)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.exclude_kernel = 1,
	};

	if (sigtrap) {
		attr.sample_period = 1000 * 1000;
		attr.sigtrap = 1;
		attr.remove_on_exec = 1;
	}
	return syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static int perf_open(pid_t pid)
{
	return perf_open_event(pid, false);
}

static int perf_open_sigtrap(pid_t pid)
{
	return perf_open_event(pid, true);
}

/* A perf event on another task reads it: r, even for a caller that perf trusts. */
TEST(perf_event_on_another_task_needs_r)
{
	int release, err;
	pid_t pid = spawn_waiter("perf_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	err = ERRNO_AS("perf_s", ROOT, perf_open(pid));
	if (err == ENOSYS || err == ENOENT)
		SKIP(goto out, "no software perf events in this kernel");
	ASSERT_EQ(EACCES, err);
	ASSERT_EQ(0, load("perf_s perf_o r"));
	ASSERT_EQ(0, ERRNO_AS("perf_s", ROOT, perf_open(pid)));
out:
	close(release);
	waitpid(pid, NULL, 0);
}

/* After the event's rule was removed, each use of @fd: 0 if every one is refused, else 1. */
static int perf_uses_refused(int fd)
{
	uint64_t count;

	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) == 0 || errno != EACCES)
		return 1;
	if (mmap(NULL, getpagesize(), PROT_READ, MAP_SHARED, fd, 0) != MAP_FAILED ||
	    errno != EACCES)
		return 1;
	return read(fd, &count, sizeof(count)) < 0 && errno == EACCES ? 0 : 1;
}

/*
 * Using an event reads its task again: once the rule that let the event open is removed, the
 * descriptor opened before is refused any command (PERF_EVENT_IOC_SET_OUTPUT would send its
 * samples into a buffer of the reader's), a new mapping of its ring buffer and read(), by a
 * root with and without CAP_MAC_ADMIN.
 */
TEST(perf_event_used_after_its_rule_is_removed)
{
	static const enum who whos[] = { ROOT, ROOT_WITHOUT_MAC_ADMIN };
	int release, ready[2], go[2];
	pid_t pid = spawn_waiter("perf_o", 0, NULL, &release), reader;
	uint64_t count;
	size_t i;
	char c;

	ASSERT_LT(0, pid);
	for (i = 0; i < ARRAY_SIZE(whos); i++) {
		ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
		ASSERT_EQ(0, load("perf_s perf_o r"));
		reader = fork_as("perf_s", whos[i]);
		if (!reader) {
			int fd = perf_open(pid);

			if (fd < 0 || read(fd, &count, sizeof(count)) != sizeof(count) ||
			    write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
				_exit(SETUP_FAILED);
			_exit(perf_uses_refused(fd));
		}
		close(ready[1]);
		close(go[0]);
		ASSERT_EQ(1, read(ready[0], &c, 1));
		ASSERT_EQ(0, load("perf_s perf_o -"));
		ASSERT_EQ(1, write(go[1], "g", 1));
		EXPECT_EQ(0, child_status(reader)) TH_LOG("who %zu", i);
		close(ready[0]);
		close(go[1]);
	}
	close(release);
	waitpid(pid, NULL, 0);
}

/*
 * An event that sends its task SIGTRAP signals it: w, as kill() asks, even for a root that perf
 * lets open it (CAP_PERFMON, or CAP_SYS_ADMIN, with CAP_KILL).
 */
TEST(perf_sigtrap_on_another_task_needs_w)
{
	int release, err;
	pid_t pid = spawn_waiter("perf_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	ASSERT_EQ(0, load("perf_s perf_o r"));
	err = ERRNO_AS("perf_s", ROOT, perf_open_sigtrap(pid));
	if (err == ENOSYS || err == ENOENT || err == EINVAL)
		SKIP(goto out, "no sigtrap perf events in this kernel");
	EXPECT_EQ(EACCES, err);
	ASSERT_EQ(0, load("perf_s perf_o rw"));
	EXPECT_EQ(0, ERRNO_AS("perf_s", ROOT, perf_open_sigtrap(pid)));
out:
	ASSERT_EQ(0, load("perf_s perf_o -"));
	close(release);
	waitpid(pid, NULL, 0);
}

/* A CPU-clock event on @pid and @cpu (-1: any), counting the kernel too if @kernel. */
static int perf_open_on(pid_t pid, int cpu, bool kernel)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.exclude_kernel = !kernel,
	};

	return syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/*
 * An event on a whole CPU, or one that counts the kernel, sees every label's tasks: no rule
 * names them, so only a task of the floor opens one, even as a root that perf trusts
 * (CAP_SYS_ADMIN gives perfmon_capable()). Its own user space it still measures.
 */
TEST(perf_event_on_a_cpu_or_the_kernel_only_from_the_floor)
{
	int err = ERRNO_AS(NULL, ROOT, perf_open_on(-1, 0, false));

	if (err == ENOSYS || err == ENOENT)
		SKIP(return, "no software perf events in this kernel");
	ASSERT_EQ(0, err);
	ASSERT_EQ(0, ERRNO_AS(NULL, ROOT, perf_open_on(0, -1, true)));
	ASSERT_EQ(0, load("perf_s _ rwx"));
	EXPECT_EQ(EACCES, ERRNO_AS("perf_s", ROOT_WITHOUT_MAC_ADMIN, perf_open_on(-1, 0, false)));
	EXPECT_EQ(EACCES, ERRNO_AS("perf_s", ROOT_WITHOUT_MAC_ADMIN, perf_open_on(0, -1, true)));
	EXPECT_EQ(0, ERRNO_AS("perf_s", ROOT_WITHOUT_MAC_ADMIN, perf_open_on(0, -1, false)));
	ASSERT_EQ(0, load("perf_s _ -"));
}

static uint64_t perf_count(int fd)
{
	uint64_t count = 0;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return 0;
	return count;
}

/*
 * Run busybox at @path as a shell that prints a line and then spins, from a child of label
 * "exit_s" watched by a task-clock event opened before the exec: whether the event still
 * counts once the program runs.
 */
static int still_counted_after_exec(struct __test_metadata *const _metadata, const char *path)
{
	int go[2], out[2], fd;
	struct timespec spin = { .tv_nsec = 300 * 1000 * 1000 };
	uint64_t before, after;
	pid_t pid;
	char c;

	if (pipe2(go, O_CLOEXEC) || pipe2(out, O_CLOEXEC))
		return -1;
	pid = fork_as("exit_s", ROOT);
	if (!pid) {
		/* Labelled: the event is opened after, as a change of label ends it. */
		if (write(out[1], "", 1) != 1 || read(go[0], &c, 1) != 1 ||
		    dup2(out[1], STDOUT_FILENO) != STDOUT_FILENO)
			_exit(SETUP_FAILED);
		execl(path, "sh", "-c", "echo; while :; do :; done", (char *)NULL);
		_exit(SETUP_FAILED);
	}
	close(out[1]);
	fd = read(out[0], &c, 1) == 1 ? perf_open(pid) : -1;
	if (fd < 0 || write(go[1], "", 1) != 1 || read(out[0], &c, 1) != 1) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return -1;
	}
	before = perf_count(fd);
	nanosleep(&spin, NULL);
	after = perf_count(fd);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(fd);
	close(go[1]);
	close(out[0]);
	return after > before;
}

/*
 * An exec into another label is a change of privilege: the process is no longer dumpable and
 * perf events opened on it before are torn down, as after a set-user-ID exec.
 */
TEST(exec_transition_ends_perf_events)
{
	const char *plain = "/tmp/label-perf-plain", *transit = "/tmp/label-perf-transit";
	int fd = perf_open(getpid());

	if (fd < 0)
		SKIP(return, "no software perf events in this kernel");
	close(fd);
	copy_busybox(_metadata, plain, NULL);
	copy_busybox(_metadata, transit, NULL);
	ASSERT_EQ(0, setxattr(transit, XATTR_NAME_LABELEXEC, "exit_t", 6, 0));
	ASSERT_EQ(0, trust("/tmp"));
	/* The parent watches the child and kills it after: r and w on both its labels. */
	ASSERT_EQ(0, load("_ exit_s rw\n_ exit_t rw"));
	ASSERT_EQ(1, still_counted_after_exec(_metadata, plain));
	ASSERT_EQ(0, still_counted_after_exec(_metadata, transit));
}

/*
 * Every way a task changes its own label: a task-clock event opened on it before the change
 * stops counting, as after an exec into another label. The event was allowed for the old
 * label ("_" may read rl_a); with it the opener would go on sampling a task of the new one.
 */
FIXTURE(relabel_perf) {};

FIXTURE_VARIANT(relabel_perf)
{
	/* The change, made by a child of label rl_a as root; 0 for none (the control). */
	int (*change)(void);
	int still_counted;
};

static int change_by_attribute(void)
{
	return set_label("rl_b");
}

/* relabel-self, opened while the test was "_": its writes are checked against the opener. */
static int relabel_self_fd = -1;

static int change_by_relabel_self(void)
{
	if (write(relabel_self_fd, "rl_b", 4) != 4 || drop_mac_admin())
		return -1;
	return set_label("rl_b");
}

static int change_by_self_attr(void)
{
	return set_self_attr_label("rl_b");
}

FIXTURE_VARIANT_ADD(relabel_perf, none) { .still_counted = 1 };
FIXTURE_VARIANT_ADD(relabel_perf, attribute) { .change = change_by_attribute };
FIXTURE_VARIANT_ADD(relabel_perf, relabel_self) { .change = change_by_relabel_self };
FIXTURE_VARIANT_ADD(relabel_perf, lsm_set_self_attr) { .change = change_by_self_attr };

FIXTURE_SETUP(relabel_perf)
{
	int fd = perf_open(getpid());

	if (fd < 0)
		SKIP(return, "no software perf events in this kernel");
	close(fd);
	/* The parent watches the child and kills it after: r and w on both its labels. */
	ASSERT_EQ(0, load("_ rl_a rw\n_ rl_b rw"));
}

FIXTURE_TEARDOWN(relabel_perf)
{
}

TEST_F(relabel_perf, ends_events_opened_before)
{
	int ready[2], go[2], fd;
	struct timespec spin = { .tv_nsec = 300 * 1000 * 1000 };
	uint64_t before = 0, after = 0;
	bool watched = false;
	pid_t pid;
	char c;

	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
	relabel_self_fd = open(LABEL_FS "relabel-self", O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, relabel_self_fd);
	pid = fork_as("rl_a", ROOT);
	ASSERT_LE(0, pid);
	if (!pid) {
		if (write(ready[1], "", 1) != 1 || read(go[0], &c, 1) != 1 ||
		    (variant->change && variant->change()) || write(ready[1], "", 1) != 1)
			_exit(SETUP_FAILED);
		for (;;)
			;
	}
	close(ready[1]);
	fd = read(ready[0], &c, 1) == 1 ? perf_open(pid) : -1;
	if (fd >= 0 && write(go[1], "", 1) == 1 && read(ready[0], &c, 1) == 1) {
		before = perf_count(fd);
		nanosleep(&spin, NULL);
		after = perf_count(fd);
		watched = true;
	}
	kill(pid, SIGKILL);
	ASSERT_EQ(pid, waitpid(pid, NULL, 0));
	ASSERT_TRUE(watched);
	close(fd);
	close(relabel_self_fd);
	close(go[1]);
	close(ready[0]);
	EXPECT_EQ(variant->still_counted, after > before);
}

/* A second thread, which returns once the pipe end @arg reads end of file. */
static void *wait_for_eof(void *arg)
{
	char c;

	while (read(*(int *)arg, &c, 1) > 0)
		;
	return NULL;
}

/*
 * Whether the calling process is down to one thread, waiting up to a second: pthread_join()
 * returns once the thread has left its memory, before it has let go of the descriptor table
 * and fs_struct it shared, and a change of label is refused until then.
 */
static bool alone_again(void)
{
	char line[64];
	bool alone = false;
	int tries;
	FILE *f;

	for (tries = 0; tries < 100 && !alone; tries++) {
		f = fopen("/proc/self/status", "re");
		if (!f)
			return false;
		while (fgets(line, sizeof(line), f))
			if (!strcmp(line, "Threads:\t1\n"))
				alone = true;
		fclose(f);
		if (!alone)
			usleep(10000);
	}
	return alone;
}

/*
 * Threads share memory: while its process has another thread, a task's label does not change,
 * whichever way it asks, or the other thread would keep the old label beside the new one's
 * data. io_uring's polling thread counts, which a single-threaded program gets without a
 * pthread. Alone again, the task changes its label.
 */
TEST(relabel_only_alone_in_memory)
{
	int status, end[2], ring, rs = open(LABEL_FS "relabel-self", O_WRONLY | O_CLOEXEC);
	pthread_t thread;
	pid_t pid;

	ASSERT_LE(0, rs);
	pid = fork_as("mt_a", ROOT);
	ASSERT_LE(0, pid);
	if (!pid) {
		if (pipe(end) || pthread_create(&thread, NULL, wait_for_eof, &end[0]))
			_exit(SETUP_FAILED);
		if (!set_label("mt_b") || errno != EPERM || set_self_attr_label("mt_b") != EPERM)
			_exit(1);
		/* relabel-self, the way without CAP_MAC_ADMIN (rs was opened by "_"). */
		if (write(rs, "mt_b", 4) != 4 || drop_mac_admin())
			_exit(SETUP_FAILED);
		if (!set_label("mt_b") || errno != EPERM)
			_exit(2);
		close(end[1]);
		if (pthread_join(thread, NULL) || !alone_again())
			_exit(SETUP_FAILED);
		_exit(set_label("mt_b") ? 3 : 0);
	}
	ASSERT_EQ(0, child_status(pid));
	close(rs);

	pid = fork_as("mt_a", ROOT);
	ASSERT_LE(0, pid);
	if (!pid) {
		ring = syscall(SYS_io_uring_setup, 1,
			       &(struct io_uring_params){ .flags = IORING_SETUP_SQPOLL });
		if (ring < 0)
			_exit(4);
		_exit(!set_label("mt_c") || errno != EPERM ? 5 : 0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	if (WEXITSTATUS(status) == 4)
		SKIP(return, "no io_uring polling thread in this kernel");
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/*
 * A process that shares @flags (CLONE_FILES, CLONE_FS) with its caller until the caller closes
 * @release[1]: its pid, or -1. With CLONE_FILES the descriptor table is the caller's: the
 * process closes nothing, and the caller closes @release[0] once it has waited for it.
 */
static pid_t share_until(unsigned long flags, int release[2])
{
	pid_t pid;
	char c;

	if (pipe(release))
		return -1;
	pid = syscall(SYS_clone, flags | SIGCHLD, 0, NULL, NULL, 0);
	if (!pid) {
		if (!(flags & CLONE_FILES))
			close(release[1]);
		_exit(read(release[0], &c, 1) < 0);
	}
	return pid;
}

/*
 * In a child of label "mt_a", which gives itself relabel-self {mt_b} through @rs and becomes
 * nobody: the unprivileged way, through the attribute and lsm_set_self_attr(). 0, or which
 * step failed.
 */
static int relabel_while_sharing_tables(int rs)
{
	static const unsigned long shared[] = { CLONE_FILES, CLONE_FS };
	int i, release[2];
	pid_t pid;

	if (write(rs, "mt_b", 4) != 4 || drop_to_nobody())
		return SETUP_FAILED;
	for (i = 0; i < ARRAY_SIZE(shared); i++) {
		pid = share_until(shared[i], release);
		if (pid < 0)
			return SETUP_FAILED;
		if (!set_label("mt_b") || errno != EPERM || set_self_attr_label("mt_b") != EPERM)
			return 10 + i;
		close(release[1]);
		if (waitpid(pid, NULL, 0) != pid)
			return SETUP_FAILED;
		close(release[0]);
	}
	return set_label("mt_b") ? 12 : 0;
}

/*
 * In a child of label "mt_a" that inherited @ring and its mapping @sq of @size bytes from
 * its parent, and never used io_uring itself: 0, or which step failed.
 */
static int relabel_with_a_parents_ring(int ring, void *sq, size_t size)
{
	if (!set_label("mt_b") || errno != EPERM)
		return 20;
	if (close(ring))
		return SETUP_FAILED;
	if (!set_label("mt_b") || errno != EPERM)
		return 21;
	if (munmap(sq, size))
		return SETUP_FAILED;
	return set_label("mt_b") ? 22 : 0;
}

/* In a child of label "mt_a", root with CAP_MAC_ADMIN: 0, or which step failed. */
static int relabel_while_sharing_a_ring(void)
{
	struct io_uring_params params = {};
	int ring, status;
	size_t size;
	void *sq;
	pid_t pid;

	ring = syscall(SYS_io_uring_setup, 1, &params);
	if (ring < 0)
		return SETUP_FAILED;
	size = params.sq_off.array + params.sq_entries * sizeof(__u32);
	sq = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQ_RING);
	if (sq == MAP_FAILED)
		return SETUP_FAILED;
	pid = fork();
	if (!pid)
		_exit(relabel_with_a_parents_ring(ring, sq, size));
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return SETUP_FAILED;
	if (WEXITSTATUS(status))
		return WEXITSTATUS(status);
	/* The task that set the ring up has used io_uring: it keeps its label until an exec. */
	if (close(ring) || munmap(sq, size))
		return SETUP_FAILED;
	return !set_label("mt_b") || errno != EPERM ? 23 : 0;
}

/*
 * @step in a child of label "mt_a", root with CAP_MAC_ADMIN, given a descriptor of
 * relabel-self that the floor opened (a task of "mt_a" may not open label's files): the
 * child's exit status, SETUP_FAILED if it did not run.
 */
static int as_mt_a_with_relabel_self(int (*step)(int rs))
{
	int rs = open(LABEL_FS "relabel-self", O_WRONLY | O_CLOEXEC), status = SETUP_FAILED;
	pid_t pid;

	if (rs < 0)
		return SETUP_FAILED;
	pid = fork_as("mt_a", ROOT);
	if (!pid)
		_exit(step(rs));
	if (pid > 0)
		status = child_status(pid);
	close(rs);
	return status;
}

/*
 * What a change of label through the attribute would leave to the old label blocks it too:
 * another process sharing the descriptor table, which would get what the task then opens
 * with the new label, or the fs_struct; an io_uring instance's descriptor, or a mapping of
 * its rings alone, as a child inherits its parent's (the parent's polling thread would run
 * what the child writes there, with the parent's label); a task's own use of io_uring, whose
 * requests run with the credentials they were queued with. Without them the label changes.
 */
TEST(relabel_only_sharing_nothing)
{
	pid_t pid;

	EXPECT_EQ(0, as_mt_a_with_relabel_self(relabel_while_sharing_tables));
	pid = fork_as("mt_a", ROOT);
	ASSERT_LE(0, pid);
	if (!pid)
		_exit(relabel_while_sharing_a_ring());
	EXPECT_EQ(0, child_status(pid));
}

/*
 * In a child of label "mt_a", root with CAP_MAC_ADMIN: relabel-self {mt_b} written through
 * @rs by an io_uring worker (IOSQE_ASYNC), then the child's own set. 0, or which step failed.
 */
static int relabel_self_written_by_a_worker(int rs)
{
	struct io_uring_sqe req = { .opcode = IORING_OP_WRITE, .flags = IOSQE_ASYNC, .fd = rs,
				    .addr = (uintptr_t)"mt_b", .len = 4 };
	struct io_uring_params params;
	int ring = uring_setup(&params), res;
	char set[64];

	if (ring < 0)
		return SETUP_FAILED;
	res = uring_run(ring, &params, &req);
	if (res == INT_MIN)
		return SETUP_FAILED;
	if (res != -EBUSY)
		return 30;
	if (read_text(LABEL_FS "relabel-self", set, sizeof(set)) < 0)
		return SETUP_FAILED;
	return set[0] ? 31 : 0;
}

/*
 * relabel-self gives its set to the task that writes it. Written through io_uring, it is an
 * io_uring worker that writes, with the credentials of the task that queued the write
 * borrowed or with its own: refused, and nobody's set changes.
 */
TEST(relabel_self_set_by_the_task_itself)
{
	EXPECT_EQ(0, as_mt_a_with_relabel_self(relabel_self_written_by_a_worker));
}

/*
 * In a child of label "sig_s": SIGUSR1 blocked and pending, SIGTERM ignored, a one-second
 * interval timer armed, then busybox at @path as a shell that prints its own pending, blocked
 * and ignored signals (the Sig and Shd lines of its /proc status) into @out and outlives the
 * timer. Returns the child's wait status, or -1.
 */
static int signals_across_exec(const char *path, char *out, size_t size)
{
	static const char script[] =
		"while read l; do case $l in Sig*|Shd*) echo $l;; esac; done < /proc/$$/status; "
		"sleep 2";
	struct itimerval timer = { .it_value = { .tv_sec = 1 } };
	int pipefd[2], status;
	size_t total = 0;
	sigset_t usr1;
	ssize_t n;
	pid_t pid;

	if (pipe2(pipefd, O_CLOEXEC))
		return -1;
	pid = fork_as("sig_s", ROOT);
	if (!pid) {
		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		if (dup2(pipefd[1], STDOUT_FILENO) != STDOUT_FILENO ||
		    sigprocmask(SIG_BLOCK, &usr1, NULL) || kill(getpid(), SIGUSR1) ||
		    signal(SIGTERM, SIG_IGN) == SIG_ERR || setitimer(ITIMER_REAL, &timer, NULL))
			_exit(SETUP_FAILED);
		execl(path, "sh", "-c", script, (char *)NULL);
		_exit(SETUP_FAILED);
	}
	close(pipefd[1]);
	while (total < size - 1 && (n = read(pipefd[0], out + total, size - 1 - total)) > 0)
		total += n;
	out[total] = '\0';
	close(pipefd[0]);
	return pid > 0 && waitpid(pid, &status, 0) == pid ? status : -1;
}

/* The signal mask of @field ("SigBlk:", ...) in the status lines @out, or ~0 if missing. */
static unsigned long long status_mask(const char *out, const char *field)
{
	const char *line = strstr(out, field);

	return line ? strtoull(line + strlen(field), NULL, 16) : ~0ULL;
}

#define SIGNAL_BIT(sig) (1ULL << ((sig) - 1))

/*
 * An exec into another label drops what the old program set up to reach the new one: a signal
 * pending (SIGUSR1), the signals it blocked or ignored (SIGUSR1, SIGTERM), and its interval
 * timer, whose SIGALRM would end the new program. A plain exec keeps them all. (The shell
 * ignores SIGQUIT of its own: only the bits set before the exec are looked at.)
 */
TEST(exec_transition_drops_signals_and_timers)
{
	const char *plain = "/tmp/label-sig-plain", *transit = "/tmp/label-sig-transit";
	char out[1024];
	int status;

	copy_busybox(_metadata, plain, NULL);
	copy_busybox(_metadata, transit, NULL);
	ASSERT_EQ(0, setxattr(transit, XATTR_NAME_LABELEXEC, "sig_t", 5, 0));
	ASSERT_EQ(0, trust("/tmp"));

	status = signals_across_exec(plain, out, sizeof(out));
	ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		TH_LOG("plain exec: status %#x", status);
	EXPECT_TRUE(status_mask(out, "ShdPnd:") & SIGNAL_BIT(SIGUSR1)) TH_LOG("%s", out);
	EXPECT_TRUE(status_mask(out, "SigBlk:") & SIGNAL_BIT(SIGUSR1)) TH_LOG("%s", out);
	EXPECT_TRUE(status_mask(out, "SigIgn:") & SIGNAL_BIT(SIGTERM)) TH_LOG("%s", out);

	status = signals_across_exec(transit, out, sizeof(out));
	EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
		TH_LOG("exec into sig_t: status %#x", status);
	EXPECT_FALSE((status_mask(out, "ShdPnd:") | status_mask(out, "SigPnd:")) &
		     SIGNAL_BIT(SIGUSR1)) TH_LOG("%s", out);
	EXPECT_FALSE(status_mask(out, "SigBlk:") & SIGNAL_BIT(SIGUSR1)) TH_LOG("%s", out);
	EXPECT_FALSE(status_mask(out, "SigIgn:") & SIGNAL_BIT(SIGTERM)) TH_LOG("%s", out);
}

/* Enter @pid's user namespace through its /proc/<pid>/ns file. */
static int join_by_proc(pid_t pid)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/ns/user", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -1 : setns(fd, CLONE_NEWUSER);
}

/* Enter @pid's user namespace through a pidfd. */
static int join_by_pidfd(pid_t pid)
{
	int fd = syscall(SYS_pidfd_open, pid, 0);

	return fd < 0 ? -1 : setns(fd, CLONE_NEWUSER);
}

/* Descriptors of the owner's namespaces that a manager keeps open, as files pin them. */
static int pinned_user = -1, pinned_net = -1;

/* Enter the user namespace through a descriptor the caller inherited. */
static int join_by_file(pid_t pid)
{
	return setns(pinned_user, CLONE_NEWUSER);
}

/* Enter its network namespace from outside its user namespace, by ownership of it. */
static int enter_its_network(pid_t pid)
{
	return setns(pinned_net, CLONE_NEWNET);
}

FIXTURE(userns_of_another_label) {};

FIXTURE_VARIANT(userns_of_another_label)
{
	enum who who;
	int (*join)(pid_t pid);
};

FIXTURE_VARIANT_ADD(userns_of_another_label, nobody_by_proc) {
	.who = NOBODY_USER, .join = join_by_proc,
};

FIXTURE_VARIANT_ADD(userns_of_another_label, nobody_by_pidfd) {
	.who = NOBODY_USER, .join = join_by_pidfd,
};

FIXTURE_VARIANT_ADD(userns_of_another_label, nobody_by_file) {
	.who = NOBODY_USER, .join = join_by_file,
};

FIXTURE_VARIANT_ADD(userns_of_another_label, root_by_proc) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .join = join_by_proc,
};

FIXTURE_VARIANT_ADD(userns_of_another_label, root_by_pidfd) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .join = join_by_pidfd,
};

FIXTURE_VARIANT_ADD(userns_of_another_label, root_by_file) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .join = join_by_file,
};

FIXTURE_VARIANT_ADD(userns_of_another_label, root_into_its_network) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .join = enter_its_network,
};

FIXTURE_SETUP(userns_of_another_label)
{
	/* Reading a task (its /proc/<pid>/ns files, setns() through a pidfd) needs r only. */
	ASSERT_EQ(0, load("uns_a uns_b r\n_ uns_b rw"));
}

FIXTURE_TEARDOWN(userns_of_another_label)
{
	load("uns_a uns_b -\n_ uns_b -");
}

/*
 * The kernel gives every capability in a user namespace to its owner's uid from outside it:
 * a task of the same uid but another label may use them - join the namespace, or enter the
 * namespaces it owns - only as it may attach to a task of the creator's label (rw), whatever
 * the way in. The creator's own label enters.
 */
TEST_F(userns_of_another_label, used_only_with_rw_to_its_creator)
{
	char path[64];
	int release;
	pid_t owner = spawn_held("uns_b", variant->who, make_namespaces, NULL, &release);

	ASSERT_LT(0, owner);
	snprintf(path, sizeof(path), "/proc/%d/ns/user", owner);
	pinned_user = open(path, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, pinned_user);
	snprintf(path, sizeof(path), "/proc/%d/ns/net", owner);
	pinned_net = open(path, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, pinned_net);

	EXPECT_EQ(EPERM, ERRNO_AS("uns_a", variant->who, variant->join(owner)));
	EXPECT_EQ(0, ERRNO_AS("uns_b", variant->who, variant->join(owner)));
	ASSERT_EQ(0, load("uns_a uns_b rw"));
	EXPECT_EQ(0, ERRNO_AS("uns_a", variant->who, variant->join(owner)));
	close(release);
	ASSERT_EQ(0, child_status(owner));
	close(pinned_user);
	close(pinned_net);
}

/* Open @pid's environment, as ps -e does: 0, or -1. */
static int open_environ(pid_t pid)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/environ", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	return fd < 0 ? -1 : close(fd);
}

/*
 * Capabilities over the tasks of another label's user namespace (CAP_SYS_PTRACE, CAP_KILL) are
 * left to the checks on the task: r reads it from outside, w signals it, as for any task.
 * (SIGWINCH, which the owner ignores, asks CAP_KILL across uids; SIGCONT in a session does not.)
 */
TEST(userns_tasks_decided_on_the_task)
{
	int release;
	pid_t owner;

	ASSERT_EQ(0, load("uns_a uns_b r"));
	owner = spawn_held("uns_b", NOBODY_USER, make_namespaces, NULL, &release);
	ASSERT_LT(0, owner);
	EXPECT_EQ(0, ERRNO_AS("uns_a", ROOT_WITHOUT_MAC_ADMIN, open_environ(owner)));
	EXPECT_EQ(EACCES, ERRNO_AS("uns_a", ROOT_WITHOUT_MAC_ADMIN, kill(owner, SIGWINCH)));
	ASSERT_EQ(0, load("uns_a uns_b w"));
	EXPECT_EQ(0, ERRNO_AS("uns_a", ROOT_WITHOUT_MAC_ADMIN, kill(owner, SIGWINCH)));
	close(release);
	ASSERT_EQ(0, child_status(owner));
	load("uns_a uns_b -");
}

/*
 * A task of uns_a that joined @owner's user namespace and made one of its own in it, as
 * nobody; see the test below: 0 if what it could do before the rule went is refused after.
 */
static int capabilities_after_joining(pid_t owner, int ready, int go)
{
	char c;

	if (join_by_pidfd(owner) || unshare(CLONE_NEWUSER) || unshare(CLONE_NEWUTS) ||
	    write(ready, "", 1) != 1 || read(go, &c, 1) != 1)
		_exit(SETUP_FAILED);
	return unshare(CLONE_NEWNET) ? 0 : 1;
}

/*
 * A task of another label that joined a user namespace keeps the capabilities it has there,
 * and in the namespaces it made there, only while its rule does: each use is decided again,
 * as each use of a descriptor is.
 */
TEST(userns_capabilities_end_with_the_rule)
{
	int release, ready[2], go[2];
	pid_t owner, joiner;
	char c;

	ASSERT_EQ(0, load("uns_a uns_b rw"));
	owner = spawn_held("uns_b", NOBODY_USER, make_namespaces, NULL, &release);
	ASSERT_LT(0, owner);
	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
	joiner = fork_as("uns_a", NOBODY_USER);
	if (!joiner)
		_exit(capabilities_after_joining(owner, ready[1], go[0]));
	close(ready[1]);
	close(go[0]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(0, load("uns_a uns_b r"));
	ASSERT_EQ(1, write(go[1], "", 1));
	EXPECT_EQ(0, child_status(joiner));
	close(release);
	ASSERT_EQ(0, child_status(owner));
	load("uns_a uns_b -");
}

/*
 * A refusal over another label's user namespace is label's policy: hosted and permissive,
 * label lets it through (logged), as any of its denials, and refuses it again once enforcing.
 */
TEST(userns_denial_softened_when_permissive)
{
	int release, joined_permissive, joined_enforcing;
	char lock[8];
	pid_t owner;

	if (!stacker_present())
		SKIP(return, "label runs without the stacker");
	ASSERT_LT(0, read_text(STACKER_LOCK, lock, sizeof(lock)));
	if (strcmp(lock, "0\n"))
		SKIP(return, "the stacker is locked");
	ASSERT_EQ(0, load("uns_a uns_b r"));
	owner = spawn_held("uns_b", NOBODY_USER, make_namespaces, NULL, &release);
	ASSERT_LT(0, owner);
	ASSERT_EQ(17, write_str(STACKER_MODE, "label permissive\n"));
	joined_permissive = ERRNO_AS("uns_a", NOBODY_USER, join_by_pidfd(owner));
	ASSERT_EQ(16, write_str(STACKER_MODE, "label enforcing\n"));
	joined_enforcing = ERRNO_AS("uns_a", NOBODY_USER, join_by_pidfd(owner));
	close(release);
	ASSERT_EQ(0, child_status(owner));
	load("uns_a uns_b -");

	EXPECT_EQ(0, joined_permissive);
	EXPECT_EQ(EPERM, joined_enforcing);
}

/*
 * A user namespace that a task of the floor made (a sandbox a CNI plugin or slirp4netns
 * enters): whoever uses capabilities there may mount over the programs of its _ tasks,
 * which write the kernel's control files, so it asks rw to _sysctl, as attaching to a _
 * task does; rw to _ is not enough.
 */
TEST(userns_of_the_floor_needs_rw_to_sysctl)
{
	int release;
	pid_t owner = spawn_held(NULL, NOBODY_USER, make_namespaces, NULL, &release);

	ASSERT_LT(0, owner);
	ASSERT_EQ(0, load("uns_a _ rw"));
	EXPECT_EQ(EPERM, ERRNO_AS("uns_a", ROOT_WITHOUT_MAC_ADMIN, join_by_pidfd(owner)));
	ASSERT_EQ(0, load("uns_a _sysctl rw"));
	EXPECT_EQ(0, ERRNO_AS("uns_a", ROOT_WITHOUT_MAC_ADMIN, join_by_pidfd(owner)));
	close(release);
	ASSERT_EQ(0, child_status(owner));
	load("uns_a _ -\nuns_a _sysctl -");
}

/*
 * Take @label through relabel-self, set through relabel_self_fd while root, then as @who, by
 * the task attribute or lsm_set_self_attr(), in a new user namespace or not.
 */
static int relabel_self_to(const char *label, enum who who, bool in_userns, bool by_syscall)
{
	if (write(relabel_self_fd, label, strlen(label)) != (ssize_t)strlen(label) ||
	    (who == ROOT_WITHOUT_MAC_ADMIN && drop_mac_admin()) ||
	    (who == NOBODY_USER && drop_to_nobody()) || (in_userns && unshare(CLONE_NEWUSER)))
		_exit(SETUP_FAILED);
	if (!by_syscall)
		return set_label(label);
	errno = set_self_attr_label(label);
	return errno ? -1 : 0;
}

/*
 * In a user namespace the relabel-self set does not count, as exec labels do not: the
 * namespace keeps its creator's label, whose tasks keep every capability over the new label's
 * mounts and network. Nor does it give "*", which no task takes. Tried by root without
 * CAP_MAC_ADMIN and by nobody, through the attribute and lsm_set_self_attr().
 */
TEST(relabel_self_refused_in_a_user_namespace)
{
	const enum who whos[] = { ROOT_WITHOUT_MAC_ADMIN, NOBODY_USER };
	int i, sys;

	ASSERT_EQ(0, load("uns_b uns_c r"));
	relabel_self_fd = open(LABEL_FS "relabel-self", O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, relabel_self_fd);
	for (i = 0; i < 2 * ARRAY_SIZE(whos); i++) {
		enum who who = whos[i / 2];

		sys = i % 2;	/* lsm_set_self_attr(), or the attribute */
		EXPECT_EQ(0, ERRNO_AS("uns_b", ROOT, relabel_self_to("uns_c", who, false, sys)));
		EXPECT_EQ(EPERM, ERRNO_AS("uns_b", ROOT, relabel_self_to("uns_c", who, true, sys)));
		EXPECT_EQ(EINVAL, ERRNO_AS("uns_b", ROOT, relabel_self_to("*", who, false, sys)));
	}
	close(relabel_self_fd);
}

/* The descriptor that make_detached_tree() keeps its tree as. */
#define DETACHED_FD 100

/*
 * A sandbox's detached mount tree, as a container runtime prepares one before attaching it: a
 * copy of /tmp made in its own user and mount namespaces, made read-only.
 */
static int make_detached_tree(const void *arg)
{
	struct mount_attr attr = { .attr_set = MOUNT_ATTR_RDONLY };
	int tree;

	if (make_namespaces(arg) || unshare(CLONE_NEWNS))
		return -1;
	tree = open_tree(AT_FDCWD, "/tmp", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	return tree < 0 || dup2(tree, DETACHED_FD) != DETACHED_FD ||
	       mount_setattr(DETACHED_FD, "", AT_EMPTY_PATH, &attr, sizeof(attr));
}

/* Where a stolen tree is attached: a directory of uns_a's. */
#define STEAL_AT "/tmp/label-steal"

static int clear_read_only(int tree)
{
	struct mount_attr attr = { .attr_clr = MOUNT_ATTR_RDONLY };

	return mount_setattr(tree, "", AT_EMPTY_PATH, &attr, sizeof(attr));
}

static int attach_it(int tree)
{
	return move_mount(tree, "", AT_FDCWD, STEAL_AT, MOVE_MOUNT_F_EMPTY_PATH);
}

/*
 * @use the tree @owner holds, reached through its descriptor as any task that may read the
 * owner may; as nobody, from mount and user namespaces of its own (where it may mount).
 */
static int detached_tree_used(pid_t owner, enum who who, int (*use)(int tree))
{
	char path[64];
	int tree;

	snprintf(path, sizeof(path), "/proc/%d/fd/%d", owner, DETACHED_FD);
	tree = open(path, O_PATH | O_CLOEXEC);
	if (tree < 0 || (who == NOBODY_USER && unshare(CLONE_NEWUSER | CLONE_NEWNS)))
		return -1;
	return use(tree);
}

FIXTURE(detached_tree_of_another_label) {};

FIXTURE_VARIANT(detached_tree_of_another_label)
{
	enum who who;
	int (*use)(int tree);
	int with_rw;	/* The errno with the rule rw to the owner's label. */
};

FIXTURE_VARIANT_ADD(detached_tree_of_another_label, nobody_changes_it) {
	.who = NOBODY_USER, .use = clear_read_only, .with_rw = EPERM,
};

FIXTURE_VARIANT_ADD(detached_tree_of_another_label, nobody_attaches_it) {
	.who = NOBODY_USER, .use = attach_it, .with_rw = EPERM,
};

FIXTURE_VARIANT_ADD(detached_tree_of_another_label, root_changes_it) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .use = clear_read_only,
};

FIXTURE_VARIANT_ADD(detached_tree_of_another_label, root_attaches_it) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .use = attach_it,
};

FIXTURE_SETUP(detached_tree_of_another_label)
{
	ASSERT_EQ(0, mkdir(STEAL_AT, 0755));
	ASSERT_EQ(0, setxattr(STEAL_AT, XATTR_NAME_LABEL, "uns_a", 5, 0));
	ASSERT_EQ(0, load("uns_a uns_b r"));
}

FIXTURE_TEARDOWN(detached_tree_of_another_label)
{
	load("uns_a uns_b -");
	umount2(STEAL_AT, MNT_DETACH);
	setxattr(STEAL_AT, XATTR_NAME_LABEL, "_", 1, 0);
	rmdir(STEAL_AT);
}

/*
 * A detached tree belongs to the anonymous mount namespace it was made in, and so to that
 * namespace's user namespace: changing its attributes or attaching it asks CAP_SYS_ADMIN over
 * that one (6.12 asked it over the caller's own: the series' namespace patch), which label
 * decides as any capability over another label's user namespace, rw to its creator. Reading
 * its holder (r) reaches the tree's descriptor, no more.
 */
TEST_F(detached_tree_of_another_label, used_only_with_rw_to_its_creator)
{
	int release, with_r, with_rw;
	pid_t owner = spawn_held("uns_b", NOBODY_USER, make_detached_tree, NULL, &release);

	ASSERT_LT(0, owner);
	with_r = ERRNO_AS("uns_a", variant->who,
			  detached_tree_used(owner, variant->who, variant->use));
	ASSERT_EQ(0, load("uns_a uns_b rw"));
	with_rw = ERRNO_AS("uns_a", variant->who,
			   detached_tree_used(owner, variant->who, variant->use));
	EXPECT_EQ(EPERM, with_r);
	EXPECT_EQ(variant->with_rw, with_rw);
	close(release);
	ASSERT_EQ(0, child_status(owner));
}

TEST_HARNESS_MAIN
