// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the list ids of modules loaded at run time, and how long they live.
 *
 * A loaded module that keeps values gets a free list id, and caches for its values, when it
 * registers. Its values may outlive it, on long-lived creds and inodes: the id is held by the
 * module while it is loaded and by each of its values, and only when the last reference goes
 * are its caches destroyed and the id free for another module.
 */

#include "stacker.h"

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

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

static bool is_loaded_list(unsigned int list)
{
	return READ_ONCE(loaded_lists) & BIT(list);
}

/**
 * stacker_get_list() - a value of a list id was allocated
 * @list: the list id; a built-in module's is not counted
 *
 * Context: Any context.
 */
void stacker_get_list(unsigned int list)
{
	if (is_loaded_list(list))
		atomic_long_inc(&list_refs[list]);
}

/**
 * stacker_put_list() - a value of a list id was freed, or its loaded module is gone
 * @list: the list id; a built-in module's is not counted
 *
 * The last reference to a loaded list id releases it, from a work item.
 *
 * Context: Any context.
 */
void stacker_put_list(unsigned int list)
{
	if (is_loaded_list(list) && atomic_long_dec_and_test(&list_refs[list]))
		schedule_work(&list_release);
}

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
		stacker_value_caches_destroy(list);
		WRITE_ONCE(loaded_lists, loaded_lists & ~BIT(list));
	}
	mutex_unlock(&stacker_config_mutex);
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
		if (!(kinds & BIT(kind)))
			continue;
		if (stacker_value_cache_create(list, m->name, kind, *stacker_need(id->blobs, kind),
					       SLAB_ACCOUNT | SLAB_NO_MERGE)) {
			stacker_value_caches_destroy(list);
			return -ENOMEM;
		}
	}
	stacker_value_free_hooks_on(kinds);
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
		stacker_put_list(m->values->list);
}
