// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: open files - what a descriptor may still do after the open was allowed: ioctls, locks,
 * mappings, passing it on, SIGIO, and never turning an append into an overwrite.
 */

#include "label.h"

#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/i2c-dev.h>
#include <linux/io_uring/cmd.h>
#include <linux/ioctl.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/kd.h>
#include <linux/loop.h>
#include <linux/major.h>
#include <linux/miscdevice.h>
#include <linux/usb.h>
#include <linux/vt.h>
#include <asm/ioctls.h>
#include <uapi/linux/btrfs.h>
#include <uapi/linux/ext4.h>
#include <uapi/linux/f2fs.h>
#include <uapi/linux/magic.h>
#include <uapi/linux/nvme_ioctl.h>
#include <scsi/sg.h>

/*
 * The devices that type into the session at the console: an input device's node takes events
 * to deliver (evdev), and uinput, uhid and userio (a serio port, so any serio keyboard) make
 * new keyboards.
 */
static bool fakes_keystrokes(dev_t dev)
{
	if (MAJOR(dev) == MISC_MAJOR)
		return MINOR(dev) == UINPUT_MINOR || MINOR(dev) == UHID_MINOR ||
		       MINOR(dev) == USERIO_MINOR;
	return MAJOR(dev) == INPUT_MAJOR;
}

/*
 * Character devices that are a disk's other door: SCSI generic nodes (/dev/sg*) pass any SCSI
 * command, reads and writes of every sector included, through read(), write() and SG_IO; MTD's
 * character nodes read and write a flash chip's blocks; a USB device's node (in /dev/bus/usb)
 * detaches a USB disk's driver and sends its SCSI commands in bulk transfers; device-mapper's
 * control node maps any disk into a new one (a mirror copies it to a device of the caller's).
 * And those that drive hardware past its kernel driver, whose commands have no direction bits
 * or need no write mode: VFIO's container (/dev/vfio/vfio), through which a group's device is
 * handed over with its configuration space, its registers and DMA (an NVMe disk passed through
 * to a guest); i2c-dev's nodes, whose I2C_RDWR transfers reach any device of the bus (a TPM, an
 * EEPROM) through a read-only descriptor; hibernation's /dev/snapshot, whose image holds the
 * memory of every task; and the virtual consoles' screens (/dev/vcs*), which show what every
 * console shows whatever its terminal's label.
 */
static bool reaches_raw_hardware(dev_t dev)
{
	switch (MAJOR(dev)) {
	case SCSI_GENERIC_MAJOR:
	case MTD_CHAR_MAJOR:
	case USB_DEVICE_MAJOR:
	case I2C_MAJOR:
	case VCS_MAJOR:
		return true;
	case MISC_MAJOR:
		return MINOR(dev) == MAPPER_CTRL_MINOR || MINOR(dev) == VFIO_MINOR ||
		       MINOR(dev) == SNAPSHOT_MINOR;
	}
	return false;
}

/*
 * What a device node of the floor is decided as. Until an administrator labels it (udev can,
 * as it gives SELinux its device types), every node is "_", which every task reads and a rule
 * to "_" writes; two kinds of device reach more than a "_" file does:
 *  - a block device holds the files of every label, and their labels: reading it reads them
 *    all, writing it rewrites them, security.labelexec included. It is label_storage, which
 *    only a task of the floor opens, "^" reads, and a task that may override label passes; so
 *    is a character device that reaches a disk or other hardware (reaches_raw_hardware());
 *  - a device that fakes keystrokes takes over the session at the console, as faking a floor
 *    terminal's input does (terminal_input_check()): it is "_sysctl", which every task reads
 *    and only a rule of its own lets another label write.
 */
static const struct label *device_object(const struct inode *inode)
{
	if (S_ISBLK(inode->i_mode) ||
	    (S_ISCHR(inode->i_mode) && reaches_raw_hardware(inode->i_rdev)))
		return &label_storage;
	if (S_ISCHR(inode->i_mode) && fakes_keystrokes(inode->i_rdev))
		return label_sysctl;
	return label_floor;
}

/*
 * A device node on a file system whose files carry their mounter's label (label_sb_owner():
 * its mounter may not set labels) names whatever device its mounter chose: one that an
 * overlay of /dev copied, or a FUSE server's, or a disk image's, each labelled the mounter's
 * although the device is any label's (the raw disk, another terminal). The device cannot be
 * known from the node, so the node opens as label_storage, for the floor alone, as if the file
 * system were mounted nodev. devpts is the exception: its nodes are its own ptys and ptmx.
 */
static bool device_of_the_mounters_choice(const struct inode *inode)
{
	return (S_ISBLK(inode->i_mode) || S_ISCHR(inode->i_mode)) &&
	       inode->i_sb->s_magic != DEVPTS_SUPER_MAGIC && label_sb_owner(inode->i_sb);
}

