// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hostile input to the label module: every case of tests/corpus/label.corpus (built in) written
 * to its securityfs file, /proc/<pid>/attr/label/ file, lsm_set_self_attr() or extended
 * attribute, answered as documented; and when refused, with nothing changed.
 */

#include <ctype.h>
#include <dirent.h>
#include <linux/lsm.h>
#include <pthread.h>
#include <sys/syscall.h>

#include "common.h"
#include "state.h"
#include "../stacker/corpus.h"

#define CORPUS_FILE "tests/corpus/label.corpus"

/* Refusals here are checked in the log. */
static void __attribute__((constructor)) restore_log_budgets(void)
{
	wait_for_log_budgets();
}

static const char corpus_text[] =
#include "label_corpus.h"
	;

#define ATTR_DIR "/proc/self/attr/label/"
/* A fresh tmpfs that no accepted case names, the file whose attributes the security.* cases set. */
#define TRUST_PROBE "/tmp/hostile-trust"
#define XATTR_PROBE "/tmp/hostile-xattr"

enum kind {
	SECURITYFS,
	PROC_ATTR,
	SELF_ATTR,
	XATTR,
};

/* What a corpus target names: a securityfs file, a /proc attribute, the call, an xattr. */
struct target {
	const char *name;
	enum kind kind;
	const char *path;
};

static const struct target targets[] = {
	{ "load", SECURITYFS, LABEL_FS "load" },
	{ "load2", SECURITYFS, LABEL_FS "load2" },
	{ "change-rule", SECURITYFS, LABEL_FS "change-rule" },
	{ "revoke-subject", SECURITYFS, LABEL_FS "revoke-subject" },
	{ "onlycap", SECURITYFS, LABEL_FS "onlycap" },
	{ "relabel-self", SECURITYFS, LABEL_FS "relabel-self" },
	{ "mac-override", SECURITYFS, LABEL_FS "mac-override" },
	{ "logging", SECURITYFS, LABEL_FS "logging" },
	{ "access", SECURITYFS, LABEL_FS "access" },
	{ "rules", SECURITYFS, LABEL_FS "rules" },
	{ "labels", SECURITYFS, LABEL_FS "labels" },
	{ "syslog", SECURITYFS, LABEL_FS "syslog" },
	{ "trust", SECURITYFS, LABEL_FS "trust" },
	{ "freeze", SECURITYFS, LABEL_FS "freeze" },
	{ "netlabel", SECURITYFS, LABEL_FS "netlabel" },
	{ "ipv6host", SECURITYFS, LABEL_FS "ipv6host" },
	{ "ambient", SECURITYFS, LABEL_FS "ambient" },
	{ "attr:current", PROC_ATTR, "current" },
	{ "lsm_set_self_attr", SELF_ATTR, NULL },
	{ XATTR_NAME_LABEL, XATTR, XATTR_NAME_LABEL },
	{ XATTR_NAME_LABELEXEC, XATTR, XATTR_NAME_LABELEXEC },
};

static const struct target *find_target(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(targets); i++)
		if (!strcmp(targets[i].name, name))
			return &targets[i];
	return NULL;
}

static bool how_fits(enum kind kind, enum corpus_how how)
{
	switch (kind) {
	case SECURITYFS:
		return how <= CORPUS_TWICE;
	case PROC_ATTR:
		return how != CORPUS_CALL;
	default:
		return how == CORPUS_CALL;
	}
}

/* A corpus problem, or a case answered otherwise than documented: the line says which. */
#define CASE_CHECK(c, ok, ...) corpus_check(_metadata, CORPUS_FILE, c, !!(ok), __VA_ARGS__)

static const struct probe probe = {
	.file = XATTR_PROBE,
	.mount = TRUST_PROBE,
	.program = TRUST_PROBE "/transit",
	.from = "ht_s",
	.to = "ht_t",
};

