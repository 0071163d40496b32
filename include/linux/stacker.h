/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stacker: the interface between the stacker LSM and the security modules it hosts.
 *
 * A hosted module describes itself with a struct stacker_module. Its hooks are registered with
 * the LSM framework under its own struct lsm_id, in the order chosen at boot, so the framework's
 * static calls dispatch straight to them. Its per-object data ("values") hangs off the stacker's
 * blob in each object and is reached with security_get_value() and friends.
 */
#ifndef _LINUX_STACKER_H
#define _LINUX_STACKER_H

#include <linux/compiler.h>
#include <linux/gfp_types.h>
#include <linux/list.h>
#include <linux/lsm_hooks.h>
#include <linux/types.h>

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
 * @__STACKER_OBJECT_MAX: number of object kinds
 *
 * Keys carry no values: Linux 6.12 frees a key's blob without calling any hook, so the stacker
 * could not free a module's value with the key.
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
	__STACKER_OBJECT_MAX
};

/**
 * enum stacker_id - value ids of the modules built into the kernel
 * @STACKER_ID_CAPABILITY: the commoncap hooks
 * @STACKER_ID_LABEL: the label module
 * @STACKER_ID_TEST_A: KUnit test module with a fixed value slot
 * @__STACKER_ID_BUILTIN_MAX: number of fixed value slots in every object
 * @STACKER_ID_TEST_B: KUnit test module whose values live on the object's list,
 *	as a module registered after boot would
 *
 * Ids below __STACKER_ID_BUILTIN_MAX own a fixed slot in every object's blob that holds their
 * value inline (at most STACKER_SLOT_SIZE bytes): security_get_value() is an address in the
 * blob, as a module's own framework blob would be, and nothing is allocated. Larger ids keep
 * values from their own kmem_cache on the object's list.
 */
