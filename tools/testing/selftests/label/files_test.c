// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checks the label module on files and inodes: every path around the open check - lookups,
 * both mode bits, ioctls, an append-only descriptor, names of other labels in a writable
 * directory, attributes, extended attributes, locks, passed descriptors, statfs.
 */

#include <linux/falloc.h>
#include <stdint.h>
#include <linux/fs.h>
#include <linux/perf_event.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>

#include "common.h"

#ifndef RWF_NOAPPEND
#define RWF_NOAPPEND 0x00000020
#endif

/* Open @path with @flags and give the descriptor to @use: its result, or -1. */
static int with_fd(const char *path, int flags, int (*use)(int fd))
{
	int fd = open(path, flags | O_CLOEXEC);

	if (fd < 0)
		return -1;
	return use(fd);
}

static int get_flags(int fd)
{
	long flags;

	return ioctl(fd, FS_IOC_GETFLAGS, &flags);
}

/* Set the inode flags to what they are: a change as far as the permission checks go. */
static int set_flags(int fd)
{
	long flags;

	if (ioctl(fd, FS_IOC_GETFLAGS, &flags))
		return -1;
	return ioctl(fd, FS_IOC_SETFLAGS, &flags);
}

/* open(path, 3) asks for both read and write, though the descriptor gets neither. */
TEST(open_with_both_mode_bits_needs_rw)
{
	const char *path = "/tmp/label-both";

	make_file(_metadata, path, "both_o");
	ASSERT_LABEL_DENIES("both_s", ROOT, open(path, O_ACCMODE));
	ASSERT_EQ(0, load("both_s both_o r"));
	ASSERT_LABEL_DENIES("both_s", ROOT, open(path, O_ACCMODE));
	ASSERT_EQ(0, load("both_s both_o rw"));
	ASSERT_EQ(0, ERRNO_AS("both_s", ROOT, open(path, O_ACCMODE)));
}

/* Each way of changing a file other than at its end through an O_APPEND descriptor. */
FIXTURE(append_only) {};

FIXTURE_VARIANT(append_only)
{
	int (*overwrite)(int fd);
};

static int clear_append(int fd)
{
	return fcntl(fd, F_SETFL, 0);
}

static int truncate_fd(int fd)
{
	return ftruncate(fd, 0);
}

static int punch_hole(int fd)
{
	return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 4);
}

static int write_at_start(int fd)
{
	struct iovec iov = { .iov_base = "XXXX", .iov_len = 4 };

	return pwritev2(fd, &iov, 1, 0, RWF_NOAPPEND) == 4 ? 0 : -1;
}

static int map_shared_writable(int fd)
{
	return mmap(NULL, 4096, PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0;
}

/* Userfaultfd's UFFDIO_COPY writes into the holes of a shared mapping that may be writable. */
static int map_shared_for_reading(int fd)
{
	return mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0;
}

static int protect_shared_writable(int fd)
{
	void *map = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);

	if (map == MAP_FAILED)
		return -1;
	return mprotect(map, 4096, PROT_READ | PROT_WRITE);
}

/* FIONREAD stands for any command: some change data with no direction (EXT4_IOC_SWAP_BOOT). */
static int ioctl_of_any_kind(int fd)
{
	int n;

	return ioctl(fd, FIONREAD, &n);
}

static int append(int fd)
{
	return write(fd, "more\n", 5) == 5 ? 0 : -1;
}

FIXTURE_VARIANT_ADD(append_only, fcntl_clears_append) { .overwrite = clear_append };
FIXTURE_VARIANT_ADD(append_only, ftruncate) { .overwrite = truncate_fd };
FIXTURE_VARIANT_ADD(append_only, fallocate_punches_hole) { .overwrite = punch_hole };
FIXTURE_VARIANT_ADD(append_only, pwritev2_noappend) { .overwrite = write_at_start };
FIXTURE_VARIANT_ADD(append_only, mmap_shared_writable) { .overwrite = map_shared_writable };
FIXTURE_VARIANT_ADD(append_only, mmap_shared_for_reading) { .overwrite = map_shared_for_reading };
FIXTURE_VARIANT_ADD(append_only, ioctl) { .overwrite = ioctl_of_any_kind };
FIXTURE_VARIANT_ADD(append_only, mprotect_shared_writable) {
	.overwrite = protect_shared_writable,
};

