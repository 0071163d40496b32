/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The reader of the hostile-input corpora of tests/corpus/ (its README gives the format), which
 * the selftest Makefiles embed in their programs as one C string: cases, one per line, and the
 * payload each one writes.
 */
#ifndef _SELFTESTS_STACKER_CORPUS_H
#define _SELFTESTS_STACKER_CORPUS_H

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../kselftest_harness.h"

#define CORPUS_FIELD_MAX 64
/* Room for a message about a malformed line. */
#define CORPUS_ERROR_MAX 128

/* How a case writes its payload; see tests/corpus/README. */
enum corpus_how {
	CORPUS_WRITE,
	CORPUS_PWRITE,
	CORPUS_SEEK,
	CORPUS_CHILD,
	CORPUS_TWICE,
	CORPUS_OTHER,
	CORPUS_THREAD,
	CORPUS_CALL,
	__CORPUS_HOW_MAX,
};

static const char *const corpus_how_names[__CORPUS_HOW_MAX] = {
	[CORPUS_WRITE] = "write", [CORPUS_PWRITE] = "pwrite", [CORPUS_SEEK] = "seek",
	[CORPUS_CHILD] = "child", [CORPUS_TWICE] = "twice",   [CORPUS_OTHER] = "other",
	[CORPUS_THREAD] = "thread", [CORPUS_CALL] = "call",
};

/* The errnos a case may expect, by name. */
static const struct {
	const char *name;
	int err;
} corpus_errnos[] = {
	{ "EINVAL", EINVAL }, { "EPERM", EPERM },   { "EACCES", EACCES },
	{ "EBUSY", EBUSY },   { "ENOENT", ENOENT }, { "ENOTDIR", ENOTDIR },
	{ "ENAMETOOLONG", ENAMETOOLONG }, { "E2BIG", E2BIG }, { "ESPIPE", ESPIPE },
};

/**
 * struct corpus_case - one line of a corpus
 * @line: its line number, from 1
 * @name: the case's name
 * @target: what it writes
 * @how: how it writes
 * @offset: the offset of a CORPUS_PWRITE or CORPUS_SEEK
 * @expect: 0 if the payload must be accepted, otherwise the errno expected
 * @payload: the payload's text in the corpus, up to the end of the line
 * @payload_len: the length of that text
 */
struct corpus_case {
	int line;
	char name[CORPUS_FIELD_MAX];
	char target[CORPUS_FIELD_MAX];
	enum corpus_how how;
	long offset;
	int expect;
	const char *payload;
	size_t payload_len;
};

static inline const char *corpus_errno_name(int err)
{
	size_t i;

	if (!err)
		return "ok";
	for (i = 0; i < ARRAY_SIZE(corpus_errnos); i++)
		if (corpus_errnos[i].err == err)
			return corpus_errnos[i].name;
	return strerror(err);
}

/* The next blank-separated field of [*p, end) in @field: its length, 0 at the end, -1 if long. */
static inline int corpus_field(const char **p, const char *end, char *field)
{
	const char *s = *p;
	size_t len;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	for (len = 0; s + len < end && s[len] != ' ' && s[len] != '\t'; len++)
		;
	if (len >= CORPUS_FIELD_MAX)
		return -1;
	memcpy(field, s, len);
	field[len] = '\0';
	*p = s + len;
	return len;
}

/* "write", "child", ...; "pwrite:<offset>" and "seek:<offset>" take an offset. */
static inline int corpus_parse_how(struct corpus_case *c, const char *word)
{
	const char *colon = strchr(word, ':');
	size_t len = colon ? (size_t)(colon - word) : strlen(word);
	char *end;
	int i;

	for (i = 0; i < __CORPUS_HOW_MAX; i++)
		if (strlen(corpus_how_names[i]) == len && !strncmp(word, corpus_how_names[i], len))
			break;
	if (i == __CORPUS_HOW_MAX)
		return -1;
	c->how = i;
	if (i != CORPUS_PWRITE && i != CORPUS_SEEK)
		return colon ? -1 : 0;
	if (!colon || !colon[1])
		return -1;
	c->offset = strtol(colon + 1, &end, 10);
	return !*end && c->offset > 0 ? 0 : -1;
}

static inline int corpus_parse_expect(struct corpus_case *c, const char *word)
{
	size_t i;

	if (!strcmp(word, "ok")) {
		c->expect = 0;
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(corpus_errnos); i++) {
		if (!strcmp(word, corpus_errnos[i].name)) {
			c->expect = corpus_errnos[i].err;
			return 0;
		}
	}
	return -1;
}

