// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: sockets. A socket takes its creator's label, as its in and out labels (which
 * security.labelipin and security.labelipout change, as Smack's SMACK64IPIN and SMACK64IPOUT).
 *
 * UNIX domain sockets: sending asks for write from the sender's socket label to the peer's,
 * connecting a stream for write both ways.
 *
 * Internet sockets, IPv4 and IPv6, as Smack's model: a packet needs write from its sender to
 * the receiver's in label, and the sender is either
 * - another host: the host's label (host.c) stands for it. It is checked at both ends: a
 *   socket's out label to the destination host's label at connect() and sendmsg(), the source
 *   host's label to the receiving socket's in label on delivery;
 * - a socket of this network namespace (the packet came through its loopback device): its out
 *   label, checked on delivery against the receiver's in label. Label sends no CIPSO: the
 *   sending socket is found by the kernel's own socket tables instead (Smack's IPv6 port list
 *   plays this part for IPv6). TCP's four addresses and ports name one socket: the connection
 *   request is decided both ways (replies need the server to write to the client), and the
 *   segments of the connection are not checked again. A UDP port may be shared
 *   (SO_REUSEADDR, SO_REUSEPORT): every socket bound to the datagram's source port must be
 *   allowed to write to the receiver.
 * A socket of another network namespace is another host, reached through a device.
 */

#include "label.h"

#include <linux/inetdevice.h>
#include <linux/lsm_audit.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/net.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/addrconf.h>
#include <net/inet_hashtables.h>
#include <net/inet6_hashtables.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/request_sock.h>
#include <net/sock.h>
#include <net/udp.h>
#include <uapi/linux/magic.h>

static struct label_sock *sock_value(const struct sock *sk)
{
	struct label_obj *obj = security_get_value(sk->sk_security, STACKER_SOCK, &label_values);

	return obj ? container_of(obj, struct label_sock, obj) : NULL;
}

/* A socket's label, its in label: what it receives is decided against it. */
static struct label *sock_label(const struct sock *sk)
{
	struct label_sock *ls = sock_value(sk);

	return label_of_obj(ls ? &ls->obj : NULL);
}

/* A socket's out label: what it sends is decided with it. */
static struct label *sock_out(const struct sock *sk)
{
	struct label_sock *ls = sock_value(sk);

	return ls && READ_ONCE(ls->out) ? READ_ONCE(ls->out) : sock_label(sk);
}

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
	struct label_sock *from = sock_value(sk), *to = sock_value(newsk);

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
	rc = label_check(sock_label(sock), sock_label(other), LABEL_MAY_WRITE,
			 "unix_stream_connect", NULL);
	return rc ?: label_check(sock_label(other), sock_label(sock), LABEL_MAY_WRITE,
				 "unix_stream_connect", NULL);
}

static int hook_unix_may_send(struct socket *sock, struct socket *other)
{
	return label_check(sock_label(sock->sk), sock_label(other->sk), LABEL_MAY_WRITE,
			   "unix_may_send", NULL);
}

static bool inet_family(const struct sock *sk)
{
	return sk->sk_family == AF_INET || sk->sk_family == AF_INET6;
}

/* The class of an internet socket, as SELinux names it, for the log. */
static const char *inet_class(const struct sock *sk)
{
	switch (sk->sk_protocol) {
	case IPPROTO_TCP:
		return "tcp_socket";
	case IPPROTO_UDP:
		return "udp_socket";
	default:
		return "rawip_socket";
	}
}

/*
 * Whether an address is one of this network namespace's own. Packets to it go through the
 * loopback device and are decided where they are delivered. The unspecified address reaches
 * this machine too. Without IPv6 built in, no IPv6 address but the loopback one is known to be
 * local, and the others are checked as hosts: a check more, never one less.
 */
static bool local4(struct net *net, __be32 addr)
{
	return ipv4_is_zeronet(addr) || ipv4_is_loopback(addr) ||
	       inet_addr_type(net, addr) == RTN_LOCAL;
}

