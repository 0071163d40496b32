// SPDX-License-Identifier: GPL-2.0-only
/*
 * Mount options, as Smack's smackfsdef= family: labeldef= labels the files of a file system
 * that has no security.label for them (devpts here: no xattrs), labelroot= its root,
 * labeltransmute= a transmuting root, labelfloor= what statfs() reads, labelhat= is kept and
 * shown. Through mount(2) and fsconfig(2), refused without CAP_MAC_ADMIN and for a name that is
 * not a label, fixed for the super block's life. Beside SELinux (the Debian boots), each
 * module's options reach it: context= and labelroot= on one mount.
 */

#include <linux/fuse.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/statfs.h>
#include <sys/uio.h>

#include "common.h"

/* Refusals here are checked in the log. */
static void __attribute__((constructor)) restore_log_budgets(void)
{
	wait_for_log_budgets();
}

#define MNT "/tmp/mount_test"
#define RULES "mt_s mt_obj rwxt\n_ mt_obj rwx\n"
/* The rules single cases add, taken away after each case, whether it ended or failed. */
#define CASE_RULES_OFF "mt_p _ -\nmt_p mt_obj -\nfz_w fz_m -\n_ mt_s -\nmt_s _sysctl -\n_ fz_m -\n"

FIXTURE(mnt) {
};

FIXTURE_SETUP(mnt)
{
	ASSERT_EQ(0, load(RULES));
	umount2(MNT, MNT_DETACH);
	rmdir(MNT);
	ASSERT_EQ(0, mkdir(MNT, 0755));
}

FIXTURE_TEARDOWN(mnt)
{
	load(CASE_RULES_OFF);
	umount2(MNT, MNT_DETACH);
	rmdir(MNT);
}

static int mount_tmpfs(const char *options)
{
	return mount("tmpfs", MNT, "tmpfs", 0, options);
}

/* The line of /proc/self/mounts for MNT, in @buf, or an empty string. */
static void mounts_line(char *buf, size_t size)
{
	char all[TEXT_SIZE];
	const char *line;
	size_t len;

	buf[0] = '\0';
	if (read_text("/proc/self/mounts", all, sizeof(all)) < 0)
		return;
	line = strstr(all, " " MNT " ");
	if (!line)
		return;
	while (line > all && line[-1] != '\n')
		line--;
	len = strcspn(line, "\n");
	if (len >= size)
		len = size - 1;
	memcpy(buf, line, len);
	buf[len] = '\0';
}

/*
 * A pty made on the devpts mounted at MNT, unlocked: its node, made by the kernel when the
 * master is opened (no xattrs, no inode_init_security), takes the mount's labeldef= label.
 * Returns the master, the node's path in @path.
 */
static int new_pty(struct __test_metadata *const _metadata, char *path, size_t size)
{
	int master = open(MNT "/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
	unsigned int n;
	int unlock = 0;

	ASSERT_LE(0, master);
	ASSERT_EQ(0, ioctl(master, TIOCSPTLCK, &unlock));
	ASSERT_EQ(0, ioctl(master, TIOCGPTN, &n));
	snprintf(path, size, MNT "/%u", n);
	return master;
}

static int open_rw(const char *path)
{
	int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);

	if (fd >= 0)
		close(fd);
	return fd < 0 ? -1 : 0;
}

TEST_F(mnt, def_labels_files_without_an_attribute)
{
	char pty[64];
	int master;

	ASSERT_EQ(0, mount("devpts", MNT, "devpts", 0, "ptmxmode=0666,labeldef=mt_obj"));
	master = new_pty(_metadata, pty, sizeof(pty));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT, open_rw(pty)));
	ASSERT_LABEL_DENIES("mt_n", ROOT, open_rw(pty));
	close(master);
	ASSERT_EQ(0, umount(MNT));

	/* Without the option the node is "_", which only its own label may write. */
	ASSERT_EQ(0, mount("devpts", MNT, "devpts", 0, "ptmxmode=0666"));
	master = new_pty(_metadata, pty, sizeof(pty));
	EXPECT_EQ(EACCES, ERRNO_AS("mt_s", ROOT, open_rw(pty)));
	close(master);
}

static int stat_mnt(void)
{
	struct stat st;

	return stat(MNT, &st);
}

TEST_F(mnt, root_labels_the_root)
{
	ASSERT_EQ(0, mount_tmpfs("labelroot=mt_obj"));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT, stat_mnt()));
	ASSERT_LABEL_DENIES("mt_n", ROOT, stat_mnt());
	ASSERT_EQ(0, umount(MNT));

	ASSERT_EQ(0, mount_tmpfs("mode=0777"));
	EXPECT_EQ(0, ERRNO_AS("mt_n", ROOT, stat_mnt()));
}

/* Make MNT/dir, then MNT/dir/f in it, as @label: 0 or the first errno. */
static int create_in_mnt(const char *label)
{
	pid_t pid = fork_as(label, ROOT);

	if (!pid) {
		int fd;

		if (mkdir(MNT "/dir", 0777))
			_exit(errno);
		fd = open(MNT "/dir/f", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		_exit(fd < 0 ? errno : 0);
	}
	return child_status(pid);
}

TEST_F(mnt, transmute_makes_the_root_transmute)
{
	char label[LABEL_NAME_MAX + 1];

	ASSERT_EQ(0, mount_tmpfs("labeltransmute=mt_obj,mode=0777"));
	ASSERT_EQ(0, create_in_mnt("mt_s"));
	get_file_label(_metadata, MNT "/dir", label);
	EXPECT_STREQ("mt_obj", label);
	get_file_label(_metadata, MNT "/dir/f", label);
	EXPECT_STREQ("mt_obj", label);
	ASSERT_EQ(0, umount(MNT));

	/* labelroot= labels the root the same, but new entries take their creator's label. */
	ASSERT_EQ(0, mount_tmpfs("labelroot=mt_obj,mode=0777"));
	ASSERT_EQ(0, create_in_mnt("mt_s"));
	get_file_label(_metadata, MNT "/dir", label);
	EXPECT_STREQ("mt_s", label);
}

static int statfs_mnt(void)
{
	struct statfs st;

	return statfs(MNT, &st);
}

/* The same question through a descriptor. */
static int fstatfs_mnt(void)
{
	struct statfs st;
	int fd = open(MNT, O_PATH | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = fstatfs(fd, &st);
	close(fd);
	return rc;
}

/* And by device number, as ustat(2) asks: glibc has no wrapper left. */
static int ustat_mnt(dev_t dev)
{
	char buf[64];

	return syscall(SYS_ustat, (unsigned int)dev, buf);
}

TEST_F(mnt, floor_is_what_statfs_reads)
{
	struct stat st;

	ASSERT_EQ(0, mount_tmpfs("labelfloor=mt_obj"));
	ASSERT_EQ(0, stat(MNT, &st));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT, statfs_mnt()));
	ASSERT_LABEL_DENIES("mt_n", ROOT, statfs_mnt());
	ASSERT_LABEL_DENIES("mt_n", ROOT, fstatfs_mnt());
	ASSERT_LABEL_DENIES("mt_n", ROOT, ustat_mnt(st.st_dev));
	/* Only statfs(): the root itself is still "_". */
	EXPECT_EQ(0, ERRNO_AS("mt_n", ROOT, stat_mnt()));
}

