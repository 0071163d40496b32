// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ways around label that an attacker found, one case each, tried as the attacker of the threat
 * model (Documentation/admin-guide/LSM/label.rst): an unprivileged labelled task, or a
 * labelled root without CAP_MAC_ADMIN. Each case asserts that the attempt fails, and each
 * failed on the label sources before its fix.
 */

#include <dirent.h>
#include <linux/aio_abi.h>
#include <linux/bpf.h>
#include <linux/sched.h>
#include <linux/ext4.h>
#include <linux/kd.h>
#include <linux/keyctl.h>
#include <linux/loop.h>
#include <linux/magic.h>
#include <linux/major.h>
#include <linux/netlink.h>
#include <linux/nvme_ioctl.h>
#include <linux/uinput.h>
#include <linux/vt.h>
#include <mqueue.h>
#include <sched.h>
#include <scsi/sg.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/sendfile.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/swap.h>
#include <sys/sysmacros.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <termios.h>

#include "../kselftest_harness.h"
#include "../stacker/uring.h"
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
	char out[LABEL_NAME_MAX + 64];
	int fd;

	fd = open("/tmp/-c", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(sizeof(script) - 1, write(fd, script, sizeof(script) - 1));
	ASSERT_EQ(0, close(fd));
	ASSERT_EQ(0, setxattr("/tmp/-c", XATTR_NAME_LABELEXEC, "atk_script", 10, 0));
	ASSERT_EQ(0, trust("/tmp"));

	/* Run as "-c" from /tmp, the program's working directory (private_tmp()). */
	exec_output(_metadata, "atk_caller", NOBODY_USER, "-c", argv, out, sizeof(out));
	EXPECT_STREQ("atk_caller", out);
}

/*
 * A file system whose files carry their mounter's label (a confined root's image, 9p share or
 * tmpfs) is never trusted with exec labels: they would be its mounter's choice, as its labels
 * would. An administrator who trusted such a path let the mounter name the label its programs
 * move to.
 */
TEST(file_system_of_its_mounter_never_trusted)
{
	char dir[] = "/tmp/attack-owned-XXXXXX";
	pid_t pid;

	ASSERT_NE(NULL, mkdtemp(dir));
	ASSERT_EQ(0, setxattr(dir, XATTR_NAME_LABEL, "atk_mounter", 11, 0));
	pid = fork_as("atk_mounter", ROOT_WITHOUT_MAC_ADMIN);
	if (!pid)
		_exit(mount("tmpfs", dir, "tmpfs", 0, NULL) ? errno : 0);
	ASSERT_EQ(0, child_status(pid));
	EXPECT_EQ(-1, trust(dir));
	EXPECT_EQ(EPERM, errno);
	EXPECT_EQ(0, umount(dir));
	EXPECT_EQ(0, removexattr(dir, XATTR_NAME_LABEL));
	EXPECT_EQ(0, rmdir(dir));
}

/*
 * A program's exec label counts only while it is linked: an upgrade that replaced it leaves
 * no way to run the old version with its label (a task could still reach it through an O_PATH
 * descriptor or /proc/<pid>/exe), as making a hard link to keep it needs w to it.
 */
TEST(unlinked_program_runs_nothing_as_its_label)
{
	char *const argv[] = { "cat", SELF_LABEL, NULL };
	const char *program = "/tmp/attack-unlinked";
	char out[LABEL_NAME_MAX + 64];
	int unlinked, prog, output[2];
	pid_t pid;

	copy_busybox(_metadata, program, NULL);
	ASSERT_EQ(0, setxattr(program, XATTR_NAME_LABELEXEC, "atk_old", 7, 0));
	ASSERT_EQ(0, trust("/tmp"));
	for (unlinked = 0; unlinked < 2; unlinked++) {
		prog = open(program, O_PATH | O_CLOEXEC);
		ASSERT_LE(0, prog);
		if (unlinked)
			ASSERT_EQ(0, unlink(program));
		ASSERT_EQ(0, pipe2(output, O_CLOEXEC));
		pid = fork_as("atk_caller", NOBODY_USER);
		if (!pid) {
			if (dup2(output[1], STDOUT_FILENO) == STDOUT_FILENO)
				syscall(__NR_execveat, prog, "", argv, environ, AT_EMPTY_PATH);
			_exit(SETUP_FAILED);
		}
		close(output[1]);
		read_output(output[0], out, sizeof(out));
		EXPECT_EQ(0, child_status(pid));
		EXPECT_STREQ(unlinked ? "atk_caller" : "atk_old", out);
		close(prog);
	}
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
	ASSERT_EQ(0, setxattr(transit, XATTR_NAME_LABELEXEC, "atk_t", 5, 0));
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
 * In a tracer of label atk_tracer, which may attach to "_" tasks: trace a child of "_" that
 * switches through relabel-self to atk_away, by its attribute file (@by_syscall false) or by
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

	/*
	 * The tracer may attach to "_" tasks, as the tracee is (a rule to "_sysctl": see
	 * floor_task_taken_over_only_through_the_control_files_rule), but not to the label the
	 * tracee moves to.
	 */
	ASSERT_EQ(0, load("atk_tracer _sysctl rw\n"));
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

/*
 * The objects a descriptor is revoked from, all labelled atk_revoked: a file, a FIFO and a
 * POSIX message queue. An opener opens one in the child (with the rule kept) and leaves data
 * in a FIFO or a queue for the uses that take some out.
 */
#define REVOKED_FILE "/tmp/attack-revoked"
#define REVOKED_FIFO "/tmp/attack-revoked-fifo"
#define REVOKED_QUEUE "/attack-revoked"

static int open_file(void)
{
	return open(REVOKED_FILE, O_RDWR | O_CLOEXEC);
}

static int open_fifo(void)
{
	int fd = open(REVOKED_FIFO, O_RDWR | O_NONBLOCK | O_CLOEXEC);

	return fd < 0 || write(fd, "data", 4) != 4 ? -1 : fd;
}

/* vmsplice() takes data out of a pipe only through a descriptor that cannot write it. */
static int open_fifo_for_reading(void)
{
	return open_fifo() < 0 ? -1 : open(REVOKED_FIFO, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
}

static int open_queue(void)
{
	mqd_t mq = mq_open(REVOKED_QUEUE, O_RDWR | O_NONBLOCK);

	return mq < 0 || mq_send(mq, "m", 1, 0) ? -1 : mq;
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

/*
 * A mapping with no access reads the file all the same: /proc/self/mem reads it (FOLL_FORCE).
 * Dumpable again after the change of user, so that the file is the task's own, not root's.
 */
static int map_for_nothing(int fd)
{
	void *map = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE, fd, 0);
	char byte;
	int mem, rc;

	if (map == MAP_FAILED || prctl(PR_SET_DUMPABLE, 1))
		return -1;
	mem = open("/proc/self/mem", O_RDONLY | O_CLOEXEC);
	if (mem < 0)
		return -1;
	rc = pread(mem, &byte, 1, (off_t)(unsigned long)map) == 1 ? 0 : -1;
	close(mem);
	return rc;
}

/* A private mapping for writing alone reads the file: no page of x86 is write-only. */
static int map_privately_for_writing(int fd)
{
	return mmap(NULL, 4096, PROT_WRITE, MAP_PRIVATE, fd, 0) == MAP_FAILED ? -1 : 0;
}

/*
 * A mapping made while the rule held, with no access (PROT_NONE) or for reading only: what
 * mprotect() adds to it after the revocation asks what a new mapping would.
 */
static void *premapped;

static int open_file_mapped(int prot, int flags)
{
	int fd = open_file();

	if (fd < 0)
		return -1;
	premapped = mmap(NULL, 4096, prot, flags, fd, 0);
	return premapped == MAP_FAILED ? -1 : fd;
}

static int open_file_mapped_for_nothing(void)
{
	return open_file_mapped(PROT_NONE, MAP_SHARED);
}

static int open_file_mapped_privately_for_nothing(void)
{
	return open_file_mapped(PROT_NONE, MAP_PRIVATE);
}

static int open_file_mapped_for_reading(void)
{
	return open_file_mapped(PROT_READ, MAP_SHARED);
}

static int protect_for_reading(int fd)
{
	return mprotect(premapped, 4096, PROT_READ);
}

static int protect_for_writing(int fd)
{
	return mprotect(premapped, 4096, PROT_READ | PROT_WRITE);
}

static int protect_for_writing_alone(int fd)
{
	return mprotect(premapped, 4096, PROT_WRITE);
}

/* An ioctl without direction bits: FIONREAD gives what is left to read of the file. */
static int ask_what_is_left(int fd)
{
	int left;

	return ioctl(fd, FIONREAD, &left);
}

/*
 * A UNIX stream or seqpacket connection to atk_revoked's listener (the case starts it), made
 * while the rules held both ways.
 */
#define REVOKED_LISTENER "attack-revoked-listen"
#define REVOKED_SEQPACKET_LISTENER "attack-revoked-listen-seqpacket"

static int connected(int type, const char *name)
{
	struct sockaddr_un addr;
	socklen_t len = unix_address(&addr, name);
	int sock = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);

	return sock < 0 || connect(sock, (struct sockaddr *)&addr, len) ? -1 : sock;
}

static int open_stream(void)
{
	return connected(SOCK_STREAM, REVOKED_LISTENER);
}

static int open_seqpacket(void)
{
	return connected(SOCK_SEQPACKET, REVOKED_SEQPACKET_LISTENER);
}

static int write_a_byte(int fd)
{
	return write(fd, "x", 1) == 1 ? 0 : -1;
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

/* One byte at offset 0 through AIO: io_submit() fails with the revalidation's errno. */
static int aio_transfer(int fd, int opcode, int rw_flags)
{
	struct iocb cb = {
		.aio_fildes = fd,
		.aio_lio_opcode = opcode,
		.aio_nbytes = 1,
		.aio_rw_flags = rw_flags,
	};
	struct iocb *cbs[] = { &cb };
	aio_context_t ctx = 0;
	struct io_event event;
	char byte = 'x';

	cb.aio_buf = (unsigned long)&byte;
	if (syscall(SYS_io_setup, 1, &ctx) || syscall(SYS_io_submit, ctx, 1, cbs) != 1 ||
	    syscall(SYS_io_getevents, ctx, 1, 1, &event, NULL) != 1)
		return -1;
	errno = event.res < 0 ? -event.res : 0;
	return event.res == 1 ? 0 : -1;
}

static int aio_read(int fd)
{
	return aio_transfer(fd, IOCB_CMD_PREAD, 0);
}

static int aio_write(int fd)
{
	return aio_transfer(fd, IOCB_CMD_PWRITE, 0);
}

/* One byte at offset 0 through a one-entry io_uring: the completion carries the errno. */
static int uring_transfer(int fd, int opcode)
{
	struct io_uring_params params;
	char byte = 'x';
	struct io_uring_sqe req = { .opcode = opcode, .fd = fd, .len = 1,
				    .addr = (unsigned long)&byte };
	int ring = uring_setup(&params), res;

	if (ring < 0)
		return -1;
	res = uring_run(ring, &params, &req);
	close(ring);
	errno = res < 0 && res != INT_MIN ? -res : 0;
	return res == 1 ? 0 : -1;
}

static int uring_read(int fd)
{
	return uring_transfer(fd, IORING_OP_READ);
}

static int uring_write(int fd)
{
	return uring_transfer(fd, IORING_OP_WRITE);
}

static int uring_send(int fd)
{
	return uring_transfer(fd, IORING_OP_SEND);
}

/* Through a pipe of the task's own, with a byte in it when @fd is written from it. */
static int own_pipe(int pipefd[2], bool filled)
{
	if (pipe(pipefd))
		return -1;
	return filled && write(pipefd[1], "x", 1) != 1 ? -1 : 0;
}

static int splice_out(int fd)
{
	int own[2];

	return own_pipe(own, false) || splice(fd, NULL, own[1], NULL, 1, 0) != 1 ? -1 : 0;
}

static int splice_in(int fd)
{
	int own[2];

	return own_pipe(own, true) || splice(own[0], NULL, fd, NULL, 1, 0) != 1 ? -1 : 0;
}

static int tee_out(int fd)
{
	int own[2];

	return own_pipe(own, false) || tee(fd, own[1], 1, 0) != 1 ? -1 : 0;
}

static int tee_in(int fd)
{
	int own[2];

	return own_pipe(own, true) || tee(own[0], fd, 1, 0) != 1 ? -1 : 0;
}

/* sendfile() into a FIFO: from a memfd of the task's own, which needs no rule. */
static int sendfile_in(int fd)
{
	int own = memfd_create("attack", MFD_CLOEXEC);
	off_t offset = 0;

	if (own < 0 || write(own, "x", 1) != 1)
		return -1;
	return sendfile(fd, own, &offset, 1) == 1 ? 0 : -1;
}

static int vmsplice_a_byte(int fd)
{
	char byte = 'x';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };

	return vmsplice(fd, &iov, 1, 0) == 1 ? 0 : -1;
}

static int send_a_message(int fd)
{
	return mq_send(fd, "m", 1, 0);
}

static int receive_a_message(int fd)
{
	char message[8];

	return mq_receive(fd, message, sizeof(message), NULL) == 1 ? 0 : -1;
}

static int revoke_write(void);

/* A use of a descriptor, refused once @revoke (revoke_the_rule() if NULL) took its rule. */
struct revocable_use {
	const char *name;
	int (*open)(void);
	int (*use)(int fd);
	int (*revoke)(void);
};

static const struct revocable_use revocable_uses[] = {
	{ "mmap for reading", open_file, map_for_reading },
	{ "mmap for writing", open_file, map_for_writing },
	{ "shared mmap for reading, w revoked", open_file, map_for_reading, revoke_write },
	{ "mmap for no access, read through /proc/self/mem", open_file, map_for_nothing },
	{ "mprotect for reading", open_file_mapped_for_nothing, protect_for_reading },
	{ "mprotect for writing", open_file_mapped_for_reading, protect_for_writing },
	{ "private mmap for writing alone", open_file, map_privately_for_writing },
	{ "private mprotect for writing alone", open_file_mapped_privately_for_nothing,
	  protect_for_writing_alone },
	{ "ioctl without a direction", open_file, ask_what_is_left },
	{ "sendfile", open_file, send_to_a_pipe },
	{ "copy_file_range", open_file, copy_within_the_file },
	{ "AIO read", open_file, aio_read },
	{ "AIO write", open_file, aio_write },
	{ "io_uring read", open_file, uring_read },
	{ "io_uring write", open_file, uring_write },
	{ "splice out of a FIFO", open_fifo, splice_out },
	{ "splice into a FIFO", open_fifo, splice_in },
	{ "tee out of a FIFO", open_fifo, tee_out },
	{ "tee into a FIFO", open_fifo, tee_in },
	{ "sendfile into a FIFO", open_fifo, sendfile_in },
	{ "vmsplice into a FIFO", open_fifo, vmsplice_a_byte },
	{ "vmsplice out of a FIFO", open_fifo_for_reading, vmsplice_a_byte },
	{ "mq_timedsend", open_queue, send_a_message },
	{ "mq_timedreceive", open_queue, receive_a_message },
	{ "UNIX stream send", open_stream, write_a_byte },
	{ "UNIX seqpacket send", open_seqpacket, write_a_byte },
	{ "splice into a UNIX stream", open_stream, splice_in },
	{ "sendfile into a UNIX stream", open_stream, sendfile_in },
	{ "io_uring write into a UNIX stream", open_stream, uring_write },
	{ "io_uring send on a UNIX stream", open_stream, uring_send },
	{ "io_uring send on a UNIX seqpacket", open_seqpacket, uring_send },
};

/*
 * In a child of @label, as @who: open with @use->open; then, in the caller, @revoke (unless
 * NULL); then use the descriptor in the child. The errno of the use, 0, or SETUP_FAILED.
 */
static int use_after(const char *label, enum who who, const struct revocable_use *use,
		     int (*revoke)(void))
{
	int ready[2], go[2], fd, rc = 0;
	pid_t pid;
	char c;

	if (pipe2(ready, O_CLOEXEC) || pipe2(go, O_CLOEXEC))
		return SETUP_FAILED;
	pid = fork_as(label, who);
	if (!pid) {
		close(ready[0]);
		close(go[1]);
		fd = use->open();
		if (fd < 0 || write(ready[1], "", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(SETUP_FAILED);
		_exit(use->use(fd) ? errno : 0);
	}
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &c, 1) != 1 || (revoke && revoke()) || write(go[1], "", 1) != 1)
		rc = SETUP_FAILED;
	close(ready[0]);
	close(go[1]);
	return child_status(pid) ?: rc;
}

static int create_revoked_queue(void)
{
	struct mq_attr attr = { .mq_maxmsg = 10, .mq_msgsize = 8 };
	mqd_t mq;

	umask(0);
	mq = mq_open(REVOKED_QUEUE, O_CREAT | O_EXCL | O_RDWR, 0666, &attr);
	return mq < 0 ? -1 : mq_close(mq);
}

static int revoke_the_rule(void)
{
	return load("atk_user atk_revoked -\n");
}

/*
 * A shared mapping through a descriptor open for writing may write (userfaultfd fills its
 * holes): asked w, even for reading alone.
 */
static int revoke_write(void)
{
	return load("atk_user atk_revoked r\n");
}

/*
 * After a rule is revoked, a descriptor opened under it moves no more data, on every path that
 * moves data through a descriptor: a new mapping, for any access (mmap_file decides again;
 * a shared one through a descriptor open for writing asks w, since it may write),
 * and an old one that mprotect() gives more access (file_mprotect decides what it adds); an
 * ioctl without a direction; sendfile(), copy_file_range(), AIO and io_uring, which
 * rw_verify_area() revalidates as read() and write(); the pipe ends of splice(), tee(),
 * vmsplice() and sendfile(), and a queue's messages, which the kernel revalidates in the
 * series' fs-ipc patch; a UNIX connection's sends (socket_sendmsg), by write(), splice(),
 * sendfile() and io_uring alike.
 */
TEST(descriptor_after_revocation_refused)
{
	const struct revocable_use *use;
	int release[2];
	pid_t listener[2];
	enum who who;
	size_t i;
	int fd;

	fd = open(REVOKED_FILE, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ftruncate(fd, 4096));
	ASSERT_EQ(0, fchmod(fd, 0666));
	close(fd);
	ASSERT_EQ(0, setxattr(REVOKED_FILE, XATTR_NAME_LABEL, "atk_revoked", 11, 0));
	ASSERT_EQ(0, mkfifo(REVOKED_FIFO, 0666));
	ASSERT_EQ(0, chmod(REVOKED_FIFO, 0666));
	ASSERT_EQ(0, setxattr(REVOKED_FIFO, XATTR_NAME_LABEL, "atk_revoked", 11, 0));
	/* A queue is its creator's; naming it in the queues' root asks wx of "_". */
	ASSERT_EQ(0, load("atk_revoked _ wx\n"));
	ERRNO_AS("atk_revoked", ROOT, mq_unlink(REVOKED_QUEUE));
	ASSERT_EQ(0, ERRNO_AS("atk_revoked", ROOT, create_revoked_queue()));
	/* A connection needs w both ways: the listener's rule stays. */
	ASSERT_EQ(0, load("atk_revoked atk_user w\n"));
	listener[0] = spawn_waiter("atk_revoked", SOCK_STREAM, REVOKED_LISTENER, &release[0]);
	ASSERT_LT(0, listener[0]);
	listener[1] = spawn_waiter("atk_revoked", SOCK_SEQPACKET, REVOKED_SEQPACKET_LISTENER,
				   &release[1]);
	ASSERT_LT(0, listener[1]);
	/*
	 * Each use, first with the rule kept (it works), then with the rule revoked; by an
	 * unprivileged user, then by root without CAP_MAC_ADMIN, whose other capabilities
	 * (CAP_DAC_OVERRIDE, CAP_IPC_OWNER, CAP_SYS_RESOURCE...) take no part in label's checks.
	 */
	for (i = 0; i < 4 * ARRAY_SIZE(revocable_uses); i++) {
		use = &revocable_uses[i / 2 % ARRAY_SIZE(revocable_uses)];
		who = i < 2 * ARRAY_SIZE(revocable_uses) ? NOBODY_USER : ROOT_WITHOUT_MAC_ADMIN;
		ASSERT_EQ(0, load("atk_user atk_revoked rw\n"));
		EXPECT_EQ(i % 2 ? EACCES : 0,
			  use_after("atk_user", who, use,
				    i % 2 ? use->revoke ?: revoke_the_rule : NULL))
			TH_LOG("%s as %s, rule %s", use->name, who == NOBODY_USER ? "nobody" :
			       "root without CAP_MAC_ADMIN", i % 2 ? "revoked" : "kept");
	}
	/* The second listener holds the first's release end too: close both, then wait. */
	for (i = 0; i < ARRAY_SIZE(listener); i++)
		close(release[i]);
	for (i = 0; i < ARRAY_SIZE(listener); i++)
		EXPECT_EQ(0, child_status(listener[i]));
	EXPECT_EQ(0, load("atk_revoked atk_user -\n"));
	ASSERT_EQ(0, ERRNO_AS("atk_revoked", ROOT, mq_unlink(REVOKED_QUEUE)));
}

#define OVERLAY_LOWER "/tmp/attack-overlay-lower"
#define OVERLAY_EMPTY "/tmp/attack-overlay-empty"
#define OVERLAY "/tmp/attack-overlay"

/* A new file of one page at @path, labelled atk_revoked: 0, or -1. */
static int make_revoked_page(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	if (fd < 0 || ftruncate(fd, 4096)) {
		close(fd);
		return -1;
	}
	close(fd);
	return setxattr(path, XATTR_NAME_LABEL, "atk_revoked", 11, 0);
}

/* The overlay's mount point and empty lower layer, which both overlay cases use: 0, or -1. */
static int overlay_dirs(void)
{
	return (mkdir(OVERLAY_EMPTY, 0755) && errno != EEXIST) ||
	       (mkdir(OVERLAY, 0755) && errno != EEXIST) ? -1 : 0;
}

/* In a mount namespace of its own, mount a read-only overlay of OVERLAY_LOWER, open its file. */
static int open_overlay_file(void)
{
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("overlay", OVERLAY, "overlay", MS_RDONLY,
		  "lowerdir=" OVERLAY_LOWER ":" OVERLAY_EMPTY))
		return -1;
	return open(OVERLAY "/file", O_RDONLY | O_CLOEXEC);
}

