// SPDX-License-Identifier: GPL-2.0-only
/* labelctl: load and query the rules, file labels and task labels of the label security module. */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#define FS_DIR		"/sys/kernel/security/label"
#define SELF_ATTR	"/proc/self/attr/label/current"
#define XATTR_LABEL	"security.label"
#define XATTR_EXEC	"security.labelexec"
#define LABEL_MAX	255
#define LOAD_MAX	(8 << 20)	/* the kernel takes at most 8 MiB in one write() to load */
#define WHY_SIZE	128

static const char usage_text[] =
	"Usage: labelctl COMMAND [ARGS...]\n"
	"Load and query the rules and labels of the label security module.\n"
	"\n"
	"  load FILE|-                    check the rules in FILE (- stdin), load them at once\n"
	"  rules                          print the loaded rules\n"
	"  labels                         print the known labels\n"
	"  check SUBJECT OBJECT ACCESS    may SUBJECT ACCESS OBJECT? prints allowed or denied\n"
	"  get PATH                       print the label (_ if none) and exec label of PATH\n"
	"  set PATH LABEL [--exec LABEL]  set the label of PATH, and its exec label\n"
	"  self                           print the label of this process\n"
	"  exec LABEL -- CMD [ARGS...]    take LABEL as this process's label, execute CMD\n"
	"  help, -h, --help               print this help\n"
	"\n"
	"A rule is a line \"SUBJECT OBJECT ACCESS\", fields split by spaces or tabs; empty lines\n"
	"are ignored. ACCESS: Smack's letters rwxatlb in either case and any order, with - as\n"
	"a placeholder anywhere (r---, RWX); - alone for none.\n"
	"A label: 1 to 255 printable ASCII characters, none of / \" ' \\, not starting with -.\n"
	"\n"
	"Exit status: 0 success (check: allowed), 1 denied or failed, 2 usage error;\n"
	"exec exits 127 when CMD cannot be executed.\n"
	"\n"
	"Environment: LABELCTL_FS, the securityfs directory (default " FS_DIR "),\n"
	"and LABELCTL_SELF, the task label attribute (default " SELF_ATTR ").\n";

static int usage(FILE *f, int status)
{
	fputs(usage_text, f);
	return status;
}

/* Print "labelctl: <context>: <strerror(errno)>" and return 1, the failure exit status. */
static int fail(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	fputs("labelctl: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", strerror(err));
	return 1;
}

/* A command line argument with bad syntax: say why, then the usage. */
static int bad_arg(const char *why)
{
	fprintf(stderr, "labelctl: %s\n", why);
	return usage(stderr, 2);
}

static const char *env_or(const char *name, const char *def)
{
	const char *val = getenv(name);

	return val && *val ? val : def;
}

/* The path of file @name in the module's securityfs directory. */
static const char *fs_path(const char *name)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", env_or("LABELCTL_FS", FS_DIR), name);
	return path;
}

/* Describe a syntax error in @why (WHY_SIZE bytes) and return false. */
static bool explain(char *why, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, WHY_SIZE, fmt, ap);
	va_end(ap);
	return false;
}

static bool bad_char(unsigned char c, const char *what, char *why)
{
	if (c >= 0x21 && c <= 0x7e)
		return explain(why, "%s: bad character '%c'", what, c);
	return explain(why, "%s: bad character 0x%02x", what, c);
}

/* Check the label syntax of @s, @len bytes; on error describe it in @why as "<what>: ...". */
static bool check_label(const char *s, size_t len, const char *what, char *why)
{
	size_t i;

	if (!len || len > LABEL_MAX)
		return explain(why, "%s: label of %zu bytes, not 1 to %d", what, len, LABEL_MAX);
	if (s[0] == '-')
		return explain(why, "%s: label starts with '-'", what);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c < 0x21 || c > 0x7e || memchr("/\"'\\", c, 4))
			return bad_char(c, what, why);
	}
	return true;
}

/* Check an access string: Smack's letters "rwxatlb" in either case, "-" anywhere, not empty. */
static bool check_access(const char *s, size_t len, char *why)
{
	size_t i;

	if (!len)
		return explain(why, "access: empty (- means none)");
	for (i = 0; i < len; i++)
		if (!memchr("rwxatlbRWXATLB-", s[i], 15))
			return bad_char(s[i], "access", why);
	return true;
}

