/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stacker: state shared by the stacker's own files.
 */
#ifndef _SECURITY_STACKER_STACKER_H
#define _SECURITY_STACKER_STACKER_H

#define pr_fmt(fmt) "stacker: " fmt

#include <linux/init.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/stacker.h>

/**
 * enum stacker_mode - what a hosted module's denials do
 * @STACKER_ENFORCING: a denial is returned to the caller
 * @STACKER_PERMISSIVE: a denial is logged and counted, then the next module decides
 * @STACKER_DISABLED: built in but not selected at boot; never called
 */
enum stacker_mode {
	STACKER_ENFORCING,
	STACKER_PERMISSIVE,
	STACKER_DISABLED,
};

/* Longest module name accepted on "stacker=". */
#define STACKER_NAME_MAX 32
/* Selection errors kept for securityfs; later ones are counted, not kept. */
#define STACKER_MAX_ERRORS 16
#define STACKER_ERROR_LEN 96

/**
 * struct stacker_selection - the result of parsing "stacker="
 * @modules: selected modules, in call order, capability first
 * @count: number of entries in @modules
 * @errors: what was refused, one message each
 * @nr_errors: number of messages in @errors
 * @dropped_errors: messages that did not fit in @errors
 */
struct stacker_selection {
	const struct stacker_module *modules[STACKER_MAX_MODULES];
	int count;
	char errors[STACKER_MAX_ERRORS][STACKER_ERROR_LEN];
	int nr_errors;
	int dropped_errors;
};

void stacker_select(const char *list, const struct stacker_module *avail, int navail,
		    struct stacker_selection *sel);

/**
 * struct stacker_entry - a built-in module as the stacker keeps it after boot; read-only then
 * @module: copy of the module's description (the original is in init memory)
 * @position: call position (0 is first), -1 when disabled
 */
struct stacker_entry {
	struct stacker_module module;
	int position;
};

/*
 * Entries are read-only after boot unless modules can be loaded: a loaded module takes an entry
 * after the built-in ones (stacker_nr_builtin), under stacker_config_mutex, and stacker_nr_entries
 * grows to cover it; a free entry has no name.
 */
#ifdef CONFIG_SECURITY_STACKER_LOADABLE
#define __stacker_entries_ro
#else
#define __stacker_entries_ro __ro_after_init
#endif

extern struct stacker_entry stacker_entries[STACKER_MAX_MODULES];
extern int stacker_nr_entries;
extern int stacker_nr_builtin;
/*
 * enum stacker_mode of each entry, indexed like stacker_entries but writable after boot:
 * written under stacker_config_mutex, read locklessly with READ_ONCE().
 */
extern int stacker_modes[STACKER_MAX_MODULES];

static inline enum stacker_mode stacker_mode_of(const struct stacker_entry *e)
{
	return READ_ONCE(stacker_modes[e - stacker_entries]);
}

extern struct stacker_selection stacker_boot_selection;
extern bool stacker_locked;
extern struct mutex stacker_config_mutex;

struct stacker_entry *stacker_entry_of(const struct lsm_id *lsmid);
struct stacker_entry *stacker_entry_named(const char *name);
int stacker_judge(const struct stacker_entry *e, enum stacker_hook hook, int rc, int allowed,
		  bool quiet);
void stacker_reset_counts(const struct stacker_entry *e);
void stacker_log_default(const struct stacker_entry *e);
bool stacker_logs(const struct stacker_entry *e);
void stacker_log_set(const struct stacker_entry *e, bool on);
/* Room for a task's comm with every byte escaped as \xNN, and the NUL. */

/*
 * Per hosted module (indexed like stacker_entries) and CPU: its denials, and a loaded module's
 * hook calls (a built-in module's are counted per framework slot, in counters.c).
 */
struct stacker_counts {
	unsigned long denials;
	unsigned long calls;
};

/* counters.c, built with CONFIG_SECURITY_STACKER_STATS: without it, nothing is counted. */
#ifdef CONFIG_SECURITY_STACKER_STATS
DECLARE_PER_CPU(struct stacker_counts[STACKER_MAX_MODULES], stacker_counts);

