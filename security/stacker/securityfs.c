// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: /sys/kernel/security/stacker/ - the stack, its hooks, counters, modes, lock, errors.
 */

#include "stacker.h"

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/string_choices.h>
#include <linux/uaccess.h>

/* Longest write accepted by "mode" and "lock". */
#define STACKER_WRITE_MAX 64

/* One log budget per file: a flood of refused mode writes cannot hide a refused lock. */
static DEFINE_RATELIMIT_STATE(mode_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(log_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(lock_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);
static DEFINE_RATELIMIT_STATE(count_refusals, DEFAULT_RATELIMIT_INTERVAL, DEFAULT_RATELIMIT_BURST);

static const char *const mode_names[] = {
	[STACKER_ENFORCING] = "enforcing",
	[STACKER_PERMISSIVE] = "permissive",
	[STACKER_DISABLED] = "disabled",
};

/*
 * Whether the module of @e lets the writer of @file make @change: its own rules, when it has
 * any. The caller holds stacker_config_mutex, so a loaded module's function cannot be unloaded
 * under the call.
 */
static int module_allows(const struct stacker_entry *e, struct file *file,
			 enum stacker_change change)
{
	lockdep_assert_held(&stacker_config_mutex);
	return e->module.may_change_policy ? e->module.may_change_policy(file, change) : 0;
}

/**
 * stacker_set_mode() - make a hosted module enforcing or permissive
 * @name: the module's name
 * @mode: STACKER_ENFORCING or STACKER_PERMISSIVE
 * @file: the securityfs file written to ask for it, whose writer the module's own rules judge
 *	(&struct stacker_module.may_change_policy); NULL for the kernel's own callers (KUnit)
 *
 * Context: Process context; takes stacker_config_mutex.
 * Return: 0; -EPERM once the stacker is locked, or when the module refuses the writer;
 * -EINVAL for an unknown or disabled module, a mandatory module made permissive, or any other
 * @mode.
 */
int stacker_set_mode(const char *name, enum stacker_mode mode, struct file *file)
{
	struct stacker_entry *e;
	int rc = 0;

	if (mode != STACKER_ENFORCING && mode != STACKER_PERMISSIVE)
		return -EINVAL;
	mutex_lock(&stacker_config_mutex);
	e = stacker_entry_named(name);
	if (stacker_locked)
		rc = -EPERM;
	else if (!e || stacker_mode_of(e) == STACKER_DISABLED)
		rc = -EINVAL;
	else if (mode == STACKER_PERMISSIVE && (e->module.flags & STACKER_MODULE_MANDATORY))
		rc = -EINVAL;
	else if (file)
		rc = module_allows(e, file, STACKER_CHANGE_MODE);
	if (!rc)
		WRITE_ONCE(stacker_modes[e - stacker_entries], mode);
	mutex_unlock(&stacker_config_mutex);
	if (!rc)
		pr_notice("module \"%s\" is now %s\n", name, mode_names[mode]);
	return rc;
}

/*
 * Split a write of two words, "<first> <second>" and at most one newline, in place: the second
 * word, or NULL if the first is empty or there is no second.
 */
static char *second_word(char *buf)
{
	size_t len = strlen(buf);
	char *word;

	if (len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	word = strchr(buf, ' ');
	if (!word || word == buf)
		return NULL;
	*word++ = '\0';
	return word;
}

/**
 * stacker_parse_mode() - parse a write to "mode": "<module> enforcing|permissive"
 * @buf: the written text, NUL-terminated; split in place
 * @name: set to the module name within @buf
 * @mode: set to the requested mode
 *
 * One trailing newline is allowed; anything else beyond the two words is refused.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL.
 */
int __must_check stacker_parse_mode(char *buf, char **name, enum stacker_mode *mode)
{
	char *word = second_word(buf);

	if (!word)
		return -EINVAL;
	*name = buf;
	if (!strcmp(word, "enforcing"))
		*mode = STACKER_ENFORCING;
	else if (!strcmp(word, "permissive"))
		*mode = STACKER_PERMISSIVE;
	else
		return -EINVAL;
	return 0;
}

/* Refuse a write to @file with -EPERM, logged under the file's budget @rs with the reason @why. */
static char *stacker_refuse(struct file *file, struct ratelimit_state *rs, const char *why)
{
	char comm[STACKER_COMM_ESCAPED];

	if (__ratelimit(rs))
		pr_notice("write to %pD refused: %s: pid=%d comm=\"%s\"\n", file, why,
			  task_pid_nr(current), stacker_escaped_comm(comm));
	return ERR_PTR(-EPERM);
}

/*
 * Copy a short write from user space. Refused, and logged under @rs: writes unless both the
 * opener and the writer have CAP_MAC_ADMIN (-EPERM): a descriptor that root opened and passed
 * on grants nothing; every write once the stacker is locked (-EPERM). Refused without a log
 * line: writes at an offset, empty, too long or holding a NUL (-EINVAL).
 */
static char *stacker_write_begin(struct file *file, const char __user *ubuf, size_t count,
				 loff_t *ppos, struct ratelimit_state *rs)
{
	char *buf;

	if (!file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN))
		return stacker_refuse(file, rs, "its opener lacks CAP_MAC_ADMIN");
	if (!capable(CAP_MAC_ADMIN))
		return stacker_refuse(file, rs, "the writer lacks CAP_MAC_ADMIN");
	if (READ_ONCE(stacker_locked))
		return stacker_refuse(file, rs, "the stacker is locked");
	if (*ppos != 0 || count == 0 || count >= STACKER_WRITE_MAX)
		return ERR_PTR(-EINVAL);
	buf = memdup_user_nul(ubuf, count);
	if (!IS_ERR(buf) && strlen(buf) != count) {
		kfree(buf);
		return ERR_PTR(-EINVAL);
	}
	return buf;
}

/* Where a module keeps its values: "none", "inline", or "list:<id>". */
static void show_values(struct seq_file *m, const struct stacker_module *mod)
{
	if (!mod->values)
		seq_puts(m, "none");
	else if (!mod->values->list)
		seq_puts(m, "inline");
	else
		seq_printf(m, "list:%u", mod->values->list);
}

/*
 * The show functions hold stacker_config_mutex, under which loaded modules come and go. They skip
 * free entries, which have no name.
 */
static int modules_show(struct seq_file *m, void *v)
{
	int i, pos;

	guard(mutex)(&stacker_config_mutex);
	/* Selected and loaded modules in call order, then the disabled ones. */
	for (pos = 0; pos < stacker_nr_entries; pos++) {
		for (i = 0; i < stacker_nr_entries; i++) {
			const struct stacker_entry *e = &stacker_entries[i];

			if (e->position != pos)
				continue;
			seq_printf(m, "%d %s ", pos, e->module.name);
			show_values(m, &e->module);
			seq_printf(m, " %s\n", mode_names[stacker_mode_of(e)]);
		}
	}
	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (e->position >= 0 || !e->module.name)
			continue;
		seq_printf(m, "- %s ", e->module.name);
		show_values(m, &e->module);
		seq_printf(m, " %s\n", mode_names[stacker_mode_of(e)]);
	}
	return 0;
}

static int hooks_show(struct seq_file *m, void *v)
{
	int i, hook;

	guard(mutex)(&stacker_config_mutex);
	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (!e->module.name)
			continue;
		seq_printf(m, "%s:", e->module.name);
		for (hook = 0; hook < __STACKER_HOOK_MAX; hook++)
			if (stacker_implements(&e->module, hook))
				seq_printf(m, " %s", stacker_hook_name(hook));
		seq_putc(m, '\n');
	}
	return 0;
}

