// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: task labels, kept in the cred - inheritance, exec transitions, relabel-self and
 * /proc/<pid>/attr/label/current.
 */

#include "label.h"

#include <linux/binfmts.h>
#include <linux/capability.h>
#include <linux/fdtable.h>
#include <linux/fs_struct.h>
#include <linux/io_uring.h>
#include <linux/mm.h>
#include <linux/mount.h>
#include <linux/perf_event.h>
#include <linux/personality.h>
#include <linux/ptrace.h>
#include <linux/ratelimit.h>
#include <linux/sched/signal.h>
#include <linux/seccomp.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/tty.h>
#include <linux/user_namespace.h>
#include <linux/security.h>
#include <linux/xattr.h>
#include <uapi/linux/lsm.h>

/**
 * label_cred_set() - give a cred a label, attaching the module's value if needed
 * @cred: a cred being prepared, not yet shared
 * @label: the label
 * @gfp: allocation flags
 *
 * Context: As @gfp allows.
 * Return: 0, or -ENOMEM.
 */
int label_cred_set(struct cred *cred, struct label *label, gfp_t gfp)
{
	return label_obj_init(security_attach_value(cred->security, STACKER_CRED, &label_values,
						    gfp), label);
}

/**
 * label_cred_relabel() - the labels a cred's task may switch to without CAP_MAC_ADMIN
 * @cred: the cred
 *
 * Context: Any context; the caller keeps @cred alive.
 * Return: the relabel-self set, or NULL.
 */
struct label_set *label_cred_relabel(const struct cred *cred)
{
	struct label_cred *lc = label_cred(cred);

	return lc ? lc->relabel : NULL;
}

/* Give a new cred its label and a reference to @relabel. */
static int init_cred_value(struct cred *cred, struct label *label, struct label_set *relabel,
			   gfp_t gfp)
{
	int rc = label_cred_set(cred, label, gfp);

	if (!rc) {
		label_cred(cred)->relabel = label_set_get(relabel);
		label_cred(cred)->transmuted = false;
		label_cred(cred)->exec_changed = false;
	}
	return rc;
}

static int hook_cred_alloc_blank(struct cred *cred, gfp_t gfp)
{
	return init_cred_value(cred, label_floor, NULL, gfp);
}

static int hook_cred_prepare(struct cred *new, const struct cred *old, gfp_t gfp)
{
	return init_cred_value(new, label_of_cred(old), label_cred_relabel(old), gfp);
}

static void hook_cred_transfer(struct cred *new, const struct cred *old)
{
	struct label_cred *lc = label_cred(new);

	/* cred_alloc_blank() attached the value already, with no relabel-self set. */
	if (WARN_ON_ONCE(!lc))
		return;
	lc->obj.label = label_of_cred(old);
	lc->relabel = label_set_get(label_cred_relabel(old));
	lc->transmuted = false;
	lc->exec_changed = false;
}

static void hook_cred_free(struct cred *cred)
{
	struct label_cred *lc = label_cred(cred);

	if (lc) {
		label_set_put(lc->relabel);
		lc->relabel = NULL;
	}
}

/* Replace @cred's relabel-self set with @set, whose reference it takes. */
static void cred_set_relabel(struct cred *cred, struct label_set *set)
{
	struct label_cred *lc = label_cred(cred);

	label_set_put(lc->relabel);
	lc->relabel = set;
}

/**
 * label_relabel_self_set() - let the current task switch to one of a set of labels later
 * @set: the labels, whose reference the task's cred takes; NULL for none
 *
 * As Smack's relabel-self: the set passes to the task's children and across exec, and is
 * emptied by the first change of the task's label. The caller checked the privilege.
 *
 * Context: Process context.
 * Return: 0, or -ENOMEM (and @set is put).
 */
int label_relabel_self_set(struct label_set *set)
{
	struct cred *new = prepare_creds();

	if (!new) {
		label_set_put(set);
		return -ENOMEM;
	}
	cred_set_relabel(new, set);
	commit_creds(new);
	return 0;
}

