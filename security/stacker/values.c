// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: per-module values on kernel objects.
 *
 * Each object's stacker blob has a fixed slot per built-in module, holding its value inline, and
 * a list for the others. Inline values cost no allocation: measured with make bench, a separate
 * allocation per value made the hosted label module cost more than standalone on every
 * create+unlink and fork+exec. List values come from one kmem_cache per module and object kind,
 * apart from the general kmalloc caches and without rounding slack; each carries a struct
 * stacker_value header (list node, RCU head, id) in front of the module's data.
 *
 * Lifetime: the stacker's free hooks run after every hosted module's (they are registered last),
 * so a module's free hook still sees its values; the stacker then frees the list values together
 * with the object's blob, which takes the slots with it. Readers that reach an object under RCU
 * reach its values under RCU too, since both go at the same time.
 */

#include "stacker.h"

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/ipc.h>
#include <linux/msg.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <net/sock.h>

#define BLOB_FOR(kind) (STACKER_KINDS & BIT(kind) ? sizeof(struct stacker_blob) : 0)

struct lsm_blob_sizes stacker_blob_sizes __ro_after_init = {
	.lbs_cred = BLOB_FOR(STACKER_CRED),
	.lbs_task = BLOB_FOR(STACKER_TASK),
	.lbs_file = BLOB_FOR(STACKER_FILE),
	.lbs_inode = BLOB_FOR(STACKER_INODE),
	.lbs_superblock = BLOB_FOR(STACKER_SUPERBLOCK),
	.lbs_ipc = BLOB_FOR(STACKER_IPC),
	.lbs_msg_msg = BLOB_FOR(STACKER_MSG_MSG),
	.lbs_sock = BLOB_FOR(STACKER_SOCK),
	.lbs_xattr_count = STACKER_XATTR_SLOTS,
};

/**
 * struct stacker_value - header of a value kept on an object's list
 * @node: entry in the object's stacker_blob.values; RCU list
 * @rcu: frees the value after a grace period when it is deleted while the object lives
 * @id: the owning module's value id
 * @data: the module's data
 */
struct stacker_value {
	struct hlist_node node;
	struct rcu_head rcu;
	unsigned int id;
	u64 data[];
};

#define MAX_VALUE_ID (2 * STACKER_MAX_MODULES)

static const char *const object_names[__STACKER_OBJECT_MAX] = {
	[STACKER_CRED] = "cred",	 [STACKER_TASK] = "task",	  [STACKER_FILE] = "file",
	[STACKER_INODE] = "inode",	 [STACKER_SUPERBLOCK] = "sb",	  [STACKER_IPC] = "ipc",
	[STACKER_MSG_MSG] = "msg_msg", [STACKER_SOCK] = "sock",
};

/* Created at boot for the selected modules, never destroyed. */
static struct kmem_cache *value_caches[MAX_VALUE_ID][__STACKER_OBJECT_MAX] __ro_after_init;

static bool id_has_slot(unsigned int id)
{
	return id < __STACKER_ID_BUILTIN_MAX;
}

/**
 * stacker_alloc_value() - allocate a zeroed list value for a module and object kind
 * @id: the module's value id, one without a slot
 * @obj: the kind of object the value will be attached to
 * @gfp: allocation flags
 *
 * The value is not attached to anything yet: attach it with security_set_value(), or give it
 * back with stacker_free_value(). Built-in modules have their slot instead.
 *
 * Context: As @gfp allows.
 * Return: the value's data, or NULL if out of memory or the module declared no value for @obj.
 */
void *stacker_alloc_value(unsigned int id, enum stacker_object obj, gfp_t gfp)
{
	struct stacker_value *v;
	struct kmem_cache *cache;

	if (WARN_ON_ONCE(id_has_slot(id) || id >= MAX_VALUE_ID || obj >= __STACKER_OBJECT_MAX))
		return NULL;
	cache = value_caches[id][obj];
	if (WARN_ON_ONCE(!cache))
		return NULL;
	v = kmem_cache_zalloc(cache, gfp);
	if (!v)
		return NULL;
	v->id = id;
	return v->data;
}

static struct stacker_value *value_header(void *data)
{
	return container_of(data, struct stacker_value, data[0]);
}

