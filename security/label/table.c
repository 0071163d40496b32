// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the label table. Each name is interned once and never freed, so labels are compared by
 * pointer and held without references. Tests intern in tables of their own, which they free.
 */

#include "label.h"

#include <linux/error-injection.h>
#include <linux/hashtable.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stringhash.h>

/* Readers walk the buckets under RCU; writers add under the mutex. Nothing is ever removed. */
struct label_names label_table = {
	.mutex = __MUTEX_INITIALIZER(label_table.mutex),
};

struct label *label_floor __ro_after_init;
struct label *label_star __ro_after_init;
struct label *label_hat __ro_after_init;
struct label *label_sysctl __ro_after_init;

static u32 label_hash(const char *name, size_t len)
{
	return full_name_hash(NULL, name, len);
}

static struct label *find_in(struct label_names *names, u32 hash, const char *name, size_t len)
{
	struct label *label;

	hash_for_each_possible_rcu(names->buckets, label, node, hash,
				   lockdep_is_held(&names->mutex)) {
		if (label->len == len && !memcmp(label->name, name, len))
			return label;
	}
	return NULL;
}

static __always_inline struct label *names_find(struct label_names *names, const char *name,
						size_t len)
{
	struct label *label;

	rcu_read_lock();
	label = find_in(names, label_hash(name, len), name, len);
	rcu_read_unlock();
	return label;
}

/**
 * label_names_find() - look a label up by name in a table
 * @names: the table
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * Context: Any context.
 * Return: the label, or NULL if no such label was interned in @names.
 */
struct label *label_names_find(struct label_names *names, const char *name, size_t len)
{
	return names_find(names, name, len);
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
	return names_find(&label_table, name, len);
}

/* A label not in any table yet; a function of its own for fail_function. */
static noinline struct label *label_new(const char *name, size_t len)
{
	struct label *new = kmalloc(struct_size(new, name, len + 1), GFP_KERNEL);

	if (!new)
		return NULL;
	new->len = len;
	memcpy(new->name, name, len);
	new->name[len] = '\0';
	return new;
}
ALLOW_ERROR_INJECTION(label_new, NULL);

/**
 * label_names_intern_valid() - the label of a valid name in a table, created if it is new
 * @names: the table
 * @name: the name, which label_name_valid() accepted; not necessarily NUL-terminated
 * @len: its length
 *
 * For names already checked, as a parsed rule's: label_names_intern() without the check.
 * The new label is allocated before the table's mutex is taken, so no holder of the mutex ever
 * waits for memory reclaim (which may enter file systems that are interning labels).
 *
 * Context: Process context; takes the mutex of @names when the label is new.
 * Return: the label, or ERR_PTR(-ENOMEM).
 */
struct label *label_names_intern_valid(struct label_names *names, const char *name, size_t len)
{
	struct label *label, *new;
	u32 hash;

	label = names_find(names, name, len);
	if (label)
		return label;

	new = label_new(name, len);
	if (!new)
		return ERR_PTR(-ENOMEM);
	hash = label_hash(name, len);
	mutex_lock(&names->mutex);
	label = find_in(names, hash, name, len);
	if (!label) {
		hash_add_rcu(names->buckets, &new->node, hash);
		label = new;
		new = NULL;
	}
	mutex_unlock(&names->mutex);
	kfree(new);
	return label;
}

/**
 * label_names_intern() - the label of a name in a table, created if it is new
 * @names: the table
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * Context: Process context; takes the mutex of @names when the label is new.
 * Return: the label; ERR_PTR(-EINVAL) for a malformed name, ERR_PTR(-ENOMEM).
 */
struct label *label_names_intern(struct label_names *names, const char *name, size_t len)
{
	if (!label_name_valid(name, len))
		return ERR_PTR(-EINVAL);
	return label_names_intern_valid(names, name, len);
}

/**
 * label_intern() - the label of a name, created if it is new
 * @name: the name, not necessarily NUL-terminated
 * @len: its length
 *
 * Context: Process context; takes the label table's mutex when the label is new.
 * Return: the label; ERR_PTR(-EINVAL) for a malformed name, ERR_PTR(-ENOMEM).
 */
struct label *label_intern(const char *name, size_t len)
{
	return label_names_intern(&label_table, name, len);
}

/**
 * label_names_init() - set up an empty label table
 * @names: the table
 *
 * Context: Any context.
 */
void label_names_init(struct label_names *names)
{
	hash_init(names->buckets);
	mutex_init(&names->mutex);
}

#if IS_ENABLED(CONFIG_SECURITY_LABEL_KUNIT_TEST)
/**
 * label_names_destroy() - free a label table made by label_names_init() and its labels
 * @names: the table
 *
 * Only for a table nothing uses any more and no one holds a label of: never the module's own,
 * whose labels live until reboot.
 *
 * Context: Process context.
 */
void label_names_destroy(struct label_names *names)
{
	struct hlist_node *next;
	struct label *label;
	int bkt;

	hash_for_each_safe(names->buckets, bkt, next, label, node) {
		hash_del(&label->node);
		kfree(label);
	}
	mutex_destroy(&names->mutex);
}
#endif

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
	hash_for_each_rcu(label_table.buckets, bkt, label, node)
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
	label_sysctl = label_intern("_sysctl", 7);
	if (IS_ERR(label_floor) || IS_ERR(label_star) || IS_ERR(label_hat) ||
	    IS_ERR(label_sysctl))
		return -ENOMEM;
	return 0;
}
