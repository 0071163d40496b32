// SPDX-License-Identifier: GPL-2.0-only
/* labelctl: load and query the rules, file labels and task labels of the label security module. */

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <linux/label.h>

#define FS_DIR		"/sys/kernel/security/label"
#define SELF_ATTR	"/proc/self/attr/label/current"
#define STACKER_DIR	"/sys/kernel/security/stacker"
#define SMACK_CONFIG	"/etc/smack"
#define WHY_SIZE	128

static const char usage_text[] =
	"Usage: labelctl COMMAND [ARGS...]\n"
	"Load and query the rules and labels of the label security module.\n"
	"\n"
	"  load [--label] FILE|DIR|-      check the rules of FILE, of each file of DIR, or of\n"
	"                                 stdin (-), then load them all in one write, with\n"
	"                                 Smack's meaning (--label: label's own)\n"
	"  apply [DIR]                    load DIR/accesses and DIR/accesses.d/* (default\n"
	"                                 " SMACK_CONFIG "), as smackctl apply does, then the\n"
	"                                 host files DIR/netlabel, DIR/ipv6host (and their .d\n"
	"                                 directories) and DIR/ambient\n"
	"  netlabel [ADDRESS[/N] LABEL | -f FILE|-]\n"
	"                                 print the IPv4 host labels; set one\n"
	"                                 (10.1.0.0/16 LABEL); or check every line of FILE,\n"
	"                                 then set each\n"
	"  ipv6host [ADDRESS[/N] LABEL | -f FILE|-]\n"
	"                                 the same for IPv6 hosts (fd00::/8 LABEL)\n"
	"  ambient [LABEL]                print or set the label of hosts without an entry\n"
	"  clear                          take every access away from every rule\n"
	"  status                         print whether and how the module runs\n"
	"  rules                          print the loaded rules\n"
	"  labels                         print the known labels\n"
	"  check SUBJECT OBJECT ACCESS    may SUBJECT ACCESS OBJECT? prints allowed or denied\n"
	"  chlabel [-r] [-L] [-a LABEL] [-e LABEL] [-t] [-d] PATH...\n"
	"                                 as chsmack: set the access label (-a), the exec\n"
	"                                 label (-e), transmute on directories (-t), remove\n"
	"                                 all three (-d), recursively (-r); print them with\n"
	"                                 no option\n"
	"  get [-L] PATH                  print the label (_ if none) and exec label of PATH\n"
	"  set [-L] PATH LABEL [--exec LABEL]\n"
	"                                 set the label of PATH, and its exec label\n"
	"    get, set and chlabel act on a symbolic link itself, or with -L on what it\n"
	"    points to\n"
	"  self                           print the label of this process\n"
	"  exec LABEL -- CMD [ARGS...]    take LABEL as this process's label, execute CMD\n"
	"  help, -h, --help               print this help\n"
	"\n"
	"A rule is a line \"SUBJECT OBJECT ACCESS\", fields split by spaces or tabs; empty lines\n"
	"are ignored. ACCESS: Smack's letters rwxatlb in either case and any order, with - as\n"
	"a placeholder anywhere (r---, RWX); - alone for none.\n"
	"A label: 1 to 255 printable ASCII characters, none of / \" ' \\, not starting with -.\n"
	"\n"
	"Exit status: 0 success (check: allowed; status: the module runs), 1 denied or failed\n"
	"(status: the module does not run), 2 usage error; exec exits 127 when CMD cannot be\n"
	"executed.\n"
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

	if (!len || len > LABEL_NAME_MAX)
		return explain(why, "%s: label of %zu bytes, not 1 to %d", what, len,
			       LABEL_NAME_MAX);
	if (s[0] == '-')
		return explain(why, "%s: label starts with '-'", what);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c < 0x21 || c > 0x7e || memchr("/\"'\\", c, 4))
			return bad_char(c, what, why);
	}
	return true;
}

