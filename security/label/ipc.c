// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: System V IPC. A shared memory segment, message queue or semaphore set takes its
 * creator's label; each operation asks for read or write, as ipcperms() does: msgget(),
 * shmget() and semget() of an existing object (before *_associate), shmat(), msgsnd(),
 * msgrcv(), semop() and the *_STAT and GET* commands all call ipcperms(). The commands that
 * ipcperms() does not see are checked in the *ctl hooks. A message takes its sender's label.
 */

#include "label.h"

#include <linux/ipc.h>
#include <linux/msg.h>
#include <linux/sem.h>
#include <linux/shm.h>
#include <linux/stat.h>
#include <uapi/linux/shm.h>

static struct label_obj *ipc_obj(const struct kern_ipc_perm *perm)
{
	return security_get_value(perm->security, STACKER_IPC, &label_values);
}

static int hook_ipc_alloc(struct kern_ipc_perm *perm)
{
	return label_obj_init(security_attach_value(perm->security, STACKER_IPC, &label_values,
						    GFP_KERNEL), label_of_current());
}

static int ipc_check(struct kern_ipc_perm *perm, u32 access, const char *hook)
{
	return label_check_current(label_of_obj(ipc_obj(perm)), access, hook, NULL);
}

static int hook_ipc_permission(struct kern_ipc_perm *perm, short flag)
{
	u32 access = 0;

	if (flag & 0444)
		access |= LABEL_MAY_READ;
	if (flag & 0222)
		access |= LABEL_MAY_WRITE;
	return ipc_check(perm, access, "ipc_permission");
}

/*
 * Of the *ctl commands, those that read the object need r (the *_STAT_ANY ones skip
 * ipcperms()); those that change or remove it need w. IPC_INFO and *_INFO describe the system,
 * not an object, and come with none. Command numbers overlap between the three kinds.
 */
static int ipc_ctl_check(struct kern_ipc_perm *perm, u32 access, const char *hook)
{
	if (!access || !perm)
		return 0;
	return ipc_check(perm, access, hook);
}

static u32 common_ctl_access(int cmd)
{
	switch (cmd) {
	case IPC_STAT:
		return LABEL_MAY_READ;
	case IPC_SET:
	case IPC_RMID:
		return LABEL_MAY_WRITE;
	default:
		return 0;
	}
}

static int hook_msg_queue_msgctl(struct kern_ipc_perm *perm, int cmd)
{
	u32 access = cmd == MSG_STAT || cmd == MSG_STAT_ANY ? LABEL_MAY_READ :
							      common_ctl_access(cmd);

	return ipc_ctl_check(perm, access, "msg_queue_msgctl");
}

static int hook_shm_shmctl(struct kern_ipc_perm *perm, int cmd)
{
	u32 access;

	switch (cmd) {
	case SHM_STAT:
	case SHM_STAT_ANY:
		access = LABEL_MAY_READ;
		break;
	case SHM_LOCK:
	case SHM_UNLOCK:
		access = LABEL_MAY_WRITE;
		break;
	default:
		access = common_ctl_access(cmd);
	}
	return ipc_ctl_check(perm, access, "shm_shmctl");
}

static int hook_sem_semctl(struct kern_ipc_perm *perm, int cmd)
{
	u32 access;

	switch (cmd) {
	case SEM_STAT:
	case SEM_STAT_ANY:
	case GETPID:
	case GETNCNT:
	case GETZCNT:
	case GETVAL:
	case GETALL:
		access = LABEL_MAY_READ;
		break;
	case SETVAL:
	case SETALL:
		access = LABEL_MAY_WRITE;
		break;
	default:
		access = common_ctl_access(cmd);
	}
	return ipc_ctl_check(perm, access, "sem_semctl");
}

static struct label_obj *msg_obj(struct msg_msg *msg)
{
	return security_get_value(msg->security, STACKER_MSG_MSG, &label_values);
}

static int hook_msg_msg_alloc_security(struct msg_msg *msg)
{
	return label_obj_init(security_attach_value(msg->security, STACKER_MSG_MSG,
						    &label_values, GFP_KERNEL), label_of_current());
}

/* Beyond r on the queue (ipcperms()), the receiver needs r on the message's sender. */
static int hook_msg_queue_msgrcv(struct kern_ipc_perm *perm, struct msg_msg *msg,
				 struct task_struct *target, long type, int mode)
{
	return label_check(label_of_task(target), label_of_obj(msg_obj(msg)), LABEL_MAY_READ,
			   "msg_queue_msgrcv", NULL);
}

static struct security_hook_list label_ipc_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(shm_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(msg_queue_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(sem_alloc_security, hook_ipc_alloc),
	LSM_HOOK_INIT(ipc_permission, hook_ipc_permission),
	LSM_HOOK_INIT(msg_queue_msgctl, hook_msg_queue_msgctl),
	LSM_HOOK_INIT(shm_shmctl, hook_shm_shmctl),
	LSM_HOOK_INIT(sem_semctl, hook_sem_semctl),
	LSM_HOOK_INIT(msg_msg_alloc_security, hook_msg_msg_alloc_security),
	LSM_HOOK_INIT(msg_queue_msgrcv, hook_msg_queue_msgrcv),
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
