// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: per-module list values on kernel objects (layout.c lays out the stacker's part of
 * each blob at boot, loaded_values.c keeps the list ids of modules loaded at run time).
 *
 * List values come from one kmem_cache per list module and object kind, apart from the general
 * kmalloc caches and without rounding slack; each carries a struct stacker_value header (list
 * node, RCU head, list id) in front of the module's data.
 *
 * Lifetime: the stacker's free hooks run after every hosted module's (they are registered last),
 * so a module's free hook still sees its values; the stacker then frees the list values together
 * with the object's blob, which takes the inline areas with it. Readers that reach an object
 * under RCU reach its values under RCU too, since both go at the same time.
 */

#include "stacker.h"

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/ipc.h>
#include <linux/msg.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/user_namespace.h>
#include <net/sock.h>

/**
 * struct stacker_value - header of a value kept on an object's list
 * @node: entry in the list that starts the stacker's part of the blob; RCU list
 * @rcu: frees the value after a grace period when it is deleted while the object lives
 * @list: the owning module's list id
 * @data: the module's data
 */
struct stacker_value {
	struct hlist_node node;
	struct rcu_head rcu;
	unsigned int list;
	u64 data[];
};

static const char *const object_names[__STACKER_OBJECT_MAX] = {
	[STACKER_CRED] = "cred",	 [STACKER_TASK] = "task",	  [STACKER_FILE] = "file",
	[STACKER_INODE] = "inode",	 [STACKER_SUPERBLOCK] = "sb",	  [STACKER_IPC] = "ipc",
	[STACKER_MSG_MSG] = "msg_msg", [STACKER_SOCK] = "sock",	  [STACKER_KEY] = "key",
	[STACKER_USER_NS] = "user_ns",
};

/* Object kinds whose stacker part starts with a value list. Set at boot. */
static unsigned long list_kinds __ro_after_init;
#ifdef CONFIG_SECURITY_STACKER_LOADABLE
/* Free hooks registered at boot switched off, for kinds only loaded modules use. */
static unsigned long free_hooks_off;
#endif
/*
 * Created at boot for the selected list modules, never destroyed; and for loaded modules, under
 * stacker_config_mutex, destroyed when their last value is freed.
 */
static struct kmem_cache *value_caches[STACKER_MAX_LIST_IDS][__STACKER_OBJECT_MAX]
	__stacker_entries_ro;

/**
 * stacker_value_cache_create() - create the cache of a list module's values on one object kind
 * @list: the module's list id
 * @module: the module's name, which names the cache
 * @kind: the object kind
 * @size: the module's data per value
 * @flags: slab flags
 *
 * Context: Boot, or process context with stacker_config_mutex held.
 * Return: 0, or -ENOMEM.
 */
int stacker_value_cache_create(unsigned int list, const char *module, enum stacker_object kind,
			       int size, slab_flags_t flags)
{
	size_t bytes = size + sizeof(struct stacker_value);
	char *name = kasprintf(GFP_KERNEL, "stacker_%s_%s", module, object_names[kind]);

	if (name)
		value_caches[list][kind] = kmem_cache_create(name, bytes, 0, flags, NULL);
	kfree(name);
	return value_caches[list][kind] ? 0 : -ENOMEM;
}

#ifdef CONFIG_SECURITY_STACKER_LOADABLE
/**
 * stacker_value_caches_destroy() - destroy a loaded list id's caches
 * @list: the list id, of which no value remains
 *
 * Context: Process context, with stacker_config_mutex held.
 */
void stacker_value_caches_destroy(unsigned int list)
{
	int kind;

	for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++) {
		kmem_cache_destroy(value_caches[list][kind]);
		value_caches[list][kind] = NULL;
	}
}
#endif

/* The value list of an object, or NULL if no selected module keeps list values on its kind. */
static struct hlist_head *value_list(void *blob, enum stacker_object kind)
{
	if (!blob || !(list_kinds & BIT(kind)))
		return NULL;
	return blob + *stacker_need(&stacker_blob_sizes, kind);
}

static void *alloc_value(unsigned int list, enum stacker_object kind, gfp_t gfp)
{
	struct stacker_value *v;
	struct kmem_cache *cache;

	if (WARN_ON_ONCE(!list || list >= STACKER_MAX_LIST_IDS || kind >= __STACKER_OBJECT_MAX))
		return NULL;
	cache = value_caches[list][kind];
	if (WARN_ON_ONCE(!cache))
		return NULL;
	v = kmem_cache_zalloc(cache, gfp);
	if (!v)
		return NULL;
	v->list = list;
	stacker_get_list(list);
	return v->data;
}

/**
 * security_alloc_value() - allocate a zeroed list value for a module and object kind
 * @kind: the kind of object the value will be attached to
 * @id: the module's value id
 * @gfp: allocation flags
 *
 * The value is not attached to anything yet: attach it with security_set_value(), or give it
 * back with security_free_value().
 *
 * Context: As @gfp allows.
 * Return: the value's data, or NULL if out of memory, or if the module is not a list module or
 * declared no value for @kind.
 */
