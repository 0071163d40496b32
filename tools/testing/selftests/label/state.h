/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The label module's state as user space sees it, read back around a write to show that a
 * refused write changed nothing: rules, labels, the syslog label, the freeze, this process's
 * label, the stacker's mode and lock, a probe file's label attributes and, when asked, whether
 * a probe file system carries exec transitions (the only sign of trust).
 */
#ifndef _SELFTESTS_LABEL_STATE_H
#define _SELFTESTS_LABEL_STATE_H

#include <stdlib.h>
#include <sys/mount.h>

#include "common.h"

/* Where a program's probes are. */
struct probe {
	/* A file whose security.label and security.labelexec belong to the state. */
	const char *file;
	/* A fresh tmpfs that nothing may trust, and a program there with an exec label. */
	const char *mount;
	const char *program;
	/* The label the program is run with, and the one its exec label names. */
	const char *from;
	const char *to;
};

enum state_item {
	STATE_RULES,
	STATE_LABELS,
	STATE_SYSLOG,
	STATE_FREEZE,
	STATE_ONLYCAP,
	STATE_MAC_OVERRIDE,
	STATE_LOGGING,
	STATE_NETLABEL,
	STATE_IPV6HOST,
	STATE_AMBIENT,
	STATE_TASK_LABEL,
	STATE_STACKER_MODE,
	STATE_STACKER_LOCK,
	STATE_FILE_LABEL,
	STATE_FILE_EXEC,
	STATE_TRANSIT,
	__STATE_MAX,
};

static const char *const state_names[__STATE_MAX] = {
	[STATE_RULES] = "rules",
	[STATE_LABELS] = "labels",
	[STATE_SYSLOG] = "syslog",
	[STATE_FREEZE] = "freeze",
	[STATE_ONLYCAP] = "onlycap",
	[STATE_MAC_OVERRIDE] = "mac-override",
	[STATE_LOGGING] = "logging",
	[STATE_NETLABEL] = "netlabel",
	[STATE_IPV6HOST] = "ipv6host",
	[STATE_AMBIENT] = "ambient",
	[STATE_TASK_LABEL] = "this process's label",
	[STATE_STACKER_MODE] = "stacker mode",
	[STATE_STACKER_LOCK] = "stacker lock",
	[STATE_FILE_LABEL] = "the probe file's " XATTR_NAME_LABEL,
	[STATE_FILE_EXEC] = "the probe file's " XATTR_NAME_LABELEXEC,
	[STATE_TRANSIT] = "the label an exec on the probe file system gives",
};

struct state {
	char *item[__STATE_MAX];
};

/* The whole of a file, in a buffer to free(); on failure, a text that says so. */
static inline char *read_all(const char *path)
{
	size_t len = 0, size = 4096;
	char *buf = malloc(size), *more;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = 0;

	if (!buf || fd < 0)
		goto fail;
	while ((n = read(fd, buf + len, size - 1 - len)) > 0) {
		len += n;
		if (len == size - 1) {
			size *= 2;
			more = realloc(buf, size);
			if (!more)
				goto fail;
			buf = more;
		}
	}
	if (n < 0)
		goto fail;
	close(fd);
	buf[len] = '\0';
	return buf;
fail:
	if (fd >= 0)
		close(fd);
	free(buf);
	if (asprintf(&buf, "<%s unreadable: %s>", path, strerror(errno)) < 0)
		abort();
	return buf;
}

/* A label attribute of @path, in a buffer to free(): "<none>" when it has none. */
static inline char *read_label_xattr(const char *path, const char *name)
{
	char value[LABEL_NAME_MAX + 1], *text;
	ssize_t len = getxattr(path, name, value, sizeof(value) - 1);

	if (len < 0 && errno == ENODATA)
		return strdup("<none>");
	if (len < 0 || asprintf(&text, "%.*s", (int)len, value) < 0)
		return strdup("<unreadable>");
	return text;
}

