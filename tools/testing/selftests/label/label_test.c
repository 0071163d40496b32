// SPDX-License-Identifier: GPL-2.0-only
/* Checks the label security module from user space, hosted by the stacker or standalone. */

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/mount.h>

#include "common.h"

/* A denial is counted against label when it is hosted; audit_test checks its record. */
TEST(denial_is_counted)
{
	const char *path = "/tmp/label-log";
	unsigned long before, after;
	bool stacker = stacker_present();

	make_file(_metadata, path, "log_o");
	if (stacker)
		ASSERT_EQ(0, label_denials(&before));
	ASSERT_EQ(EACCES, ERRNO_AS("log_s", ROOT, open(path, O_RDONLY)));
	if (stacker) {
		ASSERT_EQ(0, label_denials(&after));
		ASSERT_LT(before, after);
	}
}

TEST(first_label_is_floor)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(1, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
}

/* /proc/self/attr/current belongs to SELinux, not to the label module. */
TEST(attr_current_is_not_the_label)
{
	char context[256];

	if (read_text("/proc/self/attr/current", context, sizeof(context)) < 0) {
		ASSERT_EQ(EINVAL, errno);
		SKIP(return, "no module answers /proc/self/attr/current");
	}
	ASSERT_STRNE("_", context);
}

TEST(root_sets_own_label)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(7, write_str(SELF_LABEL, "setself"));
	ASSERT_EQ(7, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("setself", label);
}

TEST(trailing_newline_is_optional)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(11, write_str(SELF_LABEL, "setself_nl\n"));
	ASSERT_EQ(10, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("setself_nl", label);
}

TEST(longest_label_accepted)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(0, set_label(L255));
	ASSERT_EQ(LABEL_NAME_MAX, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ(L255, label);
}

TEST(children_inherit_the_label)
{
	char label[LABEL_NAME_MAX + 2];
	pid_t pid;

	ASSERT_EQ(0, set_label("inherit"));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		ASSERT_LT(0, read_text(SELF_LABEL, label, sizeof(label)));
		ASSERT_STREQ("inherit", label);
		_exit(_metadata->exit_code);
	}
	ASSERT_EQ(0, child_status(pid));
}