/*
 * The label a file's security.labelexec names, or NULL. Like a set-user-ID bit, it counts only
 * on a mount that honours those (not nosuid: removable media, a snapshot of the root file system
 * whose old programs kept their attributes); clearing nosuid there needs CAP_MAC_ADMIN
 * (nosuid_clear_check()). And only on the root file system or one an administrator trusted,
 * never on one mounted in a user namespace or served by FUSE
 * (label_sb_carries_transitions()): whoever may mount a file system must not thereby choose a
 * label to move to. Nor for a task in a user
 * namespace: there anyone may bind-mount over the files (/etc/ld.so.preload, a library) that
 * the new label's program then trusts, as the kernel refuses set-user-ID and file capabilities
 * of an owner the namespace cannot map. Nor for a task whose root directory is not the system's
 * (label_sees_system_root()): after chroot(), into a bind mount of / too, the program's loader
 * and libraries are looked up where the caller chose.
 *
 * Nor for a program no longer linked anywhere (an upgrade replaced it; a task still reaches it
 * through an O_PATH descriptor or /proc/<pid>/exe): its old, maybe vulnerable, version would
 * keep the label, as a hard link made to keep it would, which needs w to the file
 * (hook_inode_link()).
 */
static struct label *exec_label(const struct file *file)
{
	struct dentry *dentry = file_dentry(file);
	struct inode *inode = d_backing_inode(dentry);
	char buf[LABEL_NAME_MAX + 1];
	struct label *label;
	int len;

	if (current_user_ns() != &init_user_ns || !(inode->i_opflags & IOP_XATTR) ||
	    !mnt_may_suid(file->f_path.mnt) || !inode->i_nlink)
		return NULL;
	/* Most programs have no exec label: read it before looking for the root file system. */
	len = __vfs_getxattr(dentry, inode, XATTR_NAME_LABELEXEC, buf, sizeof(buf));
	if (len <= 0 || !label_sb_carries_transitions(inode->i_sb) || !label_sees_system_root())
		return NULL;
	label = label_intern(buf, len);
	return IS_ERR(label) ? NULL : label;
}

/*
 * Every change of a task's label (an exec transition, a write of its attribute, relabel-self)
 * goes through here, so that each has the same consequences. The relabel-self set was given
 * for the label the task had: any change empties it, as Smack's does. What else a change
 * entails depends on how it is made, and is decided by the callers: an exec refuses a traced
 * or no_new_privs task and tears down perf events and dumpability (hook_bprm_creds_from_file),
 * and drops the signals and timers the old program left (hook_bprm_committed_creds());
 * a write refuses a change while the task shares what the old label would keep
 * (shared_with_old_label()) or that its tracer could not follow (tracer_may_follow()), and
 * ends the perf events attached to the task (hook_setprocattr()). Both give a session
 * leader's floor pty its new label (session_terminal_follows()). Other files, sockets, keys
 * and IPC objects keep the label they were made with; /proc/<pid>/ inodes follow the task's
 * label at each lookup.
 */
static int label_change(struct cred *new, struct label *label)
{
	int rc;

	/*
	 * No task is "*", as under Smack: a "*" object is every label's, so any label would
	 * attach to, signal and enter the user namespaces of a "*" task.
	 */
	if (label == label_star)
		return -EINVAL;
	rc = label_cred_set(new, label, GFP_KERNEL);

	if (!rc)
		cred_set_relabel(new, NULL);
	return rc;
}

/* An open pty's file is the tty layer's: its private_data a struct tty_file_private. */
static int floor_pty_follows(const void *tty, struct file *file, unsigned int fd)
{
	struct inode *inode = file_inode(file);
	struct tty_file_private *priv = file->private_data;
	struct label_inode *li = label_inode(inode);

	if ((file->f_mode & (FMODE_PATH | FMODE_WRITE)) != FMODE_WRITE ||
	    !label_devpts_pty(inode) || !priv || priv->tty != tty || !li ||
	    label_of_cred(file->f_cred) != label_floor || label_of_inode(inode) != label_floor)
		return 0;
	WRITE_ONCE(li->session_tty, true);
	label_inode_set(inode, label_of_current());
	return 0;
}

/*
 * A pty takes the label of the task that opened ptmx: for a login over ssh, or in a terminal
 * run by a floor task, the floor's, which every label reads, although the session on it takes
 * another label later (its shell's exec transition, PAM writing its attribute). When a session
 * leader takes a label, its controlling terminal, if it is such a floor pty, takes it too:
 * the session's keystrokes and output are then read and written through a rule to its label.
 * Only through a descriptor of it that the floor opened for writing (sshd's or login's, for
 * the session), which the leader holds (under the table's lock, which pins its inode): a task
 * that made a floor pty its terminal by reading it, which any label may, does not take it.
 * The descriptors the floor opened for the session stay its own (label_session_descriptor()).
 * A pty of another label keeps it.
 */