/* What the worker that made a case's write saw. */
struct outcome {
	int open_err;			/* errno of the open, or 0 */
	ssize_t first;			/* CORPUS_TWICE: the first write's result */
	ssize_t rc;			/* the checked write's or call's result */
	int err;			/* its errno */
	char answer[8];			/* access: what a read gave after an accepted query */
	char writer[LABEL_NAME_MAX + 2];	/* attributes: the writer's label afterwards */
	char owner[LABEL_NAME_MAX + 2];	/* attributes: that of the file's task afterwards */
};

static void own_label(char *buf)
{
	if (read_text("/proc/thread-self/attr/label/current", buf, LABEL_NAME_MAX + 2) < 0)
		strcpy(buf, "<unreadable>");
}

/* The write(s) of a case through @fd, and for access the answer. */
static void write_through(int fd, const struct corpus_case *c, const struct target *t,
			  const char *buf, size_t len, struct outcome *o)
{
	ssize_t n;

	o->rc = corpus_write(fd, c, buf, len, &o->first);
	o->err = o->rc < 0 ? errno : 0;
	if (!strcmp(t->name, "access") && o->rc == (ssize_t)len) {
		n = read(fd, o->answer, sizeof(o->answer) - 1);
		o->answer[n > 0 ? n : 0] = '\0';
	}
}

/* In a child of this process, the write through @fd that this process opened. */
static void write_in_child(int fd, const struct corpus_case *c, const struct target *t,
			   const char *buf, size_t len, struct outcome *o)
{
	int report[2];
	pid_t pid;

	if (pipe2(report, O_CLOEXEC)) {
		o->open_err = errno;
		return;
	}
	pid = fork();
	if (!pid) {
		write_through(fd, c, t, buf, len, o);
		own_label(o->writer);
		_exit(write(report[1], o, sizeof(*o)) != sizeof(*o));
	}
	close(report[1]);
	if (pid < 0 || read(report[0], o, sizeof(*o)) != sizeof(*o))
		o->open_err = ECHILD;
	close(report[0]);
	child_status(pid);
}

struct thread_write {
	const struct corpus_case *c;
	const struct target *t;
	const char *buf;
	size_t len;
	struct outcome *o;
};

/* Another thread's write to /proc/self/attr/label/<name>, the file of the main thread. */
static void *write_in_thread(void *arg)
{
	struct thread_write *w = arg;
	char path[64];
	int fd;

	snprintf(path, sizeof(path), ATTR_DIR "%s", w->t->path);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		w->o->open_err = errno;
		return NULL;
	}
	write_through(fd, w->c, w->t, w->buf, w->len, w->o);
	own_label(w->o->writer);
	close(fd);
	return NULL;
}

/* A write to the attribute of another process, which then reports its label. */
static void write_to_other(const struct corpus_case *c, const struct target *t, const char *buf,
			   size_t len, struct outcome *o)
{
	int hold[2], report[2], fd;
	char path[64];
	pid_t pid;

	if (pipe2(hold, O_CLOEXEC) || pipe2(report, O_CLOEXEC)) {
		o->open_err = errno;
		return;
	}
	pid = fork();
	if (!pid) {
		char label[LABEL_NAME_MAX + 2], byte;

		close(hold[1]);
		while (read(hold[0], &byte, 1) > 0)
			;
		own_label(label);
		_exit(write(report[1], label, sizeof(label)) != sizeof(label));
	}
	close(hold[0]);
	close(report[1]);
	snprintf(path, sizeof(path), "/proc/%d/attr/label/%s", pid, t->path);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		o->open_err = errno;
	} else {
		write_through(fd, c, t, buf, len, o);
		close(fd);
	}
	own_label(o->writer);
	close(hold[1]);
	if (read(report[0], o->owner, sizeof(o->owner)) != sizeof(o->owner))
		strcpy(o->owner, "<the other process did not answer>");
	close(report[0]);
	child_status(pid);
}