/*
 * A file of an overlay a confined root mounted is its mounter's, and maps the lower file,
 * which the mounter's credentials opened: a new mapping after the rule to the lower file was
 * revoked is decided again for that opener (mmap_backing_file), as its reads are.
 */
TEST(overlay_mapping_after_revocation_refused)
{
	static const struct revocable_use overlay_use = {
		"mmap through an overlay", open_overlay_file, map_for_reading,
	};

	ASSERT_EQ(0, mkdir(OVERLAY_LOWER, 0755));
	ASSERT_EQ(0, overlay_dirs());
	ASSERT_EQ(0, make_revoked_page(OVERLAY_LOWER "/file"));
	/* w to the floor's directory the overlay covers: a mount's placement asks it. */
	ASSERT_EQ(0, load("atk_user atk_revoked r\natk_user _ w\n"));
	EXPECT_EQ(0, use_after("atk_user", ROOT_WITHOUT_MAC_ADMIN, &overlay_use, NULL));
	ASSERT_EQ(0, load("atk_user atk_revoked r\n"));
	EXPECT_EQ(EACCES, use_after("atk_user", ROOT_WITHOUT_MAC_ADMIN, &overlay_use,
				    revoke_the_rule));
	ASSERT_EQ(0, load("atk_user _ -\n"));
}

#define OVERLAY_UPPER "/tmp/attack-overlay-upper"
#define OVERLAY_WORK "/tmp/attack-overlay-work"

/*
 * In a mount namespace of its own, mount a writable overlay of OVERLAY_UPPER and open its
 * file to append: the descriptor, or -1.
 */
static int open_an_overlay_file_to_append(void)
{
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("overlay", OVERLAY, "overlay", 0, "lowerdir=" OVERLAY_EMPTY ",upperdir="
		  OVERLAY_UPPER ",workdir=" OVERLAY_WORK))
		return -1;
	return open(OVERLAY "/file", O_RDWR | O_APPEND | O_CLOEXEC);
}

/* Map the overlay's file, opened to append, shared and writable: 0, or -1 with errno. */
static int map_an_overlay_file_to_append(void)
{
	int fd = open_an_overlay_file_to_append();

	return fd < 0 ? -1 : map_for_writing(fd);
}

/* Write its first byte by AIO with RWF_NOAPPEND: 0, or -1 with errno. */
static int write_an_overlay_file_at_its_start(void)
{
	int fd = open_an_overlay_file_to_append();

	return fd < 0 ? -1 : aio_transfer(fd, IOCB_CMD_PWRITE, RWF_NOAPPEND);
}

/*
 * The file of an overlay a confined root mounted is its mounter's; the upper file under it,
 * opened to append with an "a" rule alone, is written elsewhere than at its end by a shared
 * writable mapping (mmap_backing_file asks w, as mmap_file does of an append-only descriptor)
 * and by an asynchronous write with RWF_NOAPPEND, which the overlay passes on to the upper
 * file without IOCB_APPEND (file_overwrite is asked of the upper file too).
 */
TEST(overlay_append_only_file_changed_before_its_end_only_with_w)
{
	ASSERT_EQ(0, mkdir(OVERLAY_UPPER, 0755));
	ASSERT_EQ(0, mkdir(OVERLAY_WORK, 0755));
	ASSERT_EQ(0, overlay_dirs());
	ASSERT_EQ(0, make_revoked_page(OVERLAY_UPPER "/file"));
	/* wx to the floor's directories: the mount's placement and the overlay's work. */
	ASSERT_EQ(0, load("atk_user atk_revoked ra\natk_user _ wx\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_user", ROOT_WITHOUT_MAC_ADMIN,
				   map_an_overlay_file_to_append()));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_user", ROOT_WITHOUT_MAC_ADMIN,
				   write_an_overlay_file_at_its_start()));
	ASSERT_EQ(0, load("atk_user atk_revoked rwa\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_user", ROOT_WITHOUT_MAC_ADMIN, map_an_overlay_file_to_append()));
	EXPECT_EQ(0, ERRNO_AS("atk_user", ROOT_WITHOUT_MAC_ADMIN,
			      write_an_overlay_file_at_its_start()));
	ASSERT_EQ(0, load("atk_user atk_revoked -\natk_user _ -\n"));
}

/*
 * As atk_reader: open /proc/@pid/status and net/unix to read and its oom_score_adj to write,
 * say so on @ready, wait for @go, then use the descriptors. Exits with 1 if reading status
 * worked, plus 2 if the write did, plus 4 if reading net/unix did.
 */
static void read_and_write_a_task(pid_t pid, int ready[2], int go[2])
{
	char path[64], buf[64];
	int status, adj, net, used = 0;

	close(ready[0]);
	close(go[1]);
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	status = open(path, O_RDONLY | O_CLOEXEC);
	snprintf(path, sizeof(path), "/proc/%d/oom_score_adj", pid);
	adj = open(path, O_WRONLY | O_CLOEXEC);
	snprintf(path, sizeof(path), "/proc/%d/net/unix", pid);
	net = open(path, O_RDONLY | O_CLOEXEC);
	if (status < 0 || adj < 0 || net < 0 || write(ready[1], "", 1) != 1 ||
	    read(go[0], buf, 1) != 1)
		_exit(SETUP_FAILED);
	if (read(status, buf, sizeof(buf)) > 0)
		used |= 1;
	if (write(adj, "0", 1) == 1)
		used |= 2;
	if (read(net, buf, sizeof(buf)) > 0)
		used |= 4;
	_exit(used);
}

/*
 * A descriptor of a task's /proc/<pid>/ file (net/ included) is decided against the task's
 * label at each read and write, not the label the inode took at the last lookup: once the
 * task changed its label, a reader allowed to the old one only reads and writes nothing more
 * through the descriptors it opened before.
 */
TEST(proc_descriptor_follows_the_task_label)
{
	int moved[2], task_go[2], ready[2], go[2], kept;
	pid_t task, reader;
	char c;

	ASSERT_EQ(0, load("atk_reader atk_task rw\n"));
	for (kept = 0; kept < 2; kept++) {
		ASSERT_EQ(0, load(kept ? "atk_reader atk_moved rw\n" : "atk_reader atk_moved -\n"));
		ASSERT_EQ(0, pipe2(task_go, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(moved, O_CLOEXEC));
		/*
		 * The task says when it is atk_task, moves to atk_moved when told, says so, then
		 * waits for its end.
		 */
		task = fork_as("atk_task", ROOT);
		if (!task) {
			close(task_go[1]);
			close(moved[0]);
			if (write(moved[1], "", 1) != 1 || read(task_go[0], &c, 1) != 1 ||
			    set_label("atk_moved") || write(moved[1], "", 1) != 1)
				_exit(SETUP_FAILED);
			_exit(read(task_go[0], &c, 1) ? SETUP_FAILED : 0);
		}
		close(task_go[0]);
		close(moved[1]);
		ASSERT_EQ(1, read(moved[0], &c, 1));
		ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
		reader = fork_as("atk_reader", ROOT_WITHOUT_MAC_ADMIN);
		if (!reader)
			read_and_write_a_task(task, ready, go);
		close(ready[1]);
		close(go[0]);
		ASSERT_EQ(1, read(ready[0], &c, 1));
		ASSERT_EQ(1, write(task_go[1], "", 1));
		ASSERT_EQ(1, read(moved[0], &c, 1));
		ASSERT_EQ(1, write(go[1], "", 1));
		EXPECT_EQ(kept ? 7 : 0, child_status(reader)) TH_LOG("rule to atk_moved: %d", kept);
		close(task_go[1]);
		close(moved[0]);
		close(ready[0]);
		close(go[1]);
		ASSERT_EQ(0, child_status(task));
	}
}

/* The name of the map_files link of the mapping at @addr, one page long. */
static void map_files_name(char *name, size_t size, const void *addr)
{
	unsigned long start = (unsigned long)addr;

	snprintf(name, size, "%lx-%lx", start, start + getpagesize());
}

/*
 * A task of label atk_owner with its memory in a System V segment and in a shared anonymous
 * mapping, "owner" in each: it sends the two map_files names on @names, waits for @go, and
 * exits with 0 if both still say "owner", 1 if either was written.
 */
static pid_t spawn_memory_owner(int names[2], int go[2])
{
	char *seg, *anon, list[128], a[48], b[48];
	pid_t pid = fork_as("atk_owner", ROOT);
	int id;

	if (pid)
		return pid;
	close(names[0]);
	close(go[1]);
	id = shmget(IPC_PRIVATE, getpagesize(), IPC_CREAT | 0600);
	seg = id < 0 ? MAP_FAILED : shmat(id, NULL, 0);
	if (id >= 0)
		shmctl(id, IPC_RMID, NULL);
	anon = mmap(NULL, getpagesize(), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		    -1, 0);
	if (seg == MAP_FAILED || anon == MAP_FAILED)
		_exit(SETUP_FAILED);
	strcpy(seg, "owner");
	strcpy(anon, "owner");
	map_files_name(a, sizeof(a), seg);
	map_files_name(b, sizeof(b), anon);
	snprintf(list, sizeof(list), "%s %s", a, b);
	if (write(names[1], list, strlen(list) + 1) != (ssize_t)strlen(list) + 1 ||
	    read(go[0], list, 1) != 0)
		_exit(SETUP_FAILED);
	_exit(strcmp(seg, "owner") || strcmp(anon, "owner"));
}

/* Open each of @pid's two map_files for reading and writing and write: how many opened. */
static int open_task_memory(pid_t pid, const char *names)
{
	char name[2][48], path[128];
	int i, fd, opened = 0;

	if (sscanf(names, "%47s %47s", name[0], name[1]) != 2)
		return SETUP_FAILED;
	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "/proc/%d/map_files/%s", pid, name[i]);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		opened++;
		if (pwrite(fd, "other", 6, 0) != 6)
			opened += 10;
		close(fd);
	}
	return opened;
}

