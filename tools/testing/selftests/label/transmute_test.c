// SPDX-License-Identifier: GPL-2.0-only
/*
 * Transmute, as Smack's: in a directory marked with security.labeltransmute "TRUE", a task
 * whose rule to the directory's label has "t" creates entries of the directory's label, and
 * directories that transmute too. On tmpfs, on the root file system when it is another (ext4
 * in the Debian boot), and through overlayfs, where the mark comes up with a copied-up
 * directory.
 */

#include <sys/mount.h>
#include <sys/statfs.h>

#include "common.h"

#define OVERLAY_OPTIONS \
	"lowerdir=/tmp/trovl/lower,upperdir=/tmp/trovl/upper,workdir=/tmp/trovl/work"

/* The directories the tests use: on tmpfs, and on the root file system. */
FIXTURE(transmute) {
	char dir[64];
};

FIXTURE_VARIANT(transmute)
{
	const char *base;
	/* The file system magic the base must be on. */
	long magic;
};

FIXTURE_VARIANT_ADD(transmute, tmpfs) { .base = "/tmp", .magic = 0x01021994 };
/* The Debian boot's root file system. */
FIXTURE_VARIANT_ADD(transmute, ext4) { .base = "/var/tmp", .magic = 0xEF53 };

FIXTURE_SETUP(transmute)
{
	struct statfs st;
	char cmd[128];

	if (statfs(variant->base, &st) || st.f_type != variant->magic)
		SKIP(return, "%s is not on the file system of this variant", variant->base);
	/* This process, "_", may remove what an earlier test made. */
	ASSERT_EQ(0, load("tr_s tr_d rwxt\ntr_n tr_d rwx\n_ tr_d rwx\n_ tr_s rwx\n_ tr_n rwx\n"));
	snprintf(self->dir, sizeof(self->dir), "%s/transmute", variant->base);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->dir);
	ASSERT_EQ(0, system(cmd));
	make_dir(_metadata, self->dir, "tr_d");
}

FIXTURE_TEARDOWN(transmute)
{
}

static char path_buf[256];

static const char *in(const char *dir, const char *name)
{
	snprintf(path_buf, sizeof(path_buf), "%s/%s", dir, name);
	return path_buf;
}

/* Create a file and a directory as @label under @dir: 0, or the first errno. */
static int create_as(const char *label, const char *file, const char *subdir)
{
	pid_t pid = fork_as(label, ROOT);
	int fd;

	if (!pid) {
		fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0)
			_exit(errno);
		close(fd);
		_exit(subdir && mkdir(subdir, 0777) ? errno : 0);
	}
	return child_status(pid);
}

/* The label of @path, "_" when it has none. */
static void label_of(struct __test_metadata *const _metadata, const char *path, char *buf)
{
	ssize_t len = getxattr(path, XATTR_NAME_LABEL, buf, LABEL_NAME_MAX);

	if (len < 0 && errno == ENODATA) {
		buf[0] = '_';
		buf[1] = '\0';
		return;
	}
	ASSERT_LT(0, len);
	buf[len] = '\0';
}

static bool transmutes(const char *path)
{
	char value[8];
	ssize_t len = getxattr(path, XATTR_NAME_LABELTRANSMUTE, value, sizeof(value));

	return len == 4 && !memcmp(value, "TRUE", 4);
}

TEST_F(transmute, needs_the_mark_and_t)
{
	char sub[128], label[LABEL_NAME_MAX + 1];

	/* Without the mark, even with t, entries take their creator's label. */
	ASSERT_EQ(0, create_as("tr_s", in(self->dir, "plain"), NULL));
	label_of(_metadata, in(self->dir, "plain"), label);
	EXPECT_STREQ("tr_s", label);

	ASSERT_EQ(0, setxattr(self->dir, XATTR_NAME_LABELTRANSMUTE, "TRUE", 4, 0));
	ASSERT_TRUE(transmutes(self->dir));
	snprintf(sub, sizeof(sub), "%s/sub", self->dir);
	ASSERT_EQ(0, create_as("tr_s", in(self->dir, "file"), sub));
	label_of(_metadata, in(self->dir, "file"), label);
	EXPECT_STREQ("tr_d", label);
	EXPECT_FALSE(transmutes(in(self->dir, "file")));
	/* A directory made so takes the label and the mark, and passes them on. */
	label_of(_metadata, sub, label);
	EXPECT_STREQ("tr_d", label);
	EXPECT_TRUE(transmutes(sub));
	ASSERT_EQ(0, create_as("tr_s", in(sub, "deeper"), NULL));
	label_of(_metadata, in(sub, "deeper"), label);
	EXPECT_STREQ("tr_d", label);

	/* A rule without t: the creator's label. */
	ASSERT_EQ(0, create_as("tr_n", in(self->dir, "no_t"), NULL));
	label_of(_metadata, in(self->dir, "no_t"), label);
	EXPECT_STREQ("tr_n", label);

	/* The mark removed: the creator's label again. */
	ASSERT_EQ(0, removexattr(self->dir, XATTR_NAME_LABELTRANSMUTE));
	ASSERT_EQ(0, create_as("tr_s", in(self->dir, "after"), NULL));
	label_of(_metadata, in(self->dir, "after"), label);
	EXPECT_STREQ("tr_s", label);
}

