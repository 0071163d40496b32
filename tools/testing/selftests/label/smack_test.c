// SPDX-License-Identifier: GPL-2.0-only
/*
 * Smack's policy language in label: one rule set written as Smack users write it (fixed-width
 * lines of smackfs "load", space-separated lines of "load2", "change-rule", "revoke-subject"),
 * and the decisions it gives, asked through the access file. The same program runs on a kernel
 * with Smack (the "smack" scenario) against smackfs: there the expected answers are checked
 * against Smack itself, so the table below is Smack's behaviour, not this module's idea of it.
 * On label it then checks what only label does: whole batches, its listing, the open files.
 */

#include <errno.h>
#include <fcntl.h>
#include <linux/label.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "../kselftest_harness.h"
#include "../stacker/common.h"

#define LABEL_DIR "/sys/kernel/security/label/"
#define SMACK_DIR "/sys/fs/smackfs/"

/* The policy files of the module under test, by their Smack names. */
struct policy {
	bool label;
	char load[64], load2[64], change[64], revoke[64], access[64];
};

static struct policy pol;

static void set_paths(const char *dir, const char *access)
{
	snprintf(pol.load, sizeof(pol.load), "%sload", dir);
	snprintf(pol.load2, sizeof(pol.load2), "%sload2", dir);
	snprintf(pol.change, sizeof(pol.change), "%schange-rule", dir);
	snprintf(pol.revoke, sizeof(pol.revoke), "%srevoke-subject", dir);
	snprintf(pol.access, sizeof(pol.access), "%s%s", dir, access);
}

/* Label's files if the module runs, else smackfs (mounted here if need be), else skip. */
static void __attribute__((constructor)) find_policy(void)
{
	if (!access(LABEL_DIR "load2", F_OK)) {
		pol.label = true;
		set_paths(LABEL_DIR, "access");
		return;
	}
	if (access(SMACK_DIR "load2", F_OK))
		mount("smackfs", SMACK_DIR, "smackfs", 0, NULL);
	skip_unless_present(SMACK_DIR "load2", "label or Smack");
	set_paths(SMACK_DIR, "access2");
}

static int write_all(const char *path, const char *text, size_t len)
{
	return write_text(path, text, len) == (ssize_t)len ? 0 : -1;
}

/* One rule in the fixed-width form of smackfs "load": two 24-byte columns, then the access. */
static int load_fixed(const char *subject, const char *object, const char *access)
{
	char line[64];
	int len = snprintf(line, sizeof(line), "%-24s%-24s%s", subject, object, access);

	return write_all(pol.load, line, len);
}

/* The answer to "subject object access": 1 or 0 (Smack writes no newline), -1 on error. */
static int ask(const char *query)
{
	int fd = open(pol.access, O_RDWR | O_CLOEXEC);
	char answer[4] = "";
	ssize_t n = -1;

	if (fd < 0)
		return -1;
	if (write(fd, query, strlen(query)) == (ssize_t)strlen(query))
		n = read(fd, answer, sizeof(answer));
	close(fd);
	if (n < 1 || (answer[0] != '0' && answer[0] != '1'))
		return -1;
	return answer[0] - '0';
}

/* The rule set, each line in the form its users write it. */
static void load_policy(struct __test_metadata *const _metadata)
{
	ASSERT_EQ(0, load_fixed("smk_a", "smk_b", "rwxat"));
	ASSERT_EQ(0, load_fixed("smk_a", "smk_c", "r---"));
	ASSERT_EQ(0, load_fixed("smk_a", "smk_d", "-w---l"));
	/* Labels of 24 bytes fill their columns. */
	ASSERT_EQ(0, load_fixed("smk_long_subject_label_x", "smk_long_object_label_xx", "rx--"));
	ASSERT_EQ(0, write_str(pol.load2, "smk_b smk_a RWX") < 0);
	ASSERT_EQ(0, write_str(pol.load2, "smk_b smk_c ---l\n") < 0);
	ASSERT_EQ(0, write_str(pol.load2, "smk_c smk_a wa\n") < 0);
	ASSERT_EQ(0, write_str(pol.load2, "smk_c smk_b r\nsmk_c smk_d x\n") < 0);
	ASSERT_EQ(0, write_str(pol.load2, "smk_d smk_b rb\n") < 0);
	ASSERT_EQ(0, write_str(pol.load2, "smk_e smk_a rw\nsmk_e smk_b x\n") < 0);
	/* (r | w) & ~r: the old r goes, w comes. */
	ASSERT_EQ(0, write_str(pol.change, "smk_c smk_b w r\n") < 0);
	ASSERT_EQ(0, write_str(pol.change, "smk_d smk_a rx -\n") < 0);
	ASSERT_EQ(0, write_str(pol.revoke, "smk_e") < 0);
}

struct decision {
	const char *query;
	int allowed;
};

