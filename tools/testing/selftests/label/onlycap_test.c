// SPDX-License-Identifier: GPL-2.0-only
/*
 * Smack's privilege controls in label: relabel-self (a task may take one of a listed set of
 * labels later, without CAP_MAC_ADMIN, once), onlycap (CAP_MAC_ADMIN and CAP_MAC_OVERRIDE count
 * only for tasks of listed labels) and mac-override (CAP_MAC_OVERRIDE passes label's checks;
 * off by default).
 */

#include <linux/lsm.h>
#include <sys/msg.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "common.h"

/* Refusals here are checked in the log. */
static void __attribute__((constructor)) restore_log_budgets(void)
{
	wait_for_log_budgets();
}

#define ONLYCAP LABEL_FS "onlycap"
#define RELABEL_SELF LABEL_FS "relabel-self"
#define MAC_OVERRIDE LABEL_FS "mac-override"
#define NOT_ONLYCAP_OPENER "its opener's label is not in onlycap:"
#define REFUSED_NOT_IN_ONLYCAP \
	"label: setting the task label refused: the caller's label is not in onlycap:"

/* The errno of writing @text to @path in one write, 0 if all of it was taken. */
static int write_errno(const char *path, const char *text)
{
	return write_str(path, text) == (ssize_t)strlen(text) ? 0 : errno;
}

static void skip_if_frozen(struct __test_metadata *const _metadata)
{
	char text[8];

	ASSERT_LT(0, read_text(LABEL_FS "freeze", text, sizeof(text)));
	if (strcmp(text, "0\n"))
		SKIP(return, "the policy is frozen");
}

/*
 * relabel-self: after its privileged owner lists labels, a task without CAP_MAC_ADMIN may
 * take one of them, once; its children inherit the list; a label not listed, or not known,
 * stays refused, and no label is created by trying.
 */
TEST(relabel_self_once)
{
	char text[TEXT_SIZE];
	pid_t pid;

	skip_if_frozen(_metadata);
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		if (write_errno(RELABEL_SELF, "rs_a rs_b\n") ||
		    read_text(RELABEL_SELF, text, sizeof(text)) < 0 ||
		    strcmp(text, "rs_a rs_b\n") || drop_mac_admin())
			_exit(10);
		if (write_errno(SELF_LABEL, "rs_c") != EPERM ||
		    write_errno(SELF_LABEL, "rs_never_made") != EPERM)
			_exit(11);
		/* A child inherits the list, and uses it up for itself only. */
		if (ERRNO_AS(NULL, ROOT, set_label("rs_a")) != 0)
			_exit(12);
		if (write_errno(SELF_LABEL, "rs_b") ||
		    read_text(SELF_LABEL, text, sizeof(text)) < 0 || strcmp(text, "rs_b"))
			_exit(13);
		/* Once: the list is gone with the change. */
		if (read_text(RELABEL_SELF, text, sizeof(text)) != 0 ||
		    write_errno(SELF_LABEL, "rs_a") != EPERM)
			_exit(14);
		_exit(0);
	}
	ASSERT_EQ(0, child_status(pid));
	ASSERT_LT(0, read_text(LABEL_FS "labels", text, sizeof(text)));
	EXPECT_FALSE(has_line(text, "rs_never_made"));
	/* The parent's own list never changed. */
	ASSERT_EQ(0, read_text(RELABEL_SELF, text, sizeof(text)));
}

/*
 * The system call next to the attribute file keeps to the same list: without CAP_MAC_ADMIN,
 * lsm_set_self_attr() takes a listed label once and an unlisted one never.
 */
TEST(relabel_self_through_lsm_set_self_attr)
{
	char text[TEXT_SIZE];
	pid_t pid;

	skip_if_frozen(_metadata);
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		if (write_errno(RELABEL_SELF, "rs_e\n") || drop_mac_admin())
			_exit(10);
		if (set_self_attr_label("rs_f") != EPERM)
			_exit(11);
		if (set_self_attr_label("rs_e") ||
		    read_text(SELF_LABEL, text, sizeof(text)) < 0 || strcmp(text, "rs_e"))
			_exit(12);
		if (set_self_attr_label("rs_f") != EPERM)
			_exit(13);
		_exit(0);
	}
	ASSERT_EQ(0, child_status(pid));
}

/* Run @fn in a child labelled @label, taken through this process's relabel-self list. */
static int in_label(const char *label, int (*fn)(void))
{
	pid_t pid = fork();

	if (!pid)
		_exit(set_label(label) ? 255 : fn());
	return child_status(pid);
}

static int lift_onlycap(void)
{
	return write_errno(ONLYCAP, "-");
}

static int load_as_admin(void)
{
	return write_errno(LABEL_FS "load", "oc_s oc_o r\n");
}

/* Taken through relabel-self, so that no CAP_MAC_ADMIN is needed to lift onlycap afterwards. */
static void restore_onlycap(struct __test_metadata *const _metadata)
{
	char text[TEXT_SIZE];

	ASSERT_EQ(0, in_label("oc_admin", lift_onlycap));
	ASSERT_EQ(0, read_text(ONLYCAP, text, sizeof(text)));
}

