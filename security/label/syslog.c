// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the kernel log. As with Smack's syslog file, the administrator may name the one label
 * whose tasks may use syslog() and /dev/kmsg reads; with none named, the log is not checked.
 */

#include "label.h"

#include <linux/security.h>

/* The label that may read the kernel log, or NULL. Labels are never freed: no RCU needed. */
static struct label *label_syslog;

/**
 * label_syslog_get() - the label that may read the kernel log
 *
 * Context: Any context.
 * Return: the label, or NULL when the log is not checked.
 */
struct label *label_syslog_get(void)
{
	return READ_ONCE(label_syslog);
}

/**
 * label_syslog_set() - name the label that may read the kernel log
 * @label: the label, or NULL to stop checking
 *
 * Context: Any context; the caller checked the writer's privilege.
 */
void label_syslog_set(struct label *label)
{
	WRITE_ONCE(label_syslog, label);
}

static int hook_syslog(int type)
{
	struct label *allowed = label_syslog_get();

	return allowed ? label_check_same(label_of_current(), allowed, "syslog") : 0;
}

static struct security_hook_list label_syslog_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(syslog, hook_syslog),
};

/**
 * label_add_syslog_hooks() - register the kernel log hook
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_syslog_hooks(void)
{
	label_add_hooks(label_syslog_hooks, ARRAY_SIZE(label_syslog_hooks));
}
