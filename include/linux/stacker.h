/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stacker: the interface between the stacker LSM and the security modules it hosts.
 *
 * A hosted module describes itself with a struct stacker_module. Its hooks are registered with
 * the LSM framework under its own struct lsm_id, in the order chosen at boot, so the framework's
 * static calls dispatch straight to them. Its per-object data ("values") is reached with
 * security_get_value() and friends, in the stacker's build and without it: an area of the
 * object's security blob laid out at boot for the selected modules (inline), or an entry on the
 * object's value list.
 */
#ifndef _LINUX_STACKER_H
#define _LINUX_STACKER_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/gfp_types.h>
#include <linux/list.h>
#include <linux/lsm_hooks.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/types.h>

struct file;
struct module;

/**
 * enum stacker_object - the kinds of kernel object that carry per-module values
 * @STACKER_CRED: struct cred
 * @STACKER_TASK: struct task_struct
 * @STACKER_FILE: struct file
 * @STACKER_INODE: struct inode
 * @STACKER_SUPERBLOCK: struct super_block
 * @STACKER_IPC: struct kern_ipc_perm
 * @STACKER_MSG_MSG: struct msg_msg
 * @STACKER_SOCK: struct sock
 * @STACKER_KEY: struct key; inline values only: Linux 6.12 frees a key's blob without calling
 *	any hook, so the stacker could not free a list value with the key
 * @STACKER_USER_NS: struct user_namespace, but the initial one, which has no blob
 * @__STACKER_OBJECT_MAX: number of object kinds
 */
enum stacker_object {
	STACKER_CRED,
	STACKER_TASK,
	STACKER_FILE,
	STACKER_INODE,
	STACKER_SUPERBLOCK,
	STACKER_IPC,
	STACKER_MSG_MSG,
	STACKER_SOCK,
	STACKER_KEY,
	STACKER_USER_NS,
	__STACKER_OBJECT_MAX
};

/* Most modules the stacker hosts at once, capability included. */
#define STACKER_MAX_MODULES 8

/*
 * enum stacker_hook - one index per LSM hook, STACKER_HOOK_<name>, generated from
 * lsm_hook_defs.h; __STACKER_HOOK_MAX is the number of hooks.
 */
enum stacker_hook {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) STACKER_HOOK_##NAME,
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
	__STACKER_HOOK_MAX
};

/* The module is always selected, always first, and never permissive (capability). */
#define STACKER_MODULE_MANDATORY	BIT(0)
/*
 * The module writes an audit record of each of its policy denials (-EACCES) itself, with
 * stacker_module_permissive() as a field of it: the stacker logs no line of its own for them,
 * so that a denial is one event.
 */
#define STACKER_MODULE_AUDITS		BIT(1)
/*
 * The module's denials are routine (a failed capable(): an unprivileged hostname, a daemon
 * probing for a capability): counted, and logged only when its switch in the stacker's "log"
 * file is turned on. Other modules' denials are logged until it is turned off.
 */
#define STACKER_MODULE_ROUTINE_DENIALS	BIT(2)
/*
 * The module is hosted only when "stacker=" or CONFIG_SECURITY_STACKER_DEFAULT names it, not in
 * the default stack of every built-in module (test modules).
 */
#define STACKER_MODULE_NAMED_ONLY	BIT(3)

/**
 * enum stacker_change - what a write to the stacker's files would change for a hosted module
 * @STACKER_CHANGE_MODE: the module's mode (enforcing or permissive)
 * @STACKER_CHANGE_LOG: whether the stacker logs the module's denials
 * @STACKER_CHANGE_LOCK: the stacker's lock, which fixes every module's mode and log switch
 */
enum stacker_change {
	STACKER_CHANGE_MODE,
	STACKER_CHANGE_LOG,
	STACKER_CHANGE_LOCK,
};

/**
 * struct stacker_value_id - a hosted module's handle on its per-object values
 * @blobs: the module's needs, in bytes, per object kind, as any LSM declares them. For an inline
 *	module (@list zero) each need becomes, at boot, the offset of the module's area in the
 *	object's security blob: laid out by the stacker among the selected modules, or by the
 *	framework when the stacker is compiled out. For a list module, the size of its values.
 * @list: zero for a module whose values are inline; otherwise its list id, below
 *	STACKER_MAX_LIST_IDS, and its values live on the object's list
 *
 * Declare it const, next to the module's code, so that security_get_value() folds to one load
 * and one addition: the same code as a field of the module's own framework blob.
 */
struct stacker_value_id {
	struct lsm_blob_sizes *blobs;
	unsigned int list;
};

/* List ids run from 1 to STACKER_MAX_LIST_IDS - 1. */
#define STACKER_MAX_LIST_IDS 8