TEST_F(mnt, options_are_shown)
{
	char line[512];

	ASSERT_EQ(0, mount_tmpfs("labeldef=mt_obj,labelhat=mt_hat,labelroot=mt_obj"));
	mounts_line(line, sizeof(line));
	EXPECT_NE(NULL, strstr(line, ",labeldef=mt_obj,labelroot=mt_obj,labelhat=mt_hat"))
		TH_LOG("%s", line);
}

/* Mount tmpfs at MNT through fsopen(2) and fsconfig(2) with @key=@value: 0 or the errno. */
static int fsconfig_mount(const char *key, const char *value, char *log, size_t size)
{
	int fs, mnt, err = 0;
	ssize_t n;

	fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	if (fs < 0)
		return errno;
	if (fsconfig(fs, FSCONFIG_SET_STRING, key, value, 0) ||
	    fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0))
		err = errno;
	if (log) {
		n = read(fs, log, size - 1);
		log[n > 0 ? n : 0] = '\0';
	}
	if (!err) {
		mnt = fsmount(fs, FSMOUNT_CLOEXEC, 0);
		if (mnt < 0 || move_mount(mnt, "", AT_FDCWD, MNT, MOVE_MOUNT_F_EMPTY_PATH))
			err = errno;
		if (mnt >= 0)
			close(mnt);
	}
	close(fs);
	return err;
}

TEST_F(mnt, fsconfig_sets_options)
{
	ASSERT_EQ(0, fsconfig_mount("labelroot", "mt_obj", NULL, 0));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT, stat_mnt()));
	ASSERT_LABEL_DENIES("mt_n", ROOT, stat_mnt());
}

static bool mounted(void)
{
	char line[512];

	mounts_line(line, sizeof(line));
	return line[0];
}

/*
 * In a child: mount tmpfs at MNT in a new user and mount namespace, as an unprivileged user
 * may. A child that cannot make the namespaces exits with 254.
 */
static int mount_in_user_ns(const char *options)
{
	char map[32];

	snprintf(map, sizeof(map), "0 %d 1", getuid());
	if (unshare(CLONE_NEWUSER | CLONE_NEWNS) ||
	    write_str("/proc/self/uid_map", map) < 0)
		_exit(254);
	return mount_tmpfs(options);
}

TEST_F(mnt, refused_without_mac_admin)
{
	int kmsg = kmsg_from_now(), fs;

	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, mount_tmpfs("labeldef=mt_obj")));
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  fsconfig_mount("labelroot", "mt_obj", NULL, 0) ? -1 : 0));
	/* A legacy file system, whose options go through sb_eat_lsm_opts. */
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  mount("devpts", MNT, "devpts", 0, "labeldef=mt_obj")));
	/* A context a privileged task opened: the option is the writer's to name. */
	fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
	ASSERT_LE(0, fs);
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  fsconfig(fs, FSCONFIG_SET_STRING, "labelroot", "mt_obj", 0)));
	close(fs);
	EXPECT_FALSE(mounted());
	EXPECT_TRUE(logged(kmsg, "mount option refused: the caller lacks CAP_MAC_ADMIN:"));
	close(kmsg);
	/* The mount itself is allowed: only the option needs the privilege. */
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, mount_tmpfs("mode=0755")));
}

/*
 * Root of a user namespace of its own holds CAP_MAC_ADMIN there, and mounts tmpfs, but names
 * no label: the privilege counts only in the initial namespace.
 */
TEST_F(mnt, refused_in_a_user_namespace)
{
	int rc = ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, mount_in_user_ns("mode=0755"));

	if (rc == 254)
		SKIP(return, "no user namespaces here");
	ASSERT_EQ(0, rc);
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  mount_in_user_ns("labeldef=mt_obj")));
}

static int open_ro(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0)
		close(fd);
	return fd < 0 ? -1 : 0;
}

static int open_wo(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd >= 0)
		close(fd);
	return fd < 0 ? -1 : 0;
}

/* Removing a file's security.label leaves what reading it from disk would: the default. */
TEST_F(mnt, def_is_what_a_removed_label_leaves)
{
	ASSERT_EQ(0, mount_tmpfs("labeldef=mt_obj,mode=0777"));
	/* Not the root: it is "_", as Smack's without smackfsroot=. */
	EXPECT_EQ(0, ERRNO_AS("mt_n", ROOT, stat_mnt()));
	make_file(_metadata, MNT "/f", "mt_s");
	ASSERT_EQ(0, removexattr(MNT "/f", XATTR_NAME_LABEL));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT, open_ro(MNT "/f")));
	/* "_" would let every label read it. */
	ASSERT_LABEL_DENIES("mt_n", ROOT, open_ro(MNT "/f"));
}

/*
 * The VM's blank scratch disk, 1 MiB, made an ext2 file system (which ext4 mounts, xattrs and
 * all) and mounted on MNT with @options: 0; 1 without such a disk (the Debian boots' /dev/vda
 * is their root, of another size) or mke2fs; -1 if the mount failed.
 */
