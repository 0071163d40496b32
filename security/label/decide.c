// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: the access decision, the one place where subject, object and rules meet.
 */

#include "label.h"

#include <linux/audit.h>
#include <linux/errno.h>
#include <linux/jump_label.h>
#include <linux/lsm_audit.h>
#include <linux/sched.h>

#define LABEL_MAY_READ_EXEC (LABEL_MAY_READ | LABEL_MAY_EXEC)

/* Read, execute or lock alone: what a hat subject may do to anything, anyone to the floor. */
static bool reads_or_locks(u32 access)
{
	return !(access & ~LABEL_MAY_READ_EXEC) || access == LABEL_MAY_LOCK;
}

/* No task has it and no rule names it: a name label_name_valid() refuses. */
struct label label_storage = { .len = 8, .name = "-storage" };

/**
 * label_decide() - may a subject label access an object label
 * @subject: the subject's label
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 *
 * In this order: a star subject is denied; read and execute, or lock, are allowed to a hat
 * subject and on a floor or "_sysctl" object; a star object, an object of the subject's own
 * label, and a "_sysctl" or label_storage object to a floor subject are allowed; otherwise the
 * rule for the pair must grant every requested bit, a rule's write granting lock too. These are
 * Smack's steps (but its "@" label, which label does not have), and "_sysctl", which Smack does
 * not have: a sysctl may hand a task's privilege to the kernel (kernel.modprobe names the
 * program a usermode helper runs with every capability) and many need no capability to be
 * written, so where Smack lets a rule to the floor write them, label asks a rule of their own.
 * label_storage, which no rule names, is what the floor and a hat subject alone reach.
 *
 * Context: Any context; lock-free.
 * Return: 0 if allowed, -EACCES if not.
 */
int label_decide(const struct label *subject, const struct label *object, u32 access)
{
	u32 may;

	if (subject == label_star)
		return -EACCES;
	if (reads_or_locks(access) &&
	    (subject == label_hat || object == label_floor || object == label_sysctl))
		return 0;
	if (object == label_star || subject == object ||
	    (subject == label_floor && (object == label_sysctl || object == &label_storage)))
		return 0;
	may = label_rule_access(subject, object);
	if (may & LABEL_MAY_WRITE)
		may |= LABEL_MAY_LOCK;
	if ((may & access) == access)
		return 0;
	return -EACCES;
}

/* What label's audit record says beside the common data (pid, comm, the object). */
struct label_audit {
	struct common_audit_data ad;
	const char *hook;
	const struct label *subject;
	const struct label *object;
	const char *tclass;
	u32 access;
	bool denied;
};

/* lsm=label fn=<hook> action=<denied|granted> subject="S" object="O" requested=R, as Smack's. */
static void audit_fields(struct audit_buffer *ab, void *data)
{
	struct label_audit *la = container_of(data, struct label_audit, ad);
	char requested[LABEL_ACCESS_BUF];

	label_access_to_string(la->access, requested);
	audit_log_format(ab, "lsm=label fn=%s action=%s subject=", la->hook,
			 la->denied ? "denied" : "granted");
	audit_log_untrustedstring(ab, la->subject->name);
	audit_log_format(ab, " object=");
	audit_log_untrustedstring(ab, la->object->name);
	if (la->access)
		audit_log_format(ab, " requested=%s", requested);
	else
		audit_log_format(ab, " labels_differ");
	if (la->denied && label_permissive())
		audit_log_format(ab, " permissive=1");
}

/* The log level: LABEL_LOG_DENIED by default, as Smack's "logging" file. */
int label_logging __read_mostly = LABEL_LOG_DENIED;
DEFINE_STATIC_KEY_FALSE(label_log_grants);

/*
 * The class of an inode, as SELinux names it; ausearch parses no AVC record without a tclass
 * field (it skips Smack's as malformed).
 */
static const char *inode_class(const struct inode *inode)
{
	switch (inode->i_mode & S_IFMT) {
	case S_IFDIR:
		return "dir";
	case S_IFLNK:
		return "lnk_file";
	case S_IFCHR:
		return "chr_file";
	case S_IFBLK:
		return "blk_file";
	case S_IFIFO:
		return "fifo_file";
	case S_IFSOCK:
		return "sock_file";
	default:
		return "file";
	}
}

/* Last, the class of the object: an inode's, a socket's, "-" for other objects. */
static void audit_class(struct audit_buffer *ab, void *data)
{
	struct label_audit *la = container_of(data, struct label_audit, ad);

	audit_log_format(ab, " tclass=%s", la->tclass);
}