/*
 * The label every check on @inode's open files decides against (its opens, reads, writes,
 * mappings, ioctls, a descriptor received): its own, but a node of the mounter's choice
 * (label_storage) and a floor node (device_object()); and a swap file in use (swapon(2) marks
 * it S_SWAPFILE), which holds every label's memory as a disk holds every label's files:
 * label_storage, whatever its own label. A descriptor opened before swapon() is decided again.
 */
static const struct label *file_object(const struct inode *inode)
{
	struct label *label = label_of_inode(inode);

	if (unlikely(S_ISBLK(inode->i_mode) || S_ISCHR(inode->i_mode))) {
		if (device_of_the_mounters_choice(inode))
			return &label_storage;
		if (label == label_floor)
			return device_object(inode);
	}
	if (unlikely(IS_SWAPFILE(inode)))
		return &label_storage;
	return label;
}

/*
 * The framework exempts S_PRIVATE inodes from every inode hook, d_instantiate included, so they
 * carry no label: the shared anonymous inode of eventfd, epoll, signalfd, timerfd, perf events
 * and inotify and fanotify groups, the anonymous inodes of dma-buf and KVM, kernel-internal
 * files. A descriptor of one is its opener's, as a pipe is its creator's: what it reads (a
 * perf event's samples, a watch's names, an eventfd's counter) its opener was allowed to see,
 * so passing it to another label, or acting on it from one, asks what that label may do to
 * the opener's. A pidfd is the exception: it carries nothing of its opener's, and each use
 * (a signal, pidfd_getfd(), setns()) is decided against the task it names.
 */
static const struct label *private_object(const struct file *file)
{
	if (file_inode(file)->i_sb->s_magic == PID_FS_MAGIC)
		return NULL;
	return label_of_cred(file->f_cred);
}

/* What a check of a descriptor's use decides against: NULL for a pidfd, not decided. */
static const struct label *descriptor_object(const struct file *file)
{
	const struct inode *inode = file_inode(file);

	return likely(!IS_PRIVATE(inode)) ? file_object(inode) : private_object(file);
}

/* The inode a denial names: none for one without a label. */
static struct inode *logged_inode(const struct file *file)
{
	struct inode *inode = file_inode(file);

	return IS_PRIVATE(inode) ? NULL : inode;
}

static int file_check(struct file *file, u32 access, const char *hook)
{
	const struct label *object = descriptor_object(file);

	return object ? label_check_current(object, access, hook, logged_inode(file)) : 0;
}

/*
 * A descriptor opened with O_APPEND may have been allowed by an "a" rule alone. Whatever would
 * change the file other than at its end through it needs w, as the kernel refuses the same
 * operations on an append-only inode: clearing O_APPEND, ftruncate(), a shared writable
 * mapping, fallocate() modes that change data, pwritev2(RWF_NOAPPEND); and any ioctl. A device
 * ignores O_APPEND, so its descriptors needed w already (label_write_access()).
 */
static int overwrite_check(struct file *file, const char *hook)
{
	if (!(file->f_flags & O_APPEND))
		return 0;
	return file_check(file, LABEL_MAY_WRITE, hook);
}

/*
 * What a write through @file asks for: an append through an O_APPEND descriptor, but on a
 * device (label_write_access()).
 */
static u32 write_access(const struct file *file)
{
	return label_write_access(file_inode(file), file->f_flags & O_APPEND);
}

/*
 * The access a descriptor's mode gives. One of a block device, or of a node of the mounter's
 * choice, opened for ioctls alone (access mode 3) queries and controls the device: it asks r,
 * so that opening, receiving or passing a command through it is decided (file_object()).
 */
static u32 fmode_access(const struct file *file)
{
	u32 access = 0;

	if (file->f_mode & FMODE_READ)
		access |= LABEL_MAY_READ;
	if (file->f_mode & FMODE_WRITE)
		access |= write_access(file);
	if (unlikely(!access && (S_ISBLK(file_inode(file)->i_mode) ||
				 device_of_the_mounters_choice(file_inode(file)))))
		access = LABEL_MAY_READ;
	return access;
}

/*
 * A task's memory as a file: the kernel-internal shmem and hugetlbfs file behind a System V
 * shared memory segment or a shared anonymous mapping (S_PRIVATE, so no inode hook labels or
 * checks it). No path leads to one but the magic links of /proc/<pid>/map_files/ (with
 * CAP_SYS_ADMIN or CAP_CHECKPOINT_RESTORE), which ptrace's read mode guards: following one
 * asked only r to the task, and opening the file would then read and write the memory with no
 * other check (shmat() asks w for that). The task is not known here, so no rule can allow it:
 * only a task of the floor, which label does not confine in practice, or one that may override
 * label opens one.
 */
static bool task_memory(const struct inode *inode)
{
	return IS_PRIVATE(inode) && (inode->i_sb->s_magic == TMPFS_MAGIC ||
				     inode->i_sb->s_magic == HUGETLBFS_MAGIC);
}