/*
 * A task's shared memory, opened again through /proc/<pid>/map_files/: following the link asks
 * only r to the task (ptrace's read mode, with CAP_SYS_ADMIN), and the file behind it carries
 * no label. A confined root with r alone opens neither the System V segment nor the shared
 * anonymous mapping, and writes nothing; a root of the floor does both (the way is open).
 */
TEST(task_memory_not_opened_again_through_map_files)
{
	int names[2], go[2], confined;
	char list[128];
	pid_t owner, opener;

	ASSERT_EQ(0, load("atk_mapper atk_owner r\n_ atk_owner r\n"));
	for (confined = 1; confined >= 0; confined--) {
		ASSERT_EQ(0, pipe2(names, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
		owner = spawn_memory_owner(names, go);
		ASSERT_LT(0, owner);
		close(names[1]);
		close(go[0]);
		ASSERT_LT(0, read(names[0], list, sizeof(list)));
		opener = confined ? fork_as("atk_mapper", ROOT_WITHOUT_MAC_ADMIN) :
				    fork_as("_", ROOT);
		if (!opener)
			_exit(open_task_memory(owner, list));
		EXPECT_EQ(confined ? 0 : 2, child_status(opener)) TH_LOG("confined: %d", confined);
		close(go[1]);
		EXPECT_EQ(confined ? 0 : 1, child_status(owner)) TH_LOG("confined: %d", confined);
		close(names[0]);
	}
}

/* Read a sysctl, then write its value back unchanged: 0, or -1 with errno. */
static int write_back(const char *path)
{
	char value[256];
	ssize_t len;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = read(fd, value, sizeof(value));
	close(fd);
	if (len <= 0)
		return -1;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	return fd < 0 || write(fd, value, len) != len ? -1 : 0;
}

static int read_sysctl(const char *path)
{
	char value[256];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	return fd < 0 || read(fd, value, sizeof(value)) <= 0 ? -1 : 0;
}

/*
 * A sysctl that names the program a usermode helper runs with every capability needs euid 0
 * alone to be written: a labelled root would run its own program so. /proc/sys is "_sysctl",
 * which every task reads and the floor writes, and another label writes only through a rule to
 * it: a rule to the floor does not reach it.
 */
TEST(sysctl_written_only_through_its_own_rule)
{
	const char *const sysctls[] = {
		"/proc/sys/kernel/modprobe", "/proc/sys/kernel/core_pattern",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sysctls); i++) {
		ASSERT_EQ(0, load("atk_sysctl _ rwxa\natk_sysctl _sysctl -\n"));
		EXPECT_EQ(0, ERRNO_AS("atk_sysctl", NOBODY_USER, read_sysctl(sysctls[i])));
		EXPECT_EQ(EACCES, ERRNO_AS("atk_sysctl", ROOT_WITHOUT_MAC_ADMIN,
					   write_back(sysctls[i]))) TH_LOG("%s", sysctls[i]);
		EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, write_back(sysctls[i])));
		ASSERT_EQ(0, load("atk_sysctl _sysctl w\n"));
		EXPECT_EQ(0, ERRNO_AS("atk_sysctl", ROOT_WITHOUT_MAC_ADMIN,
				      write_back(sysctls[i])));
	}
}

/*
 * In the test's own mount namespace, a fresh file system of @type mounted on a new directory
 * @dir (a mkdtemp() template). Undone by unmount_private().
 */
static void mount_private(struct __test_metadata *_metadata, char *dir, const char *type,
			  const char *options)
{
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	ASSERT_NE(NULL, mkdtemp(dir));
	ASSERT_EQ(0, mount(type, dir, type, 0, options));
}

static void unmount_private(struct __test_metadata *_metadata, const char *dir)
{
	EXPECT_EQ(0, umount2(dir, MNT_DETACH));
	EXPECT_EQ(0, rmdir(dir));
}

/*
 * A binfmt_misc entry with the C flag takes the binary's set-user-ID bits, not the
 * interpreter's: the binary's exec label does not count there either, as a script's does not.
 * The interpreter runs on the binary's path and the caller's arguments (qemu-user reads
 * options from them). Here a copy of busybox named cat runs as the interpreter and reports its
 * label after the binary's one line.
 */
TEST(binfmt_misc_binary_exec_label_runs_nothing_as_its_label)
{
	static const char entry[] = ":atk_c:M::\\x7fATKC::/tmp/attack-interp/cat:C";
	char *const argv[] = { "binary", SELF_LABEL, NULL };
	char dir[] = "/tmp/attack-binfmt-XXXXXX", path[64], out[LABEL_NAME_MAX + 64];
	int fd;

	mount_private(_metadata, dir, "binfmt_misc", NULL);
	ASSERT_EQ(0, mkdir("/tmp/attack-interp", 0755));
	copy_busybox(_metadata, "/tmp/attack-interp/cat", NULL);
	fd = open("/tmp/attack-binary", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(6, write(fd, "\177ATKC\n", 6));
	ASSERT_EQ(0, close(fd));
	ASSERT_EQ(0, setxattr("/tmp/attack-binary", XATTR_NAME_LABELEXEC, "atk_binary", 10, 0));
	ASSERT_EQ(0, trust("/tmp"));
	snprintf(path, sizeof(path), "%s/register", dir);
	ASSERT_EQ((ssize_t)strlen(entry), write_str(path, entry));

	exec_output(_metadata, "atk_caller", NOBODY_USER, "/tmp/attack-binary", argv, out,
		    sizeof(out));
	EXPECT_STREQ("\177ATKC\natk_caller", out);
	snprintf(path, sizeof(path), "%s/atk_c", dir);
	EXPECT_EQ(2, write_str(path, "-1"));
	unmount_private(_metadata, dir);
}

/*
 * @try(@what) as a root labelled atk_control without CAP_MAC_ADMIN: refused (EACCES, or @denied
 * where the kernel turns the refusal into its own errno) with a rule to the floor and none to
 * "_sysctl", allowed once @grant, a rule to "_sysctl", is loaded. As the floor, allowed.
 */
static void only_through_the_control_rule(struct __test_metadata *_metadata, const char *grant,
					  int (*try)(const char *), const char *what, int denied)
{
	ASSERT_EQ(0, load("atk_control _ rwxa\natk_control _sysctl -\n"));
	EXPECT_EQ(denied ?: EACCES, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, try(what)))
		TH_LOG("%s", what);
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, try(what))) TH_LOG("%s", what);
	ASSERT_EQ(0, load(grant));
	EXPECT_EQ(0, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, try(what)))
		TH_LOG("%s", what);
}

/* Open @path for writing and close it: label decides a write when the file is opened. */
static int open_for_writing(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/* Open @path for reading (not as a controlling terminal) and close it. */
static int read_only_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/* Make a directory and remove it: label decides w and x on the parent when it is made. */
static int mkdir_and_remove(const char *path)
{
	if (mkdir(path, 0755))
		return -1;
	rmdir(path);
	return 0;
}

/*
 * The kernel's other control files, where this kernel has them: a file system the test mounts
 * in its own mount namespace (with @data), and what is tried in it: @file opened for writing, or
 * a directory made where a new directory configures the kernel (netconsole's targets, the one
 * configfs subsystem of the debug kernel), which asks x as well as w.
 */
static const struct {
	const char *type, *data, *file, *grant;
	int (*try)(const char *path);
} control_mounts[] = {
	/* An interpreter for every matching exec. */
	{ "binfmt_misc", NULL, "register", "atk_control _sysctl w\n", open_for_writing },
	/* A program the kernel runs with every capability when a cgroup empties. */
	{ "cgroup", "none,name=atk", "release_agent", "atk_control _sysctl w\n", open_for_writing },
	/* The debug kernel's: moves any task into the cgroup, where it is frozen or killed. */
	{ "cgroup2", NULL, "cgroup.procs", "atk_control _sysctl w\n", open_for_writing },
	/* A target that sends the kernel's messages to a host the writer names. */
	{ "configfs", NULL, "netconsole/atk", "atk_control _sysctl wx\n", mkdir_and_remove },
};

/*
 * The rest of the class of the sysctls above: files that configure the kernel, written with
 * euid 0 or CAP_SYS_ADMIN alone, some naming a program or a path the kernel then uses
 * (binfmt_misc's register, sysfs's uevent_helper and firmware path, tracefs's kprobe_events,
 * cgroup v1's release_agent), or acting on tasks past their own checks (cgroup2's procs and
 * kill files). Procfs outside /proc/<pid>/, sysfs, binfmt_misc, debugfs, tracefs, configfs,
 * efivarfs and cgroup v1 and v2 are "_sysctl" too: a rule to the floor opens none
 * for writing, a rule to "_sysctl" does. Nothing is written. Reading them is as before, and as
 * for the floor. efivarfs needs an EFI firmware, which the test VM does not boot with.
 */
TEST(kernel_control_files_written_only_through_their_own_rule)
{
	char dir[] = "/tmp/attack-control-XXXXXX", mnt[ARRAY_SIZE(control_mounts)][96];
	char path[96];
	size_t i;

	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", open_for_writing,
				      "/proc/irq/default_smp_affinity", 0);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", open_for_writing,
				      "/sys/module/printk/parameters/time", 0);
	mount_private(_metadata, dir, "tmpfs", "mode=0755");
	for (i = 0; i < ARRAY_SIZE(control_mounts); i++) {
		ASSERT_GT(sizeof(mnt[i]), snprintf(mnt[i], sizeof(mnt[i]), "%s/%s", dir,
						   control_mounts[i].type));
		ASSERT_EQ(0, mkdir(mnt[i], 0755));
		if (mount(control_mounts[i].type, mnt[i], control_mounts[i].type, 0,
			  control_mounts[i].data)) {
			/* binfmt_misc is in every test kernel (base.config). */
			ASSERT_LT(0, i) TH_LOG("%s: %s", control_mounts[i].type, strerror(errno));
			TH_LOG("no %s here: %s", control_mounts[i].type, strerror(errno));
			mnt[i][0] = 0;
			continue;
		}
		ASSERT_GT(sizeof(path), snprintf(path, sizeof(path), "%s/%s", mnt[i],
						 control_mounts[i].file));
		only_through_the_control_rule(_metadata, control_mounts[i].grant,
					      control_mounts[i].try, path, 0);
	}
	for (i = 0; i < ARRAY_SIZE(control_mounts); i++)
		if (mnt[i][0])
			EXPECT_EQ(0, umount2(mnt[i], MNT_DETACH)) TH_LOG("%s", mnt[i]);
	unmount_private(_metadata, dir);
}

/*
 * Another module's securityfs file changes that module's policy or state past its own checks
 * (IMA's policy takes a first write with no capability, which replaces the boot policy): it is a
 * kernel control file, which a rule to the floor does not reach. Label's own files stay the
 * floor's: their writes are decided by label's privileges, and any task queries "access".
 * Lockdown's file is the one the debug kernel, which builds every module, has.
 */
TEST(other_modules_securityfs_files_written_only_through_the_control_files_rule)
{
	if (access("/sys/kernel/security/lockdown", W_OK))
		SKIP(return, "no other module's securityfs file");
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", open_for_writing,
				      "/sys/kernel/security/lockdown", 0);
	ASSERT_EQ(0, load("atk_control _sysctl -\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN,
			      open_for_writing(LABEL_FS "access")));
}

/*
 * SELinux's own file system: a file only root may write changes SELinux's policy or state
 * (load, enforce, a boolean), and SELinux asks its own permission alone, which an unconfined
 * domain holds, and no capability: a kernel control file, which a rule to the floor does not
 * reach. The queries any task writes (access, context) stay the floor's. The test kernels run
 * SELinux without a policy, whose file system this test mounts; where a system mounted it
 * with a policy, the policy decides what the test may open, and the test is skipped.
 */
TEST(selinux_policy_files_written_only_through_the_control_files_rule)
{
	char dir[] = "/tmp/attack-selinuxfs-XXXXXX", path[64];

	if (!access("/sys/fs/selinux/enforce", F_OK))
		SKIP(return, "SELinux runs with a policy");
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	ASSERT_NE(NULL, mkdtemp(dir));
	if (mount("selinuxfs", dir, "selinuxfs", 0, NULL)) {
		rmdir(dir);
		SKIP(return, "no SELinux: %s", strerror(errno));
	}
	snprintf(path, sizeof(path), "%s/enforce", dir);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", open_for_writing,
				      path, 0);
	ASSERT_EQ(0, load("atk_control _sysctl -\n"));
	snprintf(path, sizeof(path), "%s/access", dir);
	EXPECT_EQ(0, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, open_for_writing(path)));
	unmount_private(_metadata, dir);
}

/*
 * Another module's securityfs file that any task may write is a query, or changes the
 * writer's own state: AppArmor's .access, which D-Bus asks, stays the floor's, which a rule to
 * the floor opens. AppArmor's .load is world-writable too and loads policy: a control file.
 * The debug kernel boots with AppArmor.
 */
TEST(other_modules_query_files_written_through_the_floor_rule)
{
	static const char access_file[] = "/sys/kernel/security/apparmor/.access";

	if (access(access_file, F_OK))
		SKIP(return, "no AppArmor");
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", open_for_writing,
				      "/sys/kernel/security/apparmor/.load", 0);
	ASSERT_EQ(0, load("atk_control _sysctl -\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN,
			      open_for_writing(access_file)));
	ASSERT_EQ(0, load("atk_control _ -\n"));
}