static inline void stacker_count_denial(const struct stacker_entry *e)
{
	this_cpu_inc(stacker_counts[e - stacker_entries].denials);
}

void stacker_clear_counts(const struct stacker_entry *e);
unsigned long stacker_denials(const struct stacker_entry *e);
unsigned long stacker_calls(const struct stacker_entry *e);
bool stacker_counting_calls(void);
void stacker_count_calls_set(bool on);
#else
static inline void stacker_count_denial(const struct stacker_entry *e) {}
static inline int stacker_count_ended(enum stacker_hook hook, int last, int rc) { return rc; }
static inline void stacker_clear_counts(const struct stacker_entry *e) {}
static inline unsigned long stacker_denials(const struct stacker_entry *e) { return 0; }
static inline unsigned long stacker_calls(const struct stacker_entry *e) { return 0; }
static inline bool stacker_counting_calls(void) { return false; }
static inline void stacker_count_calls_set(bool on) {}
#endif

int __must_check stacker_set_mode(const char *name, enum stacker_mode mode, struct file *file);
int __must_check stacker_parse_mode(char *buf, char **name, enum stacker_mode *mode);
const char *stacker_hook_name(enum stacker_hook hook);
bool stacker_implements(const struct stacker_module *m, enum stacker_hook hook);
const struct security_hook_list *stacker_slot_hook(enum stacker_hook hook, int slot);
void *stacker_slot_target(enum stacker_hook hook, int slot);

/* layout.c */
bool stacker_values_valid(const struct stacker_module *m);
unsigned long stacker_layout(const struct stacker_module *const *modules, int count,
			     unsigned long lists, struct lsm_blob_sizes *sizes,
			     unsigned long *kinds);
int __init stacker_values_init(const struct stacker_selection *sel, const unsigned long *kinds);

/* values.c */
void __init stacker_values_prepare(const struct stacker_selection *sel, unsigned long *kinds);
void __init stacker_values_register(const struct lsm_id *lsmid);
int stacker_value_cache_create(unsigned int list, const char *module, enum stacker_object kind,
			       int size, slab_flags_t flags);

/*
 * The object kinds on which a loaded module may keep values: each carries a value list when
 * "stacker.loadable=" names a module. Creds, tasks and inodes: what a module needs to follow
 * a process and mark files, on blobs every stacked kernel allocates anyway. Not files: a file
 * blob alone costs several percent on open+close.
 */
#define STACKER_LOADABLE_KINDS (BIT(STACKER_CRED) | BIT(STACKER_TASK) | BIT(STACKER_INODE))

#ifdef CONFIG_SECURITY_STACKER_LOADABLE
void __init stacker_loadable_register(const struct lsm_id *lsmid);
void stacker_loadable_lock(void);
bool stacker_loadable_named(void);
bool stacker_loaded_implements(const struct stacker_module *m, enum stacker_hook hook);
const struct stacker_entry *stacker_loaded_direct(const struct security_hook_list *hl,
						  enum stacker_hook hook, int slot);
void stacker_loadable_redirect(void);
void stacker_value_caches_destroy(unsigned int list);
void stacker_value_free_hooks_on(unsigned long kinds);
/* loaded_values.c */
int stacker_values_load(struct stacker_module *m);
void stacker_values_unload(const struct stacker_module *m);
void stacker_get_list(unsigned int list);
void stacker_put_list(unsigned int list);
#else
static inline void stacker_loadable_register(const struct lsm_id *lsmid)
{
}

static inline void stacker_loadable_lock(void)
{
}

static inline bool stacker_loadable_named(void)
{
	return false;
}

static inline bool stacker_loaded_implements(const struct stacker_module *m,
					     enum stacker_hook hook)
{
	return false;
}

static inline const struct stacker_entry *
stacker_loaded_direct(const struct security_hook_list *hl, enum stacker_hook hook, int slot)
{
	return NULL;
}

static inline void stacker_loadable_redirect(void)
{
}

/* Built-in modules' list ids live as long as the kernel: their values are not counted. */
static inline void stacker_get_list(unsigned int list)
{
}

static inline void stacker_put_list(unsigned int list)
{
}
#endif

#endif /* _SECURITY_STACKER_STACKER_H */