/**
 * stacker_free_value() - free a list value that was never attached
 * @value: the value, from stacker_alloc_value(); NULL is ignored
 *
 * Context: Any context.
 */
void stacker_free_value(void *value)
{
	if (value)
		kfree(value_header(value));
}

/**
 * stacker_find_value() - search an object's list for a module's value
 * @head: the object's value list
 * @id: the module's value id
 *
 * Context: Any context; the caller keeps the object alive.
 * Return: the value's data, or NULL.
 */
void *stacker_find_value(const struct hlist_head *head, unsigned int id)
{
	struct stacker_value *v;
	void *found = NULL;

	rcu_read_lock();
	hlist_for_each_entry_rcu(v, head, node) {
		if (v->id == id) {
			found = v->data;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

/**
 * security_set_value() - attach a module's list value to an object
 * @head: the object's value list, from stacker_values()
 * @id: the module's value id, one without a slot
 * @value: the value, from stacker_alloc_value() with the same @id
 *
 * The value is published with hlist_add_head_rcu(): a reader that finds it sees its contents.
 * From now on the stacker frees it with the object.
 *
 * Context: The caller serializes writers of this object's values for @id.
 * Return: 0; -EEXIST if the module already has a value here (@value is left to the caller);
 * -EINVAL for a built-in module, whose value is its slot.
 */
int security_set_value(struct hlist_head *head, unsigned int id, void *value)
{
	if (WARN_ON_ONCE(id_has_slot(id)))
		return -EINVAL;
	if (stacker_find_value(head, id))
		return -EEXIST;
	hlist_add_head_rcu(&value_header(value)->node, head);
	return 0;
}

/**
 * stacker_attach_value() - a module's value on an object, attached first if missing
 * @head: the object's value list
 * @id: the module's value id
 * @obj: the kind of object
 * @gfp: allocation flags
 *
 * For a module's alloc hooks, which own the object they set up. A built-in module's value is its
 * slot, which is always there.
 *
 * Context: As @gfp allows; the caller serializes writers as for security_set_value().
 * Return: the value (zeroed if new), or NULL if out of memory.
 */
void *stacker_attach_value(struct hlist_head *head, unsigned int id, enum stacker_object obj,
			   gfp_t gfp)
{
	void *value = security_get_value(head, id);

	if (value)
		return value;
	value = stacker_alloc_value(id, obj, gfp);
	if (value && security_set_value(head, id, value)) {
		stacker_free_value(value);
		value = NULL;
	}
	return value;
}

/**
 * security_del_value() - detach a module's value from a live object
 * @head: the object's value list
 * @id: the module's value id
 *
 * A slot is cleared; a list value is unlinked, and readers that found it before may go on using
 * it until they leave their RCU read-side critical section: it is freed after a grace period.
 *
 * Context: Any context. The caller serializes writers as for security_set_value().
 */
void security_del_value(struct hlist_head *head, unsigned int id)
{
	struct stacker_value *v;

	if (id_has_slot(id)) {
		WRITE_ONCE(container_of(head, struct stacker_blob, values)->slot[id], 0);
		return;
	}
	hlist_for_each_entry(v, head, node) {
		if (v->id == id) {
			hlist_del_rcu(&v->node);
			kfree_rcu(v, rcu);
			return;
		}
	}
}

/* The object is being freed: so are all of its values. */
static void free_values(void *security, int offset)
{
	struct stacker_blob *blob;
	struct stacker_value *v;
	struct hlist_node *next;

	if (!security)
		return;
	blob = security + offset;
	hlist_for_each_entry_safe(v, next, &blob->values, node)
		kfree(v);
}

static void hook_cred_free(struct cred *cred)
{
	free_values(cred->security, stacker_blob_sizes.lbs_cred);
}

static void hook_task_free(struct task_struct *task)
{
	free_values(task->security, stacker_blob_sizes.lbs_task);
}

static void hook_file_free_security(struct file *file)
{
	free_values(file->f_security, stacker_blob_sizes.lbs_file);
}

static void hook_inode_free_security_rcu(void *inode_security)
{
	free_values(inode_security, stacker_blob_sizes.lbs_inode);
}

static void hook_sb_free_security(struct super_block *sb)
{
	free_values(sb->s_security, stacker_blob_sizes.lbs_superblock);
}

/* msg_queue_free_security, shm_free_security and sem_free_security. */
static void hook_ipc_free_security(struct kern_ipc_perm *perm)
{
	free_values(perm->security, stacker_blob_sizes.lbs_ipc);
}

static void hook_msg_msg_free_security(struct msg_msg *msg)
{
	free_values(msg->security, stacker_blob_sizes.lbs_msg_msg);
}

#ifdef CONFIG_SECURITY_NETWORK
static void hook_sk_free_security(struct sock *sk)
{
	free_values(sk->sk_security, stacker_blob_sizes.lbs_sock);
}
#endif

static struct security_hook_list stacker_value_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(cred_free, hook_cred_free),
	LSM_HOOK_INIT(task_free, hook_task_free),
	LSM_HOOK_INIT(file_free_security, hook_file_free_security),
	LSM_HOOK_INIT(inode_free_security_rcu, hook_inode_free_security_rcu),
	LSM_HOOK_INIT(sb_free_security, hook_sb_free_security),
	LSM_HOOK_INIT(msg_queue_free_security, hook_ipc_free_security),
	LSM_HOOK_INIT(shm_free_security, hook_ipc_free_security),
	LSM_HOOK_INIT(sem_free_security, hook_ipc_free_security),
	LSM_HOOK_INIT(msg_msg_free_security, hook_msg_msg_free_security),
#ifdef CONFIG_SECURITY_NETWORK
	LSM_HOOK_INIT(sk_free_security, hook_sk_free_security),
#endif
};

/* The object kind each entry of stacker_value_hooks frees. */
static const enum stacker_object stacker_value_hook_kinds[] __initconst = {
	STACKER_CRED, STACKER_TASK, STACKER_FILE, STACKER_INODE, STACKER_SUPERBLOCK,
	STACKER_IPC, STACKER_IPC, STACKER_IPC, STACKER_MSG_MSG,
#ifdef CONFIG_SECURITY_NETWORK
	STACKER_SOCK,
#endif
};

/**
 * stacker_values_init() - create the list-value caches of the selected modules
 * @sel: the boot selection
 *
 * Context: Boot, from the stacker's LSM init.
 * Return: 0; -ENOMEM; -EINVAL if a module's id has no room for caches, it keeps values on an
 * object kind missing from STACKER_KINDS, or a built-in module's value outgrows its slot.
 */
int __init stacker_values_init(const struct stacker_selection *sel)
{
	int i, obj;

	for (i = 0; i < sel->count; i++) {
		const struct stacker_module *m = sel->modules[i];

		for (obj = 0; obj < __STACKER_OBJECT_MAX; obj++) {
			unsigned int size = m->value_size[obj];
			struct kmem_cache *cache;
			char *name;

			if (!size)
				continue;
			if (WARN_ON(m->id >= MAX_VALUE_ID || !(STACKER_KINDS & BIT(obj))))
				return -EINVAL;
			if (id_has_slot(m->id)) {
				/* Kept inline in the slot: no cache. */
				if (WARN_ON(size > STACKER_SLOT_SIZE))
					return -EINVAL;
				continue;
			}
			size += sizeof(struct stacker_value);
			name = kasprintf(GFP_KERNEL, "stacker_%s_%s", m->name, object_names[obj]);
			if (!name)
				return -ENOMEM;
			cache = kmem_cache_create(name, size, 0, SLAB_ACCOUNT, NULL);
			if (!cache)
				return -ENOMEM;
			value_caches[m->id][obj] = cache;
		}
	}
	return 0;
}

/**
 * stacker_values_register() - register the hooks that free values with their objects
 * @lsmid: the stacker's own LSM id
 *
 * Context: Boot, after every hosted module's hooks are registered.
 */
void __init stacker_values_register(const struct lsm_id *lsmid)
{
	int i;

	BUILD_BUG_ON(ARRAY_SIZE(stacker_value_hooks) != ARRAY_SIZE(stacker_value_hook_kinds));
	/* Listed as an LSM even when no kind has values, after the modules it hosts. */
	security_add_hooks(NULL, 0, lsmid);
	for (i = 0; i < ARRAY_SIZE(stacker_value_hooks); i++)
		if (STACKER_KINDS & BIT(stacker_value_hook_kinds[i]))
			security_add_hooks(&stacker_value_hooks[i], 1, lsmid);
}
