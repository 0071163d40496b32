// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hostile input to the stacker's securityfs files: every case of tests/corpus/stacker.corpus
 * (built in), answered as documented, and when refused, with nothing changed. Once the stacker
 * is locked, every write to mode and lock is refused with EPERM, whatever it holds.
 */

#include <dirent.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "../kselftest_harness.h"
#include "common.h"
#include "corpus.h"

#define CORPUS_FILE "tests/corpus/stacker.corpus"
#define TEXT_SIZE 8192

static const char corpus_text[] =
#include "stacker_corpus.h"
	;

static const char *const files[] = { "mode", "lock", "log", "count", "modules", "hooks", "stats",
				     "errors" };

/* What a refused write must not change (stats changes with every counted hook call). */
static const char *const state_files[] = { "mode", "lock", "log", "count", "modules", "hooks",
					   "errors" };

static void __attribute__((constructor)) require_stacker(void)
{
	skip_unless_present(STACKER, "the stacker");
}

static bool is_file(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(files); i++)
		if (!strcmp(files[i], name))
			return true;
	return false;
}

/* A corpus problem, or a case answered otherwise than documented: the line says which. */
#define CASE_CHECK(c, ok, ...) corpus_check(_metadata, CORPUS_FILE, c, !!(ok), __VA_ARGS__)

/* What the write of a case gave. */
struct outcome {
	int open_err;
	ssize_t first;
	ssize_t rc;
	int err;
};

static void write_through(int fd, const struct corpus_case *c, const char *buf, size_t len,
			  struct outcome *o)
{
	o->rc = corpus_write(fd, c, buf, len, &o->first);
	o->err = o->rc < 0 ? errno : 0;
}

/* The case's write; a child writes through this process's descriptor for CORPUS_CHILD. */
static void act(const struct corpus_case *c, const char *buf, size_t len, struct outcome *o)
{
	char path[sizeof(STACKER) + CORPUS_FIELD_MAX];
	int fd, report[2];
	pid_t pid;

	memset(o, 0, sizeof(*o));
	snprintf(path, sizeof(path), STACKER "%s", c->target);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		o->open_err = errno;
		return;
	}
	if (c->how != CORPUS_CHILD) {
		write_through(fd, c, buf, len, o);
	} else if (pipe2(report, O_CLOEXEC)) {
		o->open_err = errno;
	} else {
		pid = fork();
		if (!pid) {
			write_through(fd, c, buf, len, o);
			_exit(write(report[1], o, sizeof(*o)) != sizeof(*o));
		}
		close(report[1]);
		if (pid < 0 || read(report[0], o, sizeof(*o)) != sizeof(*o))
			o->open_err = ECHILD;
		close(report[0]);
		waitpid(pid, NULL, 0);
	}
	close(fd);
}

static void read_state(char state[][TEXT_SIZE])
{
	char path[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(state_files); i++) {
		snprintf(path, sizeof(path), STACKER "%s", state_files[i]);
		if (read_text(path, state[i], TEXT_SIZE) < 0)
			snprintf(state[i], TEXT_SIZE, "<%s unreadable: %s>", path, strerror(errno));
	}
}

/* The files a write may change, which the lock closes. */
static bool writable(const char *file)
{
	return !strcmp(file, "mode") || !strcmp(file, "lock") || !strcmp(file, "log") ||
	       !strcmp(file, "count");
}

static bool locked(void)
{
	char lock[8];

	return read_text(STACKER "lock", lock, sizeof(lock)) > 0 && !strcmp(lock, "1\n");
}

static void run_case(struct __test_metadata *const _metadata, const struct corpus_case *c)
{
	static char before[ARRAY_SIZE(state_files)][TEXT_SIZE];
	static char after[ARRAY_SIZE(state_files)][TEXT_SIZE];
	char error[CORPUS_ERROR_MAX], change[256];
	int expect = c->expect;
	struct outcome o;
	size_t len, i;
	char *buf;

	buf = corpus_payload(c, &len, error);
	CASE_CHECK(c, buf, "%s", error);
	if (!buf)
		return;
	/*
	 * Locked, every write to mode, lock and log is refused before its text is read; a pwrite()
	 * still fails in the VFS first (ESPIPE: they are seq files).
	 */
	if (locked() && writable(c->target) && expect != ESPIPE)
		expect = EPERM;
	read_state(before);
	act(c, buf, len, &o);
	CASE_CHECK(c, !o.open_err, "open: %s", strerror(o.open_err));
	if (expect)
		CASE_CHECK(c, o.rc == -1 && o.err == expect, "expected %s, got %zd (%s)",
			   corpus_errno_name(expect), o.rc, corpus_errno_name(o.err));
	else
		CASE_CHECK(c, o.rc == (ssize_t)len, "expected %zu, got %zd (%s)", len, o.rc,
			   corpus_errno_name(o.err));
	if (c->how == CORPUS_TWICE && !expect)
		CASE_CHECK(c, o.first == (ssize_t)len, "the first write gave %zd", o.first);
	/* The accepted cases write capability's own mode and log switch: nothing changes either. */
	read_state(after);
	for (i = 0; i < ARRAY_SIZE(state_files); i++)
		CASE_CHECK(c, !strcmp(before[i], after[i]), "%s changed: %s", state_files[i],
			   corpus_change(before[i], after[i], change, sizeof(change)));
	free(buf);
}