FIXTURE_SETUP(append_only)
{
	/* The file of the last variant, removed with w on it. */
	ASSERT_EQ(0, load("_ aonly_o rw"));
	unlink("/tmp/label-append-only");
	make_file(_metadata, "/tmp/label-append-only", "aonly_o");
}

FIXTURE_TEARDOWN(append_only)
{
}

TEST_F(append_only, needs_w)
{
	const char *path = "/tmp/label-append-only";
	char buf[16];

	ASSERT_EQ(0, load("aonly_s aonly_o ra"));
	ASSERT_EQ(0, ERRNO_AS("aonly_s", ROOT, with_fd(path, O_RDWR | O_APPEND, append)));
	ASSERT_LABEL_DENIES("aonly_s", ROOT, with_fd(path, O_RDWR | O_APPEND,
						     variant->overwrite));
	ASSERT_EQ(10, read_text(path, buf, sizeof(buf)));
	ASSERT_STREQ("data\nmore\n", buf);
	ASSERT_EQ(0, load("aonly_s aonly_o rwa"));
	ASSERT_EQ(0, ERRNO_AS("aonly_s", ROOT, with_fd(path, O_RDWR | O_APPEND,
						       variant->overwrite)));
}

/*
 * A device ignores O_APPEND (a block device writes at the offset: an "a" rule would write its
 * first sectors), so opening one for writing with O_APPEND asks w, not a.
 */
TEST(append_to_a_device_needs_w)
{
	const char *path = "/tmp/label-append-device";

	unlink(path);
	ASSERT_EQ(0, mknod(path, S_IFCHR | 0666, makedev(1, 3)));
	ASSERT_EQ(0, chmod(path, 0666));
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, "adev_o", strlen("adev_o"), 0));
	ASSERT_EQ(0, load("adev_s adev_o ra"));
	ASSERT_LABEL_DENIES("adev_s", ROOT, open(path, O_WRONLY | O_APPEND));
	ASSERT_LABEL_DENIES("adev_s", NOBODY_USER, open(path, O_WRONLY | O_APPEND));
	ASSERT_EQ(0, load("adev_s adev_o rw"));
	ASSERT_EQ(0, ERRNO_AS("adev_s", ROOT, open(path, O_WRONLY | O_APPEND)));
	ASSERT_EQ(0, ERRNO_AS("adev_s", NOBODY_USER, open(path, O_WRONLY | O_APPEND)));
}

/* A rule removed takes effect on the descriptors its opener holds. */
TEST(rule_change_reaches_open_descriptors)
{
	const char *path = "/tmp/label-revalidate";
	int ready[2], go[2], fd;
	pid_t pid;
	char c;

	make_file(_metadata, path, "reval_o");
	ASSERT_EQ(0, load("reval_s reval_o r"));
	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
	pid = fork_as("reval_s", ROOT);
	if (!pid) {
		fd = open(path, O_RDONLY);
		if (fd < 0 || read(fd, &c, 1) != 1 || write(ready[1], "", 1) != 1 ||
		    read(go[0], &c, 1) != 1)
			_exit(SETUP_FAILED);
		_exit(pread(fd, &c, 1, 0) == 1 ? 0 : errno);
	}
	ASSERT_EQ(1, read(ready[0], &c, 1));
	ASSERT_EQ(0, load("reval_s reval_o -"));
	ASSERT_EQ(1, write(go[1], "", 1));
	ASSERT_EQ(EACCES, child_status(pid));
}

