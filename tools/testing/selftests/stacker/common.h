/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the stacker and label selftests: whole reads and single writes, the way
 * securityfs and /proc attribute files expect them, and dropping privilege (become nobody, or
 * stay root without CAP_MAC_ADMIN).
 */
#ifndef _SELFTESTS_STACKER_COMMON_H
#define _SELFTESTS_STACKER_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdbool.h>
#include <stdio.h>
#include <sched.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../kselftest.h"

/* The whole of a small text file, NUL-terminated; its length, or -1 (also when it fills @buf). */
static inline ssize_t read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t len = 0, n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	if (n < 0 || (size_t)len == size - 1)
		return -1;
	buf[len] = '\0';
	return len;
}

/* One write() of @len bytes at offset 0 of a freshly opened @path: its result, errno kept. */
static inline ssize_t write_text(const char *path, const char *text, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t rc;
	int err;

	if (fd < 0)
		return -1;
	rc = write(fd, text, len);
	err = errno;
	close(fd);
	errno = err;
	return rc;
}

static inline ssize_t write_str(const char *path, const char *text)
{
	return write_text(path, text, strlen(text));
}

#define NOBODY 65534

static inline int drop_to_nobody(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		return -1;
	return 0;
}

/*
 * Put @cap into this process's effective set or take it out (@effective), and, unless
 * @permitted, out of the permitted and inheritable sets too, staying root otherwise: 0, or -1.
 */
static inline int set_cap(int cap, bool effective, bool permitted)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
	struct __user_cap_data_struct *d = &data[CAP_TO_INDEX(cap)];

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	d->effective &= ~CAP_TO_MASK(cap);
	if (effective)
		d->effective |= CAP_TO_MASK(cap);
	if (!permitted) {
		d->permitted &= ~CAP_TO_MASK(cap);
		d->inheritable &= ~CAP_TO_MASK(cap);
	}
	return syscall(SYS_capset, &hdr, data);
}

/* Remove @cap from this process, staying root otherwise: 0, or -1. */
static inline int drop_cap(int cap)
{
	return set_cap(cap, false, false);
}

/* Remove CAP_MAC_ADMIN from this process, staying root otherwise. */
static inline int drop_mac_admin(void)
{
	return drop_cap(CAP_MAC_ADMIN);
}

/* Take CAP_MAC_ADMIN out of this process's effective set (@on false) or back: 0, or -1. */
static inline int mac_admin_effective(bool on)
{
	return set_cap(CAP_MAC_ADMIN, on, true);
}

/*
 * @path opened for writing while CAP_MAC_ADMIN is out of the effective set, which has it back
 * afterwards: the descriptor, or -1.
 */
static inline int open_without_mac_admin(const char *path)
{
	int fd;

	if (mac_admin_effective(false))
		return -1;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (mac_admin_effective(true)) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Who holds the descriptor a privilege test writes through: the writer, its privileged parent,
 * or the writer, opened before it gave up the privilege; or the writer, privileged, through a
 * descriptor it opened without the privilege in effect (the deputy a set-user-ID program is,
 * writing to the standard error its unprivileged caller opened).
 */
enum how {
	DIRECT,
	INHERITED,
	OPENED_BEFORE_DROP,
	OPENED_UNPRIVILEGED,
	__HOW_MAX,
};

static inline const char *how_name(enum how way)
{
	static const char *const names[__HOW_MAX] = {
		[DIRECT] = "directly",
		[INHERITED] = "through its parent's descriptor",
		[OPENED_BEFORE_DROP] = "through a descriptor it opened while privileged",
		[OPENED_UNPRIVILEGED] = "privileged, through a descriptor it opened without it",
	};

	return names[way];
}

/*
 * Skip the whole program, with one KTAP line, on a kernel that lacks what it tests: call from a
 * constructor, before the harness prints its plan.
 */
static inline void skip_unless_present(const char *path, const char *what)
{
	if (access(path, F_OK))
		ksft_exit_skip("%s: no %s (not built in, or securityfs not mounted)\n", what, path);
}

/*
 * Each program in a mount namespace of its own, with a tmpfs of its own on /tmp as its working
 * directory: the fixed /tmp paths of one program meet no other program's files, in whatever
 * order a runner starts them and whatever an earlier one left behind. Without the privilege to
 * do so, the program keeps the runner's /tmp, where the tests that need root skip anyway.
 */
static void __attribute__((constructor)) private_tmp(void)
{
	if (unshare(CLONE_NEWNS))
		return;
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("tmpfs", "/tmp", "tmpfs", 0, "mode=1777") || chdir("/tmp"))
		ksft_exit_fail_msg("a private /tmp: %s\n", strerror(errno));
}

