// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit fuzzing of the label, access, rule and host parsers and of all-or-nothing rule
 * loads, on a label table and rule set of the test's own, with invariants checked on every input.
 *
 * Inputs come from a fixed-seed generator (label.fuzz_seed= on the command line changes it):
 * random bytes biased toward the grammar, text built from the grammar, and mutations of a seed
 * corpus of good and bad lines. Each input is checked against a specification written here
 * independently of parse.c, and each load against a model of the rule set.
 */

#include "label.h"

#include <kunit/test.h>
#include <linux/hashtable.h>
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

static ulong fuzz_seed = 20261201;
module_param(fuzz_seed, ulong, 0444);
MODULE_PARM_DESC(fuzz_seed, "Seed of the label_fuzz KUnit inputs");

/*
 * Inputs per test case. The parser code is the same with the stacker and without, so the
 * build without it (standalone.kunitconfig) runs a tenth of them, as a check that it works
 * there too.
 */
#define NAME_INPUTS 1000000
#define ACCESS_INPUTS 1000000
#define LINE_INPUTS 1000000
#define BATCH_INPUTS 300000
#define HOST_INPUTS 600000

static unsigned long inputs_for(unsigned long n)
{
	return IS_ENABLED(CONFIG_SECURITY_STACKER) ? n : n / 10;
}

/*
 * The generator and the input it made last, numbered from 1 in each test case: a failure names
 * the number, which the same seed makes again.
 */
struct fuzz {
	struct kunit *test;
	struct rnd_state rnd;
	unsigned long inputs;
	unsigned long accepted;
	ktime_t start;
	char *buf;
	size_t len;
	size_t cap;
};

/* Big enough for a batch of a few hundred lines; no generated input is longer. */
#define FUZZ_BUF 8192
/* The longest line gen_line() writes: five fields of up to 256 bytes and their blanks. */
#define LINE_MAX_LEN (5 * (LABEL_NAME_MAX + 1) + 6 * 3 + 2)

/* The most of an input a failure message shows, escaped (%*pE). */
#define SHOWN_MAX 300

