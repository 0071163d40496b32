// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: KUnit fuzzing of the "stacker=" parser over a module table of the test's own, with
 * the selection's invariants checked on every input.
 *
 * Inputs come from a fixed-seed generator (stacker.fuzz_seed= on the command line changes it):
 * lists of known, near-miss and malformed names, random bytes, well-formed permutations, and
 * mutations of a seed corpus.
 */

#include "stacker.h"

#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

static ulong fuzz_seed = 20261201;
module_param(fuzz_seed, ulong, 0444);
MODULE_PARM_DESC(fuzz_seed, "Seed of the stacker_select_fuzz KUnit inputs");

#define RANDOM_INPUTS 1000000
#define PERMUTATION_INPUTS 500000

/* Values on keys, which the stacker cannot carry; and a list id two modules claim. */
static struct lsm_blob_sizes key_blobs = { .lbs_key = 8 };
static struct lsm_blob_sizes list_blobs = { .lbs_cred = 8 };
static const struct stacker_value_id key_values = { .blobs = &key_blobs, .list = 2 };
static const struct stacker_value_id list_values = { .blobs = &list_blobs, .list = 1 };

#define LONGEST "abcdefghijklmnopqrstuvwxyz_01234"
static_assert(sizeof(LONGEST) - 1 == STACKER_NAME_MAX);

/* More plain modules than fit beside capability, so that some lists are too long. */
static const struct stacker_module avail[] = {
	{ .name = "capability", .flags = STACKER_MODULE_MANDATORY },
	{ .name = "alpha" },
	{ .name = "beta" },
	{ .name = "gamma" },
	{ .name = "delta" },
	{ .name = "epsilon" },
	{ .name = "zeta" },
	{ .name = "eta" },
	{ .name = "theta" },
	{ .name = LONGEST },
	{ .name = "list_a", .values = &list_values },
	{ .name = "list_b", .values = &list_values },
	{ .name = "keyed", .values = &key_values },
};

/*
 * Modules a well-formed list may name: the plain ones, from avail[1], and one of list_a and
 * list_b (which follow them). Not keyed.
 */
#define FIRST_PLAIN 1
#define NR_PLAIN 9

/* Names that are not in avail: not built, near misses, too long, malformed. */
static const char *const other_names[] = {
	"omega", "Alpha", "alph", "alphaa", "capabilit", "capabilityy", LONGEST "5", "a-b", "a b",
	"\xc3\xa9t\xc3\xa9", "alpha\n", "", " ", "_", "0", "CAPABILITY",
};

static const char *const list_corpus[] = {
	"capability,alpha", "capability,beta,alpha", "alpha", "alpha,capability", "", ",,",
	"capability,alpha,", "capability,bogus", "capability,omega", "capability,alpha,alpha",
	"capability,capability", "capability,Alpha", "capability, alpha", "capability,keyed,alpha",
	"capability,list_a,list_b", "capability,alpha,beta,gamma,delta,epsilon,zeta,eta,theta",
	"capability," LONGEST, "capability,\xc3\xa9t\xc3\xa9",
};

struct fuzz {
	struct kunit *test;
	struct rnd_state rnd;
	unsigned long inputs;
	/* Selections of more than capability; and of those, the ones without a message. */
	unsigned long selected;
	unsigned long clean;
	ktime_t start;
	char *buf;
	size_t len;
	size_t cap;
	struct stacker_selection *sel;
};

#define FUZZ_BUF 1024

/* The most of an input a failure message shows, escaped (%*pE). */
#define SHOWN_MAX 300

