// SPDX-License-Identifier: GPL-2.0-only
/*
 * Allocation failures: with one call in ten of the allocation sites of the security blobs and of
 * the label module failing (fail_function, for this process and its children only), creating
 * 10,000 files, forking 1,000 processes, opening 1,000 UNIX sockets and loading 400 rule
 * batches fails only with the errno of an allocation failure, and never leaves an object half
 * made: every file, process and socket that was created carries its creator's label, checked
 * by reading it back and by a decision that depends on it; a file whose creation failed does
 * not exist; a rule batch is applied whole or not at all; and no failure is counted as a
 * denial. Skips on a kernel without fail_function (only the debug kernel has it); leak_test,
 * after it in the debug boot, then looks for leaks with kmemleak.
 * Making 300 user namespaces fails the same way, and each one made keeps its creator's label,
 * which a decision on entering it depends on.
 */

#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/resource.h>

#include "common.h"

#define FAIL "/sys/kernel/debug/fail_function/"
#define FAULT_DIR "/tmp/fault"
#define LABEL "fault_t"
/* A label with no rule to LABEL, and one that may read and write it. */
#define STRANGER "fault_x"
#define FRIEND "fault_y"
#define FILES 10000
#define FORKS 1000
#define SOCKETS 1000
#define BATCHES 400
#define USER_NAMESPACES 300
/* At most; batches of 1 to 10 rules, so that some get through one failure in ten per rule. */
#define BATCH_RULES 10
#define RULE_LABELS 20

/*
 * The functions made to fail, each with the value it returns then: the framework's allocations
 * of the blobs the stacker lays out, and the label module's own allocations.
 */
static const struct {
	const char *name;
	const char *retval;
} sites[] = {
	{ "lsm_blob_alloc", "0xfffffffffffffff4" },		/* -ENOMEM */
	{ "security_inode_alloc", "0xfffffffffffffff4" },
	{ "security_file_alloc", "0xfffffffffffffff4" },
	{ "label_xattr_value", "0" },				/* NULL */
	{ "label_new", "0" },
	{ "rule_get", "0xfffffffffffffff4" },			/* ERR_PTR(-ENOMEM) */
};

static void __attribute__((constructor)) require_fail_function(void)
{
	struct stat st;

	if (stat(FAIL, &st))
		mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	skip_unless_present(FAIL, "fail_function");
}

static int set_knob(const char *knob, const char *value)
{
	char path[128];

	snprintf(path, sizeof(path), FAIL "%s", knob);
	return write_str(path, value) == (ssize_t)strlen(value) ? 0 : -1;
}

FIXTURE(fault) {
	int fail;	/* this process's make-it-fail, opened before any fault is injected */
};

FIXTURE_SETUP(fault)
{
	unsigned long i;
	char knob[128];

	ASSERT_EQ(0, load(STRANGER " " LABEL " -\n" FRIEND " " LABEL " rwx\n"));
	/* Off, and for the tasks that ask only, before any function is made to fail. */
	ASSERT_EQ(0, set_knob("probability", "0"));
	ASSERT_EQ(0, set_knob("task-filter", "Y"));
	ASSERT_EQ(0, set_knob("verbose", "0"));
	ASSERT_EQ(0, set_knob("interval", "1"));
	ASSERT_EQ(0, set_knob("times", "-1"));
	ASSERT_EQ(0, set_knob("inject", ""));
	for (i = 0; i < ARRAY_SIZE(sites); i++) {
		ASSERT_EQ(0, set_knob("inject", sites[i].name)) {
			TH_LOG("%s cannot be made to fail", sites[i].name);
		}
		snprintf(knob, sizeof(knob), "%s/retval", sites[i].name);
		ASSERT_EQ(0, set_knob(knob, sites[i].retval));
	}
	ASSERT_EQ(0, set_knob("probability", "10"));
	self->fail = open("/proc/self/make-it-fail", O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, self->fail);
}

FIXTURE_TEARDOWN(fault)
{
	set_knob("probability", "0");
	set_knob("inject", "");
	close(self->fail);
}

/* Faults on or off for this process (and the children it forks meanwhile), without an open. */
static void faults(struct __test_metadata *const _metadata, int fail, bool on)
{
	ASSERT_EQ(1, pwrite(fail, on ? "1" : "0", 1, 0));
}