static void set_self_attr(const char *buf, size_t len, struct outcome *o)
{
	size_t size = sizeof(struct lsm_ctx) + len;
	struct lsm_ctx *ctx = calloc(1, size);

	if (!ctx) {
		o->open_err = ENOMEM;
		return;
	}
	ctx->id = LSM_ID_LABEL;
	ctx->len = size;
	ctx->ctx_len = len;
	memcpy(ctx->ctx, buf, len);
	o->rc = syscall(__NR_lsm_set_self_attr, LSM_ATTR_CURRENT, ctx, size, 0);
	o->err = o->rc < 0 ? errno : 0;
	free(ctx);
}

/* The case's write, made by this process, a worker that exits afterwards. */
static void act(const struct corpus_case *c, const struct target *t, const char *buf, size_t len,
		struct outcome *o)
{
	struct thread_write w = { c, t, buf, len, o };
	bool access = !strcmp(t->name, "access");
	pthread_t thread;
	char path[64];
	int fd;

	if (t->kind == XATTR) {
		o->rc = setxattr(XATTR_PROBE, t->path, buf, len, 0);
		o->err = o->rc < 0 ? errno : 0;
		return;
	}
	if (c->how == CORPUS_OTHER) {
		write_to_other(c, t, buf, len, o);
		return;
	}
	if (t->kind == SELF_ATTR) {
		set_self_attr(buf, len, o);
	} else if (c->how == CORPUS_THREAD) {
		if (pthread_create(&thread, NULL, write_in_thread, &w))
			o->open_err = EAGAIN;
		else
			pthread_join(thread, NULL);
	} else {
		if (t->kind == PROC_ATTR)
			snprintf(path, sizeof(path), ATTR_DIR "%s", t->path);
		else
			snprintf(path, sizeof(path), "%s", t->path);
		fd = open(path, (access ? O_RDWR : O_WRONLY) | O_CLOEXEC);
		if (fd < 0) {
			o->open_err = errno;
			return;
		}
		if (c->how == CORPUS_CHILD)
			write_in_child(fd, c, t, buf, len, o);
		else
			write_through(fd, c, t, buf, len, o);
		close(fd);
	}
	own_label(o->owner);
	/* The writer is another process or thread in those two cases, which said its label. */
	if (c->how != CORPUS_CHILD && c->how != CORPUS_THREAD)
		strcpy(o->writer, o->owner);
}

/* The outcome of a case, acted out by a fresh child: 0, or -1. */
static int run_in_worker(const struct corpus_case *c, const struct target *t, const char *buf,
			 size_t len, struct outcome *o)
{
	int report[2];
	pid_t pid;

	memset(o, 0, sizeof(*o));
	if (pipe2(report, O_CLOEXEC))
		return -1;
	pid = fork();
	if (!pid) {
		act(c, t, buf, len, o);
		_exit(write(report[1], o, sizeof(*o)) != sizeof(*o));
	}
	close(report[1]);
	if (pid < 0 || read(report[0], o, sizeof(*o)) != sizeof(*o)) {
		close(report[0]);
		child_status(pid);
		return -1;
	}
	close(report[0]);
	return child_status(pid) ? -1 : 0;
}

/*
 * The label an accepted write gives: the text less one trailing NUL (lsm_set_self_attr only)
 * and one trailing newline (not for the extended attributes, which take none).
 */
static void expected_label(const struct target *t, const char *buf, size_t len, char *label)
{
	if (t->kind == SELF_ATTR && len && !buf[len - 1])
		len--;
	if (t->kind != XATTR && len && buf[len - 1] == '\n')
		len--;
	snprintf(label, LABEL_NAME_MAX + 2, "%.*s", (int)len, buf);
}

/* The rules file's way of writing an access string: rwxatl order, no b, "-" for none. */
static void canonical_access(const char *text, size_t len, char *out)
{
	static const char letters[] = "rwxatl";
	bool bits[6] = { false };
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		const char *p = text[i] ? strchr(letters, tolower((unsigned char)text[i])) : NULL;

		if (p)
			bits[p - letters] = true;
	}
	for (i = 0; i < 6; i++)
		if (bits[i])
			out[n++] = letters[i];
	if (!n)
		out[n++] = '-';
	out[n] = '\0';
}