/**
 * struct label_where - what a decision was about, for its log: an inode, a packet, or neither
 * @inode: the object's inode, or NULL
 * @net: the addresses and ports of a network check, or NULL
 * @tclass: the class of @net's socket, as SELinux names it
 */
struct label_where {
	struct inode *inode;
	struct lsm_network_audit *net;
	const char *tclass;
};

static void audit_decision(const struct label *subject, const struct label *object,
			   u32 access, const char *hook, const struct label_where *where,
			   bool denied)
{
	struct label_audit la = {
		.ad.type = LSM_AUDIT_DATA_NONE,
		.hook = hook,
		.subject = subject,
		.object = object,
		.tclass = "-",
		.access = access,
		.denied = denied,
	};

	if (where->inode) {
		la.ad.type = LSM_AUDIT_DATA_INODE;
		la.ad.u.inode = where->inode;
		la.tclass = inode_class(where->inode);
	} else if (where->net) {
		la.ad.type = LSM_AUDIT_DATA_NET;
		la.ad.u.net = where->net;
		la.tclass = where->tclass;
	}
	common_lsm_audit(&la.ad, audit_fields, audit_class);
}

static void print_decision(const struct label *subject, const struct label *object,
			   u32 access, const char *hook, const struct label_where *where,
			   bool denied)
{
	char requested[LABEL_ACCESS_BUF], comm[STACKER_COMM_ESCAPED], addr[112] = "";
	const struct lsm_network_audit *net = where->net;

	if (net && net->family == AF_INET)
		snprintf(addr, sizeof(addr), " saddr=%pI4 src=%u daddr=%pI4 dest=%u",
			 &net->v4info.saddr, ntohs(net->sport), &net->v4info.daddr,
			 ntohs(net->dport));
	else if (net)
		snprintf(addr, sizeof(addr), " saddr=%pI6c src=%u daddr=%pI6c dest=%u",
			 &net->v6info.saddr, ntohs(net->sport), &net->v6info.daddr,
			 ntohs(net->dport));
	label_access_to_string(access, requested);
	pr_notice_ratelimited("%s %s: subject=%s object=%s requested=%s ino=%lu%s pid=%d comm=\"%s\"%s\n",
			      denied ? "denied" : "granted", hook, subject->name, object->name,
			      requested, where->inode ? where->inode->i_ino : 0, addr,
			      task_pid_nr(current), stacker_escaped_comm(comm),
			      denied && label_permissive() ? " permissive=1" : "");
}

/*
 * Record a decision: an AVC audit record, which audit's rate limit and backlog govern (and,
 * without a daemon, the kernel log shows); without audit, a ratelimited kernel log line. The
 * record allocates atomically and names the inode, when given, under RCU (dev, ino, and a name
 * of it): it may be made in any context a hook runs in, RCU path walk and softirq included.
 */
static void log_where(const struct label *subject, const struct label *object, u32 access,
		      const char *hook, const struct label_where *where, bool denied)
{
	if (!(READ_ONCE(label_logging) & (denied ? LABEL_LOG_DENIED : LABEL_LOG_GRANTED)))
		return;
	if (IS_ENABLED(CONFIG_AUDIT))
		audit_decision(subject, object, access, hook, where, denied);
	else
		print_decision(subject, object, access, hook, where, denied);
}

/*
 * A file of /proc/<pid>/ whose task is gone (label_task_file_object()) is refused without a
 * record: readers of /proc (ps, journald) meet tasks reaped since they listed them all the
 * time, and the record could name no task.
 */
static void log_decision(const struct label *subject, const struct label *object, u32 access,
			 const char *hook, struct inode *inode, bool denied)
{
	const struct label_where where = { .inode = inode };

	if (denied && object == &label_task_file)
		return;
	log_where(subject, object, access, hook, &where, denied);
}

/**
 * label_check_net_slow() - decide what label_check_net() did not, and log a denial
 * @subject: the label of the sender: a socket's, or a host's
 * @object: the label of the receiver
 * @hook: the hook asking, for the log
 * @net: the packet's or the destination's addresses and ports, for the log
 * @tclass: the class of the socket, for the log
 *
 * Context: Any context a network hook runs in, softirq included.
 * Return: 0 if @subject may write @object, -EACCES if not.
 */
int label_check_net_slow(const struct label *subject, const struct label *object,
			 const char *hook, struct lsm_network_audit *net, const char *tclass)
{
	const struct label_where where = { .net = net, .tclass = tclass };
	int rc = label_decide(subject, object, LABEL_MAY_WRITE);

	if (static_branch_unlikely(&label_log_grants) || rc)
		log_where(subject, object, LABEL_MAY_WRITE, hook, &where, rc);
	return rc;
}