/* Whether @err is how the call failing at @what may report an allocation failure. */
static bool allocation_errno(const char *what, int err)
{
	if (err == ENOMEM)
		return true;
	/* tmpfs answers a failed new_inode() with ENOSPC, whatever failed in it. */
	if (!strcmp(what, "create") && err == ENOSPC)
		return true;
	/* net/socket.c answers a failed sock_alloc() (the socket's inode) with ENFILE. */
	return !strcmp(what, "socket") && err == ENFILE;
}

/* Count a failure of @what, the @n-th, and check its errno. */
#define EXPECT_ALLOCATION_ERRNO(what, n, failed)					\
	do {										\
		int __err = errno;							\
		(failed)++;								\
		EXPECT_TRUE(allocation_errno(what, __err)) {				\
			TH_LOG("%s %d failed with %s", what, n, strerror(__err));	\
		}									\
	} while (0)

/* Whether a child of @label gets @want (0 or an errno) opening @path for reading. */
static int open_as(const char *label, const char *const *paths, int n, int want)
{
	pid_t pid = fork_as(label, ROOT);
	int i, wrong = 0;

	if (pid)
		return child_status(pid);
	for (i = 0; i < n; i++) {
		int fd, err;

		if (!paths[i])
			continue;
		fd = open(paths[i], O_RDONLY | O_CLOEXEC);
		err = fd < 0 ? errno : 0;
		if (fd >= 0)
			close(fd);
		wrong += err != want;
	}
	_exit(wrong ? 1 : 0);
}

TEST_F_TIMEOUT(fault, files, 600)
{
	static char names[FILES][32];
	static const char *made[FILES];
	int i, failed = 0, survivors = 0, entries = 0;
	unsigned long before, after;
	bool hosted = stacker_present();
	struct dirent *d;
	DIR *dir;

	/* "*": anyone may look up and create in it, so a file's own label decides its opening. */
	ASSERT_EQ(0, mkdir(FAULT_DIR, 0777));
	ASSERT_EQ(0, setxattr(FAULT_DIR, XATTR_NAME_LABEL, "*", 1, 0));
	ASSERT_EQ(0, set_label(LABEL));
	if (hosted)
		ASSERT_EQ(0, label_denials(&before));
	faults(_metadata, self->fail, true);
	for (i = 0; i < FILES; i++) {
		int fd;

		snprintf(names[i], sizeof(names[i]), FAULT_DIR "/%d", i);
		fd = open(names[i], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (fd < 0) {
			EXPECT_ALLOCATION_ERRNO("create", i, failed);
			continue;
		}
		close(fd);
		made[i] = names[i];
		survivors++;
	}
	faults(_metadata, self->fail, false);
	TH_LOG("%d files created, %d creations failed", survivors, failed);
	ASSERT_LT(0, failed);
	ASSERT_LT(0, survivors);

	/* What was made carries the label, on disk and in memory; what failed left nothing. */
	for (i = 0; i < FILES; i++) {
		char value[64];
		ssize_t len = getxattr(names[i], XATTR_NAME_LABEL, value, sizeof(value) - 1);

		if (!made[i]) {
			EXPECT_EQ(-1, len);
			EXPECT_EQ(ENOENT, errno);
			continue;
		}
		ASSERT_EQ((ssize_t)strlen(LABEL), len) {
			TH_LOG("%s: %s", names[i], len < 0 ? strerror(errno) : "wrong length");
		}
		value[len] = '\0';
		EXPECT_STREQ(LABEL, value);
	}
	dir = opendir(FAULT_DIR);
	ASSERT_NE(NULL, dir);
	while ((d = readdir(dir)))
		entries += d->d_name[0] != '.';
	closedir(dir);
	EXPECT_EQ(survivors, entries);
	EXPECT_EQ(0, open_as(STRANGER, made, FILES, EACCES));
	EXPECT_EQ(0, open_as(FRIEND, made, FILES, 0));
	if (hosted) {
		/* The stranger's denials, one per file, and no other. */
		ASSERT_EQ(0, label_denials(&after));
		EXPECT_EQ(before + survivors, after);
	}
	/* Gone before leak_test and its kmemleak scans. */
	for (i = 0; i < FILES; i++)
		if (made[i])
			EXPECT_EQ(0, unlink(made[i]));
}

/*
 * A child's own label, read with retries (its faults are on too): 0 if right, 1 if wrong, 2 if
 * never read, 100 + errno if reading failed otherwise.
 */
static int check_own_label(void)
{
	char label[64];
	int tries;

	for (tries = 0; tries < 100; tries++) {
		if (read_text(SELF_LABEL, label, sizeof(label)) >= 0)
			return strcmp(label, LABEL) ? 1 : 0;
		/* proc answers a failed inode allocation with ENOENT. */
		if (errno != ENOMEM && errno != ENOENT)
			return 100 + errno;
	}
	return 2;
}

TEST_F_TIMEOUT(fault, processes, 600)
{
	int i, failed = 0, survivors = 0;

	ASSERT_EQ(0, set_label(LABEL));
	faults(_metadata, self->fail, true);
	for (i = 0; i < FORKS; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			EXPECT_ALLOCATION_ERRNO("fork", i, failed);
			continue;
		}
		if (!pid)
			_exit(check_own_label());
		EXPECT_EQ(0, child_status(pid));
		survivors++;
	}
	faults(_metadata, self->fail, false);
	TH_LOG("%d processes forked, %d forks failed", survivors, failed);
	ASSERT_LT(0, failed);
}

