// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: sockets. A socket takes its creator's label, as its in and out labels (which
 * security.labelipin and security.labelipout change, as Smack's SMACK64IPIN and SMACK64IPOUT);
 * a TCP connection also records its peer's label (inet.c), which security.labelpeer shows.
 * UNIX domain sockets: sending asks for write from the sender's socket label to the peer's,
 * connecting a stream for write both ways, and each send on it again. Internet sockets'
 * packets: inet.c.
 */

#include "label.h"
#include "sock.h"

#include <linux/in.h>
#include <linux/net.h>
#include <linux/netlink.h>
#include <linux/slab.h>
#include <net/af_unix.h>
#include <net/sock.h>
#include <uapi/linux/magic.h>

static int hook_sk_alloc_security(struct sock *sk, int family, gfp_t gfp)
{
	struct label_obj *obj = security_attach_value(sk->sk_security, STACKER_SOCK,
						      &label_values, gfp);
	struct label *label = label_of_current();

	if (!obj)
		return -ENOMEM;
	obj->label = label;
	container_of(obj, struct label_sock, obj)->out = label;
	return 0;
}

/*
 * A socket cloned from a listener (an accepted TCP connection, allocated in softirq context)
 * is the listener's, not whichever task's was current.
 */
static void hook_sk_clone_security(const struct sock *sk, struct sock *newsk)
{
	struct label_sock *from = label_sock(sk), *to = label_sock(newsk);

	if (!from || !to)
		return;
	to->obj.label = READ_ONCE(from->obj.label);
	to->out = READ_ONCE(from->out);
	to->peer = READ_ONCE(from->peer);
}

/*
 * The server's end of a new stream connection is allocated by the connecting task: it is
 * labelled as the listening socket, whose owner accept()s it. That is done whatever the
 * answer, which permissive mode may turn into a connection. A stream carries data both ways,
 * so each end needs w to the other, as Smack asks: with only the client's w, the client
 * would receive what the server writes.
 */
static int hook_unix_stream_connect(struct sock *sock, struct sock *other, struct sock *newsk)
{
	int rc;

	hook_sk_clone_security(other, newsk);
	rc = label_check(label_sock_in(sock), label_sock_in(other), LABEL_MAY_WRITE,
			 "unix_stream_connect", NULL);
	return rc ?: label_check(label_sock_in(other), label_sock_in(sock), LABEL_MAY_WRITE,
				 "unix_stream_connect", NULL);
}

static int hook_unix_may_send(struct socket *sock, struct socket *other)
{
	return label_check(label_sock_in(sock->sk), label_sock_in(other->sk), LABEL_MAY_WRITE,
			   "unix_may_send", NULL);
}

/**
 * label_unix_sendmsg() - decide a send on a connected UNIX stream or seqpacket socket
 * @sk: the sending socket
 *
 * connect() decided w each way; each send is decided again, from the sender's socket label to
 * its peer's, so that a rule revoked since stops what the connection carries, as it stops a
 * TCP connection's segments (Smack decides at connect() alone). A datagram is decided on each
 * send by unix_may_send, which a seqpacket send does not reach. The peer is the connection's
 * other end, which the sending socket holds a reference to from connect() to its release.
 *
 * Context: socket_sendmsg, the caller holding the socket.
 * Return: 0, or -EACCES.
 */
int label_unix_sendmsg(struct sock *sk)
{
	struct sock *peer;

	if (sk->sk_type == SOCK_DGRAM)
		return 0;
	peer = READ_ONCE(unix_peer(sk));
	if (!peer)
		return 0;
	return label_check(label_sock_in(sk), label_sock_in(peer), LABEL_MAY_WRITE,
			   "socket_sendmsg", NULL);
}

/*
 * A message to the kernel's uevent socket is broadcast to udevd as the kernel's own (port 0),
 * and udevd acts on it with every capability: creating nodes, running programs. Sending one
 * needs only CAP_SYS_ADMIN, so it is decided as writing a sysfs uevent file is, w to "_sysctl".
 */
static int hook_netlink_send(struct sock *sk, struct sk_buff *skb)
{
	if (sk->sk_protocol != NETLINK_KOBJECT_UEVENT)
		return 0;
	return label_check_current(label_sysctl, LABEL_MAY_WRITE, "netlink_send", NULL);
}

/**
 * label_audit_subscribe_check() - decide a subscription to the audit socket's multicast group
 * @sk: the socket bound or given NETLINK_ADD_MEMBERSHIP with a group
 * @hook: the hook asking, for the log
 *
 * The audit socket's one group (AUDIT_NLGRP_READLOG) carries every record the kernel logs,
 * about every label's tasks: label's own denials with their paths, the commands and terminal
 * input that audit records. The kernel asks CAP_AUDIT_READ alone; label lets only a task it
 * does not confine subscribe, as to a perf event on a whole CPU.
 *
 * Context: Process context.
 * Return: 0 for any other socket, or label_check_unconfined()'s answer.
 */
int label_audit_subscribe_check(const struct sock *sk, const char *hook)
{
	if (sk->sk_family != AF_NETLINK || sk->sk_protocol != NETLINK_AUDIT)
		return 0;
	return label_check_unconfined(hook);
}

static struct sock *socket_inode_sock(struct inode *inode)
{
	if (inode->i_sb->s_magic != SOCKFS_MAGIC)
		return NULL;
	return SOCKET_I(inode)->sk;
}