/*
 * The next case of the corpus at *@pos, which advances past it: 1, 0 at the end of the corpus,
 * or -1 with @error set for a malformed line (@c->line is its number). *@line counts the lines
 * read so far.
 */
static inline int corpus_next(const char **pos, int *line, struct corpus_case *c, char *error)
{
	char how[CORPUS_FIELD_MAX], expect[CORPUS_FIELD_MAX];
	const char *p, *end;

	for (;;) {
		if (!**pos)
			return 0;
		p = *pos;
		end = strchrnul(p, '\n');
		*pos = *end ? end + 1 : end;
		c->line = ++*line;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p != '#')
			break;
	}
	if (corpus_field(&p, end, c->name) <= 0 || corpus_field(&p, end, c->target) <= 0 ||
	    corpus_field(&p, end, how) <= 0 || corpus_field(&p, end, expect) <= 0) {
		snprintf(error, CORPUS_ERROR_MAX, "fewer than five columns, or one too long");
		return -1;
	}
	c->offset = 0;
	if (corpus_parse_how(c, how)) {
		snprintf(error, CORPUS_ERROR_MAX, "unknown way of writing \"%s\"", how);
		return -1;
	}
	if (corpus_parse_expect(c, expect)) {
		snprintf(error, CORPUS_ERROR_MAX, "unknown expectation \"%s\"", expect);
		return -1;
	}
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end) {
		snprintf(error, CORPUS_ERROR_MAX, "no payload (\"\" is the empty one)");
		return -1;
	}
	c->payload = p;
	c->payload_len = end - p;
	return 1;
}

/* A growing buffer for a payload. */
struct corpus_buf {
	char *data;
	size_t len;
	size_t size;
};

/* Room for @len more bytes and a NUL: 0, or -1. */
static inline int corpus_reserve(struct corpus_buf *b, size_t len)
{
	size_t size = b->size ? b->size : 256;
	char *data;

	if (b->len + len + 1 <= b->size)
		return 0;
	while (b->len + len + 1 > size)
		size *= 2;
	data = realloc(b->data, size);
	if (!data)
		return -1;
	b->data = data;
	b->size = size;
	return 0;
}

static inline int corpus_put(struct corpus_buf *b, const char *bytes, size_t len)
{
	if (corpus_reserve(b, len))
		return -1;
	memcpy(b->data + b->len, bytes, len);
	b->len += len;
	b->data[b->len] = '\0';
	return 0;
}

/* Repeat the last @len bytes of @b until they are there @count times: 0, or -1. */
static inline int corpus_repeat(struct corpus_buf *b, size_t len, long count)
{
	size_t start = b->len - len, total = len * count, done = len, n;

	if (corpus_reserve(b, total - len))
		return -1;
	while (done < total) {
		n = done < total - done ? done : total - done;
		memcpy(b->data + start + done, b->data + start, n);
		done += n;
	}
	b->len = start + total;
	b->data[b->len] = '\0';
	return 0;
}

static inline int corpus_hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The byte that \@e stands for in a string, or -1. */
static inline int corpus_escape(char e)
{
	static const char from[] = "nrt0\\\"", to[] = "\n\r\t\0\\\"";
	const char *p = e ? strchr(from, e) : NULL;

	return p ? to[p - from] : -1;
}

/*
 * Append the quoted string at *@p (the opening quote) to @b, *@p then past its closing quote;
 * with @index >= 0 (a repetition), %d is replaced by @index and %% by %. 0, or -1 with @error.
 */
static inline int corpus_string(const char **p, const char *end, long index,
				struct corpus_buf *b, char *error)
{
	const char *s = *p + 1;
	char c, digits[24];

	for (; s < end && *s != '"'; s++) {
		c = *s;
		if (c == '\\') {
			if (++s == end)
				break;
			if (*s == 'x') {
				if (end - s < 3 || corpus_hex(s[1]) < 0 ||
				    corpus_hex(s[2]) < 0) {
					snprintf(error, CORPUS_ERROR_MAX, "\\x: two hex digits");
					return -1;
				}
				c = corpus_hex(s[1]) << 4 | corpus_hex(s[2]);
				s += 2;
			} else if (corpus_escape(*s) >= 0) {
				c = corpus_escape(*s);
			} else {
				snprintf(error, CORPUS_ERROR_MAX, "unknown escape \\%c", *s);
				return -1;
			}
		} else if (c == '%' && index >= 0 && s + 1 < end && (s[1] == 'd' || s[1] == '%')) {
			if (*++s == 'd') {
				snprintf(digits, sizeof(digits), "%ld", index);
				if (corpus_put(b, digits, strlen(digits)))
					goto nomem;
				continue;
			}
		}
		if (corpus_put(b, &c, 1))
			goto nomem;
	}
	if (s == end) {
		snprintf(error, CORPUS_ERROR_MAX, "unterminated string");
		return -1;
	}
	*p = s + 1;
	return 0;
nomem:
	snprintf(error, CORPUS_ERROR_MAX, "out of memory");
	return -1;
}