TEST(label_change_needs_cap_mac_admin)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(0, drop_mac_admin());
	ASSERT_EQ(-1, write_str(SELF_LABEL, "nocap"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LT(0, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
}

TEST(nobody_cannot_change_label)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(0, drop_to_nobody());
	ASSERT_EQ(-1, write_str(SELF_LABEL, "nobody"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LT(0, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
}

/* Malformed labels: refused as a task label, a file label, an exec label and in a rule. */
FIXTURE(invalid_label) {};

FIXTURE_VARIANT(invalid_label)
{
	const char *name;
	size_t len;
};

/* A variant's label and its length, which counts any NUL inside it. */
#define LABEL(_label) .name = _label, .len = sizeof(_label) - 1

FIXTURE_VARIANT_ADD(invalid_label, empty) { LABEL("") };
FIXTURE_VARIANT_ADD(invalid_label, too_long) { LABEL(L256) };
FIXTURE_VARIANT_ADD(invalid_label, leading_dash) { LABEL("-dash") };
FIXTURE_VARIANT_ADD(invalid_label, space) { LABEL("has space") };
FIXTURE_VARIANT_ADD(invalid_label, tab) { LABEL("has\ttab") };
FIXTURE_VARIANT_ADD(invalid_label, slash) { LABEL("a/b") };
FIXTURE_VARIANT_ADD(invalid_label, double_quote) { LABEL("a\"b") };
FIXTURE_VARIANT_ADD(invalid_label, single_quote) { LABEL("a'b") };
FIXTURE_VARIANT_ADD(invalid_label, backslash) { LABEL("a\\b") };
FIXTURE_VARIANT_ADD(invalid_label, embedded_nul) { LABEL("a\0b") };
FIXTURE_VARIANT_ADD(invalid_label, control) { LABEL("a\001b") };
FIXTURE_VARIANT_ADD(invalid_label, delete) { LABEL("a\177b") };
FIXTURE_VARIANT_ADD(invalid_label, not_ascii) { LABEL("caf\303\251") };

FIXTURE_SETUP(invalid_label)
{
}

FIXTURE_TEARDOWN(invalid_label)
{
}

TEST_F(invalid_label, refused_as_task_label)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(-1, write_text(SELF_LABEL, variant->name, variant->len));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_LT(0, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
}

TEST_F(invalid_label, refused_as_file_label)
{
	char path[] = "/tmp/label-invalid-XXXXXX", label[LABEL_NAME_MAX + 1];
	int fd = mkstemp(path);

	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(-1, setxattr(path, XATTR_NAME_LABEL, variant->name, variant->len, 0));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_EQ(-1, setxattr(path, XATTR_NAME_LABELEXEC, variant->name, variant->len, 0));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_EQ(-1, getxattr(path, XATTR_NAME_LABEL, label, sizeof(label)));
	ASSERT_EQ(ENODATA, errno);
	ASSERT_EQ(-1, getxattr(path, XATTR_NAME_LABELEXEC, label, sizeof(label)));
	ASSERT_EQ(ENODATA, errno);
}

TEST_F(invalid_label, refused_in_rule)
{
	static const char rest[] = " invalid_o r\n";
	char before[TEXT_SIZE], after[TEXT_SIZE], rule[LABEL_NAME_MAX + sizeof(rest) + 1];

	memcpy(rule, variant->name, variant->len);
	memcpy(rule + variant->len, rest, sizeof(rest));
	ASSERT_LE(0, read_text(LABEL_FS "rules", before, sizeof(before)));
	ASSERT_EQ(-1, write_text(LABEL_FS "load", rule, variant->len + strlen(rest)));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_LE(0, read_text(LABEL_FS "rules", after, sizeof(after)));
	ASSERT_STREQ(before, after);
}

TEST(load_needs_cap_mac_admin)
{
	char rules[TEXT_SIZE];

	ASSERT_EQ(0, drop_mac_admin());
	ASSERT_EQ(-1, load("nocap_s nocap_o r\n"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LE(0, read_text(LABEL_FS "rules", rules, sizeof(rules)));
	ASSERT_EQ(NULL, strstr(rules, "nocap_s"));
}

TEST(load_is_all_or_nothing)
{
	char before[TEXT_SIZE], after[TEXT_SIZE];

	ASSERT_LE(0, read_text(LABEL_FS "rules", before, sizeof(before)));
	ASSERT_EQ(-1, load("batch_s batch_o1 r\nbatch_s batch_o2 w\nbatch_s batch_o3 q\n"));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_LE(0, read_text(LABEL_FS "rules", after, sizeof(after)));
	ASSERT_STREQ(before, after);
}

TEST(loaded_rules_are_listed)
{
	char rules[TEXT_SIZE];

	ASSERT_EQ(0, load("list_s list_o1 xr\nlist_s list_o2 aw\nlist_s list_o3 -\n"
			  L255 " list_o4 rwxa"));
	ASSERT_LT(0, read_text(LABEL_FS "rules", rules, sizeof(rules)));
	ASSERT_TRUE(has_line(rules, "list_s list_o1 rx"));
	ASSERT_TRUE(has_line(rules, "list_s list_o2 wa"));
	ASSERT_TRUE(has_line(rules, "list_s list_o3 -"));
	ASSERT_TRUE(has_line(rules, L255 " list_o4 rwxa"));
}

TEST(later_rule_replaces)
{
	char rules[TEXT_SIZE];

	ASSERT_EQ(0, load("later_s later_o r\n"));
	ASSERT_EQ(0, load("later_s later_o w\n"));
	ASSERT_EQ(0, load("later_s later_o2 w\nlater_s later_o2 x\n"));
	ASSERT_LT(0, read_text(LABEL_FS "rules", rules, sizeof(rules)));
	ASSERT_TRUE(has_line(rules, "later_s later_o w"));
	ASSERT_FALSE(has_line(rules, "later_s later_o r"));
	ASSERT_TRUE(has_line(rules, "later_s later_o2 x"));
	ASSERT_FALSE(has_line(rules, "later_s later_o2 w"));
	ASSERT_EQ(0, query("later_s later_o r"));
	ASSERT_EQ(1, query("later_s later_o w"));
}

/* Malformed rule lines other than bad labels: EINVAL, and the rules do not change. */
FIXTURE(malformed_rule) {};

FIXTURE_VARIANT(malformed_rule)
{
	const char *text;
	size_t len;
};

/* A variant's rule text and its length, which counts any NUL inside it. */
#define RULE(_text) .text = _text, .len = sizeof(_text) - 1

FIXTURE_VARIANT_ADD(malformed_rule, unknown_letter) { RULE("bad_s bad_o rz\n") };
/* The space, written \040, leaves an empty access field before the newline. */
FIXTURE_VARIANT_ADD(malformed_rule, empty_access) { RULE("bad_s bad_o\040\n") };
FIXTURE_VARIANT_ADD(malformed_rule, missing_field) { RULE("bad_s bad_o\n") };
FIXTURE_VARIANT_ADD(malformed_rule, extra_field) { RULE("bad_s bad_o r r\n") };
FIXTURE_VARIANT_ADD(malformed_rule, crlf) { RULE("bad_s bad_o r\r\n") };
FIXTURE_VARIANT_ADD(malformed_rule, nul_in_access) { RULE("bad_s bad_o r\0\n") };

FIXTURE_SETUP(malformed_rule)
{
}

FIXTURE_TEARDOWN(malformed_rule)
{
}

TEST_F(malformed_rule, refused)
{
	char before[TEXT_SIZE], after[TEXT_SIZE];

	ASSERT_LE(0, read_text(LABEL_FS "rules", before, sizeof(before)));
	ASSERT_EQ(-1, write_text(LABEL_FS "load", variant->text, variant->len));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_LE(0, read_text(LABEL_FS "rules", after, sizeof(after)));
	ASSERT_STREQ(before, after);
}

/* Each step of the decision, in order, through the access file. */
TEST(access_follows_decision_order)
{
	ASSERT_EQ(0, load("query_s query_o rx\nquery_s query_w w\n"));

	/* A star subject is denied everything. */
	ASSERT_EQ(0, query("* _ r"));
	ASSERT_EQ(0, query("* * r"));
	ASSERT_EQ(0, query("* query_o r"));
	/* A hat subject may read and execute anything, or lock it, not write. */
	ASSERT_EQ(1, query("^ query_o rx"));
	ASSERT_EQ(1, query("^ query_o l"));
	ASSERT_EQ(0, query("^ query_o rl"));
	ASSERT_EQ(0, query("^ query_o w"));
	ASSERT_EQ(0, query("^ _ a"));
	/* The floor may be read and executed by all, or locked, not written. */
	ASSERT_EQ(1, query("query_s _ rx"));
	ASSERT_EQ(1, query("query_s _ l"));
	ASSERT_EQ(0, query("query_s _ w"));
	ASSERT_EQ(0, query("query_s _ a"));
	ASSERT_EQ(0, query("query_s _ t"));
	/* A star object is open to all. */
	ASSERT_EQ(1, query("query_s * rwxa"));
	/* A subject has every access to its own label. */
	ASSERT_EQ(1, query("query_s query_s rwxa"));
	/* Otherwise the rule must grant every bit asked; write brings lock, not append. */
	ASSERT_EQ(1, query("query_s query_o r"));
	ASSERT_EQ(1, query("query_s query_o rx"));
	ASSERT_EQ(1, query("query_s query_o R-X"));
	/* "b", Smack's bring-up, is ignored in a query as in a rule. */
	ASSERT_EQ(1, query("query_s query_o rb"));
	ASSERT_EQ(1, query("query_s _ rb"));
	ASSERT_EQ(0, query("query_s query_o rw"));
	ASSERT_EQ(0, query("query_s query_o a"));
	ASSERT_EQ(0, query("query_s query_o l"));
	ASSERT_EQ(1, query("query_s query_w wl"));
	ASSERT_EQ(0, query("query_s query_w a"));
	ASSERT_EQ(0, query("query_s query_w r"));
	/* No rule, no access. */
	ASSERT_EQ(0, query("query_o query_s r"));
}

TEST(access_creates_no_label)
{
	char labels[TEXT_SIZE];

	ASSERT_EQ(0, query("unknown_a unknown_b r"));
	ASSERT_EQ(1, query("unknown_c unknown_c rw"));
	ASSERT_EQ(1, query("^ unknown_d r"));
	ASSERT_LT(0, read_text(LABEL_FS "labels", labels, sizeof(labels)));
	ASSERT_TRUE(has_line(labels, "_"));
	ASSERT_TRUE(has_line(labels, "*"));
	ASSERT_TRUE(has_line(labels, "^"));
	ASSERT_EQ(NULL, strstr(labels, "unknown_"));
}

TEST(access_is_open_to_all)
{
	ASSERT_EQ(0, load("anyone_s anyone_o r\n"));
	ASSERT_EQ(0, drop_to_nobody());
	ASSERT_EQ(1, query("anyone_s anyone_o r"));
	ASSERT_EQ(0, query("anyone_s anyone_o w"));
}

TEST(read_needs_r)
{
	const char *path = "/tmp/label-read";

	make_file(_metadata, path, "read_o");
	ASSERT_EQ(EACCES, ERRNO_AS("read_s", ROOT, open(path, O_RDONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("read_s", NOBODY_USER, open(path, O_RDONLY)));
	ASSERT_EQ(0, load("read_s read_o r"));
	ASSERT_EQ(0, ERRNO_AS("read_s", ROOT, open(path, O_RDONLY)));
	ASSERT_EQ(0, ERRNO_AS("read_s", NOBODY_USER, open(path, O_RDONLY)));
}

TEST(write_needs_w)
{
	const char *path = "/tmp/label-write";

	make_file(_metadata, path, "write_o");
	ASSERT_EQ(0, load("write_s write_o r"));
	ASSERT_EQ(EACCES, ERRNO_AS("write_s", ROOT, open(path, O_WRONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("write_s", ROOT, open(path, O_RDWR)));
	ASSERT_EQ(EACCES, ERRNO_AS("write_s", ROOT, open(path, O_RDONLY | O_TRUNC)));
	ASSERT_EQ(EACCES, ERRNO_AS("write_s", NOBODY_USER, open(path, O_WRONLY)));
	ASSERT_EQ(0, load("write_s write_o rw"));
	ASSERT_EQ(0, ERRNO_AS("write_s", ROOT, open(path, O_WRONLY)));
	ASSERT_EQ(0, ERRNO_AS("write_s", ROOT, open(path, O_RDWR)));
	ASSERT_EQ(0, ERRNO_AS("write_s", ROOT, open(path, O_RDONLY | O_TRUNC)));
	ASSERT_EQ(0, ERRNO_AS("write_s", NOBODY_USER, open(path, O_WRONLY)));
}

/*
 * An O_APPEND open asks for a: label's "a" alone grants it (an append-only descriptor), and
 * "w" alone does not, as in Smack; a read-only O_APPEND open asks for "ra", as Smack's does.
 */
TEST(append_needs_a)
{
	const char *path = "/tmp/label-append";

	make_file(_metadata, path, "append_o");
	ASSERT_EQ(EACCES, ERRNO_AS("append_s", ROOT, open(path, O_WRONLY | O_APPEND)));
	ASSERT_EQ(0, load("append_s append_o a"));
	ASSERT_EQ(0, ERRNO_AS("append_s", ROOT, open(path, O_WRONLY | O_APPEND)));
	ASSERT_EQ(EACCES, ERRNO_AS("append_s", ROOT, open(path, O_WRONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("append_s", ROOT, open(path, O_RDWR | O_APPEND)));
	ASSERT_EQ(0, load("append_s append_o w"));
	ASSERT_EQ(EACCES, ERRNO_AS("append_s", ROOT, open(path, O_WRONLY | O_APPEND)));
	ASSERT_EQ(0, ERRNO_AS("append_s", ROOT, open(path, O_WRONLY)));
	ASSERT_EQ(0, load("append_s append_o r"));
	ASSERT_EQ(EACCES, ERRNO_AS("append_s", ROOT, open(path, O_RDONLY | O_APPEND)));
	ASSERT_EQ(0, load("append_s append_o wa"));
	ASSERT_EQ(0, ERRNO_AS("append_s", ROOT, open(path, O_WRONLY | O_APPEND)));
}

/* Open @path for reading and flock() it with @op: 0, or -1 with errno. */
static int lock_file(const char *path, int op)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = flock(fd, op);
	close(fd);
	return rc;
}

/* Every task may lock a "_" file, as it may read it; a hat task may lock anything. */
TEST(floor_and_hat_lock)
{
	const char *floor = "/tmp/label-lock-floor", *other = "/tmp/label-lock-other";

	make_file(_metadata, floor, NULL);
	make_file(_metadata, other, "lock_o");
	ASSERT_EQ(0, ERRNO_AS("lock_s", ROOT, lock_file(floor, LOCK_EX)));
	ASSERT_EQ(0, load("lock_s lock_o r"));
	ASSERT_LABEL_DENIES("lock_s", ROOT, lock_file(other, LOCK_SH));
	ASSERT_EQ(0, ERRNO_AS("^", ROOT, lock_file(other, LOCK_EX)));
	ASSERT_EQ(0, load("lock_s lock_o rl"));
	ASSERT_EQ(0, ERRNO_AS("lock_s", ROOT, lock_file(other, LOCK_EX)));
}

TEST(floor_file_is_readable_not_writable)
{
	const char *path = "/tmp/label-floor";

	make_file(_metadata, path, NULL);
	ASSERT_EQ(0, ERRNO_AS("floor_s", NOBODY_USER, open(path, O_RDONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("floor_s", NOBODY_USER, open(path, O_WRONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("floor_s", ROOT, open(path, O_WRONLY | O_APPEND)));
}

TEST(star_file_is_open_to_all)
{
	const char *path = "/tmp/label-star";

	make_file(_metadata, path, "*");
	ASSERT_EQ(0, ERRNO_AS("star_s", ROOT, open(path, O_RDWR)));
	ASSERT_EQ(0, ERRNO_AS("star_s", NOBODY_USER, open(path, O_WRONLY | O_APPEND)));
}

/*
 * No task is "*", as under Smack: a "*" object is every label's, so any label would attach to
 * it, signal it and enter its user namespaces. Neither the task attribute nor an exec label
 * names it; a file may still be "*". (A "*" subject would be refused everything: decide_test.)
 */
TEST(star_is_no_task_label)
{
	const char *path = "/tmp/label-star-exec";
	pid_t pid;

	unlink(path);
	make_file(_metadata, path, "*");
	EXPECT_EQ(EINVAL, setxattr(path, XATTR_NAME_LABELEXEC, "*", 1, 0) ? errno : 0);
	EXPECT_EQ(EINVAL, ERRNO_AS(NULL, ROOT, set_label("*")));
	pid = fork_as(NULL, ROOT);
	if (!pid)
		_exit(set_self_attr_label("*"));
	EXPECT_EQ(EINVAL, child_status(pid));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, set_label("star_t")));
	ASSERT_EQ(0, unlink(path));
}

TEST(hat_subject_reads_all)
{
	const char *path = "/tmp/label-hat";

	make_file(_metadata, path, "hat_o");
	ASSERT_EQ(0, ERRNO_AS("^", ROOT, open(path, O_RDONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("^", ROOT, open(path, O_WRONLY)));
}

TEST(mmap_exec_needs_x)
{
	const char *path = "/tmp/label-mmap";

	make_file(_metadata, path, "mmap_o");
	ASSERT_EQ(0, load("mmap_s mmap_o r"));
	ASSERT_EQ(0, ERRNO_AS("mmap_s", ROOT, map_file(path, PROT_READ)));
	ASSERT_EQ(EACCES, ERRNO_AS("mmap_s", ROOT, map_file(path, PROT_READ | PROT_EXEC)));
	ASSERT_EQ(0, load("mmap_s mmap_o rx"));
	ASSERT_EQ(0, ERRNO_AS("mmap_s", ROOT, map_file(path, PROT_READ | PROT_EXEC)));
}

TEST(mprotect_exec_needs_x)
{
	const char *path = "/tmp/label-mprotect";

	make_file(_metadata, path, "mprot_o");
	ASSERT_EQ(0, load("mprot_s mprot_o r"));
	ASSERT_EQ(0, ERRNO_AS("mprot_s", ROOT, map_then_protect(path, PROT_READ)));
	ASSERT_EQ(EACCES, ERRNO_AS("mprot_s", ROOT, map_then_protect(path, PROT_READ | PROT_EXEC)));
	ASSERT_EQ(0, load("mprot_s mprot_o rx"));
	ASSERT_EQ(0, ERRNO_AS("mprot_s", ROOT, map_then_protect(path, PROT_READ | PROT_EXEC)));
}

TEST(new_files_take_creator_label)
{
	char label[LABEL_NAME_MAX + 1];

	make_dir(_metadata, "/tmp/label-new", "new_s");
	ASSERT_EQ(0, load("_ new_s x"));
	ASSERT_EQ(0, chdir("/tmp/label-new"));
	ASSERT_EQ(0, ERRNO_AS("new_s", ROOT, open("file", O_CREAT | O_WRONLY, 0644)));
	ASSERT_EQ(0, ERRNO_AS("new_s", NOBODY_USER, mkdir("dir", 0755)));
	make_file(_metadata, "/tmp/label-new-floor", NULL);
	get_file_label(_metadata, "file", label);
	ASSERT_STREQ("new_s", label);
	get_file_label(_metadata, "dir", label);
	ASSERT_STREQ("new_s", label);
	/* "_" is not stored: no attribute means "_". */
	ASSERT_EQ(-1, getxattr("/tmp/label-new-floor", XATTR_NAME_LABEL, label, sizeof(label)));
	ASSERT_EQ(ENODATA, errno);
}

/* The VFS asks wx on the directory (and the module w on the file a change removes or links). */
TEST(directory_changes_need_w)
{
	make_dir(_metadata, "/tmp/label-dir", NULL);
	ASSERT_EQ(0, chdir("/tmp/label-dir"));
	make_file(_metadata, "victim", "dir_o");
	make_file(_metadata, "old", "dir_o");
	make_dir(_metadata, "subdir", "dir_o");
	ASSERT_EQ(0, setxattr(".", XATTR_NAME_LABEL, "dir_o", 5, 0));
	ASSERT_EQ(0, load("dir_s dir_o rx"));

	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, open("new", O_CREAT | O_WRONLY, 0644)));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, link("victim", "link")));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, unlink("victim")));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, mkdir("newdir", 0755)));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, rmdir("subdir")));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, rename("old", "renamed")));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, mknod("fifo", S_IFIFO | 0644, 0)));
	ASSERT_EQ(EACCES, ERRNO_AS("dir_s", ROOT, symlink("victim", "symlink")));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, access("victim", F_OK)));

	ASSERT_EQ(0, load("dir_s dir_o rwx"));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, open("new", O_CREAT | O_WRONLY, 0644)));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, link("victim", "link")));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, unlink("victim")));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, mkdir("newdir", 0755)));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, rmdir("subdir")));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, rename("old", "renamed")));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, mknod("fifo", S_IFIFO | 0644, 0)));
	ASSERT_EQ(0, ERRNO_AS("dir_s", ROOT, symlink("victim", "symlink")));
}