/* In a failure message: the input's number and the list. */
#define FUZZ_ASSERT(f, cond, fmt, ...)                                                     \
	KUNIT_ASSERT_TRUE_MSG((f)->test, cond, "input %lu \"%*pE\": " fmt, (f)->inputs,  \
			      (int)min_t(size_t, strlen((f)->buf), SHOWN_MAX), (f)->buf,    \
			      ##__VA_ARGS__)

static void fuzz_init(struct kunit *test, struct fuzz *f, u64 stream)
{
	f->test = test;
	f->inputs = 0;
	f->selected = 0;
	f->clean = 0;
	f->cap = FUZZ_BUF;
	f->buf = kunit_kzalloc(test, FUZZ_BUF + 1, GFP_KERNEL);
	f->sel = kunit_kzalloc(test, sizeof(*f->sel), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->buf);
	KUNIT_ASSERT_NOT_NULL(test, f->sel);
	prandom_seed_state(&f->rnd, fuzz_seed * 0x9e3779b97f4a7c15ULL + stream);
	f->start = ktime_get();
	kunit_info(test, "seed %lu (stacker.fuzz_seed=)\n", fuzz_seed);
}

static void fuzz_done(struct fuzz *f)
{
	kunit_info(f->test, "%lu inputs, %lu selecting more than capability (%lu with no message), in %lld ms\n",
		   f->inputs, f->selected, f->clean, ktime_ms_delta(ktime_get(), f->start));
}

static u32 rnd(struct fuzz *f, u32 n)
{
	return prandom_u32_state(&f->rnd) % n;
}

static bool chance(struct fuzz *f, u32 percent)
{
	return rnd(f, 100) < percent;
}

static void put(struct fuzz *f, char c)
{
	if (f->len < f->cap)
		f->buf[f->len++] = c;
}

static void put_str(struct fuzz *f, const char *s)
{
	while (*s)
		put(f, *s++);
}

/* Any byte but NUL, biased toward those of names and lists. */
static char any_byte(struct fuzz *f)
{
	switch (rnd(f, 6)) {
	case 0 ... 2:
		return "abcdefghijklmnopqrstuvwxyz_0123456789"[rnd(f, 37)];
	case 3:
		return ',';
	case 4:
		return " \t\n\r-A\\\"\x7f\x80\xff"[rnd(f, 11)];
	default:
		return 1 + rnd(f, 255);
	}
}

static void gen_name(struct fuzz *f)
{
	u32 n;

	switch (rnd(f, 8)) {
	case 0 ... 3:
		put_str(f, avail[rnd(f, ARRAY_SIZE(avail))].name);
		break;
	case 4 ... 5:
		put_str(f, other_names[rnd(f, ARRAY_SIZE(other_names))]);
		break;
	case 6:
		n = rnd(f, 40);
		while (n--)
			put(f, any_byte(f));
		break;
	default:
		break;	/* empty */
	}
}

static void mutate(struct fuzz *f)
{
	u32 n = 1 + rnd(f, 4);
	size_t pos;

	while (n--) {
		pos = rnd(f, f->len + 1);
		switch (rnd(f, 5)) {
		case 0:
			if (pos < f->len)
				f->buf[pos] ^= BIT(rnd(f, 8));
			break;
		case 1:
			if (f->len < f->cap) {
				memmove(f->buf + pos + 1, f->buf + pos, f->len - pos);
				f->buf[pos] = chance(f, 50) ? ',' : any_byte(f);
				f->len++;
			}
			break;
		case 2:
			if (pos < f->len) {
				memmove(f->buf + pos, f->buf + pos + 1, f->len - pos - 1);
				f->len--;
			}
			break;
		case 3:
			/* Repeat the start of the list at its end. */
			if (f->len + pos + 1 <= f->cap) {
				f->buf[f->len++] = ',';
				memcpy(f->buf + f->len, f->buf, pos);
				f->len += pos;
			}
			break;
		default:
			f->len = pos;
			break;
		}
	}
}

static void gen_input(struct fuzz *f)
{
	u32 i, n;

	f->len = 0;
	f->inputs++;
	switch (rnd(f, 4)) {
	case 0:
		n = rnd(f, chance(f, 5) ? 1000 : 80);
		while (n--)
			put(f, any_byte(f));
		break;
	case 1:
		n = rnd(f, chance(f, 10) ? 60 : 12);
		for (i = 0; i < n; i++) {
			if (i)
				put(f, ',');
			gen_name(f);
		}
		break;
	case 2:
		put_str(f, list_corpus[rnd(f, ARRAY_SIZE(list_corpus))]);
		mutate(f);
		break;
	default:
		n = rnd(f, 12);
		for (i = 0; i < n; i++) {
			if (i)
				put(f, ',');
			gen_name(f);
		}
		mutate(f);
		break;
	}
	/* A NUL mid-list ends it, as it would on the command line. */
	if (f->len && chance(f, 3))
		f->buf[rnd(f, f->len)] = '\0';
	f->buf[f->len] = '\0';
}

/* Does the list name the module, as an entry of its own? Where first, -1 if not. */
static int entry_of(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;
	int i = 0;

	for (;;) {
		size_t len = strchrnul(p, ',') - p;

		if (len == n && !memcmp(p, name, n))
			return i;
		if (!p[len])
			return -1;
		p += len + 1;
		i++;
	}
}

static int count_entries(const char *list)
{
	int n = 1;

	for (; *list; list++)
		n += *list == ',';
	return n;
}

static int index_of(const struct stacker_module *m)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(avail); i++)
		if (m == &avail[i])
			return i;
	return -1;
}

