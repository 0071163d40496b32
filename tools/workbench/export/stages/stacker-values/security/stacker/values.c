// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: per-module list values on kernel objects (layout.c lays out the stacker's part of
 * each blob at boot, loaded_values.c keeps the list ids of modules loaded at run time).
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

/* Object kinds whose stacker part starts with a value list. Set at boot. */
static unsigned long list_kinds __ro_after_init;

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
	/* Listed as an LSM even when no kind has values, after the modules it hosts. */
	security_add_hooks(NULL, 0, lsmid);
}