TEST(setattr_needs_w)
{
	const char *path = "/tmp/label-setattr";

	make_file(_metadata, path, "setattr_o");
	ASSERT_EQ(0, load("setattr_s setattr_o r"));
	ASSERT_EQ(EACCES, ERRNO_AS("setattr_s", ROOT, chmod(path, 0600)));
	ASSERT_EQ(EACCES, ERRNO_AS("setattr_s", ROOT, truncate(path, 0)));
	ASSERT_EQ(EACCES, ERRNO_AS("setattr_s", ROOT, utimensat(AT_FDCWD, path, NULL, 0)));
	ASSERT_EQ(0, load("setattr_s setattr_o w"));
	ASSERT_EQ(0, ERRNO_AS("setattr_s", ROOT, chmod(path, 0600)));
	ASSERT_EQ(0, ERRNO_AS("setattr_s", ROOT, truncate(path, 0)));
	ASSERT_EQ(0, ERRNO_AS("setattr_s", ROOT, utimensat(AT_FDCWD, path, NULL, 0)));
}

TEST(label_xattrs_need_cap_mac_admin)
{
	const char *path = "/tmp/label-xattr";
	char label[LABEL_NAME_MAX + 1];

	make_file(_metadata, path, "xattr_o");
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  setxattr(path, XATTR_NAME_LABEL, "xattr_p", 7, 0)));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  setxattr(path, XATTR_NAME_LABELEXEC, "xattr_p", 7, 0)));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, NOBODY_USER,
				  setxattr(path, XATTR_NAME_LABEL, "xattr_p", 7, 0)));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  removexattr(path, XATTR_NAME_LABEL)));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, NOBODY_USER, removexattr(path, XATTR_NAME_LABEL)));
	get_file_label(_metadata, path, label);
	ASSERT_STREQ("xattr_o", label);

	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "xattr_p", 7, 0));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  removexattr(path, XATTR_NAME_LABELEXEC)));
	ASSERT_EQ(0, removexattr(path, XATTR_NAME_LABELEXEC));
}

