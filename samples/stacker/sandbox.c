// SPDX-License-Identifier: GPL-2.0-only
/*
 * sandbox: a sample security module that the stacker loads at run time.
 *
 * A task enters the sandbox by writing "1" to /sys/kernel/security/sandbox/enter, and never
 * leaves it; every task it starts is in it too. A task in the sandbox may create files, which
 * are marked as the sandbox's; of the regular files, it may open for writing or truncate only
 * marked ones. An installer or a build run in the sandbox can write its own output and nothing
 * that was there before it.
 *
 * The marks are the module's values on the value lists of creds and inodes: a cred or an inode
 * with a value is marked. cred_prepare copies a cred's mark, cred_alloc_blank marks the cred
 * that keyctl(KEYCTL_SESSION_TO_PARENT) hands to the parent, inode_init_security marks a new
 * inode. That cred replaces the parent's later, in the parent's task work: key_session_to_parent
 * refuses it at the call to a caller outside the sandbox whose parent is in it (a child forked
 * before the parent entered), and cred_transfer marks it if the parent entered in between, so
 * the replacement never takes the parent out. The stacker frees the marks with their objects,
 * also after the module is gone.
 *
 * A task enters alone: not while it traces another task (which may be outside), nor while it
 * shares its memory with a task that stays outside (another thread).
 *
 * What a sample leaves out: files are marked only on file systems that call
 * security_inode_init_security() (tmpfs, ext4 and most disk file systems); directories are not
 * confined (a task in the sandbox may unlink or rename over a file it could not write); nor are
 * the xattrs, modes and owners of files; nor are descriptors opened outside it (before the task
 * entered, or by another task and passed in); nor what is not a regular file (device nodes,
 * System V shared memory).
 * Tracing is: a task in the sandbox may not attach to a task outside it (a child forked before it
 * entered), nor be asked by one to trace it (PTRACE_TRACEME), as it would write through it what
 * the sandbox may not. Nor may it act through credentials saved before it entered (an io_uring
 * personality).
 *
 * Load it with "stacker.loadable=sandbox" on the kernel command line; the name module
 * parameter registers it under another name (for tests: one not on the list is refused).
 */

#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/stacker.h>

static char *name = "sandbox";
module_param(name, charp, 0444);
MODULE_PARM_DESC(name, "Name to register with the stacker under");

/*
 * For the stacker's tests of a module that goes while hosted: the stacker must withdraw its
 * hooks before its code is freed. A real module unregisters on every path.
 */
static bool test_fail_init;
module_param(test_fail_init, bool, 0444);
MODULE_PARM_DESC(test_fail_init, "Test only: fail init after registering, without unregistering");
static bool test_no_unregister;
module_param(test_no_unregister, bool, 0444);
MODULE_PARM_DESC(test_no_unregister, "Test only: do not unregister on unload");

/* For the stacker's test that unloading waits for a hook that sleeps. */
#define SLEEP_NAME "sandbox-sleep"
static unsigned int test_create_sleep_ms;
module_param(test_create_sleep_ms, uint, 0444);
MODULE_PARM_DESC(test_create_sleep_ms,
		 "Test only: making a file named \"" SLEEP_NAME "\" first sleeps this long");

/* For the stacker's test that a function that may sleep is refused where none may. */
static bool test_sleep_in_atomic;
module_param(test_sleep_in_atomic, bool, 0444);
MODULE_PARM_DESC(test_sleep_in_atomic, "Test only: declare ptrace_traceme sleepable");

static struct lsm_blob_sizes sandbox_sizes = {
	.lbs_cred = sizeof(u32),
	.lbs_inode = sizeof(u32),
};

/* Not const: the stacker gives it its list id when the module registers. */
static struct stacker_value_id sandbox_values = { .blobs = &sandbox_sizes };

static bool in_sandbox(const struct cred *cred)
{
	return security_get_value(cred->security, STACKER_CRED, &sandbox_values);
}

static int mark_cred(struct cred *cred, gfp_t gfp)
{
	return security_attach_value(cred->security, STACKER_CRED, &sandbox_values, gfp) ?
	       0 : -ENOMEM;
}

static int sandbox_cred_prepare(struct cred *new, const struct cred *old, gfp_t gfp)
{
	return in_sandbox(old) ? mark_cred(new, gfp) : 0;
}