/* The mark is a directory's, "TRUE", and set or removed with CAP_MAC_ADMIN only. */
TEST_F(transmute, mark_is_guarded)
{
	make_file(_metadata, in(self->dir, "f"), NULL);
	EXPECT_EQ(-1, setxattr(path_buf, XATTR_NAME_LABELTRANSMUTE, "TRUE", 4, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, setxattr(self->dir, XATTR_NAME_LABELTRANSMUTE, "FALSE", 5, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, setxattr(self->dir, XATTR_NAME_LABELTRANSMUTE, "TRUE\n", 5, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  setxattr(self->dir, XATTR_NAME_LABELTRANSMUTE, "TRUE", 4, 0)));
	EXPECT_FALSE(transmutes(self->dir));
	ASSERT_EQ(0, setxattr(self->dir, XATTR_NAME_LABELTRANSMUTE, "TRUE", 4, 0));
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  removexattr(self->dir, XATTR_NAME_LABELTRANSMUTE)));
	EXPECT_TRUE(transmutes(self->dir));
}

/*
 * Through overlayfs: a file made in a transmuting directory of the upper layer, and in one
 * of the lower layer, which is copied up with its mark, takes the directory's label; the
 * creator's otherwise (not the mounter's).
 */
TEST(overlay)
{
	char label[LABEL_NAME_MAX + 1];

	ASSERT_EQ(0, system("rm -rf /tmp/trovl"));
	ASSERT_EQ(0, system("mkdir -p /tmp/trovl/lower/low /tmp/trovl/upper/up /tmp/trovl/work"));
	ASSERT_EQ(0, mkdir("/tmp/trovl/merged", 0755));
	/*
	 * The mounter, this process ("_"), reads and writes the layers: overlayfs looks them up
	 * and opens their files as it, those of the creator's label too.
	 */
	ASSERT_EQ(0, load("tro_s tro_d rwxt\ntro_s _ rwx\n_ tro_d rwx\n_ tro_s rwx\n"));
	ASSERT_EQ(0, chmod("/tmp/trovl/lower/low", 0777));
	ASSERT_EQ(0, chmod("/tmp/trovl/upper/up", 0777));
	ASSERT_EQ(0, setxattr("/tmp/trovl/lower/low", XATTR_NAME_LABEL, "tro_d", 5, 0));
	ASSERT_EQ(0, setxattr("/tmp/trovl/lower/low", XATTR_NAME_LABELTRANSMUTE, "TRUE", 4, 0));
	ASSERT_EQ(0, setxattr("/tmp/trovl/upper/up", XATTR_NAME_LABEL, "tro_d", 5, 0));
	ASSERT_EQ(0, setxattr("/tmp/trovl/upper/up", XATTR_NAME_LABELTRANSMUTE, "TRUE", 4, 0));
	ASSERT_EQ(0, mount("overlay", "/tmp/trovl/merged", "overlay", 0, OVERLAY_OPTIONS));

	ASSERT_EQ(0, create_as("tro_s", "/tmp/trovl/merged/up/f", NULL));
	label_of(_metadata, "/tmp/trovl/upper/up/f", label);
	EXPECT_STREQ("tro_d", label);
	ASSERT_EQ(0, create_as("tro_s", "/tmp/trovl/merged/low/f", NULL));
	EXPECT_TRUE(transmutes("/tmp/trovl/upper/low"));
	label_of(_metadata, "/tmp/trovl/upper/low/f", label);
	EXPECT_STREQ("tro_d", label);
	ASSERT_EQ(0, create_as("tro_s", "/tmp/trovl/merged/top", NULL));
	label_of(_metadata, "/tmp/trovl/upper/top", label);
	EXPECT_STREQ("tro_s", label);
	EXPECT_EQ(0, umount("/tmp/trovl/merged"));
}

TEST_HARNESS_MAIN
