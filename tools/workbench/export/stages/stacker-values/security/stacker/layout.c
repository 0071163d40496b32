// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: the layout of the stacker's part of each object's security blob.
 *
 * It is laid out at boot from the modules that were selected, the way the framework lays out
 * LSM blobs: a list head first, on the object kinds where some selected module keeps list
 * values, then each selected inline module's area. A module that was not selected, or a kind
 * that no selected module uses, costs nothing: no bytes, no blob, no free hook. Once the
 * framework has placed the stacker's part, each inline module's offsets are rebased onto the
 * whole blob, so security_get_value() is one load and one addition, as for a field of a
 * module's own framework blob.
 */

#include "stacker.h"

#include <linux/align.h>
#include <linux/list.h>
#include <linux/slab.h>

/* Sizes until the framework reads them; then the stacker part's offset in each kind's blob. */
struct lsm_blob_sizes stacker_blob_sizes __ro_after_init;

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
			if (kinds[i] & BIT(kind))
				*stacker_need(id->blobs, kind) +=
					*stacker_need(&stacker_blob_sizes, kind);
		}
	}
	return 0;
}