/* The id of the keyring @name in /proc/keys, as text in @id (@size bytes): 0, or -1. */
static int keyring_id(const char *name, char *id, size_t size)
{
	char line[512], *desc;
	FILE *f = fopen("/proc/keys", "re");
	int rc = -1;

	/* "<id> <flags> <usage> <timeout> <perm> <uid> <gid> keyring   <name>: <keys>" */
	while (f && rc && fgets(line, sizeof(line), f)) {
		desc = strstr(line, " keyring ");
		if (!desc)
			continue;
		desc += strlen(" keyring ");
		desc += strspn(desc, " ");
		if (!strncmp(desc, name, strlen(name)) && desc[strlen(name)] == ':') {
			snprintf(id, size, "%.*s", (int)strcspn(line, " "), line);
			rc = 0;
		}
	}
	if (f)
		fclose(f);
	return rc;
}

/*
 * Link a new key of the caller's own into the keyring @id: 0 once label let the link through,
 * which the keyring's own restriction then refuses (EOPNOTSUPP: signed keys only), or -1.
 */
static int link_own_key(const char *id)
{
	long key = syscall(SYS_add_key, "user", "atk:own", "x", 1, KEY_SPEC_PROCESS_KEYRING);

	if (key < 0)
		return -1;
	return syscall(SYS_keyctl, KEYCTL_LINK, key, strtol(id, NULL, 16)) && errno != EOPNOTSUPP ?
	       -1 : 0;
}

static int describe_key(const char *id)
{
	char buf[256];

	return syscall(SYS_keyctl, KEYCTL_DESCRIBE, strtol(id, NULL, 16), buf, sizeof(buf)) < 0 ?
	       -1 : 0;
}

/*
 * The kernel's keyrings hold what module signatures, IMA and EVM trust: root writes
 * .secondary_trusted_keys and .ima by their permissions, and unlinking or clearing takes the
 * trust away. They are "_sysctl", which a rule to the floor does not reach, and every task
 * reads them. The debug kernel has .secondary_trusted_keys.
 */
TEST(kernel_keyrings_written_only_through_the_control_files_rule)
{
	char id[32];

	if (keyring_id(".secondary_trusted_keys", id, sizeof(id)))
		SKIP(return, "no .secondary_trusted_keys");
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", link_own_key, id, 0);
	ASSERT_EQ(0, load("atk_control _sysctl -\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, describe_key(id)));
	ASSERT_EQ(0, load("atk_control _ -\n"));
}

/*
 * Without CONFIG_INTEGRITY_TRUSTED_KEYRING (Debian's), IMA and EVM trust the "_ima" and "_evm"
 * keyrings user space makes, found among the keyrings of the first task that verifies a
 * signature: only an unconfined task makes one, and the floor's is "_sysctl" as the kernel's.
 */
TEST(integrity_keyrings_made_and_written_only_through_the_control_files_rule)
{
	static const enum who whos[] = { NOBODY_USER, ROOT_WITHOUT_MAC_ADMIN };
	char id[32];
	long ring;
	size_t w;

	/* Made by add_key() or as a session keyring of that name, by anyone confined. */
	for (w = 0; w < ARRAY_SIZE(whos); w++) {
		EXPECT_EQ(EACCES, ERRNO_AS("atk_control", whos[w],
					   syscall(SYS_add_key, "keyring", "_ima", NULL, 0,
						   KEY_SPEC_PROCESS_KEYRING)));
		EXPECT_EQ(EACCES, ERRNO_AS("atk_control", whos[w],
					   syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING,
						   "_evm")));
	}
	ASSERT_LE(0, syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL));
	ring = syscall(SYS_add_key, "keyring", "_evm", NULL, 0, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LE(0, ring);
	snprintf(id, sizeof(id), "%lx", ring);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", link_own_key, id, 0);
	ASSERT_EQ(0, load("atk_control _sysctl -\natk_control _ -\n"));
}

/* BPF_OBJ_GET of @path, for reading and writing: 0 (the descriptor closed), or -1. */
static int bpf_get_for_writing(const char *path)
{
	union bpf_attr attr = { .pathname = (__u64)(unsigned long)path };
	int fd = syscall(__NR_bpf, BPF_OBJ_GET, &attr, sizeof(attr));

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/*
 * A BPF object the floor pinned is a kernel control file: a map a BPF LSM or a cgroup's
 * program decides with, or a link that keeps a program attached, which a descriptor opened
 * for writing changes with no other check. A rule to the floor does not open it for writing.
 * The debug kernel has bpf().
 */
TEST(floor_pinned_bpf_objects_written_only_through_the_control_files_rule)
{
	union bpf_attr map = {
		.map_type = BPF_MAP_TYPE_ARRAY,
		.key_size = 4,
		.value_size = 4,
		.max_entries = 1,
	};
	char dir[] = "/tmp/attack-bpf-XXXXXX", path[64];
	union bpf_attr pin = {};
	int fd = syscall(__NR_bpf, BPF_MAP_CREATE, &map, sizeof(map));

	if (fd < 0)
		SKIP(return, "no bpf(): %s", strerror(errno));
	mount_private(_metadata, dir, "bpf", NULL);
	snprintf(path, sizeof(path), "%s/policy", dir);
	pin.pathname = (__u64)(unsigned long)path;
	pin.bpf_fd = fd;
	ASSERT_EQ(0, syscall(__NR_bpf, BPF_OBJ_PIN, &pin, sizeof(pin)));
	only_through_the_control_rule(_metadata, "atk_control _sysctl rw\n", bpf_get_for_writing,
				      path, 0);
	close(fd);
	unmount_private(_metadata, dir);
}

/*
 * Subscribe an audit netlink socket to its multicast group (AUDIT_NLGRP_READLOG), which gets
 * every audit record, through bind() or, bound without groups, NETLINK_ADD_MEMBERSHIP.
 */
static int subscribe_to_audit(bool by_option)
{
	struct sockaddr_nl addr = { .nl_family = AF_NETLINK, .nl_groups = by_option ? 0 : 1 };
	int sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT), group = 1, rc;

	if (sock < 0)
		return -1;
	rc = bind(sock, (struct sockaddr *)&addr, sizeof(addr));
	if (!rc && by_option)
		rc = setsockopt(sock, SOL_NETLINK, NETLINK_ADD_MEMBERSHIP, &group, sizeof(group));
	close(sock);
	return rc;
}

/* Ask for the multicasts of every network namespace on a route netlink socket: 0, or -1. */
static int listen_to_every_namespace(void)
{
	int sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE), one = 1, rc;

	if (sock < 0)
		return -1;
	rc = setsockopt(sock, SOL_NETLINK, NETLINK_LISTEN_ALL_NSID, &one, sizeof(one));
	close(sock);
	return rc;
}

/*
 * A netlink socket that listens to every namespace (CAP_NET_BROADCAST) gets their multicasts:
 * another namespace's sockets destroyed, its devices and neighbours, whatever their labels.
 * Only a task label does not confine asks for it.
 */
TEST(every_namespaces_multicasts_heard_only_by_an_unconfined_task)
{
	EXPECT_EQ(EACCES, ERRNO_AS("atk_watch", ROOT_WITHOUT_MAC_ADMIN,
				   listen_to_every_namespace()));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, listen_to_every_namespace()));
}

/*
 * The audit log's multicast group carries the records about every label's tasks (label's
 * denials with their paths, commands, terminal input), to any task with CAP_AUDIT_READ: only
 * one label does not confine subscribes.
 */
TEST(audit_records_read_only_by_an_unconfined_task)
{
	ASSERT_EQ(0, load("atk_audit _ rwxa\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_audit", ROOT_WITHOUT_MAC_ADMIN, subscribe_to_audit(false)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_audit", ROOT_WITHOUT_MAC_ADMIN, subscribe_to_audit(true)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, subscribe_to_audit(false)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, subscribe_to_audit(true)));
}

/*
 * /proc/<pid>/net/ reports the task's network namespace: its sockets with their addresses and
 * UNIX paths, its devices' counters. Its files are the task's, as the task's own entries are,
 * although procfs makes them without task_to_inode: an attacker read another label's sockets,
 * in that label's own network namespace, through them, as "_sysctl" that every task reads.
 */
TEST(proc_net_files_read_only_through_a_rule_to_the_task)
{
	int ready[2], done[2];
	char path[64], c;
	pid_t owner;

	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(done, O_CLOEXEC));
	owner = fork_as("atk_netns", ROOT);
	if (!owner) {
		if (unshare(CLONE_NEWNET) || write(ready[1], "r", 1) != 1 ||
		    read(done[0], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	close(ready[1]);
	close(done[0]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(0, load("atk_reader _ rwx\n"));
	snprintf(path, sizeof(path), "/proc/%d/net/dev", owner);
	EXPECT_EQ(EACCES, ERRNO_AS("atk_reader", ROOT_WITHOUT_MAC_ADMIN, read_only_open(path)));
	snprintf(path, sizeof(path), "/proc/%d/task/%d/net/unix", owner, owner);
	EXPECT_EQ(EACCES, ERRNO_AS("atk_reader", ROOT_WITHOUT_MAC_ADMIN, read_only_open(path)));
	ASSERT_EQ(0, load("atk_reader atk_netns r\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_reader", ROOT_WITHOUT_MAC_ADMIN, read_only_open(path)));
	/* A task's own: /proc/net is /proc/self/net. */
	EXPECT_EQ(0, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open("/proc/net/unix")));
	ASSERT_EQ(1, write(done[1], "d", 1));
	EXPECT_EQ(0, child_status(owner));
	close(ready[0]);
	close(done[1]);
	ASSERT_EQ(0, load("atk_reader _ -\natk_reader atk_netns -\n"));
}

/*
 * The kernel's debugging file systems hold other labels' data in files root reads: debugfs (a
 * GPU's memory, every USB transfer, drivers' state), tracefs (the trace buffers, every task's
 * events once tracing is on). They open for the floor alone, or an override, as a disk does,
 * whatever a rule says: an attacker read them as "_sysctl", which every task reads. tracefs is
 * the debug kernel's.
 */
TEST(debugging_files_open_only_for_an_unconfined_task)
{
	static const struct {
		const char *type, *file;
		int (*try)(const char *path);
	} files[] = {
		{ "debugfs", "fault_around_bytes", read_only_open },
		{ "debugfs", "clear_warn_once", open_for_writing },
		{ "tracefs", "trace", read_only_open },
		{ "tracefs", "tracing_on", open_for_writing },
	};
	char dir[] = "/tmp/attack-debug-XXXXXX", path[96];
	size_t i;

	mount_private(_metadata, dir, "tmpfs", "mode=0755");
	ASSERT_EQ(0, load("atk_control _ rwxa\natk_control _sysctl rw\n"));
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		/* Each file system's two files follow each other: mounted before the first. */
		snprintf(path, sizeof(path), "%s/%s", dir, files[i].type);
		if (!(i % 2) &&
		    (mkdir(path, 0755) || mount(files[i].type, path, files[i].type, 0, NULL))) {
			/* debugfs is in every test kernel (base.config). */
			ASSERT_LT(1, i) TH_LOG("%s: %s", files[i].type, strerror(errno));
			TH_LOG("no %s here: %s", files[i].type, strerror(errno));
			i++;
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s/%s", dir, files[i].type, files[i].file);
		EXPECT_EQ(EACCES,
			  ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, files[i].try(path)))
			TH_LOG("%s", path);
		EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, files[i].try(path)))
			TH_LOG("%s", path);
	}
	ASSERT_EQ(0, load("atk_control _sysctl -\n"));
	for (i = 0; i < ARRAY_SIZE(files); i += 2) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[i].type);
		umount2(path, MNT_DETACH);
	}
	unmount_private(_metadata, dir);
}

/* Write @pid (as text) into the cgroup.procs file @path: 0, or -1 with errno. */
static int move_to_cgroup(const char *path, pid_t pid)
{
	char text[16];
	int fd = open(path, O_WRONLY | O_CLOEXEC), len, rc;

	if (fd < 0)
		return -1;
	len = snprintf(text, sizeof(text), "%d", pid);
	rc = write(fd, text, len) == len ? 0 : -1;
	close(fd);
	return rc;
}

/*
 * Start a child in the cgroup @dir (clone3() with CLONE_INTO_CGROUP), which then exits: 0, or
 * -1 with errno.
 */
static int clone_into_cgroup(const char *dir)
{
	struct clone_args args = { .flags = CLONE_INTO_CGROUP, .exit_signal = SIGCHLD };
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	pid_t child;

	if (fd < 0)
		return -1;
	args.cgroup = fd;
	child = syscall(__NR_clone3, &args, sizeof(args));
	if (!child)
		_exit(0);
	close(fd);
	if (child < 0)
		return -1;
	return child_status(child) ? -1 : 0;
}

/*
 * cgroup2 decides a move between cgroups on the common ancestor's cgroup.procs too, through a
 * new inode of it when no dentry of it is cached (cgroup_may_write()). No dentry labelled that
 * inode: it is decided as its file system's files are, "_sysctl", not as the floor, which a
 * confined root's rule "A _ w" reaches. An attacker moved another label's task into a cgroup it
 * controlled that way, where it is frozen, limited or killed. A child started in a cgroup
 * (clone3()'s CLONE_INTO_CGROUP) is decided the same way. The debug kernel's.
 */