FIXTURE(onlycap) {};

/*
 * Every child may become oc_admin once, whatever onlycap says; as such it may write the policy
 * files, which are "_".
 */
static void admin_way_back(struct __test_metadata *const _metadata, const char *labels)
{
	ASSERT_EQ(0, load("oc_admin _ rw\n"));
	ASSERT_EQ(0, write_errno(RELABEL_SELF, labels));
}

FIXTURE_SETUP(onlycap)
{
	skip_if_frozen(_metadata);
	admin_way_back(_metadata, "oc_admin");
}

FIXTURE_TEARDOWN(onlycap)
{
	char text[TEXT_SIZE];

	if (read_text(ONLYCAP, text, sizeof(text)) > 0)
		restore_onlycap(_metadata);
	write_str(RELABEL_SELF, "-");
}

#define OC_FILE "/tmp/onlycap_test_file"

static int read_file_label(void)
{
	char value[LABEL_NAME_MAX + 1];

	return getxattr(OC_FILE, XATTR_NAME_LABEL, value, sizeof(value)) < 0 ? -1 : 0;
}

/*
 * With onlycap set, root of another label may neither change the policy nor relabel itself:
 * the refusal names onlycap; a task of a listed label may. Nor does its CAP_MAC_ADMIN read a
 * file's label without a rule to the file, as it would without onlycap.
 */
