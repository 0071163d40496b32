/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the label selftests: labels for this process and its children, rules,
 * files of a given label, children that wait or listen, and the kernel log.
 */
#ifndef _SELFTESTS_LABEL_COMMON_H
#define _SELFTESTS_LABEL_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <linux/label.h>
#include <linux/lsm.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "../kselftest_harness.h"
#include "../stacker/common.h"

#define LABEL_FS "/sys/kernel/security/label/"
#define SELF_LABEL "/proc/self/attr/label/current"
#define STACKER_STATS "/sys/kernel/security/stacker/stats"
#define STACKER_MODE "/sys/kernel/security/stacker/mode"
#define STACKER_LOCK "/sys/kernel/security/stacker/lock"
#define STACKER_LOG "/sys/kernel/security/stacker/log"
#define TEXT_SIZE 16384
/* Exit status of a child that could not take the label or identity it was asked for. */
#define SETUP_FAILED 255

static void __attribute__((constructor)) require_label(void)
{
	skip_unless_present(LABEL_FS, "label");
}

/*
 * Label logs its refusals under ratelimits (ten in five seconds per budget). A program that
 * expects its refusals in the log first waits, from a constructor, for the refusals of programs
 * run just before it to leave the window. Each test runs in a child of its own, so not in a
 * fixture's setup.
 */
static inline void wait_for_log_budgets(void)
{
	sleep(6);
}

/* Labels of 255 and 256 bytes: the longest valid one, and one too long. */
#define L16 "llllllllllllllll"
#define L64 "llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllll"
#define L255 L64 L64 L64 L16 L16 L16 "lllllllllllllll"
#define L256 L255 "l"

/* Who a child of fork_as() is, once labelled. */
enum who {
	ROOT,
	ROOT_WITHOUT_MAC_ADMIN,
	NOBODY_USER,
};

/* Whether @line, without its newline, is one of the lines of @text. */
static inline bool has_line(const char *text, const char *line)
{
	size_t len = strlen(line);

	while (*text) {
		const char *end = strchrnul(text, '\n');

		if ((size_t)(end - text) == len && !strncmp(text, line, len))
			return true;
		text = *end ? end + 1 : end;
	}
	return false;
}

/* Mark the file system of @path trusted for exec transitions: 0, or -1. */
static inline int trust(const char *path)
{
	return write_str(LABEL_FS "trust", path) == (ssize_t)strlen(path) ? 0 : -1;
}

static inline int set_label(const char *label)
{
	return write_str(SELF_LABEL, label) < 0 ? -1 : 0;
}

/* Take @label through lsm_set_self_attr(): 0 or the errno. */
static inline int set_self_attr_label(const char *label)
{
	__u64 buf[32] = { 0 };
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;
	size_t len = strlen(label) + 1;

	ctx->id = LSM_ID_LABEL;
	ctx->len = sizeof(*ctx) + len;
	ctx->ctx_len = len;
	memcpy(ctx->ctx, label, len);
	return syscall(__NR_lsm_set_self_attr, LSM_ATTR_CURRENT, ctx, ctx->len, 0) ? errno : 0;
}

/* Load rules through one write: 0 when all of @rules was taken, -1 with errno otherwise. */
static inline int load(const char *rules)
{
	return write_str(LABEL_FS "load", rules) == (ssize_t)strlen(rules) ? 0 : -1;
}

/* The answer of the access file to @text, read on the same descriptor: 1, 0, or -1. */
static inline int query(const char *text)
{
	int fd = open(LABEL_FS "access", O_RDWR | O_CLOEXEC);
	char answer[4];
	ssize_t n = -1;

	if (fd < 0)
		return -1;
	if (write(fd, text, strlen(text)) == (ssize_t)strlen(text))
		n = read(fd, answer, sizeof(answer));
	close(fd);
	if (n != 2 || answer[1] != '\n' || (answer[0] != '0' && answer[0] != '1'))
		return -1;
	return answer[0] - '0';
}