enum stacker_id {
	STACKER_ID_CAPABILITY,
	STACKER_ID_LABEL,
#ifdef CONFIG_SECURITY_STACKER_KUNIT_TEST
	STACKER_ID_TEST_A,
#endif
	__STACKER_ID_BUILTIN_MAX,
#ifdef CONFIG_SECURITY_STACKER_KUNIT_TEST
	STACKER_ID_TEST_B = __STACKER_ID_BUILTIN_MAX,
#endif
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

/**
 * struct stacker_module - a security module hosted by the stacker
 * @name: name used on the "stacker=" boot parameter and in securityfs
 * @id: value id (enum stacker_id for built-in modules)
 * @lsmid: LSM id under which the module's hooks are registered
 * @hooks: hooks the stacker registers for the module, or NULL
 * @hooks_count: number of entries in @hooks
 * @value_size: bytes of per-object data the module keeps, per object kind
 * @flags: STACKER_MODULE_* flags
 * @init: optional set-up, called once when the module is selected, in call order; it may
 *	register hooks of its own with security_add_hooks() under @lsmid, and queue hooks that
 *	must follow every other LSM with stacker_add_late_hooks(). A non-zero return leaves the
 *	module disabled, so @init registers nothing before it can no longer fail. The stacker
 *	registers @hooks after a successful @init.
 */
struct stacker_module {
	const char *name;
	unsigned int id;
	const struct lsm_id *lsmid;
	struct security_hook_list *hooks;
	int hooks_count;
	unsigned int value_size[__STACKER_OBJECT_MAX];
	unsigned int flags;
	int (*init)(void);
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

/* Bytes of inline value a built-in module has in each slot: one pointer or word. */
#define STACKER_SLOT_SIZE sizeof(unsigned long)

/**
 * struct stacker_blob - the stacker's part of an object's security blob
 * @slot: values of built-in modules, inline, indexed by enum stacker_id; zeroed with the blob
 * @values: values of the other modules, struct stacker_value entries
 *
 * Writers of one object's values are serialized by the object's owner (values are set while the
 * object is being created or by the module under its own lock). A slot lives and dies with the
 * blob. List values are published with hlist_add_head_rcu() and read under RCU; they are freed
 * with the object, or after an RCU grace period by security_del_value().
 */
struct stacker_blob {
	unsigned long slot[__STACKER_ID_BUILTIN_MAX];
	struct hlist_head values;
};

/*
 * The object kinds on which built-in modules keep values: only these get a stacker blob and a
 * free hook, so a kind no module uses costs no allocation (a file blob alone would add a slab
 * allocation to every open). Blob sizes are fixed before any LSM initializes, so this is known
 * at build time: label keeps values on creds, inodes, IPC objects and sockets; the KUnit test
 * modules on creds.
 */
#define STACKER_LABEL_KINDS						\
	(BIT(STACKER_CRED) | BIT(STACKER_INODE) | BIT(STACKER_IPC) | BIT(STACKER_SOCK))
#define STACKER_TEST_KINDS BIT(STACKER_CRED)
#define STACKER_KINDS							\
	((IS_ENABLED(CONFIG_SECURITY_LABEL) ? STACKER_LABEL_KINDS : 0) |	\
	 (IS_ENABLED(CONFIG_SECURITY_STACKER_KUNIT_TEST) ? STACKER_TEST_KINDS : 0))

/*
 * Inode xattr slots the stacker reserves for hosted modules' inode_init_security hooks: blob
 * sizes are fixed before any LSM initializes, so this is a build-time count.
 */
#define STACKER_XATTR_SLOTS (IS_ENABLED(CONFIG_SECURITY_LABEL) ? 1 : 0)

#ifdef CONFIG_SECURITY_STACKER

extern struct lsm_blob_sizes stacker_blob_sizes;

void *stacker_find_value(const struct hlist_head *head, unsigned int id);
void *stacker_alloc_value(unsigned int id, enum stacker_object obj, gfp_t gfp);
void stacker_free_value(void *value);
int security_set_value(struct hlist_head *head, unsigned int id, void *value);
void security_del_value(struct hlist_head *head, unsigned int id);
void *stacker_attach_value(struct hlist_head *head, unsigned int id, enum stacker_object obj,
			   gfp_t gfp);
void __init stacker_add_late_hooks(struct security_hook_list *hooks, int count,
				   const struct lsm_id *lsmid);

/**
 * security_get_value() - a module's value on an object
 * @head: the object's value list, from stacker_values()
 * @id: the module's value id
 *
 * For a built-in module (a constant @id below __STACKER_ID_BUILTIN_MAX) this is the address of
 * its inline slot, computed without a load, exactly like a field of the module's own blob;
 * other ids search the object's list.
 *
 * Context: Any context. The caller holds a reference on the object, or is in an RCU read-side
 * critical section for objects freed through RCU (and for list values that may be deleted).
 * Return: the value; for a list id, NULL if the module has none on this object.
 */
static __always_inline void *security_get_value(const struct hlist_head *head, unsigned int id)
{
	if (id < __STACKER_ID_BUILTIN_MAX)
		return (void *)&container_of(head, struct stacker_blob, values)->slot[id];
	return stacker_find_value(head, id);
}

/**
 * stacker_values() - the value list of an object, from its security blob
 * @security: the object's blob (cred->security, inode->i_security, ...)
 * @offset: the stacker's offset in that blob, a member of stacker_blob_sizes
 *
 * Return: the list head that security_get_value() and friends take.
 */
static inline struct hlist_head *stacker_values(void *security, int offset)
{
	return &((struct stacker_blob *)(security + offset))->values;
}

int stacker_verdict(const struct security_hook_list *hl, enum stacker_hook hook, int rc,
		    int allowed);

#ifdef CONFIG_SECURITY_STACKER_STATS
#include <linux/percpu-defs.h>
DECLARE_PER_CPU(unsigned long[__STACKER_HOOK_MAX][MAX_LSM_COUNT], stacker_hook_calls);
#endif

/*
 * A module's value on an object, the same source for both builds. @security is the object's
 * blob, @lbs the struct lsm_blob_sizes member for its kind, @blobs the module's own blob sizes
 * (used when the stacker is compiled out), @id the module's value id.
 */
#define STACKER_VALUE(security, lbs, blobs, id)					\
	security_get_value(stacker_values((security), stacker_blob_sizes.lbs), (id))
/* The same, allocating and attaching the value first if the object has none: NULL if OOM. */
#define STACKER_ATTACH_VALUE(security, lbs, blobs, id, obj, gfp)			\
	stacker_attach_value(stacker_values((security), stacker_blob_sizes.lbs), (id),	\
			     (obj), (gfp))

#else /* !CONFIG_SECURITY_STACKER */

/* Stacker compiled out: a module's value is its own part of the object's framework blob. */
#define STACKER_VALUE(security, lbs, blobs, id) ((void *)((security) + (blobs).lbs))
#define STACKER_ATTACH_VALUE(security, lbs, blobs, id, obj, gfp)		\
	STACKER_VALUE(security, lbs, blobs, id)

static inline void stacker_add_late_hooks(struct security_hook_list *hooks, int count,
					  const struct lsm_id *lsmid)
{
}

#endif /* CONFIG_SECURITY_STACKER */

/*
 * Used by security.c's hook loops. A result other than the hook's default goes to the stacker,
 * which attributes a denial to the hosted module that made it and drops the denials of a
 * permissive module; that is off the fast path, which pays nothing. With statistics on, each
 * call of a framework slot is one per-CPU increment at a constant address.
 */
#ifdef CONFIG_SECURITY_STACKER
#define LSM_HOOK_VERDICT(HOOK, NUM, RC)						\
({										\
	int __rc = (RC);							\
										\
	unlikely(__rc != LSM_RET_DEFAULT(HOOK)) ?				\
		stacker_verdict(static_calls_table.HOOK[NUM].hl,		\
				STACKER_HOOK_##HOOK, __rc, LSM_RET_DEFAULT(HOOK)) :	\
		__rc;								\
})
#else
#define LSM_HOOK_VERDICT(HOOK, NUM, RC) (RC)
#endif

#ifdef CONFIG_SECURITY_STACKER_STATS
#define LSM_HOOK_COUNT(HOOK, NUM) this_cpu_inc(stacker_hook_calls[STACKER_HOOK_##HOOK][NUM])
#else
#define LSM_HOOK_COUNT(HOOK, NUM) do { } while (0)
#endif

#endif /* _LINUX_STACKER_H */