static void session_terminal_follows(void)
{
	struct tty_struct *tty;

	if (!current->signal->leader)
		return;
	tty = get_current_tty();
	if (!tty)
		return;
	iterate_fd(current->files, 0, floor_pty_follows, tty);
	tty_kref_put(tty);
}

/*
 * A seccomp filter stays across an exec and acts on the new program: a listener of one
 * (SECCOMP_RET_USER_NOTIF) answers its system calls, hands it descriptors of the listener's
 * choosing as the files it opens, and fails its privilege drops. Without no_new_privs, which
 * refuses a transition already, only a holder of CAP_SYS_ADMIN installs one, and a confined
 * root holds it: a task that label confines is not changed into another label under a filter.
 * The floor, or a task that may override label, is (systemd starts a service with
 * SystemCallFilter= so). seccomp's TSYNC takes cred_guard_mutex, which the exec holds, so no
 * thread adds a filter after this test.
 */
static bool confined_under_seccomp(void)
{
	return seccomp_mode(&current->seccomp) == SECCOMP_MODE_FILTER &&
	       label_of_current() != label_floor && !label_overrides();
}

/*
 * An exec into another label is a change of privilege, refused as a set-user-ID exec would be
 * under no_new_privs, ptrace or a shared fs_struct, and made a secure exec (no LD_PRELOAD). As
 * after a set-user-ID exec, the process is not dumpable: perf events opened on it before are
 * torn down, and ptrace and /proc need the privilege a non-dumpable process asks for.
 * Descriptors inherited across the exec stay open, as with Smack; each later use of one that
 * reaches a hook (ioctl, fcntl, mmap, locks, passing it on) is checked with the new label.
 *
 * The label is the one of the file finally executed, as set-user-ID is: for a script, its
 * interpreter's, never the script's (whose path the interpreter opens again, and whose
 * arguments the caller chooses: "-c" as the script's name runs the caller's command).
 *
 * For a binfmt_misc entry with the C flag the kernel passes the binary (@file), whose
 * set-user-ID bits it honours there; label still takes the interpreter's (bprm->file), as for
 * a script: the binary's path and arguments are the caller's, and the interpreter (qemu-user)
 * reads options from them.
 */
static int hook_bprm_creds_from_file(struct linux_binprm *bprm, const struct file *file)
{
	struct label *label = exec_label(bprm->file);
	int rc;

	if (!label || label == label_of_current())
		return 0;
	if (bprm->unsafe)
		return -EPERM;
	if (confined_under_seccomp())
		return -EPERM;
	bprm->per_clear |= PER_CLEAR_ON_SETID;
	bprm->interp_flags |= BINPRM_FLAGS_ENFORCE_NONDUMP;
	bprm->secureexec = 1;
	rc = label_change(bprm->cred, label);
	if (!rc)
		label_cred(bprm->cred)->exec_changed = true;
	return rc;
}

/*
 * Once an exec into another label is committed, the signals that the old label set up do not
 * reach the new program: those still pending (sent when the old label was their target, which
 * the sender may not signal now), the interval timers (which would signal it later), and the
 * signals the old program blocked or ignored, which the new one would not receive. A signal
 * sent from now on is decided against the new label. SELinux does the same for a transition
 * without process:siginh. A fatal signal already pending is left to end the task.
 */
static void hook_bprm_committed_creds(const struct linux_binprm *bprm)
{
	struct label_cred *lc = label_cred(current_cred());
	struct sighand_struct *sighand = unrcu_pointer(current->sighand);

	if (!lc || !lc->exec_changed)
		return;
	session_terminal_follows();
	clear_itimer();
	spin_lock_irq(&sighand->siglock);
	if (!fatal_signal_pending(current)) {
		flush_sigqueue(&current->pending);
		flush_sigqueue(&current->signal->shared_pending);
		flush_signal_handlers(current, 1);
		sigemptyset(&current->blocked);
		recalc_sigpending();
	}
	spin_unlock_irq(&sighand->siglock);
}

