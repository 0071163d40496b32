// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of what the securityfs files accept, and of how they are created.
 */

#include "stacker.h"

#include <kunit/test.h>
#include <linux/security.h>
#include <linux/string.h>

struct mode_case {
	const char *text;
	int rc;
	const char *name;
	enum stacker_mode mode;
};

static const struct mode_case mode_cases[] = {
	{ "test_a permissive\n", 0, "test_a", STACKER_PERMISSIVE },
	{ "test_a enforcing", 0, "test_a", STACKER_ENFORCING },
	{ "", -EINVAL },
	{ "\n", -EINVAL },
	{ "test_a", -EINVAL },
	{ " enforcing", -EINVAL },
	{ "test_a  enforcing", -EINVAL },
	{ "test_a bogus", -EINVAL },
	{ "test_a disabled", -EINVAL },
	{ "test_a enforcing extra", -EINVAL },
	{ "test_a enforcing\n\n", -EINVAL },
	{ "test_a enforcing\r\n", -EINVAL },
};

static void mode_case_desc(const struct mode_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%*pE\"", (int)strlen(c->text), c->text);
}

KUNIT_ARRAY_PARAM(mode, mode_cases, mode_case_desc);

static void stacker_fs_parse_mode(struct kunit *test)
{
	const struct mode_case *c = test->param_value;
	enum stacker_mode mode = -1;
	char buf[64], *name = NULL;

	strscpy(buf, c->text, sizeof(buf));
	KUNIT_EXPECT_EQ(test, stacker_parse_mode(buf, &name, &mode), c->rc);
	if (c->rc)
		return;
	KUNIT_EXPECT_STREQ(test, name, c->name);
	KUNIT_EXPECT_EQ(test, mode, c->mode);
}

#define TEST_DIR "stacker_kunit"

static const struct file_operations empty_fops;

/* A directory of files is created whole, and is there until it is removed. */
static void stacker_fs_create_files(struct kunit *test)
{
	static const struct tree_descr files[] = {
		{ "one", &empty_fops, 0444 }, { "two", &empty_fops, 0200 }, {}
	};
	struct dentry *dir = securityfs_create_files(TEST_DIR, NULL, files);

	KUNIT_ASSERT_FALSE(test, IS_ERR(dir));
	KUNIT_EXPECT_PTR_EQ(test, securityfs_create_files(TEST_DIR, NULL, files),
			    ERR_PTR(-EEXIST));
	securityfs_recursive_remove(dir);
	dir = securityfs_create_dir(TEST_DIR, NULL);
	KUNIT_EXPECT_FALSE(test, IS_ERR(dir));
	securityfs_remove(dir);
}

/*
 * A file that cannot be created (here, a second file of the same name) leaves nothing behind:
 * not the directory, not the files before it. Removing the directory with securityfs_remove(),
 * which refuses one that is not empty, left both, and creating the directory again then failed.
 */
static void stacker_fs_create_files_failure(struct kunit *test)
{
	static const struct tree_descr files[] = {
		{ "one", &empty_fops, 0444 }, { "one", &empty_fops, 0444 }, {}
	};
	struct dentry *dir;

	KUNIT_EXPECT_PTR_EQ(test, securityfs_create_files(TEST_DIR, NULL, files),
			    ERR_PTR(-EEXIST));
	dir = securityfs_create_dir(TEST_DIR, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(dir));
	securityfs_remove(dir);
}

static struct kunit_case stacker_fs_cases[] = {
	KUNIT_CASE_PARAM(stacker_fs_parse_mode, mode_gen_params),
	KUNIT_CASE(stacker_fs_create_files),
	KUNIT_CASE(stacker_fs_create_files_failure),
	{}
};

static struct kunit_suite stacker_fs_suite = {
	.name = "stacker_fs",
	.test_cases = stacker_fs_cases,
};

kunit_test_suite(stacker_fs_suite);
