// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: per-module values on kernel objects.
 *
 * The stacker's part of an object's security blob is laid out at boot from the modules that
 * were selected, the way the framework lays out LSM blobs: a list head first, on the object
 * kinds where some selected module keeps list values, then each selected inline module's area.
 * A module that was not selected, or a kind that no selected module uses, costs nothing: no
 * bytes, no blob, no free hook. Once the framework has placed the stacker's part, each inline
 * module's offsets are rebased onto the whole blob, so security_get_value() is one load and one
 * addition, as for a field of a module's own framework blob.
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
#include <net/sock.h>

/* Sizes until the framework reads them; then the stacker part's offset in each kind's blob. */
struct lsm_blob_sizes stacker_blob_sizes __ro_after_init;

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
};

/* Object kinds whose stacker part starts with a value list. Set at boot. */
static unsigned long list_kinds __ro_after_init;
/*
 * Created at boot for the selected list modules, never destroyed; and for loaded modules, under
 * stacker_config_mutex, destroyed when their last value is freed.
 */
static struct kmem_cache *value_caches[STACKER_MAX_LIST_IDS][__STACKER_OBJECT_MAX]
	__stacker_entries_ro;

#ifdef CONFIG_SECURITY_STACKER_LOADABLE
/*
 * List ids held by loaded modules or their remaining values. A bit is set under
 * stacker_config_mutex before the module's hooks run, and cleared by release_lists() once the id's
 * references are gone; readers test it locklessly.
 */
static unsigned long loaded_lists;
/* Per loaded list id: 1 while its module is loaded, plus 1 per value allocated. */
static atomic_long_t list_refs[STACKER_MAX_LIST_IDS];
/* Releases every loaded list id whose references are gone. */
static void release_lists(struct work_struct *work);
static DECLARE_WORK(list_release, release_lists);

/* Free hooks registered at boot switched off, for kinds only loaded modules use. */
static unsigned long free_hooks_off;

static bool is_loaded_list(unsigned int list)
{
	return READ_ONCE(loaded_lists) & BIT(list);
}

static void get_list(unsigned int list)
{
	if (is_loaded_list(list))
		atomic_long_inc(&list_refs[list]);
}

static void put_list(unsigned int list)
{
	if (is_loaded_list(list) && atomic_long_dec_and_test(&list_refs[list]))
		schedule_work(&list_release);
}
#else
static void get_list(unsigned int list)
{
}

static void put_list(unsigned int list)
{
}
#endif

/* The value list of an object, or NULL if no selected module keeps list values on its kind. */
static struct hlist_head *value_list(void *blob, enum stacker_object kind)
{
	if (!blob || !(list_kinds & BIT(kind)))
		return NULL;
	return blob + *stacker_need(&stacker_blob_sizes, kind);
}

/**
 * stacker_alloc_value() - allocate a zeroed list value for a module and object kind
 * @list: the module's list id
 * @kind: the kind of object the value will be attached to
 * @gfp: allocation flags
 *
 * The value is not attached to anything yet: attach it with security_set_value(), or give it
 * back with stacker_free_value().
 *
 * Context: As @gfp allows.
 * Return: the value's data, or NULL if out of memory or the module declared no value for @kind.
 */
void *stacker_alloc_value(unsigned int list, enum stacker_object kind, gfp_t gfp)
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
	get_list(list);
	return v->data;
}
EXPORT_SYMBOL_GPL(stacker_alloc_value);

static struct stacker_value *value_header(void *data)
{
	return container_of(data, struct stacker_value, data[0]);
}

static void free_value(struct stacker_value *v)
{
	unsigned int list = v->list;

	kfree(v);
	put_list(list);
}