/*
 * A path open was decided by inode_permission, from the mask the VFS asked for. Opens by the
 * kernel that walk no path (dentry_open() for fanotify, overlayfs, nfsd) reach only this hook:
 * they need what the descriptor's mode gives, and an exec open x alone. Every open of a block
 * device comes here, whatever the path (/proc/<pid>/fd/, a handle, io_uring).
 */
static int hook_file_open(struct file *file)
{
	struct inode *inode = file_inode(file);
	u32 access = file->f_flags & __FMODE_EXEC ? LABEL_MAY_EXEC : fmode_access(file);

	if (unlikely(task_memory(inode)))
		return label_check_unconfined("file_open");
	if (!access)
		return 0;
	return file_check(file, access, "file_open");
}

/*
 * Each read and write through a descriptor is decided again, as the open was, for the label of
 * the task that opened it (the descriptor's credentials): a rule removed or a file relabelled
 * since the open takes effect on descriptors already open, as SELinux revalidates them. The
 * task that uses the descriptor is not asked, so passing it on or inheriting it across a
 * transition changes nothing: that was checked when it happened (file_receive) or is allowed.
 * The opener's CAP_MAC_OVERRIDE, when mac-override lets it pass, passes here as at the open.
 * The kernel's reads of a program being executed were allowed by x alone, and ask x again.
 */
static int hook_file_permission(struct file *file, int mask)
{
	struct inode *inode = file_inode(file);
	u32 access = 0;

	if (file->f_flags & __FMODE_EXEC)
		access = LABEL_MAY_EXEC;
	else if (mask & MAY_READ)
		access |= LABEL_MAY_READ;
	if (mask & MAY_WRITE)
		access |= write_access(file);
	if (!access || unlikely(IS_PRIVATE(inode)))
		return 0;
	return label_check_opener(file->f_cred, file_object(inode), access, "file_permission",
				  inode);
}

/* The label SIGIO and SIGURG are sent with: the opener's until F_SETOWN names another's. */
static int hook_file_alloc_security(struct file *file)
{
	return label_obj_init(security_attach_value(file->f_security, STACKER_FILE,
						    &label_values, GFP_KERNEL), label_of_current());
}

/* Called under the owner's lock with interrupts off: only a store. */
static void hook_file_set_fowner(struct file *file)
{
	struct label_obj *obj = label_file_obj(file);

	if (obj)
		WRITE_ONCE(obj->label, label_of_current());
}

/*
 * Choosing the signal (F_SETSIG) or turning SIGIO on (O_ASYNC, FIOASYNC) decides what the
 * owner gets as much as naming the owner does: the signal is then sent with the label of the
 * task that did so, not of whoever set the owner before.
 */
static void sigio_chosen_by_current(struct file *file)
{
	hook_file_set_fowner(file);
}

/* SIGIO and SIGURG need what kill() would need, from the task that set the owner. */
static int hook_file_send_sigiotask(struct task_struct *tsk, struct fown_struct *fown, int sig)
{
	return label_check(label_of_obj(label_file_obj(fown->file)), label_of_task(tsk),
			   LABEL_MAY_WRITE, "file_send_sigiotask", NULL);
}

/*
 * Faked input on a terminal (TIOCSTI; TIOCLINUX's paste of a selection) is read by the task that
 * reads the terminal as its own: on a floor terminal, a floor shell. It is decided as writing
 * that reader, label_held()'s way: a floor terminal's input is "_sysctl". So is a change of the
 * console's keymap (CAP_SYS_TTY_CONFIG, through any descriptor of a virtual terminal, read-only
 * too): the next key pressed types what the keymap now says, a function key's string or
 * another key's code. So is a change of the modem control lines: TIOCM_LOOP makes a UART
 * receive what it sends, so a write to a floor serial console is typed into its shell. So is
 * the rest of what takes over the console (takes_over_console()): what it shows, the keyboard
 * the display server reads, which console shows.
 */
static int terminal_input_check(struct file *file)
{
	struct inode *inode = file_inode(file);
	const struct label *terminal = label_of_inode(inode);

	/*
	 * /dev/tty, /dev/console and /dev/tty0 reach the caller's controlling terminal, the
	 * console's and the foreground virtual terminal: their node's label, "*" for /dev/tty
	 * where udev rules give it (every task opens its terminal there), is not the terminal's;
	 * nor is a node of the mounter's choice's, whatever terminal it names. The one reached is
	 * decided as a floor terminal.
	 */
	if (S_ISCHR(inode->i_mode) &&
	    (inode->i_rdev == MKDEV(TTYAUX_MAJOR, 0) || inode->i_rdev == MKDEV(TTYAUX_MAJOR, 1) ||
	     inode->i_rdev == MKDEV(TTY_MAJOR, 0) || device_of_the_mounters_choice(inode)))
		terminal = label_floor;
	return label_check_current(label_held(terminal), LABEL_MAY_WRITE, "file_ioctl", inode);
}