static bool local6(struct net *net, const struct in6_addr *addr)
{
	if (ipv6_addr_v4mapped(addr))
		return local4(net, addr->s6_addr32[3]);
	if (ipv6_addr_any(addr) || ipv6_addr_loopback(addr))
		return true;
#if IS_BUILTIN(CONFIG_IPV6)
	return ipv6_chk_addr(net, addr, NULL, 0);
#else
	return false;
#endif
}

/*
 * connect() and sendmsg() to another host: the socket's out label writes to the host's label.
 * Addresses the protocol will refuse (too short, another family) are left to it. Like the
 * protocols, an AF_INET socket takes an AF_UNSPEC address as an IPv4 one in sendmsg(), and an
 * AF_INET6 socket takes an AF_INET one.
 */
static int check_destination(struct sock *sk, const struct sockaddr *address, int len,
			     bool unspec, const char *hook)
{
	const struct sockaddr_in *sin = (const struct sockaddr_in *)address;
	const struct sockaddr_in6 *sin6 = (const struct sockaddr_in6 *)address;
	struct lsm_network_audit net = { .netif = 0 };
	struct label *host;

	if (!inet_family(sk) || len < offsetofend(struct sockaddr, sa_family))
		return 0;
	switch (address->sa_family) {
	case AF_UNSPEC:
		if (!unspec || sk->sk_family != AF_INET)
			return 0;
		fallthrough;
	case AF_INET:
		if (len < sizeof(*sin) || local4(sock_net(sk), sin->sin_addr.s_addr))
			return 0;
		host = label_host4(sin->sin_addr.s_addr);
		net.family = AF_INET;
		net.v4info.daddr = sin->sin_addr.s_addr;
		net.dport = sin->sin_port;
		break;
	case AF_INET6:
		if (sk->sk_family != AF_INET6 || len < SIN6_LEN_RFC2133 ||
		    local6(sock_net(sk), &sin6->sin6_addr))
			return 0;
		host = label_host6(&sin6->sin6_addr);
		net.family = AF_INET6;
		net.v6info.daddr = sin6->sin6_addr;
		net.dport = sin6->sin6_port;
		break;
	default:
		return 0;
	}
	return label_check_net(sock_out(sk), host, hook, &net, inet_class(sk));
}

static int hook_socket_connect(struct socket *sock, struct sockaddr *address, int addrlen)
{
	return check_destination(sock->sk, address, addrlen, false, "socket_connect");
}

/* A datagram to an address; without one, connect() decided. */
static int hook_socket_sendmsg(struct socket *sock, struct msghdr *msg, int size)
{
	if (!msg->msg_name)
		return 0;
	return check_destination(sock->sk, msg->msg_name, msg->msg_namelen, true,
				 "socket_sendmsg");
}

/*
 * The addresses of a received IP packet, as the packet says them (source first), and its
 * ports for TCP and UDP; returns its transport protocol, past IPv6's extension headers, or
 * IPPROTO_RAW for one whose headers end early, or -1 for a packet that is not IP. The IP header
 * was checked before delivery.
 */
static int packet_addresses(const struct sk_buff *skb, struct lsm_network_audit *net)
{
	__be16 ports[2], *p;
	__be16 frag_off;
	int offset;
	u8 proto;

	net->netif = skb->skb_iif;
	switch (ntohs(skb->protocol)) {
	case ETH_P_IP:
		net->family = AF_INET;
		net->v4info.saddr = ip_hdr(skb)->saddr;
		net->v4info.daddr = ip_hdr(skb)->daddr;
		proto = ip_hdr(skb)->protocol;
		offset = skb_network_offset(skb) + ip_hdrlen(skb);
		break;
#if IS_ENABLED(CONFIG_IPV6)
	case ETH_P_IPV6:
		net->family = AF_INET6;
		net->v6info.saddr = ipv6_hdr(skb)->saddr;
		net->v6info.daddr = ipv6_hdr(skb)->daddr;
		proto = ipv6_hdr(skb)->nexthdr;
		offset = ipv6_skip_exthdr(skb, skb_network_offset(skb) + sizeof(struct ipv6hdr),
					  &proto, &frag_off);
		if (offset < 0)
			return IPPROTO_RAW;
		break;
#endif
	default:
		return -1;
	}
	if (proto != IPPROTO_TCP && proto != IPPROTO_UDP)
		return proto;
	p = skb_header_pointer(skb, offset, sizeof(ports), ports);
	if (!p)
		return IPPROTO_RAW;
	net->sport = p[0];
	net->dport = p[1];
	return proto;
}