/* Check one line of rules (without its '\n'): empty, or "subject object access". */
static bool check_rule(const char *s, size_t len, char *why)
{
	static const char *const names[] = { "subject", "object", "access" };
	const char *field[3];
	size_t flen[3], n = 0, i = 0, start;

	if (!len)
		return true;
	if (s[len - 1] == '\r')
		return explain(why, "bad character 0x0d at end of line (CRLF line ending?)");
	while (i < len) {
		if (s[i] == ' ' || s[i] == '\t') {
			i++;
			continue;
		}
		start = i;
		while (i < len && s[i] != ' ' && s[i] != '\t')
			i++;
		if (n == 3)
			return explain(why, "extra field after access");
		field[n] = s + start;
		flen[n++] = i - start;
	}
	if (n < 3)
		return explain(why, "missing %s", names[n]);
	return check_label(field[0], flen[0], names[0], why) &&
	       check_label(field[1], flen[1], names[1], why) &&
	       check_access(field[2], flen[2], why);
}

/* Check every line of @buf; report the first bad one as "labelctl: NAME:LINE: why". */
static bool check_rules(const char *name, const char *buf, size_t len)
{
	const char *line = buf, *end = buf + len, *nl;
	unsigned long lineno = 0;
	char why[WHY_SIZE];

	while (line < end) {
		nl = memchr(line, '\n', end - line);
		if (!nl)
			nl = end;
		lineno++;
		if (!check_rule(line, nl - line, why)) {
			fprintf(stderr, "labelctl: %s:%lu: %s\n", name, lineno, why);
			return false;
		}
		line = nl + 1;
	}
	return true;
}

/* Read all of @fd into a new buffer; NULL with errno set on error, EFBIG past @max bytes. */
static char *read_all(int fd, size_t max, size_t *lenp)
{
	size_t len = 0, size = 0;
	char *buf = NULL, *nbuf;
	ssize_t n;

	for (;;) {
		if (len == size) {
			size = size ? 2 * size : 4096;
			nbuf = realloc(buf, size);
			if (!nbuf)
				break;
			buf = nbuf;
		}
		n = read(fd, buf + len, size - len);
		if (n < 0)
			break;
		if (!n) {
			*lenp = len;
			return buf;
		}
		len += n;
		if (len > max) {
			errno = EFBIG;
			break;
		}
	}
	free(buf);
	return NULL;
}

/* Read all of @name, stdin for "-"; NULL after an error message. */
static char *read_file(const char *name, size_t max, size_t *lenp)
{
	bool std = !strcmp(name, "-");
	int fd = std ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC);
	char *buf = fd < 0 ? NULL : read_all(fd, max, lenp);

	if (!buf)
		fail("%s", std ? "stdin" : name);
	if (!std && fd >= 0)
		close(fd);
	return buf;
}

/* The kernel parses each write() on its own: send all of @buf in one, a short one is an error. */
static int write_once(int fd, const char *path, const void *buf, size_t len)
{
	ssize_t n = write(fd, buf, len);

	if (n == (ssize_t)len)
		return 0;
	if (n < 0)
		return fail("%s", path);
	errno = EIO;
	return fail("%s: short write (%zd of %zu bytes)", path, n, len);
}

static int write_file(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return fail("%s", path);
	rc = write_once(fd, path, buf, len);
	if (close(fd) && !rc)
		rc = fail("%s", path);
	return rc;
}

static int cmd_load(const char *file)
{
	size_t len;
	char *buf = read_file(file, LOAD_MAX, &len);
	int rc;

	if (!buf)
		return 1;
	rc = check_rules(strcmp(file, "-") ? file : "stdin", buf, len) ?
	     write_file(fs_path("load"), buf, len) : 1;
	free(buf);
	return rc;
}

/* Copy the securityfs file @name to stdout. */
static int cmd_cat(const char *name)
{
	const char *path = fs_path(name);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char buf[65536];
	ssize_t n;

	if (fd < 0)
		return fail("%s", path);
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, n, stdout);
	if (n < 0)
		fail("%s", path);
	close(fd);
	return n < 0;
}

static int cmd_check(char **argv)
{
	const char *path = fs_path("access");
	char why[WHY_SIZE], req[2 * LABEL_MAX + 8], reply[8];
	ssize_t n;
	int fd, len, rc;

	if (!check_label(argv[0], strlen(argv[0]), "subject", why) ||
	    !check_label(argv[1], strlen(argv[1]), "object", why) ||
	    !check_access(argv[2], strlen(argv[2]), why))
		return bad_arg(why);
	len = snprintf(req, sizeof(req), "%s %s %s\n", argv[0], argv[1], argv[2]);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fail("%s", path);
	rc = write_once(fd, path, req, len);
	/* The answer comes back on the same open file. */
	n = rc ? 0 : read(fd, reply, sizeof(reply));
	if (n < 0)
		rc = fail("%s", path);
	close(fd);
	if (rc)
		return rc;
	if ((n != 1 && (n != 2 || reply[1] != '\n')) || (reply[0] != '0' && reply[0] != '1')) {
		errno = EPROTO;
		return fail("%s: unexpected answer", path);
	}
	puts(reply[0] == '1' ? "allowed" : "denied");
	return reply[0] != '1';
}