/**
 * struct stacker_loaded_hook - a hook of a module loaded at run time
 * @hook: which hook, STACKER_HOOK_<name>; the stacker refuses those it cannot call at run time
 *	(Documentation/security/stacker.rst lists the ones it can)
 * @fn: the module's function, in the member named after the hook
 * @sleepable: @fn may sleep. The stacker then calls the hook's loaded functions under SRCU,
 *	and refuses the entry for a hook called where nothing may sleep. Otherwise @fn must not
 *	sleep: it may be called as a built-in module's function is, in the hook's own context
 *	with no read-side lock of the stacker's held, and a module that goes waits until no
 *	task is inside it. As BPF's sleepable LSM programs.
 */
struct stacker_loaded_hook {
	enum stacker_hook hook;
	union security_list_options fn;
	bool sleepable;
};

/* An entry of a loaded module's hook table, as LSM_HOOK_INIT() is for a built-in one. */
#define STACKER_HOOK_INIT(NAME, FN) { .hook = STACKER_HOOK_##NAME, .fn = { .NAME = FN } }
/* The same, for a function that may sleep. */
#define STACKER_HOOK_INIT_SLEEPABLE(NAME, FN)						\
	{ .hook = STACKER_HOOK_##NAME, .fn = { .NAME = FN }, .sleepable = true }

/**
 * struct stacker_module - a security module hosted by the stacker
 * @name: name used on the "stacker=" boot parameter and in securityfs
 * @lsmid: LSM id under which a built-in module's hooks are registered; NULL for a loaded one
 * @hooks: hooks the stacker registers for a built-in module, or NULL
 * @hooks_count: number of entries in @hooks
 * @values: where the module keeps per-object data, or NULL if it keeps none. A loaded
 *	module's values are list values, and its value id is not const: stacker_register_module()
 *	gives it its list id
 * @flags: STACKER_MODULE_* flags
 * @init: optional set-up of a built-in module, called once when the module is selected, in
 *	call order; it may register hooks of its own with security_add_hooks() under @lsmid,
 *	and queue hooks that must follow every other LSM with stacker_add_late_hooks(). A
 *	non-zero return leaves the module disabled, so @init registers nothing before it can no
 *	longer fail. The stacker registers @hooks after a successful @init.
 * @owner: a loaded module's THIS_MODULE; NULL for a built-in one
 * @loaded_hooks: a loaded module's hooks, which the stacker calls after every built-in module
 * @loaded_hooks_count: number of entries in @loaded_hooks
 * @may_change_policy: optional: whether the task writing @file may make the change of enum
 *	stacker_change to this module: its mode, its log switch, or the lock (which fixes both).
 *	A mode is the module's policy, so the module's own rules decide (who may change its
 *	policy, whether it is frozen): 0, or -EPERM after the module's own log line naming why.
 *	Called after the stacker's own check (CAP_MAC_ADMIN in the opener and the writer), which
 *	is all a module without it gets. Called in process context, under the stacker's mode
 *	mutex; it may sleep.
 */
struct stacker_module {
	const char *name;
	const struct lsm_id *lsmid;
	struct security_hook_list *hooks;
	int hooks_count;
	const struct stacker_value_id *values;
	unsigned int flags;
	int (*init)(void);
	struct module *owner;
	const struct stacker_loaded_hook *loaded_hooks;
	int loaded_hooks_count;
	int (*may_change_policy)(struct file *file, enum stacker_change change);
};

/*
 * DEFINE_STACKER_MODULE - declare a built-in hosted module, as DEFINE_LSM() does for an LSM.
 * The table lives in init memory: the stacker copies what it keeps at boot.
 */
#define DEFINE_STACKER_MODULE(mod)					\
	static struct stacker_module __stacker_module_##mod		\
		__used __section(".stacker_modules.init")		\
		__aligned(sizeof(unsigned long))

extern struct stacker_module __start_stacker_modules[], __end_stacker_modules[];

/*
 * The need of @b for one object kind. With a constant @kind, as every caller has, the switch
 * folds away.
 */
static __always_inline int *stacker_need(struct lsm_blob_sizes *b, enum stacker_object kind)
{
	switch (kind) {
	case STACKER_CRED:
		return &b->lbs_cred;
	case STACKER_TASK:
		return &b->lbs_task;
	case STACKER_FILE:
		return &b->lbs_file;
	case STACKER_INODE:
		return &b->lbs_inode;
	case STACKER_SUPERBLOCK:
		return &b->lbs_superblock;
	case STACKER_IPC:
		return &b->lbs_ipc;
	case STACKER_MSG_MSG:
		return &b->lbs_msg_msg;
	case STACKER_SOCK:
		return &b->lbs_sock;
	case STACKER_USER_NS:
		return &b->lbs_user_ns;
	case STACKER_KEY:
	default:
		return &b->lbs_key;
	}
}

#ifdef CONFIG_SECURITY_STACKER

extern struct lsm_blob_sizes stacker_blob_sizes;

void *security_alloc_value(enum stacker_object kind, const struct stacker_value_id *id, gfp_t gfp);
void security_free_value(void *value);
int security_set_value(void *blob, enum stacker_object kind, const struct stacker_value_id *id,
		       void *value);
void security_del_value(void *blob, enum stacker_object kind, const struct stacker_value_id *id);
/* The list halves of security_get_value() and security_attach_value(): not for modules. */
void *stacker_find_value(void *blob, enum stacker_object kind, unsigned int list);
void *stacker_attach_list_value(void *blob, enum stacker_object kind, unsigned int list,
				gfp_t gfp);
void __init stacker_add_late_hooks(struct security_hook_list *hooks, int count,
				   const struct lsm_id *lsmid);
bool stacker_module_permissive(const struct lsm_id *lsmid);

#else /* !CONFIG_SECURITY_STACKER */

/* Without the stacker no module has list values: every id is inline. */
static inline void *stacker_find_value(void *blob, enum stacker_object kind, unsigned int list)
{
	return NULL;
}

static inline void *stacker_attach_list_value(void *blob, enum stacker_object kind,
					      unsigned int list, gfp_t gfp)
{
	return NULL;
}

static inline int security_set_value(void *blob, enum stacker_object kind,
				     const struct stacker_value_id *id, void *value)
{
	return -EOPNOTSUPP;
}

static inline void security_del_value(void *blob, enum stacker_object kind,
				      const struct stacker_value_id *id)
{
}

static inline void stacker_add_late_hooks(struct security_hook_list *hooks, int count,
					  const struct lsm_id *lsmid)
{
}

/* Without the stacker a module is always enforcing. */
static inline bool stacker_module_permissive(const struct lsm_id *lsmid)
{
	return false;
}

#endif /* CONFIG_SECURITY_STACKER */

#ifdef CONFIG_SECURITY_STACKER_LOADABLE
int stacker_register_module(struct stacker_module *m);
void stacker_unregister_module(struct stacker_module *m);
#endif

/**
 * security_get_value() - a module's value on an object
 * @blob: the object's security blob (cred->security, inode->i_security, ...)
 * @kind: the kind of object, a constant
 * @id: the module's value id, a constant object
 *
 * An inline module's value is its area of @blob: @blob plus the offset that boot put in
 * @id->blobs, with no search and no allocation, in the stacker's build exactly as in a build
 * without it. A list module's value is searched for on the object's list.
 *
 * Context: Any context. The caller keeps the object alive (a reference, or an RCU read-side
 * critical section for objects freed through RCU, which is also what a list value that may be
 * deleted needs).
 * Return: the value; for a list module, NULL if it has none on this object.
 */
static __always_inline void *security_get_value(void *blob, enum stacker_object kind,
						const struct stacker_value_id *id)
{
	if (!id->list)
		return blob + *stacker_need(id->blobs, kind);
	return stacker_find_value(blob, kind, id->list);
}

/**
 * security_attach_value() - a module's value on an object, attached first if it has none
 * @blob: the object's security blob
 * @kind: the kind of object
 * @id: the module's value id
 * @gfp: allocation flags, for a list module's new value
 *
 * For a module's alloc hooks, which own the object they set up. An inline module's area is
 * always there; a list module gets a zeroed value from its cache, attached to the object.
 *
 * Context: As @gfp allows; the caller serializes writers as for security_set_value().
 * Return: the value, or NULL if out of memory.
 */
static __always_inline void *security_attach_value(void *blob, enum stacker_object kind,
						   const struct stacker_value_id *id, gfp_t gfp)
{
	if (!id->list)
		return security_get_value(blob, kind, id);
	return stacker_attach_list_value(blob, kind, id->list, gfp);
}

/* Room for stacker_escaped_comm(): every byte of a task's name as \xNN, and the NUL. */
#define STACKER_COMM_ESCAPED (4 * TASK_COMM_LEN + 1)

/**
 * stacker_escaped_comm() - the current task's name, safe to print between quotes
 * @buf: STACKER_COMM_ESCAPED bytes
 *
 * A task names itself (prctl(PR_SET_NAME), or the name of the file it executes): quotes,
 * backslashes and bytes that are not printable ASCII become \xNN, so a log line cannot be
 * forged by a name that closes the quote, and no look-alike or invalid UTF-8 gets through.
 * For the log lines of the stacker and of the modules it hosts, in either build.
 *
 * Context: Any context.
 * Return: @buf.
 */
static inline const char *stacker_escaped_comm(char *buf)
{
	char comm[TASK_COMM_LEN];
	int n;

	/* Copied as printk's "%s" of it would read it: no task_lock(), a hook may run in IRQ. */
	memcpy(comm, current->comm, sizeof(comm));
	comm[sizeof(comm) - 1] = '\0';
	n = string_escape_mem(comm, strnlen(comm, sizeof(comm)), buf, STACKER_COMM_ESCAPED - 1,
			      ESCAPE_NAP | ESCAPE_HEX | ESCAPE_APPEND, "\"\\");
	buf[n] = '\0';
	return buf;
}

#ifdef CONFIG_SECURITY_STACKER

int stacker_verdict(long rc, const struct security_hook_list *hl, enum stacker_hook hook,
		    int slot, int allowed, bool quiet);

#ifdef CONFIG_SECURITY_STACKER_STATS
#include <linux/jump_label.h>
struct lsm_static_call;
DECLARE_STATIC_KEY_FALSE(stacker_count_calls);
void stacker_count_slots(enum stacker_hook hook, const struct lsm_static_call *slots);
int stacker_count_int_hook(enum stacker_hook hook, const struct lsm_static_call *slots, int rc,
			   int allowed);
int stacker_count_ended(enum stacker_hook hook, int last, int rc);
#endif

#endif /* CONFIG_SECURITY_STACKER */

/*
 * Used by security.c's hook loops. A result other than the hook's default ends the hook, but a
 * denial (-EACCES, -EPERM) goes to the stacker first, which attributes it to the hosted module
 * that made it and drops the denials of a permissive module; that is off the fast path, which
 * pays nothing. The other results (a size, 0 where the default is an error) only end the hook,
 * as without the stacker. stacker_verdict() takes the result first, as a long: GCC then tests it
 * in the register the call returned it in (as an int after the hook list, it copied every
 * result before the test). lsm_hook_quiet, which call_int_hook_quiet() defines around the loop:
 * the caller asked not to be audited (CAP_OPT_NOAUDIT), and the stacker logs no denial.
 * Its result variable, __vrc, is named so that a caller's (__rc, RC) may be @RC.
 */
#ifdef CONFIG_SECURITY_STACKER
#define LSM_HOOK_VERDICT(HOOK, NUM, RC)						\
({										\
	int __vrc = (RC);							\
										\
	if (unlikely(__vrc != LSM_RET_DEFAULT(HOOK))) {				\
		if (__vrc == -EACCES || __vrc == -EPERM)			\
			__vrc = stacker_verdict(__vrc,				\
						static_calls_table.HOOK[NUM].hl, \
						STACKER_HOOK_##HOOK, NUM,	\
						LSM_RET_DEFAULT(HOOK),		\
						lsm_hook_quiet);		\
		else								\
			LSM_HOOK_COUNT_ENDED(HOOK, NUM, __vrc);			\
	}									\
	__vrc;									\
})
#else
#define LSM_HOOK_VERDICT(HOOK, NUM, RC) (RC)
#endif

/*
 * With statistics built, calls are counted only while counting is switched on (the stacker's
 * "count" file, or stacker.count=1 at boot): one per-CPU increment per call of a framework slot.
 * They are counted once per hook, at its end, not in each slot: off, as a distribution would
 * ship it, a hook pays one static branch that is not taken, whatever the number of its slots in
 * use. A hook that reaches its end with the default result called every slot in use (slots are
 * filled in order, and the first that is off ends the hook); an int hook that another result
 * ended was counted up to that slot, by stacker_verdict() for a denial, LSM_HOOK_COUNT_ENDED()
 * for another result. stacker_count_int_hook() and stacker_count_ended() return @rc, so that
 * the hook need not keep it in a register of its own across the call.
 */
#ifdef CONFIG_SECURITY_STACKER_STATS
#define LSM_HOOK_COUNT(HOOK)							\
do {										\
	if (static_branch_unlikely(&stacker_count_calls))			\
		stacker_count_slots(STACKER_HOOK_##HOOK, static_calls_table.HOOK); \
} while (0)

#define LSM_HOOK_COUNT_INT(HOOK, rc)						\
do {										\
	if (static_branch_unlikely(&stacker_count_calls))			\
		rc = stacker_count_int_hook(STACKER_HOOK_##HOOK,		\
					    static_calls_table.HOOK, rc,	\
					    LSM_RET_DEFAULT(HOOK));		\
} while (0)

#define LSM_HOOK_COUNT_ENDED(HOOK, NUM, rc)					\
do {										\
	if (static_branch_unlikely(&stacker_count_calls))			\
		rc = stacker_count_ended(STACKER_HOOK_##HOOK, NUM, rc);		\
} while (0)
#else
#define LSM_HOOK_COUNT(HOOK) do { } while (0)
#define LSM_HOOK_COUNT_INT(HOOK, rc) do { } while (0)
#define LSM_HOOK_COUNT_ENDED(HOOK, NUM, rc) do { } while (0)
#endif

#endif /* _LINUX_STACKER_H */
