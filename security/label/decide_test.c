// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: KUnit tests of the decision order, one case per step, on the real label table and
 * label_decide(). Each case loads its rules into a rule set of its own, which label's lookups
 * consult for the test's task alone (a static stub of label_rule_access()): the running
 * policy is neither read nor changed.
 */

#include "label.h"

#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/string.h>

static struct label_ruleset kt_rules;

static u32 kt_rule_access(const struct label *subject, const struct label *object)
{
	return label_ruleset_access(&kt_rules, subject, object);
}

static int label_decide_init(struct kunit *test)
{
	int rc = label_ruleset_init(&kt_rules, &label_table);

	if (rc)
		return rc;
	kunit_activate_static_stub(test, label_rule_access, kt_rule_access);
	return 0;
}

static void label_decide_exit(struct kunit *test)
{
	label_ruleset_destroy(&kt_rules);
}

static struct label *lbl(struct kunit *test, const char *name)
{
	struct label *label = label_intern(name, strlen(name));

	KUNIT_ASSERT_FALSE(test, IS_ERR(label));
	return label;
}

static int load_as(const char *text, enum label_rule_format format)
{
	struct label_load_info info;
	char buf[128];

	strscpy(buf, text, sizeof(buf));
	return label_ruleset_load(&kt_rules, buf, strlen(buf), format, &info);
}

static int revoke(const char *name)
{
	return label_ruleset_revoke_subject(&kt_rules, name, strlen(name));
}

static int load(const char *text)
{
	return load_as(text, LABEL_RULES_LOAD);
}

#define R LABEL_MAY_READ
#define W LABEL_MAY_WRITE
#define X LABEL_MAY_EXEC
#define A LABEL_MAY_APPEND
#define T LABEL_MAY_TRANSMUTE
#define L LABEL_MAY_LOCK

/* 1. A star subject is denied everything, even on a star or floor object. */
static void label_decide_star_subject(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, label_decide(label_star, label_star, R), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(label_star, label_floor, R), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(label_star, label_star, 0), -EACCES);
}

/* 2. A hat subject reads and executes anything, but writes only by the later steps. */
static void label_decide_hat_subject(struct kunit *test)
{
	struct label *o = lbl(test, "kt_hat_obj");

	KUNIT_EXPECT_EQ(test, label_decide(label_hat, o, R | X), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, o, L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, o, R | L), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, o, W), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, o, A), -EACCES);
}

/* 3. A floor object is readable, executable and lockable by all but star. */
static void label_decide_floor_object(struct kunit *test)
{
	struct label *s = lbl(test, "kt_floor_subj");

	KUNIT_EXPECT_EQ(test, label_decide(s, label_floor, R | X), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_floor, L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_floor, W), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_floor, T), -EACCES);
}

/* 4. A star object allows everything to all but a star subject. */
static void label_decide_star_object(struct kunit *test)
{
	struct label *s = lbl(test, "kt_star_subj");

	KUNIT_EXPECT_EQ(test, label_decide(s, label_star, R | W | X | A), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_floor, label_star, W), 0);
}

/* 5. A subject has every access to its own label. */
static void label_decide_same_label(struct kunit *test)
{
	struct label *s = lbl(test, "kt_same");

	KUNIT_EXPECT_EQ(test, label_decide(s, s, R | W | X | A), 0);
}

/*
 * 3 and 5 for "_sysctl": read, executed and locked as the floor is; written by the floor, and
 * by another label only through a rule to it, a rule's write to the floor not reaching it.
 */
static void label_decide_sysctl_object(struct kunit *test)
{
	struct label *s = lbl(test, "kt_sysctl_subj");

	KUNIT_EXPECT_EQ(test, label_decide(s, label_sysctl, R | X), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_sysctl, L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_floor, label_sysctl, R | W | A), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_star, label_sysctl, R), -EACCES);
	KUNIT_ASSERT_EQ(test, load("kt_sysctl_subj _ rwa"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_sysctl, W), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_sysctl, A), -EACCES);
	KUNIT_ASSERT_EQ(test, load("kt_sysctl_subj _sysctl w"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, label_sysctl, W), 0);
}

/*
 * 2 and 5 for label_storage, an unlabelled block device: the floor has every access, a hat
 * subject reads and locks, and no rule reaches it, to the floor or to "_sysctl" included.
 */
static void label_decide_storage_object(struct kunit *test)
{
	struct label *s = lbl(test, "kt_storage_subj");

	KUNIT_EXPECT_EQ(test, label_decide(label_floor, &label_storage, R | W | A), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, &label_storage, R), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, &label_storage, L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(label_hat, &label_storage, W), -EACCES);
	KUNIT_ASSERT_EQ(test, load("kt_storage_subj _ rwxal"), 1);
	KUNIT_ASSERT_EQ(test, load("kt_storage_subj _sysctl rwxal"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, &label_storage, R), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, &label_storage, W), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, &label_storage, L), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(label_star, &label_storage, R), -EACCES);
}

