// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the hook table, generated from lsm_hook_defs.h, that names each hook and finds its
 * framework static-call slots; per-module call counts are read back through it.
 */

#include "stacker.h"

#include <linux/lsm_hooks.h>
#include <linux/percpu.h>

static const char *const hook_names[__STACKER_HOOK_MAX] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) [STACKER_HOOK_##NAME] = #NAME,
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

/* The framework's slots of each hook: what a struct security_hook_list's @scalls points to. */
static struct lsm_static_call *const hook_scalls[__STACKER_HOOK_MAX] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) [STACKER_HOOK_##NAME] = static_calls_table.NAME,
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
	return hook < __STACKER_HOOK_MAX ? hook_names[hook] : "?";
}

/**
 * stacker_implements() - whether a module has a hook
 * @m: the module
 * @hook: the hook's index
 *
 * Context: Any context.
 * Return: true if one of @m's hooks is @hook.
 */
bool stacker_implements(const struct stacker_module *m, enum stacker_hook hook)
{
	int i;

	for (i = 0; i < m->hooks_count; i++)
		if (m->hooks[i].scalls == hook_scalls[hook])
			return true;
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
 * that security.c calls outside call_int_hook()/call_void_hook() are not counted.
 *
 * Context: Process context.
 * Return: the number of calls since boot.
 */
unsigned long stacker_calls(const struct stacker_entry *e)
{
	unsigned long sum = 0;
	int hook, slot, cpu;

	for (hook = 0; hook < __STACKER_HOOK_MAX; hook++) {
		for (slot = 0; slot < MAX_LSM_COUNT; slot++) {
			const struct security_hook_list *hl = hook_scalls[hook][slot].hl;

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