/* The kernel log, opened where it ends now: only records logged from here on are read. */
static inline int kmsg_from_now(void)
{
	int kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (kmsg >= 0 && lseek(kmsg, 0, SEEK_END) < 0) {
		close(kmsg);
		return -1;
	}
	return kmsg;
}

/*
 * Whether a record of @kmsg, read from where it stands, holds @text followed by a space or end;
 * with @show, a miss prints the records read, for the log of a failed test. The buffer is the
 * kernel's own for a record (CONSOLE_EXT_LOG_MAX): read() refuses a smaller one (EINVAL) for a
 * long record, which would end the scan before the records after it.
 */
static inline bool kmsg_scan(int kmsg, const char *text, bool show)
{
	char record[8192];
	char seen[4096] = "";
	bool found = false;
	const char *p;
	ssize_t n;

	/* EPIPE: records were overwritten since the last read; the next read goes on after them. */
	while ((n = read(kmsg, record, sizeof(record) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		if (n < 0) {
			strncat(seen, "# (records overwritten)\n", sizeof(seen) - strlen(seen) - 1);
			continue;
		}
		record[n] = '\0';
		p = strstr(record, text);
		found |= p && (p[strlen(text)] == ' ' || p[strlen(text)] == '\n');
		strncat(seen, "# kmsg: ", sizeof(seen) - strlen(seen) - 1);
		strncat(seen, record, sizeof(seen) - strlen(seen) - 1);
	}
	if (n < 0 && errno != EAGAIN)
		fprintf(stderr, "# reading /dev/kmsg: %s\n", strerror(errno));
	if (show && !found)
		fprintf(stderr, "%s", seen);
	return found;
}

static inline bool logged(int kmsg, const char *text)
{
	return kmsg_scan(kmsg, text, false);
}

/* Everything @fd gives until its end, NUL-terminated in @buf; @fd is closed. */
static inline void read_output(int fd, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;

	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
}

#define STACKER "/sys/kernel/security/stacker/"

/* The line of @text that starts with @prefix, or NULL. */
static inline const char *find_line(const char *text, const char *prefix)
{
	while (*text) {
		if (!strncmp(text, prefix, strlen(prefix)))
			return text;
		text = strchrnul(text, '\n');
		if (*text)
			text++;
	}
	return NULL;
}

/*
 * Switch the counting of hook calls on (the stacker's "count" file): the stacker counts calls
 * only when asked. Left on: another program that reads calls asks again. 0, or -1.
 */
static inline int count_calls(void)
{
	return write_str(STACKER "count", "1") == 1 ? 0 : -1;
}

/* Capability's line of the stacker's stats file, after checking the header. */
static inline int capability_stats(unsigned long *calls, unsigned long *denials)
{
	char stats[4096];
	const char *line;

	if (read_text(STACKER "stats", stats, sizeof(stats)) < 0 ||
	    strncmp(stats, "module calls denials\n", strlen("module calls denials\n")))
		return -1;
	line = find_line(stats, "capability ");
	if (!line || sscanf(line, "capability %lu %lu\n", calls, denials) != 2)
		return -1;
	return 0;
}

#endif /* _SELFTESTS_STACKER_COMMON_H */
