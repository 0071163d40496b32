/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Privilege helpers shared by the VM test programs: become nobody, or stay root without
 * CAP_MAC_ADMIN.
 */
#ifndef _TESTS_VM_VM_CREDS_H
#define _TESTS_VM_VM_CREDS_H

#include <grp.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NOBODY 65534

static inline int drop_to_nobody(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		return -1;
	return 0;
}

/* Remove CAP_MAC_ADMIN from this process, staying root otherwise. */
static inline int drop_mac_admin(void)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	data[CAP_TO_INDEX(CAP_MAC_ADMIN)].effective &= ~CAP_TO_MASK(CAP_MAC_ADMIN);
	data[CAP_TO_INDEX(CAP_MAC_ADMIN)].permitted &= ~CAP_TO_MASK(CAP_MAC_ADMIN);
	data[CAP_TO_INDEX(CAP_MAC_ADMIN)].inheritable &= ~CAP_TO_MASK(CAP_MAC_ADMIN);
	return syscall(SYS_capset, &hdr, data);
}

#endif /* _TESTS_VM_VM_CREDS_H */