/* The commands that fake input on a terminal: terminal_input_check() decides them. */
static bool fakes_input(unsigned int cmd)
{
	switch (cmd) {
	case TIOCSTI:
	case TIOCLINUX:
	case TIOCMBIS:
	case TIOCMBIC:
	case TIOCMSET:
	case KDSKBENT:
	case KDSKBSENT:
	case KDSETKEYCODE:
	case KDSKBDIACR:
	case KDSKBDIACRUC:
		return true;
	}
	return false;
}

/*
 * The commands that take over the console (CAP_SYS_TTY_CONFIG, through any descriptor of a
 * virtual terminal, /dev/tty included): its font, its palette and the maps from characters to
 * glyphs, which change what every console's text reads as; the keyboard's mode and repeat,
 * which change what the display server reads; which console shows, and who is told of a
 * switch. Numbered without directions, they were allowed through a read-only descriptor;
 * terminal_input_check() decides them, as faking input is.
 */
static bool takes_over_console(unsigned int cmd)
{
	switch (cmd) {
	case KDSETMODE:
	case KDSKBMODE:
	case KDSKBMETA:
	case KDSKBLED:
	case KDSETLED:
	case KDKBDREP:
	case KDSIGACCEPT:
	case KDFONTOP:
	case PIO_FONT:
	case PIO_FONTX:
	case PIO_FONTRESET:
	case PIO_CMAP:
	case PIO_SCRNMAP:
	case PIO_UNISCRNMAP:
	case PIO_UNIMAP:
	case PIO_UNIMAPCLR:
	case KIOCSOUND:
	case KDMKTONE:
	case VT_ACTIVATE:
	case VT_SETACTIVATE:
	case VT_SETMODE:
	case VT_RELDISP:
	case VT_DISALLOCATE:
	case VT_RESIZE:
	case VT_RESIZEX:
	case VT_LOCKSWITCH:
	case VT_UNLOCKSWITCH:
		return true;
	}
	return false;
}

/*
 * The terminal ioctls that change a terminal, numbered before ioctls had directions: its
 * settings, its line, who controls it and gets its signals, a hangup (which sends SIGHUP to
 * its session). They need w, as a write to the terminal does.
 */
static bool changes_terminal(unsigned int cmd)
{
	switch (cmd) {
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
	case TCSETA:
	case TCSETAW:
	case TCSETAF:
	case TCSBRK:
	case TCSBRKP:
	case TCXONC:
	case TCFLSH:
	case TIOCEXCL:
	case TIOCNXCL:
	case TIOCSCTTY:
	case TIOCSPGRP:
	case TIOCSWINSZ:
	case TIOCSSOFTCAR:
	case TIOCSSERIAL:
	case TIOCPKT:
	case TIOCSBRK:
	case TIOCCBRK:
	case TIOCSRS485:
	case TIOCVHANGUP:
	case TIOCSLCKTRMIOS:
		return true;
	}
	return false;
}

/*
 * What a command without direction bits asks. A block device's commands predate directions:
 * BLKFLSBUF, BLKROSET and BLKPG change the disk as its old getters do not, so each is decided
 * as w. On a file or a directory such a command acts with the descriptor's authority and may
 * read the file whatever its mode: EXT4_IOC_SWAP_BOOT (with CAP_SYS_ADMIN) moves the blocks of
 * a file open for writing into another file, which its caller may then read; FIONREAD and
 * FIOQSIZE read its size. It asks r, and w too if the descriptor may write, as a read() or
 * write() through it would, so that a rule revoked since the open stops it, and a rule that
 * gives w alone reads nothing through it. The commands on the descriptor alone, which the VFS
 * answers without the file, ask nothing.
 */
static u32 undirected_ioctl_access(struct file *file, unsigned int cmd)
{
	umode_t mode = file_inode(file)->i_mode;

	if (S_ISBLK(mode))
		return LABEL_MAY_WRITE;
	if (!S_ISREG(mode) && !S_ISDIR(mode))
		return 0;
	switch (cmd) {
	case FIOCLEX:
	case FIONCLEX:
	case FIONBIO:
	case FIOASYNC:
		return 0;
	}
	return LABEL_MAY_READ | fmode_access(file);
}