/* Each directory on the way needs x, as Smack asks; listing one needs r. */
TEST(lookup_needs_x)
{
	const char *dir = "/tmp/label-lookup", *file = "/tmp/label-lookup/file";

	make_dir(_metadata, dir, NULL);
	make_file(_metadata, file, NULL);
	ASSERT_EQ(0, setxattr(dir, XATTR_NAME_LABEL, "lookup_d", 8, 0));
	ASSERT_LABEL_DENIES("lookup_s", ROOT, open(file, O_RDONLY));
	ASSERT_LABEL_DENIES("lookup_s", ROOT, open(dir, O_RDONLY | O_DIRECTORY));
	ASSERT_EQ(0, load("lookup_s lookup_d r"));
	ASSERT_EQ(0, ERRNO_AS("lookup_s", ROOT, open(dir, O_RDONLY | O_DIRECTORY)));
	ASSERT_LABEL_DENIES("lookup_s", ROOT, open(file, O_RDONLY));
	ASSERT_LABEL_DENIES("lookup_s", ROOT, chdir(dir));
	ASSERT_EQ(0, load("lookup_s lookup_d x"));
	ASSERT_EQ(0, ERRNO_AS("lookup_s", ROOT, open(file, O_RDONLY)));
	ASSERT_EQ(0, ERRNO_AS("lookup_s", ROOT, chdir(dir)));
}

/*
 * With w on a directory, the names in it may change, but a file of another label in it may not
 * be removed, replaced or linked elsewhere without w on that file.
 */
TEST(namespace_changes_need_w_on_the_target)
{
	char buf[16];

	make_dir(_metadata, "/tmp/label-ns", NULL);
	ASSERT_EQ(0, chdir("/tmp/label-ns"));
	make_file(_metadata, "victim", "ns_v");
	make_dir(_metadata, "victim_dir", "ns_v");
	ASSERT_EQ(0, setxattr(".", XATTR_NAME_LABEL, "ns_d", 4, 0));
	ASSERT_EQ(0, load("ns_s ns_d rwx\n_ ns_d rx\n_ ns_v r"));
	ASSERT_EQ(0, ERRNO_AS("ns_s", ROOT, open("mine", O_CREAT | O_WRONLY, 0644)));

	ASSERT_LABEL_DENIES("ns_s", ROOT, rename("mine", "victim"));
	ASSERT_LABEL_DENIES("ns_s", ROOT, unlink("victim"));
	ASSERT_LABEL_DENIES("ns_s", ROOT, link("victim", "link"));
	ASSERT_LABEL_DENIES("ns_s", ROOT, rename("victim", "moved"));
	ASSERT_LABEL_DENIES("ns_s", ROOT, rmdir("victim_dir"));
	ASSERT_EQ(5, read_text("victim", buf, sizeof(buf)));
	ASSERT_STREQ("data\n", buf);
	ASSERT_EQ(0, ERRNO_AS("ns_s", ROOT, rename("mine", "mine2")));

	ASSERT_EQ(0, load("ns_s ns_v w"));
	ASSERT_EQ(0, ERRNO_AS("ns_s", ROOT, link("victim", "link")));
	ASSERT_EQ(0, ERRNO_AS("ns_s", ROOT, rename("mine2", "victim")));
	ASSERT_EQ(0, ERRNO_AS("ns_s", ROOT, unlink("link")));
	ASSERT_EQ(0, ERRNO_AS("ns_s", ROOT, rmdir("victim_dir")));
	ASSERT_EQ(0, chdir("/"));
}

TEST(stat_needs_r)
{
	const char *path = "/tmp/label-stat";
	struct stat st;

	make_file(_metadata, path, "stat_o");
	ASSERT_LABEL_DENIES("stat_s", ROOT, stat(path, &st));
	ASSERT_EQ(0, load("stat_s stat_o r"));
	ASSERT_EQ(0, ERRNO_AS("stat_s", ROOT, stat(path, &st)));
}

/* statfs() reads the file system's root. */
TEST(statfs_needs_r_on_the_root)
{
	const char *mnt = "/tmp/label-statfs";
	struct statfs st;

	make_dir(_metadata, mnt, NULL);
	ASSERT_EQ(0, mount("label-statfs", mnt, "tmpfs", 0, NULL));
	ASSERT_EQ(0, setxattr(mnt, XATTR_NAME_LABEL, "statfs_o", 8, 0));
	ASSERT_LABEL_DENIES("statfs_s", ROOT, statfs(mnt, &st));
	ASSERT_EQ(0, load("statfs_s statfs_o r"));
	ASSERT_EQ(0, ERRNO_AS("statfs_s", ROOT, statfs(mnt, &st)));
	ASSERT_EQ(0, umount(mnt));
}

