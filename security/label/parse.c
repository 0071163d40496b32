// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: syntax of labels, access strings and rule lines.
 */

#include "label.h"

#include <linux/bitmap.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/string.h>

/* The bytes a label may hold: printable ASCII but space, '/', '"', '\'' and '\\'. */
static DECLARE_BITMAP(label_chars, 256) __ro_after_init;

/*
 * The meaning of each byte in an access string: the LABEL_MAY_* bit of a letter (either case),
 * ACCESS_DASH for the placeholder '-', 0 for a byte that has no place there. A load parses
 * one access string per rule, so a table lookup instead of a search of the letters.
 */
#define ACCESS_DASH BIT(7)
static u8 access_bits[256] __ro_after_init;

/**
 * label_parse_init() - set up the tables of label characters and access letters
 *
 * Context: Boot, before any label is parsed.
 */
void __init label_parse_init(void)
{
	static const char letters[] = LABEL_ACCESS_LETTERS;
	int c, i;

	BUILD_BUG_ON(LABEL_MAY_BRINGUP >= ACCESS_DASH);
	BUILD_BUG_ON(BIT(sizeof(LABEL_ACCESS_LETTERS) - 2) != LABEL_MAY_BRINGUP);
	for (c = '!'; c <= '~'; c++)
		if (!strchr("/\"'\\", c))
			__set_bit(c, label_chars);
	for (i = 0; letters[i]; i++) {
		access_bits[(u8)letters[i]] = BIT(i);
		access_bits[(u8)toupper(letters[i])] = BIT(i);
	}
	access_bits['-'] = ACCESS_DASH;
}

/**
 * label_name_valid() - whether a name is a well-formed label
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * A label is 1 to LABEL_NAME_MAX bytes of printable ASCII other than space, '/', '"', '\'' and
 * '\\', and does not start with '-'.
 *
 * Context: Any context.
 * Return: true if @name is a valid label.
 */
bool label_name_valid(const char *name, size_t len)
{
	size_t i;

	if (len == 0 || len > LABEL_NAME_MAX || name[0] == '-')
		return false;
	for (i = 0; i < len; i++)
		if (!test_bit((u8)name[i], label_chars))
			return false;
	return true;
}

/**
 * label_parse_access() - parse an access string
 * @text: Smack's access string: letters from "rwxatlb" in either case and any order, repeats
 *	allowed, with "-" as a placeholder anywhere ("r---", "-", "RWX")
 * @len: length of @text
 * @access: set to the LABEL_MAY_* bits, LABEL_MAY_BRINGUP for "b"
 *
 * Smack stops at the first other character and keeps what it read ("rwq" is "rw"); here any
 * other character refuses the string.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int label_parse_access(const char *text, size_t len, u32 *access)
{
	u32 bits = 0;
	size_t i;

	if (len == 0)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		u8 bit = access_bits[(u8)text[i]];

		if (!bit)
			return -EINVAL;
		bits |= bit;
	}
	*access = bits & ~ACCESS_DASH;
	return 0;
}

/**
 * label_access_to_string() - format access bits as in the rules file
 * @access: LABEL_MAY_* bits
 * @buf: at least LABEL_ACCESS_BUF bytes
 *
 * The letters come in Smack's order, "rwxatl"; no access is "-". Both Smack and label read the
 * result back as @access.
 *
 * Context: Any context.
 * Return: the length written, without the NUL.
 */
int label_access_to_string(u32 access, char *buf)
{
	static const char letters[] = LABEL_ACCESS_LETTERS;
	int i, n = 0;

	for (i = 0; letters[i]; i++)
		if (access & LABEL_MAY_ALL & BIT(i))
			buf[n++] = letters[i];
	if (!n)
		buf[n++] = '-';
	buf[n] = '\0';
	return n;
}

/**
 * label_rule_apply() - the access a pair's rule has after a parsed line is applied
 * @old: the rule's access before
 * @rule: the line
 *
 * A line of "load" or "load2" replaces the rule; a line of "change-rule" adds its allowed
 * bits and then takes its denied ones away, as Smack's does. Under Smack an "a" without "w"
 * grants nothing a file open can use: Smack asks for "wa" where label asks for "a" alone (an
 * append-only open). So in a line with Smack's meaning, an "a" the line brings without "w"
 * is dropped, and a Smack rule never grants more here than under Smack.
 *
 * Context: Any context.
 * Return: the new LABEL_MAY_* bits.
 */
u32 label_rule_apply(u32 old, const struct label_rule_text *rule)
{
	u32 allow = rule->access & LABEL_MAY_ALL, kept = 0, access;

	if (rule->change)
		kept = old & ~rule->deny;
	access = (kept | allow) & ~rule->deny;
	if (rule->smack && !(access & LABEL_MAY_WRITE) && !(kept & LABEL_MAY_APPEND))
		access &= ~LABEL_MAY_APPEND;
	return access;
}

/**
 * label_next_field() - the next field of a line: blanks before it skipped, up to the next blank
 * @p: where to start; moved past the field
 * @end: the end of the line
 * @field: set to the field's start
 *
 * Blanks are spaces and tabs.
 *
 * Context: Any context.
 * Return: the field's length, 0 at the end of the line.
 */