#define SCRATCH_DISK "/dev/vda"
static int mount_scratch_disk(const char *options)
{
	unsigned long long size = 0;
	int fd = open(SCRATCH_DISK, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 1;
	if (ioctl(fd, BLKGETSIZE64, &size) || size != 1 << 20) {
		close(fd);
		return 1;
	}
	close(fd);
	if (system("mke2fs -F -I 256 " SCRATCH_DISK " >/dev/null 2>&1"))
		return 1;
	return mount(SCRATCH_DISK, MNT, "ext4", 0, options);
}

/*
 * A file that a task of the floor makes under labeldef= keeps "_" once its inode is read from
 * disk again: without a stored security.label it would take the default there (written by
 * every label with a rule to the default, not only by those with one to "_").
 */
TEST_F(mnt, floor_kept_under_def)
{
	char label[LABEL_NAME_MAX + 1];
	int rc = mount_scratch_disk("labeldef=mt_obj");

	if (rc == 1)
		SKIP(return, "no 1 MiB scratch disk at %s, or no mke2fs", SCRATCH_DISK);
	ASSERT_EQ(0, rc);
	ASSERT_EQ(0, chmod(MNT, 0777));
	make_file(_metadata, MNT "/floor", NULL);
	ASSERT_EQ(0, umount(MNT));
	ASSERT_EQ(0, mount(SCRATCH_DISK, MNT, "ext4", 0, "labeldef=mt_obj"));
	ASSERT_LABEL_DENIES("mt_s", ROOT, open_wo(MNT "/floor"));
	get_file_label(_metadata, MNT "/floor", label);
	EXPECT_STREQ("_", label);
}

TEST_F(mnt, bad_labels_fail_the_mount)
{
	static const char *const bad[] = { "-x", "a/b", L256, "" };
	char log[256], options[512];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		snprintf(options, sizeof(options), "labeldef=%s", bad[i]);
		EXPECT_EQ(-1, mount_tmpfs(options));
		EXPECT_EQ(EINVAL, errno) TH_LOG("%s", options);
		EXPECT_EQ(EINVAL, fsconfig_mount("labelroot", bad[i], log, sizeof(log)));
		/* fsconfig() itself refuses a string of more than 255 bytes. */
		if (strlen(bad[i]) < 256)
			EXPECT_STREQ("e label: labelroot= needs a label\n", log);
	}
	/* A flag, without a value. */
	EXPECT_EQ(-1, mount_tmpfs("labelhat"));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_FALSE(mounted());
}

TEST_F(mnt, remount_keeps_the_options)
{
	char line[512];

	ASSERT_EQ(0, mount_tmpfs("labelroot=mt_obj"));
	EXPECT_EQ(0, mount(NULL, MNT, NULL, MS_REMOUNT, "labelroot=mt_obj,size=2m"));
	EXPECT_EQ(0, mount(NULL, MNT, NULL, MS_REMOUNT, "size=4m"));
	EXPECT_EQ(-1, mount(NULL, MNT, NULL, MS_REMOUNT, "labelroot=mt_s"));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, mount(NULL, MNT, NULL, MS_REMOUNT, "labeldef=mt_obj"));
	EXPECT_EQ(EINVAL, errno);
	mounts_line(line, sizeof(line));
	EXPECT_NE(NULL, strstr(line, ",labelroot=mt_obj")) TH_LOG("%s", line);
	EXPECT_EQ(NULL, strstr(line, "labeldef")) TH_LOG("%s", line);
	ASSERT_LABEL_DENIES("mt_n", ROOT, stat_mnt());
}

#define OWN "/tmp/mount_test_own"
#define OWN_MOUNT OWN "/mine"
#define OWN_FUSE OWN "/fuse"
#define OWN_DEST OWN "/dest"
#define OWN_FILE "/tmp/mount_test_own_file"
#define FLOOR_FILE "/tmp/mount_test_floor_file"

/* The directories under OWN that the tests below use. */
static const char *const own_dirs[] = { OWN "/old", OWN_MOUNT, OWN_FUSE, OWN_DEST };

static void remove_own_dirs(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(own_dirs); i++)
		rmdir(own_dirs[i]);
	rmdir(OWN);
}

/* OWN and its directories, mt_obj's, made anew: empty of what a failed test left. */
static void make_own_dirs(struct __test_metadata *const _metadata)
{
	int i;

	remove_own_dirs();
	make_dir(_metadata, OWN, "mt_obj");
	for (i = 0; i < ARRAY_SIZE(own_dirs); i++)
		make_dir(_metadata, own_dirs[i], "mt_obj");
}

enum tree_change {
	MOUNT_ON_FLOOR,
	MOUNT_ON_OWN,
	BIND_OVER_FLOOR_FILE,
	BIND_PRIVATE_OVER_FLOOR_FILE,
	BIND_MOVE_OVER_FLOOR_FILE,
	BIND_OVER_OWN_FILE,
	UNMOUNT,
	UNMOUNT_FORCED,
	UNMOUNT_BIND,
	UNMOUNT_BIND_FORCED,
	MOVE_AWAY,
	MOVE_MOUNT_ONTO_FLOOR,
	MOVE_MOUNT_ONTO_OWN,
	MOVE_MOUNT_BENEATH_FLOOR,
	MOVE_MOUNT_BENEATH_OWN,
	PIVOT_ROOT,
};

/* Whether move_mount() took a detached tree (open_tree()) onto @to: 0, or -1 with errno. */
static int move_tree(const char *to)
{
	int tree = syscall(__NR_open_tree, AT_FDCWD, OWN_FILE, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);

	if (tree < 0)
		return -1;
	return syscall(__NR_move_mount, tree, "", AT_FDCWD, to, MOVE_MOUNT_F_EMPTY_PATH);
}

/* The same with the tree a directory of the caller's, slipped beneath the mount at @to. */
static int move_tree_beneath(const char *to)
{
	int tree = syscall(__NR_open_tree, AT_FDCWD, OWN "/old",
			   OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);

	if (tree < 0)
		return -1;
	return syscall(__NR_move_mount, tree, "", AT_FDCWD, to,
		       MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_BENEATH);
}

/*
 * @change, in a mount namespace of the caller's own whose mounts it made private (a change
 * of propagation, which stays its own to make): its result; -1 with ENOTRECOVERABLE if the
 * namespace could not be made or a step before @change failed.
 */
