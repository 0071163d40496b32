// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: module set-up - blob needs, LSM id, registration hosted by the stacker or standalone.
 */

#include "label.h"
#include "sock.h"

#include <linux/lsm_hooks.h>
#include <uapi/linux/lsm.h>

/* Needs per object kind; the stacker (hosted) or the framework turns them into offsets. */
struct lsm_blob_sizes label_blob_sizes __ro_after_init = {
	.lbs_cred = sizeof(struct label_cred),
	.lbs_file = sizeof(struct label_obj),
	.lbs_inode = sizeof(struct label_inode),
	.lbs_superblock = sizeof(struct label_sb),
	.lbs_ipc = sizeof(struct label_obj),
	.lbs_msg_msg = sizeof(struct label_obj),
	.lbs_sock = sizeof(struct label_sock),
	.lbs_key = sizeof(struct label_obj),
	.lbs_user_ns = sizeof(struct label_obj),
	/* security.label and, for a directory made by transmuting, security.labeltransmute. */
	.lbs_xattr_count = 2,
};

/* Set once the module is up; its securityfs files exist only then. */
bool label_initialized __ro_after_init;

/* /proc/<pid>/attr/label/current: the task's label (cred.c). */
static const struct lsm_procattr label_procattrs[] = {
	{ "current", 0666 },
	{}
};

static const struct lsm_id label_lsmid = {
	.name = "label",
	.id = LSM_ID_LABEL,
	.procattrs = label_procattrs,
};

/**
 * label_add_hooks() - register some of the module's hooks
 * @hooks: the hooks
 * @count: number of entries in @hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_hooks(struct security_hook_list *hooks, int count)
{
	security_add_hooks(hooks, count, &label_lsmid);
}

/**
 * label_add_late_hooks() - register hooks that must come after every other LSM's
 * @hooks: the hooks
 * @count: number of entries in @hooks
 *
 * Hosted, the stacker registers them after the other LSMs; standalone, the label module is
 * ordered after SELinux in CONFIG_LSM (or lsm=) and registers them now.
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_late_hooks(struct security_hook_list *hooks, int count)
{
	if (IS_ENABLED(CONFIG_SECURITY_STACKER))
		stacker_add_late_hooks(hooks, count, &label_lsmid);
	else
		security_add_hooks(hooks, count, &label_lsmid);
}

static int __init label_init(void)
{
	int rc;

	label_parse_init();
	rc = label_table_init();
	if (!rc)
		rc = label_rules_init();
	if (rc) {
		pr_err("cannot initialize: %d\n", rc);
		return rc;
	}
	label_add_cred_hooks();
	label_add_fs_hooks();
	label_add_mount_hooks();
	label_add_xattr_hooks();
	label_add_file_hooks();
	label_add_task_hooks();
	label_add_userns_hooks();
	label_add_ipc_hooks();
	label_add_net_hooks();
	label_add_inet_hooks();
	label_add_key_hooks();
	label_add_syslog_hooks();
	label_initialized = true;
	pr_info("enforcing\n");
	return 0;
}

/**
 * label_permissive() - whether the module's denials are not enforced
 *
 * Hosted, the stacker may make the module permissive; standalone it never is.
 *
 * Context: Any context.
 * Return: true if a denial the module reports now is not enforced.
 */
bool label_permissive(void)
{
	return stacker_module_permissive(&label_lsmid);
}

#ifdef CONFIG_SECURITY_STACKER
DEFINE_STACKER_MODULE(label) = {
	.name = "label",
	.lsmid = &label_lsmid,
	.values = &label_values,
	/* Its denial records name the hook, the labels and the object, and say "permissive". */
	.flags = STACKER_MODULE_AUDITS,
	.init = label_init,
	/* Its mode is its policy: its own rules decide who changes it. */
	.may_change_policy = label_may_change_mode,
};
#else
DEFINE_LSM(label) = {
	.name = "label",
	.blobs = &label_blob_sizes,
	.init = label_init,
};
#endif