TEST(corpus_is_well_formed)
{
	char error[CORPUS_ERROR_MAX], names[256][CORPUS_FIELD_MAX];
	int line = 0, n = 0, per_file[ARRAY_SIZE(files)] = { 0 }, rc, i;
	const char *pos = corpus_text;
	struct corpus_case c;
	size_t len, f;
	char *buf;

	while ((rc = corpus_next(&pos, &line, &c, error))) {
		CASE_CHECK(&c, rc > 0, "%s", error);
		if (rc < 0)
			continue;
		CASE_CHECK(&c, is_file(c.target), "unknown target \"%s\"", c.target);
		for (f = 0; f < ARRAY_SIZE(files); f++)
			per_file[f] += !strcmp(files[f], c.target);
		CASE_CHECK(&c, c.how <= CORPUS_TWICE, "%s does not apply to a file",
			   corpus_how_names[c.how]);
		CASE_CHECK(&c, c.expect || strcmp(c.target, "lock"),
			   "a lock that succeeds lasts until reboot");
		for (i = 0; i < n; i++)
			CASE_CHECK(&c, strcmp(names[i], c.name), "a second case of this name");
		ASSERT_GT(ARRAY_SIZE(names), n);
		strcpy(names[n++], c.name);
		buf = corpus_payload(&c, &len, error);
		CASE_CHECK(&c, buf, "%s", error);
		free(buf);
	}
	for (f = 0; f < ARRAY_SIZE(files); f++)
		expect_that(_metadata, per_file[f], "no case for %s", files[f]);
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

/* A new file of the stacker's needs cases before it is hostile-tested. */
TEST(corpus_covers_every_file)
{
	struct dirent *e;
	DIR *dir = opendir(STACKER);

	ASSERT_NE(NULL, dir);
	while ((e = readdir(dir)))
		expect_that(_metadata,
			    e->d_name[0] == '.' || (is_file(e->d_name) && has_case(e->d_name)),
			    "%s%s has no case in %s", STACKER, e->d_name, CORPUS_FILE);
	closedir(dir);
}

FIXTURE(corpus) {};

FIXTURE_VARIANT(corpus)
{
	const char *target;
};

FIXTURE_VARIANT_ADD(corpus, mode) { .target = "mode" };
FIXTURE_VARIANT_ADD(corpus, lock) { .target = "lock" };
FIXTURE_VARIANT_ADD(corpus, log) { .target = "log" };
FIXTURE_VARIANT_ADD(corpus, count) { .target = "count" };
FIXTURE_VARIANT_ADD(corpus, modules) { .target = "modules" };
FIXTURE_VARIANT_ADD(corpus, hooks) { .target = "hooks" };
FIXTURE_VARIANT_ADD(corpus, stats) { .target = "stats" };
FIXTURE_VARIANT_ADD(corpus, errors) { .target = "errors" };

/*
 * The accepted count cases write "0", the default, so that they change nothing: start from it
 * (another program may have switched counting on).
 */
FIXTURE_SETUP(corpus)
{
	if (!strcmp(variant->target, "count") && !locked())
		ASSERT_EQ(1, write_str(STACKER "count", "0"));
}

FIXTURE_TEARDOWN(corpus)
{
}

TEST_F(corpus, answers_as_documented)
{
	char error[CORPUS_ERROR_MAX];
	const char *pos = corpus_text;
	struct corpus_case c;
	int line = 0, n = 0, rc;

	while ((rc = corpus_next(&pos, &line, &c, error))) {
		if (rc < 0 || strcmp(c.target, variant->target) || c.how > CORPUS_TWICE)
			continue;
		run_case(_metadata, &c);
		n++;
	}
	ASSERT_LT(0, n);
}

TEST_HARNESS_MAIN
