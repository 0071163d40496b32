// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the hook table, generated from lsm_hook_defs.h, that names each hook and finds its
 * framework static-call slots.
 */

#include "stacker.h"

#include <linux/lsm_hooks.h>

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
 * stacker_slot_hook() - the hook a framework static-call slot holds
 * @hook: the hook's index
 * @slot: the slot, below MAX_LSM_COUNT
 *
 * Context: Any context.
 * Return: the hook list entry of the LSM that holds the slot, NULL if none does.
 */
const struct security_hook_list *stacker_slot_hook(enum stacker_hook hook, int slot)
{
	return hook_table[hook].scalls[slot].hl;
}

/**
 * stacker_slot_target() - the function a framework static-call slot calls
 * @hook: the hook's index
 * @slot: the slot, below MAX_LSM_COUNT
 *
 * Context: Any context.
 * Return: the function the slot's static call calls now.
 */
void *stacker_slot_target(enum stacker_hook hook, int slot)
{
	return READ_ONCE(hook_table[hook].scalls[slot].key->func);
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
		const struct security_hook_list *hl = stacker_slot_hook(hook, slot);

		if (hl && hl->lsmid == m->lsmid)
			return true;
	}
	return false;
}