TEST(cgroup_move_decided_on_the_ancestor_as_a_control_file)
{
	char dir[] = "/tmp/attack-cgroup-XXXXXX", sub[96], procs[128];
	pid_t victim;

	mount_private(_metadata, dir, "tmpfs", "mode=0755");
	snprintf(sub, sizeof(sub), "%s/cg", dir);
	ASSERT_EQ(0, mkdir(sub, 0755));
	if (mount("cgroup2", sub, "cgroup2", 0, NULL)) {
		unmount_private(_metadata, dir);
		SKIP(return, "no cgroup2: %s", strerror(errno));
	}
	/*
	 * A cgroup whose cgroup.procs is the attacker's label, as one delegated to it; the
	 * parent's is never looked up.
	 */
	snprintf(sub, sizeof(sub), "%s/cg/atk", dir);
	ASSERT_EQ(0, mkdir(sub, 0755));
	snprintf(procs, sizeof(procs), "%s/cgroup.procs", sub);
	ASSERT_EQ(0, setxattr(procs, XATTR_NAME_LABEL, "atk_cg", 6, 0));
	ASSERT_EQ(0, load("atk_cg _ rwx\n_ atk_cg w\n"));
	victim = fork();
	ASSERT_LE(0, victim);
	if (!victim) {
		pause();
		_exit(0);
	}
	EXPECT_EQ(EACCES,
		  ERRNO_AS("atk_cg", ROOT_WITHOUT_MAC_ADMIN, move_to_cgroup(procs, victim)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, move_to_cgroup(procs, victim)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_cg", ROOT_WITHOUT_MAC_ADMIN, clone_into_cgroup(sub)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, clone_into_cgroup(sub)));
	kill(victim, SIGKILL);
	EXPECT_EQ(victim, waitpid(victim, NULL, 0));
	ASSERT_EQ(0, load("atk_cg _ -\n_ atk_cg -\n"));
	rmdir(sub);
	snprintf(sub, sizeof(sub), "%s/cg", dir);
	umount2(sub, MNT_DETACH);
	unmount_private(_metadata, dir);
}

/*
 * Send the kernel's uevent socket an event for @devpath, of a subsystem no udev rule names: the
 * kernel broadcasts it to udevd as its own (port 0). 0, or -1 with errno.
 */
static int send_uevent(const char *devpath)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct {
		struct nlmsghdr h;
		char data[256];
	} msg = { .h = { .nlmsg_type = NLMSG_MIN_TYPE, .nlmsg_flags = NLM_F_REQUEST } };
	int sock = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	int len, rc;

	if (sock < 0)
		return -1;
	/* The fields, each ended by its NUL. */
	len = snprintf(msg.data, sizeof(msg.data),
		       "change@%s%cACTION=change%cDEVPATH=%s%cSUBSYSTEM=label-attack%c", devpath,
		       0, 0, devpath, 0, 0);
	msg.h.nlmsg_len = NLMSG_LENGTH(len);
	rc = sendto(sock, &msg, msg.h.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof(kernel));
	close(sock);
	return rc < 0 ? -1 : 0;
}

/*
 * A uevent sent to the kernel reaches udevd, which acts on it with every capability, as if the
 * kernel had sent it; a root needs only CAP_SYS_ADMIN for it. It is "_sysctl", as the sysfs
 * uevent files that make the kernel send one.
 */
TEST(uevent_sent_only_through_the_control_files_rule)
{
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", send_uevent,
				      "/devices/virtual/label-attack", 0);
}

#define WRITE_ONLY_FILE "/tmp/attack-write-only"

/* Open @path for writing alone, then FIONREAD through it: 0, or -1 with errno. */
static int ask_what_is_left_through_a_writer(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = ask_what_is_left(fd);
	close(fd);
	return rc;
}

/*
 * An ioctl without a direction may read the file through any descriptor (EXT4_IOC_SWAP_BOOT
 * moves the blocks of one open for writing into the caller's own file): a rule that gives w
 * alone opens the file for writing, and passes no such command through it.
 */
TEST(ioctl_without_a_direction_needs_read)
{
	int fd = open(WRITE_ONLY_FILE, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fchmod(fd, 0666));
	close(fd);
	ASSERT_EQ(0, setxattr(WRITE_ONLY_FILE, XATTR_NAME_LABEL, "atk_wonly", 9, 0));
	ASSERT_EQ(0, load("atk_user atk_wonly w\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_user", NOBODY_USER, open_for_writing(WRITE_ONLY_FILE)));
	ASSERT_LABEL_DENIES("atk_user", NOBODY_USER,
			    ask_what_is_left_through_a_writer(WRITE_ONLY_FILE));
	EXPECT_EQ(0, load("atk_user atk_wonly -\n"));
}

/*
 * fusectl's files act on every FUSE mount, whoever made it: abort ends one, and root needs no
 * more than euid 0 for it. Here a mount with no daemon stands for another's (its connection
 * lasts until /dev/fuse is closed); its abort file is "_sysctl", as the kernel's other control
 * files. Nothing is written. The mount itself must return: a daemon answers nothing before
 * mount(2) has, and label once waited there for the root's security.label (a timeout here).
 */
TEST(fuse_connections_ended_only_through_the_control_files_rule)
{
	char dir[] = "/tmp/attack-fuse-XXXXXX", mnt[64], ctl[64], opts[96], path[384] = "";
	struct dirent *e;
	DIR *conns;
	int fuse;

	mount_private(_metadata, dir, "tmpfs", "mode=0755");
	snprintf(mnt, sizeof(mnt), "%s/mnt", dir);
	snprintf(ctl, sizeof(ctl), "%s/ctl", dir);
	ASSERT_EQ(0, mkdir(mnt, 0755));
	ASSERT_EQ(0, mkdir(ctl, 0755));
	fuse = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fuse);
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fuse);
	ASSERT_EQ(0, mount("atk", mnt, "fuse", 0, opts));
	ASSERT_EQ(0, mount("fusectl", ctl, "fusectl", 0, NULL));
	conns = opendir(ctl);
	ASSERT_NE(NULL, conns);
	while ((e = readdir(conns)))
		if (e->d_name[0] != '.')
			snprintf(path, sizeof(path), "%s/%s/abort", ctl, e->d_name);
	closedir(conns);
	ASSERT_NE(0, path[0]);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", open_for_writing, path,
				      0);
	EXPECT_EQ(0, umount2(ctl, MNT_DETACH));
	EXPECT_EQ(0, umount2(mnt, MNT_DETACH));
	close(fuse);
	unmount_private(_metadata, dir);
}

/*
 * A descriptor of a control file that the floor opened, passed over a UNIX socket (SCM_RIGHTS),
 * is received only with the rule a new open needs (file_receive). One inherited across a label
 * change stays its opener's, as the admin guide's Coverage table says: the floor gave it.
 */
static int control_fd = -1;

/* Receive control_fd over SCM_RIGHTS and close it: 0, or -1 with errno. */
static int receive_control_fd(const char *unused)
{
	int fd = receive_again(control_fd);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

TEST(control_file_descriptor_of_the_floor_received_only_through_the_rule)
{
	control_fd = open("/sys/module/printk/parameters/time", O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, control_fd);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", receive_control_fd,
				      "SCM_RIGHTS", 0);
	close(control_fd);
}

/* Attach to the task of /proc/<pid> @proc_dir and let go: 0, or -1 with errno. */
static int attach(const char *proc_dir)
{
	return ptrace(PTRACE_SEIZE, atoi(proc_dir + strlen("/proc/")), NULL, NULL);
}

/* Open the memory of the task of /proc/<pid> @proc_dir for writing, and close it. */
static int open_mem(const char *proc_dir)
{
	char path[64];

	snprintf(path, sizeof(path), "%s/mem", proc_dir);
	return open_for_writing(path);
}

/* Take a copy of descriptor 0 of the task of /proc/<pid> @proc_dir (pidfd_getfd()). */
static int steal_stdin(const char *proc_dir)
{
	int pidfd = syscall(SYS_pidfd_open, atoi(proc_dir + strlen("/proc/")), 0), fd;

	if (pidfd < 0)
		return -1;
	fd = syscall(SYS_pidfd_getfd, pidfd, 0, 0);
	close(pidfd);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/*
 * A floor task may write the kernel's control files: a labelled root that took one over would
 * write them through it (injecting an open() and a write() into a floor root, as a reviewer did
 * to set kernel.modprobe). Attaching to a floor task, and writing its /proc/<pid>/ files, is
 * decided as access to "_sysctl": a rule to the floor does not reach it, a rule to "_sysctl" does.
 */
TEST(floor_task_taken_over_only_through_the_control_files_rule)
{
	char dir[32], adj[64];
	pid_t floor;

	floor = fork();
	ASSERT_LE(0, floor);
	if (!floor) {
		pause();
		_exit(0);
	}
	snprintf(dir, sizeof(dir), "/proc/%d", floor);
	snprintf(adj, sizeof(adj), "/proc/%d/oom_score_adj", floor);
	only_through_the_control_rule(_metadata, "atk_control _sysctl rw\n", attach, dir, 0);
	only_through_the_control_rule(_metadata, "atk_control _sysctl rw\n", open_for_writing,
				      adj, 0);
	/* The neighbours of attaching: its memory, and its descriptors (EPERM: pidfd_getfd()). */
	only_through_the_control_rule(_metadata, "atk_control _sysctl rw\n", open_mem, dir, 0);
	only_through_the_control_rule(_metadata, "atk_control _sysctl rw\n", steal_stdin, dir,
				      EPERM);
	EXPECT_EQ(0, ERRNO_AS("atk_control", NOBODY_USER, read_sysctl(adj)));
	kill(floor, SIGKILL);
	ASSERT_EQ(floor, waitpid(floor, NULL, 0));
}

/*
 * A pty of a devpts instance of the test's own, mounted on @dir: its master, and the path of
 * its terminal in @path.
 */
static int open_private_pty(struct __test_metadata *_metadata, char *dir, char *path,
			    size_t size)
{
	int master, n, unlock = 0;

	mount_private(_metadata, dir, "devpts", "newinstance,ptmxmode=0666,mode=0666");
	snprintf(path, size, "%s/ptmx", dir);
	master = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (master < 0 || ioctl(master, TIOCSPTLCK, &unlock) || ioctl(master, TIOCGPTN, &n))
		return -1;
	snprintf(path, size, "%s/%d", dir, n);
	return master;
}

/* Open the terminal @path (not as a controlling one) and give it @cmd: 0, or -1 with errno. */
static int terminal_ioctl(const char *path, int flags, unsigned long cmd, const void *arg)
{
	int fd = open(path, flags | O_NOCTTY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = ioctl(fd, cmd, arg);
	close(fd);
	return rc;
}

/* Fake one byte of input on the terminal @path: 0, or -1 with errno. */
static int fake_input(const char *path)
{
	return terminal_ioctl(path, O_RDWR, TIOCSTI, "x");
}

/*
 * A floor terminal's reader, a floor shell, takes faked input (TIOCSTI) as its own, as a reviewer
 * showed by typing a write of kernel.core_pattern into one. Faking input on a floor terminal is
 * decided as writing "_sysctl": a rule to the floor does not reach it, a rule to "_sysctl" does.
 * The terminal is a pty of a devpts instance of the test's own.
 */
TEST(floor_terminal_input_faked_only_through_the_control_files_rule)
{
	char dir[] = "/tmp/attack-pts-XXXXXX", path[64];
	int master;

	master = open_private_pty(_metadata, dir, path, sizeof(path));
	ASSERT_LE(0, master);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", fake_input, path, 0);
	close(master);
	unmount_private(_metadata, dir);
}

/*
 * Label the node @path "*", where every task opens it, as label-rules.service labels /dev/tty:
 * the length of its label before, in @was, or 0 if it had none.
 */
static ssize_t label_star(struct __test_metadata *_metadata, const char *path, char *was,
			  size_t size)
{
	ssize_t len = getxattr(path, XATTR_NAME_LABEL, was, size);

	if (len < 0) {
		ASSERT_EQ(ENODATA, errno);
		len = 0;
	}
	EXPECT_EQ(0, setxattr(path, XATTR_NAME_LABEL, "*", 1, 0));
	return len;
}

static void unlabel_star(struct __test_metadata *_metadata, const char *path, const char *was,
			 ssize_t len)
{
	EXPECT_EQ(0, len ? setxattr(path, XATTR_NAME_LABEL, was, len, 0) :
			   removexattr(path, XATTR_NAME_LABEL));
}

/* In a new session whose controlling terminal is @path: fake input through /dev/tty. */
static int fake_input_through_dev_tty(const char *path)
{
	if (setsid() < 0 || open(path, O_RDWR | O_CLOEXEC) < 0)
		return -1;
	return fake_input("/dev/tty");
}

/*
 * /dev/tty reaches the caller's controlling terminal, which it is not: it is labelled "*" where
 * every task must open its terminal there (label-rules.service labels it so). Faking input
 * through it is decided as on a floor terminal, not as writing "*", which a reviewer used to
 * type into a floor shell that ran the attacker in its foreground.
 */
TEST(terminal_input_through_dev_tty_decided_as_on_a_floor_terminal)
{
	char dir[] = "/tmp/attack-pts-XXXXXX", path[64], was[LABEL_NAME_MAX + 1];
	ssize_t len = label_star(_metadata, "/dev/tty", was, sizeof(was));
	int master;

	master = open_private_pty(_metadata, dir, path, sizeof(path));
	ASSERT_LE(0, master);
	/* An unprivileged task fakes input on its own terminal without CAP_SYS_ADMIN. */
	ASSERT_EQ(0, load("atk_control _ rwxa\natk_control _sysctl -\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_control", NOBODY_USER, fake_input_through_dev_tty(path)));
	EXPECT_EQ(0, ERRNO_AS(NULL, NOBODY_USER, fake_input_through_dev_tty(path)));
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n",
				      fake_input_through_dev_tty, path, 0);
	close(master);
	unmount_private(_metadata, dir);
	unlabel_star(_metadata, "/dev/tty", was, len);
}

/*
 * /dev/console and /dev/tty0 reach the console and the foreground virtual console, floor
 * terminals whatever their nodes' labels: faking input through them is decided as on the floor.
 * Only the refusal is tried: a byte faked there would be the console's next input.
 */
TEST(console_input_faked_only_through_the_control_files_rule)
{
	static const char * const nodes[] = { "/dev/console", "/dev/tty0" };
	char was[LABEL_NAME_MAX + 1];
	ssize_t len;
	size_t i;

	ASSERT_EQ(0, load("atk_control _ rwxa\natk_control _sysctl -\n"));
	for (i = 0; i < ARRAY_SIZE(nodes); i++) {
		if (access(nodes[i], F_OK))
			continue;
		len = label_star(_metadata, nodes[i], was, sizeof(was));
		ASSERT_LABEL_DENIES("atk_control", ROOT_WITHOUT_MAC_ADMIN, fake_input(nodes[i]));
		unlabel_star(_metadata, nodes[i], was, len);
	}
}

/* Set none of @path's modem control lines (TIOCMBIS): 0, or -1 with errno. */
static int modem_control(const char *path)
{
	int bits = 0;

	return terminal_ioctl(path, O_RDWR | O_NONBLOCK, TIOCMBIS, &bits);
}

/*
 * A UART's modem control lines include TIOCM_LOOP, with which it receives what it sends: a
 * write to a floor serial console is then typed into its shell. An attacker did so with "A _
 * rw". Changing them is faking the terminal's input (here with no bit set, to change nothing).
 */
TEST(floor_serial_line_looped_only_through_the_control_files_rule)
{
	if (access("/dev/ttyS0", F_OK))
		SKIP(return, "no serial port");
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", modem_control,
				      "/dev/ttyS0", 0);
}

/* Set the line discipline of the terminal @path to N_TTY: 0, or -1 with errno. */
static int set_line_discipline(const char *path)
{
	int ldisc = N_TTY;

	return terminal_ioctl(path, O_RDWR, TIOCSETD, &ldisc);
}

/* The same on a pty of the caller's own, made through the multiplexer @ptmx. */
/*
 * Make a pty of the private devpts whose ptmx is @ptmx, and send the console's output to it
 * (TIOCCONS), which closing it undoes: 0, or -1 with errno.
 */
static int redirect_console_to_own_pty(const char *ptmx)
{
	int master = open(ptmx, O_RDWR | O_NOCTTY | O_CLOEXEC), fd, unlock = 0, rc;

	if (master < 0 || ioctl(master, TIOCSPTLCK, &unlock))
		return -1;
	fd = ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = ioctl(fd, TIOCCONS);
	close(fd);
	close(master);
	return rc;
}

static int set_own_line_discipline(const char *ptmx)
{
	int master = open(ptmx, O_RDWR | O_NOCTTY | O_CLOEXEC), fd, unlock = 0, ldisc = N_TTY;

	if (master < 0 || ioctl(master, TIOCSPTLCK, &unlock))
		return -1;
	fd = ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
	return fd < 0 ? -1 : ioctl(fd, TIOCSETD, &ldisc);
}