/* In a failure message: the input's number, length and first bytes. */
#define FUZZ_ASSERT(f, cond, fmt, ...)                                                     \
	KUNIT_ASSERT_TRUE_MSG((f)->test, cond, "input %lu (%zu bytes) \"%*pE\": " fmt,    \
			      (f)->inputs, (f)->len, (int)min_t(size_t, (f)->len, SHOWN_MAX), \
			      (f)->buf, ##__VA_ARGS__)

static void fuzz_init(struct kunit *test, struct fuzz *f, u64 stream)
{
	f->test = test;
	f->inputs = 0;
	f->accepted = 0;
	f->len = 0;
	f->cap = FUZZ_BUF;
	f->buf = kunit_kzalloc(test, FUZZ_BUF + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->buf);
	/* Each case has a stream of its own, so it can be run and reproduced alone. */
	prandom_seed_state(&f->rnd, fuzz_seed * 0x9e3779b97f4a7c15ULL + stream);
	f->start = ktime_get();
	kunit_info(test, "seed %lu (label.fuzz_seed=)\n", fuzz_seed);
}

/* The case ran as many inputs as it promises (@n), each case on its own, in any order. */
static void fuzz_done(struct fuzz *f, unsigned long n)
{
	KUNIT_EXPECT_GE(f->test, f->inputs, n);
	kunit_info(f->test, "%lu inputs, %lu accepted, in %lld ms\n", f->inputs, f->accepted,
		   ktime_ms_delta(ktime_get(), f->start));
}

static u32 rnd(struct fuzz *f, u32 n)
{
	return prandom_u32_state(&f->rnd) % n;
}

static bool chance(struct fuzz *f, u32 percent)
{
	return rnd(f, 100) < percent;
}

/* Writers: a byte past the end of the buffer is dropped, so no generator can overrun it. */
static void put(struct fuzz *f, char c)
{
	if (f->len < f->cap)
		f->buf[f->len++] = c;
}

static void put_mem(struct fuzz *f, const char *s, size_t n)
{
	while (n--)
		put(f, *s++);
}

static void put_str(struct fuzz *f, const char *s)
{
	put_mem(f, s, strlen(s));
}

/* ---- The specification, independent of parse.c ---- */

static bool spec_label_char(u8 c)
{
	return c > ' ' && c <= '~' && c != '/' && c != '"' && c != '\'' && c != '\\';
}

static bool spec_name(const char *s, size_t len)
{
	size_t i;

	/* 255, not LABEL_NAME_MAX: the specification does not take the code's word for it. */
	if (len < 1 || len > 255 || s[0] == '-')
		return false;
	for (i = 0; i < len; i++)
		if (!spec_label_char(s[i]))
			return false;
	return true;
}

/* Smack's letters in either case, any order, repeated or not; "-" anywhere; not empty. */
static bool spec_access(const char *s, size_t len, u32 *access)
{
	u32 bits = 0;
	size_t i;

	if (!len)
		return false;
	for (i = 0; i < len; i++) {
		switch (s[i]) {
		case '-':
			break;
		case 'r': case 'R':
			bits |= LABEL_MAY_READ;
			break;
		case 'w': case 'W':
			bits |= LABEL_MAY_WRITE;
			break;
		case 'x': case 'X':
			bits |= LABEL_MAY_EXEC;
			break;
		case 'a': case 'A':
			bits |= LABEL_MAY_APPEND;
			break;
		case 't': case 'T':
			bits |= LABEL_MAY_TRANSMUTE;
			break;
		case 'l': case 'L':
			bits |= LABEL_MAY_LOCK;
			break;
		case 'b': case 'B':
			bits |= LABEL_MAY_BRINGUP;
			break;
		default:
			return false;
		}
	}
	*access = bits;
	return true;
}

static bool spec_blank(char c)
{
	return c == ' ' || c == '\t';
}

struct spec_rule {
	const char *field[3];
	size_t len[3];
	u32 access;
	/* What the rule grants once loaded: "b" is not kept; a Smack rule's "a" needs "w". */
	u32 stored;
};

/* In Smack's fixed-width form: a 24-byte column, a label then spaces or NULs. */
static bool spec_column(const char *col, const char **name, size_t *len)
{
	size_t n = 0, i;

	while (n < 24 && col[n] != ' ' && col[n] != '\0')
		n++;
	for (i = n; i < 24; i++)
		if (col[i] != ' ' && col[i] != '\0')
			return false;
	*name = col;
	*len = n;
	return spec_name(col, n);
}

/*
 * A write of 52 to 54 bytes: two columns and an access string, which may end in blanks, NULs
 * and newlines. Smack's meaning: an "a" without "w" grants nothing.
 */
static bool spec_fixed(const char *text, size_t len, struct spec_rule *r)
{
	size_t alen;

	if (len < 52 || len > 54 || !spec_column(text, &r->field[0], &r->len[0]) ||
	    !spec_column(text + 24, &r->field[1], &r->len[1]))
		return false;
	alen = len - 48;
	while (alen && (text[48 + alen - 1] == ' ' || text[48 + alen - 1] == '\n' ||
			!text[48 + alen - 1]))
		alen--;
	if (!spec_access(text + 48, alen, &r->access))
		return false;
	r->stored = r->access & (BIT(6) - 1);
	if (!(r->stored & LABEL_MAY_WRITE))
		r->stored &= ~LABEL_MAY_APPEND;
	return true;
}

/* Exactly three fields separated by blanks: two labels and an access string. */
static bool spec_rule(const char *line, size_t len, struct spec_rule *r)
{
	size_t i = 0, start;
	int n = 0;

	for (;;) {
		while (i < len && spec_blank(line[i]))
			i++;
		if (i == len)
			break;
		if (n == 3)
			return false;
		start = i;
		while (i < len && !spec_blank(line[i]))
			i++;
		r->field[n] = line + start;
		r->len[n++] = i - start;
	}
	if (n != 3 || !spec_name(r->field[0], r->len[0]) || !spec_name(r->field[1], r->len[1]) ||
	    !spec_access(r->field[2], r->len[2], &r->access))
		return false;
	r->stored = r->access & (BIT(6) - 1);
	return true;
}

/* ---- Generators ---- */

/* Bytes a label may not hold, or that end a field or a line. */
static const char hostile[] = " \t\n\r-/\"'\\\x7f\x80\xff\xc3\x01\x0c";

/* Labels that come back often, so that loads replace rules and share labels. */
static const char *const label_pool[] = {
	"web", "db", "log", "_", "*", "^", "a", "x-y", "A.b~!#", "z9", "[]{}", "@home",
};

static const char *const name_corpus[] = {
	"web", "_", "-", "a-", "-a", "a/b", "a\"b", "a'b", "a\\b", "\xc3\xa9t\xc3\xa9", "a b",
	"a\tb", "\x7f", "~", "a\rb", "a\nb", "", "ab\x80", "=+", "0",
};

static const char *const access_corpus[] = {
	"-", "r", "w", "x", "a", "rwxa", "awxr", "xa", "--", "-r", "r-", "rr", "R", "", "rwxaa",
	"rw ", " r", "q", "\xff", "rwxatl", "RWXATLB", "r---", "-w-x-", "b", "tl", "r\0",
};

static const char *const line_corpus[] = {
	"web db r", "web db rwxa", "^ * rx", "_ _ -", "\tweb  \tdb   rx ", "a b w", "web log wa",
	"web db", "web db rr", "-web db r", "we/b db r", "web db r\r", "web\tdb\tx", "web db r x",
	"", "   ", "web db -r", "w\303\251b db r", "web", "web db -", "x-y z9 awx", "a a a",
	"TheOne TheOther r---", "web db rwxat", "web db RWXATLB", "web db -----", "web db a-a",
};

/* A byte a label may hold, any of them equally likely. */
static char label_char(struct fuzz *f)
{
	char c;

	do {
		c = '!' + rnd(f, '~' - '!' + 1);
	} while (!spec_label_char(c));
	return c;
}

/* Any byte, biased toward those the grammar gives a meaning. */
static char any_byte(struct fuzz *f)
{
	switch (rnd(f, 8)) {
	case 0 ... 2:
		return label_char(f);
	case 3:
		return "rwxatlbRWXATLB-"[rnd(f, 15)];
	case 4:
		return chance(f, 75) ? ' ' : '\t';
	case 5:
		return hostile[rnd(f, sizeof(hostile) - 1)];
	case 6:
		return rnd(f, 256);
	default:
		return chance(f, 50) ? '\0' : '\n';
	}
}

static void put_random(struct fuzz *f, u32 max)
{
	u32 n = rnd(f, max + 1);

	while (n--)
		put(f, any_byte(f));
}

/* A label: valid only if @clean; otherwise anything from a valid one to garbage. */
static void gen_label(struct fuzz *f, bool clean)
{
	size_t start = f->len;
	u32 n;

	switch (rnd(f, clean ? 7 : 10)) {
	case 0 ... 3:
		put_str(f, label_pool[rnd(f, ARRAY_SIZE(label_pool))]);
		break;
	case 4 ... 5:
		n = 1 + rnd(f, 8);
		while (n--)
			put(f, label_char(f));
		if (start < f->len && f->buf[start] == '-')
			f->buf[start] = '_';	/* a label does not start with '-' */
		break;
	case 6:
		/* Around the limit: 254, 255 and (not clean) 256 bytes. */
		n = LABEL_NAME_MAX - 1 + rnd(f, clean ? 2 : 3);
		while (n--)
			put(f, 'a' + rnd(f, 26));
		break;
	case 7:
		put_random(f, 12);
		break;
	case 8:
		put_str(f, label_pool[rnd(f, ARRAY_SIZE(label_pool))]);
		n = start + rnd(f, f->len - start + 1);
		if (n < f->len)
			f->buf[n] = hostile[rnd(f, sizeof(hostile) - 1)];
		break;
	default:
		put(f, '-');
		put_str(f, label_pool[rnd(f, ARRAY_SIZE(label_pool))]);
		break;
	}
}

static void gen_access(struct fuzz *f, bool clean)
{
	static const char letters[] = "rwxatlbRWXATLB-";
	u32 n;

	switch (rnd(f, clean ? 3 : 6)) {
	case 0:
		put(f, '-');
		break;
	case 1 ... 2:
		/* Letters and placeholders in any order, now and then repeated. */
		n = 1 + rnd(f, 7);
		while (n--)
			put(f, letters[rnd(f, sizeof(letters) - 1)]);
		break;
	case 3:
		n = 1 + rnd(f, 6);
		while (n--)
			put(f, "rwxa-RWXqtlb"[rnd(f, 12)]);
		break;
	case 4:
		put_random(f, 4);
		break;
	default:
		break;	/* empty */
	}
}

static void put_blanks(struct fuzz *f, u32 min, u32 max)
{
	u32 n = min + rnd(f, max - min + 1);

	while (n--)
		put(f, chance(f, 75) ? ' ' : '\t');
}

/* A rule line, without its newline: well-formed if @clean. */
static void gen_line(struct fuzz *f, bool clean)
{
	u32 i, fields = clean || chance(f, 85) ? 3 : rnd(f, 6);

	if (chance(f, 15))
		put_blanks(f, 1, 3);
	for (i = 0; i < fields; i++) {
		/* Now and then no blank between two fields, which makes them one. */
		if (i && (clean || !chance(f, 3)))
			put_blanks(f, 1, 3);
		if (i == 2 || (i > 2 && chance(f, 50)))
			gen_access(f, clean);
		else
			gen_label(f, clean);
	}
	if (chance(f, 15))
		put_blanks(f, 1, 2);
	if (!clean && chance(f, 3))
		put(f, '\r');
}

/*
 * A batch of lines: all well-formed, well-formed but for one, or anything. Mostly a few lines,
 * sometimes more than label_ruleset_load() keeps on its stack, now and then a few hundred.
 */
/* One rule in Smack's fixed-width form: 24-byte columns padded with spaces or NULs. */
static void gen_fixed(struct fuzz *f)
{
	size_t start = f->len, col;
	char pad = chance(f, 80) ? ' ' : '\0';

	for (col = 24; col <= 48; col += 24) {
		if (chance(f, 10)) {
			while (f->len < start + col)
				put(f, 'a' + rnd(f, 26));	/* a label that fills its column */
		} else {
			gen_label(f, chance(f, 90));
		}
		while (f->len < start + col)
			put(f, pad);
	}
	gen_access(f, chance(f, 90));
	while (f->len < start + 52 || (f->len < start + 54 && chance(f, 30)))
		put(f, chance(f, 80) ? pad : '\n');
}

static void gen_batch(struct fuzz *f)
{
	u32 i, lines, kind = rnd(f, 10), bad;

	if (chance(f, 5)) {
		gen_fixed(f);
		return;
	}

	if (chance(f, 85))
		lines = 1 + rnd(f, 8);
	else if (chance(f, 80))
		lines = 9 + rnd(f, 32);
	else
		lines = 100 + rnd(f, 200);
	bad = kind >= 4 && kind < 7 ? rnd(f, lines) : lines;
	for (i = 0; i < lines && f->len + LINE_MAX_LEN + 2 < f->cap; i++) {
		if (i)
			put(f, '\n');
		if (chance(f, 5))
			continue;	/* an empty line */
		if (i == bad)
			put_str(f, line_corpus[rnd(f, ARRAY_SIZE(line_corpus))]);
		else
			gen_line(f, kind < 7);
	}
	if (chance(f, 50))
		put(f, '\n');
}

static void insert(struct fuzz *f, size_t pos, const char *s, size_t n)
{
	if (f->len + n > f->cap)
		return;
	memmove(f->buf + pos + n, f->buf + pos, f->len - pos);
	memcpy(f->buf + pos, s, n);
	f->len += n;
}

/* Where the line holding @pos starts and ends (its newline excluded). */
static void line_at(struct fuzz *f, size_t pos, size_t *start, size_t *end)
{
	*start = pos;
	while (*start > 0 && f->buf[*start - 1] != '\n')
		(*start)--;
	*end = pos;
	while (*end < f->len && f->buf[*end] != '\n')
		(*end)++;
}

/* One to four mutations: bit flips, bytes in and out, lines duplicated or spliced in. */
static void mutate(struct fuzz *f)
{
	u32 n = 1 + rnd(f, 4);
	size_t pos, start, end;
	const char *s;
	char c;

	while (n--) {
		pos = rnd(f, f->len + 1);
		switch (rnd(f, 8)) {
		case 0:
			if (pos < f->len)
				f->buf[pos] ^= BIT(rnd(f, 8));
			break;
		case 1:
			c = any_byte(f);
			insert(f, pos, &c, 1);
			break;
		case 2:
			if (pos < f->len) {
				memmove(f->buf + pos, f->buf + pos + 1, f->len - pos - 1);
				f->len--;
			}
			break;
		case 3:
			/* Duplicate the line at @pos, newline included. */
			line_at(f, pos, &start, &end);
			if (end < f->len)
				end++;
			if (end > start && f->len + (end - start) <= f->cap)
				insert(f, end, f->buf + start, end - start);
			break;
		case 4:
			/* Splice a line of the corpus in at the start of a line. */
			line_at(f, pos, &start, &end);
			s = line_corpus[rnd(f, ARRAY_SIZE(line_corpus))];
			insert(f, start, "\n", 1);
			insert(f, start, s, strlen(s));
			break;
		case 5:
			if (pos < f->len)
				f->buf[pos] = " \t\n"[rnd(f, 3)];
			break;
		case 6:
			f->len = pos;
			break;
		default:
			/* Join two lines, or split one. */
			line_at(f, pos, &start, &end);
			if (end < f->len && chance(f, 50))
				f->buf[end] = ' ';
			else
				insert(f, pos, "\n", 1);
			break;
		}
	}
}

enum fuzz_kind { FUZZ_NAME, FUZZ_ACCESS, FUZZ_LINE, FUZZ_BATCH };
/* The host case's stream, after those of the kinds gen_input() makes. */
#define FUZZ_HOST_STREAM (FUZZ_BATCH + 1)

static void put_corpus(struct fuzz *f, const char *const *corpus, size_t n)
{
	put_str(f, corpus[rnd(f, n)]);
}

/* The next input of a kind: random, from the grammar, or mutated from the corpus. */
static void gen_input(struct fuzz *f, enum fuzz_kind kind)
{
	u32 how = rnd(f, 4), i, lines;

	f->len = 0;
	f->inputs++;
	if (how == 0) {
		put_random(f, kind == FUZZ_BATCH ? 400 : chance(f, 5) ? 300 : 24);
		return;
	}
	if (how == 2) {
		switch (kind) {
		case FUZZ_NAME:
			put_corpus(f, name_corpus, ARRAY_SIZE(name_corpus));
			break;
		case FUZZ_ACCESS:
			put_corpus(f, access_corpus, ARRAY_SIZE(access_corpus));
			break;
		case FUZZ_LINE:
			put_corpus(f, line_corpus, ARRAY_SIZE(line_corpus));
			break;
		case FUZZ_BATCH:
			lines = 1 + rnd(f, 8);
			for (i = 0; i < lines; i++) {
				put_corpus(f, line_corpus, ARRAY_SIZE(line_corpus));
				put(f, '\n');
			}
			break;
		}
		mutate(f);
		return;
	}
	switch (kind) {
	case FUZZ_NAME:
		gen_label(f, false);
		break;
	case FUZZ_ACCESS:
		gen_access(f, false);
		break;
	case FUZZ_LINE:
		gen_line(f, chance(f, 30));
		break;
	case FUZZ_BATCH:
		gen_batch(f);
		break;
	}
	if (how == 3)
		mutate(f);
}

/* ---- Label names ---- */

/* Every label of a table is valid, is found under its name, and has no twin. */
static void check_names(struct fuzz *f, struct label_names *names)
{
	struct label *label;
	int bkt;

	hash_for_each(names->buckets, bkt, label, node) {
		FUZZ_ASSERT(f, label_name_valid(label->name, label->len) &&
			    strlen(label->name) == label->len, "bad label \"%s\" in the table",
			    label->name);
		FUZZ_ASSERT(f, label_names_find(names, label->name, label->len) == label,
			    "label \"%s\" interned twice", label->name);
	}
}

static int count_names(struct label_names *names)
{
	struct label *label;
	int bkt, n = 0;

	hash_for_each(names->buckets, bkt, label, node)
		n++;
	return n;
}

struct names_fuzz {
	struct label_names names;
	bool live;
};

static void names_release(void *data)
{
	struct names_fuzz *nf = data;

	if (nf->live)
		label_names_destroy(&nf->names);
	nf->live = false;
}

/* Inputs interned in one table before it is checked, freed and made again. */
#define NAMES_PER_TABLE 4096

/*
 * label_name_valid() agrees with the specification; a valid name is interned once, as itself,
 * and found; an invalid one is refused and never found.
 */
static void label_fuzz_names(struct kunit *test)
{
	struct names_fuzz *nf = kunit_kzalloc(test, sizeof(*nf), GFP_KERNEL);
	unsigned long i, n = inputs_for(NAME_INPUTS);
	struct label *label;
	struct fuzz f;
	bool valid;

	KUNIT_ASSERT_NOT_NULL(test, nf);
	fuzz_init(test, &f, FUZZ_NAME);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, names_release, nf), 0);
	for (i = 0; i < n; i++) {
		if (i % NAMES_PER_TABLE == 0) {
			if (nf->live)
				check_names(&f, &nf->names);
			names_release(nf);
			label_names_init(&nf->names);
			nf->live = true;
			cond_resched();
		}
		gen_input(&f, FUZZ_NAME);
		valid = label_name_valid(f.buf, f.len);
		FUZZ_ASSERT(&f, valid == spec_name(f.buf, f.len), "label_name_valid() says %d",
			    valid);
		label = label_names_intern(&nf->names, f.buf, f.len);
		if (!valid) {
			FUZZ_ASSERT(&f, label == ERR_PTR(-EINVAL), "invalid name interned: %pe",
				    label);
			FUZZ_ASSERT(&f, !label_names_find(&nf->names, f.buf, f.len),
				    "invalid name found");
			continue;
		}
		f.accepted++;
		FUZZ_ASSERT(&f, !IS_ERR(label), "valid name refused: %pe", label);
		FUZZ_ASSERT(&f, label->len == f.len && !memcmp(label->name, f.buf, f.len) &&
			    label->name[f.len] == '\0', "interned as \"%s\"", label->name);
		FUZZ_ASSERT(&f, label_names_intern(&nf->names, f.buf, f.len) == label,
			    "interned twice");
		FUZZ_ASSERT(&f, label_names_find(&nf->names, f.buf, f.len) == label,
			    "not found after interning");
	}
	check_names(&f, &nf->names);
	fuzz_done(&f, n);
}