/* A 24-byte column of Smack's fixed-width form: its label's length, or 0. */
static size_t fixed_column(const char *col)
{
	size_t n = 0, i;

	while (n < 24 && col[n] != ' ' && col[n] != '\0')
		n++;
	for (i = n; i < 24; i++)
		if (col[i] != ' ' && col[i] != '\0')
			return 0;
	return n;
}

/* The first rule line of an accepted load that @rules does not list, in @missing; or false. */
static bool rule_missing(const char *rules, const char *text, size_t len, char *missing,
			 size_t size)
{
	const char *p = text, *end = text + len, *prev = NULL;
	size_t prev_len = 0, s_len, o_len;
	char access[8];

	/* One rule in the fixed-width form (52 to 54 bytes), as the kernel reads it first. */
	s_len = len >= 52 && len <= 54 ? fixed_column(text) : 0;
	o_len = s_len ? fixed_column(text + 24) : 0;
	if (o_len) {
		canonical_access(text + 48, len - 48, access);
		snprintf(missing, size, "%.*s %.*s %s", (int)s_len, text, (int)o_len, text + 24,
			 access);
		return !has_line(rules, missing);
	}

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p), *f[3], *s;
		size_t line_len = (nl ? nl : end) - p, flen[3];
		char access[8], line[2 * LABEL_NAME_MAX + 8];
		int i;

		if (line_len && !(prev && prev_len == line_len && !memcmp(prev, p, line_len))) {
			s = p;
			for (i = 0; i < 3; i++) {
				while (s < p + line_len && (*s == ' ' || *s == '\t'))
					s++;
				f[i] = s;
				while (s < p + line_len && *s != ' ' && *s != '\t')
					s++;
				flen[i] = s - f[i];
			}
			canonical_access(f[2], flen[2], access);
			snprintf(line, sizeof(line), "%.*s %.*s %s", (int)flen[0], f[0],
				 (int)flen[1], f[1], access);
			if (!has_line(rules, line)) {
				snprintf(missing, size, "%s", line);
				return true;
			}
			prev = p;
			prev_len = line_len;
		}
		p += line_len + 1;
	}
	return false;
}

/* Whether an accepted case may change @item, beyond what run_case() checks and puts back. */
static bool may_change(const struct target *t, enum state_item item)
{
	if (item == STATE_LABELS)
		return strcmp(t->name, "access") && strcmp(t->name, "trust");
	if (item == STATE_ONLYCAP || item == STATE_MAC_OVERRIDE || item == STATE_LOGGING ||
	    item == STATE_NETLABEL || item == STATE_IPV6HOST)
		return !strcmp(t->name, state_names[item]);
	return item == STATE_RULES && (!strcmp(t->name, "load") || !strcmp(t->name, "load2") ||
					!strcmp(t->name, "change-rule") ||
					!strcmp(t->name, "revoke-subject"));
}

/*
 * A host entry an accepted case wrote, undone as far as the file allows: removed from
 * ipv6host, made -CIPSO (no label: a host without an entry) in netlabel.
 */
static void put_back_host(const struct target *t, const char *buf, size_t len)
{
	const char *option = strcmp(t->name, "ipv6host") ? "-CIPSO" : "-DELETE";
	size_t n = strcspn(buf, " \t");
	char line[128];

	if (n < len && n < 64) {
		snprintf(line, sizeof(line), "%.*s %s", (int)n, buf, option);
		write_str(t->path, line);
	}
}

/*
 * Undo what an accepted case did that later cases must not see: syslog, onlycap (which could
 * shut this program out of the policy), mac-override, logging, ambient, the probe's xattrs.
 */