/*
 * A line discipline attaches a driver of the kernel to a terminal: under N_MOUSE a pty became
 * a serio port, a keyboard driver bound to it, and each byte an attacker of "A _ rw" wrote to
 * the master was typed into the console's session. Setting one, even on a terminal of one's
 * own, is decided as writing "_sysctl" (here N_TTY again, to change nothing).
 */
TEST(line_discipline_set_only_through_the_control_files_rule)
{
	char dir[] = "/tmp/attack-pts-XXXXXX", path[64], ptmx[64];
	int master;

	master = open_private_pty(_metadata, dir, path, sizeof(path));
	ASSERT_LE(0, master);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", set_line_discipline,
				      path, 0);
	ASSERT_EQ(0, load("atk_control _sysctl -\n"));
	snprintf(ptmx, sizeof(ptmx), "%s/ptmx", dir);
	EXPECT_EQ(EACCES, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN,
				   set_own_line_discipline(ptmx)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_control", NOBODY_USER, set_own_line_discipline(ptmx)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, set_own_line_discipline(ptmx)));
	close(master);
	unmount_private(_metadata, dir);
}

/*
 * TIOCCONS sends what every task writes to /dev/console to the caller's terminal (with
 * CAP_SYS_ADMIN): pid 1's messages and prompts, services' output, of every label. Asked as a
 * change of the caller's own terminal, it was allowed to any confined root on a pty of its
 * own: only a task label does not confine redirects the console.
 */
TEST(console_output_redirected_only_by_an_unconfined_task)
{
	char dir[] = "/tmp/attack-cons-XXXXXX", ptmx[64];
	int err;

	mount_private(_metadata, dir, "devpts", "newinstance,ptmxmode=0666,mode=0666");
	snprintf(ptmx, sizeof(ptmx), "%s/ptmx", dir);
	EXPECT_EQ(EACCES, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN,
				   redirect_console_to_own_pty(ptmx)));
	/* EBUSY: another terminal holds the redirection already (plymouth takes it). */
	err = ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, redirect_console_to_own_pty(ptmx));
	EXPECT_TRUE(err == 0 || err == EBUSY) TH_LOG("%s", strerror(err));
	unmount_private(_metadata, dir);
}

/*
 * A pty is its creator's, as under Smack: the label of the task that opened ptmx, which devpts
 * instantiates the node for. Another label reads it (the keystrokes of the session on it) or
 * writes it only through a rule to that label: a rule to the floor, which a confined label
 * holds to read the system's files, does not reach it. An attacker showed that it did, with
 * "A _ r" alone, when every pty was "_".
 */
TEST(terminal_read_only_through_a_rule_to_its_creator)
{
	char dir[] = "/tmp/attack-pty-XXXXXX", path[96];
	int made[2], done[2], n = -1;
	pid_t owner;

	mount_private(_metadata, dir, "devpts", "newinstance,ptmxmode=0666,mode=0666");
	ASSERT_EQ(0, pipe2(made, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(done, O_CLOEXEC));
	ASSERT_EQ(0, load("atk_pty _ rwx\natk_reader _ rwx\n"));
	owner = fork_as("atk_pty", NOBODY_USER);
	if (!owner) {
		char ptmx[96];
		int master, unlock = 0, pty = -1;
		char c;

		snprintf(ptmx, sizeof(ptmx), "%s/ptmx", dir);
		master = open(ptmx, O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (master >= 0 && !ioctl(master, TIOCSPTLCK, &unlock))
			ioctl(master, TIOCGPTN, &pty);
		if (write(made[1], &pty, sizeof(pty)) != sizeof(pty) || read(done[0], &c, 1) != 1)
			_exit(1);
		_exit(0);
	}
	close(made[1]);
	close(done[0]);
	ASSERT_EQ(sizeof(n), read(made[0], &n, sizeof(n)));
	ASSERT_LE(0, n);
	snprintf(path, sizeof(path), "%s/%d", dir, n);
	EXPECT_EQ(EACCES, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_reader", ROOT_WITHOUT_MAC_ADMIN, read_only_open(path)));
	EXPECT_EQ(0, ERRNO_AS("atk_pty", NOBODY_USER, read_only_open(path)));
	ASSERT_EQ(0, load("atk_reader atk_pty r\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)));
	ASSERT_EQ(1, write(done[1], "d", 1));
	EXPECT_EQ(0, child_status(owner));
	close(made[0]);
	close(done[1]);
	ASSERT_EQ(0, load("atk_pty _ -\natk_reader _ -\natk_reader atk_pty -\n"));
	unmount_private(_metadata, dir);
}

/*
 * Open the terminal @path as a new session's controlling one, with @flags, then take @label:
 * what the child of a floor sshd or login does for a session. Then write to the terminal
 * through that first descriptor, if it may, report to @ready and wait on @done. Exits 0, or 1
 * if a step failed.
 */
static void lead_a_session(const char *path, int flags, const char *label, int ready, int done)
{
	int tty;
	char c;

	if (setsid() < 0)
		_exit(1);
	tty = open(path, flags | O_CLOEXEC);
	if (tty < 0 || set_label(label))
		_exit(1);
	if ((flags & O_ACCMODE) != O_RDONLY && write(tty, "s", 1) != 1)
		_exit(1);
	if (write(ready, "r", 1) != 1 || read(done, &c, 1) != 1)
		_exit(1);
	_exit(0);
}

/*
 * A pty that a floor task made for a session (sshd, login, a terminal run as "_") takes the
 * label its session leader takes, so that another label reads the session's keystrokes only
 * through a rule to it. An attacker read such a session's terminal with "A _ r" alone: the pty
 * stayed the floor's, its maker's. The session keeps writing through the descriptor the floor
 * opened for it; a task that made a floor pty its terminal by reading it does not take it.
 */
TEST(session_terminal_takes_its_leaders_label)
{
	char dir[] = "/tmp/attack-session-XXXXXX", path[64], c;
	int master, ready[2], done[2];
	pid_t leader;

	master = open_private_pty(_metadata, dir, path, sizeof(path));
	ASSERT_LE(0, master);
	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(done, O_CLOEXEC));
	ASSERT_EQ(0, load("atk_reader _ rwx\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)));

	/* A confined root makes the idle floor pty its terminal, read-only, and changes label. */
	leader = fork_as("atk_taker", ROOT);
	if (!leader)
		lead_a_session(path, O_RDONLY, "atk_taken", ready[1], done[0]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	EXPECT_EQ(0, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)));
	ASSERT_EQ(1, write(done[1], "d", 1));
	EXPECT_EQ(0, child_status(leader));

	leader = fork();
	ASSERT_LE(0, leader);
	if (!leader)
		lead_a_session(path, O_RDWR, "atk_session", ready[1], done[0]);
	close(ready[1]);
	close(done[0]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)));
	ASSERT_EQ(0, load("atk_reader atk_session r\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)));
	ASSERT_EQ(1, write(done[1], "d", 1));
	EXPECT_EQ(0, child_status(leader));
	close(ready[0]);
	close(done[1]);
	close(master);
	ASSERT_EQ(0, load("atk_reader _ -\natk_reader atk_session -\n"));
	unmount_private(_metadata, dir);
}

/* How a session leader changes its label, in the case below. */
enum label_change { BY_EXEC, BY_RELABEL_SELF, BY_SET_SELF_ATTR };

/*
 * As lead_a_session(), for a floor root that opens the terminal @path for reading and writing
 * and changes its label by @how: an exec transition into the program @transit (the descriptor
 * is inherited, as a shell's standard input is), or a relabel-self change, through the task
 * attribute or lsm_set_self_attr(), after dropping its privileges. Exits 0, or not if a step
 * failed.
 */
static void change_a_sessions_label(const char *path, enum label_change how,
				    const char *transit, int ready, int done)
{
	int tty;
	char c;

	if (setsid() < 0 || dup2(ready, 3) != 3 || dup2(done, 4) != 4)
		_exit(SETUP_FAILED);
	tty = open(path, O_RDWR);
	if (tty < 0 || dup2(tty, 5) != 5)
		_exit(SETUP_FAILED);
	if (how == BY_EXEC) {
		execl(transit, "sh", "-c", "echo s >&5 && echo r >&3 && read c <&4", (char *)NULL);
		_exit(SETUP_FAILED);
	}
	if (write_str(RELABEL_SELF, "atk_follower") != 12 || drop_to_nobody())
		_exit(SETUP_FAILED);
	if (how == BY_SET_SELF_ATTR ? set_self_attr_label("atk_follower") :
	    write_str(SELF_LABEL, "atk_follower") != 12)
		_exit(SETUP_FAILED);
	if (write(5, "s", 1) != 1 || write(3, "r", 1) != 1 || read(4, &c, 1) != 1)
		_exit(SETUP_FAILED);
	_exit(0);
}

/*
 * Every way a session leader changes its label gives its floor pty the new label: the exec
 * transition of the session's shell, and relabel-self through either interface, not only the
 * administrator's write of the attribute that session_terminal_takes_its_leaders_label tries.
 * The session still writes through the descriptor the floor opened.
 */
TEST(session_terminal_follows_every_change_of_its_leaders_label)
{
	static const char *const ways[] = { "exec", "relabel-self", "lsm_set_self_attr" };
	char dir[] = "/tmp/attack-follow-XXXXXX", path[64], c;
	const char *transit = "/tmp/attack-follow-transit";
	int master, ready[2], done[2];
	enum label_change how;
	pid_t leader;

	copy_busybox(_metadata, transit, NULL);
	ASSERT_EQ(0, setxattr(transit, XATTR_NAME_LABELEXEC, "atk_follower", 12, 0));
	ASSERT_EQ(0, trust("/tmp"));
	ASSERT_EQ(0, load("atk_reader _ rwx\n"));
	for (how = BY_EXEC; how <= BY_SET_SELF_ATTR; how++) {
		snprintf(dir, sizeof(dir), "/tmp/attack-follow-XXXXXX");
		master = open_private_pty(_metadata, dir, path, sizeof(path));
		ASSERT_LE(0, master);
		ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(done, O_CLOEXEC));
		leader = fork();
		ASSERT_LE(0, leader);
		if (!leader)
			change_a_sessions_label(path, how, transit, ready[1], done[0]);
		close(ready[1]);
		close(done[0]);
		ASSERT_EQ(1, read(ready[0], &c, 1)) TH_LOG("%s", ways[how]);
		EXPECT_EQ(EACCES, ERRNO_AS("atk_reader", NOBODY_USER, read_only_open(path)))
			TH_LOG("%s", ways[how]);
		ASSERT_EQ(2, write(done[1], "d\n", 2));
		EXPECT_EQ(0, child_status(leader)) TH_LOG("%s", ways[how]);
		close(ready[0]);
		close(done[1]);
		close(master);
		unmount_private(_metadata, dir);
	}
	ASSERT_EQ(0, load("atk_reader _ -\n"));
}

/* Start a session and take the terminal @tty from the session it controls: 0, or -1 with errno. */
static int steal_terminal(int tty)
{
	if (setsid() < 0)
		return -1;
	return ioctl(tty, TIOCSCTTY, 1);
}

/*
 * Taking a terminal from the session it controls (TIOCSCTTY with CAP_SYS_ADMIN) makes the
 * thief's session its reader, and the terminal the thief's label when it changes label
 * (session_terminal_follows()), after which it types into the terminal freely: decided as
 * faking the terminal's input. An attacker with "A _ w" that inherited a floor descriptor of
 * an administrator's terminal stole it, relabelled itself, and typed into the floor shell.
 */
TEST(terminal_stolen_only_through_the_control_files_rule)
{
	char dir[] = "/tmp/attack-steal-XXXXXX", path[64], c;
	int master, tty, ready[2], done[2];
	pid_t leader;

	master = open_private_pty(_metadata, dir, path, sizeof(path));
	ASSERT_LE(0, master);
	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(done, O_CLOEXEC));
	leader = fork();
	ASSERT_LE(0, leader);
	if (!leader) {
		if (setsid() < 0 || open(path, O_RDWR) < 0 || write(ready[1], "r", 1) != 1 ||
		    read(done[0], &c, 1) != 1)
			_exit(SETUP_FAILED);
		_exit(0);
	}
	ASSERT_EQ(1, read(ready[0], &c, 1));
	tty = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
	ASSERT_LE(0, tty);
	ASSERT_EQ(0, load("atk_thief _ w\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_thief", ROOT_WITHOUT_MAC_ADMIN, steal_terminal(tty)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, steal_terminal(tty)));
	ASSERT_EQ(1, write(done[1], "d", 1));
	EXPECT_EQ(0, child_status(leader));
	ASSERT_EQ(0, load("atk_thief _ -\n"));
	close(tty);
	close(master);
	close(ready[0]);
	close(ready[1]);
	close(done[0]);
	close(done[1]);
	unmount_private(_metadata, dir);
}

/*
 * Set function key F1's string to what it is (KDGKBSENT, then KDSKBSENT) through a read-only
 * descriptor of the virtual terminal @path: 0, or -1 with errno.
 */
static int rewrite_function_key(const char *path)
{
	struct kbsentry entry = { .kb_func = 0 };
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC), rc = -1;

	if (fd < 0)
		return -1;
	if (!ioctl(fd, KDGKBSENT, &entry))
		rc = ioctl(fd, KDSKBSENT, &entry);
	close(fd);
	return rc;
}

/*
 * A new keymap types into whatever reads the console (a floor shell) when the next key is
 * pressed, as faked input does: changing it (CAP_SYS_TTY_CONFIG, any descriptor of a virtual
 * terminal) is decided as faking input on the terminal, writing "_sysctl" for a floor one.
 */
TEST(console_keymap_changed_only_through_the_control_files_rule)
{
	if (access("/dev/tty1", R_OK))
		SKIP(return, "no virtual terminal");
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", rewrite_function_key,
				      "/dev/tty1", 0);
}

/* Switch to the first virtual console, which shows already, through a read-only @path. */
static int switch_console(const char *path)
{
	return terminal_ioctl(path, O_RDONLY, VT_ACTIVATE, (void *)1);
}

/*
 * What takes over the console (its font and glyph maps, which change what every console's text
 * reads as, the keyboard's mode, which console shows: CAP_SYS_TTY_CONFIG, any descriptor) is
 * decided as faking its input: through a rule to "_sysctl" for a floor console, whichever node
 * names it (/dev/tty0 and /dev/tty too). An attacker remapped what a floor console showed
 * through a read-only descriptor, and a rule to the floor's node would have let it through
 * /dev/tty, whose node is "*".
 */
TEST(console_taken_over_only_through_the_control_files_rule)
{
	if (access("/dev/tty1", R_OK))
		SKIP(return, "no virtual terminal");
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", switch_console,
				      "/dev/tty1", 0);
	only_through_the_control_rule(_metadata, "atk_control _sysctl w\n", switch_console,
				      "/dev/tty0", 0);
}