/* ---- Access strings ---- */

/* label_parse_access() agrees with the specification, and what it accepts round-trips. */
static void label_fuzz_access(struct kunit *test)
{
	unsigned long i, n = inputs_for(ACCESS_INPUTS);
	u32 access, expected, again;
	bool ok;
	char s[LABEL_ACCESS_BUF];
	struct fuzz f;
	int rc, len;

	fuzz_init(test, &f, FUZZ_ACCESS);
	for (i = 0; i < n; i++) {
		if (i % 4096 == 0)
			cond_resched();
		gen_input(&f, FUZZ_ACCESS);
		access = 0xdead;
		rc = label_parse_access(f.buf, f.len, &access);
		ok = spec_access(f.buf, f.len, &expected);
		FUZZ_ASSERT(&f, rc == (ok ? 0 : -EINVAL), "label_parse_access() returns %d", rc);
		if (rc)
			continue;
		f.accepted++;
		FUZZ_ASSERT(&f, access == expected, "access %#x, not %#x", access, expected);
		len = label_access_to_string(access, s);
		FUZZ_ASSERT(&f, len >= 1 && len <= 6 && strlen(s) == len, "formatted as \"%s\"", s);
		again = 0xdead;
		FUZZ_ASSERT(&f, !label_parse_access(s, len, &again) &&
			    again == (access & ~LABEL_MAY_BRINGUP),
			    "formatted as \"%s\", which parses as %#x", s, again);
	}
	fuzz_done(&f, n);
}

