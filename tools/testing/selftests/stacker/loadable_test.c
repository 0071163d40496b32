// SPDX-License-Identifier: GPL-2.0-only
/*
 * Security modules loaded at run time, with the stacker's sample (sandbox.ko, see loadable.h):
 * who may load it, that it is listed, denies, is attributed and obeys its mode, that it unloads
 * under a file-creation storm on every CPU and reloads afresh, that unloading waits for a hook
 * that sleeps, and that a module that goes while hosted (failed init, no unregister) leaves no
 * hook behind. The boot names it on
 * "stacker.loadable="; each test leaves it unloaded. What the lock does to loading is the lock
 * target's (lock/lock_test.c).
 */

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "../kselftest_harness.h"
#include "loadable.h"
#include "uring.h"

static void __attribute__((constructor)) require_loadable(void)
{
	require_sample();
}

TEST(unlisted_name_refused)
{
	int kmsg = kmsg_from_now();

	if (locked())
		SKIP(return, "the stacker is locked");
	ASSERT_FALSE(loaded());
	ASSERT_EQ(-EPERM, load("name=unlisted"));
	EXPECT_TRUE(logged(kmsg, "loading \"unlisted\" refused: not named on stacker.loadable="));
	EXPECT_FALSE(loaded());
	close(kmsg);
}

TEST(load_needs_cap_mac_admin)
{
	int status, kmsg = kmsg_from_now();
	pid_t pid;

	if (locked())
		SKIP(return, "the stacker is locked");
	pid = fork();
	if (!pid)
		_exit(drop_mac_admin() ? 100 : -load(""));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(EPERM, WEXITSTATUS(status));
	EXPECT_TRUE(logged(kmsg,
			   "loading \"sandbox\" refused: needs CAP_SYS_MODULE and CAP_MAC_ADMIN"));
	EXPECT_FALSE(loaded());
	close(kmsg);
}

#define SLEEP_REFUSED \
	"loading \"sandbox\" refused: hook ptrace_traceme is called where nothing may sleep"

/*
 * A function that may sleep, for a hook called where nothing may (ptrace_traceme, under
 * tasklist_lock): the stacker would call it under RCU or sleep under a spinlock, so it refuses
 * the module.
 */
TEST(sleepable_function_for_an_atomic_hook_refused)
{
	int kmsg = kmsg_from_now();

	if (locked())
		SKIP(return, "the stacker is locked");
	ASSERT_FALSE(loaded());
	ASSERT_EQ(-EINVAL, load("test_sleep_in_atomic=1"));
	EXPECT_TRUE(logged(kmsg, SLEEP_REFUSED));
	EXPECT_FALSE(loaded());
	close(kmsg);
}

