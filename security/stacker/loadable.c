// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: security modules loaded at run time.
 *
 * A kernel module registers a struct stacker_module with stacker_register_module() from its
 * init function and unregisters it from its exit function. The framework's hook slots are fixed
 * at boot, so a loaded module is never given one: for each hook of loadable_hooks.h the stacker
 * registers at boot, under its own lsm_id, a run-time hook that calls the loaded modules
 * implementing it, in load order. The framework keeps run-time hooks after every other LSM's.
 * Its static key stays off while no loaded module implements the hook, so with nothing loaded
 * nothing is called.
 *
 * Who may load: a module named on "stacker.loadable=", registered by a task with CAP_SYS_MODULE
 * and CAP_MAC_ADMIN (capable(): the initial user namespace), while the stacker is unlocked. The
 * lock pins every loaded module (a reference on it), so none can be unloaded afterwards.
 *
 * A loaded module is an entry of stacker_entries after the built-in ones: modes, denial
 * counters, log budgets and securityfs treat it as any hosted module. Its values are list
 * values (values.c), on the kinds of STACKER_LOADABLE_KINDS.
 *
 * Locking and lifetime. Registration, unregistration and the lock are serialized by
 * stacker_config_mutex. The hooks read one array of calls per hook, which pairs each function
 * with its module's entry: under RCU if it holds one function, which does not sleep (struct
 * stacker_loaded_hook's @sleepable), under loaded_srcu otherwise. An array is never changed
 * while published: each hook has two, and a change fills the one not published, publishes it,
 * and waits for the readers of both kinds, after which the old one is free for the next
 * change. Nothing is allocated, so unregistration cannot fail. When stacker_unregister_module()
 * returns, no CPU runs or will run the module's code, sleeping hooks included, and its entry is
 * free; the values it left on live objects are freed with their objects, and its caches when the
 * last of them is gone (loaded_values.c).
 *
 * While one loaded module implements a hook with a function that does not sleep, the hook's
 * framework slot calls that function itself, with no run-time hook in between, as it calls a
 * built-in module's (loaded_direct): the change that ends this waits for Tasks RCU too.
 */

#include "stacker.h"

#include <linux/bits.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/ratelimit.h>
#include <linux/seq_file.h>
#include <linux/srcu.h>
#include <linux/static_call.h>
#include <linux/string.h>

/* "stacker.loadable=": the names of the modules that may be loaded, comma-separated. */
static char loadable_names[STACKER_MAX_MODULES * (STACKER_NAME_MAX + 1)];
module_param_string(loadable, loadable_names, sizeof(loadable_names), 0444);
MODULE_PARM_DESC(loadable, "Security modules that may be loaded at run time, comma-separated");

/**
 * stacker_loadable_named() - whether "stacker.loadable=" names any module
 *
 * If it names none, no module can ever register, and objects need no value list for one.
 *
 * Context: Boot (after the command line is parsed) or later.
 * Return: true if the list is not empty.
 */
bool stacker_loadable_named(void)
{
	return loadable_names[0];
}

DEFINE_STATIC_SRCU(loaded_srcu);

/* Index of each run-time hook: LOADABLE_<hook>. */
enum loadable_hook {
#define LOADABLE_HOOK(NAME, PROTO, ARGS) LOADABLE_##NAME,
#include "loadable_hooks.h"
#undef LOADABLE_HOOK
	__LOADABLE_MAX
};

/*
 * What loadable_hooks.h says of each run-time hook: LOADABLE_ATOMIC, called where nothing may
 * sleep (no sleepable function for it); LOADABLE_FILTERED, its arguments changed on the way.
 */