static void put_back(const struct target *t, const struct state *before)
{
	if (!strcmp(t->name, "ambient"))
		write_str(LABEL_FS "ambient", before->item[STATE_AMBIENT]);
	if (!strcmp(t->name, "syslog"))
		write_str(LABEL_FS "syslog",
			  *before->item[STATE_SYSLOG] ? before->item[STATE_SYSLOG] : "-");
	if (!strcmp(t->name, "onlycap"))
		write_str(LABEL_FS "onlycap",
			  *before->item[STATE_ONLYCAP] ? before->item[STATE_ONLYCAP] : "-");
	if (!strcmp(t->name, "mac-override"))
		write_str(LABEL_FS "mac-override", before->item[STATE_MAC_OVERRIDE]);
	if (!strcmp(t->name, "logging"))
		write_str(LABEL_FS "logging", before->item[STATE_LOGGING]);
	if (t->kind == XATTR) {
		removexattr(XATTR_PROBE, XATTR_NAME_LABEL);
		removexattr(XATTR_PROBE, XATTR_NAME_LABELEXEC);
	}
}

/*
 * One case: its answer, and what changed since @before, the state the previous case left (or
 * the state at the start): nothing else writes it meanwhile. @before then holds the new state.
 */
static void run_case(struct __test_metadata *const _metadata, const struct corpus_case *c,
		     const struct target *t, struct state *before)
{
	char error[CORPUS_ERROR_MAX], label[LABEL_NAME_MAX + 2], missing[2 * LABEL_NAME_MAX + 8];
	char change[2 * LABEL_NAME_MAX + 64];
	bool trust = !strcmp(t->name, "trust");
	struct state after;
	struct outcome o;
	size_t len, want;
	char *buf, *text;
	int i;

	buf = corpus_payload(c, &len, error);
	CASE_CHECK(c, buf, "%s", error);
	if (!buf)
		return;
	CASE_CHECK(c, !run_in_worker(c, t, buf, len, &o), "the worker failed");
	want = t->kind == SELF_ATTR || t->kind == XATTR ? 0 : len;
	CASE_CHECK(c, !o.open_err, "open: %s", strerror(o.open_err));
	if (c->expect)
		CASE_CHECK(c, o.rc == -1 && o.err == c->expect, "expected %s, got %zd (%s)",
			   corpus_errno_name(c->expect), o.rc, corpus_errno_name(o.err));
	else
		CASE_CHECK(c, o.rc == (ssize_t)want, "expected %zu, got %zd (%s)", want, o.rc,
			   corpus_errno_name(o.err));
	if (c->how == CORPUS_TWICE)
		CASE_CHECK(c, o.first == (ssize_t)len, "the first write gave %zd", o.first);

	expected_label(t, buf, len, label);
	if (t->kind == PROC_ATTR || t->kind == SELF_ATTR) {
		if (c->expect)
			strcpy(label, "_");
		CASE_CHECK(c, !strcmp(o.writer, label), "the writer's label is \"%s\", not \"%s\"",
			   o.writer, label);
		CASE_CHECK(c, !strcmp(o.owner, label),
			   "the label of the file's task is \"%s\", not \"%s\"", o.owner, label);
	}
	if (!c->expect && !strcmp(t->name, "access"))
		CASE_CHECK(c, !strcmp(o.answer, "0\n") || !strcmp(o.answer, "1\n"),
			   "the answer is \"%s\"", o.answer);
	if (!c->expect && !strcmp(t->name, "syslog")) {
		text = read_all(LABEL_FS "syslog");
		if (strcmp(label, "-"))
			strcat(label, "\n");
		else
			label[0] = '\0';
		CASE_CHECK(c, !strcmp(text, label), "syslog reads \"%s\"", text);
		free(text);
	}
	if (!c->expect && !strcmp(t->name, "ambient")) {
		text = read_all(LABEL_FS "ambient");
		strcat(label, "\n");
		CASE_CHECK(c, !strcmp(text, label), "ambient reads \"%s\"", text);
		free(text);
	}
	if (!c->expect && t->kind == XATTR) {
		text = read_label_xattr(XATTR_PROBE, t->path);
		CASE_CHECK(c, !strcmp(text, label), "the attribute reads \"%s\"", text);
		free(text);
	}
	if (!c->expect && !strcmp(t->name, "load")) {
		text = read_all(LABEL_FS "rules");
		CASE_CHECK(c, !rule_missing(text, buf, len, missing, sizeof(missing)),
			   "\"%s\" is not listed", missing);
		free(text);
	}
	if (!c->expect && (!strcmp(t->name, "netlabel") || !strcmp(t->name, "ipv6host")))
		put_back_host(t, buf, len);
	put_back(t, before);

	read_state(&after, &probe, trust);
	for (i = 0; i < __STATE_MAX; i++) {
		if (!c->expect && may_change(t, i))
			continue;
		CASE_CHECK(c, !strcmp(before->item[i], after.item[i]), "%s changed: %s",
			   state_names[i],
			   corpus_change(before->item[i], after.item[i], change, sizeof(change)));
	}
	free_state(before);
	*before = after;
	free(buf);
}