/* The label a process of @p->from has after it execs @p->program, in a buffer to free(). */
static inline char *probe_transit(const struct probe *p)
{
	char label[LABEL_NAME_MAX + 2] = "";
	int out[2];
	pid_t pid;

	if (pipe2(out, O_CLOEXEC))
		return strdup("<no pipe>");
	pid = fork_as(p->from, ROOT);
	if (!pid) {
		if (dup2(out[1], STDOUT_FILENO) == STDOUT_FILENO)
			execl(p->program, "cat", SELF_LABEL, (char *)NULL);
		_exit(SETUP_FAILED);
	}
	close(out[1]);
	read_output(out[0], label, sizeof(label));
	if (child_status(pid))
		return strdup("<the probe did not run>");
	return strdup(label);
}

/*
 * Make the probes: the file, unlabelled, once; the untrusted file system, a fresh tmpfs each
 * time (a trust that a test let through must not outlive it), with its program. Then run the
 * program once, so that its label exists before any state is read.
 */
static inline void make_probes(struct __test_metadata *const _metadata, const struct probe *p)
{
	struct stat st;
	char *label;
	int fd;

	if (stat(p->mount, &st))
		ASSERT_EQ(0, mkdir(p->mount, 0755));
	umount2(p->mount, MNT_DETACH);
	ASSERT_EQ(0, mount("probe", p->mount, "tmpfs", 0, NULL));
	copy_busybox(_metadata, p->program, NULL);
	ASSERT_EQ(0, setxattr(p->program, XATTR_NAME_LABELEXEC, p->to, strlen(p->to), 0));
	/* A test may have labelled the file: this process may no longer look at it. */
	fd = open(p->file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0) {
		ASSERT_EQ(EEXIST, errno);
	} else {
		ASSERT_EQ(0, fchmod(fd, 0666));
		close(fd);
	}
	label = probe_transit(p);
	ASSERT_STREQ(p->from, label);
	free(label);
}

/* The state; with @transit, also what an exec on the probe file system gives (a fork, an exec). */
static inline void read_state(struct state *s, const struct probe *p, bool transit)
{
	bool stacker = stacker_present();

	s->item[STATE_RULES] = read_all(LABEL_FS "rules");
	s->item[STATE_LABELS] = read_all(LABEL_FS "labels");
	s->item[STATE_SYSLOG] = read_all(LABEL_FS "syslog");
	s->item[STATE_FREEZE] = read_all(LABEL_FS "freeze");
	s->item[STATE_ONLYCAP] = read_all(LABEL_FS "onlycap");
	s->item[STATE_MAC_OVERRIDE] = read_all(LABEL_FS "mac-override");
	s->item[STATE_LOGGING] = read_all(LABEL_FS "logging");
	s->item[STATE_NETLABEL] = read_all(LABEL_FS "netlabel");
	s->item[STATE_IPV6HOST] = read_all(LABEL_FS "ipv6host");
	s->item[STATE_AMBIENT] = read_all(LABEL_FS "ambient");
	s->item[STATE_TASK_LABEL] = read_all(SELF_LABEL);
	s->item[STATE_STACKER_MODE] = strdup("");
	s->item[STATE_STACKER_LOCK] = strdup("");
	if (stacker) {
		free(s->item[STATE_STACKER_MODE]);
		free(s->item[STATE_STACKER_LOCK]);
		s->item[STATE_STACKER_MODE] = read_all(STACKER_MODE);
		s->item[STATE_STACKER_LOCK] = read_all(STACKER "lock");
	}
	s->item[STATE_FILE_LABEL] = read_label_xattr(p->file, XATTR_NAME_LABEL);
	s->item[STATE_FILE_EXEC] = read_label_xattr(p->file, XATTR_NAME_LABELEXEC);
	s->item[STATE_TRANSIT] = transit ? probe_transit(p) : strdup("");
}

static inline void free_state(struct state *s)
{
	int i;

	for (i = 0; i < __STATE_MAX; i++)
		free(s->item[i]);
}

#endif /* _SELFTESTS_LABEL_STATE_H */