/* Smack's answers: checked against Smack on the smack boot, against label everywhere else. */
static const struct decision decisions[] = {
	{ "smk_a smk_b r", 1 },
	{ "smk_a smk_b rwxat", 1 },
	{ "smk_a smk_b l", 1 },			/* w implies l */
	{ "smk_a smk_c r", 1 },
	{ "smk_a smk_c w", 0 },
	{ "smk_a smk_c l", 0 },
	{ "smk_a smk_c rl", 0 },
	{ "smk_a smk_d wl", 1 },
	{ "smk_a smk_d r", 0 },
	{ "smk_a smk_d a", 0 },
	{ "smk_long_subject_label_x smk_long_object_label_xx rx", 1 },
	{ "smk_long_subject_label_x smk_long_object_label_xx w", 0 },
	{ "smk_b smk_a rwx", 1 },
	{ "smk_b smk_a l", 1 },
	{ "smk_b smk_a a", 0 },
	{ "smk_b smk_a t", 0 },
	{ "smk_b smk_c l", 1 },
	{ "smk_b smk_c r", 0 },
	{ "smk_c smk_a wa", 1 },
	{ "smk_c smk_a a", 1 },
	{ "smk_c smk_a r", 0 },
	{ "smk_c smk_b w", 1 },
	{ "smk_c smk_b r", 0 },
	{ "smk_c smk_d x", 1 },
	{ "smk_d smk_a rx", 1 },
	{ "smk_d smk_a w", 0 },
	{ "smk_d smk_b r", 1 },
	{ "smk_e smk_a r", 0 },
	{ "smk_e smk_a w", 0 },
	{ "smk_e smk_b x", 0 },
	{ "smk_a _ rx", 1 },			/* the floor: read, execute, lock */
	{ "smk_a _ l", 1 },
	{ "smk_a _ rl", 0 },
	{ "smk_a _ w", 0 },
	{ "smk_a _ a", 0 },
	{ "_ smk_a r", 0 },
	{ "^ smk_b rx", 1 },			/* the hat: read, execute, lock */
	{ "^ smk_b l", 1 },
	{ "^ smk_b w", 0 },
	{ "* smk_a r", 0 },			/* the star subject: nothing */
	{ "* * r", 0 },
	{ "smk_a * rwxatl", 1 },		/* the star object: everything */
	{ "smk_a smk_a rwxatl", 1 },		/* one's own label: everything */
};

/* The number of answers that differ from the table, each printed. */
static int wrong_answers(const char *when)
{
	int wrong = 0, got;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(decisions); i++) {
		got = ask(decisions[i].query);
		if (got == decisions[i].allowed)
			continue;
		ksft_print_msg("\"%s\" %s: %d, not %d\n", decisions[i].query, when, got,
			       decisions[i].allowed);
		wrong++;
	}
	return wrong;
}

TEST(decisions_are_smacks)
{
	load_policy(_metadata);
	EXPECT_EQ(0, wrong_answers(pol.label ? "on label" : "on Smack"));
}

/* What only label does: the tests below skip on Smack. */
static bool smack_kernel(struct __test_metadata *const _metadata)
{
	return !pol.label;
}

#define SMACK_BEHAVES_OTHERWISE "label only: Smack behaves otherwise here"

/* Whether @line is one whole line of @text. */
static bool listed(const char *text, const char *line)
{
	size_t len = strlen(line);
	const char *p = text;

	while ((p = strstr(p, line))) {
		if ((p == text || p[-1] == '\n') && p[len] == '\n')
			return true;
		p++;
	}
	return false;
}

/*
 * The listing, written back to load in one write, gives the same rules: the same listing,
 * the same answers.
 */
TEST(listing_loads_back)
{
	char *before = malloc(1 << 20), *after = malloc(1 << 20);
	ssize_t len;

	if (smack_kernel(_metadata))
		SKIP(return, SMACK_BEHAVES_OTHERWISE);
	ASSERT_NE(NULL, before);
	ASSERT_NE(NULL, after);
	load_policy(_metadata);
	len = read_text(LABEL_DIR "rules", before, 1 << 20);
	ASSERT_LT(0, len);
	ASSERT_TRUE(listed(before, "smk_a smk_b rwxat"));
	ASSERT_TRUE(listed(before, "smk_a smk_d wl"));
	ASSERT_TRUE(listed(before, "smk_b smk_a rwx"));	/* lower case */
	ASSERT_TRUE(listed(before, "smk_d smk_b r"));	/* no b */
	ASSERT_TRUE(listed(before, "smk_e smk_a -"));	/* revoked */
	ASSERT_EQ(0, write_all(LABEL_DIR "load", before, len));
	ASSERT_EQ(len, read_text(LABEL_DIR "rules", after, 1 << 20));
	ASSERT_STREQ(before, after);
	EXPECT_EQ(0, wrong_answers("after loading the listing back"));
	free(before);
	free(after);
}

