// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: registration with the LSM framework and boot-time selection of hosted modules.
 */

#include "stacker.h"

#include <linux/lsm_hooks.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <uapi/linux/lsm.h>

/* Every built-in module, selected or not, in the order of the init-section table. */
struct stacker_entry stacker_entries[STACKER_MAX_MODULES] __stacker_entries_ro;
int stacker_nr_entries __stacker_entries_ro;
int stacker_nr_builtin __ro_after_init;
int stacker_modes[STACKER_MAX_MODULES];
struct stacker_selection stacker_boot_selection __ro_after_init;

/*
 * Guards the stack's configuration: the entries modules take and free at run time, each
 * entry's mode (stacker_modes[]) and log switch, the lock, and the published call tables of
 * loaded modules. Writers hold it; securityfs readers take it for a consistent listing. Hook
 * calls never take it.
 */
DEFINE_MUTEX(stacker_config_mutex);
/* Set once by securityfs "lock": no mode change or registration afterwards. */
bool stacker_locked;

/* "stacker=" from the command line (kernel-parameters.txt); NULL means the Kconfig default. */
static char *stacker_param __initdata;

static int __init stacker_param_setup(char *str)
{
	stacker_param = str ?: "";
	return 0;
}
early_param("stacker", stacker_param_setup);

/**
 * stacker_entry_of() - the hosted module registered under an LSM id
 * @lsmid: the id a hook was registered with
 *
 * Context: Any context.
 * Return: the module's entry, or NULL if @lsmid is not a module the stacker hosts.
 */
struct stacker_entry *stacker_entry_of(const struct lsm_id *lsmid)
{
	int i;

	/* Only built-in modules have hooks under an lsm_id: their entries never change. */
	for (i = 0; i < stacker_nr_builtin; i++)
		if (stacker_entries[i].module.lsmid == lsmid)
			return &stacker_entries[i];
	return NULL;
}

/**
 * stacker_entry_named() - the hosted module of a name, built in or loaded
 * @name: the module's name
 *
 * Context: Process context; with stacker_config_mutex held if modules can be loaded.
 * Return: the module's entry, or NULL.
 */
struct stacker_entry *stacker_entry_named(const char *name)
{
	int i;

	for (i = 0; i < stacker_nr_entries; i++)
		if (stacker_entries[i].module.name && !strcmp(stacker_entries[i].module.name, name))
			return &stacker_entries[i];
	return NULL;
}

static struct stacker_entry *__init entry_of_module(const struct stacker_module *m)
{
	return &stacker_entries[m - __start_stacker_modules];
}

static void __init stacker_report(const struct stacker_selection *sel)
{
	int i;

	for (i = 0; i < sel->nr_errors; i++)
		pr_err("%s\n", sel->errors[i]);
	if (sel->dropped_errors)
		pr_err("%d more selection errors not shown\n", sel->dropped_errors);
}

/* Register the selected modules' hooks, in call order, under each module's own lsm_id. */
static void __init stacker_register(const struct stacker_selection *sel)
{
	char order[STACKER_MAX_MODULES * (STACKER_NAME_MAX + 1)] = "";
	int i, position = 0;

	for (i = 0; i < sel->count; i++) {
		const struct stacker_module *m = sel->modules[i];
		struct stacker_entry *e = entry_of_module(m);
		int rc = m->init ? m->init() : 0;

		if (rc) {
			pr_err("module \"%s\" failed to initialize (%d): disabled\n", m->name, rc);
			continue;
		}
		if (m->hooks)
			security_add_hooks(m->hooks, m->hooks_count, m->lsmid);
		stacker_modes[e - stacker_entries] = STACKER_ENFORCING;
		stacker_log_default(e);
		e->position = position++;
		if (*order)
			strlcat(order, ",", sizeof(order));
		strlcat(order, m->name, sizeof(order));
	}
	pr_info("hosting %s\n", order);
}

/*
 * Before the framework sizes the blobs: choose the modules, then lay out the stacker's part of
 * each blob for them alone.
 */
static void __init stacker_prepare(void)
{
	const struct stacker_module *avail = __start_stacker_modules;
	const char *list = stacker_param;
	int i, navail = __end_stacker_modules - __start_stacker_modules;

	if (WARN_ON(navail > STACKER_MAX_MODULES))
		navail = STACKER_MAX_MODULES;
	for (i = 0; i < navail; i++) {
		stacker_entries[i].module = avail[i];
		stacker_modes[i] = STACKER_DISABLED;
		stacker_entries[i].position = -1;
	}
	stacker_nr_entries = navail;
	stacker_nr_builtin = navail;

	/* An empty CONFIG_SECURITY_STACKER_DEFAULT: every built-in module not named only (NULL). */
	if (!list && *CONFIG_SECURITY_STACKER_DEFAULT)
		list = CONFIG_SECURITY_STACKER_DEFAULT;
	stacker_select(list, avail, navail, &stacker_boot_selection);
	stacker_report(&stacker_boot_selection);
}

static int __init stacker_init(void)
{
	stacker_register(&stacker_boot_selection);
	return 0;
}

DEFINE_LSM(stacker) = {
	.name = "stacker",
	.order = LSM_ORDER_FIRST,
	.prepare = stacker_prepare,
	.init = stacker_init,
};

/*
 * Hooks that must not come before another LSM's. The framework asks the first getprocattr or
 * setprocattr hook to answer for /proc/<pid>/attr/current: a hosted module registered with the
 * others would answer in SELinux's place. Queued by hosted modules' init functions, registered
 * by stacker_late, which the framework initializes after every other LSM.
 */
static struct {
	struct security_hook_list *hooks;
	int count;
	const struct lsm_id *lsmid;
} stacker_late_hooks[STACKER_MAX_MODULES] __initdata;
static int stacker_nr_late __initdata;

/**
 * stacker_add_late_hooks() - register hooks after every other LSM's
 * @hooks: the hooks
 * @count: number of entries in @hooks
 * @lsmid: the hosted module's LSM id
 *
 * Context: Boot, from a hosted module's init function.
 */
void __init stacker_add_late_hooks(struct security_hook_list *hooks, int count,
				   const struct lsm_id *lsmid)
{
	if (WARN_ON(stacker_nr_late == STACKER_MAX_MODULES))
		return;
	stacker_late_hooks[stacker_nr_late].hooks = hooks;
	stacker_late_hooks[stacker_nr_late].count = count;
	stacker_late_hooks[stacker_nr_late].lsmid = lsmid;
	stacker_nr_late++;
}

static int __init stacker_late_init(void)
{
	int i;

	for (i = 0; i < stacker_nr_late; i++)
		security_add_hooks(stacker_late_hooks[i].hooks, stacker_late_hooks[i].count,
				   stacker_late_hooks[i].lsmid);
	return 0;
}

DEFINE_LSM(stacker_late) = {
	.name = "stacker_late",
	.order = LSM_ORDER_LAST,
	.init = stacker_late_init,
};