TEST(removed_label_is_floor)
{
	const char *path = "/tmp/label-unlabel";
	char label[LABEL_NAME_MAX + 1];

	make_file(_metadata, path, "unlabel_o");
	ASSERT_EQ(EACCES, ERRNO_AS("unlabel_s", ROOT, open(path, O_RDONLY)));
	ASSERT_EQ(0, removexattr(path, XATTR_NAME_LABEL));
	ASSERT_EQ(-1, getxattr(path, XATTR_NAME_LABEL, label, sizeof(label)));
	ASSERT_EQ(ENODATA, errno);
	ASSERT_EQ(0, ERRNO_AS("unlabel_s", ROOT, open(path, O_RDONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("unlabel_s", ROOT, open(path, O_WRONLY)));
}

TEST(exec_needs_x_only)
{
	const char *path = "/tmp/label-exec";

	copy_busybox(_metadata, path, "exec_o");
	ASSERT_EQ(EACCES, ERRNO_AS("exec_s", ROOT, execl(path, "true", (char *)NULL)));
	ASSERT_EQ(0, load("exec_s exec_o x"));
	ASSERT_EQ(0, ERRNO_AS("exec_s", ROOT, execl(path, "true", (char *)NULL)));
	ASSERT_EQ(EACCES, ERRNO_AS("exec_s", ROOT, open(path, O_RDONLY)));
	ASSERT_EQ(0, load("exec_s exec_o r"));
	ASSERT_EQ(EACCES, ERRNO_AS("exec_s", ROOT, execl(path, "true", (char *)NULL)));
}

TEST(labelexec_moves_the_task)
{
	const char *path = "/tmp/label-transit";
	char label[LABEL_NAME_MAX + 2];

	copy_busybox(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "transit_t", 9, 0));
	ASSERT_EQ(0, trust("/tmp"));
	exec_label(_metadata, "transit_s", path, label, sizeof(label));
	ASSERT_STREQ("transit_t", label);
	exec_label(_metadata, "transit_s", "/bin/busybox", label, sizeof(label));
	ASSERT_STREQ("transit_s", label);
}

/*
 * Whoever may mount a file system must not choose the label its execs move to: an exec label
 * counts only on the root file system and on those an administrator trusted.
 */
TEST(labelexec_needs_a_trusted_file_system)
{
	const char *mnt = "/tmp/label-untrusted", *path = "/tmp/label-untrusted/transit";
	char label[LABEL_NAME_MAX + 2];

	make_dir(_metadata, mnt, NULL);
	ASSERT_EQ(0, mount("label-untrusted", mnt, "tmpfs", 0, NULL));
	copy_busybox(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "untrust_t", 9, 0));
	exec_label(_metadata, "untrust_s", path, label, sizeof(label));
	ASSERT_STREQ("untrust_s", label);
	ASSERT_EQ(-1, write_str(LABEL_FS "trust", "/tmp/label-missing"));
	ASSERT_EQ(ENOENT, errno);
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, trust(mnt)));
	ASSERT_EQ(0, trust(mnt));
	exec_label(_metadata, "untrust_s", path, label, sizeof(label));
	ASSERT_STREQ("untrust_t", label);
	ASSERT_EQ(0, umount2(mnt, MNT_DETACH));
}