/* One bad line refuses the whole write, and the log names its file and line. */
TEST(bad_line_loads_nothing)
{
	int kmsg = kmsg_from_now();

	if (smack_kernel(_metadata))
		SKIP(return, SMACK_BEHAVES_OTHERWISE);
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(-1, write_str(pol.load2, "smk_f smk_a r\nsmk_f smk_b rwq\n"));
	ASSERT_EQ(EINVAL, errno);
	EXPECT_TRUE(logged(kmsg, "label: load2: line 2 is not \"subject object access\":"));
	EXPECT_EQ(0, ask("smk_f smk_a r"));
	ASSERT_EQ(-1, write_str(pol.change, "smk_f smk_a r -\nsmk_f smk_b r\n"));
	ASSERT_EQ(EINVAL, errno);
	EXPECT_TRUE(logged(kmsg,
			   "label: change-rule: line 2 is not \"subject object allow deny\":"));
	EXPECT_EQ(0, ask("smk_f smk_a r"));
	close(kmsg);
}

/* Run @fn in a child labelled @label: the errno it ends with, 0 on success. */
static int as_label(const char *label, int (*fn)(const char *), const char *path)
{
	pid_t pid = fork();
	int status;

	if (!pid) {
		if (write_str("/proc/self/attr/label/current", label) < 0)
			_exit(255);
		_exit(fn(path) ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int open_append(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);

	return fd < 0 ? -1 : close(fd);
}

static int open_write(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	return fd < 0 ? -1 : close(fd);
}

static int open_and_lock(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = flock(fd, LOCK_EX);
	close(fd);
	return rc;
}

static int write_and_lock(const char *path)
{
	return open_and_lock(path, O_WRONLY);
}

static int read_and_lock(const char *path)
{
	return open_and_lock(path, O_RDONLY);
}

static void make_labelled(struct __test_metadata *const _metadata, const char *path,
			  const char *label)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fchmod(fd, 0666));
	ASSERT_EQ(0, close(fd));
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, label, strlen(label), 0));
}

/*
 * A Smack rule never grants more than under Smack: through load2, "a" without "w" opens
 * nothing, as Smack asks for "wa"; the same line in label's own "load" grants an append-only
 * open. And "w" alone does not let one append, in either.
 */
TEST(smack_append_grants_no_open)
{
	const char *path = "/tmp/smack-append";

	if (smack_kernel(_metadata))
		SKIP(return, SMACK_BEHAVES_OTHERWISE);
	make_labelled(_metadata, path, "smk_h");
	ASSERT_EQ(0, write_str(pol.load2, "_ smk_h w\n") < 0);	/* for the unlink */
	ASSERT_EQ(0, write_str(pol.load2, "smk_g smk_h a\n") < 0);
	EXPECT_EQ(EACCES, as_label("smk_g", open_append, path));
	EXPECT_EQ(0, ask("smk_g smk_h a"));
	ASSERT_EQ(0, write_str(pol.load2, "smk_g smk_h w\n") < 0);
	EXPECT_EQ(EACCES, as_label("smk_g", open_append, path));
	EXPECT_EQ(0, as_label("smk_g", open_write, path));
	ASSERT_EQ(0, write_str(pol.load2, "smk_g smk_h wa\n") < 0);
	EXPECT_EQ(0, as_label("smk_g", open_append, path));
	ASSERT_EQ(0, write_str(pol.load, "smk_g smk_h a\n") < 0);
	EXPECT_EQ(0, as_label("smk_g", open_append, path));
	EXPECT_EQ(EACCES, as_label("smk_g", open_write, path));
	unlink(path);
}

/*
 * The rule set decides real operations too: a lock needs the "l" of the rule, or the one
 * its "w" brings; revoking the subject takes both away.
 */
TEST(rules_decide_operations)
{
	const char *path = "/tmp/smack-lock";

	if (smack_kernel(_metadata))
		SKIP(return, SMACK_BEHAVES_OTHERWISE);
	load_policy(_metadata);
	make_labelled(_metadata, path, "smk_d");
	ASSERT_EQ(0, write_str(pol.load2, "smk_i smk_d rl\nsmk_j smk_d r\n_ smk_d w\n") < 0);
	EXPECT_EQ(0, as_label("smk_i", read_and_lock, path));
	EXPECT_EQ(EACCES, as_label("smk_j", read_and_lock, path));
	EXPECT_EQ(0, as_label("smk_a", write_and_lock, path));
	EXPECT_EQ(EACCES, as_label("smk_c", write_and_lock, path));
	ASSERT_EQ(0, write_str(pol.revoke, "smk_a\n") < 0);
	EXPECT_EQ(EACCES, as_label("smk_a", write_and_lock, path));
	unlink(path);
}

TEST_HARNESS_MAIN