/* Check an access string: LABEL_ACCESS_LETTERS in either case, "-" anywhere, not empty. */
static bool check_access(const char *s, size_t len, char *why)
{
	size_t i;

	if (!len)
		return explain(why, "access: empty (- means none)");
	for (i = 0; i < len; i++)
		if (!s[i] || !strchr(LABEL_ACCESS_LETTERS "-", tolower((unsigned char)s[i])))
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

/*
 * Check a line of netlabel (@v6 false) or ipv6host, without its '\n': "ADDRESS[/N] LABEL",
 * LABEL possibly the file's option (-CIPSO, -DELETE), as the kernel takes it.
 */
static bool check_host(const char *s, size_t len, bool v6, char *why)
{
	const char *option = v6 ? "-DELETE" : "-CIPSO";
	const char *sp = memchr(s, ' ', len) ?: memchr(s, '\t', len);
	const char *label, *slash;
	char addr[64];
	unsigned char bin[16];
	size_t alen, llen;
	char *end;
	long prefix;

	if (!sp)
		return explain(why, "missing label");
	label = sp;
	while (label < s + len && (*label == ' ' || *label == '\t'))
		label++;
	llen = s + len - label;
	slash = memchr(s, '/', sp - s);
	alen = (slash ?: sp) - s;
	if (alen >= sizeof(addr))
		return explain(why, "address: too long");
	memcpy(addr, s, alen);
	addr[alen] = '\0';
	if (inet_pton(v6 ? AF_INET6 : AF_INET, addr, bin) != 1)
		return explain(why, "address: not an %s address", v6 ? "IPv6" : "IPv4");
	if (slash) {
		prefix = strtol(slash + 1, &end, 10);
		if (end != sp || slash + 1 == sp || !memchr("0123456789", slash[1], 10) ||
		    end - slash > 4 || prefix > (v6 ? 128 : 32))
			return explain(why, "prefix: not 0 to %d", v6 ? 128 : 32);
	}
	if (llen == strlen(option) && !memcmp(label, option, llen))
		return true;
	if (memchr(label, ' ', llen) || memchr(label, '\t', llen))
		return explain(why, "extra field after label");
	return check_label(label, llen, "label", why);
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

/* Rules read from files, to be loaded in one write. */
struct batch {
	char *buf;
	size_t len;
};

/* Check the rules of @name (stdin for "-") and add them to @b, one newline after them. */
static int add_file(struct batch *b, const char *name)
{
	size_t len;
	char *buf = read_file(name, LABEL_LOAD_MAX, &len), *nbuf;
	int rc = 1;

	if (!buf)
		return 1;
	if (!check_rules(strcmp(name, "-") ? name : "stdin", buf, len))
		goto out;
	if (b->len + len + 1 > LABEL_LOAD_MAX) {
		errno = EFBIG;
		rc = fail("%s", name);
		goto out;
	}
	nbuf = realloc(b->buf, b->len + len + 1);
	if (!nbuf) {
		rc = fail("%s", name);
		goto out;
	}
	b->buf = nbuf;
	memcpy(b->buf + b->len, buf, len);
	b->len += len;
	/* A file need not end its last line: the next file starts on a line of its own. */
	if (len && buf[len - 1] != '\n')
		b->buf[b->len++] = '\n';
	rc = 0;
out:
	free(buf);
	return rc;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/*
 * Whether @path exists: 1, with @st filled in; 0 if it does not; -1, with a message, if it
 * cannot be looked at (a security module's EACCES, for one). A file of rules or hosts that
 * labelctl cannot read stops the load instead of being left out of it.
 */
static int exists(const char *path, struct stat *st)
{
	if (!stat(path, st))
		return 1;
	return errno == ENOENT ? 0 : -fail("%s", path);
}

/*
 * Call @fn on every regular file of @dir, in name order, as /etc/smack/accesses.d is read
 * (names starting with '.' skipped); stop at the first that fails.
 */
static int each_file(const char *dir, int (*fn)(void *ctx, const char *path), void *ctx)
{
	struct dirent **names;
	char path[PATH_MAX];
	struct stat st;
	int n, i, rc = 0;

	n = scandir(dir, &names, NULL, by_name);
	if (n < 0)
		return fail("%s", dir);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
		if (!rc && names[i]->d_name[0] != '.') {
			rc = exists(path, &st);
			rc = rc > 0 ? (S_ISREG(st.st_mode) ? fn(ctx, path) : 0) : -rc;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

static int add_file_to(void *b, const char *path)
{
	return add_file(b, path);
}

/* Add every regular file of @dir. */
static int add_dir(struct batch *b, const char *dir)
{
	return each_file(dir, add_file_to, b);
}

/* Add @name: a directory's files, or a file (- for stdin). */
static int add_rules(struct batch *b, const char *name)
{
	struct stat st;

	if (strcmp(name, "-") && !stat(name, &st) && S_ISDIR(st.st_mode))
		return add_dir(b, name);
	return add_file(b, name);
}

/*
 * Load @b in one write, all or nothing: to load2 (Smack's meaning) or, with @label_meaning,
 * to load. The kernel names a bad line of the write in its log; labelctl checked them first.
 */
static int load_batch(struct batch *b, bool label_meaning)
{
	int rc = write_file(fs_path(label_meaning ? "load" : "load2"), b->buf ?: "", b->len);

	free(b->buf);
	return rc;
}

static int cmd_load(char **args, int n)
{
	bool label_meaning = n == 2;
	struct batch b = { NULL, 0 };

	if (n == 2 && strcmp(args[0], "--label"))
		return bad_arg("load: the only option is --label");
	if (add_rules(&b, args[n - 1])) {
		free(b.buf);
		return 1;
	}
	return load_batch(&b, label_meaning);
}

/* Every rule listed, with "-": as smackctl clear, the pairs stay and grant nothing. */
static int cmd_clear(void)
{
	size_t len, out = 0;
	char *rules, *buf, *line, *end, *sp;
	int rc, fd = open(fs_path("rules"), O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail("%s", fs_path("rules"));
	rules = read_all(fd, LABEL_LOAD_MAX, &len);
	close(fd);
	if (!rules)
		return fail("%s", fs_path("rules"));
	buf = malloc(len + 1);
	if (!buf) {
		free(rules);
		return fail("clear");
	}
	for (line = rules; line < rules + len; line = end + 1) {
		end = memchr(line, '\n', rules + len - line) ?: rules + len;
		/* "subject object access": keep the labels, give "-" as the access. */
		sp = memrchr(line, ' ', end - line);
		if (!sp)
			continue;
		memcpy(buf + out, line, sp - line);
		out += sp - line;
		memcpy(buf + out, " -\n", 3);
		out += 3;
	}
	rc = write_file(fs_path("load"), buf, out);
	free(buf);
	free(rules);
	return rc;
}

/* The first line of @path, without its newline, in @buf; false if it cannot be read. */
static bool first_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	bool ok = f && fgets(buf, size, f);

	if (f)
		fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

/* The number of lines of @path, or -1. */
static long count_lines(const char *path)
{
	FILE *f = fopen(path, "re");
	long n = 0;
	int c;

	if (!f)
		return -1;
	while ((c = getc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

/* label's line of the stacker's mode file ("label enforcing"), or "" when not hosted. */
static void stacker_mode(char *mode, size_t size)
{
	FILE *f = fopen(STACKER_DIR "/mode", "re");
	char line[128];

	mode[0] = '\0';
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "label ", 6)) {
			snprintf(mode, size, "%s", line + 6);
			mode[strcspn(mode, "\n")] = '\0';
		}
	if (f)
		fclose(f);
}

/* As smackctl status, and more: whether the module runs, how, and its policy's state. */
static int cmd_status(void)
{
	char mode[128], text[4096];
	struct stat st;

	if (stat(fs_path("load"), &st)) {
		puts("label: not running");
		return 1;
	}
	stacker_mode(mode, sizeof(mode));
	printf("label: running, %s\n", *mode ? "hosted by the stacker" : "standalone");
	printf("mode: %s\n", *mode ? mode : "enforcing");
	printf("rules: %ld\n", count_lines(fs_path("rules")));
	printf("labels: %ld\n", count_lines(fs_path("labels")));
	printf("frozen: %s\n", first_line(fs_path("freeze"), text, sizeof(text)) &&
	       !strcmp(text, "1") ? "yes" : "no");
	printf("onlycap: %s\n", first_line(fs_path("onlycap"), text, sizeof(text)) ? text : "-");
	printf("mac-override: %s\n", first_line(fs_path("mac-override"), text, sizeof(text)) ?
	       text : "?");
	return 0;
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

/* Host lines read from files: checked all, then written one a write(), as the files take. */
struct hosts {
	char *buf;
	size_t len;
};

/* Check the lines of @name (stdin for "-"), blank ones skipped, and add them to @h. */
static int add_host_file(struct hosts *h, const char *name, bool v6)
{
	size_t len, lineno = 0;
	char *buf = read_file(name, LABEL_LOAD_MAX, &len), *line, *nl, *nbuf;
	char why[WHY_SIZE];

	if (!buf)
		return 1;
	for (line = buf; line < buf + len; line = nl + 1) {
		nl = memchr(line, '\n', buf + len - line) ?: buf + len;
		lineno++;
		if (nl > line && !check_host(line, nl - line, v6, why)) {
			fprintf(stderr, "labelctl: %s:%zu: %s\n",
				strcmp(name, "-") ? name : "stdin", lineno, why);
			free(buf);
			return 1;
		}
	}
	nbuf = realloc(h->buf, h->len + len + 1);
	if (!nbuf) {
		free(buf);
		return fail("%s", name);
	}
	h->buf = nbuf;
	memcpy(h->buf + h->len, buf, len);
	h->len += len;
	if (len && buf[len - 1] != '\n')
		h->buf[h->len++] = '\n';
	free(buf);
	return 0;
}

/* Write each line of @h to netlabel or ipv6host; stop at the first the kernel refuses. */
static int write_hosts(struct hosts *h, bool v6)
{
	const char *path = fs_path(v6 ? "ipv6host" : "netlabel");
	char *line, *nl;
	int rc = 0;

	for (line = h->buf; !rc && line && line < h->buf + h->len; line = nl + 1) {
		nl = memchr(line, '\n', h->buf + h->len - line);
		if (nl > line)
			rc = write_file(path, line, nl - line);
	}
	free(h->buf);
	h->buf = NULL;
	h->len = 0;
	return rc;
}

static int add_host4(void *h, const char *path)
{
	return add_host_file(h, path, false);
}

static int add_host6(void *h, const char *path)
{
	return add_host_file(h, path, true);
}

/* DIR/NAME and the files of DIR/NAME.d, each if it exists, into @h. */
static int add_host_config(struct hosts *h, const char *dir, const char *name, bool v6)
{
	char path[PATH_MAX];
	struct stat st;
	int rc;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	rc = exists(path, &st);
	rc = rc > 0 ? add_host_file(h, path, v6) : -rc;
	if (rc)
		return rc;
	snprintf(path, sizeof(path), "%s/%s.d", dir, name);
	rc = exists(path, &st);
	return rc > 0 ? each_file(path, v6 ? add_host6 : add_host4, h) : -rc;
}

/* "netlabel" and "ipv6host": print the entries, set one, or set each line of a file. */
static int cmd_hosts(bool v6, char **args, int n)
{
	struct hosts h = { NULL, 0 };
	char line[2 * LABEL_NAME_MAX], why[WHY_SIZE];
	int len;

	if (!n)
		return cmd_cat(v6 ? "ipv6host" : "netlabel");
	if (n == 2 && !strcmp(args[0], "-f")) {
		if (add_host_file(&h, args[1], v6)) {
			free(h.buf);
			return 1;
		}
		return write_hosts(&h, v6);
	}
	len = snprintf(line, sizeof(line), "%s %s", args[0], args[1]);
	if (len >= (int)sizeof(line))
		snprintf(why, sizeof(why), "entry too long");
	if (len >= (int)sizeof(line) || !check_host(line, len, v6, why)) {
		fprintf(stderr, "labelctl: %s\n", why);
		return 1;
	}
	return write_file(fs_path(v6 ? "ipv6host" : "netlabel"), line, len);
}

static int cmd_ambient(const char *label)
{
	char why[WHY_SIZE];

	if (!label)
		return cmd_cat("ambient");
	if (!check_label(label, strlen(label), "label", why)) {
		fprintf(stderr, "labelctl: %s\n", why);
		return 1;
	}
	return write_file(fs_path("ambient"), label, strlen(label));
}

/*
 * Smack's configuration: DIR/accesses, then DIR/accesses.d, each if it exists; then the host
 * labels of DIR/netlabel, DIR/ipv6host (and their .d directories) and DIR/ambient. Every file
 * is checked before anything is written.
 */
static int cmd_apply(const char *dir)
{
	struct hosts h4 = { NULL, 0 }, h6 = { NULL, 0 };
	struct batch b = { NULL, 0 };
	char path[PATH_MAX], ambient[LABEL_NAME_MAX + 2] = "", why[WHY_SIZE];
	struct stat st;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/accesses", dir);
	rc = exists(path, &st);
	rc = rc > 0 ? add_file(&b, path) : -rc;
	snprintf(path, sizeof(path), "%s/accesses.d", dir);
	if (!rc) {
		rc = exists(path, &st);
		rc = rc > 0 ? add_dir(&b, path) : -rc;
	}
	rc = rc ?: add_host_config(&h4, dir, "netlabel", false);
	rc = rc ?: add_host_config(&h6, dir, "ipv6host", true);
	snprintf(path, sizeof(path), "%s/ambient", dir);
	if (!rc) {
		rc = exists(path, &st);
		if (rc > 0 && !(first_line(path, ambient, sizeof(ambient)) &&
				check_label(ambient, strlen(ambient), "label", why))) {
			fprintf(stderr, "labelctl: %s:1: %s\n", path, *ambient ? why : "empty");
			rc = 1;
		} else {
			rc = rc < 0;
		}
	}
	if (rc) {
		free(b.buf);
		free(h4.buf);
		free(h6.buf);
		return rc;
	}
	rc = load_batch(&b, false);
	rc = rc ?: write_hosts(&h4, false);
	rc = rc ?: write_hosts(&h6, true);
	free(h4.buf);
	free(h6.buf);
	return rc ?: *ambient ? cmd_ambient(ambient) : 0;
}

static int cmd_check(char **argv)
{
	const char *path = fs_path("access");
	char why[WHY_SIZE], req[2 * LABEL_NAME_MAX + 8], reply[8];
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

/*
 * -L: get, set and chlabel act on what a symbolic link points to. Without it they act on the
 * link itself, as chsmack does.
 */
static bool follow;

static ssize_t get_xattr(const char *path, const char *name, void *val, size_t size)
{
	return follow ? getxattr(path, name, val, size) : lgetxattr(path, name, val, size);
}

static int set_xattr(const char *path, const char *name, const char *val)
{
	return follow ? setxattr(path, name, val, strlen(val), 0) :
			lsetxattr(path, name, val, strlen(val), 0);
}

/* Read xattr @name of @path, NUL-terminated: 1 if present, 0 if absent, -1 on error. */
static int read_xattr(const char *path, const char *name, char *val, size_t size)
{
	ssize_t n = get_xattr(path, name, val, size - 1);

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
	char label[LABEL_NAME_MAX + 2], exec[LABEL_NAME_MAX + 2];
	int has_label, has_exec;

	has_label = read_xattr(path, XATTR_NAME_LABEL, label, sizeof(label));
	has_exec = has_label < 0 ? -1 : read_xattr(path, XATTR_NAME_LABELEXEC, exec, sizeof(exec));
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
	if (set_xattr(path, XATTR_NAME_LABEL, label))
		return fail("%s: %s", path, XATTR_NAME_LABEL);
	if (exec && set_xattr(path, XATTR_NAME_LABELEXEC, exec))
		return fail("%s: %s", path, XATTR_NAME_LABELEXEC);
	return 0;
}

/* What chlabel does to each path. */
struct chlabel {
	const char *access;
	const char *exec;
	bool transmute;
	bool remove;
	bool print;
	int rc;
};

static struct chlabel chl;

/* Remove @name from @path; no error if it is not there. */
static int remove_xattr(const char *path, const char *name)
{
	if ((follow ? removexattr(path, name) : lremovexattr(path, name)) && errno != ENODATA)
		return fail("%s: %s", path, name);
	return 0;
}

/* Print the three attributes of @path, as chsmack does: only those it has. */
static int print_labels(const char *path)
{
	static const char *const names[] = {
		XATTR_NAME_LABEL, XATTR_NAME_LABELEXEC, XATTR_NAME_LABELTRANSMUTE
	};
	static const char *const keys[] = { "access", "execute", "transmute" };
	char val[LABEL_NAME_MAX + 2];
	ssize_t n;
	size_t i;

	printf("%s", path);
	for (i = 0; i < 3; i++) {
		n = get_xattr(path, names[i], val, sizeof(val) - 1);
		if (n < 0 && errno != ENODATA && errno != ENOTSUP) {
			putchar('\n');
			return fail("%s: %s", path, names[i]);
		}
		if (n >= 0)
			printf(" %s=\"%.*s\"", keys[i], (int)n, val);
	}
	putchar('\n');
	return 0;
}

/* One path of chlabel; @dir: it is a directory, where -t applies. */
static int chlabel_one(const char *path, bool dir, bool named)
{
	if (chl.print)
		return print_labels(path);
	if (chl.remove)
		return remove_xattr(path, XATTR_NAME_LABEL) ||
		       remove_xattr(path, XATTR_NAME_LABELEXEC) ||
		       remove_xattr(path, XATTR_NAME_LABELTRANSMUTE);
	if (chl.access && set_xattr(path, XATTR_NAME_LABEL, chl.access))
		return fail("%s: %s", path, XATTR_NAME_LABEL);
	if (chl.exec && set_xattr(path, XATTR_NAME_LABELEXEC, chl.exec))
		return fail("%s: %s", path, XATTR_NAME_LABELEXEC);
	if (chl.transmute && dir && set_xattr(path, XATTR_NAME_LABELTRANSMUTE, "TRUE"))
		return fail("%s: %s", path, XATTR_NAME_LABELTRANSMUTE);
	/* Named on the command line, a file cannot transmute; found by -r, it is skipped. */
	if (chl.transmute && !dir && named) {
		errno = ENOTDIR;
		return fail("%s: -t", path);
	}
	return 0;
}

static int chlabel_walk(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	if (type == FTW_NS || type == FTW_DNR)
		chl.rc = fail("%s", path);
	else if (chlabel_one(path, type == FTW_D, ftw->level == 0))
		chl.rc = 1;
	return 0;
}

static int cmd_chlabel(int argc, char **argv)
{
	char why[WHY_SIZE];
	bool recursive = false;
	struct stat st;
	int opt, i;

	optind = 1;
	while ((opt = getopt(argc, argv, "+ra:e:tdL")) != -1) {
		switch (opt) {
		case 'r':
			recursive = true;
			break;
		case 'L':
			follow = true;
			break;
		case 'a':
			chl.access = optarg;
			break;
		case 'e':
			chl.exec = optarg;
			break;
		case 't':
			chl.transmute = true;
			break;
		case 'd':
			chl.remove = true;
			break;
		default:
			return usage(stderr, 2);
		}
	}
	if (optind == argc)
		return bad_arg("chlabel: no path");
	if ((chl.access && !check_label(chl.access, strlen(chl.access), "label", why)) ||
	    (chl.exec && !check_label(chl.exec, strlen(chl.exec), "exec label", why)))
		return bad_arg(why);
	if (chl.remove && (chl.access || chl.exec || chl.transmute))
		return bad_arg("chlabel: -d removes the labels: not with -a, -e or -t");
	chl.print = !chl.access && !chl.exec && !chl.transmute && !chl.remove;
	for (i = optind; i < argc; i++) {
		if (recursive) {
			if (nftw(argv[i], chlabel_walk, 16, follow ? 0 : FTW_PHYS))
				chl.rc = fail("%s", argv[i]);
		} else if (follow ? stat(argv[i], &st) : lstat(argv[i], &st)) {
			chl.rc = fail("%s", argv[i]);
		} else if (chlabel_one(argv[i], S_ISDIR(st.st_mode), true)) {
			chl.rc = 1;
		}
	}
	return chl.rc;
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
	/* get -L and set -L: the option goes, the arguments are counted without it. */
	if ((!strcmp(cmd, "get") || !strcmp(cmd, "set")) && argc > 2 && !strcmp(argv[2], "-L")) {
		follow = true;
		argv++;
		argc--;
	}
	if (!strcmp(cmd, "load")) {
		if (argc == 3 || argc == 4)
			return cmd_load(argv + 2, argc - 2);
	} else if (!strcmp(cmd, "apply")) {
		if (argc <= 3)
			return cmd_apply(argc == 3 ? argv[2] : SMACK_CONFIG);
	} else if (!strcmp(cmd, "netlabel") || !strcmp(cmd, "ipv6host")) {
		if (argc == 2 || argc == 4)
			return cmd_hosts(cmd[0] == 'i', argv + 2, argc - 2);
	} else if (!strcmp(cmd, "ambient")) {
		if (argc <= 3)
			return cmd_ambient(argc == 3 ? argv[2] : NULL);
	} else if (!strcmp(cmd, "clear")) {
		if (argc == 2)
			return cmd_clear();
	} else if (!strcmp(cmd, "status")) {
		if (argc == 2)
			return cmd_status();
	} else if (!strcmp(cmd, "chlabel")) {
		return cmd_chlabel(argc - 1, argv + 1);
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