void *security_alloc_value(enum stacker_object kind, const struct stacker_value_id *id, gfp_t gfp)
{
	return alloc_value(id->list, kind, gfp);
}
EXPORT_SYMBOL_GPL(security_alloc_value);

static struct stacker_value *value_header(void *data)
{
	return container_of(data, struct stacker_value, data[0]);
}

static void free_value(struct stacker_value *v)
{
	unsigned int list = v->list;

	kfree(v);
	stacker_put_list(list);
}

static void free_value_rcu(struct rcu_head *rcu)
{
	free_value(container_of(rcu, struct stacker_value, rcu));
}

/**
 * security_free_value() - free a list value that was never attached
 * @value: the value, from security_alloc_value(); NULL is ignored
 *
 * Context: Any context.
 */
void security_free_value(void *value)
{
	if (value)
		free_value(value_header(value));
}
EXPORT_SYMBOL_GPL(security_free_value);

/**
 * stacker_find_value() - search an object's list for a module's value
 * @blob: the object's security blob
 * @kind: the kind of object
 * @list: the module's list id
 *
 * Context: Any context; the caller keeps the object alive.
 * Return: the value's data, or NULL.
 */
void *stacker_find_value(void *blob, enum stacker_object kind, unsigned int list)
{
	struct hlist_head *head = value_list(blob, kind);
	struct stacker_value *v;
	void *found = NULL;

	if (!head)
		return NULL;
	rcu_read_lock();
	hlist_for_each_entry_rcu(v, head, node) {
		if (v->list == list) {
			found = v->data;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}
EXPORT_SYMBOL_GPL(stacker_find_value);

/**
 * security_set_value() - attach a list module's value to an object
 * @blob: the object's security blob
 * @kind: the kind of object
 * @id: the module's value id
 * @value: the value, from security_alloc_value() with the same value id and kind
 *
 * The value is published with hlist_add_head_rcu(): a reader that finds it sees its contents.
 * From now on the stacker frees it with the object.
 *
 * Context: The caller serializes writers of this object's values for @id.
 * Return: 0; -EEXIST if the module already has a value here (@value is left to the caller);
 * -EINVAL for an inline module, whose area is always there, or a kind it declared no value for.
 */
int security_set_value(void *blob, enum stacker_object kind, const struct stacker_value_id *id,
		       void *value)
{
	struct hlist_head *head = value_list(blob, kind);

	if (WARN_ON_ONCE(!id->list || !head))
		return -EINVAL;
	if (stacker_find_value(blob, kind, id->list))
		return -EEXIST;
	hlist_add_head_rcu(&value_header(value)->node, head);
	return 0;
}
EXPORT_SYMBOL_GPL(security_set_value);

/**
 * stacker_attach_list_value() - a list module's value on an object, attached first if missing
 * @blob: the object's security blob
 * @kind: the kind of object
 * @list: the module's list id
 * @gfp: allocation flags
 *
 * The list half of security_attach_value().
 *
 * Context: As @gfp allows; the caller serializes writers as for security_set_value().
 * Return: the value (zeroed if new), or NULL if out of memory.
 */
void *stacker_attach_list_value(void *blob, enum stacker_object kind, unsigned int list,
				gfp_t gfp)
{
	const struct stacker_value_id id = { .list = list };
	void *value = stacker_find_value(blob, kind, list);

	if (value)
		return value;
	value = alloc_value(list, kind, gfp);
	if (value && security_set_value(blob, kind, &id, value)) {
		security_free_value(value);
		value = NULL;
	}
	return value;
}
EXPORT_SYMBOL_GPL(stacker_attach_list_value);

/**
 * security_del_value() - detach a list module's value from a live object
 * @blob: the object's security blob
 * @kind: the kind of object
 * @id: the module's value id
 *
 * The value is unlinked, and readers that found it before may go on using it until they leave
 * their RCU read-side critical section: it is freed after a grace period. An inline module's
 * area lives and dies with the blob; clearing it is the module's business.
 *
 * Context: Any context. The caller serializes writers as for security_set_value().
 */
void security_del_value(void *blob, enum stacker_object kind, const struct stacker_value_id *id)
{
	struct hlist_head *head = value_list(blob, kind);
	struct stacker_value *v;

	if (WARN_ON_ONCE(!id->list) || !head)
		return;
	hlist_for_each_entry(v, head, node) {
		if (v->list == id->list) {
			hlist_del_rcu(&v->node);
			call_rcu(&v->rcu, free_value_rcu);
			return;
		}
	}
}
EXPORT_SYMBOL_GPL(security_del_value);

/* The object is being freed: so are all of its list values. */
static void free_values(void *blob, enum stacker_object kind)
{
	struct hlist_head *head = value_list(blob, kind);
	struct stacker_value *v;
	struct hlist_node *next;

	if (!head)
		return;
	hlist_for_each_entry_safe(v, next, head, node)
		free_value(v);
}

static void hook_cred_free(struct cred *cred)
{
	free_values(cred->security, STACKER_CRED);
}

static void hook_task_free(struct task_struct *task)
{
	free_values(task->security, STACKER_TASK);
}

static void hook_file_free_security(struct file *file)
{
	free_values(file->f_security, STACKER_FILE);
}

static void hook_inode_free_security_rcu(void *inode_security)
{
	free_values(inode_security, STACKER_INODE);
}

static void hook_sb_free_security(struct super_block *sb)
{
	free_values(sb->s_security, STACKER_SUPERBLOCK);
}

/* msg_queue_free_security, shm_free_security and sem_free_security. */
static void hook_ipc_free_security(struct kern_ipc_perm *perm)
{
	free_values(perm->security, STACKER_IPC);
}

static void hook_msg_msg_free_security(struct msg_msg *msg)
{
	free_values(msg->security, STACKER_MSG_MSG);
}

#ifdef CONFIG_SECURITY_NETWORK
static void hook_sk_free_security(struct sock *sk)
{
	free_values(sk->sk_security, STACKER_SOCK);
}
#endif

static void hook_userns_free_security(struct user_namespace *ns)
{
	free_values(ns->security, STACKER_USER_NS);
}

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
	LSM_HOOK_INIT(userns_free_security, hook_userns_free_security),
#ifdef CONFIG_SECURITY_NETWORK
	LSM_HOOK_INIT(sk_free_security, hook_sk_free_security),
#endif
};

/* The object kind each entry of stacker_value_hooks frees. */
static const enum stacker_object stacker_value_hook_kinds[] = {
	STACKER_CRED, STACKER_TASK, STACKER_FILE, STACKER_INODE, STACKER_SUPERBLOCK,
	STACKER_IPC, STACKER_IPC, STACKER_IPC, STACKER_MSG_MSG,
	STACKER_USER_NS,
#ifdef CONFIG_SECURITY_NETWORK
	STACKER_SOCK,
#endif
};

/**
 * stacker_values_prepare() - size the stacker's blobs for the boot selection
 * @sel: the boot selection
 * @kinds: set, per selected module, to the kinds on which it has an inline area
 *
 * Context: Boot, from the stacker's prepare, before the framework reads stacker_blob_sizes.
 */
void __init stacker_values_prepare(const struct stacker_selection *sel, unsigned long *kinds)
{
	unsigned long lists = stacker_loadable_named() ? STACKER_LOADABLE_KINDS : 0;
	unsigned long used;

	used = stacker_layout(sel->modules, sel->count, lists, &stacker_blob_sizes, kinds);
	list_kinds = used | lists;
#ifdef CONFIG_SECURITY_STACKER_LOADABLE
	free_hooks_off = lists & ~used;
#endif
}

/**
 * stacker_values_register() - register the hooks that free list values with their objects
 * @lsmid: the stacker's own LSM id
 *
 * Only for the kinds that carry a value list: inline areas go with the blob.
 *
 * Context: Boot, after every hosted module's hooks are registered.
 */
void __init stacker_values_register(const struct lsm_id *lsmid)
{
	int i;

	BUILD_BUG_ON(ARRAY_SIZE(stacker_value_hooks) != ARRAY_SIZE(stacker_value_hook_kinds));
	/* Listed as an LSM even when no kind has values, after the modules it hosts. */
	security_add_hooks(NULL, 0, lsmid);
	for (i = 0; i < ARRAY_SIZE(stacker_value_hooks); i++) {
		enum stacker_object kind = stacker_value_hook_kinds[i];

		if (!(list_kinds & BIT(kind)))
			continue;
#ifdef CONFIG_SECURITY_STACKER_LOADABLE
		/* Until a loaded module keeps values on this kind, there is nothing to free. */
		stacker_value_hooks[i].runtime = free_hooks_off & BIT(kind);
#endif
		security_add_hooks(&stacker_value_hooks[i], 1, lsmid);
	}
}

#ifdef CONFIG_SECURITY_STACKER_LOADABLE
/**
 * stacker_value_free_hooks_on() - switch on the free hooks of object kinds that were off
 * @kinds: the kinds a loaded module keeps values on; their hooks stay on until reboot, as
 *	values may outlive the module
 *
 * Context: Process context, with stacker_config_mutex held.
 */
void stacker_value_free_hooks_on(unsigned long kinds)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(stacker_value_hooks); i++)
		if (free_hooks_off & kinds & BIT(stacker_value_hook_kinds[i]))
			security_toggle_hook(&stacker_value_hooks[i], true);
	free_hooks_off &= ~kinds;
}
#endif