/* mount_setattr() clearing nosuid on @path, or on a clone of its mount if @clone: 0 or -1. */
static int clear_nosuid(const char *path, bool clone, unsigned int flags)
{
	struct mount_attr attr = { .attr_clr = MOUNT_ATTR_NOSUID };
	int tree;

	if (!clone)
		return mount_setattr(AT_FDCWD, path, flags, &attr, sizeof(attr));
	tree = open_tree(AT_FDCWD, path, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
	return tree < 0 ? -1 : mount_setattr(tree, "", flags | AT_EMPTY_PATH, &attr, sizeof(attr));
}

/*
 * Like a set-user-ID bit, an exec label does not count on a nosuid mount: an unprivileged task
 * finds none in a snapshot of the root file system whose old programs kept their attributes,
 * or through the administrator's nosuid view of a directory. Clearing nosuid there, by a remount
 * or mount_setattr(), of the mount, a clone of it, or a tree above it, needs CAP_MAC_ADMIN.
 */
TEST(labelexec_not_on_a_nosuid_mount)
{
	const char *dir = "/tmp/label-suid", *mnt = "/tmp/label-nosuid";
	const char *outer = "/tmp/label-nosuid-outer", *inner = "/tmp/label-nosuid-outer/in";
	char *const argv[] = { "cat", SELF_LABEL, NULL };
	char label[LABEL_NAME_MAX + 2];

	make_dir(_metadata, dir, NULL);
	make_dir(_metadata, mnt, NULL);
	make_dir(_metadata, outer, NULL);
	copy_busybox(_metadata, "/tmp/label-suid/transit", NULL);
	ASSERT_EQ(0, setxattr("/tmp/label-suid/transit", XATTR_NAME_LABELEXEC, "nosuid_t", 8, 0));
	ASSERT_EQ(0, trust("/tmp"));
	ASSERT_EQ(0, mount(dir, mnt, NULL, MS_BIND, NULL));
	ASSERT_EQ(0, mount(NULL, mnt, NULL, MS_REMOUNT | MS_BIND | MS_NOSUID, NULL));
	ASSERT_EQ(0, mount("label-nosuid-outer", outer, "tmpfs", 0, NULL));
	make_dir(_metadata, inner, NULL);
	ASSERT_EQ(0, mount(mnt, inner, NULL, MS_BIND, NULL));
	exec_output(_metadata, "nosuid_s", NOBODY_USER, "/tmp/label-nosuid/transit", argv, label,
		    sizeof(label));
	ASSERT_STREQ("nosuid_s", label);
	exec_output(_metadata, "nosuid_s", NOBODY_USER, "/tmp/label-suid/transit", argv, label,
		    sizeof(label));
	ASSERT_STREQ("nosuid_t", label);

	ASSERT_EQ(EPERM, ERRNO_AS("nosuid_s", ROOT_WITHOUT_MAC_ADMIN,
				  mount(NULL, mnt, NULL, MS_REMOUNT | MS_BIND, NULL)));
	ASSERT_EQ(EPERM, ERRNO_AS("nosuid_s", ROOT_WITHOUT_MAC_ADMIN, clear_nosuid(mnt, false, 0)));
	ASSERT_EQ(EPERM, ERRNO_AS("nosuid_s", ROOT_WITHOUT_MAC_ADMIN, clear_nosuid(mnt, true, 0)));
	ASSERT_EQ(EPERM, ERRNO_AS("nosuid_s", ROOT_WITHOUT_MAC_ADMIN,
				  clear_nosuid(outer, false, AT_RECURSIVE)));
	exec_output(_metadata, "nosuid_s", NOBODY_USER, "/tmp/label-nosuid-outer/in/transit", argv,
		    label, sizeof(label));
	ASSERT_STREQ("nosuid_s", label);
	/* What leaves nosuid where it was is decided as before. */
	ASSERT_EQ(0, ERRNO_AS("nosuid_s", ROOT_WITHOUT_MAC_ADMIN,
			      mount(NULL, mnt, NULL, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV,
				    NULL)));
	ASSERT_EQ(0, ERRNO_AS("nosuid_s", ROOT_WITHOUT_MAC_ADMIN, clear_nosuid(outer, false, 0)));

	ASSERT_EQ(0, ERRNO_AS(NULL, ROOT, clear_nosuid(mnt, false, 0)));
	exec_output(_metadata, "nosuid_s", NOBODY_USER, "/tmp/label-nosuid/transit", argv, label,
		    sizeof(label));
	ASSERT_STREQ("nosuid_t", label);
	ASSERT_EQ(0, umount2(inner, MNT_DETACH));
	ASSERT_EQ(0, umount2(outer, MNT_DETACH));
	ASSERT_EQ(0, umount2(mnt, MNT_DETACH));
}

/* Exit status of a child whose kernel has no user namespaces for it. */
#define NO_USERNS 254

/*
 * In a user namespace anyone may bind-mount over the files the new label's program trusts
 * (/etc/ld.so.preload): an exec label does not count there, as a set-user-ID bit of an owner
 * the namespace cannot map does not.
 */
TEST(labelexec_ignored_in_a_user_namespace)
{
	const char *path = "/tmp/label-userns";
	char label[LABEL_NAME_MAX + 2];
	int out[2], status;
	pid_t pid;

	copy_busybox(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "userns_t", 8, 0));
	ASSERT_EQ(0, trust("/tmp"));
	ASSERT_EQ(0, pipe2(out, O_CLOEXEC));
	pid = fork_as("userns_s", ROOT);
	if (!pid) {
		if (unshare(CLONE_NEWUSER))
			_exit(NO_USERNS);
		if (dup2(out[1], STDOUT_FILENO) == STDOUT_FILENO)
			execl(path, "cat", SELF_LABEL, (char *)NULL);
		_exit(SETUP_FAILED);
	}
	close(out[1]);
	read_output(out[0], label, sizeof(label));
	status = child_status(pid);
	if (status == NO_USERNS)
		SKIP(return, "no user namespaces in this kernel");
	ASSERT_EQ(0, status);
	ASSERT_STREQ("userns_s", label);
}

