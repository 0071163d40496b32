// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of what the securityfs files accept.
 */

#include "stacker.h"

#include <kunit/test.h>
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

static struct kunit_case stacker_fs_cases[] = {
	KUNIT_CASE_PARAM(stacker_fs_parse_mode, mode_gen_params),
	{}
};

static struct kunit_suite stacker_fs_suite = {
	.name = "stacker_fs",
	.test_cases = stacker_fs_cases,
};

kunit_test_suite(stacker_fs_suite);