/* Extended attributes of any namespace are the file's data: r to read them, w to change them. */
TEST(xattrs_need_r_and_w)
{
	const char *path = "/tmp/label-user-xattr";
	char value[8], list[256];

	make_file(_metadata, path, NULL);
	ASSERT_EQ(0, setxattr(path, "user.test", "1", 1, 0));
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, "uxattr_o", 8, 0));
	ASSERT_LABEL_DENIES("uxattr_s", ROOT, getxattr(path, "user.test", value, sizeof(value)));
	ASSERT_LABEL_DENIES("uxattr_s", ROOT, listxattr(path, list, sizeof(list)));
	ASSERT_EQ(0, load("uxattr_s uxattr_o r"));
	ASSERT_EQ(0, ERRNO_AS("uxattr_s", ROOT, getxattr(path, "user.test", value, sizeof(value))));
	ASSERT_EQ(0, ERRNO_AS("uxattr_s", ROOT, listxattr(path, list, sizeof(list))));
	ASSERT_LABEL_DENIES("uxattr_s", ROOT, setxattr(path, "user.test", "2", 1, 0));
	ASSERT_LABEL_DENIES("uxattr_s", ROOT, removexattr(path, "user.test"));
	ASSERT_EQ(0, load("uxattr_s uxattr_o rw"));
	ASSERT_EQ(0, ERRNO_AS("uxattr_s", ROOT, setxattr(path, "user.test", "2", 1, 0)));
	ASSERT_EQ(0, ERRNO_AS("uxattr_s", ROOT, removexattr(path, "user.test")));
}

/* A POSIX ACL equal to mode 0644, as an xattr value. */
static const struct {
	uint32_t version;
	struct {
		uint16_t tag;
		uint16_t perm;
		uint32_t id;
	} entries[3];
} acl_0644 = {
	.version = 2,
	.entries = { { 0x01, 6, -1 }, { 0x04, 4, -1 }, { 0x20, 4, -1 } },
};

#define ACL_XATTR "system.posix_acl_access"

static int set_acl(const char *path)
{
	return setxattr(path, ACL_XATTR, &acl_0644, sizeof(acl_0644), 0);
}

/* POSIX ACLs, which the VFS hands to their own hooks, are the file's data too. */
TEST(acls_need_r_and_w)
{
	const char *path = "/tmp/label-acl";
	char value[64];

	make_file(_metadata, path, NULL);
	if (set_acl(path) && errno == EOPNOTSUPP)
		SKIP(return, "no POSIX ACLs on tmpfs in this kernel");
	ASSERT_EQ(0, setxattr(path, XATTR_NAME_LABEL, "acl_o", 5, 0));
	ASSERT_LABEL_DENIES("acl_s", ROOT, getxattr(path, ACL_XATTR, value, sizeof(value)));
	ASSERT_EQ(0, load("acl_s acl_o r"));
	ASSERT_NE(EACCES, ERRNO_AS("acl_s", ROOT, getxattr(path, ACL_XATTR, value, sizeof(value))));
	ASSERT_LABEL_DENIES("acl_s", ROOT, set_acl(path));
	ASSERT_LABEL_DENIES("acl_s", ROOT, removexattr(path, ACL_XATTR));
	ASSERT_EQ(0, load("acl_s acl_o rw"));
	ASSERT_EQ(0, ERRNO_AS("acl_s", ROOT, set_acl(path)));
}

static int lock_shared(int fd)
{
	return flock(fd, LOCK_SH);
}

static int lock_exclusive(int fd)
{
	return flock(fd, LOCK_EX);
}

static int lock_posix(int fd)
{
	struct flock fl = { .l_type = F_RDLCK, .l_whence = SEEK_SET };

	return fcntl(fd, F_SETLK, &fl);
}

/* A read lease: the third way to lock a file, through fcntl(F_SETLEASE). */
static int lease(int fd)
{
	return fcntl(fd, F_SETLEASE, F_RDLCK);
}

/*
 * What a descriptor opened for reading may do beyond reading: an ioctl that changes the file
 * needs w and one that reads it r; every lock, shared or exclusive, flock() or POSIX, needs l
 * (or w, which implies it), as in Smack, so that a reader cannot block the writers of another
 * label.
 */
FIXTURE(descriptor_call) {};