static int change_tree(enum tree_change change)
{
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		goto setup;
	switch (change) {
	case MOUNT_ON_FLOOR:
		return mount_tmpfs(NULL);
	case MOUNT_ON_OWN:
		return mount("tmpfs", OWN, "tmpfs", 0, NULL);
	case BIND_OVER_FLOOR_FILE:
		return mount(OWN_FILE, FLOOR_FILE, NULL, MS_BIND, NULL);
	case BIND_PRIVATE_OVER_FLOOR_FILE:
		return mount(OWN_FILE, FLOOR_FILE, NULL, MS_BIND | MS_PRIVATE, NULL);
	case BIND_MOVE_OVER_FLOOR_FILE:
		return mount(OWN_FILE, FLOOR_FILE, NULL, MS_BIND | MS_MOVE, NULL);
	case BIND_OVER_OWN_FILE:
		return mount(FLOOR_FILE, OWN_FILE, NULL, MS_BIND, NULL);
	case UNMOUNT:
		return umount2(MNT, 0);
	case UNMOUNT_FORCED:
		return umount2(MNT, MNT_FORCE);
	case UNMOUNT_BIND:
	case UNMOUNT_BIND_FORCED:
		if (mount(MNT, OWN, NULL, MS_BIND, NULL))
			goto setup;
		return umount2(OWN, change == UNMOUNT_BIND ? 0 : MNT_FORCE);
	case MOVE_AWAY:
		return mount(MNT, OWN, NULL, MS_MOVE, NULL);
	case MOVE_MOUNT_ONTO_FLOOR:
		return move_tree(FLOOR_FILE);
	case MOVE_MOUNT_ONTO_OWN:
		return move_tree(OWN_FILE);
	case MOVE_MOUNT_BENEATH_FLOOR:
		return move_tree_beneath(MNT);
	case MOVE_MOUNT_BENEATH_OWN:
		if (mount("tmpfs", OWN_DEST, "tmpfs", 0, NULL))
			goto setup;
		return move_tree_beneath(OWN_DEST);
	case PIVOT_ROOT:
		if (mount(OWN, OWN, NULL, MS_BIND, NULL))
			goto setup;
		return syscall(__NR_pivot_root, OWN, OWN "/old");
	}
setup:
	errno = ENOTRECOVERABLE;
	return -1;
}

/*
 * A change of the mount tree changes what a path shows to every task that walks it: a root
 * without CAP_MAC_ADMIN (CAP_SYS_ADMIN kept), in a mount namespace of its own, places a mount
 * only on what it may write (not over a floor file such as a program's loader), takes one off
 * or moves one away only from there, and pivot_root() needs w to its root.
 */
TEST_F(mnt, tree_changes_need_w_to_what_they_cover)
{
	unlink(OWN_FILE);
	unlink(FLOOR_FILE);
	make_own_dirs(_metadata);
	make_file(_metadata, OWN_FILE, "mt_obj");
	make_file(_metadata, FLOOR_FILE, NULL);
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOUNT_ON_FLOOR));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOUNT_ON_OWN)));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(BIND_OVER_FLOOR_FILE));
	/* The kernel binds, whatever propagation or move flag comes with MS_BIND. */
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN,
			    change_tree(BIND_PRIVATE_OVER_FLOOR_FILE));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(BIND_MOVE_OVER_FLOOR_FILE));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(BIND_OVER_OWN_FILE)));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOVE_MOUNT_ONTO_FLOOR));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOVE_MOUNT_ONTO_OWN)));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(PIVOT_ROOT));
	/* With w to the root it passes label (and the initramfs's rootfs then refuses it). */
	ASSERT_EQ(0, load("mt_p _ w\nmt_p mt_obj rwx\n"));
	EXPECT_NE(EACCES, ERRNO_AS("mt_p", ROOT_WITHOUT_MAC_ADMIN, change_tree(PIVOT_ROOT)));
	/* A mount of the floor's on a floor directory: seen in every namespace made after it. */
	ASSERT_EQ(0, mount_tmpfs(NULL));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(UNMOUNT));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(UNMOUNT_FORCED));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, umount2(MNT, MNT_FORCE));
	/* Its own bind mount of that file system comes off, but not forced (on the fs). */
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(UNMOUNT_BIND)));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(UNMOUNT_BIND_FORCED));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOVE_AWAY));
	EXPECT_TRUE(mounted());
	/*
	 * Slipped beneath a mount (MOVE_MOUNT_BENEATH), a mount covers what that one covers,
	 * here a floor directory, whatever the root of the mount above: unmounting that one then
	 * shows it there.
	 */
	ASSERT_EQ(0, umount(MNT));
	ASSERT_EQ(0, mount_tmpfs("labelroot=mt_obj"));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOVE_MOUNT_BENEATH_FLOOR));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, change_tree(MOVE_MOUNT_BENEATH_OWN)));
	remove_own_dirs();
	unlink(OWN_FILE);
	unlink(FLOOR_FILE);
}

static int create_in(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	return fd < 0 ? -1 : close(fd);
}

/* How many of the names listxattr() gives @path are @name, or -1. */
static int times_listed(const char *path, const char *name)
{
	char list[1024];
	ssize_t len = listxattr(path, list, sizeof(list));
	const char *each;
	int times = 0;

	if (len < 0)
		return -1;
	for (each = list; each < list + len; each += strlen(each) + 1)
		times += !strcmp(each, name);
	return times;
}

static int create_f_and_g(void)
{
	return create_in(MNT "/f") ?: create_in(MNT "/g");
}

/*
 * tmpfs keeps the label of a file made under a label in its inode, not as a stored attribute.
 * It reads and lists as security.label all the same, beside each other module's attribute
 * (SELinux's in the Debian boots: the framework lists every module's), and setting or removing
 * it does what it does to a stored attribute.
 */
TEST_F(mnt, tmpfs_label_reads_lists_and_changes_as_an_attribute)
{
	char label[LABEL_NAME_MAX + 1], small[4];

	ASSERT_EQ(0, mount_tmpfs("labelroot=mt_obj,mode=0777"));
	ASSERT_EQ(0, ERRNO_AS("mt_s", ROOT, create_f_and_g()));
	/* Listing reads the file: this process's "_" needs r to mt_s. */
	ASSERT_EQ(0, load("_ mt_s r"));
	EXPECT_EQ(4, getxattr(MNT "/f", XATTR_NAME_LABEL, NULL, 0));
	get_file_label(_metadata, MNT "/f", label);
	EXPECT_STREQ("mt_s", label);
	EXPECT_EQ(1, times_listed(MNT "/f", XATTR_NAME_LABEL));
	if (getxattr(MNT "/f", "security.selinux", NULL, 0) > 0)
		EXPECT_EQ(1, times_listed(MNT "/f", "security.selinux"));
	EXPECT_EQ(-1, listxattr(MNT "/f", small, sizeof(small)));
	EXPECT_EQ(ERANGE, errno);

	EXPECT_EQ(-1, setxattr(MNT "/f", XATTR_NAME_LABEL, "mt_obj", 6, XATTR_CREATE));
	EXPECT_EQ(EEXIST, errno);
	ASSERT_EQ(0, setxattr(MNT "/f", XATTR_NAME_LABEL, "mt_obj", 6, XATTR_REPLACE));
	get_file_label(_metadata, MNT "/f", label);
	EXPECT_STREQ("mt_obj", label);
	EXPECT_EQ(1, times_listed(MNT "/f", XATTR_NAME_LABEL));

	ASSERT_EQ(0, removexattr(MNT "/g", XATTR_NAME_LABEL));
	EXPECT_EQ(-1, getxattr(MNT "/g", XATTR_NAME_LABEL, NULL, 0));
	EXPECT_EQ(ENODATA, errno);
	EXPECT_EQ(0, times_listed(MNT "/g", XATTR_NAME_LABEL));
	/* The floor again, as a file without the attribute: mt_s no longer owns it. */
	ASSERT_LABEL_DENIES("mt_s", ROOT, open_wo(MNT "/g"));
}