#define LOADABLE_ATOMIC		BIT(0)
#define LOADABLE_FILTERED	BIT(1)
static const u8 loadable_flags[__LOADABLE_MAX] = {
#define LOADABLE_HOOK(NAME, PROTO, ARGS)
#define LOADABLE_ATOMIC_HOOK(NAME, PROTO, ARGS) \
	[LOADABLE_##NAME] = LOADABLE_ATOMIC,
#define LOADABLE_FILTERED_HOOK(NAME, PROTO, ARGS) \
	[LOADABLE_##NAME] = LOADABLE_FILTERED,
#include "loadable_hooks.h"
#undef LOADABLE_FILTERED_HOOK
#undef LOADABLE_ATOMIC_HOOK
#undef LOADABLE_HOOK
};

/* The framework's default result of each int hook, as security.c has it; a constant index folds. */
#define DEFAULT_int(DEFAULT) (DEFAULT)
#define DEFAULT_void(DEFAULT) 0
static const int loaded_defaults[__STACKER_HOOK_MAX] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	[STACKER_HOOK_##NAME] = DEFAULT_##RET(DEFAULT),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

#define LOADED_DEFAULT(NAME) loaded_defaults[STACKER_HOOK_##NAME]

/**
 * struct loaded_calls - the loaded modules that implement one hook, in load order
 * @count: number of entries in @call
 * @sleeps: some function in @call may sleep
 * @direct: one call, which does not sleep: the hook makes it under RCU, and reads every other
 *	array under SRCU
 * @call: each module's function, its entry, and the entry's index in stacker_entries (which
 *	indexes the call counters: computed once here, not divided out on each call)
 */
struct loaded_calls {
	int count;
	bool sleeps;
	bool direct;
	struct {
		union security_list_options fn;
		struct stacker_entry *e;
		int nr;
	} call[STACKER_MAX_MODULES];
};

/* Per hook: the published array of calls, or NULL; and the two arrays it alternates between. */
static struct loaded_calls __rcu *loaded_calls[__LOADABLE_MAX];
static struct loaded_calls loaded_buffers[__LOADABLE_MAX][2];

static __always_inline void count_call(int nr)
{
#ifdef CONFIG_SECURITY_STACKER_STATS
	if (static_branch_unlikely(&stacker_count_calls))
		this_cpu_inc(stacker_counts[nr].calls);
#endif
}

/*
 * Call function @i of @c. A result other than the default goes through stacker_judge(), so a
 * permissive module's denial is logged and passed on.
 */
#define LOADED_INT_CALL(NAME, ARGS, c, i, rc)						\
do {											\
	count_call((c)->call[i].nr);							\
	rc = (c)->call[i].fn.NAME ARGS;							\
	if (unlikely(rc != LOADED_DEFAULT(NAME)))					\
		rc = stacker_judge((c)->call[i].e, STACKER_HOOK_##NAME, rc,		\
				   LOADED_DEFAULT(NAME), false);			\
} while (0)

#define LOADED_VOID_CALL(NAME, ARGS, c, i, rc)						\
do {											\
	count_call((c)->call[i].nr);							\
	(c)->call[i].fn.NAME ARGS;							\
} while (0)

/*
 * Call the functions of @c in order, as call_int_hook() calls LSMs: an int hook's until one
 * returns other than the default (@rc), a void hook's all.
 */
#define LOADED_CALLS(CALL, NAME, ARGS, c, rc)						\
do {											\
	int __i;									\
											\
	for (__i = 0; (c) && __i < (c)->count && (rc) == LOADED_DEFAULT(NAME); __i++)	\
		CALL(NAME, ARGS, c, __i, rc);						\
} while (0)

/*
 * A hook's published array, read under RCU or under loaded_srcu. smp_rmb() pairs with
 * rcu_assign_pointer() in loaded_publish(): see there.
 */
static __always_inline const struct loaded_calls *loaded_calls_rcu(enum loadable_hook h)
{
	const struct loaded_calls *c = rcu_dereference(loaded_calls[h]);

	smp_rmb();	/* See above. */
	return c;
}

static __always_inline const struct loaded_calls *loaded_calls_srcu(enum loadable_hook h)
{
	const struct loaded_calls *c = srcu_dereference(loaded_calls[h], &loaded_srcu);

	smp_rmb();	/* See above. */
	return c;
}

/*
 * One run-time hook per hook of loadable_hooks.h. The usual case, one loaded module whose
 * function does not sleep (@direct), is called under RCU, which costs nothing on a kernel
 * without preemption, with no loop and no register saved but the array's address. Every other
 * array is read again, and called, under loaded_srcu in a function of its own
 * (loaded_srcu_<hook>()): the SRCU read side is out of line, and would make the RCU path save
 * registers.
 * Most of the time the hook's slot calls the usual case's function itself (loaded_direct), and
 * the run-time hook calls it only while calls are counted, for a hook that changes its
 * arguments, and while a slot changes.
 */
#define LOADABLE_HOOK(NAME, PROTO, ARGS)						\
static noinline int loaded_srcu_##NAME PROTO						\
{											\
	int idx = srcu_read_lock(&loaded_srcu);						\
	const struct loaded_calls *c = loaded_calls_srcu(LOADABLE_##NAME);		\
	int rc = LOADED_DEFAULT(NAME);							\
											\
	LOADED_CALLS(LOADED_INT_CALL, NAME, ARGS, c, rc);				\
	srcu_read_unlock(&loaded_srcu, idx);						\
	return rc;									\
}											\
											\
static int loaded_##NAME PROTO								\
{											\
	const struct loaded_calls *c;							\
	int rc = LOADED_DEFAULT(NAME);							\
											\
	rcu_read_lock();								\
	c = loaded_calls_rcu(LOADABLE_##NAME);						\
	if (likely(c && c->direct)) {							\
		LOADED_INT_CALL(NAME, ARGS, c, 0, rc);					\
		rcu_read_unlock();							\
		return rc;								\
	}										\
	rcu_read_unlock();								\
	return c ? loaded_srcu_##NAME ARGS : rc;					\
}

#define LOADABLE_VOID_HOOK(NAME, PROTO, ARGS)						\
static noinline void loaded_srcu_##NAME PROTO						\
{											\
	int idx = srcu_read_lock(&loaded_srcu);						\
	const struct loaded_calls *c = loaded_calls_srcu(LOADABLE_##NAME);		\
	int rc = 0;									\
											\
	LOADED_CALLS(LOADED_VOID_CALL, NAME, ARGS, c, rc);				\
	srcu_read_unlock(&loaded_srcu, idx);						\
}											\
											\
static void loaded_##NAME PROTO								\
{											\
	const struct loaded_calls *c;							\
											\
	rcu_read_lock();								\
	c = loaded_calls_rcu(LOADABLE_##NAME);						\
	if (likely(c && c->direct)) {							\
		LOADED_VOID_CALL(NAME, ARGS, c, 0, unused);				\
		rcu_read_unlock();							\
		return;									\
	}										\
	rcu_read_unlock();								\
	if (c)										\
		loaded_srcu_##NAME ARGS;						\
}

#include "loadable_hooks.h"
#undef LOADABLE_VOID_HOOK
#undef LOADABLE_HOOK

/* Registered at boot with @runtime set: off until a loaded module implements the hook. */
static struct security_hook_list loadable_hooks[] __ro_after_init = {
#define LOADABLE_HOOK(NAME, PROTO, ARGS) \
	{ .scalls = static_calls_table.NAME, .hook = { .NAME = loaded_##NAME }, .runtime = true },
#include "loadable_hooks.h"
#undef LOADABLE_HOOK
};

static const enum stacker_hook loadable_hook_ids[] = {
#define LOADABLE_HOOK(NAME, PROTO, ARGS) STACKER_HOOK_##NAME,
#include "loadable_hooks.h"
#undef LOADABLE_HOOK
};

/* The run-time hook that calls loaded modules' @hook, or -1 if there is none. */
static int loadable_index(enum stacker_hook hook)
{
	int i;

	for (i = 0; i < __LOADABLE_MAX; i++)
		if (loadable_hook_ids[i] == hook)
			return i;
	return -1;
}

/**
 * stacker_loadable_register() - register the run-time hooks, switched off
 * @lsmid: the stacker's own LSM id
 *
 * The framework keeps run-time hooks after every other hook, registered before or after these:
 * loaded modules are called after every built-in module and every other LSM.
 *
 * Context: Boot.
 */
void __init stacker_loadable_register(const struct lsm_id *lsmid)
{
	security_add_hooks(loadable_hooks, ARRAY_SIZE(loadable_hooks), lsmid);
}

/*
 * A run-time hook's slot that calls a loaded module's function itself, not the run-time hook:
 * the function @fn, of module @e; NULL while the slot calls the run-time hook. Written under
 * stacker_config_mutex by loaded_publish(), which sets both before it points the slot at @fn
 * and clears them once the slot calls the run-time hook again and no call of @fn is under way.
 * Read by stacker_loaded_direct(), on the denial path.
 */
static struct {
	void *fn;
	struct stacker_entry *e;
} loaded_direct[__LOADABLE_MAX];

/* The framework slot that holds run-time hook @h: found once the slots are settled. */
static struct lsm_static_call *loaded_slot(int h)
{
	struct lsm_static_call *scall = loadable_hooks[h].scalls;
	int i;

	for (i = 0; i < MAX_LSM_COUNT; i++, scall++)
		if (scall->hl == &loadable_hooks[h])
			return scall;
	return NULL;
}

/*
 * Point run-time hook @h's slot at @fn, or back at the run-time hook if @fn is NULL. The slot's
 * key, its static branch and static_calls_table stay as they are; only what the call calls
 * changes, as the framework set it at boot (lsm_static_call_init()).
 */
static void loaded_redirect(int h, void *fn)
{
	struct lsm_static_call *scall = loaded_slot(h);

	if (WARN_ON(!scall))
		return;
	__static_call_update(scall->key, scall->trampoline,
			     fn ?: loadable_hooks[h].hook.lsm_func_addr);
}

/*
 * The function run-time hook @h's slot may call itself, given its calls @c: that of the only
 * loaded module that implements it, if it does not sleep (the slot's caller holds no read-side
 * lock: loaded_publish() waits with synchronize_rcu_tasks()), takes the hook's arguments as
 * they are, and is not counted (the run-time hook counts a loaded module's calls). NULL if none.
 */
static void *direct_fn(const struct loaded_calls *c, int h)
{
	if (!c || !c->direct || (loadable_flags[h] & LOADABLE_FILTERED) || stacker_counting_calls())
		return NULL;
	return c->call[0].fn.lsm_func_addr;
}

/**
 * stacker_loaded_direct() - the loaded module whose function a framework slot called itself
 * @hl: the hook registered in the slot, which returned a denial
 * @hook: the hook's index
 * @slot: the slot
 *
 * A denial that a run-time hook returned was judged there; one that a loaded module's function
 * returned, called by the slot itself, is stacker_verdict()'s to judge, as a built-in module's.
 * Only while the slot changes can the two be taken for each other: a denial under way then may
 * be judged twice (counted and logged twice), or not at all (enforced as the module returned
 * it, whatever its mode), never as another module's (loaded_publish()).
 *
 * Context: Any context a hook runs in.
 * Return: the module's entry, or NULL if @hl is not a run-time hook or its slot calls it.
 */
const struct stacker_entry *stacker_loaded_direct(const struct security_hook_list *hl,
						  enum stacker_hook hook, int slot)
{
	int h;
	void *fn;

	if (hl < loadable_hooks || hl >= loadable_hooks + ARRAY_SIZE(loadable_hooks))
		return NULL;
	h = hl - loadable_hooks;
	fn = READ_ONCE(loaded_direct[h].fn);
	if (!fn || fn != stacker_slot_target(hook, slot))
		return NULL;
	smp_rmb();	/* @e after @fn: pairs with smp_wmb() in loaded_direct_update(). */
	return READ_ONCE(loaded_direct[h].e);
}

static bool is_loaded(const struct stacker_entry *e)
{
	return e->module.name && e->module.owner;
}

/* Append @e's function for run-time hook @h to @c, if @e implements that hook. */
static void add_call(struct loaded_calls *c, struct stacker_entry *e, int h)
{
	int k;

	for (k = 0; k < e->module.loaded_hooks_count; k++) {
		const struct stacker_loaded_hook *sh = &e->module.loaded_hooks[k];

		if (sh->hook == loadable_hook_ids[h]) {
			c->call[c->count].fn = sh->fn;
			c->call[c->count].e = e;
			c->call[c->count].nr = e - stacker_entries;
			c->count++;
			c->sleeps |= sh->sleepable;
			return;
		}
	}
}

/*
 * After loaded_publish() has published every hook's calls and waited: point each slot whose
 * hook now has a function to call directly (direct_fn()) at it, and forget the function of each
 * slot that loaded_publish() pointed back at its run-time hook.
 */
static void loaded_direct_update(void)
{
	int h;

	for (h = 0; h < __LOADABLE_MAX; h++) {
		const struct loaded_calls *c =
			rcu_dereference_protected(loaded_calls[h],
						  lockdep_is_held(&stacker_config_mutex));
		void *fn = direct_fn(c, h);

		if (fn == loaded_direct[h].fn)
			continue;
		WRITE_ONCE(loaded_direct[h].e, fn ? c->call[0].e : NULL);
		smp_wmb();	/* See stacker_loaded_direct(). */
		WRITE_ONCE(loaded_direct[h].fn, fn);
		/*
		 * The slot is patched after: the text patching synchronizes every CPU, so a call
		 * that reaches @fn through the slot finds both fields set.
		 */
		if (fn)
			loaded_redirect(h, fn);
	}
}

/*
 * Publish, for every run-time hook, the loaded modules that implement it (all loaded entries
 * but @leaving), switch each hook on or off to match, and wait until no CPU runs a hook with the
 * arrays this replaced: neither an RCU reader nor an SRCU one (a reader that found an array it
 * cannot call under RCU leaves RCU for SRCU, and reads the pointer again there).
 * A slot that called a module's function itself (loaded_direct) and must no longer is pointed
 * back at its run-time hook first; no read-side lock covers such a call, so the wait is then
 * also for every task that may be inside the function or between its return and
 * stacker_verdict(): preempted (synchronize_rcu_tasks()) or with preemption off, in an
 * interrupt included (synchronize_rcu()). Only then are slots pointed at functions anew.
 */
static void loaded_publish(const struct stacker_entry *leaving)
{
	bool redirected = false;
	bool changed = false;
	int h, i, pos;

	lockdep_assert_held(&stacker_config_mutex);
	for (h = 0; h < __LOADABLE_MAX; h++) {
		struct loaded_calls *old =
			rcu_dereference_protected(loaded_calls[h],
						  lockdep_is_held(&stacker_config_mutex));
		struct loaded_calls *c = &loaded_buffers[h][old == &loaded_buffers[h][0]];

		c->count = 0;
		c->sleeps = false;
		/* In call position order: the order in which the modules were loaded. */
		for (pos = 0; pos < STACKER_MAX_MODULES; pos++) {
			for (i = 0; i < stacker_nr_entries; i++) {
				struct stacker_entry *e = &stacker_entries[i];

				if (e->position == pos && is_loaded(e) && e != leaving)
					add_call(c, e, h);
			}
		}
		c->direct = c->count == 1 && !c->sleeps;
		if (loaded_direct[h].fn && loaded_direct[h].fn != direct_fn(c, h)) {
			loaded_redirect(h, NULL);
			redirected = true;
		}
		if (!old && !c->count)
			continue;
		/*
		 * Release: what the new calls need is written before they are published, the
		 * module's list id (stacker_values_load() gives it to the module's value id)
		 * included. A hook reads that id through the module's own value id, a global of
		 * the module, not through this pointer: no address dependency orders that load
		 * after this one, so the run-time hooks follow each dereference with smp_rmb()
		 * (a compiler barrier on x86; a load barrier where CPUs reorder loads).
		 */
		rcu_assign_pointer(loaded_calls[h], c->count ? c : NULL);
		if (!old != !c->count)
			security_toggle_hook(&loadable_hooks[h], c->count);
		changed = true;
	}
	if (!changed)
		return;
	synchronize_rcu();
	synchronize_srcu(&loaded_srcu);
	if (redirected)
		synchronize_rcu_tasks();
	loaded_direct_update();
}

/**
 * stacker_loadable_redirect() - decide again which slots call a loaded module directly
 *
 * For stacker_count_calls_set(): a loaded module's calls are counted by the run-time hook, so
 * while calls are counted every slot calls its run-time hook.
 *
 * Context: Process context, with stacker_config_mutex held; may wait for grace periods.
 */
void stacker_loadable_redirect(void)
{
	lockdep_assert_held(&stacker_config_mutex);
	loaded_publish(NULL);
}

/* Whether "stacker.loadable=" names @name. */
static bool listed(const char *name)
{
	const char *p = loadable_names;
	size_t len = strlen(name);

	while (*p) {
		size_t n = strcspn(p, ",");

		if (n == len && !strncmp(p, name, len))
			return true;
		p += n;
		if (*p)
			p++;
	}
	return false;
}

/*
 * A loaded module's description: hooks the stacker can call, each once, sleepable only where
 * the hook may sleep; nothing built-in.
 */
static int check_module(const struct stacker_module *m)
{
	DECLARE_BITMAP(seen, __STACKER_HOOK_MAX) = { 0 };
	int i;

	if (!m->name || !*m->name || strlen(m->name) > STACKER_NAME_MAX || strchr(m->name, ' ') ||
	    !m->owner || m->lsmid || m->hooks || m->init || m->flags ||
	    m->loaded_hooks_count < 0 || (m->loaded_hooks_count && !m->loaded_hooks))
		return -EINVAL;
	for (i = 0; i < m->loaded_hooks_count; i++) {
		enum stacker_hook hook = m->loaded_hooks[i].hook;

		if (hook >= __STACKER_HOOK_MAX || loadable_index(hook) < 0) {
			pr_err("loading \"%s\" refused: hook %s cannot be loaded at run time\n",
			       m->name, stacker_hook_name(hook));
			return -EINVAL;
		}
		if (__test_and_set_bit(hook, seen)) {
			pr_err("loading \"%s\" refused: hook %s listed twice\n", m->name,
			       stacker_hook_name(hook));
			return -EINVAL;
		}
		if (m->loaded_hooks[i].sleepable &&
		    (loadable_flags[loadable_index(hook)] & LOADABLE_ATOMIC)) {
			pr_err("loading \"%s\" refused: hook %s is called where nothing may sleep\n",
			       m->name, stacker_hook_name(hook));
			return -EINVAL;
		}
	}
	return 0;
}

/* A free entry after the built-in ones, or NULL. */
static struct stacker_entry *free_entry(void)
{
	int i;

	for (i = stacker_nr_builtin; i < STACKER_MAX_MODULES; i++)
		if (!stacker_entries[i].module.name)
			return &stacker_entries[i];
	return NULL;
}

/* The next call position: after every built-in and loaded module. */
static int next_position(void)
{
	int i, pos = 0;

	for (i = 0; i < stacker_nr_entries; i++)
		pos = max(pos, stacker_entries[i].position + 1);
	return pos;
}

/*
 * Stop calling @e's hooks, wait until no CPU runs one, let its values go and free its entry. Its
 * description stays valid until this returns.
 */
static void unhost(struct stacker_entry *e)
{
	int i, position = e->position;

	lockdep_assert_held(&stacker_config_mutex);
	loaded_publish(e);
	stacker_values_unload(&e->module);
	WRITE_ONCE(stacker_modes[e - stacker_entries], STACKER_DISABLED);
	memset(&e->module, 0, sizeof(e->module));
	e->position = -1;
	for (i = 0; i < stacker_nr_entries; i++)
		if (stacker_entries[i].position > position)
			stacker_entries[i].position--;
}

/**
 * stacker_register_module() - host a security module loaded at run time
 * @m: the module's description, which must stay valid until stacker_unregister_module(); its
 *	@owner is THIS_MODULE, its hooks are in @loaded_hooks, and its value id, if any, gets
 *	its list id here
 *
 * The module's hooks are called, after every built-in module's, from the moment this returns.
 *
 * Context: Process context, from the module's init function; takes stacker_config_mutex.
 * Return: 0; -EPERM if @m is not named on "stacker.loadable=", the caller lacks
 * CAP_SYS_MODULE or CAP_MAC_ADMIN, or the stacker is locked; -EBUSY if @m's module is being
 * unloaded; -EINVAL for a malformed
 * description, a hook the stacker cannot call at run time, a sleepable function for a hook
 * called where nothing may sleep, or values it cannot keep; -EEXIST if
 * a module of that name is hosted; -ENOSPC if STACKER_MAX_MODULES are; -ENOMEM. On error
 * nothing is registered, and the reason is logged.
 */
int stacker_register_module(struct stacker_module *m)
{
	struct stacker_entry *e;
	int rc;

	rc = check_module(m);
	if (rc) {
		pr_err("loading a module refused: malformed description\n");
		return rc;
	}
	if (!listed(m->name)) {
		pr_err("loading \"%s\" refused: not named on stacker.loadable=\n", m->name);
		return -EPERM;
	}
	if (!capable(CAP_SYS_MODULE) || !capable(CAP_MAC_ADMIN)) {
		pr_err("loading \"%s\" refused: needs CAP_SYS_MODULE and CAP_MAC_ADMIN\n", m->name);
		return -EPERM;
	}

	mutex_lock(&stacker_config_mutex);
	if (stacker_locked) {
		pr_err("loading \"%s\" refused: the stacker is locked\n", m->name);
		rc = -EPERM;
		goto out;
	}
	/* Its going notifier may have run already: nothing would withdraw it (see below). */
	if (m->owner->state == MODULE_STATE_GOING) {
		pr_err("loading \"%s\" refused: its module is going\n", m->name);
		rc = -EBUSY;
		goto out;
	}
	if (stacker_entry_named(m->name)) {
		pr_err("loading \"%s\" refused: a module of that name is hosted\n", m->name);
		rc = -EEXIST;
		goto out;
	}
	e = free_entry();
	if (!e) {
		pr_err("loading \"%s\" refused: %d modules are hosted\n", m->name,
		       STACKER_MAX_MODULES);
		rc = -ENOSPC;
		goto out;
	}
	rc = stacker_values_load(m);
	if (rc) {
		pr_err("loading \"%s\" refused: cannot keep its values (%d)\n", m->name, rc);
		goto out;
	}
	e->position = next_position();
	stacker_reset_counts(e);
	WRITE_ONCE(stacker_modes[e - stacker_entries], STACKER_ENFORCING);
	e->module = *m;
	stacker_log_default(e);
	stacker_nr_entries = max_t(int, stacker_nr_entries, e - stacker_entries + 1);
	loaded_publish(NULL);
	pr_notice("loaded module \"%s\" at position %d\n", m->name, e->position);
out:
	mutex_unlock(&stacker_config_mutex);
	return rc;
}
EXPORT_SYMBOL_GPL(stacker_register_module);

/**
 * stacker_unregister_module() - stop hosting a loaded module
 * @m: the module, as registered
 *
 * When this returns no CPU runs any of @m's hooks, and none will; the values @m left on live
 * objects stay until the objects are freed, unreachable by any module (loaded_values.c).
 *
 * Context: Process context, from the module's exit function; takes stacker_config_mutex and
 * waits for an SRCU grace period.
 */
void stacker_unregister_module(struct stacker_module *m)
{
	struct stacker_entry *e;

	mutex_lock(&stacker_config_mutex);
	e = stacker_entry_named(m->name);
	if (WARN_ON(!e || !is_loaded(e) || e->module.owner != m->owner)) {
		mutex_unlock(&stacker_config_mutex);
		return;
	}
	unhost(e);
	mutex_unlock(&stacker_config_mutex);
	pr_notice("unloaded module \"%s\"\n", m->name);
}
EXPORT_SYMBOL_GPL(stacker_unregister_module);

/*
 * A module that goes while it is hosted, because its init function failed after it registered,
 * because its exit function does not unregister, or because it is force-unloaded after the lock
 * pinned it (rmmod -f, which taints the kernel): its code and description are about to be freed,
 * so its hooks are withdrawn here, before that, whatever the lock says. The module loader calls
 * this after the module's exit function (or failed init) and before it frees the module.
 */
static int loadable_module_going(struct notifier_block *nb, unsigned long action, void *data)
{
	struct module *mod = data;
	int i;

	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&stacker_config_mutex);
	for (i = stacker_nr_builtin; i < stacker_nr_entries; i++) {
		struct stacker_entry *e = &stacker_entries[i];

		if (!is_loaded(e) || e->module.owner != mod)
			continue;
		pr_warn("module \"%s\" went without unregistering: its hooks are withdrawn\n",
			e->module.name);
		unhost(e);
	}
	mutex_unlock(&stacker_config_mutex);
	return NOTIFY_DONE;
}

static struct notifier_block loadable_module_nb = {
	.notifier_call = loadable_module_going,
};

/* Before user space can load any module. */
static int __init loadable_notifier_init(void)
{
	return register_module_notifier(&loadable_module_nb);
}
core_initcall(loadable_notifier_init);

/**
 * stacker_loadable_lock() - pin every loaded module: none can be unloaded after the lock
 *
 * A module being unloaded as the lock is taken has no reference left to take: it goes.
 *
 * Context: Process context, with stacker_config_mutex held, as the stacker is locked.
 */
void stacker_loadable_lock(void)
{
	int i;

	lockdep_assert_held(&stacker_config_mutex);
	for (i = 0; i < stacker_nr_entries; i++) {
		struct stacker_entry *e = &stacker_entries[i];

		if (is_loaded(e) && !try_module_get(e->module.owner))
			pr_warn("module \"%s\" is being unloaded as the stacker locks\n",
				e->module.name);
	}
}

/**
 * stacker_loaded_implements() - whether a loaded module implements a hook
 * @m: the module
 * @hook: the hook's index
 *
 * Context: Any context.
 * Return: true if @hook is in @m's hooks.
 */
bool stacker_loaded_implements(const struct stacker_module *m, enum stacker_hook hook)
{
	int i;

	for (i = 0; i < m->loaded_hooks_count; i++)
		if (m->loaded_hooks[i].hook == hook)
			return true;
	return false;
}