static inline bool stacker_present(void)
{
	struct stat st;

	return stat("/sys/kernel/security/stacker", &st) == 0;
}

/* Why the stacker's mode files cannot be tested in this boot (not hosted, or locked), or NULL. */
static inline const char *stacker_modes_closed(void)
{
	char lock[8];

	if (!stacker_present())
		return "label is not hosted by the stacker";
	if (read_text(STACKER_LOCK, lock, sizeof(lock)) <= 0 || strcmp(lock, "0\n"))
		return "the stacker is locked: every mode write is refused anyway";
	return NULL;
}

/* The label module's denial count in the stacker's stats: 0, or -1. */
static inline int label_denials(unsigned long *denials)
{
	char stats[TEXT_SIZE];
	const char *line;

	if (read_text(STACKER_STATS, stats, sizeof(stats)) < 0 ||
	    strncmp(stats, "module calls denials\n", strlen("module calls denials\n")))
		return -1;
	line = strstr(stats, "\nlabel ");
	if (!line || sscanf(line + 1, "label %*u %lu\n", denials) != 1)
		return -1;
	return 0;
}

/*
 * Fork a child that takes @label (NULL: keeps this process's) and then becomes @who: the child's
 * pid in the parent, 0 in the child. A child that cannot do so exits with SETUP_FAILED.
 */
static inline pid_t fork_as(const char *label, enum who who)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	if ((label && set_label(label)) ||
	    (who == ROOT_WITHOUT_MAC_ADMIN && drop_mac_admin()) ||
	    (who == NOBODY_USER && drop_to_nobody()))
		_exit(SETUP_FAILED);
	return 0;
}

/*
 * @fd sent over a UNIX socket (SCM_RIGHTS) and received again by the caller, as file_receive
 * decides for it: the new descriptor, or -1 with errno (EACCES when the kernel dropped it).
 */
static inline int receive_again(int fd)
{
	char cbuf[CMSG_SPACE(sizeof(int))] = { 0 }, byte = 0;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
			      .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
	int pair[2], got = -1;

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, pair))
		return -1;
	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	if (sendmsg(pair[0], &msg, 0) == 1 && recvmsg(pair[1], &msg, MSG_CMSG_CLOEXEC) == 1) {
		if (CMSG_FIRSTHDR(&msg))
			memcpy(&got, CMSG_DATA(CMSG_FIRSTHDR(&msg)), sizeof(int));
		else
			errno = EACCES;
	}
	close(pair[0]);
	close(pair[1]);
	return got;
}

/* A child's exit status, or -1 if it did not exit. */
static inline int child_status(pid_t pid)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* The errno with which @call fails (returns -1) in a child of fork_as(), or 0 if it succeeds. */
#define ERRNO_AS(label, who, call) ({					\
	pid_t __pid = fork_as(label, who);				\
									\
	if (!__pid)							\
		_exit((call) == -1 ? errno : 0);			\
	child_status(__pid);						\
})

/*
 * @call, in a child of fork_as(), fails with EACCES; hosted, the stacker counts the denial
 * against label.
 */
#define ASSERT_LABEL_DENIES(label, who, call) do {				\
	unsigned long __before = 0, __after = 0;				\
	bool __hosted = stacker_present();					\
										\
	if (__hosted)								\
		ASSERT_EQ(0, label_denials(&__before));				\
	ASSERT_EQ(EACCES, ERRNO_AS(label, who, call));				\
	if (__hosted) {								\
		ASSERT_EQ(0, label_denials(&__after));				\
		ASSERT_LT(__before, __after);					\
	}									\
} while (0)

/* The abstract UNIX address @name (cut to fit): its length. */
static inline socklen_t unix_address(struct sockaddr_un *addr, const char *name)
{
	size_t len = strnlen(name, sizeof(addr->sun_path) - 1);

	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	memcpy(addr->sun_path + 1, name, len);
	return offsetof(struct sockaddr_un, sun_path) + 1 + len;
}