static int mount_and_create(void)
{
	return mount_tmpfs(NULL) ? -1 : create_in(MNT "/new");
}

/* The same by an unprivileged task, in a user and mount namespace of its own. */
static int mount_and_create_in_user_ns(void)
{
	char uids[32], gids[32];

	snprintf(uids, sizeof(uids), "0 %d 1", getuid());
	snprintf(gids, sizeof(gids), "0 %d 1", getgid());
	/* Dropping root made the process not dumpable: its uid_map would be root's. */
	if (prctl(PR_SET_DUMPABLE, 1) || unshare(CLONE_NEWUSER | CLONE_NEWNS) ||
	    write_str("/proc/self/uid_map", uids) < 0 ||
	    write_str("/proc/self/setgroups", "deny") < 0 ||
	    write_str("/proc/self/gid_map", gids) < 0)
		_exit(254);
	return mount_and_create();
}

/*
 * A file system mounted by a task without the right to set labels is that task's, whatever
 * its files' attributes say (see fuse_files_are_their_mounters for a server that names a
 * label): a tmpfs a root of another label without CAP_MAC_ADMIN mounts is its own, root
 * included, where the floor's root would have left it unable to create a file in it. A file
 * another label creates there stays its creator's: the mounter does not read it.
 */
TEST_F(mnt, a_confined_mounters_file_system_is_its_own)
{
	ASSERT_EQ(0, load("fz_w fz_m rwx\n"));
	ASSERT_EQ(0, setxattr(MNT, XATTR_NAME_LABEL, "fz_m", 4, 0));
	EXPECT_EQ(0, ERRNO_AS("fz_m", ROOT_WITHOUT_MAC_ADMIN, mount_and_create()));
	ASSERT_LABEL_DENIES("fz_v", ROOT, stat_mnt());
	EXPECT_EQ(0, ERRNO_AS("fz_w", ROOT, create_in(MNT "/theirs")));
	ASSERT_LABEL_DENIES("fz_m", ROOT_WITHOUT_MAC_ADMIN, open_ro(MNT "/theirs"));
	/* Its own, too, when an unprivileged task mounts it in a user namespace. */
	ASSERT_EQ(0, umount2(MNT, MNT_DETACH));
	EXPECT_EQ(0, ERRNO_AS("fz_m", NOBODY_USER, mount_and_create_in_user_ns()));
	EXPECT_EQ(0, removexattr(MNT, XATTR_NAME_LABEL));
}

#define UPPER "/tmp/mount_test_upper"
#define OVERLAY "/tmp/mount_test_overlay"

/*
 * An overlay by the floor, with MNT as its lower layer and its upper one on a tmpfs of the
 * floor's, where "new" is copied up by a chmod(): 0, or -1 with errno (ENOTRECOVERABLE if the
 * overlay was not made).
 */
static int copy_up_new(void)
{
	int rc;

	if (mkdir(UPPER, 0755) || mkdir(OVERLAY, 0755) ||
	    mount("tmpfs", UPPER, "tmpfs", 0, NULL) || mkdir(UPPER "/u", 0755) ||
	    mkdir(UPPER "/w", 0755) ||
	    mount("overlay", OVERLAY, "overlay", 0,
		  "lowerdir=" MNT ",upperdir=" UPPER "/u,workdir=" UPPER "/w")) {
		errno = ENOTRECOVERABLE;
		return -1;
	}
	rc = chmod(OVERLAY "/new", 0600);
	umount2(OVERLAY, MNT_DETACH);
	return rc;
}

/*
 * What label's attributes store on a file system whose files carry their mounter's label counts
 * for nothing there, and is not what reads back: a file reads as the mounter's, with no exec
 * label. Otherwise a copy that keeps attributes (cp -a, an overlay's copy-up with the
 * credentials of its mounter, an administrator) would carry an exec label of the mounter's
 * choice to a file system where it counts: here one to the floor, stored as an image or a FUSE
 * server of a confined root's could store it.
 */
TEST_F(mnt, a_mounters_stored_attributes_are_not_what_reads)
{
	char value[LABEL_NAME_MAX + 1];

	ASSERT_EQ(0, load("_ fz_m rwx\n"));
	ASSERT_EQ(0, setxattr(MNT, XATTR_NAME_LABEL, "fz_m", 4, 0));
	ASSERT_EQ(0, ERRNO_AS("fz_m", ROOT_WITHOUT_MAC_ADMIN, mount_and_create()));
	ASSERT_EQ(0, setxattr(MNT "/new", XATTR_NAME_LABELEXEC, "_", 1, 0));
	EXPECT_EQ(-1, getxattr(MNT "/new", XATTR_NAME_LABELEXEC, value, sizeof(value)));
	EXPECT_EQ(ENODATA, errno);
	EXPECT_EQ(4, getxattr(MNT "/new", XATTR_NAME_LABEL, value, sizeof(value)));
	EXPECT_EQ(0, memcmp(value, "fz_m", 4));

	EXPECT_EQ(0, copy_up_new()) TH_LOG("copy-up: %s", strerror(errno));
	EXPECT_EQ(-1, getxattr(UPPER "/u/new", XATTR_NAME_LABELEXEC, value, sizeof(value)));
	EXPECT_EQ(ENODATA, errno);
	EXPECT_EQ(4, getxattr(UPPER "/u/new", XATTR_NAME_LABEL, value, sizeof(value)));
	EXPECT_EQ(0, memcmp(value, "fz_m", 4));
	umount2(UPPER, MNT_DETACH);
	rmdir(UPPER);
	rmdir(OVERLAY);
	EXPECT_EQ(0, umount2(MNT, MNT_DETACH));
	EXPECT_EQ(0, removexattr(MNT, XATTR_NAME_LABEL));
}

