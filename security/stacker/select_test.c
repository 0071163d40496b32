// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit tests of the "stacker=" parser, table-driven over good and malformed lists.
 */

#include "stacker.h"

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

/* List values on keys, which the stacker cannot free; and a list id that two modules claim. */
static struct lsm_blob_sizes key_blobs = { .lbs_key = 8 };
static struct lsm_blob_sizes list_blobs = { .lbs_cred = 8 };
static const struct stacker_value_id key_values = { .blobs = &key_blobs, .list = 2 };
static const struct stacker_value_id list_values = { .blobs = &list_blobs, .list = 1 };

static const struct stacker_module avail[] = {
	{ .name = "capability", .flags = STACKER_MODULE_MANDATORY },
	{ .name = "alpha" },
	{ .name = "beta" },
	{ .name = "keyed", .values = &key_values },
	{ .name = "list_a", .values = &list_values },
	{ .name = "list_b", .values = &list_values },
};

struct select_case {
	const char *desc;
	const char *list;
	const char *order;	/* selected names joined by ',' */
	int nr_errors;
	const char *error;	/* expected in errors[0], if any */
};

static const struct select_case select_cases[] = {
	{ "plain", "capability,alpha", "capability,alpha", 0, NULL },
	{ "order kept", "capability,beta,alpha", "capability,beta,alpha", 0, NULL },
	{ "capability implied", "alpha", "capability,alpha", 1,
	  "module \"capability\" missing: added first" },
	{ "capability moved first", "alpha,capability", "capability,alpha", 1,
	  "module \"capability\" always runs first: moved there" },
	{ "empty", "", "capability", 2, "empty module name ignored" },
	{ "only commas", ",,", "capability", 4, "empty module name ignored" },
	{ "trailing comma", "capability,alpha,", "capability,alpha", 1,
	  "empty module name ignored" },
	{ "not built", "capability,bogus", "capability", 1,
	  "module \"bogus\" is not built into this kernel: ignored" },
	{ "duplicate", "capability,alpha,alpha", "capability,alpha", 1,
	  "duplicate module \"alpha\" ignored" },
	{ "duplicate capability", "capability,capability", "capability", 1,
	  "duplicate module \"capability\" ignored" },
	{ "upper case", "capability,Alpha", "capability", 1,
	  "invalid module name \"Alpha\" ignored" },
	{ "space", "capability, alpha", "capability", 1,
	  "invalid module name \"\\x20alpha\" ignored" },
	{ "non-ASCII", "capability,\xc3\xa9t\xc3\xa9", "capability", 1,
	  "invalid module name \"\\xc3\\xa9t\\xc3\\xa9\" ignored" },
	{ "Latin-1 letters", "capability,\xe9t\xe9", "capability", 1,
	  "invalid module name \"\\xe9t\\xe9\" ignored" },
	{ "newline", "capability,alpha\n", "capability", 1,
	  "invalid module name \"alpha\\x0a\" ignored" },
	{ "too long", "capability,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "capability", 1, NULL },
	{ "list values on keys", "capability,keyed,alpha", "capability,alpha", 1,
	  "module \"keyed\" keeps values the stacker cannot carry: ignored" },
	{ "one list id", "capability,list_b", "capability,list_b", 0, NULL },
	{ "list id taken", "capability,list_a,list_b", "capability,list_a", 1,
	  "module \"list_b\" has another module's list id: ignored" },
	/* The default names every module, so that the refusals are those of a list naming all. */
	{ "default", NULL, "capability,alpha,beta,list_a", 2,
	  "module \"keyed\" keeps values the stacker cannot carry: ignored" },
};

static void select_case_desc(const struct select_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(select, select_cases, select_case_desc);

static void join(const struct stacker_selection *sel, char *buf, size_t size)
{
	int i;

	buf[0] = '\0';
	for (i = 0; i < sel->count; i++) {
		if (i)
			strlcat(buf, ",", size);
		strlcat(buf, sel->modules[i]->name, size);
	}
}

static void stacker_select_table(struct kunit *test)
{
	const struct select_case *c = test->param_value;
	struct stacker_selection *sel;
	char order[128];

	sel = kunit_kzalloc(test, sizeof(*sel), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sel);
	stacker_select(c->list, avail, ARRAY_SIZE(avail), sel);
	join(sel, order, sizeof(order));
	KUNIT_EXPECT_STREQ(test, order, c->order);
	KUNIT_EXPECT_EQ(test, sel->nr_errors, c->nr_errors);
	KUNIT_EXPECT_EQ(test, sel->dropped_errors, 0);
	if (c->error && sel->nr_errors)
		KUNIT_EXPECT_STREQ(test, sel->errors[0], c->error);
}

/* 4 KiB of commas: every empty name is counted, the first few kept, nothing overflows. */
static void stacker_select_many_commas(struct kunit *test)
{
	struct stacker_selection *sel;
	char *list;

	sel = kunit_kzalloc(test, sizeof(*sel), GFP_KERNEL);
	list = kunit_kzalloc(test, 4097, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sel);
	KUNIT_ASSERT_NOT_NULL(test, list);
	memset(list, ',', 4096);
	stacker_select(list, avail, ARRAY_SIZE(avail), sel);
	KUNIT_EXPECT_EQ(test, sel->count, 1);
	KUNIT_EXPECT_PTR_EQ(test, sel->modules[0], &avail[0]);
	KUNIT_EXPECT_EQ(test, sel->nr_errors, STACKER_MAX_ERRORS);
	/* 4097 empty names and the missing capability. */
	KUNIT_EXPECT_EQ(test, sel->nr_errors + sel->dropped_errors, 4098);
}

/* More modules than fit: the extra ones are reported, capability keeps its place. */
static void stacker_select_too_many(struct kunit *test)
{
	struct stacker_module *many;
	struct stacker_selection *sel;
	char *list, name[8];
	int i, n = STACKER_MAX_MODULES + 2;

	many = kunit_kcalloc(test, n, sizeof(*many), GFP_KERNEL);
	sel = kunit_kzalloc(test, sizeof(*sel), GFP_KERNEL);
	list = kunit_kzalloc(test, 256, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, many);
	KUNIT_ASSERT_NOT_NULL(test, sel);
	KUNIT_ASSERT_NOT_NULL(test, list);
	many[0].name = "capability";
	many[0].flags = STACKER_MODULE_MANDATORY;
	for (i = 1; i < n; i++) {
		snprintf(name, sizeof(name), "m%d", i);
		many[i].name = kunit_kstrdup(test, name, GFP_KERNEL);
		if (i > 1)
			strlcat(list, ",", 256);
		strlcat(list, name, 256);
	}
	stacker_select(list, many, n, sel);
	KUNIT_EXPECT_EQ(test, sel->count, STACKER_MAX_MODULES);
	KUNIT_EXPECT_PTR_EQ(test, sel->modules[0], &many[0]);
	KUNIT_EXPECT_STREQ(test, sel->errors[0], "too many modules: \"m8\" ignored");
	KUNIT_EXPECT_EQ(test, sel->nr_errors, 3);
}

/*
 * The default stack: capability first wherever it is built, without a message, then the other
 * modules in the order they are built, except those hosted only when named.
 */
static void stacker_select_default(struct kunit *test)
{
	static const struct stacker_module built[] = {
		{ .name = "alpha" },
		{ .name = "capability", .flags = STACKER_MODULE_MANDATORY },
		{ .name = "test_x", .flags = STACKER_MODULE_NAMED_ONLY },
		{ .name = "beta" },
	};
	struct stacker_selection *sel;
	char order[128];

	sel = kunit_kzalloc(test, sizeof(*sel), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sel);
	stacker_select(NULL, built, ARRAY_SIZE(built), sel);
	join(sel, order, sizeof(order));
	KUNIT_EXPECT_STREQ(test, order, "capability,alpha,beta");
	KUNIT_EXPECT_EQ(test, sel->nr_errors, 0);

	/* Named, a named-only module is hosted like any other. */
	stacker_select("test_x", built, ARRAY_SIZE(built), sel);
	join(sel, order, sizeof(order));
	KUNIT_EXPECT_STREQ(test, order, "capability,test_x");
}

static struct kunit_case stacker_select_cases[] = {
	KUNIT_CASE_PARAM(stacker_select_table, select_gen_params),
	KUNIT_CASE(stacker_select_default),
	KUNIT_CASE(stacker_select_many_commas),
	KUNIT_CASE(stacker_select_too_many),
	{}
};

static struct kunit_suite stacker_select_suite = {
	.name = "stacker_select",
	.test_cases = stacker_select_cases,
};

kunit_test_suite(stacker_select_suite);