/*
 * In a child: unshare(CLONE_NEWUSER) with faults on: 0 or its errno; -1 without faults. They
 * stay on: turning them off needs CAP_SYS_RESOURCE in the initial user namespace, which the
 * child has left, and it allocates nothing more (it reports on a pipe and waits).
 */
static int unshare_user_with_faults(void)
{
	int fail = open("/proc/self/make-it-fail", O_WRONLY | O_CLOEXEC);

	if (fail < 0 || write(fail, "1", 1) != 1)
		return -1;
	return unshare(CLONE_NEWUSER) ? errno : 0;
}

/* A user namespace made keeps its creator's label: only a label with rw to it enters it. */
TEST_F_TIMEOUT(fault, user_namespaces, 600)
{
	int i, err, failed = 0, made = 0;

	ASSERT_EQ(0, set_label(LABEL));
	for (i = 0; i < USER_NAMESPACES; i++) {
		char path[64];
		int report[2], ns;
		pid_t pid;

		ASSERT_EQ(0, pipe2(report, O_CLOEXEC));
		pid = fork();
		ASSERT_LE(0, pid);
		if (!pid) {
			err = unshare_user_with_faults();
			if (write(report[1], &err, sizeof(err)) == sizeof(err))
				pause();
			_exit(SETUP_FAILED);
		}
		close(report[1]);
		ASSERT_EQ(sizeof(err), read(report[0], &err, sizeof(err)));
		close(report[0]);
		ASSERT_LE(0, err);
		if (err) {
			errno = err;
			EXPECT_ALLOCATION_ERRNO("unshare", i, failed);
		} else {
			snprintf(path, sizeof(path), "/proc/%d/ns/user", pid);
			ns = open(path, O_RDONLY | O_CLOEXEC);
			ASSERT_LE(0, ns);
			EXPECT_EQ(0, ERRNO_AS(FRIEND, ROOT, setns(ns, CLONE_NEWUSER)));
			EXPECT_EQ(EPERM, ERRNO_AS(STRANGER, ROOT, setns(ns, CLONE_NEWUSER)));
			close(ns);
			made++;
		}
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	TH_LOG("%d user namespaces made, %d failed", made, failed);
	ASSERT_LT(0, failed);
}

/* Datagrams from a child of @label to each bound socket: how many answers were not @want. */
static int send_as(const char *label, const bool *bound, int want)
{
	struct sockaddr_un addr;
	pid_t pid = fork_as(label, ROOT);
	int i, fd, wrong = 0;

	if (pid)
		return child_status(pid);
	for (i = 0; i < SOCKETS; i++) {
		char name[sizeof(((struct sockaddr_un *)0)->sun_path)];
		socklen_t len;
		int err;

		if (!bound[i])
			continue;
		/* A socket per datagram: unread ones count against their sender's buffer. */
		fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (fd < 0)
			_exit(SETUP_FAILED);
		snprintf(name, sizeof(name), "fault-%d", i);
		len = unix_address(&addr, name);
		err = sendto(fd, "x", 1, MSG_DONTWAIT, (struct sockaddr *)&addr, len) == 1 ?
		      0 : errno;
		close(fd);
		wrong += err != want;
	}
	_exit(wrong ? 1 : 0);
}

TEST_F_TIMEOUT(fault, sockets, 600)
{
	static int fds[SOCKETS];
	static bool bound[SOCKETS];
	struct rlimit nofile = { SOCKETS + 64, SOCKETS + 64 };
	int i, failed = 0, survivors = 0;

	ASSERT_EQ(0, setrlimit(RLIMIT_NOFILE, &nofile));
	ASSERT_EQ(0, set_label(LABEL));
	faults(_metadata, self->fail, true);
	for (i = 0; i < SOCKETS; i++) {
		fds[i] = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		if (fds[i] < 0) {
			EXPECT_ALLOCATION_ERRNO("socket", i, failed);
			continue;
		}
		survivors++;
	}
	faults(_metadata, self->fail, false);
	TH_LOG("%d sockets opened, %d failed", survivors, failed);
	ASSERT_LT(0, failed);
	for (i = 0; i < SOCKETS; i++) {
		struct sockaddr_un addr;
		char name[sizeof(((struct sockaddr_un *)0)->sun_path)];
		socklen_t len;

		if (fds[i] < 0)
			continue;
		snprintf(name, sizeof(name), "fault-%d", i);
		len = unix_address(&addr, name);
		ASSERT_EQ(0, bind(fds[i], (struct sockaddr *)&addr, len));
		bound[i] = true;
	}
	/* LABEL's: not the floor's (the friend may write), not "*" (the stranger may not). */
	EXPECT_EQ(0, send_as(FRIEND, bound, 0));
	EXPECT_EQ(0, send_as(STRANGER, bound, EACCES));
	for (i = 0; i < SOCKETS; i++)
		if (fds[i] >= 0)
			close(fds[i]);
}

/* The access of each rule between the test's labels in the rules file; -1: no rule. */
static void read_rules(struct __test_metadata *const _metadata,
		       int access[RULE_LABELS][RULE_LABELS])
{
	static char text[1 << 20];
	const char *line;
	int s, o;

	for (s = 0; s < RULE_LABELS; s++)
		for (o = 0; o < RULE_LABELS; o++)
			access[s][o] = -1;
	ASSERT_LT(0, read_text(LABEL_FS "rules", text, sizeof(text)));
	for (line = text; *line; line = strchrnul(line, '\n') + 1) {
		char letters[8];
		int n;

		if (sscanf(line, "fault_r%d fault_r%d %7s", &s, &o, letters) != 3)
			continue;
		ASSERT_TRUE(s >= 0 && s < RULE_LABELS && o >= 0 && o < RULE_LABELS);
		access[s][o] = 0;
		for (n = 0; letters[n]; n++)
			if (letters[n] != '-')
				access[s][o] |= 1 << (strchr("rwxa", letters[n]) - "rwxa");
		if (!line[strcspn(line, "\n")])
			break;
	}
}

TEST_F_TIMEOUT(fault, rule_batches, 600)
{
	static const char *const strings[] = { "-", "r", "w", "rx", "rwxa", "a" };
	/* r, w, x, a as bits 0 to 3; w brings no a. */
	static const int bits[] = { 0, 1, 2, 1 | 4, 15, 8 };
	int model[RULE_LABELS][RULE_LABELS], seen[RULE_LABELS][RULE_LABELS];
	int b, i, failed = 0, loaded = 0, fd;
	char batch[BATCH_RULES * 48];

	srandom(12);
	read_rules(_metadata, model);
	/* One descriptor for every load: opening "load" is not what is tested. */
	fd = open(LABEL_FS "load", O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	for (b = 0; b < BATCHES; b++) {
		int pairs[BATCH_RULES][3], len = 0, rules = 1 + random() % BATCH_RULES;
		ssize_t rc;

		for (i = 0; i < rules; i++) {
			pairs[i][0] = random() % RULE_LABELS;
			pairs[i][1] = random() % RULE_LABELS;
			pairs[i][2] = random() % 6;
			len += snprintf(batch + len, sizeof(batch) - len,
					"fault_r%d fault_r%d %s\n", pairs[i][0], pairs[i][1],
					strings[pairs[i][2]]);
		}
		faults(_metadata, self->fail, true);
		rc = write(fd, batch, len);
		faults(_metadata, self->fail, false);
		if (rc < 0) {
			EXPECT_ALLOCATION_ERRNO("load", b, failed);
		} else {
			ASSERT_EQ(len, rc);
			for (i = 0; i < rules; i++)
				model[pairs[i][0]][pairs[i][1]] = bits[pairs[i][2]];
			loaded++;
		}
		/* All of the batch or nothing of it. */
		read_rules(_metadata, seen);
		ASSERT_EQ(0, memcmp(model, seen, sizeof(model))) {
			TH_LOG("batch %d (%s) changed the rules otherwise", b,
			       rc < 0 ? "refused" : "loaded");
		}
	}
	close(fd);
	TH_LOG("%d batches loaded, %d failed", loaded, failed);
	ASSERT_LT(0, failed);
}

/*
 * A label on disk that cannot be interned (out of memory) does not make its file the floor's,
 * which every task may read: only "^" may. Seen through overlayfs, whose inodes are labelled
 * from the layer's security.label when they are looked up.
 */
#define OVERLAY_OPTIONS \
	"lowerdir=/tmp/fault-ovl/lower,upperdir=/tmp/fault-ovl/upper,workdir=/tmp/fault-ovl/work"

TEST_F(fault, unreadable_label_denies)
{
	static const char *const merged[] = { "/tmp/fault-ovl/merged/f" };
	static const char *const renamed[] = { "/tmp/fault-ovl/merged/g" };
	int kmsg, err;

	static const char *const dirs[] = {
		"/tmp/fault-ovl", "/tmp/fault-ovl/lower", "/tmp/fault-ovl/upper",
		"/tmp/fault-ovl/work", "/tmp/fault-ovl/merged",
	};
	unsigned long i;

	/* Directories anyone may use, so that only the file's own label decides. */
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		ASSERT_EQ(0, mkdir(dirs[i], 0755));
		ASSERT_EQ(0, setxattr(dirs[i], XATTR_NAME_LABEL, "*", 1, 0));
	}
	ASSERT_EQ(0, close(open("/tmp/fault-ovl/lower/f", O_WRONLY | O_CREAT | O_CLOEXEC, 0644)));
	ASSERT_EQ(0, setxattr("/tmp/fault-ovl/lower/f", XATTR_NAME_LABEL, LABEL, strlen(LABEL), 0));
	/* Every interning of a label met on disk fails, for this process only. */
	ASSERT_EQ(0, set_knob("inject", ""));
	ASSERT_EQ(0, set_knob("inject", "label_intern_nofs"));
	ASSERT_EQ(0, set_knob("label_intern_nofs/retval", "0xfffffffffffffff4"));
	ASSERT_EQ(0, set_knob("probability", "100"));
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	/* The overlay reads its layers with its mounter's credentials: LABEL's, to read f. */
	ASSERT_EQ(0, set_label(LABEL));
	ASSERT_EQ(0, mount("overlay", "/tmp/fault-ovl/merged", "overlay", 0, OVERLAY_OPTIONS));
	faults(_metadata, self->fail, true);
	EXPECT_EQ(0, access(merged[0], F_OK)) {
		TH_LOG("looking %s up: %s", merged[0], strerror(errno));
	}
	faults(_metadata, self->fail, false);
	EXPECT_TRUE(logged(kmsg, "cannot read the label of inode"));
	close(kmsg);
	/* The friend may read LABEL's files, and would read the floor's: not this one. */
	EXPECT_EQ(0, open_as(FRIEND, merged, 1, EACCES));
	/*
	 * The neighbouring path: the same inode under another name. Renaming it is refused (its
	 * label gives this task no write either), or the new name is as unreadable.
	 */
	err = rename(merged[0], renamed[0]) ? errno : 0;
	EXPECT_TRUE(!err || err == EACCES);
	EXPECT_EQ(0, err ? 0 : open_as(FRIEND, renamed, 1, EACCES));
	EXPECT_EQ(0, umount("/tmp/fault-ovl/merged"));
}

TEST_HARNESS_MAIN