static int sandbox_cred_alloc_blank(struct cred *cred, gfp_t gfp)
{
	return in_sandbox(current_cred()) ? mark_cred(cred, gfp) : 0;
}

/* Under tasklist_lock with interrupts off: a test of two creds, nothing that sleeps. */
static int sandbox_key_session_to_parent(const struct cred *cred, const struct cred *parent_cred,
					 struct key *keyring)
{
	return in_sandbox(parent_cred) && !in_sandbox(cred) ? -EPERM : 0;
}

/*
 * The parent of a KEYCTL_SESSION_TO_PARENT caller, its cred about to be replaced by @new: a
 * parent that entered after the call was allowed stays in. A void hook cannot fail, and the
 * parent's task work may sleep: the mark is allocated with __GFP_NOFAIL, once per such call.
 */
static void sandbox_cred_transfer(struct cred *new, const struct cred *old)
{
	if (in_sandbox(old) && !in_sandbox(new))
		WARN_ON_ONCE(mark_cred(new, GFP_KERNEL | __GFP_NOFAIL));
}

/* Attaching reads and writes the tracee (reading it, as /proc does, is not confined). */
static int sandbox_ptrace_access_check(struct task_struct *child, unsigned int mode)
{
	bool outside;

	if (!(mode & PTRACE_MODE_ATTACH) || !in_sandbox(current_cred()))
		return 0;
	rcu_read_lock();
	outside = !in_sandbox(__task_cred(child));
	rcu_read_unlock();
	return outside ? -EPERM : 0;
}

static int sandbox_ptrace_traceme(struct task_struct *parent)
{
	bool inside;

	if (in_sandbox(current_cred()))
		return 0;
	rcu_read_lock();
	inside = in_sandbox(__task_cred(parent));
	rcu_read_unlock();
	return inside ? -EPERM : 0;
}

/*
 * io_uring acts for a task with a personality it registered before (IORING_REGISTER_PERSONALITY):
 * one saved before the task entered would open files outside it. Its io-wq and SQPOLL threads
 * are threads of the task, so none made before it entered is left (enter is refused then).
 */
static int sandbox_uring_override_creds(const struct cred *new)
{
	return in_sandbox(current_cred()) && !in_sandbox(new) ? -EPERM : 0;
}

static int sandbox_inode_init_security(struct inode *inode, struct inode *dir,
				       const struct qstr *qstr, struct xattr *xattrs,
				       int *xattr_count)
{
	if (unlikely(test_create_sleep_ms) && qstr && !strcmp(qstr->name, SLEEP_NAME))
		msleep(test_create_sleep_ms);
	if (in_sandbox(current_cred()) &&
	    !security_attach_value(inode->i_security, STACKER_INODE, &sandbox_values, GFP_NOFS))
		return -ENOMEM;
	/* No xattr: the marks live as long as the inode in memory. */
	return -EOPNOTSUPP;
}

/* The rule: in the sandbox, a regular file may be written only if the sandbox created it. */
static int may_write(const struct inode *inode)
{
	if (!S_ISREG(inode->i_mode) || !in_sandbox(current_cred()))
		return 0;
	return security_get_value(inode->i_security, STACKER_INODE, &sandbox_values) ?
	       0 : -EACCES;
}

/*
 * A pidfd (pidfs, which pidfd_open() opens read-write) holds no data: not a file the rule keeps.
 * Other files of the kernel's internal mounts do (a memfd reopened through /proc/<pid>/fd/).
 */
static int sandbox_file_open(struct file *file)
{
	if (!(file->f_mode & FMODE_WRITE) || file_inode(file)->i_sb->s_magic == PID_FS_MAGIC)
		return 0;
	return may_write(file_inode(file));
}

/* open(O_RDONLY | O_TRUNC) truncates too. */
static int sandbox_file_truncate(struct file *file)
{
	return may_write(file_inode(file));
}

static int sandbox_path_truncate(const struct path *path)
{
	return may_write(d_backing_inode(path->dentry));
}

/*
 * The hooks that allocate a mark may sleep (as their gfp allows); the others only test marks,
 * and are called under RCU.
 */
