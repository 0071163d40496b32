// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: syntax of labels, access strings and rule lines.
 */

#include "label.h"

#include <linux/bitmap.h>
#include <linux/errno.h>
#include <linux/string.h>

/* The bytes a label may hold: printable ASCII but space, '/', '"', '\'' and '\\'. */
static DECLARE_BITMAP(label_chars, 256) __ro_after_init;

/**
 * label_parse_init() - set up the table of label characters
 *
 * Context: Boot, before any label is parsed.
 */
void __init label_parse_init(void)
{
	int c;

	for (c = '!'; c <= '~'; c++)
		if (!strchr("/\"'\\", c))
			__set_bit(c, label_chars);
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
 * @text: "-" or letters from "rwxa", each at most once, in any order
 * @len: length of @text
 * @access: set to the LABEL_MAY_* bits; write brings append with it
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int label_parse_access(const char *text, size_t len, u32 *access)
{
	static const char letters[] = "rwxa";
	u32 bits = 0;
	size_t i;

	if (len == 1 && text[0] == '-') {
		*access = 0;
		return 0;
	}
	if (len == 0)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		const char *p = text[i] ? strchr(letters, text[i]) : NULL;
		u32 bit;

		if (!p)
			return -EINVAL;
		bit = BIT(p - letters);
		if (bits & bit)
			return -EINVAL;
		bits |= bit;
	}
	if (bits & LABEL_MAY_WRITE)
		bits |= LABEL_MAY_APPEND;
	*access = bits;
	return 0;
}

/**
 * label_access_to_string() - format access bits as in the rules file
 * @access: LABEL_MAY_* bits
 * @buf: at least 5 bytes
 *
 * Context: Any context.
 * Return: the length written, without the NUL.
 */
int label_access_to_string(u32 access, char *buf)
{
	static const char letters[] = "rwxa";
	int i, n = 0;

	for (i = 0; i < 4; i++)
		if (access & BIT(i))
			buf[n++] = letters[i];
	if (!n)
		buf[n++] = '-';
	buf[n] = '\0';
	return n;
}

/* The next field of a line: skips blanks before it, stops at the next blank. */
static size_t next_field(const char **p, const char *end, const char **field)
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

/**
 * label_parse_rule() - parse "subject object access"
 * @line: the line, without its newline; not necessarily NUL-terminated
 * @len: its length
 * @rule: the result, pointing into @line
 *
 * Fields are separated by spaces or tabs; there must be exactly three.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int label_parse_rule(const char *line, size_t len, struct label_rule_text *rule)
{
	const char *p = line, *end = line + len, *access, *extra;
	size_t access_len;

	rule->subject_len = next_field(&p, end, &rule->subject);
	rule->object_len = next_field(&p, end, &rule->object);
	access_len = next_field(&p, end, &access);
	if (next_field(&p, end, &extra))
		return -EINVAL;
	if (!label_name_valid(rule->subject, rule->subject_len) ||
	    !label_name_valid(rule->object, rule->object_len))
		return -EINVAL;
	return label_parse_access(access, access_len, &rule->access);
}