/* The corpus parses, and every case names a target, a way of writing it fits and a payload. */
TEST(corpus_is_well_formed)
{
	char error[CORPUS_ERROR_MAX], names[512][CORPUS_FIELD_MAX];
	int line = 0, n = 0, per_target[ARRAY_SIZE(targets)] = { 0 }, rc, i;
	const char *pos = corpus_text;
	const struct target *t;
	struct corpus_case c;
	size_t len;
	char *buf;

	while ((rc = corpus_next(&pos, &line, &c, error))) {
		CASE_CHECK(&c, rc > 0, "%s", error);
		if (rc < 0)
			continue;
		t = find_target(c.target);
		CASE_CHECK(&c, t, "unknown target \"%s\"", c.target);
		if (!t)
			continue;
		per_target[t - targets]++;
		CASE_CHECK(&c, how_fits(t->kind, c.how), "%s does not apply to %s",
			   corpus_how_names[c.how], c.target);
		CASE_CHECK(&c, c.expect || strcmp(c.target, "freeze"),
			   "a freeze that succeeds lasts until reboot");
		for (i = 0; i < n; i++)
			CASE_CHECK(&c, strcmp(names[i], c.name), "a second case of this name");
		ASSERT_GT(ARRAY_SIZE(names), n);
		strcpy(names[n++], c.name);
		buf = corpus_payload(&c, &len, error);
		CASE_CHECK(&c, buf, "%s", error);
		free(buf);
	}
	for (i = 0; i < (int)ARRAY_SIZE(targets); i++)
		expect_that(_metadata, per_target[i], "no case for %s", targets[i].name);
}

static bool has_case(const char *target)
{
	char error[CORPUS_ERROR_MAX];
	const char *pos = corpus_text;
	struct corpus_case c;
	int line = 0, rc;

	while ((rc = corpus_next(&pos, &line, &c, error)))
		if (rc > 0 && !strcmp(c.target, target))
			return true;
	return false;
}

/* A new file in the module's directories needs cases before it is hostile-tested. */
TEST(corpus_covers_every_file)
{
	static const char *const dirs[][2] = { { LABEL_FS, "" }, { ATTR_DIR, "attr:" } };
	char target[sizeof(((struct dirent *)0)->d_name) + 8];
	struct dirent *e;
	size_t i;
	DIR *dir;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		dir = opendir(dirs[i][0]);
		ASSERT_NE(NULL, dir);
		while ((e = readdir(dir))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(target, sizeof(target), "%s%s", dirs[i][1], e->d_name);
			expect_that(_metadata, find_target(target) && has_case(target),
				    "%s%s has no case in %s", dirs[i][0], e->d_name, CORPUS_FILE);
		}
		closedir(dir);
	}
}

FIXTURE(corpus) {};

FIXTURE_VARIANT(corpus)
{
	const char *target;
};