/**
 * label_socket_getsecurity() - read an attribute of a socket
 * @inode: the socket's inode
 * @name: the attribute's name without "security."
 * @buffer: where a copy of the value goes, with @alloc
 * @alloc: whether to copy it
 *
 * Answers security.labelipin, labelipout and labelpeer for inode_getsecurity (fs.c).
 *
 * Context: Process context.
 * Return: the value's length; -ENODATA for a peer not known yet; -ENOMEM; -EOPNOTSUPP for
 * another attribute, or an inode that is not a socket's.
 */
int label_socket_getsecurity(struct inode *inode, const char *name, void **buffer, bool alloc)
{
	struct sock *sk = socket_inode_sock(inode);
	struct label_sock *ls = sk ? label_sock(sk) : NULL;
	const struct label *label;

	if (!ls)
		return -EOPNOTSUPP;
	if (!strcmp(name, XATTR_LABELIPIN_SUFFIX))
		label = label_sock_in(sk);
	else if (!strcmp(name, XATTR_LABELIPOUT_SUFFIX))
		label = label_sock_out(sk);
	else if (!strcmp(name, XATTR_LABELPEER_SUFFIX))
		label = READ_ONCE(ls->peer);
	else
		return -EOPNOTSUPP;
	if (!label)
		return -ENODATA;
	return label_getsecurity_answer(label, buffer, alloc);
}

static int hook_inode_setsecurity(struct inode *inode, const char *name, const void *value,
				  size_t size, int flags)
{
	struct sock *sk = socket_inode_sock(inode);
	struct label_sock *ls = sk ? label_sock(sk) : NULL;
	bool in = !strcmp(name, XATTR_LABELIPIN_SUFFIX);
	struct label *label;

	if (!ls || (!in && strcmp(name, XATTR_LABELIPOUT_SUFFIX)))
		return -EOPNOTSUPP;
	/* hook_inode_setxattr() checked the privilege and interned the label. */
	label = label_find(value, size);
	if (!label)
		return -EINVAL;
	if (in)
		WRITE_ONCE(ls->obj.label, label);
	else
		WRITE_ONCE(ls->out, label);
	return 0;
}

/*
 * Protocols that carry a task's data to other hosts in packets of kernel sockets, which
 * neither the system call checks (not AF_INET or AF_INET6) nor the check where packets leave
 * (output.c) decide: SMC (which falls back to TCP with any server), RxRPC, RDS over TCP, and
 * MPTCP, whose every subflow is a kernel socket; and PPPoX, whose PPPoE frames go to any
 * Ethernet address and whose L2TP sessions join the kernel's tunnels. Only a task label does
 * not confine makes them.
 */
static bool kernel_sockets_carry(int family, int protocol)
{
	switch (family) {
	case AF_INET:
	case AF_INET6:
		return protocol == IPPROTO_SMC || protocol == IPPROTO_MPTCP;
	case AF_SMC:
	case AF_RXRPC:
	case AF_RDS:
	case AF_PPPOX:
		return true;
	}
	return false;
}

/*
 * The families whose every message label decides (UNIX, internet), and those whose sockets
 * talk to the kernel alone: netlink, but for NETLINK_USERSOCK, whose messages go from task to
 * task of any label, and NETLINK_CONNECTOR, whose process events (any unprivileged task may
 * listen) carry every task's pid, exits and name, which a task sets at will; and the kernel's
 * crypto (AF_ALG). A task with CAP_NET_ADMIN may send netlink messages to another task's
 * socket of any protocol: that capability is outside the threat model.
 */
static bool decided_family(int family, int protocol)
{
	switch (family) {
	case AF_UNIX:
	case AF_INET:
	case AF_INET6:
	case AF_ALG:
		return true;
	case AF_NETLINK:
		return protocol != NETLINK_USERSOCK && protocol != NETLINK_CONNECTOR;
	}
	return false;
}

/*
 * A socket of any other family, present or future, carries data between its task and parties
 * label cannot name: other machines (CAN, Bluetooth, vsock's host, packet sockets' frames) and
 * sockets of any label on this one (TIPC, vsock's loopback, NETLINK_USERSOCK). It is the
 * unlabelled network's, as a host without an entry: its creator's label must write the
 * ambient label and be written by it, each as a datagram to and from such a host asks. As for
 * a UNIX stream's connect(), an override passes the task's own direction, not the other.
 */
static int check_unlabelled_network(void)
{
	struct label *ambient = label_ambient_get();

	return label_check_current(ambient, LABEL_MAY_WRITE, "socket_create", NULL) ?:
	       label_check(ambient, label_of_current(), LABEL_MAY_WRITE, "socket_create", NULL);
}

/* A socket the kernel makes for itself is not asked. */
static int hook_socket_create(int family, int type, int protocol, int kern)
{
	if (kern)
		return 0;
	if (kernel_sockets_carry(family, protocol))
		return label_check_unconfined("socket_create");
	if (!decided_family(family, protocol))
		return check_unlabelled_network();
	return 0;
}

static struct security_hook_list label_net_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(socket_create, hook_socket_create),
	LSM_HOOK_INIT(sk_alloc_security, hook_sk_alloc_security),
	LSM_HOOK_INIT(sk_clone_security, hook_sk_clone_security),
	LSM_HOOK_INIT(unix_stream_connect, hook_unix_stream_connect),
	LSM_HOOK_INIT(unix_may_send, hook_unix_may_send),
	LSM_HOOK_INIT(netlink_send, hook_netlink_send),
	LSM_HOOK_INIT(inode_setsecurity, hook_inode_setsecurity),
};

/**
 * label_add_net_hooks() - register the socket hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_net_hooks(void)
{
	label_add_hooks(label_net_hooks, ARRAY_SIZE(label_net_hooks));
}