/*
 * Commands that read or write files other than the descriptor's, or the file system whole,
 * each after its own capability or descriptor checks:
 *  - ext4's EXT4_IOC_MOVE_EXT and f2fs's F2FS_IOC_MOVE_RANGE write another descriptor, which
 *    the file system reads from the argument after this hook; EXT4_IOC_SWAP_BOOT swaps the file
 *    with the boot loader's inode;
 *  - btrfs's SEND streams every file of a subvolume into a pipe, TREE_SEARCH (and its _V2, of
 *    the same number) returns any tree's items (names, attributes, small files' data), and
 *    INO_LOOKUP, INO_PATHS and LOGICAL_INO any inode's names; ADD_DEV and DEV_REPLACE open a
 *    disk by its path, with no hook, and write it; RM_DEV moves data off one; SNAP_DESTROY
 *    removes a subvolume whole, whatever the labels of its files, with no rmdir hook; and
 *    DEFAULT_SUBVOL chooses what the file system's root is at its next mount;
 *  - btrfs's SNAP_CREATE copies a subvolume whole, every label's files with their labels,
 *    into a directory of the caller's: there a program keeps an exec label that its
 *    administrator removed or whose program an upgrade replaced;
 *  - bcachefs passes its own commands (type 0xbc: adding disks by path, subvolumes) to the
 *    file system as a whole, every one of them;
 *  - XFS's commands by handle read and set any inode's attributes, security.label included,
 *    with no xattr hook, and read its link target or its parents' names; SWAPEXT writes a
 *    donor descriptor; the bulk commands list every inode's owner, size and times. XFS has no
 *    uapi header: its numbers are those of fs/xfs/libxfs/xfs_fs.h.
 * They reach every label's files as the disk does, and are decided as the disk is: as
 * label_storage, for the floor alone, "^" to read, or a task that may override label. Each is
 * matched by type and number (not size, so that the compat forms match) on its own file
 * system, where another's numbers mean something else.
 */
struct whole_fs_command {
	unsigned long magic;
	unsigned int cmd;
	u32 access;
};

#define READS LABEL_MAY_READ
#define WRITES (LABEL_MAY_READ | LABEL_MAY_WRITE)
#define BCACHEFS_IOCTL_TYPE 0xbc	/* fs/bcachefs/bcachefs_ioctl.h */

static const struct whole_fs_command whole_fs_commands[] = {
	{ EXT4_SUPER_MAGIC, EXT4_IOC_MOVE_EXT, WRITES },
	{ EXT4_SUPER_MAGIC, EXT4_IOC_SWAP_BOOT, WRITES },
	{ F2FS_SUPER_MAGIC, F2FS_IOC_MOVE_RANGE, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_SEND, READS },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_TREE_SEARCH, READS },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_INO_LOOKUP, READS },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_INO_PATHS, READS },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_LOGICAL_INO, READS },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_LOGICAL_INO_V2, READS },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_ADD_DEV, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_RM_DEV, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_RM_DEV_V2, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_DEV_REPLACE, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_SNAP_CREATE, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_SNAP_CREATE_V2, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_SNAP_DESTROY, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_SNAP_DESTROY_V2, WRITES },
	{ BTRFS_SUPER_MAGIC, BTRFS_IOC_DEFAULT_SUBVOL, WRITES },
	{ XFS_SUPER_MAGIC, _IO('X', 63), READS },	/* XFS_IOC_GETPARENTS_BY_HANDLE */
	{ XFS_SUPER_MAGIC, _IO('X', 101), READS },	/* XFS_IOC_FSBULKSTAT */
	{ XFS_SUPER_MAGIC, _IO('X', 102), READS },	/* XFS_IOC_FSBULKSTAT_SINGLE */
	{ XFS_SUPER_MAGIC, _IO('X', 103), READS },	/* XFS_IOC_FSINUMBERS */
	{ XFS_SUPER_MAGIC, _IO('X', 108), READS },	/* XFS_IOC_READLINK_BY_HANDLE */
	{ XFS_SUPER_MAGIC, _IO('X', 109), WRITES },	/* XFS_IOC_SWAPEXT */
	{ XFS_SUPER_MAGIC, _IO('X', 122), READS },	/* XFS_IOC_ATTRLIST_BY_HANDLE */
	{ XFS_SUPER_MAGIC, _IO('X', 123), WRITES },	/* XFS_IOC_ATTRMULTI_BY_HANDLE */
	{ XFS_SUPER_MAGIC, _IO('X', 127), READS },	/* XFS_IOC_BULKSTAT */
	{ XFS_SUPER_MAGIC, _IO('X', 128), READS },	/* XFS_IOC_INUMBERS */
};

/*
 * Commands that pass a disk's own commands through whatever device takes them: SCSI's SG_IO
 * (bsg's nodes, and SCSI disks', tapes' and CD drives'), and NVMe's passthrough on a controller's
 * or a namespace's node (/dev/nvme0, /dev/ng0n1), which writes through a descriptor opened for
 * reading when its caller has CAP_SYS_ADMIN. Decided as the disk, on any descriptor, since
 * nodes whose major the kernel picks at boot cannot be told from their number.
 */
static bool passes_disk_commands(unsigned int cmd)
{
	switch (cmd) {
	case SG_IO:
	case NVME_IOCTL_ADMIN_CMD:
	case NVME_IOCTL_SUBMIT_IO:
	case NVME_IOCTL_IO_CMD:
	case NVME_IOCTL_ADMIN64_CMD:
	case NVME_IOCTL_IO64_CMD:
	case NVME_IOCTL_IO64_CMD_VEC:
	case NVME_URING_CMD_IO:
	case NVME_URING_CMD_IO_VEC:
	case NVME_URING_CMD_ADMIN:
	case NVME_URING_CMD_ADMIN_VEC:
		return true;
	}
	return false;
}