FIXTURE_VARIANT_ADD(corpus, load) { .target = "load" };
FIXTURE_VARIANT_ADD(corpus, load2) { .target = "load2" };
FIXTURE_VARIANT_ADD(corpus, change_rule) { .target = "change-rule" };
FIXTURE_VARIANT_ADD(corpus, revoke_subject) { .target = "revoke-subject" };
FIXTURE_VARIANT_ADD(corpus, onlycap) { .target = "onlycap" };
FIXTURE_VARIANT_ADD(corpus, relabel_self) { .target = "relabel-self" };
FIXTURE_VARIANT_ADD(corpus, mac_override) { .target = "mac-override" };
FIXTURE_VARIANT_ADD(corpus, logging) { .target = "logging" };
FIXTURE_VARIANT_ADD(corpus, access) { .target = "access" };
FIXTURE_VARIANT_ADD(corpus, rules) { .target = "rules" };
FIXTURE_VARIANT_ADD(corpus, labels) { .target = "labels" };
FIXTURE_VARIANT_ADD(corpus, syslog) { .target = "syslog" };
FIXTURE_VARIANT_ADD(corpus, trust) { .target = "trust" };
FIXTURE_VARIANT_ADD(corpus, freeze) { .target = "freeze" };
FIXTURE_VARIANT_ADD(corpus, netlabel) { .target = "netlabel" };
FIXTURE_VARIANT_ADD(corpus, ipv6host) { .target = "ipv6host" };
FIXTURE_VARIANT_ADD(corpus, ambient) { .target = "ambient" };
FIXTURE_VARIANT_ADD(corpus, attr_current) { .target = "attr:current" };
FIXTURE_VARIANT_ADD(corpus, lsm_set_self_attr) { .target = "lsm_set_self_attr" };
FIXTURE_VARIANT_ADD(corpus, security_label) { .target = XATTR_NAME_LABEL };
FIXTURE_VARIANT_ADD(corpus, security_labelexec) { .target = XATTR_NAME_LABELEXEC };

/* The probes, made once per boot; and this process must start from the floor, unfrozen. */
FIXTURE_SETUP(corpus)
{
	char label[LABEL_NAME_MAX + 2], frozen[8];

	ASSERT_EQ(1, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
	ASSERT_LT(0, read_text(LABEL_FS "freeze", frozen, sizeof(frozen)));
	if (strcmp(frozen, "0\n"))
		SKIP(return, "the policy is frozen");
	make_probes(_metadata, &probe);
}

FIXTURE_TEARDOWN(corpus)
{
}

/* Each case of the variant's target: the documented answer, and nothing changed if refused. */
TEST_F_TIMEOUT(corpus, answers_as_documented, 300)
{
	const struct target *t = find_target(variant->target);
	char error[CORPUS_ERROR_MAX];
	const char *pos = corpus_text;
	struct corpus_case c;
	int line = 0, n = 0, rc;
	struct state state;

	ASSERT_NE(NULL, t);
	read_state(&state, &probe, !strcmp(t->name, "trust"));
	while ((rc = corpus_next(&pos, &line, &c, error))) {
		if (rc < 0 || strcmp(c.target, t->name) || !how_fits(t->kind, c.how))
			continue;
		run_case(_metadata, &c, t, &state);
		n++;
	}
	free_state(&state);
	ASSERT_LT(0, n);
}

/* A refused batch is logged with the number of its first malformed line. */
TEST(refused_batch_names_its_line)
{
	static const char bad[] = "hn_s hn_o rw\nhn_s hn_o w\n\nhn_s hn_o r w\n";
	char expect[64];
	int kmsg = kmsg_from_now();

	ASSERT_LE(0, kmsg);
	ASSERT_EQ(-1, write_str(LABEL_FS "load", bad));
	ASSERT_EQ(EINVAL, errno);
	snprintf(expect, sizeof(expect), "label: load: line %d is", 4);
	EXPECT_TRUE(logged(kmsg, expect));
	close(kmsg);
}

/* A path cut short by a NUL byte is refused, and the refusal says why. */
TEST(trust_with_nul_is_logged)
{
	static const char path[] = "/tmp\0/elsewhere";
	int kmsg = kmsg_from_now();

	ASSERT_LE(0, kmsg);
	ASSERT_EQ(-1, write_text(LABEL_FS "trust", path, sizeof(path) - 1));
	ASSERT_EQ(EINVAL, errno);
	EXPECT_TRUE(logged(kmsg, "label: write to trust refused: the path holds a NUL byte:"));
	close(kmsg);
}

TEST_HARNESS_MAIN