TEST_F(onlycap, shuts_out_other_labels)
{
	char text[TEXT_SIZE];
	int kmsg, fd;

	fd = open(OC_FILE, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(0, setxattr(OC_FILE, XATTR_NAME_LABEL, "oc_o", 4, 0));
	EXPECT_EQ(0, read_file_label());
	ASSERT_EQ(0, write_errno(ONLYCAP, "oc_admin oc_other\n"));
	ASSERT_LT(0, read_text(ONLYCAP, text, sizeof(text)));
	ASSERT_STREQ("oc_admin oc_other\n", text);
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	EXPECT_EQ(EPERM, write_errno(LABEL_FS "load", "oc_s oc_o r\n"));
	EXPECT_TRUE(logged(kmsg,
			   "label: write to load refused: its opener's label is not in onlycap:"));
	EXPECT_EQ(EPERM, write_errno(SELF_LABEL, "oc_s"));
	EXPECT_TRUE(logged(kmsg, REFUSED_NOT_IN_ONLYCAP));
	EXPECT_EQ(EPERM, write_errno(ONLYCAP, "-"));
	/* The file attribute is the other privileged relabelling: refused the same way. */
	EXPECT_EQ(-1, setxattr("/tmp", XATTR_NAME_LABEL, "oc_s", 4, 0));
	EXPECT_EQ(EPERM, errno);
	EXPECT_EQ(-1, read_file_label());
	EXPECT_EQ(EACCES, errno);
	EXPECT_EQ(0, in_label("oc_admin", read_file_label));
	close(kmsg);
	EXPECT_EQ(0, in_label("oc_admin", load_as_admin));
	ASSERT_LT(0, read_text(LABEL_FS "rules", text, sizeof(text)));
	EXPECT_TRUE(has_line(text, "oc_s oc_o r"));
	restore_onlycap(_metadata);
	EXPECT_EQ(0, removexattr(OC_FILE, XATTR_NAME_LABEL));
	EXPECT_EQ(0, unlink(OC_FILE));
}

static int make_label_permissive(void)
{
	return write_errno(STACKER_MODE, "label permissive\n");
}

/*
 * Label's mode and log switch in the hosting stacker are label's policy: with onlycap set, root
 * of another label may neither make label permissive, nor stop the stacker logging label's
 * denials, nor lock the stacker, and the refusal is label's; a task of a listed label may
 * change the mode.
 */
TEST_F(onlycap, decides_label_mode_log_and_stacker_lock)
{
	char text[TEXT_SIZE];
	int kmsg;

	if (stacker_modes_closed())
		SKIP(return, "%s", stacker_modes_closed());
	ASSERT_EQ(0, write_errno(ONLYCAP, "oc_admin\n"));
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	EXPECT_EQ(EPERM, make_label_permissive());
	EXPECT_TRUE(logged(kmsg, "label: write to mode refused: " NOT_ONLYCAP_OPENER));
	EXPECT_EQ(EPERM, write_errno(STACKER_LOG, "label off\n"));
	EXPECT_TRUE(logged(kmsg, "label: write to log refused: " NOT_ONLYCAP_OPENER));
	EXPECT_EQ(EPERM, write_errno(STACKER_LOCK, "1\n"));
	EXPECT_TRUE(logged(kmsg, "label: write to lock refused: " NOT_ONLYCAP_OPENER));
	close(kmsg);
	ASSERT_LT(0, read_text(STACKER_MODE, text, sizeof(text)));
	EXPECT_TRUE(has_line(text, "label enforcing"));
	ASSERT_LT(0, read_text(STACKER_LOG, text, sizeof(text)));
	EXPECT_TRUE(has_line(text, "label on"));
	ASSERT_LT(0, read_text(STACKER_LOCK, text, sizeof(text)));
	EXPECT_STREQ("0\n", text);
	/* A task of the listed label may; root of another label may not undo it either. */
	EXPECT_EQ(0, in_label("oc_admin", make_label_permissive));
	EXPECT_EQ(EPERM, write_errno(STACKER_MODE, "label enforcing\n"));
	restore_onlycap(_metadata);
	ASSERT_EQ(0, write_errno(STACKER_MODE, "label enforcing\n"));
}

/*
 * mac-override, on a file of a label the task has no rule for, and through a directory of
 * one (the path walk asks again in ref-walk): off by default; on, CAP_MAC_OVERRIDE passes;
 * without the capability, or of a label onlycap leaves out, the task is denied again.
 */
FIXTURE(mac_override) {};

FIXTURE_SETUP(mac_override)
{
	skip_if_frozen(_metadata);
	/* mo_s too: a child takes it even while onlycap leaves this process's label out. */
	admin_way_back(_metadata, "oc_admin mo_s");
	/* Made once per run: an earlier test's "mo_d" directory is not this process's to remove. */
	if (access("/tmp/override-dir", F_OK)) {
		make_dir(_metadata, "/tmp/override-dir", NULL);
		make_file(_metadata, "/tmp/override-dir/file", "mo_o");
		ASSERT_EQ(0, setxattr("/tmp/override-dir", XATTR_NAME_LABEL, "mo_d", 4, 0));
	}
}

FIXTURE_TEARDOWN(mac_override)
{
	char text[TEXT_SIZE];

	if (read_text(ONLYCAP, text, sizeof(text)) > 0)
		restore_onlycap(_metadata);
	write_str(MAC_OVERRIDE, "0");
	write_str(RELABEL_SELF, "-");
}

static int read_file(void)
{
	int fd = open("/tmp/override-dir/file", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int read_without_override(void)
{
	return drop_cap(CAP_MAC_OVERRIDE) ? -1 : read_file();
}

TEST_F(mac_override, passes_only_when_on)
{
	char text[8];

	ASSERT_LT(0, read_text(MAC_OVERRIDE, text, sizeof(text)));
	ASSERT_STREQ("0\n", text);
	ASSERT_LABEL_DENIES("mo_s", ROOT, read_file());
	ASSERT_EQ(0, write_errno(MAC_OVERRIDE, "1\n"));
	EXPECT_EQ(0, ERRNO_AS("mo_s", ROOT, read_file()));
	EXPECT_EQ(EACCES, ERRNO_AS("mo_s", ROOT, read_without_override()));
	EXPECT_EQ(EACCES, ERRNO_AS("mo_s", NOBODY_USER, read_file()));
	ASSERT_EQ(0, write_errno(ONLYCAP, "oc_admin"));
	EXPECT_EQ(EACCES, ERRNO_AS("mo_s", ROOT, read_file()));
	restore_onlycap(_metadata);
	EXPECT_EQ(0, ERRNO_AS("mo_s", ROOT, read_file()));
	ASSERT_EQ(0, write_errno(MAC_OVERRIDE, "0"));
	ASSERT_LABEL_DENIES("mo_s", ROOT, read_file());
}

/* The task and the queue the next test's children reach for. */
static pid_t override_task;
static int override_queue;

static int signal_task(void)
{
	return kill(override_task, SIGCONT);
}

static int send_to_queue(void)
{
	struct {
		long type;
		char text[8];
	} m = { .type = 1, .text = "hello" };

	return msgsnd(override_queue, &m, sizeof(m.text), IPC_NOWAIT);
}

static int without_override(int (*fn)(void))
{
	return drop_cap(CAP_MAC_OVERRIDE) ? -1 : fn();
}

/*
 * The doors next to the file: a signal to a task of another label and a message to a queue of
 * the floor's, both denied, pass with mac-override on and CAP_MAC_OVERRIDE, and stay denied
 * without the capability.
 */
TEST_F(mac_override, passes_signals_and_messages)
{
	int release;

	override_task = spawn_waiter("mo_t", 0, NULL, &release);
	ASSERT_LT(0, override_task);
	override_queue = msgget(IPC_PRIVATE, IPC_CREAT | 0666);
	ASSERT_LE(0, override_queue);
	ASSERT_LABEL_DENIES("mo_s", ROOT, signal_task());
	ASSERT_LABEL_DENIES("mo_s", ROOT, send_to_queue());
	ASSERT_EQ(0, write_errno(MAC_OVERRIDE, "1"));
	EXPECT_EQ(0, ERRNO_AS("mo_s", ROOT, signal_task()));
	EXPECT_EQ(0, ERRNO_AS("mo_s", ROOT, send_to_queue()));
	EXPECT_EQ(EACCES, ERRNO_AS("mo_s", ROOT, without_override(signal_task)));
	EXPECT_EQ(EACCES, ERRNO_AS("mo_s", ROOT, without_override(send_to_queue)));
	EXPECT_EQ(0, msgctl(override_queue, IPC_RMID, NULL));
	close(release);
	EXPECT_EQ(override_task, waitpid(override_task, NULL, 0));
}

TEST_HARNESS_MAIN
