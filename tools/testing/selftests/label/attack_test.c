// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ways around label that an attacker found, one case each, tried as the attacker of the threat
 * model (Documentation/admin-guide/LSM/label.rst): an unprivileged labelled task, or a
 * labelled root without CAP_MAC_ADMIN. Each case asserts that the attempt fails, and each
 * failed on the label sources before its fix.
 */

#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <sys/xattr.h>

#include "../kselftest_harness.h"
#include "common.h"

#define RELABEL_SELF LABEL_FS "relabel-self"
#define MAC_OVERRIDE LABEL_FS "mac-override"
#define REFUSED_NO_MAC_ADMIN \
	"label: setting the task label refused: the caller lacks CAP_MAC_ADMIN:"

/* A case here reads a refusal back from the log. */
static void __attribute__((constructor)) restore_log_budgets(void)
{
	wait_for_log_budgets();
}

/*
 * A script's exec label never counts, as its set-user-ID bit does not: its caller chooses the
 * name the interpreter sees. Named "-c", the script becomes "sh -c <the caller's command>".
 */
TEST(script_exec_label_runs_nothing_as_its_label)
{
	static const char script[] = "#!/bin/sh\necho the script ran\n";
	char *const argv[] = { "-c", "cat /proc/self/attr/label/current", NULL };
	char out[LABEL_MAX + 64];
	int fd;

	fd = open("/tmp/-c", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(sizeof(script) - 1, write(fd, script, sizeof(script) - 1));
	ASSERT_EQ(0, close(fd));
	ASSERT_EQ(0, setxattr("/tmp/-c", XATTR_EXEC, "atk_script", 10, 0));
	ASSERT_EQ(0, trust("/tmp"));

	/* Run as "-c" from /tmp, the program's working directory (private_tmp()). */
	exec_output(_metadata, "atk_caller", NOBODY_USER, "-c", argv, out, sizeof(out));
	EXPECT_STREQ("atk_caller", out);
}

/*
 * The relabel-self set was given for the label a task had: an exec transition empties it, as
 * any change of label does, so the new program cannot take a label of the old set.
 */
TEST(exec_transition_empties_relabel_self)
{
	const char *transit = "/tmp/attack-transit";
	pid_t pid;

	copy_busybox(_metadata, transit, NULL);
	ASSERT_EQ(0, setxattr(transit, XATTR_EXEC, "atk_t", 5, 0));
	ASSERT_EQ(0, trust("/tmp"));

	pid = fork_as(NULL, ROOT);
	if (!pid) {
		if (write_str(RELABEL_SELF, "atk_r") != 5 || drop_to_nobody())
			_exit(SETUP_FAILED);
		execl(transit, "sh", "-c",
		      "test \"$(cat /proc/self/attr/label/current)\" = atk_t || exit 100;"
		      "echo atk_r > /proc/self/attr/label/current", (char *)NULL);
		_exit(SETUP_FAILED);
	}
	/* sh reports the refused write with status 1; 100 would be no transition at all. */
	EXPECT_EQ(1, child_status(pid));
}

/*
 * In a tracer of label atk_tracer, which may attach to "_": trace a child of "_" that switches
 * through relabel-self to atk_away, by its attribute file (@by_syscall false) or by
 * lsm_set_self_attr(). The tracer exits with the child's errno, or 0.
 */
static void trace_a_relabelling(bool by_syscall)
{
	int go[2], ready[2], status;
	pid_t tracee;
	char c;

	if (pipe2(go, O_CLOEXEC) || pipe2(ready, O_CLOEXEC))
		_exit(SETUP_FAILED);
	tracee = fork();
	if (!tracee) {
		close(ready[0]);
		close(go[1]);
		if (write_str(RELABEL_SELF, "atk_away") != 8 || drop_to_nobody() ||
		    write(ready[1], "", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(SETUP_FAILED);
		if (by_syscall)
			_exit(set_self_attr_label("atk_away"));
		_exit(write_str(SELF_LABEL, "atk_away") < 0 ? errno : 0);
	}
	close(ready[1]);
	close(go[0]);
	if (tracee < 0 || set_label("atk_tracer") || read(ready[0], &c, 1) != 1 ||
	    ptrace(PTRACE_SEIZE, tracee, NULL, NULL) || write(go[1], "", 1) != 1)
		_exit(SETUP_FAILED);
	if (waitpid(tracee, &status, 0) != tracee || !WIFEXITED(status))
		_exit(SETUP_FAILED);
	_exit(WEXITSTATUS(status));
}

/*
 * A tracer keeps its hold on a task that changes its own label only if it could attach to the
 * new label: otherwise it would go on reading and writing a task of a label it may not touch.
 */
TEST(relabel_self_refused_when_the_tracer_cannot_follow)
{
	pid_t tracer;
	int by_syscall;

	/* The tracer may attach to "_", the tracee's label, but not to the one it moves to. */
	ASSERT_EQ(0, load("atk_tracer _ rw\n"));
	for (by_syscall = 0; by_syscall < 2; by_syscall++) {
		tracer = fork();
		if (!tracer)
			trace_a_relabelling(by_syscall);
		EXPECT_EQ(EPERM, child_status(tracer)) TH_LOG("lsm_set_self_attr: %d", by_syscall);
	}
}

/*
 * With mac-override on, a root with CAP_MAC_OVERRIDE opens a file its label may not write:
 * each write through that descriptor is checked again, and the override holds there too.
 */
TEST(mac_override_holds_on_each_write)
{
	char frozen[8], before[8];
	pid_t pid;
	int fd;

	ASSERT_LT(0, read_text(LABEL_FS "freeze", frozen, sizeof(frozen)));
	if (strcmp(frozen, "0\n"))
		SKIP(return, "the policy is frozen");
	fd = open("/tmp/attack-override", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_LT(0, read_text(MAC_OVERRIDE, before, sizeof(before)));
	ASSERT_EQ(1, write_str(MAC_OVERRIDE, "1"));

	pid = fork_as("atk_override", ROOT);
	if (!pid) {
		fd = open("/tmp/attack-override", O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			_exit(SETUP_FAILED);
		_exit(write(fd, "x", 1) == 1 ? 0 : errno);
	}
	EXPECT_EQ(0, child_status(pid));
	EXPECT_EQ(1, write_str(MAC_OVERRIDE, before[0] == '1' ? "1" : "0"));
}

/*
 * A UNIX stream carries data both ways: connecting needs w from each end's label to the
 * other's, as Smack asks. With the connecting side's w alone, it would read the listener's.
 */
TEST(unix_stream_connect_needs_write_both_ways)
{
	/* Seqpacket connects through the same hook: a connection both ways as well. */
	const int types[] = { SOCK_SEQPACKET, SOCK_STREAM };
	int release;
	pid_t listener;
	size_t i;

	ASSERT_EQ(0, load("atk_client atk_server w\natk_client2 atk_server2 w\n"
			  "atk_server2 atk_client2 w\n"));
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		listener = spawn_waiter("atk_server", types[i], "attack-listen", &release);
		ASSERT_LT(0, listener);
		ASSERT_LABEL_DENIES("atk_client", NOBODY_USER, reach(types[i], "attack-listen"));
		close(release);
		ASSERT_EQ(0, child_status(listener));

		listener = spawn_waiter("atk_server2", types[i], "attack-listen2", &release);
		ASSERT_LT(0, listener);
		EXPECT_EQ(0, ERRNO_AS("atk_client2", NOBODY_USER,
				      reach(types[i], "attack-listen2")));
		close(release);
		ASSERT_EQ(0, child_status(listener));
	}
}

/* What a descriptor is used for after its rule was revoked: 0, or -1 with errno. */
static int map_for_reading(int fd)
{
	return mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0;
}

static int map_for_writing(int fd)
{
	return mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0;
}

static int send_to_a_pipe(int fd)
{
	int pipefd[2];

	if (pipe(pipefd))
		return -1;
	return sendfile(pipefd[1], fd, NULL, 1) == 1 ? 0 : -1;
}

/* Within the file: copy_file_range() refuses two file systems (EXDEV) before any check. */
static int copy_within_the_file(int fd)
{
	loff_t in = 0, out = 2048;

	return copy_file_range(fd, &in, fd, &out, 1, 0) == 1 ? 0 : -1;
}

/*
 * In a child of @label: open @path read-write, say so on @ready, wait for @go, then @use the
 * descriptor: the child exits with the errno, or 0.
 */
static pid_t use_after_revocation(const char *label, const char *path, int (*use)(int fd),
				  int ready[2], int go[2])
{
	pid_t pid = fork_as(label, NOBODY_USER);
	char c;
	int fd;

	if (pid)
		return pid;
	close(ready[0]);
	close(go[1]);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0 || write(ready[1], "", 1) != 1 || read(go[0], &c, 1) != 1)
		_exit(SETUP_FAILED);
	_exit(use(fd) ? errno : 0);
}

/*
 * After a rule is revoked, a descriptor opened under it reads and writes no more: through a
 * new mapping (mmap_file decides again), and through sendfile() and copy_file_range(), which
 * rw_verify_area() revalidates as read() and write().
 */
TEST(descriptor_after_revocation_refused)
{
	int (*const uses[])(int fd) = {
		map_for_reading, map_for_writing, send_to_a_pipe, copy_within_the_file,
	};
	const char *path = "/tmp/attack-revoked";
	int ready[2], go[2], fd;
	size_t i;
	pid_t pid;
	char c;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ftruncate(fd, 4096));
	ASSERT_EQ(0, fchmod(fd, 0666));
	close(fd);
	ASSERT_EQ(0, setxattr(path, XATTR_LABEL, "atk_revoked", 11, 0));
	/* Each use, first with the rule kept (it works), then with the rule revoked. */
	for (i = 0; i < 2 * ARRAY_SIZE(uses); i++) {
		ASSERT_EQ(0, load("atk_user atk_revoked rw\n"));
		ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
		pid = use_after_revocation("atk_user", path, uses[i / 2], ready, go);
		close(ready[1]);
		close(go[0]);
		ASSERT_EQ(1, read(ready[0], &c, 1));
		close(ready[0]);
		if (i % 2)
			ASSERT_EQ(0, load("atk_user atk_revoked -\n"));
		ASSERT_EQ(1, write(go[1], "", 1));
		close(go[1]);
		EXPECT_EQ(i % 2 ? EACCES : 0, child_status(pid)) TH_LOG("use %zu", i / 2);
	}
}

/*
 * A root of another label than "_" with CAP_MKNOD, but not CAP_MAC_ADMIN, names a device again
 * (here /dev/null's, 1:3; the attacker's was the root disk's) in a directory it may write: the
 * new node would take its label and open the device. Refused; an overlayfs whiteout (0:0) is
 * not, and with CAP_MAC_ADMIN the node is made.
 */
TEST(device_node_needs_cap_mac_admin)
{
	ASSERT_EQ(0, load("atk_dev _ rwx\n"));
	EXPECT_EQ(EPERM, ERRNO_AS("atk_dev", ROOT_WITHOUT_MAC_ADMIN,
				  mknod("/tmp/attack-chr", S_IFCHR | 0600, makedev(1, 3))));
	EXPECT_EQ(EPERM, ERRNO_AS("atk_dev", ROOT_WITHOUT_MAC_ADMIN,
				  mknod("/tmp/attack-blk", S_IFBLK | 0600, makedev(7, 0))));
	EXPECT_EQ(-1, access("/tmp/attack-chr", F_OK));
	EXPECT_EQ(0, ERRNO_AS("atk_dev", ROOT_WITHOUT_MAC_ADMIN,
			      mknod("/tmp/attack-whiteout", S_IFCHR | 0600, makedev(0, 0))));
	EXPECT_EQ(0, ERRNO_AS("atk_dev", ROOT,
			      mknod("/tmp/attack-admin", S_IFCHR | 0600, makedev(1, 3))));
}

/*
 * A task names itself: a name that closes the quote of a log line's comm="..." would forge the
 * rest of the line. Label's refusals print the name escaped, quotes and backslashes as \xNN
 * (which /dev/kmsg shows with its own backslash escaped, as \x5c).
 */
TEST(task_name_cannot_forge_a_log_line)
{
	char expect[160];
	int kmsg = kmsg_from_now();
	pid_t pid;

	ASSERT_LE(0, kmsg);
	pid = fork_as(NULL, ROOT_WITHOUT_MAC_ADMIN);
	if (!pid) {
		if (prctl(PR_SET_NAME, "atk\" x=\\", 0, 0, 0))
			_exit(SETUP_FAILED);
		_exit(write_str(SELF_LABEL, "atk_named") < 0 ? errno : 0);
	}
	ASSERT_EQ(EPERM, child_status(pid));
	snprintf(expect, sizeof(expect), "%s pid=%d comm=\"atk\\x5cx22 x=\\x5cx5c\"",
		 REFUSED_NO_MAC_ADMIN, pid);
	EXPECT_TRUE(logged(kmsg, expect)) TH_LOG("no %s", expect);
	close(kmsg);
}

TEST_HARNESS_MAIN