/* A reply of the FUSE server below: @len bytes of @out after the header, or just @error. */
static void fuse_reply(int fuse, const struct fuse_in_header *in, int error, const void *out,
		       size_t len)
{
	struct fuse_out_header head = {
		.len = sizeof(head) + (error ? 0 : len),
		.error = error,
		.unique = in->unique,
	};
	struct iovec iov[] = { { &head, sizeof(head) }, { (void *)out, error ? 0 : len } };

	writev(fuse, iov, 2);
}

#define FUSE_FILE_ID 2
#define FUSE_LINK_ID 3

static void fuse_attr(struct fuse_attr *attr, uint64_t node)
{
	static const unsigned int modes[] = {
		[FUSE_ROOT_ID] = S_IFDIR | 0755,
		[FUSE_FILE_ID] = S_IFREG | 0444,
		[FUSE_LINK_ID] = S_IFLNK | 0777,
	};

	memset(attr, 0, sizeof(*attr));
	attr->ino = node;
	attr->mode = node < ARRAY_SIZE(modes) ? modes[node] : 0;
	attr->nlink = 1;
	attr->size = node == FUSE_FILE_ID ? 5 : 0;
}

/*
 * A FUSE server of one file, "f", that says its security.label is @label, as any server may,
 * and one symbolic link, "s", whose target is the next of @links at each reading (the last
 * one from then on): waits up to 5 s for the file system to be mounted, serves until it goes
 * away.
 */
static int serve_fuse(int fuse, const char *label, const char *const *links)
{
	static char buf[FUSE_MIN_READ_BUFFER + 4096];
	const struct fuse_in_header *in = (void *)buf;
	const char *arg = buf + sizeof(*in);
	union {
		struct fuse_init_out init;
		struct fuse_entry_out entry;
		struct fuse_attr_out attr;
		struct fuse_getxattr_out xattr;
		struct fuse_open_out open;
	} out;
	const char *name;
	int waits = 0;
	ssize_t n;

	/* Read before the mount: EPERM. */
	while ((n = read(fuse, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR) ||
	       (n < 0 && errno == EPERM && waits++ < 500 && !usleep(10000))) {
		if (n < (ssize_t)sizeof(*in))
			continue;
		memset(&out, 0, sizeof(out));
		switch (in->opcode) {
		case FUSE_INIT:
			out.init.major = FUSE_KERNEL_VERSION;
			out.init.minor = FUSE_KERNEL_MINOR_VERSION;
			out.init.max_write = 4096;
			fuse_reply(fuse, in, 0, &out.init, sizeof(out.init));
			break;
		case FUSE_LOOKUP:
			if (in->nodeid == FUSE_ROOT_ID && !strcmp(arg, "f")) {
				out.entry.nodeid = FUSE_FILE_ID;
			} else if (in->nodeid == FUSE_ROOT_ID && !strcmp(arg, "s") && links) {
				out.entry.nodeid = FUSE_LINK_ID;
			} else {
				fuse_reply(fuse, in, -ENOENT, NULL, 0);
				break;
			}
			fuse_attr(&out.entry.attr, out.entry.nodeid);
			fuse_reply(fuse, in, 0, &out.entry, sizeof(out.entry));
			break;
		case FUSE_READLINK:
			fuse_reply(fuse, in, 0, *links, strlen(*links));
			if (links[1])
				links++;
			break;
		case FUSE_GETATTR:
			fuse_attr(&out.attr.attr, in->nodeid);
			fuse_reply(fuse, in, 0, &out.attr, sizeof(out.attr));
			break;
		case FUSE_GETXATTR:
			name = arg + sizeof(struct fuse_getxattr_in);
			if (strcmp(name, XATTR_NAME_LABEL)) {
				fuse_reply(fuse, in, -ENODATA, NULL, 0);
			} else if (!((const struct fuse_getxattr_in *)arg)->size) {
				out.xattr.size = strlen(label);
				fuse_reply(fuse, in, 0, &out.xattr, sizeof(out.xattr));
			} else {
				fuse_reply(fuse, in, 0, label, strlen(label));
			}
			break;
		case FUSE_OPEN:
			fuse_reply(fuse, in, 0, &out.open, sizeof(out.open));
			break;
		case FUSE_READ:
			fuse_reply(fuse, in, 0, "data\n", 5);
			break;
		case FUSE_FLUSH:
		case FUSE_RELEASE:
			fuse_reply(fuse, in, 0, NULL, 0);
			break;
		case FUSE_FORGET:
		case FUSE_BATCH_FORGET:
		case FUSE_INTERRUPT:
			break;
		default:
			fuse_reply(fuse, in, -ENOSYS, NULL, 0);
		}
	}
	return 0;
}

/*
 * A FUSE server answers any security.label for its files: they carry the label of the task
 * that mounted the file system instead, whatever the server says. A root of another label
 * without CAP_MAC_ADMIN cannot pass its data off as a third label's, here the victim's own,
 * which the victim would read as its own: the file is the mounter's, as a file it wrote is.
 */
TEST_F(mnt, fuse_files_are_their_mounters)
{
	char value[LABEL_NAME_MAX + 1];
	char opts[96];
	pid_t server;
	int fuse;

	ASSERT_EQ(0, setxattr(MNT, XATTR_NAME_LABEL, "fz_m", 4, 0));
	/* Inherited by the mounting child, which names it in the options. */
	fuse = open("/dev/fuse", O_RDWR);
	ASSERT_LE(0, fuse);
	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fuse);
	ASSERT_EQ(0, ERRNO_AS("fz_m", ROOT_WITHOUT_MAC_ADMIN, mount("fz", MNT, "fuse", 0, opts)));
	server = fork();
	ASSERT_LE(0, server);
	if (!server)
		_exit(serve_fuse(fuse, "fz_v", NULL));
	close(fuse);
	EXPECT_EQ(0, ERRNO_AS("fz_m", ROOT_WITHOUT_MAC_ADMIN, open_ro(MNT "/f")));
	ASSERT_LABEL_DENIES("fz_v", ROOT, open_ro(MNT "/f"));
	/* And reads as the mounter's: what the server says is not asked. */
	ASSERT_EQ(0, load("_ fz_m rx\n"));
	EXPECT_EQ(4, getxattr(MNT "/f", XATTR_NAME_LABEL, value, sizeof(value)))
		TH_LOG("getxattr: %s", strerror(errno));
	EXPECT_EQ(0, memcmp(value, "fz_m", 4));
	EXPECT_EQ(0, umount2(MNT, MNT_DETACH));
	EXPECT_EQ(0, child_status(server));
	/* The floor removes it in the teardown. */
	EXPECT_EQ(0, removexattr(MNT, XATTR_NAME_LABEL));
}

