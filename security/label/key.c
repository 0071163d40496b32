// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: keys and keyrings. A key takes its creator's label; viewing, reading, searching and
 * watching it need r, changing or linking it w.
 */

#include "label.h"

#include <linux/key.h>
#include <linux/key-type.h>

static struct label_obj *key_obj(const struct key *key)
{
	return security_get_value(key->security, STACKER_KEY, &label_values);
}

/*
 * Keyrings whose keys another module trusts, by name: those only the kernel names ("." first:
 * add_key() and KEYCTL_JOIN_SESSION_KEYRING refuse it to tasks), .secondary_trusted_keys,
 * .ima, .evm, .platform, .blacklist, .fs-verity, .nvme; and the integrity keyrings user space
 * makes without CONFIG_INTEGRITY_TRUSTED_KEYRING (security/integrity/digsig.c), which IMA and
 * EVM look up with request_key() among the keyrings of the first task that verifies a
 * signature, and then keep.
 */
static bool trust_keyring(const struct key *key)
{
	const char *name = key->description;

	return key->type == &key_type_keyring &&
	       (name[0] == '.' || !strcmp(name, "_ima") || !strcmp(name, "_evm"));
}

/*
 * request_key() with callout information makes an authorisation key, then runs
 * /sbin/request-key as a usermode helper: as the floor, with every capability, on the
 * caller's type, description and callout (key.dns_resolver sends its query to the network).
 * Only a task label does not confine starts one; the kernel's own requests (NFS's idmapper,
 * the DNS resolver) make it with the kernel's credentials.
 */
static int hook_key_alloc(struct key *key, const struct cred *cred, unsigned long flags)
{
	struct label *label = label_of_cred(cred);

	if (!strcmp(key->type->name, ".request_key_auth")) {
		int rc = label_check_unconfined("key_alloc");

		if (rc)
			return rc;
	}
	/*
	 * The floor's: as its control files, "_sysctl", which a rule to the floor does not
	 * reach (a key root adds to .fs-verity is trusted). Only an unconfined task names an
	 * integrity keyring: a confined one's would be the one IMA trusts if it asked first.
	 */
	if (trust_keyring(key)) {
		if (label == label_floor)
			label = label_sysctl;
		else if (key->description[0] != '.' && label_check_unconfined("key_alloc"))
			return -EACCES;
	}
	return label_obj_init(security_attach_value(key->security, STACKER_KEY, &label_values,
						    GFP_KERNEL), label);
}

/* The access each need asks for; the special needs are decided by the keys code itself. */
static u32 key_access(enum key_need_perm need)
{
	switch (need) {
	case KEY_NEED_VIEW:
	case KEY_NEED_READ:
	case KEY_NEED_SEARCH:
		return LABEL_MAY_READ;
	case KEY_NEED_WRITE:
	case KEY_NEED_LINK:
	case KEY_NEED_SETATTR:
		return LABEL_MAY_WRITE;
	default:
		return 0;
	}
}

static int hook_key_permission(key_ref_t key_ref, const struct cred *cred,
			       enum key_need_perm need)
{
	u32 access = key_access(need);

	if (!access)
		return 0;
	return label_check(label_of_cred(cred), label_of_obj(key_obj(key_ref_to_ptr(key_ref))),
			   access, "key_permission", NULL);
}

/*
 * KEYCTL_SESSION_TO_PARENT: the caller changes its parent's credentials, whose session keyring
 * the parent then searches for every key, as a write to the parent (signals and ptrace ask the
 * same of one task to another). Under tasklist_lock with interrupts off: label_check(), which
 * neither sleeps nor asks capable() for an override.
 */
static int hook_key_session_to_parent(const struct cred *cred, const struct cred *parent_cred,
				      struct key *keyring)
{
	return label_check(label_of_cred(cred), label_of_cred(parent_cred), LABEL_MAY_WRITE,
			   "key_session_to_parent", NULL);
}

#ifdef CONFIG_KEY_NOTIFICATIONS
static int hook_watch_key(struct key *key)
{
	return label_check_current(label_of_obj(key_obj(key)), LABEL_MAY_READ, "watch_key", NULL);
}
#endif

static struct security_hook_list label_key_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(key_alloc, hook_key_alloc),
	LSM_HOOK_INIT(key_permission, hook_key_permission),
	LSM_HOOK_INIT(key_session_to_parent, hook_key_session_to_parent),
#ifdef CONFIG_KEY_NOTIFICATIONS
	LSM_HOOK_INIT(watch_key, hook_watch_key),
#endif
};

/**
 * label_add_key_hooks() - register the key hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_key_hooks(void)
{
	label_add_hooks(label_key_hooks, ARRAY_SIZE(label_key_hooks));
}
