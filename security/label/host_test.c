// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit tests of the netlabel and ipv6host line syntax, table-driven.
 */

#include "label.h"

#include <kunit/test.h>
#include <linux/string.h>

struct host_case {
	const char *desc;
	const char *line;
	bool v6;
	int rc;
	const char *prefix;	/* the entry as listed, "ADDRESS/N", for an accepted line */
	const char *name;	/* the label or option named */
};

static const struct host_case host_cases[] = {
	{ "IPv4 prefix", "10.1.0.0/16 net", false, 0, "10.1.0.0/16", "net" },
	{ "IPv4 host", "10.1.2.3 host", false, 0, "10.1.2.3/32", "host" },
	{ "IPv4 masked", "10.1.2.3/8 net", false, 0, "10.0.0.0/8", "net" },
	{ "IPv4 odd prefix", "10.255.255.255/9 net", false, 0, "10.128.0.0/9", "net" },
	{ "IPv4 all", "0.0.0.0/0 any", false, 0, "0.0.0.0/0", "any" },
	{ "IPv4 newline", "10.1.0.0/16 net\n", false, 0, "10.1.0.0/16", "net" },
	{ "IPv4 tab", "10.1.0.0/16\t net", false, 0, "10.1.0.0/16", "net" },
	{ "-CIPSO", "10.1.0.0/16 -CIPSO", false, 0, "10.1.0.0/16", "-CIPSO" },
	{ "IPv4 prefix 33", "10.1.0.0/33 net", false, -EINVAL },
	{ "IPv4 prefix digits", "10.1.0.0/0016 net", false, -EINVAL },
	{ "IPv4 signed prefix", "10.1.0.0/+8 net", false, -EINVAL },
	{ "IPv4 empty prefix", "10.1.0.0/ net", false, -EINVAL },
	{ "IPv4 three quads", "10.1.0 net", false, -EINVAL },
	{ "IPv4 five quads", "10.1.0.0.0 net", false, -EINVAL },
	{ "IPv4 octet 256", "10.1.0.256 net", false, -EINVAL },
	{ "IPv4 port", "10.1.0.0:80 net", false, -EINVAL },
	{ "IPv4 no label", "10.1.0.0/16", false, -EINVAL },
	{ "IPv4 blank label", "10.1.0.0/16 ", false, -EINVAL },
	{ "IPv4 two labels", "10.1.0.0/16 a b", false, -EINVAL },
	{ "IPv4 leading blank", " 10.1.0.0/16 net", false, -EINVAL },
	{ "IPv4 -DELETE", "10.1.0.0/16 -DELETE", false, -EINVAL },
	{ "IPv4 -CIPS", "10.1.0.0/16 -CIPS", false, -EINVAL },
	{ "IPv4 two lines", "10.1.0.0/16 a\n10.2.0.0/16 b", false, -EINVAL },
	{ "IPv4 CR label", "10.1.0.0/16 a\r", false, 0, "10.1.0.0/16", "a\r" },
	{ "IPv6 in netlabel", "fd00::/8 net", false, -EINVAL },
	{ "IPv6 prefix", "fd00:1::/32 net", true, 0, "fd00:1::/32", "net" },
	{ "IPv6 full form", "fd00:0:0:0:0:0:0:1 host", true, 0, "fd00::1/128", "host" },
	{ "IPv6 masked", "fd00:1:2:3::9/48 net", true, 0, "fd00:1:2::/48", "net" },
	{ "IPv6 odd prefix", "ffff::/3 net", true, 0, "e000::/3", "net" },
	{ "IPv6 all", "::/0 any", true, 0, "::/0", "any" },
	{ "-DELETE", "fd00::/8 -DELETE", true, 0, "fd00::/8", "-DELETE" },
	{ "IPv6 prefix 129", "fd00::/129 net", true, -EINVAL },
	{ "IPv6 triple colon", "fd00:::1 net", true, -EINVAL },
	{ "IPv6 two gaps", "fd00::1::1 net", true, -EINVAL },
	{ "IPv6 bad digit", "fd0g::/16 net", true, -EINVAL },
	{ "IPv6 -CIPSO", "fd00::/8 -CIPSO", true, -EINVAL },
	{ "IPv4 in ipv6host", "10.1.0.0/16 net", true, -EINVAL },
	{ "IPv6 no label", "fd00::/8", true, -EINVAL },
};

static void host_case_desc(const struct host_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(host, host_cases, host_case_desc);

static void label_host_parse_table(struct kunit *test)
{
	const struct host_case *c = test->param_value;
	struct label_host_text entry;
	const char *name = NULL;
	size_t name_len = 0;
	char listed[64];

	KUNIT_ASSERT_EQ(test, label_host_parse(c->line, strlen(c->line), c->v6, &entry, &name,
					       &name_len), c->rc);
	if (c->rc)
		return;
	if (c->v6)
		snprintf(listed, sizeof(listed), "%pI6c/%u", &entry.addr, entry.prefix);
	else
		snprintf(listed, sizeof(listed), "%pI4/%u", &entry.addr.s6_addr32[3],
			 entry.prefix);
	KUNIT_EXPECT_STREQ(test, listed, c->prefix);
	KUNIT_EXPECT_EQ(test, name_len, strlen(c->name));
	KUNIT_EXPECT_EQ(test, memcmp(name, c->name, name_len), 0);
	KUNIT_EXPECT_EQ(test, entry.option, c->name[0] == '-');
	KUNIT_EXPECT_EQ(test, entry.v6, c->v6);
}

/* A NUL byte inside the line ends nothing: the line is refused. */
static void label_host_parse_nul(struct kunit *test)
{
	struct label_host_text entry;
	const char *name;
	size_t name_len;

	KUNIT_EXPECT_EQ(test, label_host_parse("10.1.0.0/16 a\0b", 15, false, &entry, &name,
					       &name_len), -EINVAL);
	KUNIT_EXPECT_EQ(test, label_host_parse("10.1.0.0\0/16 a", 14, false, &entry, &name,
					       &name_len), -EINVAL);
}

static struct kunit_case label_host_cases[] = {
	KUNIT_CASE_PARAM(label_host_parse_table, host_gen_params),
	KUNIT_CASE(label_host_parse_nul),
	{}
};

static struct kunit_suite label_host_suite = {
	.name = "label_host",
	.test_cases = label_host_cases,
};

kunit_test_suite(label_host_suite);