/* ---- Rule lines ---- */

/* A rule line as the rules file writes it: two labels, an access string, two blanks, a NUL. */
#define LINE_OUT_SIZE (2 * LABEL_NAME_MAX + LABEL_ACCESS_BUF + 2)

static bool field_is(const char *field, size_t len, const char *s, size_t n)
{
	return len == n && !memcmp(field, s, n);
}

/*
 * label_parse_rule() agrees with the specification, its fields point into the line, and an
 * accepted line written back as the rules file shows it parses to the same rule.
 */
static void label_fuzz_lines(struct kunit *test)
{
	unsigned long i, n = inputs_for(LINE_INPUTS);
	struct label_rule_text r, back;
	char *out, access[LABEL_ACCESS_BUF];
	struct spec_rule sr;
	struct fuzz f;
	int rc, len;
	bool ok;

	out = kunit_kzalloc(test, LINE_OUT_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	fuzz_init(test, &f, FUZZ_LINE);
	for (i = 0; i < n; i++) {
		if (i % 4096 == 0)
			cond_resched();
		gen_input(&f, FUZZ_LINE);
		rc = label_parse_rule(f.buf, f.len, &r);
		ok = spec_rule(f.buf, f.len, &sr);
		FUZZ_ASSERT(&f, rc == (ok ? 0 : -EINVAL), "label_parse_rule() returns %d", rc);
		if (rc)
			continue;
		f.accepted++;
		FUZZ_ASSERT(&f, r.subject == sr.field[0] && r.subject_len == sr.len[0] &&
			    r.object == sr.field[1] && r.object_len == sr.len[1] &&
			    r.access == sr.access, "parsed as \"%.*s\" \"%.*s\" %#x",
			    (int)r.subject_len, r.subject, (int)r.object_len, r.object, r.access);
		label_access_to_string(r.access, access);
		len = snprintf(out, LINE_OUT_SIZE, "%.*s %.*s %s", (int)r.subject_len,
			       r.subject, (int)r.object_len, r.object, access);
		FUZZ_ASSERT(&f, !label_parse_rule(out, len, &back) &&
			    field_is(back.subject, back.subject_len, r.subject, r.subject_len) &&
			    field_is(back.object, back.object_len, r.object, r.object_len) &&
			    back.access == sr.stored, "written back as \"%s\", which differs", out);
	}
	fuzz_done(&f, n);
}

/* ---- Rule loads ---- */

/* What the test expects of the set: one entry per rule, in the order the set created them. */
struct model_rule {
	const struct label *subject;
	const struct label *object;
	u32 access;
	bool loaded;
};

#define MODEL_MAX 2048
#define LISTING_SIZE (256 * 1024)
/* Loads into one set before it is checked, freed and made again. */
#define LOADS_PER_SET 64

struct load_fuzz {
	struct fuzz f;
	struct label_names names;
	struct label_ruleset set;
	bool live;
	struct model_rule *model;
	int nr;
	/* Accepted loads of more rules than label_ruleset_load() keeps on its stack. */
	unsigned long big;
	/* Bytes the listing may take at most, for the loaded entries. */
	size_t listing_max;
	char *listing;
	/* The lines of the current batch, as the specification reads them. */
	struct spec_rule *lines;
	int nr_lines;
	int bad_line;
};

static void load_release(void *data)
{
	struct load_fuzz *lf = data;

	if (!lf->live)
		return;
	label_ruleset_destroy(&lf->set);
	label_names_destroy(&lf->names);
	lf->live = false;
}

static void load_reset(struct load_fuzz *lf)
{
	if (lf->live)
		check_names(&lf->f, &lf->names);
	load_release(lf);
	label_names_init(&lf->names);
	KUNIT_ASSERT_EQ(lf->f.test, label_ruleset_init(&lf->set, &lf->names), 0);
	lf->live = true;
	lf->nr = 0;
	lf->listing_max = 0;
}

/*
 * Split the batch as the specification reads it: its rule lines up to the first malformed one,
 * and that one's number (from 1), 0 if there is none.
 */
static void load_expect(struct load_fuzz *lf)
{
	const char *p = lf->f.buf, *end = lf->f.buf + lf->f.len;
	int lineno = 0;

	lf->nr_lines = 0;
	lf->bad_line = 0;
	if (spec_fixed(lf->f.buf, lf->f.len, &lf->lines[0])) {
		lf->nr_lines = 1;
		return;
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t len = (nl ?: end) - p;

		lineno++;
		if (len) {
			if (!spec_rule(p, len, &lf->lines[lf->nr_lines])) {
				lf->bad_line = lineno;
				return;
			}
			lf->nr_lines++;
		}
		p += len + 1;
	}
}

static struct model_rule *model_get(struct load_fuzz *lf, const struct spec_rule *line)
{
	struct fuzz *f = &lf->f;
	const struct label *subject, *object;
	int i;

	subject = label_names_find(&lf->names, line->field[0], line->len[0]);
	object = label_names_find(&lf->names, line->field[1], line->len[1]);
	FUZZ_ASSERT(f, subject && object, "labels of \"%.*s %.*s\" not interned",
		    (int)line->len[0], line->field[0], (int)line->len[1], line->field[1]);
	for (i = 0; i < lf->nr; i++)
		if (lf->model[i].subject == subject && lf->model[i].object == object)
			return &lf->model[i];
	FUZZ_ASSERT(f, lf->nr < MODEL_MAX, "model full");
	lf->model[lf->nr] = (struct model_rule){ subject, object, 0, false };
	return &lf->model[lf->nr++];
}

/* Every access in the set is the model's, and the listing parses back to the model. */
static void load_check(struct load_fuzz *lf)
{
	struct seq_file m = { .buf = lf->listing, .size = LISTING_SIZE };
	struct fuzz *f = &lf->f;
	const struct model_rule *e;
	struct label_rule_text r;
	const char *p, *end, *nl;
	u32 access;
	int i;

	for (i = 0; i < lf->nr; i++) {
		e = &lf->model[i];
		access = label_ruleset_access(&lf->set, e->subject, e->object);
		FUZZ_ASSERT(f, access == (e->loaded ? e->access : 0),
			    "%s %s has access %#x, not %#x", e->subject->name, e->object->name,
			    access, e->loaded ? e->access : 0);
	}

	label_ruleset_show(&lf->set, &m);
	FUZZ_ASSERT(f, !seq_has_overflowed(&m), "listing longer than %d bytes", LISTING_SIZE);
	p = lf->listing;
	end = lf->listing + m.count;
	for (i = 0; i < lf->nr; i++) {
		e = &lf->model[i];
		if (!e->loaded)
			continue;
		nl = memchr(p, '\n', end - p);
		FUZZ_ASSERT(f, nl, "listing ends before rule %d, %s %s", i, e->subject->name,
			    e->object->name);
		FUZZ_ASSERT(f, !label_parse_rule(p, nl - p, &r) &&
			    field_is(r.subject, r.subject_len, e->subject->name, e->subject->len) &&
			    field_is(r.object, r.object_len, e->object->name, e->object->len) &&
			    r.access == e->access,
			    "listed \"%.*s\" where the batches say %s %s %#x", (int)(nl - p), p,
			    e->subject->name, e->object->name, e->access);
		p = nl + 1;
	}
	FUZZ_ASSERT(f, p == end, "listing has more: \"%.*s\"", (int)min_t(size_t, end - p, 200),
		    p);
}

/* A frozen set refuses loads, even good ones, and stays as it was. */
static void load_frozen(struct load_fuzz *lf)
{
	struct fuzz *f = &lf->f;
	struct label_load_info info;
	int rc;

	KUNIT_ASSERT_EQ(f->test, label_ruleset_freeze(&lf->set), 0);
	KUNIT_ASSERT_EQ(f->test, label_ruleset_freeze(&lf->set), -EPERM);
	f->len = 0;
	put_str(f, "web db rwx\n");
	rc = label_ruleset_load(&lf->set, f->buf, f->len, LABEL_RULES_LOAD, &info);
	FUZZ_ASSERT(f, rc == -EPERM && !info.bad_line, "load into a frozen set returns %d", rc);
	load_check(lf);
}

static void load_one(struct load_fuzz *lf)
{
	struct fuzz *f = &lf->f;
	struct label_load_info info;
	struct model_rule *e;
	size_t room = 0;
	int i, rc, bad, names;

	load_expect(lf);
	for (i = 0; i < lf->nr_lines; i++)
		room += lf->lines[i].len[0] + lf->lines[i].len[1] + 9;
	if (lf->nr + lf->nr_lines > MODEL_MAX || lf->listing_max + room > LISTING_SIZE)
		load_reset(lf);
	names = lf->bad_line ? count_names(&lf->names) : 0;

	rc = label_ruleset_load(&lf->set, f->buf, f->len, LABEL_RULES_LOAD, &info);
	bad = info.bad_line;
	if (lf->bad_line) {
		FUZZ_ASSERT(f, rc == -EINVAL && bad == lf->bad_line,
			    "line %d is malformed, but the load returns %d, bad line %d",
			    lf->bad_line, rc, bad);
		/* Nothing of it was interned: the labels of its lines are those of the model. */
		FUZZ_ASSERT(f, count_names(&lf->names) == names,
			    "a refused batch left %d new labels", count_names(&lf->names) - names);
	} else {
		f->accepted++;
		lf->big += rc > 8;
		FUZZ_ASSERT(f, rc == lf->nr_lines && !bad,
			    "%d rule lines, but the load returns %d, bad line %d", lf->nr_lines,
			    rc, bad);
		for (i = 0; i < lf->nr_lines; i++) {
			e = model_get(lf, &lf->lines[i]);
			if (!e->loaded)
				lf->listing_max += e->subject->len + e->object->len + 9;
			e->access = lf->lines[i].stored;
			e->loaded = true;
		}
	}
	load_check(lf);
}

/*
 * label_ruleset_load() accepts exactly the batches the specification does, returns the number
 * of rules or the first bad line; after an accepted batch, every access and the listing are
 * what the batches say (a later line for a pair wins); after a refused one, nothing changed.
 */
static void label_fuzz_loads(struct kunit *test)
{
	struct load_fuzz *lf = kunit_kzalloc(test, sizeof(*lf), GFP_KERNEL);
	unsigned long i, n = inputs_for(BATCH_INPUTS);

	KUNIT_ASSERT_NOT_NULL(test, lf);
	lf->model = kunit_kcalloc(test, MODEL_MAX, sizeof(*lf->model), GFP_KERNEL);
	lf->listing = kunit_kzalloc(test, LISTING_SIZE, GFP_KERNEL);
	/* At most one rule line per two bytes ("a b r" and a newline take six). */
	lf->lines = kunit_kcalloc(test, FUZZ_BUF / 2, sizeof(*lf->lines), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, lf->model);
	KUNIT_ASSERT_NOT_NULL(test, lf->listing);
	KUNIT_ASSERT_NOT_NULL(test, lf->lines);
	fuzz_init(test, &lf->f, FUZZ_BATCH);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, load_release, lf), 0);
	for (i = 0; i < n; i++) {
		if (i % LOADS_PER_SET == 0) {
			if (i && chance(&lf->f, 25))
				load_frozen(lf);
			load_reset(lf);
			cond_resched();
		}
		gen_input(&lf->f, FUZZ_BATCH);
		load_one(lf);
	}
	check_names(&lf->f, &lf->names);
	kunit_info(test, "%lu loads of more than 8 rules accepted\n", lf->big);
	fuzz_done(&lf->f, n);
}