static int hook_getprocattr(struct task_struct *p, const char *name, char **value)
{
	struct label *label;

	if (strcmp(name, "current"))
		return -EINVAL;
	rcu_read_lock();
	label = label_of_cred(__task_cred(p));
	rcu_read_unlock();
	*value = kstrdup(label->name, GFP_KERNEL);
	return *value ? label->len : -ENOMEM;
}

static DEFINE_RATELIMIT_STATE(relabel_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * A label the task's relabel-self set lets it take without CAP_MAC_ADMIN, or NULL. Found, not
 * interned: such a task cannot create labels by trying names.
 */
static struct label *relabel_self_target(const char *value, size_t len)
{
	struct label_set *set = label_cred_relabel(current_cred());
	struct label *label;

	if (!set)
		return NULL;
	/*
	 * Not in a user namespace, where exec labels do not count either (exec_label()): the
	 * namespace keeps its creator's label, whose tasks keep every capability over the
	 * task's mounts and network (userns.c).
	 */
	if (current_user_ns() != &init_user_ns)
		return NULL;
	label = label_find(value, len);
	return label && label_set_has(set, label) ? label : NULL;
}

/*
 * A traced task keeps its tracer across a change of its own label only if the tracer could
 * attach to the new label (rw, as ptrace_access_check asks): otherwise a tracer of the old
 * label would read and write a task of the new one. SELinux asks process:ptrace of the tracer
 * for the new context the same way. An exec into another label refuses any tracer.
 */
static int tracer_may_follow(const struct label *label)
{
	struct task_struct *tracer;
	int rc = 0;

	rcu_read_lock();
	tracer = ptrace_parent(current);
	if (tracer && label_decide(label_of_cred(__task_cred(tracer)), label,
				   LABEL_MAY_READ | LABEL_MAY_WRITE))
		rc = -EPERM;
	rcu_read_unlock();
	return rc;
}

/* Whether the current task has submitted to an io_uring instance (its context lives on). */
static bool used_uring(void)
{
#ifdef CONFIG_IO_URING
	return current->io_uring;
#else
	return false;
#endif
}

static int uring_file(const void *unused, struct file *file, unsigned int fd)
{
	return io_is_uring_fops(file);
}

/* Whether the current task, alone in its memory, maps an io_uring instance's rings. */
static bool maps_uring(void)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	struct vma_iterator vmi;
	bool found = false;

	if (!mm)
		return false;
	mmap_read_lock(mm);
	vma_iter_init(&vmi, mm, 0);
	for_each_vma(vmi, vma) {
		if (vma->vm_file && io_is_uring_fops(vma->vm_file)) {
			found = true;
			break;
		}
	}
	mmap_read_unlock(mm);
	return found;
}

/*
 * What a change of label through the attribute would leave to the old label, sharing it with
 * the task that now holds the new one's data and authority; or NULL:
 *  - another thread (memory): io_uring's SQPOLL thread and workers among them, which a
 *    single-threaded program gets without asking;
 *  - another process sharing the descriptor table (clone(CLONE_FILES)), which would use what
 *    the task opens with the new label, or the fs_struct (CLONE_FS), as an exec refuses;
 *  - an io_uring instance, through a descriptor, a mapping of its rings (writing a request
 *    there is submitting it, to another process's SQPOLL thread too) or the task's own use
 *    of one: requests run with the credentials of whoever set the ring up or queued them,
 *    registered personalities included, after the change as before.
 * SELinux asks a task to be alone in its memory for a change not bounded by the old context.
 * Shared mappings of memory and sockets made before stay, as documented. An exec leaves one
 * thread, unshares the descriptor table and cancels the task's io_uring requests anyway.
 * Once the task is alone in its memory, nothing but itself can start sharing any of these.
 */
static const char *shared_with_old_label(void)
{
	struct fs_struct *fs = current->fs;
	bool shared_fs;

	if (!current_is_single_threaded())
		return "the process has other threads";
	if (atomic_read(&current->files->count) > 1)
		return "the process shares its descriptor table";
	spin_lock(&fs->lock);
	shared_fs = fs->users > 1;
	spin_unlock(&fs->lock);
	if (shared_fs)
		return "the process shares its file system information";
	if (used_uring() || iterate_fd(current->files, 0, uring_file, NULL) || maps_uring())
		return "the process has used, holds or maps an io_uring instance";
	return NULL;
}