/*
 * Start a child that takes @label, becomes @who and runs @setup, then waits until the parent
 * closes *@release. Its pid once it is ready, or -1.
 */
static inline pid_t spawn_held(const char *label, enum who who, int (*setup)(const void *arg),
			       const void *arg, int *release)
{
	int ready[2], hold[2];
	pid_t pid;
	char c;

	if (pipe2(ready, O_CLOEXEC) || pipe2(hold, O_CLOEXEC))
		return -1;
	pid = fork_as(label, who);
	if (!pid) {
		close(ready[0]);
		close(hold[1]);
		if (setup(arg) || write(ready[1], "", 1) != 1)
			_exit(SETUP_FAILED);
		while (read(hold[0], &c, 1) > 0)
			;
		_exit(0);
	}
	close(ready[1]);
	close(hold[0]);
	if (pid < 0 || read(ready[0], &c, 1) != 1) {
		close(ready[0]);
		close(hold[1]);
		return -1;
	}
	close(ready[0]);
	*release = hold[1];
	return pid;
}

/*
 * A user namespace and a network namespace in it, as a sandbox makes them, with the caller's
 * own ids mapped (a task of its uid makes another namespace in it only so).
 */
static inline int make_namespaces(const void *arg)
{
	char uid_map[32], gid_map[32];

	/* Before unshare(): in the new namespace the ids read as the overflow ids until mapped. */
	snprintf(uid_map, sizeof(uid_map), "%u %u 1", geteuid(), geteuid());
	snprintf(gid_map, sizeof(gid_map), "%u %u 1", getegid(), getegid());
	return prctl(PR_SET_DUMPABLE, 1) || unshare(CLONE_NEWUSER | CLONE_NEWNET) ||
	       write_str("/proc/self/uid_map", uid_map) != (ssize_t)strlen(uid_map) ||
	       write_str("/proc/self/setgroups", "deny") != 4 ||
	       write_str("/proc/self/gid_map", gid_map) != (ssize_t)strlen(gid_map);
}

/* What spawn_waiter() sets up in its child. */
struct waiter_socket {
	int type;
	const char *name;
};

static inline int bind_waiter_socket(const void *arg)
{
	const struct waiter_socket *w = arg;
	struct sockaddr_un addr;
	socklen_t len;
	int sock;

	if (!w->name)
		return 0;
	len = unix_address(&addr, w->name);
	sock = socket(AF_UNIX, w->type, 0);
	return sock < 0 || bind(sock, (struct sockaddr *)&addr, len) ||
	       (w->type != SOCK_DGRAM && listen(sock, SOMAXCONN));
}

/*
 * Start a child with @label that, after binding a UNIX socket of @type to the abstract address
 * @name when @name is set, waits until the parent closes *@release. Its pid once it is ready, or
 * -1. It accepts no connection: each one a test makes stays queued, so the backlog is the most.
 */
static inline pid_t spawn_waiter(const char *label, int type, const char *name, int *release)
{
	const struct waiter_socket w = { .type = type, .name = name };

	return spawn_held(label, ROOT, bind_waiter_socket, &w, release);
}

/*
 * Connect (stream, seqpacket) or send one byte (datagram) to the abstract address @name: 0, or
 * -1.
 */
static inline int reach(int type, const char *name)
{
	struct sockaddr_un addr;
	socklen_t len = unix_address(&addr, name);
	int sock = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);

	if (sock < 0)
		return -1;
	if (type != SOCK_DGRAM)
		return connect(sock, (struct sockaddr *)&addr, len);
	return sendto(sock, "", 1, 0, (struct sockaddr *)&addr, len) == 1 ? 0 : -1;
}

/* Map the start of @path with @prot: 0, or -1. */
static inline int map_file(const char *path, int prot)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	return mmap(NULL, 4096, prot, MAP_PRIVATE, fd, 0) == MAP_FAILED ? -1 : 0;
}

/* Map the start of @path readable, then make it executable: 0, or -1. */
static inline int map_then_protect(const char *path, int prot)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *map;

	if (fd < 0)
		return -1;
	map = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return -1;
	return mprotect(map, 4096, prot);
}

