// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the hook table, generated from lsm_hook_defs.h, that names each hook and finds its
 * framework static-call slots; per-module call counts are read back through it.
 */

#include "stacker.h"

#include <linux/lsm_hooks.h>
#include <linux/percpu.h>

/*
 * Every hook, in lsm_hook_defs.h order (the order of enum stacker_hook): its name and the
 * framework's static-call slots, which a struct security_hook_list's @scalls points to.
 */
static const struct {
	const char *name;
	struct lsm_static_call *scalls;
} hook_table[__STACKER_HOOK_MAX] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) { #NAME, static_calls_table.NAME },
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

/**
 * stacker_hook_name() - the name of an LSM hook
 * @hook: the hook's index
 *
 * Context: Any context.
 * Return: the name, as in lsm_hook_defs.h.
 */
const char *stacker_hook_name(enum stacker_hook hook)
{
	return hook < __STACKER_HOOK_MAX ? hook_table[hook].name : "?";
}

/**
 * stacker_implements() - whether a module has a hook registered with the framework
 * @m: the module
 * @hook: the hook's index
 *
 * For a built-in module, asks the framework's slots, so hooks a module registers from its init
 * function count too; for a loaded one, its hook table.
 *
 * Context: Any context.
 * Return: true if @m has @hook.
 */
bool stacker_implements(const struct stacker_module *m, enum stacker_hook hook)
{
	int slot;

	if (m->owner)
		return stacker_loaded_implements(m, hook);
	for (slot = 0; slot < MAX_LSM_COUNT; slot++) {
		const struct security_hook_list *hl = hook_table[hook].scalls[slot].hl;

		if (hl && hl->lsmid == m->lsmid)
			return true;
	}
	return false;
}

#ifdef CONFIG_SECURITY_STACKER_STATS
/* Indexed by hook and framework slot, like static_calls_table; see LSM_HOOK_COUNT(). */
DEFINE_PER_CPU(unsigned long[__STACKER_HOOK_MAX][MAX_LSM_COUNT], stacker_hook_calls);

/**
 * stacker_calls() - how many times a module's hooks were called
 * @e: the module
 *
 * Sums, over every CPU, the counters of the framework slots that hold one of @e's hooks. Hooks
 * that security.c calls outside call_int_hook()/call_void_hook() are not counted. A loaded
 * module's calls are counted by the run-time hooks that make them.
 *
 * Context: Process context.
 * Return: the number of calls since boot.
 */
unsigned long stacker_calls(const struct stacker_entry *e)
{
	unsigned long sum = 0;
	int hook, slot, cpu;

	if (e->module.owner)
		return stacker_loaded_calls(e);
	for (hook = 0; hook < __STACKER_HOOK_MAX; hook++) {
		for (slot = 0; slot < MAX_LSM_COUNT; slot++) {
			const struct security_hook_list *hl = hook_table[hook].scalls[slot].hl;

			if (!hl || hl->lsmid != e->module.lsmid)
				continue;
			for_each_possible_cpu(cpu)
				sum += per_cpu(stacker_hook_calls, cpu)[hook][slot];
		}
	}
	return sum;
}
#else
unsigned long stacker_calls(const struct stacker_entry *e)
{
	return 0;
}
#endif