/*
 * What holds for any list: capability first and once, no more than STACKER_MAX_MODULES, no
 * module twice, only modules of the table that the list names, in the list's order; the
 * messages NUL-terminated, printable and bounded; and every entry used or reported.
 */
static void check_selection(struct fuzz *f)
{
	const struct stacker_selection *sel = f->sel;
	unsigned long seen = 0;
	int reports = sel->nr_errors + sel->dropped_errors;
	int i, j, at, last = -1, entries, first_cap, first_used = INT_MAX;
	size_t len, k;

	FUZZ_ASSERT(f, sel->count >= 1 && sel->count <= STACKER_MAX_MODULES, "%d modules",
		    sel->count);
	FUZZ_ASSERT(f, sel->modules[0] == &avail[0], "%s first",
		    sel->modules[0] ? sel->modules[0]->name : "nothing");
	for (i = 0; i < sel->count; i++) {
		j = index_of(sel->modules[i]);
		FUZZ_ASSERT(f, j >= 0, "module %d is not in the table", i);
		FUZZ_ASSERT(f, !(seen & BIT(j)), "%s selected twice", avail[j].name);
		seen |= BIT(j);
		if (!i)
			continue;
		at = entry_of(f->buf, avail[j].name);
		FUZZ_ASSERT(f, at >= 0, "%s selected but not named", avail[j].name);
		FUZZ_ASSERT(f, at > last, "%s selected out of order", avail[j].name);
		last = at;
		first_used = min(first_used, at);
	}

	FUZZ_ASSERT(f, sel->nr_errors >= 0 && sel->nr_errors <= STACKER_MAX_ERRORS &&
		    sel->dropped_errors >= 0 &&
		    (!sel->dropped_errors || sel->nr_errors == STACKER_MAX_ERRORS),
		    "%d messages, %d dropped", sel->nr_errors, sel->dropped_errors);
	for (i = 0; i < STACKER_MAX_ERRORS; i++) {
		len = strnlen(sel->errors[i], STACKER_ERROR_LEN);
		FUZZ_ASSERT(f, len < STACKER_ERROR_LEN, "message %d not NUL-terminated", i);
		FUZZ_ASSERT(f, i < sel->nr_errors ? len > 0 : len == 0,
			    "message %d of %d is \"%s\"", i, sel->nr_errors, sel->errors[i]);
		for (k = 0; k < len; k++)
			FUZZ_ASSERT(f, sel->errors[i][k] >= ' ' && sel->errors[i][k] <= '~',
				    "message %d has byte %#x at %zu", i, (u8)sel->errors[i][k], k);
	}

	/*
	 * Nothing dropped silently: each entry is either selected or reported, but for a
	 * capability named before any module is used; a capability not named is reported.
	 */
	if (sel->count > 1) {
		f->selected++;
		f->clean += !reports;
	}
	entries = count_entries(f->buf);
	first_cap = entry_of(f->buf, "capability");
	if (first_cap < 0)
		FUZZ_ASSERT(f, reports == entries - (sel->count - 1) + 1,
			    "%d entries, %d used, %d reports", entries, sel->count - 1, reports);
	else
		FUZZ_ASSERT(f, reports == entries - (sel->count - 1) - (first_cap < first_used),
			    "%d entries, %d used, %d reports", entries, sel->count - 1, reports);
}