/* ---- Host lines ---- */

static const char *const host_corpus[] = {
	"10.1.0.0/16 net", "10.1.2.3 host", "0.0.0.0/0 any", "10.1.0.0/16 -CIPSO",
	"fd00::/8 net", "fd00:0:0:0:0:0:0:1 host", "::/0 any", "fd00::/8 -DELETE",
	"::ffff:10.1.2.3/128 mapped", "10.1.0.0/33 x", "fd00:::1 x", "10.1.0.0/16\tnet\n",
};

static void put_number(struct fuzz *f, u32 max, bool hex)
{
	char digits[12];

	snprintf(digits, sizeof(digits), hex ? "%x" : "%u", rnd(f, max + 1));
	put_str(f, digits);
}

/* A netlabel or ipv6host line from the grammar, often almost right. */
static void gen_host(struct fuzz *f, bool v6)
{
	u32 i, n = v6 ? rnd(f, 9) : 3 + rnd(f, 3);

	for (i = 0; i < n; i++) {
		if (i)
			put(f, v6 ? ':' : '.');
		if (v6 && chance(f, 15))
			put(f, ':');
		else if (v6)
			put_number(f, chance(f, 95) ? 0xffff : 0xfffff, true);
		else
			put_number(f, chance(f, 95) ? 255 : 300, false);
	}
	if (chance(f, 70)) {
		put(f, '/');
		if (chance(f, 5))
			put(f, chance(f, 50) ? '0' : '+');
		put_number(f, v6 ? 140 : 40, false);
	}
	put_blanks(f, chance(f, 95) ? 1 : 0, 3);
	if (chance(f, 10))
		put_str(f, v6 ? "-DELETE" : "-CIPSO");
	else
		gen_label(f, chance(f, 70));
	if (chance(f, 10))
		put(f, '\n');
}

