// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: /sys/kernel/security/stacker/ - the stack, its hooks, counters, modes, lock, errors.
 */

#include "stacker.h"

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

static const char *const mode_names[] = {
	[STACKER_ENFORCING] = "enforcing",
	[STACKER_PERMISSIVE] = "permissive",
	[STACKER_DISABLED] = "disabled",
};

/* Where a module keeps its values: "none", "inline", or "list:<id>". */
static void show_values(struct seq_file *m, const struct stacker_module *mod)
{
	if (!mod->values)
		seq_puts(m, "none");
	else if (!mod->values->list)
		seq_puts(m, "inline");
	else
		seq_printf(m, "list:%u", mod->values->list);
}

/*
 * The show functions hold stacker_config_mutex, under which loaded modules come and go. They skip
 * free entries, which have no name.
 */
static int modules_show(struct seq_file *m, void *v)
{
	int i, pos;

	guard(mutex)(&stacker_config_mutex);
	/* Selected and loaded modules in call order, then the disabled ones. */
	for (pos = 0; pos < stacker_nr_entries; pos++) {
		for (i = 0; i < stacker_nr_entries; i++) {
			const struct stacker_entry *e = &stacker_entries[i];

			if (e->position != pos)
				continue;
			seq_printf(m, "%d %s ", pos, e->module.name);
			show_values(m, &e->module);
			seq_printf(m, " %s\n", mode_names[stacker_mode_of(e)]);
		}
	}
	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (e->position >= 0 || !e->module.name)
			continue;
		seq_printf(m, "- %s ", e->module.name);
		show_values(m, &e->module);
		seq_printf(m, " %s\n", mode_names[stacker_mode_of(e)]);
	}
	return 0;
}

static int hooks_show(struct seq_file *m, void *v)
{
	int i, hook;

	guard(mutex)(&stacker_config_mutex);
	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (!e->module.name)
			continue;
		seq_printf(m, "%s:", e->module.name);
		for (hook = 0; hook < __STACKER_HOOK_MAX; hook++)
			if (stacker_implements(&e->module, hook))
				seq_printf(m, " %s", stacker_hook_name(hook));
		seq_putc(m, '\n');
	}
	return 0;
}

static int errors_show(struct seq_file *m, void *v)
{
	const struct stacker_selection *sel = &stacker_boot_selection;
	int i;

	for (i = 0; i < sel->nr_errors; i++)
		seq_printf(m, "%s\n", sel->errors[i]);
	if (sel->dropped_errors)
		seq_printf(m, "%d more selection errors not shown\n", sel->dropped_errors);
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(modules);
DEFINE_SHOW_ATTRIBUTE(hooks);
DEFINE_SHOW_ATTRIBUTE(errors);

/* Created whole or not at all, by securityfs_create_files(). */
static const struct tree_descr stacker_files[] = {
	{ "modules", &modules_fops, 0444 },
	{ "hooks", &hooks_fops, 0444 },
	{ "errors", &errors_fops, 0444 },
	{}
};

static int __init stacker_securityfs_init(void)
{
	if (!stacker_nr_entries)
		return 0;
	return PTR_ERR_OR_ZERO(securityfs_create_files("stacker", NULL, stacker_files));
}
fs_initcall(stacker_securityfs_init);