/*
 * The label a copy of busybox reports for itself when a child of label @label executes it
 * through the descriptor @exe, after chroot() into @root unless @root is NULL: "cat" reads the
 * child's own attribute, opened before, from its standard input.
 */
static void exec_label_in_root(struct __test_metadata *const _metadata, const char *label,
			       int exe, const char *root, char *buf, size_t size)
{
	char *const argv[] = { "cat", NULL }, *const envp[] = { NULL };
	int out[2], attr;
	pid_t pid;

	ASSERT_EQ(0, pipe2(out, O_CLOEXEC));
	pid = fork_as(label, ROOT);
	if (!pid) {
		attr = open(SELF_LABEL, O_RDONLY);
		if (attr < 0 || dup2(attr, STDIN_FILENO) != STDIN_FILENO ||
		    dup2(out[1], STDOUT_FILENO) != STDOUT_FILENO ||
		    (root && (chroot(root) || chdir("/"))))
			_exit(SETUP_FAILED);
		syscall(__NR_execveat, exe, "", argv, envp, AT_EMPTY_PATH);
		_exit(SETUP_FAILED);
	}
	close(out[1]);
	read_output(out[0], buf, size);
	ASSERT_EQ(0, child_status(pid));
}

/*
 * After chroot() the new label's program would take its loader, libraries and configuration
 * from where the caller put them: an exec label counts only for a task whose root directory
 * is the system's.
 */