/* Exec @path as "true" under no_new_privs: only returns on failure. */
static inline int exec_without_new_privs(const char *path)
{
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return execl(path, "true", (char *)NULL);
}

/* PTRACE_ATTACH to @pid, wait for it to stop, detach: 0, or -1. */
static inline int attach_and_detach(pid_t pid)
{
	int status;

	if (ptrace(PTRACE_ATTACH, pid, NULL, NULL) ||
	    waitpid(pid, &status, __WALL) != pid ||
	    ptrace(PTRACE_DETACH, pid, NULL, NULL))
		return -1;
	return 0;
}

static inline int attach_shm(int id, int flags)
{
	return shmat(id, NULL, flags) == (void *)-1 ? -1 : 0;
}

/* The security.label of @path, NUL-terminated, in @buf of LABEL_NAME_MAX + 1 bytes. */
static inline void get_file_label(struct __test_metadata *const _metadata, const char *path,
				  char *buf)
{
	ssize_t len = getxattr(path, XATTR_NAME_LABEL, buf, LABEL_NAME_MAX);

	ASSERT_LT(0, len);
	buf[len] = '\0';
}

/* A file of mode 0666 made by this process, then labelled @label unless @label is NULL. */
static inline void make_file(struct __test_metadata *const _metadata, const char *path,
			     const char *label)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

	ASSERT_LE(0, fd);
	ASSERT_EQ(5, write(fd, "data\n", 5));
	ASSERT_EQ(0, fchmod(fd, 0666));
	ASSERT_EQ(0, close(fd));
	if (label)
		ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, label, strlen(label), 0));
}

/* A directory of mode 0777 made by this process, then labelled @label unless @label is NULL. */
static inline void make_dir(struct __test_metadata *const _metadata, const char *path,
			    const char *label)
{
	ASSERT_EQ(0, mkdir(path, 0777));
	ASSERT_EQ(0, chmod(path, 0777));
	if (label)
		ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, label, strlen(label), 0));
}

/* A copy of busybox at @path, executable, then labelled @label unless @label is NULL. */
static inline void copy_busybox(struct __test_metadata *const _metadata, const char *path,
				const char *label)
{
	int in = open("/bin/busybox", O_RDONLY | O_CLOEXEC);
	int out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	char buf[65536];
	ssize_t n;

	ASSERT_LE(0, in);
	ASSERT_LE(0, out);
	while ((n = read(in, buf, sizeof(buf))) > 0)
		ASSERT_EQ(n, write(out, buf, n));
	ASSERT_EQ(0, n);
	close(in);
	ASSERT_EQ(0, close(out));
	if (label)
		ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, label, strlen(label), 0));
}

/*
 * What @path, executed with @argv by a child that takes @label (NULL: keeps this process's) and
 * becomes @who, writes to its standard output: NUL-terminated in @buf. The child must exit 0.
 */
static inline void exec_output(struct __test_metadata *const _metadata, const char *label,
			       enum who who, const char *path, char *const argv[], char *buf,
			       size_t size)
{
	int out[2];
	pid_t pid;

	ASSERT_EQ(0, pipe2(out, O_CLOEXEC));
	pid = fork_as(label, who);
	if (!pid) {
		if (dup2(out[1], STDOUT_FILENO) == STDOUT_FILENO)
			execv(path, argv);
		_exit(SETUP_FAILED);
	}
	close(out[1]);
	read_output(out[0], buf, size);
	ASSERT_EQ(0, child_status(pid));
}

/* The label that "cat" of busybox at @path reports for itself, run by a child with @label. */
static inline void exec_label(struct __test_metadata *const _metadata, const char *label,
			      const char *path, char *buf, size_t size)
{
	char *const argv[] = { "cat", SELF_LABEL, NULL };

	exec_output(_metadata, label, ROOT, path, argv, buf, size);
}

#endif /* _SELFTESTS_LABEL_COMMON_H */
