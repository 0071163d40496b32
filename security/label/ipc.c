// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: System V IPC. A shared memory segment, message queue or semaphore set takes its
 * creator's label; each operation asks for read or write, as ipcperms() does.
 */

#include "label.h"

#include <linux/ipc.h>
#include <linux/stat.h>

static struct label_obj *ipc_obj(const struct kern_ipc_perm *perm)
{
	return security_get_value(perm->security, STACKER_IPC, &label_values);
}

static int hook_ipc_alloc(struct kern_ipc_perm *perm)
{
	struct label_obj *obj = security_attach_value(perm->security, STACKER_IPC,
						      &label_values, GFP_KERNEL);

	if (!obj)
		return -ENOMEM;
	obj->label = label_of_current();
	return 0;
}

static int hook_ipc_permission(struct kern_ipc_perm *perm, short flag)
{
	struct label_obj *obj = ipc_obj(perm);
	u32 access = 0;

	if (flag & 0444)
		access |= LABEL_MAY_READ;
	if (flag & 0222)
		access |= LABEL_MAY_WRITE;
	return label_check(label_of_current(), obj && obj->label ? obj->label : label_floor,
			   access, "ipc_permission", NULL);
}

static struct security_hook_list label_ipc_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(shm_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(msg_queue_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(sem_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(ipc_permission, hook_ipc_permission),
};

/**
 * label_add_ipc_hooks() - register the System V IPC hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_ipc_hooks(void)
{
	label_add_hooks(label_ipc_hooks, ARRAY_SIZE(label_ipc_hooks));
}