TEST(labelexec_ignored_after_chroot)
{
	const char *path = "/tmp/label-chroot", *root = "/tmp/label-chroot-root";
	char label[LABEL_NAME_MAX + 2];
	int exe;

	copy_busybox(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "chroot_t", 8, 0));
	ASSERT_EQ(0, trust("/tmp"));
	make_dir(_metadata, root, "chroot_s");
	exe = open(path, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, exe);
	exec_label_in_root(_metadata, "chroot_s", exe, NULL, label, sizeof(label));
	ASSERT_STREQ("chroot_t", label);
	exec_label_in_root(_metadata, "chroot_s", exe, "/", label, sizeof(label));
	ASSERT_STREQ("chroot_t", label);
	exec_label_in_root(_metadata, "chroot_s", exe, root, label, sizeof(label));
	ASSERT_STREQ("chroot_s", label);
	/* A bind mount of / has the system's root directory, without the mounts over it. */
	ASSERT_EQ(0, mount("/", root, NULL, MS_BIND, NULL));
	exec_label_in_root(_metadata, "chroot_s", exe, root, label, sizeof(label));
	ASSERT_STREQ("chroot_s", label);
	ASSERT_EQ(0, umount2(root, MNT_DETACH));
	close(exe);
}

/* Like a set-user-ID exec, a transition is refused under no_new_privs. */
TEST(labelexec_refused_without_new_privs)
{
	const char *path = "/tmp/label-nnp";

	copy_busybox(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "nnp_t", 5, 0));
	ASSERT_EQ(0, trust("/tmp"));
	ASSERT_EQ(EPERM, ERRNO_AS("nnp_s", ROOT, exec_without_new_privs(path)));
	/* No transition, no refusal: the file's own exec label is the task's. */
	ASSERT_EQ(0, ERRNO_AS("nnp_t", ROOT, exec_without_new_privs(path)));
}

/*
 * Exec @path as "true" under a seccomp filter that allows every call, installed without
 * no_new_privs (CAP_SYS_ADMIN): only returns on failure.
 */
static int exec_under_a_filter(const char *path)
{
	struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { .len = 1, .filter = &allow };

	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		return -1;
	return execl(path, "true", (char *)NULL);
}

/*
 * A filter stays across the exec, and its listener would answer the new program's system
 * calls: a confined root, which installs one without no_new_privs, does not transition under
 * it. The floor does (systemd's SystemCallFilter=), and without a transition nothing is
 * refused.
 */
TEST(labelexec_refused_under_a_seccomp_filter)
{
	const char *path = "/tmp/label-seccomp";

	copy_busybox(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABELEXEC, "scf_t", 5, 0));
	ASSERT_EQ(0, trust("/tmp"));
	EXPECT_EQ(EPERM, ERRNO_AS("scf_s", ROOT_WITHOUT_MAC_ADMIN, exec_under_a_filter(path)));
	EXPECT_EQ(0, ERRNO_AS("scf_s", ROOT_WITHOUT_MAC_ADMIN, execl(path, "true", (char *)NULL)));
	EXPECT_EQ(0, ERRNO_AS("_", ROOT_WITHOUT_MAC_ADMIN, exec_under_a_filter(path)));
	EXPECT_EQ(0, ERRNO_AS("scf_t", ROOT_WITHOUT_MAC_ADMIN, exec_under_a_filter(path)));
}

/*
 * A script takes its interpreter's exec label, decided on the same exec: under a filter, a
 * script whose interpreter has another label is refused as the interpreter itself is.
 */
TEST(labelexec_script_refused_under_a_seccomp_filter)
{
	static const char script[] = "#!/tmp/label-seccomp-interp/true\n";
	const char *path = "/tmp/label-seccomp.sh";
	int fd;

	ASSERT_EQ(0, mkdir("/tmp/label-seccomp-interp", 0755));
	copy_busybox(_metadata, "/tmp/label-seccomp-interp/true", NULL);
	ASSERT_EQ(0, setxattr("/tmp/label-seccomp-interp/true", XATTR_NAME_LABELEXEC,
			      "scf_t", 5, 0));
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0755);
	ASSERT_LE(0, fd);
	ASSERT_EQ(sizeof(script) - 1, write(fd, script, sizeof(script) - 1));
	ASSERT_EQ(0, close(fd));
	ASSERT_EQ(0, trust("/tmp"));
	EXPECT_EQ(EPERM, ERRNO_AS("scf_s", ROOT_WITHOUT_MAC_ADMIN, exec_under_a_filter(path)));
	EXPECT_EQ(0, ERRNO_AS("scf_s", ROOT_WITHOUT_MAC_ADMIN, execl(path, "true", (char *)NULL)));
}

/*
 * Hosted and permissive, label's policy denials are let through but a missing privilege is not:
 * otherwise anyone could relabel files while the module is permissive.
 */