/* Loaded, it comes after every selected built-in module, with list values, enforcing. */
TEST(load_lists_the_module)
{
	static const char *const hooks[] = {
		"cred_prepare", "cred_alloc_blank", "inode_init_security",
		"file_open", "file_truncate", "path_truncate", "key_session_to_parent",
		"ptrace_access_check", "ptrace_traceme",
	};
	char modules[TEXT_SIZE], line[256], word[40], *l, *save;
	int i, selected = 0, pos = -1;
	unsigned int list = 0;

	if (locked())
		SKIP(return, "the stacker is locked");
	ASSERT_EQ(0, load(""));
	ASSERT_TRUE(loaded());
	ASSERT_LT(0, read_text(STACKER "modules", modules, sizeof(modules)));
	for (l = strtok_r(modules, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (sscanf(l, "%d sandbox list:%u enforcing", &pos, &list) == 2)
			break;
		selected += l[0] != '-';
	}
	/* After the selected built-in modules, which come first. */
	EXPECT_EQ(selected, pos);
	EXPECT_LT(0, list);

	ASSERT_EQ(0, module_line(STACKER "hooks", "sandbox:", line, sizeof(line)));
	for (i = 0; i < ARRAY_SIZE(hooks); i++) {
		snprintf(word, sizeof(word), " %s", hooks[i]);
		EXPECT_NE(NULL, strstr(line, word)) TH_LOG("%s missing from '%s'", hooks[i], line);
	}
	EXPECT_EQ(0, module_line(STACKER "mode", "sandbox enforcing", line, sizeof(line)));
	/* The kernel refuses a second copy of the same module before the stacker sees it. */
	EXPECT_EQ(-EEXIST, load(""));
}

TEST(sandbox_denies_writes_to_older_files)
{
	unsigned long before, after;
	int status, kmsg;
	pid_t pid;

	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	unlink(NEW_FILE);
	ASSERT_EQ(0, sandbox_denials(&before));
	kmsg = kmsg_from_now();

	EXPECT_EQ(EACCES, errno_in_sandbox(O_WRONLY));
	EXPECT_EQ(EACCES, errno_in_sandbox(O_RDWR | O_APPEND));
	EXPECT_EQ(EACCES, errno_in_sandbox(O_RDONLY | O_TRUNC));
	EXPECT_EQ(0, errno_in_sandbox(O_RDONLY));

	pid = fork();
	if (!pid) {
		int fd, err = 0;

		if (enter())
			_exit(100);
		if (truncate(OLD_FILE, 0) == 0 || errno != EACCES)
			err |= 1;
		fd = open(NEW_FILE, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd < 0 || write(fd, "new\n", 4) != 4 || close(fd))
			err |= 2;
		fd = open(NEW_FILE, O_WRONLY | O_CLOEXEC);
		if (fd < 0 || close(fd) || truncate(NEW_FILE, 0))
			err |= 4;
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (fd < 0 || close(fd))
			err |= 8;
		/* A pidfd is a file of pidfs, opened read-write: no path, not a file it keeps. */
		fd = syscall(SYS_pidfd_open, getpid(), 0);
		if (fd < 0 || close(fd))
			err |= 32;
		/* What the sandbox starts is in it, across fork and exec. */
		if (system("echo x > " OLD_FILE " 2>/dev/null") == 0)
			err |= 16;
		_exit(err);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));

	/* Outside the sandbox, nothing changes. */
	EXPECT_EQ(0, truncate(OLD_FILE, 0));
	EXPECT_TRUE(logged(kmsg, "sandbox denied file_open:"));
	ASSERT_EQ(0, sandbox_denials(&after));
	EXPECT_LE(before + 5, after);
	close(kmsg);
}

#define KEY_SPEC_SESSION_KEYRING -3
#define KEYCTL_JOIN_SESSION_KEYRING 1
#define KEYCTL_SESSION_TO_PARENT 18
#define SETUP_FAILED 255

/*
 * Fork a child that waits until told on *@go, then enter the sandbox, the child staying outside:
 * 0 in the child once told, the child's pid in the task. Either exits on a failure.
 */
static pid_t fork_then_enter(int *go)
{
	int pipefd[2];
	pid_t child;
	char c;

	if (pipe2(pipefd, O_CLOEXEC))
		_exit(SETUP_FAILED);
	child = fork();
	if (!child) {
		close(pipefd[1]);
		if (read(pipefd[0], &c, 1) != 1)
			_exit(SETUP_FAILED);
		return 0;
	}
	close(pipefd[0]);
	if (child < 0 || enter())
		_exit(SETUP_FAILED);
	*go = pipefd[1];
	return child;
}

/* The exit status of @task(@arg) run in a child, or -1. */
static int status_in_child(void (*task)(int arg), int arg)
{
	int status;
	pid_t pid = fork();

	if (!pid)
		task(arg);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * In the sandbox: a child outside gives the task its session keyring (KEYCTL_SESSION_TO_PARENT),
 * which would replace its cred by one without the mark. The task exits with the child's errno,
 * plus 100 if it could then write OLD_FILE.
 */
static void unbox_a_parent(int unused)
{
	int go, status, fd;
	pid_t child = fork_then_enter(&go);

	if (!child) {
		if (syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) < 0)
			_exit(SETUP_FAILED);
		_exit(syscall(SYS_keyctl, KEYCTL_SESSION_TO_PARENT) ? errno : 0);
	}
	/* A replacement would be applied as waitpid() returns. */
	if (write(go, "", 1) != 1 || waitpid(child, &status, 0) != child || !WIFEXITED(status))
		_exit(SETUP_FAILED);
	fd = open(OLD_FILE, O_WRONLY | O_CLOEXEC);
	_exit(WEXITSTATUS(status) + (fd < 0 ? 0 : 100));
}