/*
 * In a mount namespace of its own: mounts a tmpfs on OWN_MOUNT and a FUSE file system on
 * OWN_FUSE, whose server on @fuse names OWN_MOUNT at the first reading of its link "s" and MNT
 * from then on, and moves "s" to OWN_DEST with mount(MS_MOVE). 0 if MNT's mount is where it
 * was, whatever moved; -1 with EXDEV if MNT's mount moved, or ENOTRECOVERABLE if a step before
 * the move failed.
 */
static int move_through_a_link(int fuse)
{
	struct stat before, after;
	char opts[96];

	snprintf(opts, sizeof(opts), "fd=%d,rootmode=40000,user_id=0,group_id=0", fuse);
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("tmpfs", OWN_MOUNT, "tmpfs", 0, NULL) ||
	    mount("fz", OWN_FUSE, "fuse", 0, opts) || stat(MNT, &before))
		goto setup;
	mount(OWN_FUSE "/s", OWN_DEST, NULL, MS_MOVE, NULL);
	if (stat(MNT, &after) || umount2(OWN_FUSE, MNT_DETACH))
		goto setup;
	if (after.st_dev == before.st_dev)
		return 0;
	errno = EXDEV;
	return -1;
setup:
	errno = ENOTRECOVERABLE;
	return -1;
}

/*
 * mount(MS_MOVE) names the mount to move, and the kernel looks the name up after the security
 * hook that is given it: label decides about the mount that moves, not about what the name led
 * to before. A root without CAP_MAC_ADMIN whose own FUSE server answers a link with its own
 * mount first and with a floor mount after never moves the floor's.
 */
TEST_F(mnt, a_move_is_decided_on_the_mount_that_moves)
{
	static const char *const links[] = { OWN_MOUNT, MNT, NULL };
	pid_t server;
	int fuse;

	make_own_dirs(_metadata);
	ASSERT_EQ(0, mount_tmpfs(NULL));
	/* The floor serves: the attacker's label may not write /dev/fuse. */
	fuse = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fuse);
	server = fork();
	ASSERT_LE(0, server);
	if (!server)
		_exit(serve_fuse(fuse, "fz_v", links));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, move_through_a_link(fuse)));
	close(fuse);
	EXPECT_EQ(0, child_status(server));
	remove_own_dirs();
}

/*
 * In a mount namespace of its own, with @flags: mounts the scratch disk on OWN and opens its
 * file "theirs". 0, or -1 with errno (ENOTRECOVERABLE: no namespace).
 */
static int mount_the_disk(unsigned long flags)
{
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		errno = ENOTRECOVERABLE;
		return -1;
	}
	return mount(SCRATCH_DISK, OWN, "ext4", flags, NULL);
}

static int mount_the_disk_and_read(unsigned long flags)
{
	return mount_the_disk(flags) ?: open_ro(OWN "/theirs");
}

/*
 * The scratch disk made afresh with mt_v's file "theirs" on it, left unmounted, and the caller's
 * own directories made: true; false without such a disk or mke2fs.
 */
static bool scratch_disk_with_theirs(struct __test_metadata *const _metadata)
{
	int rc = mount_scratch_disk(NULL);

	if (rc == 1)
		return false;
	ASSERT_EQ(0, rc);
	make_file(_metadata, MNT "/theirs", "mt_v");
	ASSERT_EQ(0, umount(MNT));
	make_own_dirs(_metadata);
	return true;
}

/*
 * A disk's file system mounted by a root without CAP_MAC_ADMIN would be that root's, the files
 * of every label on it included: it mounts no disk, read-only either, as it opens no disk's
 * node; nor does a hat root, which reads the disk's node but would remount the disk
 * read-write. Mounted by the floor already, the disk is the same super block again, whose
 * files keep their labels.
 */
TEST_F(mnt, a_disk_is_mounted_by_who_may_set_labels)
{
	if (!scratch_disk_with_theirs(_metadata))
		SKIP(return, "no 1 MiB scratch disk at %s, or no mke2fs", SCRATCH_DISK);
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_the_disk_and_read(0));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_the_disk_and_read(MS_RDONLY));
	/* A hat task reads the disk, and would remount it read-write, undecided. */
	ASSERT_EQ(0, load("^ mt_obj w\n"));
	ASSERT_LABEL_DENIES("^", ROOT_WITHOUT_MAC_ADMIN, mount_the_disk_and_read(MS_RDONLY));
	ASSERT_EQ(0, load("^ mt_obj -\n"));
	ASSERT_EQ(0, mount(SCRATCH_DISK, MNT, "ext4", 0, NULL));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_the_disk_and_read(0));
	remove_own_dirs();
}

/*
 * A disk trusted for exec transitions and mounted nosuid, mounted again without: its exec labels
 * would count there. The hook that sees the super block is not told the new mount's flags, so
 * a confined root mounts a file system whose exec labels count again only with CAP_MAC_ADMIN,
 * nosuid or not. The floor, which mounts the system's file systems, is not asked.
 */
TEST_F(mnt, a_trusted_disk_is_mounted_again_by_an_administrator)
{
	if (!scratch_disk_with_theirs(_metadata))
		SKIP(return, "no 1 MiB scratch disk at %s, or no mke2fs", SCRATCH_DISK);
	ASSERT_EQ(0, mount(SCRATCH_DISK, MNT, "ext4", MS_NOSUID, NULL));
	ASSERT_EQ(0, trust(MNT));
	ASSERT_EQ(EPERM, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_the_disk(0)));
	ASSERT_EQ(EPERM, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_the_disk(MS_NOSUID)));
	ASSERT_EQ(0, ERRNO_AS("mt_s", ROOT, mount_the_disk(0)));
	ASSERT_EQ(0, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, mount_the_disk(0)));
	ASSERT_EQ(0, umount(MNT));
	remove_own_dirs();
}

/*
 * While label is permissive, its refusal of a disk's mount by a task that may not set labels is
 * let through (the stacker's verdict reaches the mount option hooks); the disk is then its
 * mounter's, never labelled by what it carries, and stays so when label enforces again: the
 * mounter, mt_s, then opens mt_v's file on it with no rule.
 */