static struct label *packet_host(const struct lsm_network_audit *net)
{
	if (net->family == AF_INET)
		return label_host4(net->v4info.saddr);
	return label_host6(&net->v6info.saddr);
}

/*
 * A packet of this network namespace's own sockets: it came through the loopback device, or is
 * a multicast or broadcast copy looped back. Nothing from another namespace or host arrives so.
 */
static bool packet_local(const struct sk_buff *skb)
{
	return skb->skb_iif == LOOPBACK_IFINDEX || skb->pkt_type == PACKET_LOOPBACK;
}

/*
 * Whether @s, a UDP socket, may have sent a packet whose source port is @port: it is bound to
 * the port, in the namespace, of the packet's family or an IPv6 one that takes IPv4. Bound
 * addresses and connected peers are not compared: a socket more is asked, never one less.
 */
static bool udp_may_have_sent(const struct sock *s, const struct net *net, u16 port, int family)
{
	if (!net_eq(sock_net(s), net) || s->sk_num != port)
		return false;
	if (family == AF_INET6)
		return s->sk_family == AF_INET6;
	return s->sk_family == AF_INET || !ipv6_only_sock(s);
}

/*
 * A UDP datagram between two sockets of this namespace: every socket bound to its source port
 * writes to the receiver. Without one (it closed, or the packet was made by a raw socket), the
 * datagram is a host's, as the source address says.
 */
static int local_udp(const struct sock *sk, struct lsm_network_audit *net)
{
	struct net *ns = sock_net(sk);
	u16 port = ntohs(net->sport);
	struct udp_hslot *hslot = udp_hashslot(ns->ipv4.udp_table, ns, port);
	struct label *in = sock_label(sk);
	bool found = false;
	struct sock *s;
	int rc = 0;

	rcu_read_lock();
	sk_for_each_rcu(s, &hslot->head) {
		if (!udp_may_have_sent(s, ns, port, net->family))
			continue;
		found = true;
		rc = label_check_net(sock_out(s), in, "socket_sock_rcv_skb", net, "udp_socket");
		if (rc)
			break;
	}
	rcu_read_unlock();
	if (!found)
		rc = label_check_net(packet_host(net), in, "socket_sock_rcv_skb", net,
				     "udp_socket");
	return rc;
}

/*
 * The TCP socket of this namespace at the other end of a connection: the one whose own address
 * and port are @net's source, and whose peer is @net's destination. A counted reference, which
 * the caller puts with sock_gen_put(); NULL if there is none. It may be a request socket (a
 * server's answer to a connection request) or a TIME_WAIT one, neither of which has a label.
 */
static struct sock *tcp_other_end(struct net *ns, const struct lsm_network_audit *net)
{
	struct inet_hashinfo *hinfo = ns->ipv4.tcp_death_row.hashinfo;
	struct sock *s = NULL;

	/* The hash is walked under RCU; the socket found is counted, and outlives it. */
	rcu_read_lock();
	if (net->family == AF_INET)
		s = __inet_lookup_established(ns, hinfo, net->v4info.daddr, net->dport,
					      net->v4info.saddr, ntohs(net->sport), net->netif, 0);
#if IS_ENABLED(CONFIG_IPV6)
	else
		s = __inet6_lookup_established(ns, hinfo, &net->v6info.daddr, net->dport,
					       &net->v6info.saddr, ntohs(net->sport), net->netif,
					       0);
#endif
	rcu_read_unlock();
	return s;
}