/* A task outside the sandbox cannot take its parent out of it through the session keyring. */
TEST(sandbox_parent_kept_in_by_its_child)
{
	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	EXPECT_EQ(EPERM, status_in_child(unbox_a_parent, 0));
}

/*
 * In a task outside the sandbox, traced by the test: fork a child that waits for @go, then
 * gives the task its session keyring (it writes its errno, or 0, to @result); stop; enter the
 * sandbox through @enter_fd. The task exits 0 if it is still in the sandbox afterwards, 100 if
 * it could write OLD_FILE.
 */
static void enter_while_a_child_gives_a_keyring(int enter_fd, int go, int result)
{
	char c, err;
	int fd;

	if (!fork()) {
		if (read(go, &c, 1) != 1 ||
		    syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) < 0)
			_exit(SETUP_FAILED);
		err = syscall(SYS_keyctl, KEYCTL_SESSION_TO_PARENT) ? errno : 0;
		_exit(write(result, &err, 1) == 1 ? 0 : SETUP_FAILED);
	}
	if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) || raise(SIGSTOP) ||
	    write(enter_fd, "1", 1) != 1)
		_exit(SETUP_FAILED);
	fd = open(OLD_FILE, O_WRONLY | O_CLOEXEC);
	_exit(fd < 0 ? 0 : 100);
}

/* Resume traced @pid until it stops at the entry of a write() to @fd: 0, or -1. */
static int stop_at_write(pid_t pid, int fd)
{
	struct __ptrace_syscall_info info;
	int status, n;

	for (n = 0; n < 100; n++) {
		if (ptrace(PTRACE_SYSCALL, pid, NULL, NULL) || waitpid(pid, &status, 0) != pid ||
		    !WIFSTOPPED(status))
			return -1;
		if (WSTOPSIG(status) == (SIGTRAP | 0x80) &&
		    ptrace(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), &info) > 0 &&
		    info.op == PTRACE_SYSCALL_INFO_ENTRY && info.entry.nr == SYS_write &&
		    info.entry.args[0] == (__u64)fd)
			return 0;
	}
	return -1;
}

/*
 * The race of the keyring: a child outside gives its parent its session keyring while the parent
 * is still outside, which is allowed, and the parent enters before the replacement reaches it
 * (in its task work, on its way back to user space, after the write to "enter"). Made certain by
 * holding the parent at the entry of that write while the child calls. The parent stays in.
 */