FIXTURE_VARIANT(descriptor_call)
{
	const char *path;
	int (*with_r)(int fd);
	int (*needs_more)(int fd);
	const char *more;
};

FIXTURE_VARIANT_ADD(descriptor_call, ioctl) {
	.path = "/tmp/label-ioctl", .with_r = get_flags, .needs_more = set_flags, .more = "rw",
};

FIXTURE_VARIANT_ADD(descriptor_call, flock_shared) {
	.path = "/tmp/label-lock-sh", .with_r = get_flags, .needs_more = lock_shared, .more = "rl",
};

FIXTURE_VARIANT_ADD(descriptor_call, flock_exclusive) {
	.path = "/tmp/label-lock-ex", .with_r = get_flags, .needs_more = lock_exclusive,
	.more = "rw",
};

FIXTURE_VARIANT_ADD(descriptor_call, posix_lock) {
	.path = "/tmp/label-lock-posix", .with_r = get_flags, .needs_more = lock_posix,
	.more = "RL",
};

FIXTURE_VARIANT_ADD(descriptor_call, lease) {
	.path = "/tmp/label-lease", .with_r = get_flags, .needs_more = lease, .more = "rl",
};

FIXTURE_SETUP(descriptor_call)
{
	make_file(_metadata, variant->path, "fdcall_o");
	ASSERT_EQ(0, load("fdcall_s fdcall_o r"));
}

FIXTURE_TEARDOWN(descriptor_call)
{
}

TEST_F(descriptor_call, needs_its_access)
{
	const char *path = variant->path;
	char rule[32];

	ASSERT_EQ(0, ERRNO_AS("fdcall_s", ROOT, with_fd(path, O_RDONLY, variant->with_r)));
	ASSERT_LABEL_DENIES("fdcall_s", ROOT, with_fd(path, O_RDONLY, variant->needs_more));
	snprintf(rule, sizeof(rule), "fdcall_s fdcall_o %s", variant->more);
	ASSERT_EQ(0, load(rule));
	ASSERT_EQ(0, ERRNO_AS("fdcall_s", ROOT, with_fd(path, O_RDONLY, variant->needs_more)));
}

/* Receive one descriptor on @sock: 0 if it came, EACCES if the kernel refused to install it. */
static int receive_fd(int sock)
{
	char data, control[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { .iov_base = &data, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control,
		.msg_controllen = sizeof(control),
	};

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	if (CMSG_FIRSTHDR(&msg))
		return 0;
	errno = EACCES;
	return -1;
}

static int send_fd(int sock, int fd)
{
	char control[CMSG_SPACE(sizeof(int))] = { 0 };
	struct iovec iov = { .iov_base = "", .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = control,
		.msg_controllen = sizeof(control),
	};
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);

	cmsg->cmsg_level = SOL_SOCKET;
	cmsg->cmsg_type = SCM_RIGHTS;
	cmsg->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -1;
}

/* The errno with which a child of @label receiving @fd fails, or 0. */
static int pass_fd(int fd, const char *label)
{
	int pair[2], status;
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair))
		return -1;
	pid = fork_as(label, ROOT);
	if (!pid)
		_exit(receive_fd(pair[1]) ? errno : 0);
	if (send_fd(pair[0], fd))
		kill(pid, SIGKILL);
	status = child_status(pid);
	close(pair[0]);
	close(pair[1]);
	return status;
}

static int pass_file(const char *path, const char *label)
{
	int fd = open(path, O_RDWR | O_CLOEXEC), status;

	if (fd < 0)
		return -1;
	status = pass_fd(fd, label);
	close(fd);
	return status;
}

/* A descriptor passed over a UNIX socket needs, in the receiver, the access it was opened with. */
TEST(received_descriptor_needs_its_access)
{
	const char *path = "/tmp/label-pass";

	make_file(_metadata, path, "pass_o");
	ASSERT_EQ(0, load("_ pass_o rw\npass_s pass_o r"));
	ASSERT_EQ(EACCES, pass_file(path, "pass_s"));
	ASSERT_EQ(0, load("pass_s pass_o rw"));
	ASSERT_EQ(0, pass_file(path, "pass_s"));
}