size_t label_next_field(const char **p, const char *end, const char **field)
{
	const char *s = *p;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	*field = s;
	while (s < end && *s != ' ' && *s != '\t')
		s++;
	*p = s;
	return s - *field;
}

/*
 * The next field of a line, read as a label: label_next_field() and label_name_valid() in one
 * pass over its bytes. Return: its length, 0 if it is missing or not a valid label.
 */
static size_t next_label(const char **p, const char *end, const char **field)
{
	const char *s = *p, *start;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	start = s;
	while (s < end && test_bit((u8)*s, label_chars))
		s++;
	*field = start;
	*p = s;
	if (s < end && *s != ' ' && *s != '\t')
		return 0;	/* a byte no label holds */
	if (s == start || s - start > LABEL_NAME_MAX || *start == '-')
		return 0;
	return s - start;
}

/* "subject object access [deny]": @deny is NULL for three fields, else where the fourth goes. */
static int parse_fields(const char *line, size_t len, struct label_rule_text *rule, u32 *deny)
{
	const char *p = line, *end = line + len, *access, *extra;
	size_t access_len, extra_len;

	rule->subject_len = next_label(&p, end, &rule->subject);
	if (!rule->subject_len)
		return -EINVAL;
	rule->object_len = next_label(&p, end, &rule->object);
	if (!rule->object_len)
		return -EINVAL;
	access_len = label_next_field(&p, end, &access);
	extra_len = label_next_field(&p, end, &extra);
	if (deny && (!extra_len || label_parse_access(extra, extra_len, deny)))
		return -EINVAL;
	if ((deny && label_next_field(&p, end, &extra)) || (!deny && extra_len))
		return -EINVAL;
	rule->deny = 0;
	rule->smack = false;
	rule->change = false;
	return label_parse_access(access, access_len, &rule->access);
}

/**
 * label_parse_rule() - parse "subject object access"
 * @line: the line, without its newline; not necessarily NUL-terminated
 * @len: its length
 * @rule: the result, pointing into @line; a rule in label's meaning that replaces its pair's
 *
 * Fields are separated by spaces or tabs; there must be exactly three. Smack ignores what
 * follows the third; here it refuses the line.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int label_parse_rule(const char *line, size_t len, struct label_rule_text *rule)
{
	return parse_fields(line, len, rule, NULL);
}

/**
 * label_parse_change_rule() - parse "subject object allow deny", a line of "change-rule"
 * @line: the line, without its newline; not necessarily NUL-terminated
 * @len: its length
 * @rule: the result, pointing into @line, with Smack's meaning
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int label_parse_change_rule(const char *line, size_t len, struct label_rule_text *rule)
{
	u32 deny;
	int rc = parse_fields(line, len, rule, &deny);

	if (rc)
		return rc;
	rule->deny = deny & LABEL_MAY_ALL;
	rule->smack = true;
	rule->change = true;
	return 0;
}

/* What may follow the access string of the fixed-width form. */
static bool fixed_padding(char c)
{
	return c == ' ' || c == '\n' || c == '\0';
}

/* A 24-byte column of the fixed-width form: a label, then only spaces or NULs. */
static bool fixed_label(const char *col, const char **name, size_t *len)
{
	size_t n = 0, i;

	while (n < LABEL_FIXED_LABEL && col[n] != ' ' && col[n] != '\0')
		n++;
	for (i = n; i < LABEL_FIXED_LABEL; i++)
		if (col[i] != ' ' && col[i] != '\0')
			return false;
	*name = col;
	*len = n;
	return label_name_valid(col, n);
}

/**
 * label_parse_fixed_rule() - parse one rule in Smack's fixed-width form
 * @text: a write to "load": the subject label padded to 24 bytes, the object label padded to
 *	24 bytes, then the access string (4 to 6 bytes in all with its padding, as Smack's
 *	"load" takes: "rwxa", "rwxat", "rwxatl" with "-" placeholders)
 * @len: its length, LABEL_FIXED_MIN to LABEL_FIXED_MAX
 * @rule: the result, pointing into @text, with Smack's meaning
 *
 * Labels are padded with spaces or NULs; a 24-byte label fills its column. The access string
 * may end in spaces, NULs and newlines.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int label_parse_fixed_rule(const char *text, size_t len, struct label_rule_text *rule)
{
	const char *access = text + 2 * LABEL_FIXED_LABEL;
	size_t access_len;

	if (len < LABEL_FIXED_MIN || len > LABEL_FIXED_MAX)
		return -EINVAL;
	if (!fixed_label(text, &rule->subject, &rule->subject_len) ||
	    !fixed_label(text + LABEL_FIXED_LABEL, &rule->object, &rule->object_len))
		return -EINVAL;
	access_len = text + len - access;
	while (access_len && fixed_padding(access[access_len - 1]))
		access_len--;
	rule->deny = 0;
	rule->smack = true;
	rule->change = false;
	return label_parse_access(access, access_len, &rule->access);
}