static void free_value_rcu(struct rcu_head *rcu)
{
	free_value(container_of(rcu, struct stacker_value, rcu));
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
		free_value(value_header(value));
}
EXPORT_SYMBOL_GPL(stacker_free_value);

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
 * @value: the value, from stacker_alloc_value() with the same list id and kind
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
	value = stacker_alloc_value(list, kind, gfp);
	if (value && security_set_value(blob, kind, &id, value)) {
		stacker_free_value(value);
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
static const enum stacker_object stacker_value_hook_kinds[] = {
	STACKER_CRED, STACKER_TASK, STACKER_FILE, STACKER_INODE, STACKER_SUPERBLOCK,
	STACKER_IPC, STACKER_IPC, STACKER_IPC, STACKER_MSG_MSG,
#ifdef CONFIG_SECURITY_NETWORK
	STACKER_SOCK,
#endif
};

/**
 * stacker_values_valid() - whether the stacker can carry a module's values
 * @m: the module
 *
 * Context: Any context.
 * Return: true if @m keeps nothing, or keeps values only on kinds of enum stacker_object, with
 * a list id in range and nothing on keys if it is a list module.
 */
bool stacker_values_valid(const struct stacker_module *m)
{
	const struct lsm_blob_sizes *b;

	if (!m->values)
		return true;
	b = m->values->blobs;
	if (!b || m->values->list >= STACKER_MAX_LIST_IDS)
		return false;
	if (m->values->list && b->lbs_key)
		return false;
	return !b->lbs_backing_file && !b->lbs_ib && !b->lbs_perf_event &&
	       !b->lbs_tun_dev && !b->lbs_bdev;
}

/**
 * stacker_layout() - lay out the selected modules' values in the stacker's part of each blob
 * @modules: the selected modules, in call order; each passed stacker_values_valid()
 * @count: number of entries in @modules
 * @lists: kinds that carry a value list whatever the modules keep (STACKER_LOADABLE_KINDS, or 0)
 * @sizes: zeroed; set to the bytes the stacker needs per object kind and to its xattr slots
 * @kinds: set, per module, to the kinds on which it has an inline area
 *
 * A list head comes first on each kind where a list module keeps values, then the inline
 * modules' areas in call order, each aligned as the framework aligns LSM blobs. Each inline
 * module's needs in its struct lsm_blob_sizes become the offsets of its areas in the stacker's
 * part (as the framework's own layout does to an LSM's), so the stacker can later rebase them.
 *
 * Context: Boot, before the framework reads the stacker's blob sizes; or a test on modules of
 * its own.
 * Return: the kinds on which @modules keep list values; with @lists, those that start with a
 * value list.
 */
unsigned long stacker_layout(const struct stacker_module *const *modules, int count,
			     unsigned long lists, struct lsm_blob_sizes *sizes,
			     unsigned long *kinds)
{
	unsigned long used = 0;
	int i, kind;

	for (i = 0; i < count; i++) {
		const struct stacker_value_id *id = modules[i]->values;

		kinds[i] = 0;
		if (!id)
			continue;
		sizes->lbs_xattr_count += id->blobs->lbs_xattr_count;
		if (!id->list)
			continue;
		for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++)
			if (*stacker_need(id->blobs, kind) > 0)
				used |= BIT(kind);
	}
	for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++) {
		int size = (lists | used) & BIT(kind) ? sizeof(struct hlist_head) : 0;

		for (i = 0; i < count; i++) {
			const struct stacker_value_id *id = modules[i]->values;
			int *need;

			if (!id || id->list)
				continue;
			need = stacker_need(id->blobs, kind);
			if (*need <= 0)
				continue;
			size = ALIGN(size, sizeof(void *));
			size += *need;
			*need = size - *need;
			kinds[i] |= BIT(kind);
		}
		*stacker_need(sizes, kind) = size;
	}
	return used;
}

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
 * stacker_values_init() - rebase the inline areas and create the list-value caches
 * @sel: the boot selection
 * @kinds: per selected module, the kinds on which it has an inline area
 *
 * The framework has placed the stacker's part of each blob: each inline module's offsets, so
 * far within that part, become offsets in the whole blob.
 *
 * Context: Boot, from the stacker's LSM init, before any hosted module's init.
 * Return: 0, or -ENOMEM.
 */
int __init stacker_values_init(const struct stacker_selection *sel, const unsigned long *kinds)
{
	int i, kind;

	for (i = 0; i < sel->count; i++) {
		const struct stacker_value_id *id = sel->modules[i]->values;

		if (!id)
			continue;
		for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++) {
			int size = *stacker_need(id->blobs, kind);
			struct kmem_cache *cache;
			char *name;

			if (kinds[i] & BIT(kind))
				*stacker_need(id->blobs, kind) +=
					*stacker_need(&stacker_blob_sizes, kind);
			if (!id->list || size <= 0)
				continue;
			name = kasprintf(GFP_KERNEL, "stacker_%s_%s", sel->modules[i]->name,
					 object_names[kind]);
			if (!name)
				return -ENOMEM;
			cache = kmem_cache_create(name, size + sizeof(struct stacker_value), 0,
						  SLAB_ACCOUNT, NULL);
			kfree(name);
			if (!cache)
				return -ENOMEM;
			value_caches[id->list][kind] = cache;
		}
	}
	return 0;
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
/* The list ids that built-in modules use, selected or not. */
static unsigned long builtin_lists(void)
{
	unsigned long ids = 0;
	int i;

	for (i = 0; i < stacker_nr_builtin; i++) {
		const struct stacker_value_id *id = stacker_entries[i].module.values;

		if (id && id->list)
			ids |= BIT(id->list);
	}
	return ids;
}