/* 6 and 7. Otherwise a rule must grant every requested bit; a later rule replaces. */
static void label_decide_rules(struct kunit *test)
{
	struct label *s = lbl(test, "kt_rule_s");
	struct label *o = lbl(test, "kt_rule_o");

	KUNIT_EXPECT_EQ(test, label_decide(s, o, R), -EACCES);
	KUNIT_ASSERT_EQ(test, load("kt_rule_s kt_rule_o rx\n"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R | X), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R | W), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(o, s, R), -EACCES);
	/* Write implies lock, not append, as in Smack; a later rule for the pair replaces. */
	KUNIT_ASSERT_EQ(test, load("kt_rule_s kt_rule_o w"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, W | L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, A), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R), -EACCES);
	KUNIT_ASSERT_EQ(test, load("kt_rule_s kt_rule_o -\n"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, W), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, L), -EACCES);
	/* Lock alone, and label's append-only "a". */
	KUNIT_ASSERT_EQ(test, load("kt_rule_s kt_rule_o L-a"), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, A), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, W), -EACCES);
}

/*
 * Smack's files: "load2" and the fixed-width form of "load" give "a" only with "w", so that
 * no Smack rule grants an append-only open; "change-rule" adds, then takes away;
 * "revoke-subject" empties every rule of a subject.
 */
static void label_decide_smack_forms(struct kunit *test)
{
	static const char fixed[] = "kt_smack_s              kt_smack_o              r--a-l";
	struct label *s = lbl(test, "kt_smack_s");
	struct label *o = lbl(test, "kt_smack_o");
	struct label *o2 = lbl(test, "kt_smack_o2");

	KUNIT_ASSERT_EQ(test, sizeof(fixed) - 1, 54);
	KUNIT_ASSERT_EQ(test, load(fixed), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R | L), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, A), -EACCES);
	KUNIT_ASSERT_EQ(test, load_as("kt_smack_s kt_smack_o a", LABEL_RULES_SMACK), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, A), -EACCES);
	KUNIT_ASSERT_EQ(test, load_as("kt_smack_s kt_smack_o WA", LABEL_RULES_SMACK), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, W | A), 0);
	/* (wa | r) & ~w = ra: the "a" was there before, and stays. */
	KUNIT_ASSERT_EQ(test, load_as("kt_smack_s kt_smack_o r w", LABEL_RULES_CHANGE), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R | A), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, W), -EACCES);
	KUNIT_ASSERT_EQ(test, load_as("kt_smack_s kt_smack_o2 x -", LABEL_RULES_CHANGE), 1);
	KUNIT_EXPECT_EQ(test, label_decide(s, o2, X), 0);
	KUNIT_EXPECT_EQ(test, load_as("kt_smack_s kt_smack_o2 x", LABEL_RULES_CHANGE),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, revoke("kt_smack_s"), 2);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R), -EACCES);
	KUNIT_EXPECT_EQ(test, label_decide(s, o2, X), -EACCES);
	KUNIT_EXPECT_EQ(test, revoke("kt_smack_s"), 0);
	KUNIT_EXPECT_EQ(test, revoke("kt_never_seen"), 0);
	KUNIT_EXPECT_EQ(test, revoke("-x"), -EINVAL);
}

/* A batch with one bad line changes nothing; within a batch the last rule for a pair wins. */
static void label_decide_batch(struct kunit *test)
{
	struct label *s = lbl(test, "kt_batch_s");
	struct label *o = lbl(test, "kt_batch_o");

	KUNIT_EXPECT_EQ(test, load("kt_batch_s kt_batch_o r\nkt_batch_s kt_batch_o q\n"), -EINVAL);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R), -EACCES);
	KUNIT_EXPECT_EQ(test, load("kt_batch_s kt_batch_o r\n\nkt_batch_s kt_batch_o x\n"), 2);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, X), 0);
	KUNIT_EXPECT_EQ(test, label_decide(s, o, R), -EACCES);
	KUNIT_EXPECT_EQ(test, load(""), 0);
}

static struct kunit_case label_decide_cases[] = {
	KUNIT_CASE(label_decide_star_subject),
	KUNIT_CASE(label_decide_hat_subject),
	KUNIT_CASE(label_decide_floor_object),
	KUNIT_CASE(label_decide_star_object),
	KUNIT_CASE(label_decide_same_label),
	KUNIT_CASE(label_decide_sysctl_object),
	KUNIT_CASE(label_decide_storage_object),
	KUNIT_CASE(label_decide_rules),
	KUNIT_CASE(label_decide_smack_forms),
	KUNIT_CASE(label_decide_batch),
	{}
};

static struct kunit_suite label_decide_suite = {
	.name = "label_decide",
	.init = label_decide_init,
	.exit = label_decide_exit,
	.test_cases = label_decide_cases,
};

kunit_test_suite(label_decide_suite);