/* Set the terminal @path's settings to what they are, through a read-only descriptor. */
static int rewrite_terminal_settings(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC), rc = -1;
	struct termios settings;

	if (fd < 0)
		return -1;
	if (!tcgetattr(fd, &settings))
		rc = tcsetattr(fd, TCSANOW, &settings);
	close(fd);
	return rc;
}

/* Hang up the terminal @path through a read-only descriptor: SIGHUP to its session. */
static int hang_up(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = ioctl(fd, TIOCVHANGUP);
	close(fd);
	return rc;
}

/*
 * Changing another label's terminal needs w, as writing to it does: its settings (echo off) and
 * a hangup (CAP_SYS_ADMIN), through ioctls numbered without a direction, which a read-only
 * descriptor reached. The terminal is a pty of a devpts instance of the test's own, "_".
 */
TEST(terminal_changed_only_with_write)
{
	char dir[] = "/tmp/attack-pts-XXXXXX", path[64];
	int master;

	master = open_private_pty(_metadata, dir, path, sizeof(path));
	ASSERT_LE(0, master);
	ASSERT_EQ(0, load("atk_term _ r\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_term", NOBODY_USER, rewrite_terminal_settings(path)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_term", ROOT_WITHOUT_MAC_ADMIN,
				   rewrite_terminal_settings(path)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_term", ROOT_WITHOUT_MAC_ADMIN, hang_up(path)));
	ASSERT_EQ(0, load("atk_term _ rw\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_term", NOBODY_USER, rewrite_terminal_settings(path)));
	EXPECT_EQ(0, ERRNO_AS("atk_term", ROOT_WITHOUT_MAC_ADMIN, rewrite_terminal_settings(path)));
	EXPECT_EQ(0, ERRNO_AS("atk_term", ROOT_WITHOUT_MAC_ADMIN, hang_up(path)));
	close(master);
	unmount_private(_metadata, dir);
}

#define KEY_SPEC_SESSION_KEYRING -3
#define KEYCTL_GET_KEYRING_ID 0
#define KEYCTL_JOIN_SESSION_KEYRING 1
#define KEYCTL_SESSION_TO_PARENT 18

static long session_keyring(void)
{
	return syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_SESSION_KEYRING, 1);
}

/*
 * In a parent: a child that moves to atk_child joins a new session keyring and gives it to the
 * parent. The parent exits with the child's errno if its keyring stayed, 0 if it became the
 * child's.
 */
static void give_parent_a_session(void)
{
	long before = session_keyring();
	int status;
	pid_t child;

	child = fork();
	if (!child) {
		if (set_label("atk_child") ||
		    syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) < 0)
			_exit(SETUP_FAILED);
		_exit(syscall(SYS_keyctl, KEYCTL_SESSION_TO_PARENT) ? errno : 0);
	}
	/* The replacement is applied as the parent returns from waitpid(). */
	if (before < 0 || child < 0 || waitpid(child, &status, 0) != child ||
	    !WIFEXITED(status))
		_exit(SETUP_FAILED);
	if ((session_keyring() == before) != !!WEXITSTATUS(status))
		_exit(SETUP_FAILED);
	_exit(WEXITSTATUS(status));
}

/*
 * KEYCTL_SESSION_TO_PARENT changes the parent's credentials: the parent then searches the
 * child's keyring for every key. It needs w from the child's label to the parent's, as a
 * signal does (the series' key_session_to_parent hook).
 */
TEST(session_keyring_to_parent_needs_write)
{
	pid_t parent;
	int rule;

	for (rule = 0; rule < 2; rule++) {
		ASSERT_EQ(0, load(rule ? "atk_child atk_parent w\n" : "atk_child atk_parent -\n"));
		parent = fork_as("atk_parent", ROOT);
		if (!parent)
			give_parent_a_session();
		EXPECT_EQ(rule ? 0 : EACCES, child_status(parent)) TH_LOG("rule: %d", rule);
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

/* @cmd through a read-only descriptor of @path (with an argument of zeroes): 0, or -1. */
static int ioctl_read_only(const char *path, unsigned long cmd)
{
	char arg[128] = {};
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = ioctl(fd, cmd, arg);
	if (rc < 0)
		rc = -errno;
	close(fd);
	errno = -rc;
	return rc < 0 ? -1 : 0;
}

/*
 * Commands that act on files other than the descriptor's, or on the whole file system, reach
 * every label's files as the disk does: only an unconfined task passes them. On ext4:
 * EXT4_IOC_MOVE_EXT (another descriptor's blocks) and EXT4_IOC_SWAP_BOOT (the boot loader's
 * inode), through a read-only descriptor of "/", which ext4 then refuses (EBADF): nothing moves.
 * The root file system is ext4 in the Debian boot.
 */
TEST(file_system_commands_decided_as_the_disk)
{
	static const unsigned long commands[] = { EXT4_IOC_MOVE_EXT, EXT4_IOC_SWAP_BOOT };
	struct statfs st;
	size_t i;

	ASSERT_EQ(0, statfs("/", &st));
	if (st.f_type != EXT4_SUPER_MAGIC)
		SKIP(return, "the root file system is not ext4");
	ASSERT_EQ(0, load("atk_fs _ rwx\n"));
	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		EXPECT_EQ(EACCES, ERRNO_AS("atk_fs", NOBODY_USER,
					   ioctl_read_only("/", commands[i])));
		EXPECT_EQ(EACCES, ERRNO_AS("atk_fs", ROOT_WITHOUT_MAC_ADMIN,
					   ioctl_read_only("/", commands[i])));
		EXPECT_EQ(EBADF, ERRNO_AS(NULL, ROOT, ioctl_read_only("/", commands[i])));
	}
}

/*
 * A character device that passes a disk's own commands reaches every label's files: SG_IO and
 * NVMe's passthrough commands are decided as the disk on any descriptor (/dev/null stands for
 * a bsg or NVMe node here, decided before its driver refuses them), but through a node an
 * administrator labelled, as that label; and the nodes of SCSI generic (/dev/sg0, 21:0), USB
 * devices (/dev/bus/usb/001/001, 189:0) and device-mapper's control (10:236) open as the disk
 * does, even with a rule to "_". No driver answers them here: the floor's open fails after
 * label.
 */
TEST(disk_commands_through_character_devices_decided_as_the_disk)
{
	static const unsigned long commands[] = {
		SG_IO, NVME_IOCTL_ADMIN_CMD, NVME_IOCTL_IO_CMD, NVME_IOCTL_SUBMIT_IO,
		NVME_IOCTL_ADMIN64_CMD, NVME_IOCTL_IO64_CMD,
	};
	const dev_t doors[] = { makedev(21, 0), makedev(189, 0), makedev(10, 236) };
	const char *node = "/dev/attack-disk-door", *given = "/dev/attack-given";
	size_t i;

	ASSERT_EQ(0, load("atk_raw _ rwx\n"));
	removexattr(given, XATTR_NAME_LABEL);
	unlink(given);
	ASSERT_EQ(0, mknod(given, S_IFCHR | 0666, makedev(1, 3)));
	ASSERT_EQ(0, setxattr(given, XATTR_NAME_LABEL, "atk_given", 9, 0));
	ASSERT_EQ(0, load("atk_raw atk_given r\n"));
	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", NOBODY_USER,
					   ioctl_read_only("/dev/null", commands[i])));
		EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN,
					   ioctl_read_only("/dev/null", commands[i])));
		EXPECT_EQ(ENOTTY, ERRNO_AS(NULL, ROOT, ioctl_read_only("/dev/null", commands[i])));
		EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN,
					   ioctl_read_only(given, commands[i])));
	}
	ASSERT_EQ(0, load("atk_raw atk_given rw\n"));
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		EXPECT_EQ(ENOTTY, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN,
					   ioctl_read_only(given, commands[i])));
	/* Labelled, the node is no longer the floor's to remove. */
	EXPECT_EQ(0, removexattr(given, XATTR_NAME_LABEL));
	EXPECT_EQ(0, unlink(given));
	for (i = 0; i < ARRAY_SIZE(doors); i++) {
		unlink(node);
		ASSERT_EQ(0, mknod(node, S_IFCHR | 0600, doors[i]));
		EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(node, O_RDONLY)))
			TH_LOG("door %zu", i);
		EXPECT_NE(EACCES, ERRNO_AS(NULL, ROOT, open(node, O_RDONLY)));
		EXPECT_EQ(0, unlink(node));
	}
}

/* A fanotify group with a mark of kind @how on @path: 0, or -1 with errno. */
static int fanotify_mark_on(unsigned int how, const char *path)
{
	int group = fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC, O_RDONLY), rc;

	if (group < 0)
		return -1;
	rc = fanotify_mark(group, FAN_MARK_ADD | how, FAN_OPEN | FAN_CLOSE_WRITE, AT_FDCWD, path);
	if (rc)
		rc = -errno;
	close(group);
	errno = -rc;
	return rc ? -1 : 0;
}

/* An inotify watch on @path: 0, or -1 with errno. */
static int inotify_watch(const char *path)
{
	int fd = inotify_init1(IN_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = inotify_add_watch(fd, path, IN_OPEN | IN_MODIFY) < 0 ? -errno : 0;
	close(fd);
	errno = -rc;
	return rc ? -1 : 0;
}

#define WATCHED_DIR "/tmp/attack-watched"

/*
 * A watch reads what it reports. A fanotify mark on a mount or a whole file system reports
 * every label's files below it: only an unconfined task places one, though the path marked is
 * "_". A watch on one inode (inotify, a fanotify inode mark) needs r to it; so does dnotify
 * (F_NOTIFY), through a descriptor of the directory that the floor opened and the watcher
 * inherited.
 */
TEST(watches_decided_as_reading_what_they_report)
{
	static const unsigned int whole[] = { FAN_MARK_FILESYSTEM, FAN_MARK_MOUNT };
	pid_t pid;
	size_t i;
	int dir;

	for (i = 0; i < ARRAY_SIZE(whole); i++) {
		EXPECT_EQ(EACCES, ERRNO_AS("atk_watch", ROOT_WITHOUT_MAC_ADMIN,
					   fanotify_mark_on(whole[i], "/")));
		EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, fanotify_mark_on(whole[i], "/")));
	}
	EXPECT_EQ(0, ERRNO_AS("atk_watch", ROOT_WITHOUT_MAC_ADMIN,
			      fanotify_mark_on(FAN_MARK_INODE, "/")));

	removexattr(WATCHED_DIR, XATTR_NAME_LABEL);
	rmdir(WATCHED_DIR);
	ASSERT_EQ(0, mkdir(WATCHED_DIR, 0777));
	/* Opened before it is labelled: the floor may not read it afterwards. */
	dir = open(WATCHED_DIR, O_RDONLY | O_DIRECTORY);
	ASSERT_LE(0, dir);
	ASSERT_EQ(0, setxattr(WATCHED_DIR, XATTR_NAME_LABEL, "atk_watched", 11, 0));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_watch", NOBODY_USER, inotify_watch(WATCHED_DIR)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_watch", ROOT_WITHOUT_MAC_ADMIN,
				   fanotify_mark_on(FAN_MARK_INODE, WATCHED_DIR)));
	pid = fork_as("atk_watch", NOBODY_USER);
	if (!pid)
		_exit(fcntl(dir, F_NOTIFY, DN_CREATE) ? errno : 0);
	EXPECT_EQ(EACCES, child_status(pid));
	ASSERT_EQ(0, load("atk_watch atk_watched r\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_watch", NOBODY_USER, inotify_watch(WATCHED_DIR)));
	pid = fork_as("atk_watch", NOBODY_USER);
	if (!pid)
		_exit(fcntl(dir, F_NOTIFY, DN_CREATE) ? errno : 0);
	EXPECT_EQ(0, child_status(pid));
	close(dir);
	ASSERT_EQ(0, load("atk_watch atk_watched -\n"));
	EXPECT_EQ(0, removexattr(WATCHED_DIR, XATTR_NAME_LABEL));
	EXPECT_EQ(0, rmdir(WATCHED_DIR));
}

/*
 * A fanotify mark for a permission event on @path (FAN_OPEN_PERM, and each entry's of a
 * directory): 0, or -1 with errno.
 */
static int fanotify_permission_mark(const char *path)
{
	int group = fanotify_init(FAN_CLASS_CONTENT | FAN_CLOEXEC, O_RDONLY), rc;

	if (group < 0)
		return -1;
	rc = fanotify_mark(group, FAN_MARK_ADD, FAN_OPEN_PERM | FAN_EVENT_ON_CHILD, AT_FDCWD, path);
	if (rc)
		rc = -errno;
	close(group);
	errno = -rc;
	return rc ? -1 : 0;
}

/*
 * A permission event's listener decides other tasks' opens of the file, or of every entry of a
 * directory, whatever their labels, and learns of each: only an unconfined task places a mark
 * for one, even on a "_" directory its label reads. An attacker blocked and refused, at will,
 * each open that another label's task made in /tmp.
 */
TEST(permission_events_only_for_an_unconfined_task)
{
	EXPECT_EQ(EACCES, ERRNO_AS("atk_watch", ROOT_WITHOUT_MAC_ADMIN,
				   fanotify_permission_mark("/tmp")));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, fanotify_permission_mark("/tmp")));
}

/*
 * request_key() with callout information runs /sbin/request-key as the floor with every
 * capability, on the caller's arguments: only an unconfined task starts it. Without the program
 * (this VM), the floor's request fails for want of it.
 */
TEST(key_request_upcall_only_for_an_unconfined_task)
{
	long upcall = SYS_request_key;

	EXPECT_EQ(EACCES, ERRNO_AS("atk_key", ROOT_WITHOUT_MAC_ADMIN,
				   syscall(upcall, "user", "atk:upcall", "callout",
					   KEY_SPEC_PROCESS_KEYRING)));
	ASSERT_LABEL_DENIES("atk_key", NOBODY_USER,
			    syscall(upcall, "user", "atk:upcall-nobody", "callout",
				    KEY_SPEC_PROCESS_KEYRING));
	EXPECT_NE(EACCES, ERRNO_AS(NULL, ROOT,
				   syscall(upcall, "user", "atk:upcall-floor", "callout",
					   KEY_SPEC_PROCESS_KEYRING)));
}

/* A child of "_" that holds @disk open for reading until its stdin closes: its pid. */
static pid_t hold_open(const char *disk, int *fd, int *release)
{
	int go[2];
	pid_t pid;
	char c;

	if (pipe2(go, O_CLOEXEC))
		return -1;
	*fd = open(disk, O_RDONLY | O_CLOEXEC);
	pid = fork();
	if (!pid) {
		close(go[1]);
		_exit(read(go[0], &c, 1) < 0 ? SETUP_FAILED : 0);
	}
	close(go[0]);
	close(*fd);
	*release = go[1];
	return *fd < 0 ? -1 : pid;
}

/* Flush the buffers of the disk control_fd opens, received over SCM_RIGHTS (BLKFLSBUF). */
static int flush_received_disk(void)
{
	int fd = receive_again(control_fd);

	return fd < 0 ? -1 : ioctl(fd, BLKFLSBUF, 0);
}