static const struct stacker_loaded_hook sandbox_hooks[] = {
	STACKER_HOOK_INIT_SLEEPABLE(cred_prepare, sandbox_cred_prepare),
	STACKER_HOOK_INIT_SLEEPABLE(cred_alloc_blank, sandbox_cred_alloc_blank),
	STACKER_HOOK_INIT_SLEEPABLE(cred_transfer, sandbox_cred_transfer),
#ifdef CONFIG_KEYS
	STACKER_HOOK_INIT(key_session_to_parent, sandbox_key_session_to_parent),
#endif
	STACKER_HOOK_INIT_SLEEPABLE(inode_init_security, sandbox_inode_init_security),
	STACKER_HOOK_INIT(ptrace_access_check, sandbox_ptrace_access_check),
	STACKER_HOOK_INIT(ptrace_traceme, sandbox_ptrace_traceme),
#ifdef CONFIG_IO_URING
	STACKER_HOOK_INIT(uring_override_creds, sandbox_uring_override_creds),
#endif
	STACKER_HOOK_INIT(file_open, sandbox_file_open),
	STACKER_HOOK_INIT(file_truncate, sandbox_file_truncate),
	STACKER_HOOK_INIT(path_truncate, sandbox_path_truncate),
};

static const struct stacker_loaded_hook sandbox_bad_hooks[] = {
	STACKER_HOOK_INIT_SLEEPABLE(ptrace_traceme, sandbox_ptrace_traceme),
};

static struct stacker_module sandbox_module = {
	.owner = THIS_MODULE,
	.values = &sandbox_values,
	.loaded_hooks = sandbox_hooks,
	.loaded_hooks_count = ARRAY_SIZE(sandbox_hooks),
};

/*
 * Write "1" to enter the sandbox. Anyone may: it only takes rights away. Not a tracer: its
 * tracees may be outside, and ptrace_access_check is asked only when attaching (a tracee's
 * children are attached on fork without it). Not a task that shares its memory: the other
 * threads (or CLONE_VM processes) would stay outside, and would write for it. Only the task
 * itself adds to either, so neither changes before commit_creds(). mm_users also counts, for a
 * moment, a reader of the task's /proc/<pid>/ memory files: such a refusal is transient.
 */
static ssize_t enter_write(struct file *file, const char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct cred *new;
	char buf[3] = "";

	if (*ppos || !count || count > 2)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (strcmp(buf, "1") && strcmp(buf, "1\n"))
		return -EINVAL;
	if (!list_empty(&current->ptraced))
		return -EBUSY;
	if (!thread_group_empty(current) || atomic_read(&current->mm->mm_users) > 1)
		return -EPERM;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (!in_sandbox(new) && mark_cred(new, GFP_KERNEL)) {
		abort_creds(new);
		return -ENOMEM;
	}
	commit_creds(new);
	return count;
}

static const struct file_operations enter_fops = {
	.owner = THIS_MODULE,
	.write = enter_write,
	.llseek = noop_llseek,
};

static struct dentry *sandbox_dir;

static int __init sandbox_init(void)
{
	struct dentry *enter;
	int rc;

	sandbox_module.name = name;
	if (test_sleep_in_atomic) {
		sandbox_module.loaded_hooks = sandbox_bad_hooks;
		sandbox_module.loaded_hooks_count = ARRAY_SIZE(sandbox_bad_hooks);
	}
	/* First: until it returns, the value id has no list id and must not be used. */
	rc = stacker_register_module(&sandbox_module);
	if (rc)
		return rc;
	if (test_fail_init)
		return -ENODEV;
	sandbox_dir = securityfs_create_dir("sandbox", NULL);
	enter = IS_ERR(sandbox_dir) ? sandbox_dir :
		securityfs_create_file("enter", 0222, sandbox_dir, NULL, &enter_fops);
	if (IS_ERR(enter)) {
		if (!IS_ERR(sandbox_dir))
			securityfs_recursive_remove(sandbox_dir);
		stacker_unregister_module(&sandbox_module);
		return PTR_ERR(enter);
	}
	return 0;
}

static void __exit sandbox_exit(void)
{
	securityfs_recursive_remove(sandbox_dir);
	if (!test_no_unregister)
		stacker_unregister_module(&sandbox_module);
}

module_init(sandbox_init);
module_exit(sandbox_exit);
MODULE_DESCRIPTION("Sample stacker module: tasks that may write only the files they created");
MODULE_LICENSE("GPL");