static int stats_show(struct seq_file *m, void *v)
{
	int i;

	if (!IS_ENABLED(CONFIG_SECURITY_STACKER_STATS))
		return -EOPNOTSUPP;
	seq_puts(m, "module calls denials\n");
	guard(mutex)(&stacker_config_mutex);
	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (e->position >= 0)
			seq_printf(m, "%s %lu %lu\n", e->module.name, stacker_calls(e),
				   stacker_denials(e));
	}
	return 0;
}

static int mode_show(struct seq_file *m, void *v)
{
	int i;

	guard(mutex)(&stacker_config_mutex);
	for (i = 0; i < stacker_nr_entries; i++)
		if (stacker_entries[i].module.name)
			seq_printf(m, "%s %s\n", stacker_entries[i].module.name,
				   mode_names[stacker_mode_of(&stacker_entries[i])]);
	return 0;
}

static int log_show(struct seq_file *m, void *v)
{
	int i;

	guard(mutex)(&stacker_config_mutex);
	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (e->module.name && stacker_mode_of(e) != STACKER_DISABLED)
			seq_printf(m, "%s %s\n", e->module.name, str_on_off(stacker_logs(e)));
	}
	return 0;
}

static int lock_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", READ_ONCE(stacker_locked));
	return 0;
}

static int errors_show(struct seq_file *m, void *v)
{
	const struct stacker_selection *sel = &stacker_boot_selection;
	int i;

	for (i = 0; i < sel->nr_errors; i++)
		seq_printf(m, "%s\n", sel->errors[i]);
	if (sel->dropped_errors)
		seq_printf(m, "%d more selection errors not shown\n", sel->dropped_errors);
	return 0;
}

static ssize_t mode_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	enum stacker_mode mode;
	char *buf, *name;
	int rc;

	buf = stacker_write_begin(file, ubuf, count, ppos, &mode_refusals);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	rc = stacker_parse_mode(buf, &name, &mode);
	if (!rc)
		rc = stacker_set_mode(name, mode, file);
	kfree(buf);
	return rc ?: count;
}