/*
 * The label of the other end of a TCP connection of this namespace: its out label, a request
 * socket's being its listener's; the host's if there is no such socket. *@other: the socket
 * found, with a reference the caller puts, or NULL.
 */
static struct label *tcp_peer(struct net *ns, const struct lsm_network_audit *net,
			      struct sock **other)
{
	struct sock *s = tcp_other_end(ns, net);

	*other = NULL;
	if (!s)
		return packet_host(net);
	if (s->sk_state == TCP_TIME_WAIT) {
		sock_gen_put(s);
		return packet_host(net);
	}
	*other = s;
	if (s->sk_state == TCP_NEW_SYN_RECV)
		return sock_out(inet_reqsk(s)->rsk_listener);
	return sock_out(s);
}

/*
 * A TCP segment between two sockets of this namespace, to a socket that is not listening (the
 * listener's are decided by hook_inet_conn_request()): from the peer its connection recorded,
 * or, before that (a client's answer, a simultaneous open), from the other end, found.
 */
static int local_tcp(const struct sock *sk, struct lsm_network_audit *net)
{
	struct label_sock *ls = sock_value(sk);
	struct label *peer = ls ? READ_ONCE(ls->peer) : NULL;
	struct sock *other = NULL;
	int rc;

	if (sk->sk_state == TCP_LISTEN)
		return 0;
	if (!peer)
		peer = tcp_peer(sock_net(sk), net, &other);
	rc = label_check_net(peer, sock_label(sk), "socket_sock_rcv_skb", net, "tcp_socket");
	if (other)
		sock_gen_put(other);
	return rc;
}

/*
 * Delivery to an internet socket: the sender writes to the socket's in label. A packet that
 * is not IP (none should reach an internet socket) is the ambient label's.
 */
static int hook_socket_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	struct lsm_network_audit net = {};
	struct label *sender;
	int proto;

	if (!inet_family(sk))
		return 0;
	proto = packet_addresses(skb, &net);
	if (packet_local(skb) && proto == IPPROTO_TCP && sk->sk_protocol == IPPROTO_TCP)
		return local_tcp(sk, &net);
	if (packet_local(skb) && proto == IPPROTO_UDP && sk->sk_protocol == IPPROTO_UDP)
		return local_udp(sk, &net);
	sender = proto < 0 ? label_ambient_get() : packet_host(&net);
	return label_check_net(sender, sock_label(sk), "socket_sock_rcv_skb", &net,
			       inet_class(sk));
}

/*
 * The request for a connection from a socket of this namespace: the client's out label writes
 * to the listener's in label, and the listener's out label to the client's in label, for the
 * replies. One from another host was decided on delivery to the listener.
 */
static int hook_inet_conn_request(const struct sock *sk, struct sk_buff *skb,
				  struct request_sock *req)
{
	struct lsm_network_audit net = {};
	struct label *client;
	struct sock *other;
	int rc;

	if (!packet_local(skb) || packet_addresses(skb, &net) != IPPROTO_TCP)
		return 0;
	client = tcp_peer(sock_net(sk), &net, &other);
	rc = label_check_net(client, sock_label(sk), "inet_conn_request", &net, "tcp_socket");
	if (!rc && other && sk_fullsock(other))
		rc = label_check_net(sock_out(sk), sock_label(other), "inet_conn_request", &net,
				     "tcp_socket");
	if (other)
		sock_gen_put(other);
	return rc;
}

/* Record the label of the other end of a new connection, which security.labelpeer shows. */
static void set_peer(struct sock *sk, const struct lsm_network_audit *net)
{
	struct label_sock *ls = sock_value(sk);
	struct label *peer;
	struct sock *other;

	if (!ls)
		return;
	peer = tcp_peer(sock_net(sk), net, &other);
	if (other)
		sock_gen_put(other);
	WRITE_ONCE(ls->peer, peer);
}