/*
 * A loop device's backing file, named by a descriptor in the command's argument (LOOP_SET_FD,
 * LOOP_CONFIGURE, LOOP_CHANGE_FD): the loop driver then reads and writes it directly
 * (lo_rw_aio(), with no rw_verify_area()), whatever that descriptor allows: one opened to
 * append or to write alone, or whose rule was removed since. Decided as the disk, on a loop
 * node of any label.
 */
static bool sets_loop_backing(const struct file *file, unsigned int cmd)
{
	const struct inode *inode = file_inode(file);

	if (!S_ISBLK(inode->i_mode) || imajor(inode) != LOOP_MAJOR)
		return false;
	return cmd == LOOP_SET_FD || cmd == LOOP_CONFIGURE || cmd == LOOP_CHANGE_FD;
}

/*
 * A disk's command through a device node an administrator labelled (a disk given to a service)
 * is decided as the node's label, as opening it was; through any other descriptor, as the disk.
 */
static int disk_command_check(struct file *file, const char *hook)
{
	struct inode *inode = file_inode(file);

	if ((S_ISCHR(inode->i_mode) || S_ISBLK(inode->i_mode)) &&
	    label_of_inode(inode) != label_floor)
		return file_check(file, WRITES, hook);
	return label_check_current(&label_storage, WRITES, hook, inode);
}

/* What @cmd asks of the disk on @file's file system: 0 if it acts on the file alone. */
static u32 whole_fs_access(const struct file *file, unsigned int cmd)
{
	unsigned long magic = file_inode(file)->i_sb->s_magic;
	size_t i;

	switch (magic) {
	case EXT4_SUPER_MAGIC:
	case F2FS_SUPER_MAGIC:
	case BTRFS_SUPER_MAGIC:
	case XFS_SUPER_MAGIC:
		break;
	case BCACHEFS_SUPER_MAGIC:
		return _IOC_TYPE(cmd) == BCACHEFS_IOCTL_TYPE ? WRITES : 0;
	default:
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(whole_fs_commands); i++) {
		const struct whole_fs_command *c = &whole_fs_commands[i];

		if (c->magic == magic && _IOC_TYPE(c->cmd) == _IOC_TYPE(cmd) &&
		    _IOC_NR(c->cmd) == _IOC_NR(cmd))
			return c->access;
	}
	return 0;
}

/*
 * The ioctl's direction says what it does to the object: _IOC_WRITE changes it. The terminal
 * ioctls that fake input or change the terminal have none. A line discipline attaches a
 * driver of the kernel to the terminal, whatever its label: a serio port under N_MOUSE, on
 * which a keyboard driver binds and types each byte written to the pty's master into the
 * console's session; a network interface, a Bluetooth controller. Setting one configures the
 * kernel: it is decided as writing "_sysctl".
 */
static int hook_file_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	u32 access = 0;
	int rc;

	if (fakes_input(cmd))
		return terminal_input_check(file);
	if (takes_over_console(cmd))
		return terminal_input_check(file);
	/*
	 * Stealing a terminal from its session (CAP_SYS_ADMIN) makes the thief's session its
	 * reader, and the thief's label its label if the floor opened the descriptor for writing
	 * (session_terminal_follows()): decided as faking its input.
	 */
	if (cmd == TIOCSCTTY && arg)
		return terminal_input_check(file);
	/*
	 * TIOCCONS (CAP_SYS_ADMIN) sends what every task writes to /dev/console, whatever its
	 * label, to the caller's terminal: no rule names every label, as for a whole CPU's perf
	 * event, so only a task label does not confine redirects the console.
	 */
	if (cmd == TIOCCONS)
		return label_check_unconfined("file_ioctl");
	if (cmd == TIOCSETD)
		return label_check_current(label_sysctl, LABEL_MAY_WRITE, "file_ioctl",
					   file_inode(file));
	if (cmd == FIOASYNC)
		sigio_chosen_by_current(file);
	if (passes_disk_commands(cmd))
		return disk_command_check(file, "file_ioctl");
	if (sets_loop_backing(file, cmd))
		return label_check_current(&label_storage, WRITES, "file_ioctl", file_inode(file));
	access = whole_fs_access(file, cmd);
	if (access)
		return label_check_current(&label_storage, access, "file_ioctl", file_inode(file));
	if (unlikely(IS_PRIVATE(file_inode(file)))) {
		rc = label_perf_file_check(file, "file_ioctl");
		if (rc)
			return rc;
	}
	/*
	 * Through an append-only descriptor, any command, as one may change the file anywhere
	 * whatever its direction bits say (EXT4_IOC_SWAP_BOOT has none).
	 */
	rc = overwrite_check(file, "file_ioctl");
	if (rc)
		return rc;
	if ((_IOC_DIR(cmd) & _IOC_WRITE) || changes_terminal(cmd))
		access |= LABEL_MAY_WRITE;
	if (_IOC_DIR(cmd) & _IOC_READ)
		access |= LABEL_MAY_READ;
	if (!access)
		access = undirected_ioctl_access(file, cmd);
	if (!access)
		return 0;
	return file_check(file, access, "file_ioctl");
}