/*
 * "log": "<module> on|off", whether the stacker logs the module's denials (they are counted
 * either way). Which of its denials are logged is the module's policy too: its own rules decide.
 */
static ssize_t log_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct stacker_entry *e;
	char *buf, *word;
	bool on;
	int rc;

	buf = stacker_write_begin(file, ubuf, count, ppos, &log_refusals);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	word = second_word(buf);
	on = word && !strcmp(word, "on");
	if (!word || (!on && strcmp(word, "off"))) {
		rc = -EINVAL;
		goto out;
	}
	mutex_lock(&stacker_config_mutex);
	e = stacker_entry_named(buf);
	if (!e || stacker_mode_of(e) == STACKER_DISABLED)
		rc = -EINVAL;
	else if (stacker_locked)
		rc = -EPERM;
	else
		rc = module_allows(e, file, STACKER_CHANGE_LOG);
	if (!rc)
		stacker_log_set(e, on);
	mutex_unlock(&stacker_config_mutex);
	if (!rc)
		pr_notice("module \"%s\": denials %s\n", buf,
			  on ? "logged" : "counted, not logged");
out:
	kfree(buf);
	return rc ?: count;
}

/*
 * "count": 1 while hook calls are counted for "stats", 0 (the default) otherwise; a write of
 * "0" or "1" (one trailing newline allowed) switches it, until the stacker is locked.
 */
static int count_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", stacker_counting_calls());
	return 0;
}

static ssize_t count_write(struct file *file, const char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	bool on;
	char *buf;
	int rc;

	buf = stacker_write_begin(file, ubuf, count, ppos, &count_refusals);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	on = buf[0] == '1';
	rc = (buf[0] == '0' || on) && (!buf[1] || !strcmp(buf + 1, "\n")) ? 0 : -EINVAL;
	kfree(buf);
	if (rc)
		return rc;
	if (!IS_ENABLED(CONFIG_SECURITY_STACKER_STATS))
		return -EOPNOTSUPP;
	mutex_lock(&stacker_config_mutex);
	if (stacker_locked) {
		rc = -EPERM;
	} else if (on != stacker_counting_calls()) {
		stacker_count_calls_set(on);
		pr_notice("hook calls %s\n", on ? "counted" : "no longer counted");
	}
	mutex_unlock(&stacker_config_mutex);
	return rc ?: count;
}

/* The lock fixes every module's mode: each module that has rules of its own must agree. */
static int modules_allow_lock(struct file *file)
{
	int i, rc;

	for (i = 0; i < stacker_nr_entries; i++) {
		const struct stacker_entry *e = &stacker_entries[i];

		if (!e->module.name || stacker_mode_of(e) == STACKER_DISABLED)
			continue;
		rc = module_allows(e, file, STACKER_CHANGE_LOCK);
		if (rc)
			return rc;
	}
	return 0;
}

static ssize_t lock_write(struct file *file, const char __user *ubuf, size_t count,
			  loff_t *ppos)
{
	char *buf;
	int rc = 0;

	buf = stacker_write_begin(file, ubuf, count, ppos, &lock_refusals);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (strcmp(buf, "1") && strcmp(buf, "1\n"))
		rc = -EINVAL;
	kfree(buf);
	if (rc)
		return rc;
	mutex_lock(&stacker_config_mutex);
	rc = stacker_locked ? -EPERM : modules_allow_lock(file);
	if (!rc) {
		stacker_loadable_lock();
		WRITE_ONCE(stacker_locked, true);
	}
	mutex_unlock(&stacker_config_mutex);
	if (!rc)
		pr_notice("locked: no more mode or log changes, registrations or unloads until reboot\n");
	return rc ?: count;
}

DEFINE_SHOW_ATTRIBUTE(modules);
DEFINE_SHOW_ATTRIBUTE(hooks);
DEFINE_SHOW_ATTRIBUTE(stats);
DEFINE_SHOW_ATTRIBUTE(errors);
DEFINE_SHOW_STORE_ATTRIBUTE(mode);
DEFINE_SHOW_STORE_ATTRIBUTE(lock);
DEFINE_SHOW_STORE_ATTRIBUTE(log);
DEFINE_SHOW_STORE_ATTRIBUTE(count);

/* Created whole or not at all, by securityfs_create_files(). */
static const struct tree_descr stacker_files[] = {
	{ "modules", &modules_fops, 0444 },
	{ "hooks", &hooks_fops, 0444 },
	{ "stats", &stats_fops, 0444 },
	{ "errors", &errors_fops, 0444 },
	{ "mode", &mode_fops, 0644 },
	{ "lock", &lock_fops, 0644 },
	{ "log", &log_fops, 0644 },
	{ "count", &count_fops, 0644 },
	{}
};

static int __init stacker_securityfs_init(void)
{
	if (!stacker_nr_entries)
		return 0;
	return PTR_ERR_OR_ZERO(securityfs_create_files("stacker", NULL, stacker_files));
}
fs_initcall(stacker_securityfs_init);