/* Descriptors whose inode carries no label (S_PRIVATE): what private_descriptor() opens. */
enum private_kind { PRIVATE_EVENTFD, PRIVATE_PERF_EVENT, PRIVATE_PIDFD };

static int private_descriptor(enum private_kind kind)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.exclude_kernel = 1,
	};

	switch (kind) {
	case PRIVATE_EVENTFD:
		return eventfd(0, EFD_CLOEXEC);
	case PRIVATE_PERF_EVENT:
		return syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	case PRIVATE_PIDFD:
		return syscall(SYS_pidfd_open, getpid(), 0);
	}
	return -1;
}

/*
 * The errno with which a child of @receiver, as @who, fails to receive what a child of @opener
 * opened (private_descriptor()), or 0; SETUP_FAILED if the opener could not open or send it.
 */
static int pass_private(enum private_kind kind, const char *opener, const char *receiver,
			enum who who)
{
	int pair[2], sent, status;
	pid_t pid, sender;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair))
		return -1;
	pid = fork_as(receiver, who);
	if (!pid)
		_exit(receive_fd(pair[1]) ? errno : 0);
	sender = fork_as(opener, ROOT);
	if (!sender) {
		int fd = private_descriptor(kind);

		_exit(fd >= 0 && !send_fd(pair[0], fd) ? 0 : SETUP_FAILED);
	}
	sent = child_status(sender);
	if (sent)
		kill(pid, SIGKILL);
	status = child_status(pid);
	close(pair[0]);
	close(pair[1]);
	return sent ? SETUP_FAILED : status;
}

/*
 * A descriptor whose inode carries no label (an eventfd, a perf event: the shared anonymous
 * inode) is its opener's, as a pipe is its creator's: received by another label, it needs the
 * access it was opened with (rw) to the opener's label. A pidfd carries nothing of its
 * opener's and passes without a rule.
 */
TEST(descriptor_without_a_label_is_its_openers)
{
	static const enum private_kind kinds[] = { PRIVATE_EVENTFD, PRIVATE_PERF_EVENT };
	size_t i;

	ASSERT_EQ(0, load("pass_s pass_o -"));
	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		EXPECT_EQ(EACCES, pass_private(kinds[i], "pass_o", "pass_s", NOBODY_USER))
			TH_LOG("kind %zu", i);
		EXPECT_EQ(EACCES, pass_private(kinds[i], "pass_o", "pass_s",
					       ROOT_WITHOUT_MAC_ADMIN)) TH_LOG("kind %zu", i);
	}
	ASSERT_EQ(0, load("pass_s pass_o r"));
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		EXPECT_EQ(EACCES, pass_private(kinds[i], "pass_o", "pass_s", ROOT))
			TH_LOG("kind %zu", i);
	ASSERT_EQ(0, load("pass_s pass_o rw"));
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		EXPECT_EQ(0, pass_private(kinds[i], "pass_o", "pass_s", NOBODY_USER))
			TH_LOG("kind %zu", i);
	ASSERT_EQ(0, load("pass_s pass_o -"));
	EXPECT_EQ(0, pass_private(PRIVATE_PIDFD, "pass_o", "pass_s", NOBODY_USER));
}

/* A memfd of this task's label: sized, written and mapped by it with no rule. */
static int use_memfd(void)
{
	int fd = memfd_create("label_test", MFD_CLOEXEC);

	if (fd < 0 || ftruncate(fd, 4096) || write(fd, "data", 4) != 4)
		return -1;
	return mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED ? -1 : 0;
}

/*
 * Files without a path are their creator's (pipes, memfds, io_uring rings), as Smack makes
 * them: passing one to another label asks that label's access to the creator's. Sockets are
 * "*", checked as sockets; an eventfd, whose inode has no label, is its opener's ("_" here),
 * and opened for reading and writing.
 */