/* Read xattr @name of @path, NUL-terminated: 1 if present, 0 if absent, -1 on error. */
static int read_xattr(const char *path, const char *name, char *val, size_t size)
{
	ssize_t n = getxattr(path, name, val, size - 1);

	if (n < 0) {
		if (errno == ENODATA)
			return 0;
		fail("%s: %s", path, name);
		return -1;
	}
	/* Tolerate a trailing NUL or newline. */
	while (n && (val[n - 1] == '\0' || val[n - 1] == '\n'))
		n--;
	val[n] = '\0';
	return 1;
}

static int cmd_get(const char *path)
{
	char label[LABEL_MAX + 2], exec[LABEL_MAX + 2];
	int has_label, has_exec;

	has_label = read_xattr(path, XATTR_LABEL, label, sizeof(label));
	has_exec = has_label < 0 ? -1 : read_xattr(path, XATTR_EXEC, exec, sizeof(exec));
	if (has_exec < 0)
		return 1;
	printf("%s: label=%s", path, has_label ? label : "_");
	if (has_exec)
		printf(" exec=%s", exec);
	putchar('\n');
	return 0;
}

static int cmd_set(const char *path, const char *label, const char *exec)
{
	char why[WHY_SIZE];

	if (!check_label(label, strlen(label), "label", why) ||
	    (exec && !check_label(exec, strlen(exec), "exec label", why)))
		return bad_arg(why);
	if (setxattr(path, XATTR_LABEL, label, strlen(label), 0))
		return fail("%s: %s", path, XATTR_LABEL);
	if (exec && setxattr(path, XATTR_EXEC, exec, strlen(exec), 0))
		return fail("%s: %s", path, XATTR_EXEC);
	return 0;
}

static int cmd_self(void)
{
	size_t len;
	char *buf = read_file(env_or("LABELCTL_SELF", SELF_ATTR), 4096, &len);

	if (!buf)
		return 1;
	/* Tolerate a trailing newline or NUL. */
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\0'))
		len--;
	printf("%.*s\n", (int)len, buf);
	free(buf);
	return 0;
}

static int cmd_exec(const char *label, char **cmd)
{
	char why[WHY_SIZE];

	if (!check_label(label, strlen(label), "label", why))
		return bad_arg(why);
	if (write_file(env_or("LABELCTL_SELF", SELF_ATTR), label, strlen(label)))
		return 1;
	execvp(cmd[0], cmd);
	fail("%s", cmd[0]);
	return 127;
}

static int run(int argc, char **argv)
{
	const char *cmd = argv[1];

	if (argc < 2)
		return usage(stderr, 2);
	if (!strcmp(cmd, "help") || !strcmp(cmd, "-h") || !strcmp(cmd, "--help"))
		return argc == 2 ? usage(stdout, 0) : usage(stderr, 2);
	if (!strcmp(cmd, "load")) {
		if (argc == 3)
			return cmd_load(argv[2]);
	} else if (!strcmp(cmd, "rules") || !strcmp(cmd, "labels")) {
		if (argc == 2)
			return cmd_cat(cmd);
	} else if (!strcmp(cmd, "check")) {
		if (argc == 5)
			return cmd_check(argv + 2);
	} else if (!strcmp(cmd, "get")) {
		if (argc == 3)
			return cmd_get(argv[2]);
	} else if (!strcmp(cmd, "set")) {
		if (argc == 4)
			return cmd_set(argv[2], argv[3], NULL);
		if (argc == 6 && !strcmp(argv[4], "--exec"))
			return cmd_set(argv[2], argv[3], argv[5]);
	} else if (!strcmp(cmd, "self")) {
		if (argc == 2)
			return cmd_self();
	} else if (!strcmp(cmd, "exec")) {
		if (argc >= 5 && !strcmp(argv[3], "--"))
			return cmd_exec(argv[2], argv + 4);
	} else {
		fprintf(stderr, "labelctl: unknown command '%s'\n", cmd);
		return usage(stderr, 2);
	}
	fprintf(stderr, "labelctl: %s: wrong arguments\n", cmd);
	return usage(stderr, 2);
}

int main(int argc, char **argv)
{
	int rc = run(argc, argv);

	if (fflush(stdout) || ferror(stdout))
		rc = fail("stdout");
	return rc;
}
