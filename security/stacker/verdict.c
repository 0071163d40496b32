// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: what becomes of a hosted module's denial: attributed, counted, and enforced unless
 * the module is permissive.
 */

#include "stacker.h"

#include <linux/errno.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/string_helpers.h>

/*
 * Whether each module's denials are logged (the "log" file), indexed like stacker_entries:
 * written under stacker_config_mutex (or at boot), read on the denial path with READ_ONCE().
 */
static bool stacker_log_on[STACKER_MAX_MODULES];

/* One log budget per module: a module that denies a lot cannot hide another's denials. */
static struct ratelimit_state stacker_log_limits[STACKER_MAX_MODULES] = {
	[0 ... STACKER_MAX_MODULES - 1] =
		RATELIMIT_STATE_INIT(stacker_log_limits, DEFAULT_RATELIMIT_INTERVAL,
				     DEFAULT_RATELIMIT_BURST),
};

/**
 * stacker_reset_counts() - start a reused entry's counters and log budget afresh
 * @e: the entry, which no hook uses
 *
 * Context: Process context, with stacker_config_mutex held.
 */
void stacker_reset_counts(const struct stacker_entry *e)
{
	stacker_clear_counts(e);
	ratelimit_state_init(&stacker_log_limits[e - stacker_entries], DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);
}

/**
 * stacker_log_default() - give a module's log switch its default
 * @e: the module's entry, at boot or when a loaded module takes it
 *
 * On, unless the module's denials are routine (STACKER_MODULE_ROUTINE_DENIALS).
 *
 * Context: Boot, or process context with stacker_config_mutex held.
 */
void stacker_log_default(const struct stacker_entry *e)
{
	stacker_log_set(e, !(e->module.flags & STACKER_MODULE_ROUTINE_DENIALS));
}

/**
 * stacker_logs() - whether the stacker logs a module's denials
 * @e: the module's entry
 *
 * Context: Any context.
 * Return: the module's log switch.
 */
bool stacker_logs(const struct stacker_entry *e)
{
	return READ_ONCE(stacker_log_on[e - stacker_entries]);
}

/**
 * stacker_log_set() - turn the logging of a module's denials on or off
 * @e: the module's entry
 * @on: the new switch
 *
 * Counting goes on either way.
 *
 * Context: Boot, or process context with stacker_config_mutex held.
 */
void stacker_log_set(const struct stacker_entry *e, bool on)
{
	WRITE_ONCE(stacker_log_on[e - stacker_entries], on);
}

/**
 * stacker_judge() - decide on a hosted module's hook result that is not the hook's default
 * @e: the module
 * @hook: the hook's index
 * @rc: what the hook returned
 * @allowed: the hook's default result
 * @quiet: the caller asked not to be audited (a CAP_OPT_NOAUDIT capability probe)
 *
 * A denial is -EACCES or -EPERM. It is counted against the module and, while the module's log
 * switch is on, unless @quiet or a policy denial of a module that audits its own
 * (STACKER_MODULE_AUDITS), logged (ratelimited) with the module, the hook and the subject. A
 * permissive module's policy denial (-EACCES) then becomes @allowed, so the next module
 * decides; a refused privilege (-EPERM, such as a missing CAP_MAC_ADMIN) is enforced in every
 * mode, or a permissive module would let anyone change its labels or policy. Every other
 * result is returned as it is.
 *
 * Context: Any context a hook runs in; the ratelimited log line is the only place that may take
 * a (printk) lock.
 * Return: the result the framework acts on.
 */
int stacker_judge(const struct stacker_entry *e, enum stacker_hook hook, int rc, int allowed,
		  bool quiet)
{
	char comm[STACKER_COMM_ESCAPED];
	bool permissive, audited;

	if (rc != -EACCES && rc != -EPERM)
		return rc;
	stacker_count_denial(e);
	permissive = rc == -EACCES && stacker_mode_of(e) == STACKER_PERMISSIVE;
	audited = rc == -EACCES && (e->module.flags & STACKER_MODULE_AUDITS);
	if (!quiet && !audited && stacker_logs(e) &&
	    __ratelimit(&stacker_log_limits[e - stacker_entries]))
		pr_notice("%s %s %s: pid=%d comm=\"%s\" error=%d\n", e->module.name,
			  permissive ? "would deny" : "denied", stacker_hook_name(hook),
			  task_pid_nr(current), stacker_escaped_comm(comm), rc);
	return permissive ? allowed : rc;
}

/**
 * stacker_module_permissive() - whether a hosted module's policy denials are not enforced
 * @lsmid: the module's LSM id
 *
 * For a module that audits its denials (STACKER_MODULE_AUDITS): its record says whether the
 * denial it reports is enforced.
 *
 * Context: Any context.
 * Return: true if the module registered under @lsmid is permissive.
 */
bool stacker_module_permissive(const struct lsm_id *lsmid)
{
	const struct stacker_entry *e = stacker_entry_of(lsmid);

	return e && stacker_mode_of(e) == STACKER_PERMISSIVE;
}

/**
 * stacker_verdict() - decide on a denial of an int hook
 * @rc: the denial the hook returned, -EACCES or -EPERM (an int; first and as a long, GCC keeps
 *      it where the call returned it and tests it there, widening it only on the way here)
 * @hl: the hook that returned it
 * @hook: the hook's index
 * @slot: the framework slot @hl was called from
 * @allowed: the hook's default result
 * @quiet: the caller asked not to be audited (a CAP_OPT_NOAUDIT capability probe)
 *
 * A denial of a built-in hosted module goes to stacker_judge(); one of an LSM the stacker does
 * not host, its own run-time hooks included (they judge their modules' denials themselves), is
 * returned as it is. A denial that ends the hook counts its calls, which then do not reach
 * LSM_HOOK_COUNT_INT(). LSM_HOOK_VERDICT() calls it.
 * A loaded module's function that the slot called itself, not through a run-time hook, has its
 * denials judged here as a built-in module's (stacker_loaded_direct()).
 *
 * Context: Any context a hook runs in.
 * Return: the result the framework acts on: @rc, or @allowed for a permissive module's denial.
 */
int stacker_verdict(long rc, const struct security_hook_list *hl, enum stacker_hook hook,
		    int slot, int allowed, bool quiet)
{
	const struct stacker_entry *e = stacker_entry_of(hl->lsmid);
	int ret;

	if (!e)
		e = stacker_loaded_direct(hl, hook, slot);
	ret = e ? stacker_judge(e, hook, rc, allowed, quiet) : rc;

	return ret == allowed ? ret : stacker_count_ended(hook, slot, ret);
}