/* Any list: the selection's invariants hold. */
static void stacker_select_fuzz_random(struct kunit *test)
{
	struct fuzz f;
	unsigned long i;

	fuzz_init(test, &f, 1);
	for (i = 0; i < RANDOM_INPUTS; i++) {
		if (i % 4096 == 0)
			cond_resched();
		gen_input(&f);
		stacker_select(f.buf, avail, ARRAY_SIZE(avail), f.sel);
		check_selection(&f);
	}
	fuzz_done(&f);
	KUNIT_EXPECT_GE(test, f.inputs, RANDOM_INPUTS);
}

/*
 * A well-formed list, capability first and then distinct plain modules that fit, selects
 * exactly those in that order with no message; without capability, one message says so.
 */
static void stacker_select_fuzz_permutations(struct kunit *test)
{
	int order[NR_PLAIN + 1], i, j, k, n, list;
	struct fuzz f;
	bool cap;

	fuzz_init(test, &f, 2);
	/* Indexes in avail of the plain modules and of list_a, whose place list_b may take. */
	for (i = 0; i < NR_PLAIN + 1; i++)
		order[i] = FIRST_PLAIN + i;
	while (f.inputs < PERMUTATION_INPUTS) {
		if (f.inputs % 4096 == 0)
			cond_resched();
		list = FIRST_PLAIN + NR_PLAIN + rnd(&f, 2);
		for (i = NR_PLAIN; i > 0; i--) {
			j = rnd(&f, i + 1);
			swap(order[i], order[j]);
		}
		for (i = 0; i < NR_PLAIN + 1; i++)
			if (order[i] >= FIRST_PLAIN + NR_PLAIN)
				order[i] = list;
		cap = chance(&f, 80);
		/* Up to all that fit; without capability, at least one (not an empty list). */
		n = cap ? rnd(&f, STACKER_MAX_MODULES) : 1 + rnd(&f, STACKER_MAX_MODULES - 1);
		f.len = 0;
		f.inputs++;
		if (cap)
			put_str(&f, "capability");
		for (k = 0; k < n; k++) {
			if (cap || k)
				put(&f, ',');
			put_str(&f, avail[order[k]].name);
		}
		f.buf[f.len] = '\0';
		stacker_select(f.buf, avail, ARRAY_SIZE(avail), f.sel);
		check_selection(&f);
		FUZZ_ASSERT(&f, f.sel->count == n + 1, "%d modules", f.sel->count);
		for (k = 0; k < n; k++)
			FUZZ_ASSERT(&f, f.sel->modules[k + 1] == &avail[order[k]],
				    "%s in place %d", f.sel->modules[k + 1]->name, k + 1);
		FUZZ_ASSERT(&f, f.sel->nr_errors == !cap && !f.sel->dropped_errors,
			    "%d messages, the first \"%s\"", f.sel->nr_errors, f.sel->errors[0]);
	}
	fuzz_done(&f);
	KUNIT_EXPECT_GE(test, f.inputs, PERMUTATION_INPUTS);
}

static struct kunit_case stacker_select_fuzz_cases[] = {
	KUNIT_CASE_SLOW(stacker_select_fuzz_random),
	KUNIT_CASE_SLOW(stacker_select_fuzz_permutations),
	{}
};

static struct kunit_suite stacker_select_fuzz_suite = {
	.name = "stacker_select_fuzz",
	.test_cases = stacker_select_fuzz_cases,
};

kunit_test_suite(stacker_select_fuzz_suite);