/* The server's new connection: its peer is the client. */
static void hook_inet_csk_clone(struct sock *newsk, const struct request_sock *req)
{
	const struct inet_request_sock *ireq = inet_rsk(req);
	struct lsm_network_audit net = {
		.netif = LOOPBACK_IFINDEX,
		.family = AF_INET,
		.sport = ireq->ir_rmt_port,
		.dport = htons(ireq->ir_num),
		.v4info.saddr = ireq->ir_rmt_addr,
		.v4info.daddr = ireq->ir_loc_addr,
	};

#if IS_ENABLED(CONFIG_IPV6)
	if (newsk->sk_family == AF_INET6 && !ipv6_addr_v4mapped(&ireq->ir_v6_rmt_addr)) {
		net.family = AF_INET6;
		net.v6info.saddr = ireq->ir_v6_rmt_addr;
		net.v6info.daddr = ireq->ir_v6_loc_addr;
	}
#endif
	set_peer(newsk, &net);
}

/* The client's connection: its peer is the server, as its answer says. */
static void hook_inet_conn_established(struct sock *sk, struct sk_buff *skb)
{
	struct lsm_network_audit net = {};

	if (packet_addresses(skb, &net) == IPPROTO_TCP)
		set_peer(sk, &net);
}

static struct sock *socket_inode_sock(struct inode *inode)
{
	if (inode->i_sb->s_magic != SOCKFS_MAGIC)
		return NULL;
	return SOCKET_I(inode)->sk;
}

/*
 * security.labelipin, labelipout and labelpeer of a socket. The framework passes the names
 * without "security.".
 */
static int hook_inode_getsecurity(struct mnt_idmap *idmap, struct inode *inode,
				  const char *name, void **buffer, bool alloc)
{
	struct sock *sk = socket_inode_sock(inode);
	struct label_sock *ls = sk ? sock_value(sk) : NULL;
	const struct label *label;

	if (!ls)
		return -EOPNOTSUPP;
	if (!strcmp(name, LABEL_IPIN))
		label = sock_label(sk);
	else if (!strcmp(name, LABEL_IPOUT))
		label = sock_out(sk);
	else if (!strcmp(name, LABEL_PEER))
		label = READ_ONCE(ls->peer);
	else
		return -EOPNOTSUPP;
	if (!label)
		return -ENODATA;
	if (alloc) {
		*buffer = kstrdup(label->name, GFP_KERNEL);
		if (!*buffer)
			return -ENOMEM;
	}
	return label->len;
}

static int hook_inode_setsecurity(struct inode *inode, const char *name, const void *value,
				  size_t size, int flags)
{
	struct sock *sk = socket_inode_sock(inode);
	struct label_sock *ls = sk ? sock_value(sk) : NULL;
	bool in = !strcmp(name, LABEL_IPIN);
	struct label *label;

	if (!ls || (!in && strcmp(name, LABEL_IPOUT)))
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

static struct security_hook_list label_net_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(sk_alloc_security, hook_sk_alloc_security),
	LSM_HOOK_INIT(sk_clone_security, hook_sk_clone_security),
	LSM_HOOK_INIT(unix_stream_connect, hook_unix_stream_connect),
	LSM_HOOK_INIT(unix_may_send, hook_unix_may_send),
	LSM_HOOK_INIT(socket_connect, hook_socket_connect),
	LSM_HOOK_INIT(socket_sendmsg, hook_socket_sendmsg),
	LSM_HOOK_INIT(socket_sock_rcv_skb, hook_socket_sock_rcv_skb),
	LSM_HOOK_INIT(inet_conn_request, hook_inet_conn_request),
	LSM_HOOK_INIT(inet_csk_clone, hook_inet_csk_clone),
	LSM_HOOK_INIT(inet_conn_established, hook_inet_conn_established),
	LSM_HOOK_INIT(inode_getsecurity, hook_inode_getsecurity),
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