TEST(pathless_files_take_their_creator_label)
{
	int pipefd[2], pair[2], event;

	ASSERT_EQ(0, ERRNO_AS("memfd_s", ROOT, use_memfd()));
	ASSERT_EQ(0, pipe2(pipefd, O_CLOEXEC));
	ASSERT_EQ(0, socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair));
	event = eventfd(0, EFD_CLOEXEC);
	ASSERT_LE(0, event);
	ASSERT_EQ(EACCES, pass_fd(pipefd[1], "pathless_s"));
	ASSERT_EQ(0, load("pathless_s _ w"));
	ASSERT_EQ(0, pass_fd(pipefd[1], "pathless_s"));
	ASSERT_EQ(0, pass_fd(pair[0], "pathless_s"));
	ASSERT_EQ(EACCES, pass_fd(event, "pathless_s"));
	ASSERT_EQ(0, load("pathless_s _ rw"));
	ASSERT_EQ(0, pass_fd(event, "pathless_s"));
	close(pipefd[0]);
	close(pipefd[1]);
	close(pair[0]);
	close(pair[1]);
	close(event);
}

/*
 * A mount's root takes its label from disk when it is mounted, not while its file system is
 * still being set up: overlayfs's root cannot answer getxattr inside fill_super (reading it
 * there dereferenced NULL). The overlay's root shows its upper root's label, and is checked
 * with it.
 */
/*
 * An overlay whose upper directory has a label: its root takes that label whichever mount
 * interface made it. The root is labelled when it is mounted (sb_kern_mount), not while
 * overlayfs fills its super block, so both mount(2) and fsopen(2)/fsmount(2) must reach it.
 */
struct overlay {
	char lower[32], upper[32], work[32], merged[32];
};

/* Directories for an overlay under @base, the upper one labelled ovlroot_o. */
static void overlay_dirs(struct __test_metadata *const _metadata, const char *base,
			 struct overlay *o)
{
	snprintf(o->lower, sizeof(o->lower), "%s/lower", base);
	snprintf(o->upper, sizeof(o->upper), "%s/upper", base);
	snprintf(o->work, sizeof(o->work), "%s/work", base);
	snprintf(o->merged, sizeof(o->merged), "%s/merged", base);
	make_dir(_metadata, base, NULL);
	make_dir(_metadata, o->lower, NULL);
	make_dir(_metadata, o->upper, "ovlroot_o");
	make_dir(_metadata, o->work, NULL);
	make_dir(_metadata, o->merged, NULL);
	ASSERT_EQ(0, load("ovlroot_s ovlroot_o rx\n"));
}

static void root_has_upper_label(struct __test_metadata *const _metadata,
				 const struct overlay *o)
{
	struct stat st;

	ASSERT_EQ(0, ERRNO_AS("ovlroot_s", ROOT, stat(o->merged, &st)));
	ASSERT_LABEL_DENIES("ovlroot_x", ROOT, stat(o->merged, &st));
	ASSERT_EQ(0, umount(o->merged));
}

TEST(mount_root_is_labelled_from_disk)
{
	char opts[128];
	struct overlay o;

	overlay_dirs(_metadata, "/tmp/lovl", &o);
	snprintf(opts, sizeof(opts), "lowerdir=%s,upperdir=%s,workdir=%s", o.lower, o.upper,
		 o.work);
	ASSERT_EQ(0, mount("overlay", o.merged, "overlay", 0, opts));
	root_has_upper_label(_metadata, &o);
}

TEST(fsmount_root_is_labelled_from_disk)
{
	struct overlay o;
	int fs, mnt;

	overlay_dirs(_metadata, "/tmp/lovl2", &o);
	fs = fsopen("overlay", FSOPEN_CLOEXEC);
	ASSERT_LE(0, fs);
	ASSERT_EQ(0, fsconfig(fs, FSCONFIG_SET_STRING, "lowerdir", o.lower, 0));
	ASSERT_EQ(0, fsconfig(fs, FSCONFIG_SET_STRING, "upperdir", o.upper, 0));
	ASSERT_EQ(0, fsconfig(fs, FSCONFIG_SET_STRING, "workdir", o.work, 0));
	ASSERT_EQ(0, fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0));
	mnt = fsmount(fs, FSMOUNT_CLOEXEC, 0);
	ASSERT_LE(0, mnt);
	ASSERT_EQ(0, move_mount(mnt, "", AT_FDCWD, o.merged, MOVE_MOUNT_F_EMPTY_PATH));
	close(mnt);
	close(fs);
	root_has_upper_label(_metadata, &o);
}

TEST_HARNESS_MAIN
