/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Small file helpers shared by the VM test programs: whole reads and single writes, the way
 * securityfs and /proc attribute files expect them.
 */
#ifndef _TESTS_VM_VM_FILES_H
#define _TESTS_VM_VM_FILES_H

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

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

#endif /* _TESTS_VM_VM_FILES_H */