static void destroy_caches(unsigned int list)
{
	int kind;

	for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++) {
		kmem_cache_destroy(value_caches[list][kind]);
		value_caches[list][kind] = NULL;
	}
}

/*
 * The last reference to a loaded list id is gone: no value of it remains anywhere, and none can
 * be allocated (its module is unregistered), so the count stays at zero.
 */
static void release_lists(struct work_struct *work)
{
	unsigned int list;

	mutex_lock(&stacker_config_mutex);
	for (list = 1; list < STACKER_MAX_LIST_IDS; list++) {
		if (!(loaded_lists & BIT(list)) || atomic_long_read(&list_refs[list]))
			continue;
		destroy_caches(list);
		WRITE_ONCE(loaded_lists, loaded_lists & ~BIT(list));
	}
	mutex_unlock(&stacker_config_mutex);
}

/* Switch on the free hooks of @kinds that were off. */
static void free_hooks_on(unsigned long kinds)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(stacker_value_hooks); i++)
		if (free_hooks_off & kinds & BIT(stacker_value_hook_kinds[i]))
			security_toggle_hook(&stacker_value_hooks[i], true);
	free_hooks_off &= ~kinds;
}

/**
 * stacker_values_load() - give a module being loaded its list id and caches
 * @m: the module; its value id, if it has one, gets the list id
 *
 * The free hooks of the kinds @m keeps values on are switched on first: they stay on until
 * reboot, as values may outlive the module.
 *
 * Context: Process context, with stacker_config_mutex held, before @m's hooks are published.
 * Return: 0; -EINVAL for values on a kind outside STACKER_LOADABLE_KINDS, or a value id that
 * already has a list id; -ENOSPC if every list id is taken; -ENOMEM.
 */
int stacker_values_load(struct stacker_module *m)
{
	/* Not const for a loaded module (struct stacker_module): it receives its list id here. */
	struct stacker_value_id *id = (struct stacker_value_id *)m->values;
	unsigned long kinds = 0, taken;
	unsigned int list;
	int kind;

	lockdep_assert_held(&stacker_config_mutex);
	if (!id)
		return 0;
	if (!id->blobs || id->list || !stacker_values_valid(m) || id->blobs->lbs_xattr_count)
		return -EINVAL;
	for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++) {
		int need = *stacker_need(id->blobs, kind);

		if (need < 0 || (need && !(STACKER_LOADABLE_KINDS & BIT(kind))))
			return -EINVAL;
		if (need)
			kinds |= BIT(kind);
	}
	taken = builtin_lists() | loaded_lists | BIT(0);
	if (taken == GENMASK(STACKER_MAX_LIST_IDS - 1, 0))
		return -ENOSPC;
	list = ffz(taken);
	for (kind = 0; kind < __STACKER_OBJECT_MAX; kind++) {
		char *name;

		if (!(kinds & BIT(kind)))
			continue;
		name = kasprintf(GFP_KERNEL, "stacker_%s_%s", m->name, object_names[kind]);
		if (name)
			value_caches[list][kind] =
				kmem_cache_create(name, *stacker_need(id->blobs, kind) +
						  sizeof(struct stacker_value), 0,
						  SLAB_ACCOUNT | SLAB_NO_MERGE, NULL);
		kfree(name);
		if (!value_caches[list][kind]) {
			destroy_caches(list);
			return -ENOMEM;
		}
	}
	free_hooks_on(kinds);
	atomic_long_set(&list_refs[list], 1);
	WRITE_ONCE(loaded_lists, loaded_lists | BIT(list));
	id->list = list;
	return 0;
}

/**
 * stacker_values_unload() - a loaded module is gone: its caches go with its last value
 * @m: the module, whose hooks no CPU runs any more
 *
 * Context: Process context, with stacker_config_mutex held.
 */
void stacker_values_unload(const struct stacker_module *m)
{
	if (m->values)
		put_list(m->values->list);
}
#endif /* CONFIG_SECURITY_STACKER_LOADABLE */
