// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: parsing of the boot selection, "stacker=<name>[,<name>...]".
 */

#include "stacker.h"

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/string.h>

static __printf(2, 3) void select_error(struct stacker_selection *sel, const char *fmt, ...)
{
	va_list args;

	if (sel->nr_errors == STACKER_MAX_ERRORS) {
		sel->dropped_errors++;
		return;
	}
	va_start(args, fmt);
	vscnprintf(sel->errors[sel->nr_errors++], STACKER_ERROR_LEN, fmt, args);
	va_end(args);
}

/* Quote a refused name for the log: printable ASCII as is, every other byte as \xNN. */
static void escape_name(char *out, size_t size, const char *name, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len && n + 5 <= size; i++) {
		u8 c = name[i];

		if (c > ' ' && c < 0x7f && c != '\\')
			out[n++] = c;
		else
			n += scnprintf(out + n, size - n, "\\x%02x", c);
	}
	out[n] = '\0';
}

/* 'a'-'z', '0'-'9' and '_' only: the kernel's islower() takes Latin-1 letters (0xdf-0xff) too. */
static bool name_is_valid(const char *name, size_t len)
{
	size_t i;

	if (len > STACKER_NAME_MAX)
		return false;
	for (i = 0; i < len; i++)
		if (!(name[i] >= 'a' && name[i] <= 'z') && !isdigit(name[i]) && name[i] != '_')
			return false;
	return true;
}

static const struct stacker_module *module_named(const struct stacker_module *avail, int navail,
						 const char *name, size_t len)
{
	int i;

	for (i = 0; i < navail; i++)
		if (strlen(avail[i].name) == len && !memcmp(avail[i].name, name, len))
			return &avail[i];
	return NULL;
}

/*
 * Parser state: which modules were named so far, the list ids they hold, and whether any valid
 * one came first.
 */
struct select_state {
	struct stacker_selection *sel;
	const struct stacker_module *avail;
	int navail;
	int room;
	unsigned long seen;
	bool any;
};

/* One entry of the list: checked, then appended to the selection or reported. */
static void select_one(struct select_state *st, const char *name, size_t len)
{
	struct stacker_selection *sel = st->sel;
	const struct stacker_module *m;
	unsigned long bit;

	if (!len) {
		select_error(sel, "empty module name ignored");
		return;
	}
	if (!name_is_valid(name, len)) {
		char quoted[4 * STACKER_NAME_MAX + 1];

		escape_name(quoted, sizeof(quoted), name, min_t(size_t, len, STACKER_NAME_MAX));
		select_error(sel, "invalid module name \"%s\" ignored", quoted);
		return;
	}
	m = module_named(st->avail, st->navail, name, len);
	if (!m) {
		select_error(sel, "module \"%.*s\" is not built into this kernel: ignored",
			     (int)len, name);
		return;
	}
	bit = BIT(m - st->avail);
	if (st->seen & bit) {
		select_error(sel, "duplicate module \"%s\" ignored", m->name);
		return;
	}
	if (!(m->flags & STACKER_MODULE_MANDATORY) && sel->count == st->room) {
		select_error(sel, "too many modules: \"%s\" ignored", m->name);
		return;
	}
	if (!(m->flags & STACKER_MODULE_MANDATORY))
		sel->modules[sel->count++] = m;
	else if (st->any)
		select_error(sel, "module \"%s\" always runs first: moved there", m->name);
	st->seen |= bit;
	st->any = true;
}

/**
 * stacker_select() - parse a module list into a call order
 * @list: comma-separated module names, as given on "stacker=" (may be any bytes, NUL-terminated);
 *	NULL for the default: every module of @avail not flagged STACKER_MODULE_NAMED_ONLY, in the
 *	order of @avail
 * @avail: the built-in modules
 * @navail: number of entries in @avail
 * @sel: the result: modules in call order, and one message per refused entry
 *
 * Every entry that is not used is reported in @sel: empty or malformed names, names not built
 * into this kernel, duplicates and entries past STACKER_MAX_MODULES. A mandatory module
 * (capability) is always selected and always first; its absence from a list or another position
 * in it is reported too. Nothing is dropped silently.
 *
 * Context: Any context; takes no lock and allocates nothing.
 */
void stacker_select(const char *list, const struct stacker_module *avail, int navail,
		    struct stacker_selection *sel)
{
	struct select_state st = { .sel = sel, .avail = avail };
	const char *p = list;
	int i, nr_mandatory = 0;

	memset(sel, 0, sizeof(*sel));
	if (WARN_ON_ONCE(navail > BITS_PER_LONG))
		navail = BITS_PER_LONG;
	st.navail = navail;
	for (i = 0; i < navail; i++)
		nr_mandatory += !!(avail[i].flags & STACKER_MODULE_MANDATORY);
	st.room = STACKER_MAX_MODULES - nr_mandatory;

	/* The default: mandatory modules are added first below, without a message. */
	for (i = 0; !list && i < navail; i++)
		if (!(avail[i].flags & (STACKER_MODULE_MANDATORY | STACKER_MODULE_NAMED_ONLY)))
			select_one(&st, avail[i].name, strlen(avail[i].name));
	while (list) {
		size_t len = strchrnul(p, ',') - p;

		select_one(&st, p, len);
		if (!p[len])
			break;
		p += len + 1;
	}

	/* Mandatory modules go first, named or not. */
	memmove(&sel->modules[nr_mandatory], &sel->modules[0],
		sel->count * sizeof(sel->modules[0]));
	sel->count += nr_mandatory;
	for (i = 0, nr_mandatory = 0; i < navail; i++) {
		if (!(avail[i].flags & STACKER_MODULE_MANDATORY))
			continue;
		if (list && !(st.seen & BIT(i)))
			select_error(sel, "module \"%s\" missing: added first", avail[i].name);
		sel->modules[nr_mandatory++] = &avail[i];
	}
}