TEST(permissive_softens_denials_not_privileges)
{
	const char *path = "/tmp/label-permissive";
	int open_enforcing, open_permissive, relabel_permissive, open_again;
	char lock[8];

	if (!stacker_present())
		SKIP(return, "label runs without the stacker");
	ASSERT_LT(0, read_text("/sys/kernel/security/stacker/lock", lock, sizeof(lock)));
	if (strcmp(lock, "0\n"))
		SKIP(return, "the stacker is locked");
	make_file(_metadata, path, "perm_o");
	open_enforcing = ERRNO_AS("perm_s", ROOT, open(path, O_RDONLY));
	ASSERT_EQ(17, write_str(STACKER_MODE, "label permissive\n"));
	open_permissive = ERRNO_AS("perm_s", ROOT, open(path, O_RDONLY));
	relabel_permissive = ERRNO_AS("perm_s", ROOT_WITHOUT_MAC_ADMIN,
				      setxattr(path, XATTR_NAME_LABEL, "perm_x", 6, 0));
	ASSERT_EQ(16, write_str(STACKER_MODE, "label enforcing\n"));
	open_again = ERRNO_AS("perm_s", ROOT, open(path, O_RDONLY));

	EXPECT_EQ(EACCES, open_enforcing);
	EXPECT_EQ(0, open_permissive);
	EXPECT_EQ(EPERM, relabel_permissive);
	EXPECT_EQ(EACCES, open_again);
}

TEST(kill_needs_w)
{
	int release, status;
	pid_t pid = spawn_waiter("kill_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	ASSERT_EQ(EACCES, ERRNO_AS("kill_s", ROOT, kill(pid, SIGUSR1)));
	ASSERT_EQ(0, ERRNO_AS("kill_s", ROOT, kill(pid, 0)));
	ASSERT_EQ(0, load("kill_s kill_o rx"));
	ASSERT_EQ(EACCES, ERRNO_AS("kill_s", ROOT, kill(pid, SIGTERM)));
	ASSERT_EQ(0, load("kill_s kill_o w"));
	ASSERT_EQ(0, ERRNO_AS("kill_s", ROOT, kill(pid, SIGTERM)));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFSIGNALED(status));
	ASSERT_EQ(SIGTERM, WTERMSIG(status));
	close(release);
}

TEST(ptrace_attach_needs_rw)
{
	int release, err;
	pid_t pid = spawn_waiter("trace_o", 0, NULL, &release);

	ASSERT_LT(0, pid);
	err = ERRNO_AS("trace_s", ROOT, attach_and_detach(pid));
	if (err == ENOSYS)
		SKIP(return, "no ptrace in this kernel");
	ASSERT_EQ(EACCES, err);
	ASSERT_EQ(0, load("trace_s trace_o r"));
	ASSERT_EQ(EACCES, ERRNO_AS("trace_s", ROOT, attach_and_detach(pid)));
	ASSERT_EQ(0, load("trace_s trace_o rw"));
	ASSERT_EQ(0, ERRNO_AS("trace_s", ROOT, attach_and_detach(pid)));
	close(release);
	ASSERT_EQ(0, child_status(pid));
}

/* A UNIX socket of the receiver's label, reached from a socket of the sender's. */
FIXTURE(unix_socket) {};

FIXTURE_VARIANT(unix_socket)
{
	int type;
	const char *sender;
	const char *receiver;
	const char *address;
};

FIXTURE_VARIANT_ADD(unix_socket, stream) {
	.type = SOCK_STREAM,
	.sender = "stream_s",
	.receiver = "stream_o",
	.address = "label_test.stream",
};

FIXTURE_VARIANT_ADD(unix_socket, datagram) {
	.type = SOCK_DGRAM,
	.sender = "dgram_s",
	.receiver = "dgram_o",
	.address = "label_test.dgram",
};

FIXTURE_SETUP(unix_socket)
{
}

FIXTURE_TEARDOWN(unix_socket)
{
}

TEST_F(unix_socket, sending_needs_w)
{
	char rule[64];
	int release;
	pid_t pid = spawn_waiter(variant->receiver, variant->type, variant->address, &release);

	ASSERT_LT(0, pid);
	ASSERT_EQ(EACCES, ERRNO_AS(variant->sender, ROOT, reach(variant->type, variant->address)));
	snprintf(rule, sizeof(rule), "%s %s rx", variant->sender, variant->receiver);
	ASSERT_EQ(0, load(rule));
	ASSERT_EQ(EACCES, ERRNO_AS(variant->sender, ROOT, reach(variant->type, variant->address)));
	snprintf(rule, sizeof(rule), "%s %s w", variant->sender, variant->receiver);
	ASSERT_EQ(0, load(rule));
	/* A stream carries data both ways: the receiver's w to the sender too (attack_test). */
	if (variant->type == SOCK_STREAM) {
		snprintf(rule, sizeof(rule), "%s %s w", variant->receiver, variant->sender);
		ASSERT_EQ(0, load(rule));
	}
	ASSERT_EQ(0, ERRNO_AS(variant->sender, ROOT, reach(variant->type, variant->address)));
	close(release);
	ASSERT_EQ(0, child_status(pid));
}

TEST(shm_needs_r_and_w)
{
	const key_t key = 0x4c41424c;
	int id;

	if (shmget(key, 0, 0) == -1 && errno == ENOSYS)
		SKIP(return, "no System V IPC in this kernel");
	ASSERT_EQ(0, ERRNO_AS("shm_o", ROOT, shmget(key, 4096, IPC_CREAT | IPC_EXCL | 0666)));
	id = shmget(key, 0, 0);
	ASSERT_LE(0, id);

	ASSERT_EQ(EACCES, ERRNO_AS("shm_s", ROOT, shmget(key, 0, 0400)));
	ASSERT_EQ(EACCES, ERRNO_AS("shm_s", ROOT, attach_shm(id, SHM_RDONLY)));
	ASSERT_EQ(0, load("shm_s shm_o r"));
	ASSERT_EQ(0, ERRNO_AS("shm_s", ROOT, shmget(key, 0, 0400)));
	ASSERT_EQ(0, ERRNO_AS("shm_s", ROOT, attach_shm(id, SHM_RDONLY)));
	ASSERT_EQ(EACCES, ERRNO_AS("shm_s", ROOT, attach_shm(id, 0)));
	ASSERT_EQ(0, load("shm_s shm_o rw"));
	ASSERT_EQ(0, ERRNO_AS("shm_s", ROOT, attach_shm(id, 0)));
	ASSERT_EQ(0, ERRNO_AS("shm_o", ROOT, shmctl(id, IPC_RMID, NULL)));
}

TEST_HARNESS_MAIN