/*
 * A block device holds the files of every label, and their labels: its node, "_" until an
 * administrator labels it, is not a file of the floor, which every task reads. A root of
 * atk_raw with every access to "_" opens the disk for nothing (reading, or ioctls alone), by
 * its path or through /proc/<pid>/fd/ of a task of "_" that has it open, nor receives it from
 * one over SCM_RIGHTS; "^" reads it, and neither writes it nor flushes one it received, "_"
 * writes it, and a node the administrator labelled follows its rule.
 */
#define SWAP_DIR "/tmp/attack-swap"
#define SWAP_FILE SWAP_DIR "/swap"

/*
 * SWAP_FILE, a swap area of 16 pages on the VM's blank 1 MiB scratch disk made an ext2 file
 * system and mounted on SWAP_DIR: 0, or -1 without such a disk, mke2fs or a written file.
 */
static int make_swap_file(void)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned long long size = 0;
	int fd = open("/dev/vda", O_RDONLY | O_CLOEXEC), i, rc = -1;
	char *buf = calloc(1, page);
	__u32 *header = (__u32 *)(buf + 1024);

	if (fd < 0 || !buf || ioctl(fd, BLKGETSIZE64, &size) || size != 1 << 20 ||
	    system("mke2fs -F /dev/vda >/dev/null 2>&1") || mkdir(SWAP_DIR, 0755) ||
	    mount("/dev/vda", SWAP_DIR, "ext4", 0, NULL))
		goto out;
	close(fd);
	fd = open(SWAP_FILE, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	/* mkswap's header: version 1, the last page, the signature at the page's end. */
	header[0] = 1;
	header[1] = 15;
	memcpy(buf + page - 10, "SWAPSPACE2", 10);
	for (i = 0; fd >= 0 && i < 16 && write(fd, buf, page) == page; i++)
		memset(buf, 0, page);
	rc = i == 16 && !fsync(fd) ? 0 : -1;
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	return rc;
}

/*
 * A swap area holds every label's memory as a disk holds every label's files: while it is in
 * use, a swap file opens only as a block device of the floor does (label_storage), whatever
 * its own label ("_", for an administrator's, which every task reads).
 */
TEST(swap_file_opened_only_by_an_unconfined_task)
{
	int rc = make_swap_file();

	if (rc || swapon(SWAP_FILE, 0)) {
		umount2(SWAP_DIR, MNT_DETACH);
		rmdir(SWAP_DIR);
		SKIP(return, "no 1 MiB scratch disk at /dev/vda, mke2fs, or swap");
	}
	ASSERT_EQ(0, load("atk_raw _ rwx\n"));
	ASSERT_LABEL_DENIES("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(SWAP_FILE, O_RDONLY));
	EXPECT_EQ(0, ERRNO_AS("^", ROOT_WITHOUT_MAC_ADMIN, open(SWAP_FILE, O_RDONLY)));
	EXPECT_EQ(0, swapoff(SWAP_FILE));
	EXPECT_EQ(0, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(SWAP_FILE, O_RDONLY)));
	EXPECT_EQ(0, umount(SWAP_DIR));
	EXPECT_EQ(0, rmdir(SWAP_DIR));
}

static int open_swap_file(void)
{
	return open(SWAP_FILE, O_RDONLY | O_CLOEXEC);
}

static int read_a_byte(int fd)
{
	char c;

	return pread(fd, &c, 1, 0) == 1 ? 0 : -1;
}

static int start_swapping(void)
{
	return swapon(SWAP_FILE, 0);
}

#define ECRYPTFS_SIG "0123456789abcdef"
#define ECRYPTFS_CIPHER "ecryptfs_cipher=aes,ecryptfs_key_bytes=16,ecryptfs_passthrough"

/* Mount eCryptfs over @dir, the passphrase of ECRYPTFS_SIG's token: 0, or -1. */
static int mount_ecryptfs(const char *dir)
{
	return mount(dir, dir, "ecryptfs", 0, "ecryptfs_sig=" ECRYPTFS_SIG "," ECRYPTFS_CIPHER);
}

/*
 * eCryptfs opens a file it stacks on with its kernel thread's credentials, the floor's, when
 * its caller may not open it for writing, and reads and writes it through that descriptor:
 * mounted by a confined root over /proc/sys/kernel, it wrote core_pattern through a fanotify
 * event's descriptor. Only an unconfined task mounts it (the floor here, first); a confined
 * root still mounts a tmpfs there. The debug kernel has eCryptfs.
 */
TEST(ecryptfs_mounted_only_by_an_unconfined_task)
{
	/* struct ecryptfs_auth_tok: version 0.4, a passphrase's type (0), the rest unused. */
	unsigned char token[1024] = { 0x04, 0x00, 0x00, 0x00 };
	char dir[] = "/tmp/attack-ecryptfs-XXXXXX";

	ASSERT_NE(NULL, mkdtemp(dir));
	ASSERT_LE(0, syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL));
	ASSERT_LE(0, syscall(SYS_add_key, "user", ECRYPTFS_SIG, token, sizeof(token),
			     KEY_SPEC_SESSION_KEYRING));
	if (mount_ecryptfs(dir)) {
		rmdir(dir);
		ASSERT_EQ(ENODEV, errno);
		SKIP(return, "no eCryptfs");
	}
	ASSERT_EQ(0, umount(dir));
	ASSERT_EQ(0, load("atk_control _ rwxa\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN,
			      mount("tmpfs", dir, "tmpfs", 0, NULL) ?: umount(dir)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, mount_ecryptfs(dir)));
	umount2(dir, MNT_DETACH);
	rmdir(dir);
	ASSERT_EQ(0, load("atk_control _ -\n"));
}

/* Mount the VM's share of the host (vm.sh's "wbshare") on @dir: 0, or -1. */
static int mount_share(const char *dir)
{
	return mount("wbshare", dir, "9p", MS_RDONLY, "trans=virtio,version=9p2000.L");
}

/*
 * A share of the host, carried by a virtual machine's device as a disk is, has files of every
 * label: a confined root's mount of one would make them all its own. Decided as a disk's
 * first mount; the floor mounts it (here first). The debug kernel has 9p over virtio.
 */
TEST(host_share_mounted_only_by_an_unconfined_task)
{
	char dir[] = "/tmp/attack-share-XXXXXX";

	ASSERT_NE(NULL, mkdtemp(dir));
	if (mount_share(dir)) {
		rmdir(dir);
		ASSERT_TRUE(errno == ENODEV || errno == ENOENT) TH_LOG("%s", strerror(errno));
		SKIP(return, "no 9p share: %s", strerror(errno));
	}
	ASSERT_EQ(0, umount(dir));
	ASSERT_EQ(0, load("atk_control _ rwxa\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_control", ROOT_WITHOUT_MAC_ADMIN, mount_share(dir)));
	umount2(dir, MNT_DETACH);
	rmdir(dir);
	ASSERT_EQ(0, load("atk_control _ -\n"));
}

#define LOOP_BACKING "/tmp/attack-loop-backing"

/* Make the loop device @dev a loop over LOOP_BACKING opened to append: 0, or -1 with errno. */
static int set_loop_to_append(const char *dev)
{
	int file = open(LOOP_BACKING, O_WRONLY | O_APPEND | O_CLOEXEC);
	int loop = open(dev, O_RDWR | O_CLOEXEC);

	return file < 0 || loop < 0 ? -1 : ioctl(loop, LOOP_SET_FD, file);
}

/*
 * A loop device reads and writes its backing file directly, whatever the descriptor that
 * named it allows: one opened to append, with an "a" rule alone, would write the file
 * anywhere and read it. Setting a loop device's backing file is decided as the disk, on a
 * loop node an administrator gave the task too. The debug kernel has loop devices.
 */
TEST(loop_backing_file_set_only_by_an_unconfined_task)
{
	int fd;

	if (access("/dev/loop1", F_OK))
		SKIP(return, "no /dev/loop1");
	fd = open(LOOP_BACKING, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ftruncate(fd, 4096));
	close(fd);
	/* The floor's, on /dev/loop1, while the file is "_". */
	EXPECT_EQ(0, set_loop_to_append("/dev/loop1"));
	fd = open("/dev/loop1", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ioctl(fd, LOOP_CLR_FD, 0));
	close(fd);
	ASSERT_EQ(0, setxattr(LOOP_BACKING, XATTR_NAME_LABEL, "atk_revoked", 11, 0));
	ASSERT_EQ(0, setxattr("/dev/loop0", XATTR_NAME_LABEL, "atk_disk", 8, 0));
	ASSERT_EQ(0, load("atk_user atk_disk rw\natk_user atk_revoked a\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_user", ROOT_WITHOUT_MAC_ADMIN,
				   set_loop_to_append("/dev/loop0")));
	ASSERT_EQ(0, removexattr("/dev/loop0", XATTR_NAME_LABEL));
	/* Free it again, should the refused command have set it. */
	fd = open("/dev/loop0", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ioctl(fd, LOOP_CLR_FD, 0);
	close(fd);
	ASSERT_EQ(0, load("atk_user atk_disk -\natk_user atk_revoked -\n"));
}

/*
 * A descriptor of the file, opened before it became swap, reads and maps nothing while it is,
 * whoever holds it: read(), sendfile() and mmap() decide again (file_permission, mmap_file)
 * on what the file is now.
 */
TEST(swap_file_held_from_before_swapon_unused_while_swapping)
{
	const struct revocable_use uses[] = {
		{ "read", open_swap_file, read_a_byte },
		{ "sendfile", open_swap_file, send_to_a_pipe },
		{ "mmap for reading", open_swap_file, map_for_reading },
	};
	const enum who whos[] = { NOBODY_USER, ROOT_WITHOUT_MAC_ADMIN };
	size_t i;

	if (make_swap_file() || chmod(SWAP_FILE, 0644)) {
		umount2(SWAP_DIR, MNT_DETACH);
		rmdir(SWAP_DIR);
		SKIP(return, "no 1 MiB scratch disk at /dev/vda, or mke2fs");
	}
	ASSERT_EQ(0, load("atk_raw _ rwx\n"));
	for (i = 0; i < 4 * ARRAY_SIZE(uses); i++) {
		EXPECT_EQ(i % 2 ? EACCES : 0,
			  use_after("atk_raw", whos[i / 2 % 2], &uses[i / 4],
				    i % 2 ? start_swapping : NULL))
			TH_LOG("%s as %s, %s", uses[i / 4].name, i / 2 % 2 ? "root" : "nobody",
			       i % 2 ? "swapping" : "not swap");
		if (i % 2)
			EXPECT_EQ(0, swapoff(SWAP_FILE));
	}
	EXPECT_EQ(0, umount(SWAP_DIR));
	EXPECT_EQ(0, rmdir(SWAP_DIR));
}

TEST(raw_disk_opened_only_by_an_unconfined_task)
{
	const char *disk = "/dev/vda";
	char held[64];
	int fd, release, mode;
	pid_t holder;

	if (access(disk, F_OK))
		SKIP(return, "this VM has no disk %s", disk);
	ASSERT_EQ(0, load("atk_raw _ rwx\natk_raw atk_disk r\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_RDONLY)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_WRONLY)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_ACCMODE)));
	holder = hold_open(disk, &fd, &release);
	ASSERT_LT(0, holder);
	snprintf(held, sizeof(held), "/proc/%d/fd/%d", holder, fd);
	EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(held, O_RDONLY)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, open(held, O_RDONLY)));
	close(release);
	EXPECT_EQ(0, child_status(holder));
	for (mode = O_RDONLY; mode <= O_ACCMODE; mode += O_ACCMODE) {
		control_fd = open(disk, mode | O_CLOEXEC);
		ASSERT_LE(0, control_fd);
		EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN,
					   receive_control_fd(NULL))) TH_LOG("mode %d", mode);
		EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, receive_control_fd(NULL)));
		EXPECT_EQ(EACCES, ERRNO_AS("^", ROOT_WITHOUT_MAC_ADMIN, flush_received_disk()));
		EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, flush_received_disk()));
		close(control_fd);
	}

	EXPECT_EQ(0, ERRNO_AS("^", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_RDONLY)));
	EXPECT_EQ(EACCES, ERRNO_AS("^", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_RDWR)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, open(disk, O_RDWR)));
	ASSERT_EQ(0, setxattr(disk, XATTR_NAME_LABEL, "atk_disk", 8, 0));
	EXPECT_EQ(0, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_RDONLY)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_RDWR)));
	ASSERT_EQ(0, removexattr(disk, XATTR_NAME_LABEL));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_raw", ROOT_WITHOUT_MAC_ADMIN, open(disk, O_RDONLY)));
}

/* The node of the event device that uinput descriptor @ui made, in @path: 0, or -1. */
static int event_node(int ui, char *path, size_t size)
{
	char sysname[32], dir[96];
	struct dirent *e;
	DIR *d;
	int rc = -1;

	if (ioctl(ui, UI_GET_SYSNAME(sizeof(sysname)), sysname) < 0)
		return -1;
	snprintf(dir, sizeof(dir), "/sys/devices/virtual/input/%.31s", sysname);
	d = opendir(dir);
	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, "event", 5) && strlen(e->d_name) < 16) {
			snprintf(path, size, "/dev/input/%s", e->d_name);
			rc = 0;
		}
	closedir(d);
	return rc;
}

/*
 * A device that types into the session at the console: uinput makes a keyboard, and an input
 * device's node takes events to deliver. Their nodes are "_", and a root of another label with
 * a rule to "_" would type into a root shell at the console, as TIOCSTI on its terminal would:
 * writing them needs a rule to "_sysctl", as that does. Reading them does not.
 */
TEST(keystrokes_faked_only_through_the_control_files_rule)
{
	struct uinput_setup setup = { .id = { .bustype = BUS_VIRTUAL }, .name = "atk keyboard" };
	char event[64];
	int ui;

	if (access("/dev/uinput", F_OK))
		SKIP(return, "no /dev/uinput in this kernel");
	ASSERT_EQ(0, load("atk_key _ rwx\n"));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_key", ROOT_WITHOUT_MAC_ADMIN,
				   open("/dev/uinput", O_WRONLY)));
	ui = open("/dev/uinput", O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, ui);
	ASSERT_EQ(0, ioctl(ui, UI_SET_EVBIT, EV_KEY));
	ASSERT_EQ(0, ioctl(ui, UI_SET_KEYBIT, KEY_A));
	ASSERT_EQ(0, ioctl(ui, UI_DEV_SETUP, &setup));
	ASSERT_EQ(0, ioctl(ui, UI_DEV_CREATE));
	ASSERT_EQ(0, event_node(ui, event, sizeof(event)));
	EXPECT_EQ(EACCES, ERRNO_AS("atk_key", ROOT_WITHOUT_MAC_ADMIN, open(event, O_WRONLY)));
	EXPECT_EQ(0, ERRNO_AS("atk_key", ROOT_WITHOUT_MAC_ADMIN, open(event, O_RDONLY)));
	ASSERT_EQ(0, load("atk_key _sysctl w\n"));
	EXPECT_EQ(0, ERRNO_AS("atk_key", ROOT_WITHOUT_MAC_ADMIN, open(event, O_WRONLY)));
	EXPECT_EQ(0, ERRNO_AS("atk_key", ROOT_WITHOUT_MAC_ADMIN, open("/dev/uinput", O_WRONLY)));
	EXPECT_EQ(0, ioctl(ui, UI_DEV_DESTROY));
	close(ui);
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