/**
 * label_check_slow() - decide what label_check() did not, and log a denial
 * @subject: the subject's label
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log, or NULL
 *
 * Context: Any context a hook runs in.
 * Return: 0 if allowed, -EACCES if not.
 */
int label_check_slow(const struct label *subject, const struct label *object, u32 access,
		     const char *hook, struct inode *inode)
{
	int rc;

	object = label_task_file_object(object, inode);
	rc = label_decide(subject, object, access);

	if (static_branch_unlikely(&label_log_grants) && !rc)
		log_decision(subject, object, access, hook, inode, false);
	if (likely(!rc))
		return 0;
	log_decision(subject, object, access, hook, inode, true);
	return rc;
}

/**
 * label_check_current_slow() - decide what label_check_current() did not, and log a denial
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log, or NULL
 * @nonblock: the caller walks a path under RCU and may not block
 *
 * A denial passes when the current task may override it (label_overrides()). That asks
 * capable(), which may audit: under RCU path walk, with the mac-override switch on, a denial
 * returns -ECHILD instead, and the VFS asks again in ref-walk.
 *
 * Context: A hook of the current task.
 * Return: 0 if allowed, -EACCES if not, -ECHILD to be asked again without @nonblock.
 */
int label_check_current_slow(const struct label *object, u32 access, const char *hook,
			     struct inode *inode, bool nonblock)
{
	const struct label *subject = label_of_current();

	object = label_task_file_object(object, inode);
	if (likely(!label_decide(subject, object, access))) {
		if (static_branch_unlikely(&label_log_grants))
			log_decision(subject, object, access, hook, inode, false);
		return 0;
	}
	if (label_mac_override_enabled()) {
		if (nonblock)
			return -ECHILD;
		if (label_overrides())
			return 0;
	}
	log_decision(subject, object, access, hook, inode, true);
	return -EACCES;
}

/**
 * label_check_opener_slow() - decide what label_check_opener() did not, and log a denial
 * @cred: the credentials a descriptor was opened with
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log
 *
 * Context: Process context.
 * Return: 0 if allowed, -EACCES if not.
 */
int label_check_opener_slow(const struct cred *cred, const struct label *object, u32 access,
			    const char *hook, struct inode *inode)
{
	const struct label *subject = label_of_cred(cred);

	object = label_task_file_object(object, inode);
	if (likely(!label_decide(subject, object, access))) {
		if (static_branch_unlikely(&label_log_grants))
			log_decision(subject, object, access, hook, inode, false);
		return 0;
	}
	if (label_opener_overrides(cred))
		return 0;
	if (label_session_descriptor(subject, inode))
		return 0;
	log_decision(subject, object, access, hook, inode, true);
	return -EACCES;
}

/**
 * label_check_same() - allow only a subject of one label, and log a denial
 * @subject: the subject's label
 * @allowed: the one label allowed
 * @hook: the hook asking, for the log
 *
 * For what no rule can grant: acting with another label's credentials, or reading the kernel
 * log when the administrator named the label that may.
 *
 * Context: Any context a hook runs in.
 * Return: 0 if @subject is @allowed, -EACCES if not.
 */
int label_check_same(const struct label *subject, const struct label *allowed, const char *hook)
{
	if (likely(subject == allowed))
		return 0;
	log_decision(subject, allowed, 0, hook, NULL, true);
	return -EACCES;
}

/**
 * label_check_net_same() - allow only a sender of one label, and log a denial with the addresses
 * @subject: the sender's label: a socket's out label
 * @allowed: the one label allowed
 * @hook: the hook asking, for the log
 * @net: the packet's addresses and ports, for the log
 * @tclass: the class of the receiving socket, for the log
 *
 * For a packet no rule can let through: one whose sender names, in what it sends, the hosts
 * its data will be decided as from (a UDP tunnel's outer packet).
 *
 * Context: Any context a network hook runs in, softirq included.
 * Return: 0 if @subject is @allowed, -EACCES if not.
 */
int label_check_net_same(const struct label *subject, const struct label *allowed,
			 const char *hook, struct lsm_network_audit *net, const char *tclass)
{
	const struct label_where where = { .net = net, .tclass = tclass };

	if (likely(subject == allowed))
		return 0;
	log_where(subject, allowed, 0, hook, &where, true);
	return -EACCES;
}