static int shares_nothing(void)
{
	char comm[STACKER_COMM_ESCAPED];
	const char *why = shared_with_old_label();

	if (!why)
		return 0;
	if (__ratelimit(&relabel_refusals))
		pr_notice("setting the task label refused: %s: pid=%d comm=\"%s\"\n", why,
			  task_pid_nr(current), stacker_escaped_comm(comm));
	return -EPERM;
}

static int hook_setprocattr(const char *name, void *value, size_t size)
{
	struct label *label;
	struct cred *new;
	size_t len = size;
	int rc;

	if (strcmp(name, "current"))
		return -EINVAL;
	rc = shares_nothing();
	if (rc)
		return rc;
	if (len && ((char *)value)[len - 1] == '\n')
		len--;
	label = relabel_self_target(value, len);
	if (!label) {
		rc = label_may_relabel("setting the task label", &relabel_refusals);
		if (rc)
			return rc;
		label = label_intern(value, len);
		if (IS_ERR(label))
			return PTR_ERR(label);
	}
	rc = tracer_may_follow(label);
	if (rc)
		return rc;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	rc = label_change(new, label);
	if (!rc)
		rc = down_write_killable(&current->signal->exec_update_lock);
	if (rc) {
		abort_creds(new);
		return rc;
	}
	commit_creds(new);
	/*
	 * Perf events attached to the task were allowed for its old label: they would go on
	 * sampling its registers and stack under the new one. They stop, as after a set-user-ID
	 * exec (begin_new_exec()), under the same exec_update_lock: perf_event_open() installs an
	 * event on a task under it, after its ptrace check (label's ptrace hook, on the new
	 * label), so none is installed for the old label after the teardown.
	 */
	perf_event_exit_task(current);
	up_write(&current->signal->exec_update_lock);
	session_terminal_follows();
	return size;
}

/* lsm_get_self_attr(LSM_ATTR_CURRENT): the label, NUL-terminated, under LSM_ID_LABEL. */
static int hook_getselfattr(unsigned int attr, struct lsm_ctx __user *ctx, u32 *size, u32 flags)
{
	struct label *label = label_of_current();
	int rc;

	if (attr != LSM_ATTR_CURRENT)
		return -EOPNOTSUPP;
	rc = lsm_fill_user_ctx(ctx, size, label->name, label->len + 1, LSM_ID_LABEL, 0);
	return rc ?: 1;
}

/* lsm_set_self_attr(LSM_ATTR_CURRENT): as writing /proc/self/attr/label/current. */
static int hook_setselfattr(unsigned int attr, struct lsm_ctx *ctx, u32 size, u32 flags)
{
	u32 len = ctx->ctx_len;
	int rc;

	if (attr != LSM_ATTR_CURRENT)
		return -EOPNOTSUPP;
	if (len && !ctx->ctx[len - 1])
		len--;
	rc = hook_setprocattr("current", ctx->ctx, len);
	return rc < 0 ? rc : 0;
}

static struct security_hook_list label_cred_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(cred_alloc_blank, hook_cred_alloc_blank),
	LSM_HOOK_INIT(cred_prepare, hook_cred_prepare),
	LSM_HOOK_INIT(cred_transfer, hook_cred_transfer),
	LSM_HOOK_INIT(cred_free, hook_cred_free),
	LSM_HOOK_INIT(bprm_creds_from_file, hook_bprm_creds_from_file),
	LSM_HOOK_INIT(bprm_committed_creds, hook_bprm_committed_creds),
};

/*
 * getprocattr/setprocattr answer /proc/<pid>/attr/current too: they must follow SELinux. The
 * self-attribute hooks go with them, so lsm_get_self_attr() lists SELinux first as before.
 */
static struct security_hook_list label_procattr_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(getprocattr, hook_getprocattr),
	LSM_HOOK_INIT(setprocattr, hook_setprocattr),
	LSM_HOOK_INIT(getselfattr, hook_getselfattr),
	LSM_HOOK_INIT(setselfattr, hook_setselfattr),
};

/**
 * label_add_cred_hooks() - register the cred hooks and label the first task
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_cred_hooks(void)
{
	/* The first task's cred exists before any hook: label it here. */
	if (label_cred_set((struct cred *)current_cred(), label_floor, GFP_KERNEL))
		panic("label: cannot label the initial task\n");
	label_add_hooks(label_cred_hooks, ARRAY_SIZE(label_cred_hooks));
	label_add_late_hooks(label_procattr_hooks, ARRAY_SIZE(label_procattr_hooks));
}