TEST(sandbox_entered_while_a_keyring_replacement_is_pending)
{
	int go[2], result[2], status, enter_fd;
	char err;
	pid_t task;

	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(result));
	enter_fd = open(ENTER, O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, enter_fd);
	task = fork();
	if (!task)
		enter_while_a_child_gives_a_keyring(enter_fd, go[0], result[1]);
	ASSERT_EQ(task, waitpid(task, &status, 0));
	ASSERT_TRUE(WIFSTOPPED(status));
	ASSERT_EQ(0, ptrace(PTRACE_SETOPTIONS, task, NULL,
			    PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL));
	ASSERT_EQ(0, stop_at_write(task, enter_fd));
	ASSERT_EQ(1, write(go[1], "", 1));
	ASSERT_EQ(1, read(result[0], &err, 1));
	EXPECT_EQ(0, err);
	ASSERT_EQ(0, ptrace(PTRACE_DETACH, task, NULL, NULL));
	ASSERT_EQ(task, waitpid(task, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	close(enter_fd);
}

static void *wait_on_pipe(void *fd)
{
	char c;

	read(*(int *)fd, &c, 1);
	return NULL;
}

/*
 * Try to enter while tracing a child (@how 0), while another thread runs (1), or as a vfork()
 * child, whose memory its parent shares (2). The task exits with the errno of the entry, or 0.
 */
static void enter_while_not_alone(int how)
{
	int pipefd[2], status, rc;
	pthread_t thread;
	pid_t child;

	if (pipe2(pipefd, O_CLOEXEC))
		_exit(SETUP_FAILED);
	if (how == 1) {
		if (pthread_create(&thread, NULL, wait_on_pipe, &pipefd[0]))
			_exit(SETUP_FAILED);
		_exit(enter() ? errno : 0);
	}
	if (how == 2) {
		child = vfork();
		if (!child)
			_exit(enter() ? errno : 0);
		_exit(waitpid(child, &status, 0) == child && WIFEXITED(status) ?
		      WEXITSTATUS(status) : SETUP_FAILED);
	}
	child = fork();
	if (!child) {
		wait_on_pipe(&pipefd[0]);
		_exit(0);
	}
	if (child < 0 || ptrace(PTRACE_SEIZE, child, NULL, NULL))
		_exit(SETUP_FAILED);
	rc = enter() ? errno : 0;
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	_exit(rc);
}

/*
 * A task enters alone. Not a tracer: what it traces may be outside, and a tracee's children are
 * attached on fork without asking. Not a task whose memory another task shares, which would
 * stay outside.
 */
TEST(sandbox_entered_alone)
{
	static const int expected[] = { EBUSY, EPERM, EPERM };
	int how;

	if (!loaded())
		SKIP(return, "sandbox not loaded");
	/* Braces: TH_LOG() is a statement of its own after EXPECT_EQ(). */
	for (how = 0; how < 3; how++) {
		EXPECT_EQ(expected[how], status_in_child(enter_while_not_alone, how))
			TH_LOG("tracing, another thread, a vfork child: %d", how);
	}
}

/*
 * In a task outside the sandbox: register its credentials as an io_uring personality, enter,
 * then open OLD_FILE for writing through the ring, with the personality (@with 1) or without it.
 * The task exits with the completion's errno, or 0 if the open worked.
 */
static void open_through_io_uring(int with)
{
	struct io_uring_params params;
	struct io_uring_sqe req = { .opcode = IORING_OP_OPENAT, .fd = AT_FDCWD,
				    .open_flags = O_WRONLY | O_CLOEXEC,
				    .addr = (unsigned long)OLD_FILE };
	int ring, personality, res;

	ring = uring_setup(&params);
	personality = ring < 0 ? -1 :
		syscall(SYS_io_uring_register, ring, IORING_REGISTER_PERSONALITY, NULL, 0);
	if (personality < 0 || enter())
		_exit(SETUP_FAILED);
	if (with)
		req.personality = personality;
	res = uring_run(ring, &params, &req);
	if (res == INT_MIN)
		_exit(SETUP_FAILED);
	_exit(res < 0 ? -res : 0);
}

/*
 * Credentials saved before the task entered do not take it out: io_uring refuses a personality
 * registered outside (uring_override_creds), and without one the ring opens as the task.
 */
TEST(sandbox_not_left_through_a_saved_personality)
{
	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	EXPECT_EQ(EACCES, status_in_child(open_through_io_uring, 0));
	EXPECT_EQ(EPERM, status_in_child(open_through_io_uring, 1));
}

/*
 * In a task outside the sandbox: make a memfd and write it, enter, then open it again for writing
 * through /proc/self/fd/. The task exits with the errno of that open, or 0.
 */
static void reopen_an_old_memfd(int unused)
{
	char path[64];
	int fd = memfd_create("old", MFD_CLOEXEC);

	if (fd < 0 || write(fd, "old\n", 4) != 4 || enter())
		_exit(SETUP_FAILED);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	_exit(open(path, O_WRONLY | O_CLOEXEC) < 0 ? errno : 0);
}

/* A memfd made outside the sandbox is an old file too, though it lives on an internal mount. */
TEST(sandbox_keeps_old_memfds)
{
	if (!loaded())
		SKIP(return, "sandbox not loaded");
	EXPECT_EQ(EACCES, status_in_child(reopen_an_old_memfd, 0));
}

/*
 * In the sandbox: attach to a child outside (@traceme 0), or tell it to ask the task to trace
 * it (@traceme 1). The task exits with the errno of the attach or of PTRACE_TRACEME, or 0.
 */
static void trace_a_child_outside(int traceme)
{
	int go, status, rc;
	pid_t child = fork_then_enter(&go);

	if (!child)
		_exit(ptrace(PTRACE_TRACEME, 0, NULL, NULL) ? errno : 0);
	if (traceme) {
		if (write(go, "", 1) != 1 || waitpid(child, &status, 0) != child ||
		    !WIFEXITED(status))
			_exit(SETUP_FAILED);
		_exit(WEXITSTATUS(status));
	}
	/* The child waits in read() until the end. */
	rc = ptrace(PTRACE_SEIZE, child, NULL, NULL) ? errno : 0;
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	_exit(rc);
}

/* A task in the sandbox traces no task outside it, either way round. */
TEST(sandbox_traces_nothing_outside)
{
	int traceme;

	if (!loaded())
		SKIP(return, "sandbox not loaded");
	for (traceme = 0; traceme < 2; traceme++) {
		EXPECT_EQ(EPERM, status_in_child(trace_a_child_outside, traceme))
			TH_LOG("PTRACE_TRACEME: %d", traceme);
	}
}

TEST(permissive_sandbox_logs_and_allows)
{
	unsigned long before, after;
	int kmsg;

	if (locked())
		SKIP(return, "the stacker is locked");
	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	/* The module's log lines are ratelimited (10 in 5 s): the tests before spend some. */
	sleep(6);
	ASSERT_EQ(0, sandbox_denials(&before));
	kmsg = kmsg_from_now();
	ASSERT_EQ(strlen("sandbox permissive"), write_str(STACKER "mode", "sandbox permissive"));
	EXPECT_EQ(0, errno_in_sandbox(O_WRONLY));
	ASSERT_EQ(strlen("sandbox enforcing"), write_str(STACKER "mode", "sandbox enforcing"));
	EXPECT_EQ(EACCES, errno_in_sandbox(O_WRONLY));
	EXPECT_TRUE(logged(kmsg, "sandbox would deny file_open:"));
	ASSERT_EQ(0, sandbox_denials(&after));
	EXPECT_EQ(before + 2, after);
	close(kmsg);
}

/* Open and close OLD_FILE @n times, outside the sandbox: each open calls its file_open. */
static int open_old_file(int n)
{
	int fd;

	while (n--) {
		fd = open(OLD_FILE, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || close(fd))
			return -1;
	}
	return 0;
}

/*
 * A loaded module's calls are counted while counting is on, and only then. While nothing is
 * counted, the framework slot calls the sample's file_open itself; switched on, counting
 * points it back at the run-time hook, which counts.
 */
TEST(sandbox_calls_counted_while_counting)
{
	unsigned long calls[3], denials;
	char was[8];

	if (locked())
		SKIP(return, "the stacker is locked");
	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	ASSERT_LT(0, read_text(STACKER "count", was, sizeof(was)));
	ASSERT_EQ(1, write_str(STACKER "count", "1"));
	ASSERT_EQ(0, sandbox_stats(&calls[0], &denials));
	ASSERT_EQ(0, open_old_file(10));
	ASSERT_EQ(1, write_str(STACKER "count", "0"));
	ASSERT_EQ(0, sandbox_stats(&calls[1], &denials));
	ASSERT_EQ(0, open_old_file(10));
	ASSERT_EQ(0, sandbox_stats(&calls[2], &denials));
	ASSERT_EQ(1, write_str(STACKER "count", was[0] == '1' ? "1" : "0"));
	EXPECT_LE(calls[0] + 10, calls[1]);
	EXPECT_EQ(calls[1], calls[2]);
}

/*
 * One worker per CPU, in the sandbox: create, write, reopen and unlink files, and fork, until
 * told to stop. Every step is allowed with the module or without it; a failure is a bug.
 */
static void storm(int cpu, const int *stop)
{
	char path[64];
	cpu_set_t set;
	int i, fd, status, errors = 0;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (enter())
		_exit(100);
	for (i = 0; !__atomic_load_n(stop, __ATOMIC_RELAXED); i++) {
		snprintf(path, sizeof(path), "/tmp/flood-%d-%d", cpu, i % 64);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		errors += fd < 0 || write(fd, "x", 1) != 1 || close(fd);
		fd = open(path, O_WRONLY | O_CLOEXEC);
		errors += fd < 0 || close(fd);
		errors += unlink(path) != 0;
		if (i % 32 == 0) {
			pid_t pid = fork();

			if (!pid)
				_exit(0);
			errors += pid < 0 || waitpid(pid, &status, 0) != pid;
		}
	}
	_exit(errors ? 1 : 0);
}

/* How many caches /proc/slabinfo lists whose line starts with @prefix. */
static int slab_count(const char *prefix)
{
	static char slabinfo[256 * 1024];
	const char *p = slabinfo;
	int n = 0;

	if (read_text("/proc/slabinfo", slabinfo, sizeof(slabinfo)) < 0)
		return -1;
	while ((p = find_line(p, prefix))) {
		n++;
		p += strlen(prefix);
	}
	return n;
}

/*
 * A child in the sandbox of the module as loaded now, waiting on @gate to try OLD_FILE. It has
 * entered when this returns; until @gate is written to, it holds its mark.
 */
static pid_t sandboxed_waiter(int gate[2])
{
	int ready[2];
	pid_t pid;
	char c;

	if (pipe(gate))
		return -1;
	if (pipe(ready)) {
		close(gate[0]);
		close(gate[1]);
		return -1;
	}
	pid = fork();
	if (!pid) {
		close(gate[1]);
		close(ready[0]);
		if (enter() || write(ready[1], "x", 1) != 1 || read(gate[0], &c, 1) != 1)
			_exit(100);
		int fd = open(OLD_FILE, O_WRONLY | O_CLOEXEC);

		_exit(fd < 0 ? errno : 0);
	}
	close(gate[0]);
	close(ready[1]);
	if (pid > 0 && read(ready[0], &c, 1) != 1)
		pid = -1;
	close(ready[0]);
	return pid;
}

TEST(unload_under_storm_then_reload_afresh)
{
	int cpus = sysconf(_SC_NPROCESSORS_ONLN), i, status, gate[2], waited;
	bool slabinfo = !access("/proc/slabinfo", R_OK);
	char modules[TEXT_SIZE], line[256];
	pid_t workers[8], waiter;
	int *stop;

	if (locked())
		SKIP(return, "the stacker is locked");
	if (!loaded())
		SKIP(return, "sandbox not loaded");
	make_old_file(_metadata);
	/* Created in the sandbox by an earlier test: its mark would keep the inode cache. */
	unlink(NEW_FILE);
	waiter = sandboxed_waiter(gate);
	ASSERT_LT(0, waiter);
	stop = mmap(NULL, sizeof(*stop), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, stop);
	if (cpus > 8)
		cpus = 8;
	for (i = 0; i < cpus; i++) {
		workers[i] = fork();
		if (!workers[i])
			storm(i, stop);
		ASSERT_LT(0, workers[i]);
	}
	usleep(300 * 1000);
	ASSERT_EQ(0, unload());
	EXPECT_FALSE(loaded());
	usleep(300 * 1000);
	__atomic_store_n(stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < cpus; i++) {
		ASSERT_EQ(workers[i], waitpid(workers[i], &status, 0));
		EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
			TH_LOG("storm worker %d: status %#x", i, status);
	}

	/* Gone from every stacker file. */
	ASSERT_LT(0, read_text(STACKER "modules", modules, sizeof(modules)));
	EXPECT_EQ(NULL, strstr(modules, " sandbox "));
	EXPECT_NE(0, module_line(STACKER "hooks", "sandbox:", line, sizeof(line)));
	EXPECT_NE(0, module_line(STACKER "mode", "sandbox ", line, sizeof(line)));

	/* The waiter's mark outlives the module, and so does the cache it came from. */
	if (slabinfo)
		EXPECT_EQ(1, slab_count("stacker_sandbox_cred "));

	/* Reloaded, the module starts afresh: the first instance's marks mean nothing to it. */
	ASSERT_EQ(0, load(""));
	ASSERT_EQ(1, write(gate[1], "x", 1));
	close(gate[1]);
	ASSERT_EQ(waiter, waitpid(waiter, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_EQ(EACCES, errno_in_sandbox(O_WRONLY));

	/*
	 * The first instance's last value gone, its caches go too (after RCU and a work item),
	 * leaving the second instance's, of the same names.
	 */
	if (slabinfo) {
		for (waited = 0; waited < 50; waited++) {
			if (slab_count("stacker_sandbox_cred ") == 1 &&
			    slab_count("stacker_sandbox_inode ") == 1)
				break;
			usleep(100 * 1000);
		}
		EXPECT_GT(50, waited)
			TH_LOG("stacker_sandbox_cred caches: %d, stacker_sandbox_inode caches: %d",
			       slab_count("stacker_sandbox_cred "),
			       slab_count("stacker_sandbox_inode "));
	}
	munmap(stop, sizeof(*stop));
	/* The cycle ends unloaded, as it began. */
	EXPECT_EQ(0, unload());
}

/* A module whose init fails after it registered: the stacker withdraws it as it goes. */
TEST(failed_init_leaves_no_hooks)
{
	int kmsg;

	if (locked() || loaded())
		SKIP(return, "locked, or loaded");
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	EXPECT_EQ(-ENODEV, load("test_fail_init=1"));
	expect_withdrawn(_metadata, kmsg);
	close(kmsg);
	ASSERT_EQ(0, load(""));
	EXPECT_EQ(0, unload());
}

/* A module that is unloaded without unregistering: withdrawn as it goes. */
TEST(unload_without_unregistering_leaves_no_hooks)
{
	int kmsg;

	if (locked() || loaded())
		SKIP(return, "locked, or loaded");
	ASSERT_EQ(0, load("test_no_unregister=1"));
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, unload());
	expect_withdrawn(_metadata, kmsg);
	close(kmsg);
}

/* The state letter of /proc/<pid>/stat: R, S, D... or 0. */
static char task_state(pid_t pid)
{
	char path[32], stat[512], *paren;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (read_text(path, stat, sizeof(stat)) < 0)
		return 0;
	paren = strrchr(stat, ')');
	return paren && paren[1] == ' ' ? paren[2] : 0;
}

/*
 * Unloading waits for a hook that sleeps: a child's open(O_CREAT) sleeps in the module's
 * inode_init_security, which it declares sleepable (the test_create_sleep_ms knob), while the
 * module is unloaded. The unload returns only after the open did; returning first would free
 * the text the child sleeps in.
 */
TEST(unload_waits_for_a_sleeping_hook)
{
	static const char path[] = "/tmp/sandbox-sleep";
	int done[2], status, tries, fd;
	pid_t child;
	char c = 0;

	if (locked() || loaded())
		SKIP(return, "locked, or loaded");
	unlink(path);
	ASSERT_EQ(0, pipe(done));
	ASSERT_EQ(0, load("test_create_sleep_ms=2000"));
	child = fork();
	ASSERT_LE(0, child);
	if (!child) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		_exit(write(done[1], fd < 0 ? "e" : "o", 1) == 1 ? 0 : 1);
	}
	/* Asleep in an uninterruptible msleep(): inside the hook. */
	for (tries = 0; tries < 1000 && task_state(child) != 'D'; tries++)
		usleep(1000);
	ASSERT_EQ('D', task_state(child));
	ASSERT_EQ(0, unload());
	ASSERT_EQ(0, fcntl(done[0], F_SETFL, O_NONBLOCK));
	EXPECT_EQ(1, read(done[0], &c, 1));
	EXPECT_EQ('o', c);
	ASSERT_EQ(child, waitpid(child, &status, 0));
	EXPECT_TRUE(WIFEXITED(status) && !WEXITSTATUS(status));
	close(done[0]);
	close(done[1]);
	unlink(path);
}

#define NO_VALUES "stacker: loading \"sandbox\" refused: cannot keep its values (-28)"

/*
 * Values outlive their module and keep its list id: load and unload cycles that each leave a
 * marked cred behind use the ids up, then loading is refused with ENOSPC and a log line. When
 * the creds go, so do the values, and the ids come back.
 */
TEST(list_ids_held_by_values_run_out_then_come_back)
{
	int gates[16][2], n = 0, rc, kmsg, waited;
	pid_t holders[16];

	if (locked() || loaded())
		SKIP(return, "locked, or loaded");
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	while (!(rc = load(""))) {
		ASSERT_GT(ARRAY_SIZE(holders), n);
		holders[n] = sandboxed_waiter(gates[n]);
		ASSERT_LT(0, holders[n]);
		n++;
		ASSERT_EQ(0, unload());
	}
	EXPECT_EQ(-ENOSPC, rc);
	EXPECT_LT(0, n);
	EXPECT_TRUE(logged(kmsg, NO_VALUES));
	close(kmsg);
	while (n--) {
		kill(holders[n], SIGKILL);
		waitpid(holders[n], NULL, 0);
		close(gates[n][1]);
	}
	/* The last value of each id goes after an RCU grace period, then a work item frees it. */
	for (waited = 0; waited < 50 && (rc = load("")) == -ENOSPC; waited++)
		usleep(100 * 1000);
	EXPECT_EQ(0, rc);
	if (!rc)
		EXPECT_EQ(0, unload());
}

TEST_HARNESS_MAIN