static int hook_file_fcntl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd == F_SETSIG || (cmd == F_SETFL && ((arg ^ file->f_flags) & FASYNC)))
		sigio_chosen_by_current(file);
	if (cmd != F_SETFL || (arg & O_APPEND))
		return 0;
	return overwrite_check(file, "file_fcntl");
}

/*
 * flock(), leases and POSIX locks, shared or exclusive, need l, as in Smack: a rule's w grants
 * it, and every task may lock "_" files (the lock files of the system), as it may read them.
 */
static int hook_file_lock(struct file *file, unsigned int cmd)
{
	if (cmd == F_UNLCK)
		return 0;
	return file_check(file, LABEL_MAY_LOCK, "file_lock");
}

static int hook_file_truncate(struct file *file)
{
	return overwrite_check(file, "file_truncate");
}

static int hook_file_overwrite(struct file *file)
{
	return overwrite_check(file, "file_overwrite");
}

/* A descriptor received over a UNIX socket (SCM_RIGHTS) needs the access it was opened with. */
static int hook_file_receive(struct file *file)
{
	u32 access = fmode_access(file);

	if (!access)
		return 0;
	return file_check(file, access, "file_receive");
}

#ifdef CONFIG_ANDROID_BINDER_IPC
/*
 * binder carries messages from task to task, as a UNIX socket does: a transaction needs w from
 * the sender's label to the receiver's, and a descriptor it passes needs, in the receiver, what
 * receiving it over a UNIX socket asks (file_receive).
 */
static int hook_binder_transaction(const struct cred *from, const struct cred *to)
{
	return label_check(label_of_cred(from), label_of_cred(to), LABEL_MAY_WRITE,
			   "binder_transaction", NULL);
}

static int hook_binder_transfer_file(const struct cred *from, const struct cred *to,
				     const struct file *file)
{
	const struct label *object = descriptor_object(file);
	u32 access = fmode_access(file);

	if (!object || !access)
		return 0;
	return label_check(label_of_cred(to), object, access, "binder_transfer_file",
			   logged_inode(file));
}
#endif

#ifdef CONFIG_IO_URING
/*
 * An io_uring passthrough command, an ioctl of unknown direction: the descriptor's access; a
 * disk's own command (NVMe's), as the disk.
 */
static int hook_uring_cmd(struct io_uring_cmd *ioucmd)
{
	u32 access = fmode_access(ioucmd->file);

	if (passes_disk_commands(ioucmd->cmd_op))
		return disk_command_check(ioucmd->file, "uring_cmd");
	if (!access)
		return 0;
	return file_check(ioucmd->file, access, "uring_cmd");
}
#endif

static bool shared_writable(unsigned long prot, bool shared)
{
	return shared && (prot & PROT_WRITE);
}

/*
 * A mapping for any access reads the file: the page tables of x86 (and of most CPUs) have no
 * write-only or, without protection keys, execute-only page, so a private PROT_WRITE mapping
 * reads the file as PROT_READ would (SELinux asks read of every file mapping likewise).
 */
static bool reads_the_file(unsigned long prot)
{
	return prot & (PROT_READ | PROT_WRITE | PROT_EXEC);
}

/*
 * A new mapping reads the file, and a shared writable one writes it, as read() and write() do:
 * decided again for the descriptor's opener, as hook_file_permission() decides those, so that
 * a rule removed since the open reaches the descriptor's new mappings too, and what mprotect()
 * adds to an old one. A mapping made before stays as it is: no hook of 6.12 revokes one (nor
 * can SELinux or Smack), nor sees mremap() extend one.
 */
static int mapping_check(struct file *file, bool reads, bool writes, const char *hook)
{
	struct inode *inode = file_inode(file);
	u32 access = 0;

	/* A program being executed was opened for x alone, and its mappings ask x again. */
	if (reads)
		access |= file->f_flags & __FMODE_EXEC ? LABEL_MAY_EXEC : LABEL_MAY_READ;
	if (writes)
		access |= write_access(file);
	if (!access || unlikely(IS_PRIVATE(inode)))
		return 0;
	return label_check_opener(file->f_cred, file_object(inode), access, hook, inode);
}