/*
 * The bytes @c writes, in a buffer to free(), NUL-terminated beyond *@len; NULL with @error set
 * if its payload is malformed.
 */
static inline char *corpus_payload(const struct corpus_case *c, size_t *len, char *error)
{
	const char *p = c->payload, *end = c->payload + c->payload_len, *piece;
	struct corpus_buf b = { NULL, 0, 0 };
	long count, i;
	size_t start;
	char *stop;

	if (corpus_put(&b, "", 0)) {
		snprintf(error, CORPUS_ERROR_MAX, "out of memory");
		return NULL;
	}
	while (p < end) {
		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		count = -1;
		if (isdigit((unsigned char)*p)) {
			count = strtol(p, &stop, 10);
			if (*stop != '*' || stop[1] != '"' || count <= 0) {
				snprintf(error, CORPUS_ERROR_MAX, "a count is N*\"text\"");
				goto fail;
			}
			p = stop + 1;
		}
		if (*p != '"') {
			snprintf(error, CORPUS_ERROR_MAX, "a piece is \"text\" or N*\"text\"");
			goto fail;
		}
		piece = p;
		start = b.len;
		for (i = 0; i < (count < 0 ? 1 : count); i++) {
			p = piece;
			if (corpus_string(&p, end, count < 0 ? -1 : i, &b, error))
				goto fail;
			/* Without %d, every repetition is the first one again. */
			if (count > 1 && !memchr(piece, '%', p - piece)) {
				if (corpus_repeat(&b, b.len - start, count)) {
					snprintf(error, CORPUS_ERROR_MAX, "out of memory");
					goto fail;
				}
				break;
			}
		}
		if (p < end && *p != ' ' && *p != '\t') {
			snprintf(error, CORPUS_ERROR_MAX, "pieces are separated by blanks");
			goto fail;
		}
	}
	*len = b.len;
	return b.data;
fail:
	free(b.data);
	return NULL;
}

/*
 * The write(s) of @c through @fd: one write(), one pwrite(), one lseek() and write(), or two
 * write()s (the first one's result in *@first). The checked write's result, errno kept.
 */
static inline ssize_t corpus_write(int fd, const struct corpus_case *c, const char *buf,
				   size_t len, ssize_t *first)
{
	switch (c->how) {
	case CORPUS_PWRITE:
		return pwrite(fd, buf, len, c->offset);
	case CORPUS_SEEK:
		if (lseek(fd, c->offset, SEEK_SET) < 0)
			return -1;
		break;
	case CORPUS_TWICE:
		*first = write(fd, buf, len);
		break;
	default:
		break;
	}
	return write(fd, buf, len);
}

/* Where @a and @b first differ, line by line, in @buf: what a failure shows of a change. */
static inline const char *corpus_change(const char *a, const char *b, char *buf, size_t size)
{
	int line = 1;
	size_t i;

	for (i = 0; a[i] && a[i] == b[i]; i++)
		line += a[i] == '\n';
	while (i && a[i - 1] != '\n')
		i--;
	snprintf(buf, size, "line %d \"%.*s\" became \"%.*s\"", line,
		 (int)(strchrnul(a + i, '\n') - (a + i)), a + i,
		 (int)(strchrnul(b + i, '\n') - (b + i)), b + i);
	return buf;
}

/* Fail the running test unless @ok, saying why. */
static inline void __printf(3, 4)
expect_that(struct __test_metadata *const _metadata, bool ok, const char *fmt, ...)
{
	va_list args;

	if (ok)
		return;
	fprintf(stderr, "# %s: ", _metadata->name);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	_metadata->exit_code = KSFT_FAIL;
}

/* Fail the running test unless @ok, saying which case of the corpus @file and why. */
static inline void __printf(5, 6)
corpus_check(struct __test_metadata *const _metadata, const char *file,
	     const struct corpus_case *c, bool ok, const char *fmt, ...)
{
	va_list args;

	if (ok)
		return;
	fprintf(stderr, "# %s: %s:%d %s: ", _metadata->name, file, c->line, c->name);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fputc('\n', stderr);
	_metadata->exit_code = KSFT_FAIL;
}

#endif /* _SELFTESTS_STACKER_CORPUS_H */