TEST_F(mnt, a_disk_mounted_while_permissive_is_its_mounters)
{
	const char *closed = stacker_modes_closed();
	int ready[2], go[2], rc;
	pid_t pid;
	char c;

	if (closed)
		SKIP(return, "%s", closed);
	if (!scratch_disk_with_theirs(_metadata))
		SKIP(return, "no 1 MiB scratch disk at %s, or no mke2fs", SCRATCH_DISK);
	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
	ASSERT_EQ(17, write_str(STACKER_MODE, "label permissive\n"));
	pid = fork_as("mt_s", ROOT_WITHOUT_MAC_ADMIN);
	if (!pid) {
		rc = unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
		     mount(SCRATCH_DISK, OWN, "ext4", 0, NULL);
		if (write(ready[1], "", 1) != 1 || read(go[0], &c, 1) != 1 || rc)
			_exit(SETUP_FAILED);
		_exit(open_ro(OWN "/theirs") ? errno : 0);
	}
	close(ready[1]);
	close(go[0]);
	rc = read(ready[0], &c, 1);
	ASSERT_EQ(16, write_str(STACKER_MODE, "label enforcing\n"));
	ASSERT_EQ(1, rc);
	ASSERT_EQ(1, write(go[1], "", 1));
	EXPECT_EQ(0, child_status(pid));
	remove_own_dirs();
}

/*
 * In a mount namespace of its own: an overlay of /dev on OWN_MOUNT, whose files are the
 * mounter's, device nodes included; opens its node @name. 0, or -1 with errno
 * (ENOTRECOVERABLE: no overlay).
 */
static int open_through_an_overlay_of_dev(const char *name)
{
	char path[64];

	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("overlay", OWN_MOUNT, "overlay", 0, "lowerdir=/dev:" OWN_DEST)) {
		errno = ENOTRECOVERABLE;
		return -1;
	}
	snprintf(path, sizeof(path), OWN_MOUNT "/%s", name);
	return open_ro(path);
}

/*
 * A device node opens its device whatever the node's label. On a file system whose files carry
 * their mounter's label, a node names what the mounter chose (here an overlay of /dev copies
 * the raw disk's and /dev/null's nodes): a root without CAP_MAC_ADMIN opens none there; the
 * floor's overlay keeps the nodes' own labels.
 */
TEST_F(mnt, device_nodes_of_a_mounters_choice_open_for_the_floor_alone)
{
	if (access("/dev/vda", F_OK))
		SKIP(return, "no disk at /dev/vda");
	make_own_dirs(_metadata);
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, open_through_an_overlay_of_dev("vda"));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, open_through_an_overlay_of_dev("null"));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, open_ro("/dev/null")));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, open_through_an_overlay_of_dev("null")));
	remove_own_dirs();
}

/* The overlay of /dev on OWN_MOUNT, in the caller's mount namespace: 0, or -1 with errno. */
static int mount_an_overlay_of_dev(void)
{
	return mount("overlay", OWN_MOUNT, "overlay", 0, "lowerdir=/dev:" OWN_DEST);
}

/* Receive @fd again over SCM_RIGHTS and close it: 0, or -1 with errno. */
static int receive_and_close(int fd)
{
	int got = receive_again(fd);

	if (got < 0)
		return -1;
	close(got);
	return 0;
}

/*
 * The floor opens such a node (a rule lets it reach the mounter's files), but the descriptor,
 * passed over a UNIX socket, is received by no other label (file_receive), as its open would be
 * refused: the mounter least of all.
 */
TEST_F(mnt, device_node_of_a_mounters_choice_received_by_the_floor_alone)
{
	int fd;

	make_own_dirs(_metadata);
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	ASSERT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_an_overlay_of_dev()));
	ASSERT_EQ(0, load("_ mt_s rx\n"));
	fd = open(OWN_MOUNT "/null", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("%s", strerror(errno));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, receive_and_close(fd));
	ASSERT_LABEL_DENIES("mt_s", NOBODY_USER, receive_and_close(fd));
	close(fd);
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, receive_and_close(fd)));
	close(fd);
	EXPECT_EQ(0, umount(OWN_MOUNT));
	remove_own_dirs();
}

/* Set none of the modem control lines of the terminal @fd (TIOCMBIS): 0, or -1 with errno. */
static int modem_control_of(int fd)
{
	int bits = 0;

	return ioctl(fd, TIOCMBIS, &bits);
}

/*
 * A terminal's node of the mounter's choice, opened by the floor (read-only: the overlay opens
 * the node below with its mounter's credentials) and inherited by the mounter, is a floor
 * terminal for every check on the descriptor: changing its modem control lines
 * (TIOCM_LOOP types what is written into the console's shell) needs the control files' rule,
 * whatever the node's own label, the mounter's, says.
 */
TEST_F(mnt, terminal_node_of_a_mounters_choice_inherited_is_the_floors)
{
	int fd;

	if (access("/dev/ttyS0", F_OK))
		SKIP(return, "no serial port");
	make_own_dirs(_metadata);
	ASSERT_EQ(0, unshare(CLONE_NEWNS));
	ASSERT_EQ(0, mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL));
	ASSERT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, mount_an_overlay_of_dev()));
	ASSERT_EQ(0, load("_ mt_s rx\n"));
	fd = open(OWN_MOUNT "/ttyS0", O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	ASSERT_LE(0, fd) TH_LOG("%s", strerror(errno));
	ASSERT_LABEL_DENIES("mt_s", ROOT_WITHOUT_MAC_ADMIN, modem_control_of(fd));
	ASSERT_EQ(0, load("mt_s _sysctl w\n"));
	EXPECT_EQ(0, ERRNO_AS("mt_s", ROOT_WITHOUT_MAC_ADMIN, modem_control_of(fd)));
	close(fd);
	EXPECT_EQ(0, umount(OWN_MOUNT));
	remove_own_dirs();
}

/* SELinux's context= and label's labelroot= on one mount: each module gets its own. */
TEST_F(mnt, beside_selinux)
{
	/* The test policy has no MLS: a context has no level. */
	static const char context[] = "system_u:object_r:public_t";
	char got[256], line[512];
	ssize_t n;

	if (access("/sys/fs/selinux/enforce", F_OK))
		SKIP(return, "SELinux is not running");
	ASSERT_EQ(0, mount_tmpfs("context=\"system_u:object_r:public_t\",labelroot=mt_obj"));
	n = getxattr(MNT, "security.selinux", got, sizeof(got) - 1);
	ASSERT_LT(0, n);
	got[n] = '\0';
	EXPECT_STREQ(context, got);
	ASSERT_LABEL_DENIES("mt_n", ROOT, stat_mnt());
	mounts_line(line, sizeof(line));
	EXPECT_NE(NULL, strstr(line, "context=")) TH_LOG("%s", line);
	EXPECT_NE(NULL, strstr(line, ",labelroot=mt_obj")) TH_LOG("%s", line);
}

TEST_HARNESS_MAIN
