/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stacker: the hooks a module loaded at run time may implement, one
 * LOADABLE_HOOK(NAME, PROTO, ARGS) each: the hook's name as in lsm_hook_defs.h, its parameters,
 * and the same parameters as arguments. The stacker registers a run-time hook for each at boot
 * (loadable.c), and forwards the arguments to the loaded modules that implement it.
 *
 * Hooks that return int, that security.c calls through its static calls, and that a module needs
 * to confine file access, execution, signals and tracing and to keep values on creds and inodes;
 * and, as LOADABLE_VOID_HOOK(), the void hook a module needs to keep its value on a cred that
 * KEYCTL_SESSION_TO_PARENT hands to a parent (cred_transfer). LOADABLE_ATOMIC_HOOK() marks an
 * int hook called where nothing may sleep: a module's function for it cannot be sleepable. An
 * includer that does not tell them apart defines LOADABLE_HOOK() alone.
 * LOADABLE_FILTERED_HOOK() marks a hook whose arguments the stacker changes on the way.
 * No free hook: the stacker frees a loaded module's values itself. No hook that sizes something
 * at boot (xattr slots, secctx): a loaded module's inode_init_security is called with no xattr
 * array, and must add none.
 */
#ifndef LOADABLE_VOID_HOOK
#define LOADABLE_VOID_HOOK(NAME, PROTO, ARGS) LOADABLE_HOOK(NAME, PROTO, ARGS)
#define LOADABLE_VOID_HOOK_DEFAULTED
#endif
#ifndef LOADABLE_ATOMIC_HOOK
#define LOADABLE_ATOMIC_HOOK(NAME, PROTO, ARGS) LOADABLE_HOOK(NAME, PROTO, ARGS)
#define LOADABLE_ATOMIC_HOOK_DEFAULTED
#endif
#ifndef LOADABLE_FILTERED_HOOK
#define LOADABLE_FILTERED_HOOK(NAME, PROTO, ARGS) LOADABLE_HOOK(NAME, PROTO, ARGS)
#define LOADABLE_FILTERED_HOOK_DEFAULTED
#endif

LOADABLE_HOOK(bprm_check_security, (struct linux_binprm *bprm), (bprm))
LOADABLE_HOOK(cred_alloc_blank, (struct cred *cred, gfp_t gfp), (cred, gfp))
LOADABLE_HOOK(cred_prepare, (struct cred *new, const struct cred *old, gfp_t gfp),
	      (new, old, gfp))
/* In the parent's task work, before its cred is replaced: may sleep. */
LOADABLE_VOID_HOOK(cred_transfer, (struct cred *new, const struct cred *old), (new, old))
LOADABLE_HOOK(file_ioctl, (struct file *file, unsigned int cmd, unsigned long arg),
	      (file, cmd, arg))
LOADABLE_HOOK(file_ioctl_compat, (struct file *file, unsigned int cmd, unsigned long arg),
	      (file, cmd, arg))
LOADABLE_HOOK(file_mprotect, (struct vm_area_struct *vma, unsigned long reqprot,
			      unsigned long prot),
	      (vma, reqprot, prot))
LOADABLE_HOOK(file_open, (struct file *file), (file))
LOADABLE_HOOK(file_permission, (struct file *file, int mask), (file, mask))
LOADABLE_HOOK(file_truncate, (struct file *file), (file))
LOADABLE_HOOK(inode_create, (struct inode *dir, struct dentry *dentry, umode_t mode),
	      (dir, dentry, mode))
LOADABLE_FILTERED_HOOK(inode_init_security, (struct inode *inode, struct inode *dir,
					     const struct qstr *qstr, struct xattr *xattrs,
					     int *xattr_count),
		       (inode, dir, qstr, NULL, NULL))
LOADABLE_HOOK(inode_link, (struct dentry *old_dentry, struct inode *dir,
			   struct dentry *new_dentry),
	      (old_dentry, dir, new_dentry))
LOADABLE_HOOK(inode_rename, (struct inode *old_dir, struct dentry *old_dentry,
			     struct inode *new_dir, struct dentry *new_dentry),
	      (old_dir, old_dentry, new_dir, new_dentry))
LOADABLE_HOOK(inode_unlink, (struct inode *dir, struct dentry *dentry), (dir, dentry))
#ifdef CONFIG_KEYS
/* Called under tasklist_lock with interrupts off. */
LOADABLE_ATOMIC_HOOK(key_session_to_parent, (const struct cred *cred,
					     const struct cred *parent_cred,
					     struct key *keyring),
		     (cred, parent_cred, keyring))
#endif
LOADABLE_HOOK(mmap_file, (struct file *file, unsigned long reqprot, unsigned long prot,
			  unsigned long flags),
	      (file, reqprot, prot, flags))
LOADABLE_HOOK(path_truncate, (const struct path *path), (path))
/* Both under a spinlock (the tracee's task lock, tasklist_lock). */
LOADABLE_ATOMIC_HOOK(ptrace_access_check, (struct task_struct *child, unsigned int mode),
		     (child, mode))
LOADABLE_ATOMIC_HOOK(ptrace_traceme, (struct task_struct *parent), (parent))
#ifdef CONFIG_IO_URING
/* io_uring acting with a registered personality: credentials saved earlier. */
LOADABLE_HOOK(uring_override_creds, (const struct cred *new), (new))
#endif
LOADABLE_HOOK(task_alloc, (struct task_struct *task, unsigned long clone_flags),
	      (task, clone_flags))
/* Under rcu_read_lock(), as kill() finds the task. */
LOADABLE_ATOMIC_HOOK(task_kill, (struct task_struct *p, struct kernel_siginfo *info, int sig,
				 const struct cred *cred),
		     (p, info, sig, cred))

#ifdef LOADABLE_VOID_HOOK_DEFAULTED
#undef LOADABLE_VOID_HOOK
#undef LOADABLE_VOID_HOOK_DEFAULTED
#endif
#ifdef LOADABLE_ATOMIC_HOOK_DEFAULTED
#undef LOADABLE_ATOMIC_HOOK
#undef LOADABLE_ATOMIC_HOOK_DEFAULTED
#endif
#ifdef LOADABLE_FILTERED_HOOK_DEFAULTED
#undef LOADABLE_FILTERED_HOOK
#undef LOADABLE_FILTERED_HOOK_DEFAULTED
#endif