static int hook_mmap_file(struct file *file, unsigned long reqprot, unsigned long prot,
			  unsigned long flags)
{
	bool shared = (flags & MAP_TYPE) != MAP_PRIVATE;
	int rc = 0;

	if (!file)
		return 0;
	/*
	 * A shared mapping through a descriptor open for writing may write, for reading too: the
	 * kernel lets it become writable (VM_MAYWRITE), for mprotect(), which asks again, and for
	 * userfaultfd's UFFDIO_COPY, which fills its holes in the page cache with no hook. It is
	 * decided as a writable one, as do_mmap() refuses any shared mapping of an append-only
	 * inode through such a descriptor.
	 */
	if (shared && (file->f_mode & FMODE_WRITE))
		prot |= PROT_WRITE;
	/*
	 * A mapping through a descriptor open for reading may be read, with no access too:
	 * /proc/<pid>/mem and PTRACE_PEEKDATA read it with FOLL_FORCE (VM_MAYREAD).
	 */
	if (file->f_mode & FMODE_READ)
		prot |= PROT_READ;
	if (prot & PROT_EXEC)
		rc = file_check(file, LABEL_MAY_EXEC, "mmap_file");
	if (!rc && shared_writable(prot, shared))
		rc = overwrite_check(file, "mmap_file");
	return rc ?: mapping_check(file, reads_the_file(prot), shared_writable(prot, shared),
				   "mmap_file");
}

/*
 * A stacked file's mapping (overlayfs, FUSE passthrough) maps its backing file, which the
 * mounter's or the server's credentials opened: decided again for that opener, as
 * rw_verify_area() decides the backing file's reads and writes, so that a rule removed since
 * reaches its new mappings too. The stacked file, of its mounter's label on a mount of a
 * task that may not set labels, was decided in hook_mmap_file().
 */
static int hook_mmap_backing_file(struct vm_area_struct *vma, struct file *backing_file,
				  struct file *user_file)
{
	bool writes = (vma->vm_flags & VM_SHARED) && (vma->vm_flags & VM_MAYWRITE);
	int rc = 0;

	/* The backing file inherits O_APPEND, which an "a" rule to its label alone may allow. */
	if (writes)
		rc = overwrite_check(backing_file, "mmap_backing_file");
	return rc ?: mapping_check(backing_file, true, writes, "mmap_backing_file");
}

/*
 * What mprotect() adds to a file mapping asks what mapping the file so at first would: x of the
 * task, w through an append-only descriptor, and the reading or shared writing it adds, of the
 * descriptor's opener (a mapping made for nothing, or for reading, while a rule held, would
 * otherwise read or write the file after the rule was removed).
 */
static int hook_file_mprotect(struct vm_area_struct *vma, unsigned long reqprot,
			      unsigned long prot)
{
	struct file *file = vma->vm_file;
	bool shared = vma->vm_flags & VM_SHARED;
	/* An execute-only mapping is not readable where protection keys make it so. */
	bool readable = vma->vm_flags & (VM_READ | VM_WRITE);
	bool written = (vma->vm_flags & VM_WRITE) && shared;
	int rc = 0;

	if (!file)
		return 0;
	if ((prot & PROT_EXEC) && !(vma->vm_flags & VM_EXEC))
		rc = file_check(file, LABEL_MAY_EXEC, "file_mprotect");
	if (!rc && !written && shared_writable(prot, shared))
		rc = overwrite_check(file, "file_mprotect");
	return rc ?: mapping_check(file, !readable && reads_the_file(prot),
				   !written && shared_writable(prot, shared), "file_mprotect");
}

static struct security_hook_list label_file_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(file_open, hook_file_open),
	LSM_HOOK_INIT(file_permission, hook_file_permission),
	LSM_HOOK_INIT(file_alloc_security, hook_file_alloc_security),
	LSM_HOOK_INIT(file_set_fowner, hook_file_set_fowner),
	LSM_HOOK_INIT(file_send_sigiotask, hook_file_send_sigiotask),
	LSM_HOOK_INIT(file_ioctl, hook_file_ioctl),
	LSM_HOOK_INIT(file_ioctl_compat, hook_file_ioctl),
	LSM_HOOK_INIT(file_fcntl, hook_file_fcntl),
	LSM_HOOK_INIT(file_lock, hook_file_lock),
	LSM_HOOK_INIT(file_truncate, hook_file_truncate),
	LSM_HOOK_INIT(file_overwrite, hook_file_overwrite),
	LSM_HOOK_INIT(file_receive, hook_file_receive),
	LSM_HOOK_INIT(mmap_file, hook_mmap_file),
	LSM_HOOK_INIT(mmap_backing_file, hook_mmap_backing_file),
	LSM_HOOK_INIT(file_mprotect, hook_file_mprotect),
#ifdef CONFIG_IO_URING
	LSM_HOOK_INIT(uring_cmd, hook_uring_cmd),
#endif
#ifdef CONFIG_ANDROID_BINDER_IPC
	LSM_HOOK_INIT(binder_transaction, hook_binder_transaction),
	LSM_HOOK_INIT(binder_transfer_file, hook_binder_transfer_file),
#endif
};

/**
 * label_add_file_hooks() - register the open-file hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_file_hooks(void)
{
	label_add_hooks(label_file_hooks, ARRAY_SIZE(label_file_hooks));
}
