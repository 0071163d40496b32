// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the label table. Each name is interned once and never freed, so labels are compared by
 * pointer and held without references.
 */

#include "label.h"

#include <linux/hashtable.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stringhash.h>

#define LABEL_HASH_BITS 10

/* Readers walk the buckets under RCU; writers add under label_table_mutex. Nothing is removed. */
static DEFINE_HASHTABLE(label_table, LABEL_HASH_BITS);
static DEFINE_MUTEX(label_table_mutex);

struct label *label_floor __ro_after_init;
struct label *label_star __ro_after_init;
struct label *label_hat __ro_after_init;

static u32 label_hash(const char *name, size_t len)
{
	return full_name_hash(NULL, name, len);
}

static struct label *find_in(u32 hash, const char *name, size_t len)
{
	struct label *label;

	hash_for_each_possible_rcu(label_table, label, node, hash,
				   lockdep_is_held(&label_table_mutex)) {
		if (label->len == len && !memcmp(label->name, name, len))
			return label;
	}
	return NULL;
}

/**
 * label_find() - look a label up by name
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * Context: Any context.
 * Return: the label, or NULL if no such label was ever interned.
 */
struct label *label_find(const char *name, size_t len)
{
	struct label *label;

	rcu_read_lock();
	label = find_in(label_hash(name, len), name, len);
	rcu_read_unlock();
	return label;
}

/**
 * label_intern() - the label of a name, created if it is new
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * The new label is allocated before label_table_mutex is taken, so no holder of the mutex ever
 * waits for memory reclaim (which may enter file systems that are interning labels).
 *
 * Context: Process context; takes label_table_mutex when the label is new.
 * Return: the label; ERR_PTR(-EINVAL) for a malformed name, ERR_PTR(-ENOMEM).
 */
struct label *label_intern(const char *name, size_t len)
{
	struct label *label, *new;
	u32 hash;

	if (!label_name_valid(name, len))
		return ERR_PTR(-EINVAL);
	label = label_find(name, len);
	if (label)
		return label;

	new = kmalloc(struct_size(new, name, len + 1), GFP_KERNEL);
	if (!new)
		return ERR_PTR(-ENOMEM);
	new->len = len;
	memcpy(new->name, name, len);
	new->name[len] = '\0';

	hash = label_hash(name, len);
	mutex_lock(&label_table_mutex);
	label = find_in(hash, name, len);
	if (!label) {
		hash_add_rcu(label_table, &new->node, hash);
		label = new;
		new = NULL;
	}
	mutex_unlock(&label_table_mutex);
	kfree(new);
	return label;
}

/**
 * label_table_show() - list every label, one per line
 * @m: where to write
 *
 * Context: Process context.
 */
void label_table_show(struct seq_file *m)
{
	struct label *label;
	int bkt;

	rcu_read_lock();
	hash_for_each_rcu(label_table, bkt, label, node)
		seq_printf(m, "%s\n", label->name);
	rcu_read_unlock();
}

/**
 * label_table_init() - intern the special labels
 *
 * Context: Boot.
 * Return: 0, or -ENOMEM.
 */
int __init label_table_init(void)
{
	label_floor = label_intern("_", 1);
	label_star = label_intern("*", 1);
	label_hat = label_intern("^", 1);
	if (IS_ERR(label_floor) || IS_ERR(label_star) || IS_ERR(label_hat))
		return -ENOMEM;
	return 0;
}
