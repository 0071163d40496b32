// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the call and denial counters of each hosted module, which securityfs's "stats"
 * reads. Denials are counted on the denial path, always. Hook calls are counted only while
 * counting is switched on: a built-in module's per framework slot, once per hook call at its
 * end (LSM_HOOK_COUNT(), LSM_HOOK_COUNT_INT()) or where a result ended it (stacker_count_ended()),
 * a loaded module's by the run-time hooks that call it.
 */

#include "stacker.h"

#include <linux/jump_label.h>
#include <linux/lsm_hooks.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/string.h>

DEFINE_PER_CPU(struct stacker_counts[STACKER_MAX_MODULES], stacker_counts);

/* Indexed by hook and framework slot, like static_calls_table; see LSM_HOOK_COUNT(). */
static DEFINE_PER_CPU(unsigned long[__STACKER_HOOK_MAX][MAX_LSM_COUNT], stacker_hook_calls);

/*
 * Whether hook calls are counted: off unless asked for, so that the hot path pays a branch that
 * is not taken. Switched under stacker_config_mutex (the "count" file), or once at boot
 * (stacker.count=1).
 */
DEFINE_STATIC_KEY_FALSE(stacker_count_calls);

static bool count_at_boot __initdata;
module_param_named(count, count_at_boot, bool, 0);
MODULE_PARM_DESC(count, "Count hook calls from boot (see the stacker's count file)");

static int __init stacker_count_init(void)
{
	if (count_at_boot)
		static_branch_enable(&stacker_count_calls);
	return 0;
}
core_initcall(stacker_count_init);

/**
 * stacker_counting_calls() - whether hook calls are counted
 *
 * Context: Any context.
 * Return: true while counting is on.
 */
bool stacker_counting_calls(void)
{
	return static_key_enabled(&stacker_count_calls);
}

/**
 * stacker_count_calls_set() - switch the counting of hook calls on or off
 * @on: whether to count
 *
 * The counts kept so far stay; off, they stop growing.
 * A loaded module's calls are counted by the run-time hooks, which its slots call again while
 * counting is on.
 *
 * Context: Process context, under stacker_config_mutex.
 */
void stacker_count_calls_set(bool on)
{
	lockdep_assert_held(&stacker_config_mutex);
	if (on)
		static_branch_enable(&stacker_count_calls);
	else
		static_branch_disable(&stacker_count_calls);
	stacker_loadable_redirect();
}

/**
 * stacker_count_slots() - count a call of each framework slot of a hook in use
 * @hook: the hook's index
 * @slots: its slots in static_calls_table
 *
 * For LSM_HOOK_COUNT(), at the end of a hook that called every slot in use: those before the
 * first that is off.
 *
 * Context: Any context a hook runs in, while counting is on.
 */
void stacker_count_slots(enum stacker_hook hook, const struct lsm_static_call *slots)
{
	int slot;

	for (slot = 0; slot < MAX_LSM_COUNT && static_key_enabled(&slots[slot].active->key); slot++)
		this_cpu_inc(stacker_hook_calls[hook][slot]);
}

/**
 * stacker_count_int_hook() - count the calls of an int hook at its end
 * @hook: the hook's index
 * @slots: its slots in static_calls_table
 * @rc: the hook's result
 * @allowed: its default result
 *
 * For LSM_HOOK_COUNT_INT(): with the default result, every slot in use was called; a hook that
 * another result ended was counted where it ended (stacker_count_ended()).
 *
 * Context: Any context a hook runs in, while counting is on.
 * Return: @rc.
 */
int stacker_count_int_hook(enum stacker_hook hook, const struct lsm_static_call *slots, int rc,
			   int allowed)
{
	if (rc == allowed)
		stacker_count_slots(hook, slots);
	return rc;
}

/**
 * stacker_count_ended() - count the calls of an int hook that a result ended
 * @hook: the hook's index
 * @last: the slot whose result other than the default ended it
 * @rc: that result
 *
 * Every slot up to @last was called, each before it returned the default. For
 * stacker_verdict() (a denial) and LSM_HOOK_COUNT_ENDED() (another result).
 *
 * Context: Any context a hook runs in.
 * Return: @rc, so that the hook need not keep it in a register of its own across the call.
 */
int stacker_count_ended(enum stacker_hook hook, int last, int rc)
{
	int slot;

	if (static_branch_unlikely(&stacker_count_calls))
		for (slot = 0; slot <= last; slot++)
			this_cpu_inc(stacker_hook_calls[hook][slot]);
	return rc;
}

/**
 * stacker_clear_counts() - zero an entry's counters
 * @e: the entry, which no hook uses (a loaded module's, taken afresh)
 *
 * Context: Process context, with stacker_config_mutex held.
 */
void stacker_clear_counts(const struct stacker_entry *e)
{
	int cpu;

	for_each_possible_cpu(cpu)
		memset(&per_cpu(stacker_counts, cpu)[e - stacker_entries], 0,
		       sizeof(struct stacker_counts));
}

/**
 * stacker_denials() - how many denials a module made
 * @e: the module
 *
 * Context: Process context.
 * Return: the number of denials since boot (since it was loaded, for a loaded module),
 * permissive ones included.
 */
unsigned long stacker_denials(const struct stacker_entry *e)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu(stacker_counts, cpu)[e - stacker_entries].denials;
	return sum;
}

static unsigned long loaded_calls(const struct stacker_entry *e)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += per_cpu(stacker_counts, cpu)[e - stacker_entries].calls;
	return sum;
}

/**
 * stacker_calls() - how many times a module's hooks were called
 * @e: the module
 *
 * For a built-in module, sums over every CPU the counters of the framework slots that hold one
 * of @e's hooks. Hooks that security.c calls outside call_int_hook()/call_void_hook() are not
 * counted.
 *
 * Context: Process context.
 * Return: the number of calls counted since boot (since it was loaded, for a loaded module).
 */
unsigned long stacker_calls(const struct stacker_entry *e)
{
	unsigned long sum = 0;
	int hook, slot, cpu;

	if (e->module.owner)
		return loaded_calls(e);
	for (hook = 0; hook < __STACKER_HOOK_MAX; hook++) {
		for (slot = 0; slot < MAX_LSM_COUNT; slot++) {
			const struct security_hook_list *hl = stacker_slot_hook(hook, slot);

			if (!hl || hl->lsmid != e->module.lsmid)
				continue;
			for_each_possible_cpu(cpu)
				sum += per_cpu(stacker_hook_calls, cpu)[hook][slot];
		}
	}
	return sum;
}