/* The entry's mask is its first @prefix bits, and the address has no bit outside it. */
static bool host_entry_sane(const struct label_host_text *e)
{
	unsigned int first = e->v6 ? 0 : 96, bit;
	const u8 *mask = e->mask.s6_addr, *addr = e->addr.s6_addr;

	if (e->prefix > 128 - first)
		return false;
	for (bit = 0; bit < 128; bit++) {
		bool set = mask[bit / 8] & (0x80 >> bit % 8);

		if (set != (bit >= first && bit < first + e->prefix))
			return false;
		if (!set && (addr[bit / 8] & (0x80 >> bit % 8)))
			return false;
	}
	return true;
}

/*
 * label_host_parse() refuses with -EINVAL or accepts a masked prefix and a name of the input
 * with no blank in it; an accepted line, listed as the files list it, parses to the same entry.
 */
static void label_fuzz_hosts(struct kunit *test)
{
	unsigned long i, n = inputs_for(HOST_INPUTS);
	struct label_host_text e, back;
	const char *name, *name2;
	size_t name_len, name2_len;
	char out[64 + LABEL_NAME_MAX];
	struct fuzz f;
	bool v6;
	int rc, len;

	fuzz_init(test, &f, FUZZ_HOST_STREAM);
	for (i = 0; i < n; i++) {
		if (i % 4096 == 0)
			cond_resched();
		v6 = i & 1;
		f.len = 0;
		f.inputs++;
		switch (rnd(&f, 4)) {
		case 0:
			put_random(&f, 40);
			break;
		case 1:
			put_corpus(&f, host_corpus, ARRAY_SIZE(host_corpus));
			mutate(&f);
			break;
		default:
			gen_host(&f, v6);
			if (chance(&f, 30))
				mutate(&f);
		}
		rc = label_host_parse(f.buf, f.len, v6, &e, &name, &name_len);
		FUZZ_ASSERT(&f, rc == 0 || rc == -EINVAL, "label_host_parse() returns %d", rc);
		if (rc)
			continue;
		f.accepted++;
		FUZZ_ASSERT(&f, e.v6 == v6 && host_entry_sane(&e), "entry %pI6c/%u", &e.addr,
			    e.prefix);
		FUZZ_ASSERT(&f, name >= f.buf && name_len && name + name_len <= f.buf + f.len &&
			    !memchr(name, ' ', name_len) && !memchr(name, '\t', name_len) &&
			    !memchr(name, '\n', name_len) && !memchr(name, '\0', name_len) &&
			    e.option == (name[0] == '-'), "name \"%.*s\"", (int)name_len, name);
		if (v6)
			len = snprintf(out, sizeof(out), "%pI6c/%u %.*s", &e.addr, e.prefix,
				       (int)name_len, name);
		else
			len = snprintf(out, sizeof(out), "%pI4/%u %.*s", &e.addr.s6_addr32[3],
				       e.prefix, (int)name_len, name);
		FUZZ_ASSERT(&f, len < sizeof(out) &&
			    !label_host_parse(out, len, v6, &back, &name2, &name2_len) &&
			    !memcmp(&back, &e, sizeof(e)) && name2_len == name_len &&
			    !memcmp(name2, name, name_len), "listed as \"%s\", which differs", out);
	}
	fuzz_done(&f, n);
}

static struct kunit_case label_fuzz_cases[] = {
	KUNIT_CASE_SLOW(label_fuzz_names),
	KUNIT_CASE_SLOW(label_fuzz_access),
	KUNIT_CASE_SLOW(label_fuzz_lines),
	KUNIT_CASE_SLOW(label_fuzz_loads),
	KUNIT_CASE_SLOW(label_fuzz_hosts),
	{}
};

static struct kunit_suite label_fuzz_suite = {
	.name = "label_fuzz",
	.test_cases = label_fuzz_cases,
};

kunit_test_suite(label_fuzz_suite);
