// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: internet sockets, IPv4 and IPv6, as Smack's model: a packet needs write from its
 * sender to the receiving socket's in label, and the sender is either
 * - another host: the host's label (host.c) stands for it. It is checked at both ends: a
 *   socket's out label to the destination host's label at connect() and sendmsg(), and again
 *   where each packet leaves (output.c), the source host's label to the receiving socket's in
 *   label on delivery;
 * - a socket of this network namespace (the packet came through its loopback device): its out
 *   label, checked on delivery against the receiver's in label. Label sends no CIPSO: the
 *   sending socket is found in the kernel's own socket tables instead (Smack's IPv6 port list
 *   plays this part for IPv6). TCP's four addresses and ports name the sender (several, bound
 *   to different devices, may share them: each must be allowed); the connection request is
 *   decided both ways (replies need the server to write to the client), and each segment of
 *   the connection against the peer then recorded. A UDP port may be shared (SO_REUSEADDR,
 *   SO_REUSEPORT): every socket bound to the datagram's source port must be allowed. A local
 *   packet whose sender cannot be named is refused, but for what carries nothing of a task's
 *   (a TCP reset or acknowledgment without data, an ICMP answer of the kernel).
 * A socket of another network namespace is another host, reached through a device.
 */

#include "label.h"
#include "sock.h"

#include <linux/icmp.h>
#include <linux/in6.h>
#include <linux/inetdevice.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/lsm_audit.h>
#include <linux/net.h>
#include <linux/netlink.h>
#include <linux/ratelimit.h>
#include <linux/skbuff.h>
#include <linux/socket.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/addrconf.h>
#include <net/inet6_hashtables.h>
#include <net/inet_hashtables.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/request_sock.h>
#include <net/sock.h>
#include <net/udp.h>

static bool inet_family(const struct sock *sk)
{
	return sk->sk_family == AF_INET || sk->sk_family == AF_INET6;
}

/**
 * label_inet_class() - the class of an internet socket, as SELinux names it, for the log
 * @sk: the socket
 *
 * Return: "tcp_socket", "udp_socket" or "rawip_socket".
 */
const char *label_inet_class(const struct sock *sk)
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
static bool loopback4(__be32 addr)
{
	return ipv4_is_zeronet(addr) || ipv4_is_loopback(addr);
}

/**
 * label_local4() - whether an IPv4 address is one of a network namespace's own
 * @net: the namespace
 * @addr: the address; the unspecified one counts as its own
 *
 * Context: Any context a network hook runs in.
 * Return: true if packets to @addr stay in @net.
 */
bool label_local4(struct net *net, __be32 addr)
{
	return loopback4(addr) || inet_addr_type(net, addr) == RTN_LOCAL;
}

/* The addresses label_local6() knows without asking the device addresses. */
static bool loopback6(const struct in6_addr *addr)
{
	if (ipv6_addr_v4mapped(addr))
		return loopback4(addr->s6_addr32[3]);
	return ipv6_addr_any(addr) || ipv6_addr_loopback(addr);
}

/**
 * label_local6() - whether an IPv6 address is one of a network namespace's own
 * @net: the namespace
 * @addr: the address; an IPv4-mapped one is asked of IPv4
 *
 * Without IPv6 built in, only the loopback and unspecified addresses are known to be local.
 *
 * Context: Any context a network hook runs in.
 * Return: true if packets to @addr stay in @net.
 */
bool label_local6(struct net *net, const struct in6_addr *addr)
{
	if (ipv6_addr_v4mapped(addr))
		return label_local4(net, addr->s6_addr32[3]);
	if (loopback6(addr))
		return true;
#if IS_BUILTIN(CONFIG_IPV6)
	return ipv6_chk_addr(net, addr, NULL, 0);
#else
	return false;
#endif
}

/*
 * Whether the device @ifindex, named for a send to @addr (0: none named), takes it anywhere but
 * this machine: a device that is not the loopback and does not hold the address. The routing
 * table then passes over the address's local route and sends the packet out of that device,
 * the loopback addresses too. A device that does not exist fails the send; it counts as
 * leaving, for no more than a check.
 */
static bool device_leaves4(struct net *net, int ifindex, __be32 addr)
{
	const struct net_device *dev;
	bool leaves;

	if (!ifindex)
		return false;
	rcu_read_lock();
	dev = dev_get_by_index_rcu(net, ifindex);
	leaves = !dev || (!(dev->flags & IFF_LOOPBACK) &&
			  (ipv4_is_loopback(addr) ||
			   inet_dev_addr_type(net, dev, addr) != RTN_LOCAL));
	rcu_read_unlock();
	return leaves;
}

static bool device_leaves6(struct net *net, int ifindex, const struct in6_addr *addr)
{
	const struct net_device *dev;
	bool leaves;

	if (ipv6_addr_v4mapped(addr))
		return device_leaves4(net, ifindex, addr->s6_addr32[3]);
	if (!ifindex)
		return false;
	rcu_read_lock();
	dev = dev_get_by_index_rcu(net, ifindex);
	leaves = !dev || !(dev->flags & IFF_LOOPBACK);
#if IS_BUILTIN(CONFIG_IPV6)
	if (dev && leaves && !ipv6_addr_loopback(addr))
		leaves = !ipv6_chk_addr(net, addr, dev, 1);
#endif
	rcu_read_unlock();
	return leaves;
}

/*
 * The device of each IP_PKTINFO and IPV6_PKTINFO in a message: the one the protocol takes
 * depends on the socket's family and the destination's, so each is asked.
 */
static int pktinfo_device(const struct cmsghdr *cmsg)
{
	if (cmsg->cmsg_level == SOL_IP && cmsg->cmsg_type == IP_PKTINFO &&
	    cmsg->cmsg_len >= CMSG_LEN(sizeof(struct in_pktinfo)))
		return ((struct in_pktinfo *)CMSG_DATA(cmsg))->ipi_ifindex;
	if (cmsg->cmsg_level == SOL_IPV6 &&
	    (cmsg->cmsg_type == IPV6_PKTINFO || cmsg->cmsg_type == IPV6_2292PKTINFO) &&
	    cmsg->cmsg_len >= CMSG_LEN(sizeof(struct in6_pktinfo)))
		return ((struct in6_pktinfo *)CMSG_DATA(cmsg))->ipi6_ifindex;
	return 0;
}

/*
 * The devices a send to this machine's address may be made to leave by instead, each unless 0:
 * the socket's (SO_BINDTODEVICE), its unicast device (IP_UNICAST_IF, IPV6_UNICAST_IF and a
 * sticky IPV6_PKTINFO), a link-local destination's scope and every IP_PKTINFO and IPV6_PKTINFO
 * of the message (@msg, when its control data was copied in). Whichever the protocol takes,
 * each is asked.
 */
struct send_devices {
	int bound, unicast4, unicast6, sticky, scope;
	struct msghdr *msg;
};

static void send_devices(const struct sock *sk, struct msghdr *msg, struct send_devices *d)
{
	d->bound = READ_ONCE(sk->sk_bound_dev_if);
	d->unicast4 = READ_ONCE(inet_sk(sk)->uc_index);
	d->unicast6 = 0;
	d->sticky = 0;
#if IS_ENABLED(CONFIG_IPV6)
	if (sk->sk_family == AF_INET6) {
		d->unicast6 = READ_ONCE(inet6_sk(sk)->ucast_oif);
		d->sticky = READ_ONCE(inet6_sk(sk)->sticky_pktinfo.ipi6_ifindex);
	}
#endif
	d->scope = 0;
	d->msg = msg && msg->msg_controllen && !msg->msg_control_is_user ? msg : NULL;
}

static bool devices_named(const struct send_devices *d)
{
	return d->bound || d->unicast4 || d->unicast6 || d->sticky || d->scope || d->msg;
}

static bool devices_leave6(struct net *net, const struct send_devices *d,
			   const struct in6_addr *addr)
{
	struct cmsghdr *cmsg;

	if (device_leaves6(net, d->bound, addr) || device_leaves6(net, d->unicast4, addr) ||
	    device_leaves6(net, d->unicast6, addr) || device_leaves6(net, d->sticky, addr) ||
	    device_leaves6(net, d->scope, addr))
		return true;
	if (!d->msg)
		return false;
	for_each_cmsghdr(cmsg, d->msg) {
		/* A cmsg_len of 0 would name the same header for ever: the protocol refuses it. */
		if (!CMSG_OK(d->msg, cmsg))
			break;
		if (device_leaves6(net, pktinfo_device(cmsg), addr))
			return true;
	}
	return false;
}

/* An IPv4 address as the IPv6 one an AF_INET6 socket names it by: the same devices leave. */
static bool devices_leave4(struct net *net, const struct send_devices *d, __be32 addr)
{
	struct in6_addr mapped;

	ipv6_addr_set_v4mapped(addr, &mapped);
	return devices_leave6(net, d, &mapped);
}

/*
 * Whether @sk is a UDP tunnel's socket (VXLAN, Geneve, FOU, L2TP, GTP): what it takes carries
 * inner packets, which the tunnel's device receives as from the hosts they name. As
 * udp_queue_rcv_one_skb() decides: an encapsulation type and a receive function; the type
 * alone (L2TP's, which the UDP_ENCAP option sets for any task) leaves a plain socket. ESP in
 * UDP, which any task sets too, is not one: IPsec passes on only what an SA's keys
 * authenticate, which no task reads without CAP_NET_ADMIN.
 */
static bool udp_tunnel(const struct sock *sk)
{
	u8 type = READ_ONCE(udp_sk(sk)->encap_type);

	return type && type != UDP_ENCAP_ESPINUDP && READ_ONCE(udp_sk(sk)->encap_rcv);
}

/*
 * Whether a datagram of @sk may go to a UDP tunnel: it is UDP's, and a tunnel is set up in
 * some namespace (the UDP stack's own static keys). Otherwise a send costs two patched-out
 * jumps more.
 */
static __always_inline bool tunnels_reachable(const struct sock *sk)
{
	if (sk->sk_protocol != IPPROTO_UDP)
		return false;
#if IS_ENABLED(CONFIG_IPV6)
	if (static_branch_unlikely(&udpv6_encap_needed_key))
		return true;
#endif
	return static_branch_unlikely(&udp_encap_needed_key);
}

/*
 * Whether @s may take a datagram to @daddr, IPv4's or (@daddr6) IPv6's, by its own address:
 * as the UDP lookup's compute_score() matches it, bound to the address or to the wildcard of
 * the datagram's family (an IPv6 socket takes IPv4's unless IPv6 only). An unspecified
 * destination is any socket's: the protocol sends it to a local address after the check
 * (ip_route_output_key_hash_rcu() to the source's, udpv6_sendmsg() to 127.0.0.1 from a
 * socket of a v4-mapped source). The peer and device, which the lookup also matches, are not
 * asked: a tunnel that may not take the datagram may count as one that does, never the other
 * way.
 */
static bool udp_takes(const struct sock *s, __be32 daddr, const struct in6_addr *daddr6)
{
	__be32 bound;

	if (daddr6) {
#if IS_ENABLED(CONFIG_IPV6)
		return ipv6_addr_any(daddr6) ||
		       (s->sk_family == AF_INET6 &&
			(ipv6_addr_any(&s->sk_v6_rcv_saddr) ||
			 ipv6_addr_equal(&s->sk_v6_rcv_saddr, daddr6)));
#else
		return true;
#endif
	}
	bound = READ_ONCE(s->sk_rcv_saddr);
	return !daddr || (!ipv6_only_sock(s) && (!bound || bound == daddr));
}

/*
 * Whether a tunnel's socket of @sk's namespace takes datagrams to @daddr (IPv4) or @daddr6
 * (IPv6, when not NULL) on @port: a tunnel of another address or family, which may share the
 * port, does not make the datagram a tunnel's.
 */
static bool tunnel_at(const struct sock *sk, __be32 daddr, const struct in6_addr *daddr6,
		      __be16 port)
{
	struct net *net = sock_net(sk);
	u16 num = ntohs(port);
	struct udp_hslot *hslot = udp_hashslot(net->ipv4.udp_table, net, num);
	bool found = false;
	struct sock *s;

	rcu_read_lock();
	sk_for_each_rcu(s, &hslot->head) {
		if (net_eq(sock_net(s), net) && s->sk_num == num && udp_tunnel(s) &&
		    udp_takes(s, daddr, daddr6)) {
			found = true;
			break;
		}
	}
	rcu_read_unlock();
	return found;
}

/*
 * A task's datagram to a UDP tunnel of this machine forges packets of any host
 * (udp_senders_write()): only an unconfined task sends one, whatever the label of its socket
 * (an unconfined task's, passed on or activated). Decided where the task sends, as well as on
 * delivery, where the sending socket may have closed and left its port to another's.
 */
static int check_tunnel(struct sock *sk, struct lsm_network_audit *net, const char *hook)
{
	if (label_overrides())
		return 0;
	return label_check_net_same(label_of_current(), label_floor, hook, net,
				    label_inet_class(sk));
}

/*
 * Whether a datagram to @addr is delivered on this machine: to an address of its own, or to
 * a broadcast or multicast one, whose copy loops back to its sockets bound to the wildcard.
 */
static bool delivered_here4(struct net *net, __be32 addr)
{
	unsigned int type;

	if (loopback4(addr) || ipv4_is_multicast(addr) || ipv4_is_lbcast(addr))
		return true;
	type = inet_addr_type(net, addr);
	return type == RTN_LOCAL || type == RTN_BROADCAST;
}

static bool delivered_here6(struct net *net, const struct in6_addr *addr)
{
	if (ipv6_addr_v4mapped(addr))
		return delivered_here4(net, addr->s6_addr32[3]);
	return ipv6_addr_is_multicast(addr) || label_local6(net, addr);
}

/*
 * A datagram to @sin: -EACCES if it goes to a tunnel of this machine that refuses it. Out of
 * line, and asked only once tunnels_reachable(): a send pays nothing more otherwise.
 */
static noinline int check_tunnel4(struct sock *sk, const struct sockaddr_in *sin,
				  const char *hook)
{
	struct lsm_network_audit net = { .family = AF_INET };

	if (!tunnel_at(sk, sin->sin_addr.s_addr, NULL, sin->sin_port) ||
	    !delivered_here4(sock_net(sk), sin->sin_addr.s_addr))
		return 0;
	net.v4info.daddr = sin->sin_addr.s_addr;
	net.dport = sin->sin_port;
	return check_tunnel(sk, &net, hook);
}

/* The same, to @sin6 (an IPv4-mapped address is IPv4's). */
static noinline int check_tunnel6(struct sock *sk, const struct sockaddr_in6 *sin6,
				  const char *hook)
{
	struct lsm_network_audit net = { .family = AF_INET6 };
	const struct in6_addr *daddr = &sin6->sin6_addr;

	if (!(ipv6_addr_v4mapped(daddr) ?
	      tunnel_at(sk, daddr->s6_addr32[3], NULL, sin6->sin6_port) :
	      tunnel_at(sk, 0, daddr, sin6->sin6_port)) ||
	    !delivered_here6(sock_net(sk), daddr))
		return 0;
	net.v6info.daddr = sin6->sin6_addr;
	net.dport = sin6->sin6_port;
	return check_tunnel(sk, &net, hook);
}

/* A datagram to the connected peer, which may be a tunnel set up since connect(). */
static noinline int check_connected_tunnel(struct sock *sk)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = READ_ONCE(sk->sk_dport),
		.sin_addr.s_addr = READ_ONCE(sk->sk_daddr),
	};

#if IS_ENABLED(CONFIG_IPV6)
	if (sk->sk_family == AF_INET6) {
		struct sockaddr_in6 sin6 = {
			.sin6_family = AF_INET6,
			.sin6_port = sin.sin_port,
			.sin6_addr = sk->sk_v6_daddr,
		};

		return check_tunnel6(sk, &sin6, "socket_sendmsg");
	}
#endif
	return check_tunnel4(sk, &sin, "socket_sendmsg");
}

/*
 * connect() and sendmsg() to another host: the socket's out label writes to the host's label.
 * An address of this namespace is left to delivery: the loopback and unspecified addresses are
 * known at once, before the host's label is looked up; as the routing table knows the others
 * only at a cost (inet_addr_type()), it is asked only of a destination the host's label refuses.
 * Either is this machine's only while no device named for the send leads elsewhere
 * (send_devices()): a socket bound to another device sends even 127.0.0.1 out of it.
 * Addresses the protocol will refuse (too short, another family) are left to it. Like the
 * protocols, an AF_INET socket takes an AF_UNSPEC address as an IPv4 one in sendmsg(), and an
 * AF_INET6 socket takes an AF_INET one.
 */
static int check_destination(struct sock *sk, const struct sockaddr *address, int len,
			     struct msghdr *msg, const char *hook)
{
	const struct sockaddr_in *sin = (const struct sockaddr_in *)address;
	const struct sockaddr_in6 *sin6 = (const struct sockaddr_in6 *)address;
	struct lsm_network_audit net = { .netif = 0 };
	struct label *out = label_sock_out(sk), *host;
	struct send_devices d;
	bool named;

	if (len < offsetofend(struct sockaddr, sa_family))
		return 0;
	send_devices(sk, msg, &d);
	switch (address->sa_family) {
	case AF_UNSPEC:
		if (!msg || sk->sk_family != AF_INET)
			return 0;
		fallthrough;
	case AF_INET:
		if (len < sizeof(*sin))
			return 0;
		if (tunnels_reachable(sk) && check_tunnel4(sk, sin, hook))
			return -EACCES;
		named = devices_named(&d);
		if (loopback4(sin->sin_addr.s_addr) &&
		    (!named || !devices_leave4(sock_net(sk), &d, sin->sin_addr.s_addr)))
			return 0;
		host = label_host4(sin->sin_addr.s_addr);
		if (label_host_allowed(out, host) ||
		    (label_local4(sock_net(sk), sin->sin_addr.s_addr) &&
		     (!named || !devices_leave4(sock_net(sk), &d, sin->sin_addr.s_addr))))
			return 0;
		net.family = AF_INET;
		net.v4info.daddr = sin->sin_addr.s_addr;
		net.dport = sin->sin_port;
		break;
	case AF_INET6:
		if (sk->sk_family != AF_INET6 || len < SIN6_LEN_RFC2133)
			return 0;
		if (tunnels_reachable(sk) && check_tunnel6(sk, sin6, hook))
			return -EACCES;
		if (len >= sizeof(*sin6) &&
		    __ipv6_addr_needs_scope_id(ipv6_addr_type(&sin6->sin6_addr)))
			d.scope = sin6->sin6_scope_id;
		named = devices_named(&d);
		if (loopback6(&sin6->sin6_addr) &&
		    (!named || !devices_leave6(sock_net(sk), &d, &sin6->sin6_addr)))
			return 0;
		host = label_host6(&sin6->sin6_addr);
		if (label_host_allowed(out, host) ||
		    (label_local6(sock_net(sk), &sin6->sin6_addr) &&
		     (!named || !devices_leave6(sock_net(sk), &d, &sin6->sin6_addr))))
			return 0;
		net.family = AF_INET6;
		net.v6info.daddr = sin6->sin6_addr;
		net.dport = sin6->sin6_port;
		break;
	default:
		return 0;
	}
	return label_check_net(out, host, hook, &net, label_inet_class(sk));
}

/*
 * A stream that takes a peer of its own - connected again after connect(AF_UNSPEC) undid it,
 * or by a TCP Fast Open send once closed - is no longer the connection another host opened:
 * what it sends is decided where it leaves, as any client's.
 */
static void forget_opener(struct sock *sk)
{
	struct label_sock *ls = label_sock(sk);

	if (ls && READ_ONCE(ls->opened_by_host))
		WRITE_ONCE(ls->opened_by_host, false);
}

/*
 * connect(AF_UNSPEC) ends a stream's connection: its peer is no one until it takes another
 * (hook_inet_conn_established(); a simultaneous open names none, and its segments are then
 * decided by their senders, local_tcp()).
 */
static void forget_peer(struct sock *sk, const struct sockaddr *address, int addrlen)
{
	struct label_sock *ls = label_sock(sk);

	if (ls && addrlen >= (int)offsetofend(struct sockaddr, sa_family) &&
	    address->sa_family == AF_UNSPEC)
		WRITE_ONCE(ls->peer, NULL);
}

static int hook_socket_connect(struct socket *sock, struct sockaddr *address, int addrlen)
{
	if (!inet_family(sock->sk))
		return 0;
	forget_opener(sock->sk);
	forget_peer(sock->sk, address, addrlen);
	return check_destination(sock->sk, address, addrlen, NULL, "socket_connect");
}

static DEFINE_RATELIMIT_STATE(routing_refusals, DEFAULT_RATELIMIT_INTERVAL,
			      DEFAULT_RATELIMIT_BURST);

/*
 * An IPv6 routing header sends a socket's packets on to addresses it lists, which are not
 * the one connect() or sendmsg() named and label checked: every socket is refused one, as a
 * sticky option (IPV6_RTHDR, and IPV6_2292PKTOPTIONS, which may hold one; the hook does not
 * see the value) and in a message's control data.
 */
static int refuse_routing_header(const char *how)
{
	char comm[STACKER_COMM_ESCAPED];

	if (__ratelimit(&routing_refusals))
		pr_notice("IPv6 routing header refused (%s): label cannot check where it leads: pid=%d comm=\"%s\"\n",
			  how, task_pid_nr(current), stacker_escaped_comm(comm));
	return -EACCES;
}

/*
 * NETLINK_LISTEN_ALL_NSID (CAP_NET_BROADCAST) makes a netlink socket receive the multicasts of
 * every network namespace that its own has an id for, a container's sockets and devices
 * among them, whatever their labels: only a task label does not confine asks for them.
 */
static int hook_socket_setsockopt(struct socket *sock, int level, int optname)
{
	if (level == SOL_NETLINK && optname == NETLINK_ADD_MEMBERSHIP)
		return label_audit_subscribe_check(sock->sk, "socket_setsockopt");
	if (level == SOL_NETLINK && optname == NETLINK_LISTEN_ALL_NSID)
		return label_check_unconfined("socket_setsockopt");
	if (sock->sk->sk_family == AF_INET6 && level == SOL_IPV6 &&
	    (optname == IPV6_RTHDR || optname == IPV6_2292PKTOPTIONS))
		return refuse_routing_header("setsockopt");
	return 0;
}

/* Whether a message's control data (copied into the kernel) holds a routing header. */
static bool routing_header_in(struct msghdr *msg)
{
	struct cmsghdr *cmsg;

	if (!msg->msg_controllen || msg->msg_control_is_user)
		return false;
	for_each_cmsghdr(cmsg, msg) {
		if (!CMSG_OK(msg, cmsg))
			break;
		if (cmsg->cmsg_level == SOL_IPV6 &&
		    (cmsg->cmsg_type == IPV6_RTHDR || cmsg->cmsg_type == IPV6_2292RTHDR))
			return true;
	}
	return false;
}

/*
 * A send without an address goes to the connected peer, which connect() decided for the
 * devices named then. A device named since (SO_BINDTODEVICE after connect(), a message's
 * IP_PKTINFO) may take it elsewhere: the peer is then decided again, as an address would be.
 */
static int check_connected(struct sock *sk, struct msghdr *msg)
{
	union {
		struct sockaddr_in sin;
		struct sockaddr_in6 sin6;
	} peer = {};
	struct send_devices d;

	if (tunnels_reachable(sk) && check_connected_tunnel(sk))
		return -EACCES;
	send_devices(sk, msg, &d);
	if (!devices_named(&d))
		return 0;
	if (sk->sk_family == AF_INET) {
		peer.sin.sin_family = AF_INET;
		peer.sin.sin_addr.s_addr = READ_ONCE(sk->sk_daddr);
		peer.sin.sin_port = READ_ONCE(sk->sk_dport);
		if (!peer.sin.sin_addr.s_addr)
			return 0;
		return check_destination(sk, (struct sockaddr *)&peer, sizeof(peer.sin), msg,
					 "socket_sendmsg");
	}
#if IS_ENABLED(CONFIG_IPV6)
	peer.sin6.sin6_family = AF_INET6;
	peer.sin6.sin6_addr = sk->sk_v6_daddr;
	peer.sin6.sin6_port = READ_ONCE(sk->sk_dport);
	if (!ipv6_addr_any(&peer.sin6.sin6_addr))
		return check_destination(sk, (struct sockaddr *)&peer, sizeof(peer.sin6), msg,
					 "socket_sendmsg");
#endif
	return 0;
}

/*
 * Whether a send goes where its address says, or to the connected peer: a stream socket past
 * TCP_CLOSE ignores the address (only TCP Fast Open's connect takes it), and an AF_INET6
 * datagram socket takes AF_UNSPEC for its peer.
 */
static bool send_takes_address(const struct sock *sk, const struct msghdr *msg)
{
	const struct sockaddr *address = msg->msg_name;

	if (!address)
		return false;
	if (sk->sk_type == SOCK_STREAM)
		return READ_ONCE(sk->sk_state) == TCP_CLOSE;
	return sk->sk_family != AF_INET6 ||
	       msg->msg_namelen < offsetofend(struct sockaddr, sa_family) ||
	       address->sa_family != AF_UNSPEC;
}

/*
 * A datagram to an address; otherwise the connected peer (check_connected()). A UNIX
 * connection's sends: label_unix_sendmsg().
 */
static int hook_socket_sendmsg(struct socket *sock, struct msghdr *msg, int size)
{
	struct sock *sk = sock->sk;

	if (sk->sk_family == AF_UNIX)
		return label_unix_sendmsg(sk);
	if (!inet_family(sk))
		return 0;
	if (sk->sk_family == AF_INET6 && routing_header_in(msg))
		return refuse_routing_header("sendmsg");
	if (!send_takes_address(sk, msg))
		return check_connected(sk, msg);
	if (sk->sk_type == SOCK_STREAM)
		forget_opener(sk);
	return check_destination(sk, msg->msg_name, msg->msg_namelen, msg, "socket_sendmsg");
}

/**
 * label_packet_addresses() - an IP packet's addresses and ports, for a decision and its log
 * @skb: a packet being delivered, or leaving (output.c)
 * @proto: the protocol of its socket, which the stack delivered it by or it was made by: the
 *	ports are read for TCP and UDP
 * @net: filled with the addresses as the packet says them (source first), its ports, and the
 *	device it came in by
 * @offset: set to where the transport header starts, from skb->data (negative once the data
 *	is past it)
 *
 * The IP header was checked before delivery, the transport header by the protocol; a leaving
 * packet's were made by the stack.
 *
 * Context: Any context a network hook runs in, softirq included.
 * Return: 0, or -1 for a packet that is not IP or whose transport header is not known.
 */
int label_packet_addresses(const struct sk_buff *skb, int proto,
			   struct lsm_network_audit *net, int *offset)
{
	__be16 ports[2], *p;

	net->netif = skb->skb_iif;
	if (!skb_transport_header_was_set(skb))
		return -1;
	*offset = skb_transport_offset(skb);
	switch (ntohs(skb->protocol)) {
	case ETH_P_IP:
		net->family = AF_INET;
		net->v4info.saddr = ip_hdr(skb)->saddr;
		net->v4info.daddr = ip_hdr(skb)->daddr;
		break;
#if IS_ENABLED(CONFIG_IPV6)
	case ETH_P_IPV6:
		net->family = AF_INET6;
		net->v6info.saddr = ipv6_hdr(skb)->saddr;
		net->v6info.daddr = ipv6_hdr(skb)->daddr;
		break;
#endif
	default:
		return -1;
	}
	if (proto != IPPROTO_TCP && proto != IPPROTO_UDP)
		return 0;
	p = skb_header_pointer(skb, *offset, sizeof(ports), ports);
	if (!p)
		return -1;
	net->sport = p[0];
	net->dport = p[1];
	return 0;
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
 * Whether an IP packet is ICMP. An ICMPv6 packet behind extension headers is not seen as one:
 * see hook_socket_sock_rcv_skb().
 */
static bool icmp_packet(const struct sk_buff *skb)
{
	switch (ntohs(skb->protocol)) {
	case ETH_P_IP:
		return ip_hdr(skb)->protocol == IPPROTO_ICMP;
#if IS_ENABLED(CONFIG_IPV6)
	case ETH_P_IPV6:
		return ipv6_hdr(skb)->nexthdr == IPPROTO_ICMPV6;
#endif
	}
	return false;
}

/*
 * A local packet whose sender cannot be named: decided as from "*", which may write nothing,
 * and logged so.
 */
static int no_sender(const struct sock *sk, const char *hook, struct lsm_network_audit *net)
{
	return label_check_net(label_star, label_sock_in(sk), hook, net, label_inet_class(sk));
}

/*
 * Whether @s, a UDP socket, may have sent a packet whose source port is @port: it is bound to
 * the port, in the namespace, of the packet's family (any, AF_UNSPEC) or an IPv6 one that
 * takes IPv4. Bound addresses and connected peers are not compared: a socket more is asked,
 * never one less.
 */
static bool udp_may_have_sent(const struct sock *s, const struct net *net, u16 port, int family)
{
	if (!net_eq(sock_net(s), net) || s->sk_num != port)
		return false;
	if (family == AF_UNSPEC)
		return true;
	if (family == AF_INET6)
		return s->sk_family == AF_INET6;
	return s->sk_family == AF_INET || !ipv6_only_sock(s);
}

/*
 * Every socket of @table, other than @sk, that may have sent a packet of @family from @net's
 * source port writes to @sk's in label: 0 or the first denial. *@found says whether there was
 * one to ask.
 * To a tunnel's socket, each must also be unconfined: whoever writes there forges packets of
 * any host, which no rule can grant.
 */
static int udp_senders_write(const struct sock *sk, struct udp_table *table, int family,
			     const char *hook, struct lsm_network_audit *net, bool *found)
{
	struct net *ns = sock_net(sk);
	u16 port = ntohs(net->sport);
	struct udp_hslot *hslot = udp_hashslot(table, ns, port);
	struct label *in = label_sock_in(sk);
	bool tunnel = udp_tunnel(sk);
	struct sock *s;
	int rc = 0;

	*found = false;
	rcu_read_lock();
	sk_for_each_rcu(s, &hslot->head) {
		if (s == sk || !udp_may_have_sent(s, ns, port, family))
			continue;
		*found = true;
		rc = label_check_net(label_sock_out(s), in, hook, net, label_inet_class(sk));
		if (!rc && tunnel)
			rc = label_check_net_same(label_sock_out(s), label_floor, "udp_tunnel_rcv",
						  net, label_inet_class(sk));
		if (rc)
			break;
	}
	rcu_read_unlock();
	return rc;
}

/*
 * A UDP datagram between two sockets of this namespace: every socket bound to its source port
 * writes to the receiver. Without one (it closed, or the packet was made by a raw socket), the
 * datagram is refused.
 * A tunnel's outer packet is asked here too, before the tunnel takes it.
 */
static int local_udp(const struct sock *sk, struct lsm_network_audit *net)
{
	bool found;
	int rc = udp_senders_write(sk, sock_net(sk)->ipv4.udp_table, net->family,
				   "socket_sock_rcv_skb", net, &found);

	return found ? rc : no_sender(sk, "socket_sock_rcv_skb", net);
}

/* The most TCP sockets that may share one packet's addresses and ports; more are refused. */
#define TCP_SENDERS_MAX 4

/**
 * struct tcp_senders - the TCP sockets of a namespace that may have sent a local segment
 * @sk: counted references, put by tcp_senders_put(); no TIME_WAIT socket, which sends no data
 * @n: how many
 * @overflow: more than TCP_SENDERS_MAX matched
 */
struct tcp_senders {
	struct sock *sk[TCP_SENDERS_MAX];
	int n;
	bool overflow;
};

static void tcp_senders_put(struct tcp_senders *t)
{
	while (t->n)
		sock_gen_put(t->sk[--t->n]);
	t->overflow = false;
}

/*
 * Whether @s's own address and port are @net's source and its peer's @net's destination (the
 * established hash's match, inet_match() and inet6_match(), without the bound device: a socket
 * bound to any device may have sent the segment through loopback).
 */
static bool tcp_may_have_sent(const struct sock *s, const struct net *ns,
			      const struct lsm_network_audit *net, __portpair ports,
			      __addrpair cookie)
{
	if (!net_eq(sock_net(s), ns) || s->sk_portpair != ports)
		return false;
	if (net->family == AF_INET)
		return s->sk_addrpair == cookie;
#if IS_ENABLED(CONFIG_IPV6)
	return s->sk_family == AF_INET6 && ipv6_addr_equal(&s->sk_v6_daddr, &net->v6info.daddr) &&
	       ipv6_addr_equal(&s->sk_v6_rcv_saddr, &net->v6info.saddr);
#else
	return false;
#endif
}

/* The established hash's key of a socket's two IPv4 addresses, its peer's first. */
static __addrpair tcp_cookie(__be32 peer, __be32 own)
{
	INET_ADDR_COOKIE(cookie, peer, own);

	return cookie;
}

/*
 * Find the senders of a local TCP segment in the established hash, as
 * __inet_lookup_established() does (which also compares the bound device with the one the
 * segment came in by): under RCU, a socket counted before it is kept and matched again after,
 * since TCP sockets are SLAB_TYPESAFE_BY_RCU, and the walk made again if it ended on another
 * chain's nulls.
 */
static void tcp_senders_find(struct net *ns, const struct lsm_network_audit *net,
			     struct tcp_senders *t)
{
	struct inet_hashinfo *hinfo = ns->ipv4.tcp_death_row.hashinfo;
	const __portpair ports = INET_COMBINED_PORTS(net->dport, ntohs(net->sport));
	const struct hlist_nulls_node *node;
	unsigned int hash, slot;
	__addrpair cookie = tcp_cookie(net->v4info.daddr, net->v4info.saddr);
	struct sock *s;

	t->n = 0;
	t->overflow = false;
#if IS_ENABLED(CONFIG_IPV6)
	if (net->family == AF_INET6)
		hash = inet6_ehashfn(ns, &net->v6info.saddr, ntohs(net->sport), &net->v6info.daddr,
				     net->dport);
	else
#endif
		hash = inet_ehashfn(ns, net->v4info.saddr, ntohs(net->sport), net->v4info.daddr,
				    net->dport);
	slot = hash & hinfo->ehash_mask;
	rcu_read_lock();
begin:
	sk_nulls_for_each_rcu(s, node, &hinfo->ehash[slot].chain) {
		if (s->sk_hash != hash || s->sk_state == TCP_TIME_WAIT ||
		    !tcp_may_have_sent(s, ns, net, ports, cookie))
			continue;
		if (!refcount_inc_not_zero(&s->sk_refcnt))
			continue;
		if (!tcp_may_have_sent(s, ns, net, ports, cookie)) {
			sock_gen_put(s);
			tcp_senders_put(t);
			goto begin;
		}
		if (t->n == TCP_SENDERS_MAX) {
			sock_gen_put(s);
			t->overflow = true;
			break;
		}
		t->sk[t->n++] = s;
	}
	if (!t->overflow && get_nulls_value(node) != slot) {
		tcp_senders_put(t);
		goto begin;
	}
	rcu_read_unlock();
}

/* A sender's label: its out label; a request socket's, its listener's. */
static struct label *tcp_sender_label(const struct sock *s)
{
	if (s->sk_state == TCP_NEW_SYN_RECV)
		return label_sock_out(inet_reqsk(s)->rsk_listener);
	return label_sock_out(s);
}

/*
 * Every sender of @t writes to @in. Without one, only a segment that carries nothing of a
 * task's (@empty: no data, no SYN: the kernel's reset or acknowledgment for a closed
 * connection, a TIME_WAIT socket's) passes; too many senders to ask are refused.
 */
static int tcp_senders_write(const struct sock *sk, const struct tcp_senders *t, bool empty,
			     const char *hook, struct lsm_network_audit *net)
{
	struct label *in = label_sock_in(sk);
	int i, rc = 0;

	if (t->overflow || (!t->n && !empty))
		return no_sender(sk, hook, net);
	for (i = 0; i < t->n && !rc; i++)
		rc = label_check_net(tcp_sender_label(t->sk[i]), in, hook, net, "tcp_socket");
	return rc;
}

/* Whether a TCP segment carries nothing of a task's: no SYN, no data. */
static bool tcp_empty(const struct sk_buff *skb, int offset)
{
	struct tcphdr th_buf;
	const struct tcphdr *th = skb_header_pointer(skb, offset, sizeof(th_buf), &th_buf);

	return th && !th->syn && (int)skb->len - offset - th->doff * 4 <= 0;
}

/*
 * A TCP segment between two sockets of this namespace, to a socket that is not listening (the
 * listener's are decided by hook_inet_conn_request()): from the peer its connection recorded,
 * or, before that (a client's answer, a simultaneous open), from the senders found.
 */
static int local_tcp(const struct sock *sk, const struct sk_buff *skb,
		     struct lsm_network_audit *net, int offset)
{
	const struct label_sock *ls = label_sock(sk);
	struct label *peer = ls ? READ_ONCE(ls->peer) : NULL;
	struct tcp_senders t;
	int rc;

	if (sk->sk_state == TCP_LISTEN)
		return 0;
	if (peer)
		return label_check_net(peer, label_sock_in(sk), "socket_sock_rcv_skb", net,
				       "tcp_socket");
	tcp_senders_find(sock_net(sk), net, &t);
	rc = tcp_senders_write(sk, &t, tcp_empty(skb, offset), "socket_sock_rcv_skb", net);
	tcp_senders_put(&t);
	return rc;
}

/*
 * An ICMP error of this machine about a packet @sk sent: the kernel's answer, quoting the
 * packet. A datagram came from the socket's port, which every socket bound there may have sent
 * it from (SO_REUSEADDR): each writes to this one, as a datagram from it would. TCP's errors
 * name one connection by its four addresses and ports, a ping socket's its identifier, which
 * label keeps unshared (hook_socket_bind()); a raw socket's are anyone's (CAP_NET_RAW).
 */
static int local_icmp_error(const struct sock *sk, struct lsm_network_audit *net)
{
	bool found;

	if (sk->sk_protocol != IPPROTO_UDP && sk->sk_protocol != IPPROTO_UDPLITE)
		return 0;
	net->sport = htons(sk->sk_num);
	return udp_senders_write(sk, sk->sk_prot->h.udp_table ?: sock_net(sk)->ipv4.udp_table,
				 AF_UNSPEC, "socket_sock_rcv_skb", net, &found);
}

/*
 * Delivery to an internet socket: the sender writes to the socket's in label. Locally, TCP
 * and UDP name their senders; an ICMP packet is the kernel's answer (an echo reply to a ping
 * socket: another task's needs a raw socket, CAP_NET_RAW); another protocol's sender cannot be
 * named. A packet that is not IP (none should reach an internet socket) is the ambient label's,
 * or, locally, has no sender. An ICMP packet to a socket of another protocol is an error about
 * one of its packets (ip_icmp_error(), ipv6_icmp_error()), about to be queued to its error queue
 * with what it quotes of that packet: from another host, that host's packet as any other. An
 * ICMPv6 error behind extension headers is taken for the socket's protocol, whose ports then
 * name no sender: refused, from this machine.
 */
static int hook_socket_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	struct lsm_network_audit net = {};
	int proto, offset;
	bool error;

	if (!inet_family(sk))
		return 0;
	proto = sk->sk_protocol;
	error = proto != IPPROTO_ICMP && proto != IPPROTO_ICMPV6 && icmp_packet(skb);
	if (label_packet_addresses(skb, error ? IPPROTO_ICMP : proto, &net, &offset))
		return packet_local(skb) ? no_sender(sk, "socket_sock_rcv_skb", &net) :
		       label_check_net(label_ambient_get(), label_sock_in(sk),
				       "socket_sock_rcv_skb", &net, label_inet_class(sk));
	if (!packet_local(skb))
		return label_check_net(packet_host(&net), label_sock_in(sk),
				       "socket_sock_rcv_skb", &net, label_inet_class(sk));
	if (error)
		return local_icmp_error(sk, &net);
	switch (proto) {
	case IPPROTO_TCP:
		return local_tcp(sk, skb, &net, offset);
	case IPPROTO_UDP:
		return local_udp(sk, &net);
	case IPPROTO_ICMP:
	case IPPROTO_ICMPV6:
		return 0;
	default:
		return no_sender(sk, "socket_sock_rcv_skb", &net);
	}
}

/* Counts the listens of TCP sockets: which of two listeners came first. */
static atomic64_t listens = ATOMIC64_INIT(0);

/* Stamp @ls as beginning to listen now, on @port (0: to be bound): the time is returned. */
static u64 stamp_listener(struct label_sock *ls, u16 port)
{
	u64 now = atomic64_inc_return(&listens);

	WRITE_ONCE(ls->listened, now);
	WRITE_ONCE(ls->listened_port, port);
	WRITE_ONCE(ls->port_verdict, 0);
	return now;
}

/*
 * When @s began listening on the port it holds: 0 if not known (a listener the kernel or MPTCP
 * made without hook_socket_listen(), or one that moved to another port since, each before its
 * first request there), which claims no precedence.
 */
static u64 listened(const struct sock *s)
{
	const struct label_sock *ls = label_sock(s);

	if (!ls || READ_ONCE(ls->listened_port) != READ_ONCE(s->sk_num))
		return 0;
	return READ_ONCE(ls->listened);
}

/*
 * Whether @s, a socket bound to @sk's TCP port, listens on an address of @sk's (a wildcard
 * matching every address, as the listener lookup does), and began before @before. A bind
 * bucket's owners include TIME_WAIT sockets, which have no such fields: sk_fullsock() first.
 */
static bool earlier_listener(const struct sock *sk, const struct sock *s, u64 before)
{
	u64 began;

	if (s == sk || !sk_fullsock(s) || READ_ONCE(s->sk_state) != TCP_LISTEN ||
	    !inet_rcv_saddr_equal(sk, s, true))
		return false;
	began = listened(s);
	return began && began < before;
}

/*
 * The in label of a listener of another label than @sk's that began before @before on an
 * address of @sk's port, or NULL. The port's bind bucket lists every socket bound to it; the
 * bucket's lock, which every change of those lists takes, keeps it still.
 */
static struct label *other_listener(const struct sock *sk, u16 port, u64 before)
{
	struct inet_hashinfo *hinfo = tcp_or_dccp_get_hashinfo(sk);
	struct net *net = sock_net(sk);
	struct inet_bind_hashbucket *head =
		&hinfo->bhash[inet_bhashfn(net, port, hinfo->bhash_size)];
	struct label *in = label_sock_in(sk), *other = NULL;
	struct inet_bind2_bucket *tb2;
	struct inet_bind_bucket *tb;
	struct sock *s;

	spin_lock_bh(&head->lock);
	inet_bind_bucket_for_each(tb, &head->chain) {
		if (!net_eq(ib_net(tb), net) || tb->port != port)
			continue;
		hlist_for_each_entry(tb2, &tb->bhash2, bhash_node) {
			sk_for_each_bound(s, &tb2->owners) {
				if (earlier_listener(sk, s, before) && label_sock_in(s) != in) {
					other = label_sock_in(s);
					goto out;
				}
			}
		}
	}
out:
	spin_unlock_bh(&head->lock);
	return other;
}

/*
 * TCP listeners share a port with SO_REUSEPORT: the kernel puts those of one address and user
 * in a group and gives each a share of the connections, which any member can change (a BPF
 * program of its own, SO_INCOMING_CPU), and a listener of a more specific address, of a
 * device or of the IPv4 family takes the port's connections from a group beside it. The user
 * is no boundary between labels (two services of one user, a root's fchown() or setfsuid()).
 * So a listener may share its port only with listeners of its own in label, whoever the task
 * and whatever the rules: the later one is refused, an unconfined service that comes after a
 * confined one too. Any flag is ignored, since a listener may clear SO_REUSEPORT and the bind
 * bucket still admits others (and TCP_REPAIR ignores conflicts). A listen() again, which
 * changes the backlog, is stamped, not walked. The walk costs what the kernel's own conflict
 * scan of a bind does.
 *
 * The hook runs before the socket lock is taken and the port is taken: a listen() while
 * another thread binds the socket sees no port, and two listen()s may pass at once. Each
 * listener's first connection request decides again (listener_shares_port()).
 */
static int hook_socket_listen(struct socket *sock, int backlog)
{
	struct sock *sk = sock->sk;
	struct label_sock *ls;
	struct label *other;
	u64 now;
	u16 port;

	if (!inet_family(sk) || sk->sk_protocol != IPPROTO_TCP ||
	    READ_ONCE(sk->sk_state) == TCP_LISTEN)
		return 0;
	ls = label_sock(sk);
	port = READ_ONCE(inet_sk(sk)->inet_num);
	now = ls ? stamp_listener(ls, port) : atomic64_inc_return(&listens);
	other = port ? other_listener(sk, port, now) : NULL;
	return other ? label_check_same(label_sock_in(sk), other, "socket_listen") : 0;
}

/*
 * Whether a listener shares its port with an earlier listener of another label: decided at
 * its first connection request on the port it listens on, and kept for that port. A listener
 * that passed hook_socket_listen() but for a race is refused then, each of its requests
 * dropped, so that it takes no connection of the earlier one's. One whose stamp is not of that
 * port (its listen() saw it unbound, or raced a shutdown() and a bind() elsewhere) or that
 * no listen() stamped is stamped at that request: it comes after the listeners there.
 */
static int listener_shares_port(const struct sock *sk)
{
	struct label_sock *ls = label_sock(sk);
	u16 port = READ_ONCE(sk->sk_num);
	struct label *other;
	int verdict;
	u64 began;

	if (!ls)
		return 0;
	verdict = READ_ONCE(ls->port_verdict);
	began = listened(sk);
	if (likely(verdict && began))
		return verdict < 0 ? verdict : 0;
	if (!began)
		began = stamp_listener(ls, port);
	other = other_listener(sk, port, began);
	verdict = other ? label_check_same(label_sock_in(sk), other, "inet_conn_request") : 0;
	WRITE_ONCE(ls->port_verdict, verdict ?: 1);
	return verdict;
}

/*
 * The request for a connection from a socket of this namespace: the client's out label writes
 * to the listener's in label, and the listener's out label to the client's in label, for the
 * replies (which the client's delivery check also asks). One from another host was decided on
 * delivery to the listener.
 */
static int hook_inet_conn_request(const struct sock *sk, struct sk_buff *skb,
				  struct request_sock *req)
{
	struct lsm_network_audit net = {};
	struct tcp_senders t;
	int i, offset, rc;

	if (listener_shares_port(sk))
		return -EACCES;
	if (!packet_local(skb) || label_packet_addresses(skb, IPPROTO_TCP, &net, &offset))
		return 0;
	tcp_senders_find(sock_net(sk), &net, &t);
	rc = tcp_senders_write(sk, &t, false, "inet_conn_request", &net);
	for (i = 0; i < t.n && !rc; i++)
		if (sk_fullsock(t.sk[i]))
			rc = label_check_net(label_sock_out(sk), label_sock_in(t.sk[i]),
					     "inet_conn_request", &net, "tcp_socket");
	tcp_senders_put(&t);
	return rc;
}

/*
 * Record the label of a new connection's other end, which its later segments are decided
 * against and security.labelpeer shows: the one socket of this namespace found, or the
 * host's for another host. None, or more than one, locally: none recorded, and each segment
 * looks again.
 */
static void set_peer(struct sock *sk, struct lsm_network_audit *net, bool local)
{
	struct label_sock *ls = label_sock(sk);
	struct label *peer = NULL;
	struct tcp_senders t;

	if (!ls)
		return;
	if (!local) {
		WRITE_ONCE(ls->peer, packet_host(net));
		return;
	}
	tcp_senders_find(sock_net(sk), net, &t);
	if (t.n == 1 && !t.overflow)
		peer = tcp_sender_label(t.sk[0]);
	tcp_senders_put(&t);
	WRITE_ONCE(ls->peer, peer);
}

/*
 * The server's new connection: its peer is the client, local if its address is this one's.
 * A client of another host opened it: what the server sends it is not decided where it
 * leaves.
 */
static void hook_inet_csk_clone(struct sock *newsk, const struct request_sock *req)
{
	struct label_sock *ls = label_sock(newsk);
	const struct inet_request_sock *ireq = inet_rsk(req);
	struct lsm_network_audit net = {
		.family = AF_INET,
		.sport = ireq->ir_rmt_port,
		.dport = htons(ireq->ir_num),
		.v4info.saddr = ireq->ir_rmt_addr,
		.v4info.daddr = ireq->ir_loc_addr,
	};
	bool local;

	local = label_local4(sock_net(newsk), net.v4info.saddr);
#if IS_ENABLED(CONFIG_IPV6)
	if (newsk->sk_family == AF_INET6 && !ipv6_addr_v4mapped(&ireq->ir_v6_rmt_addr)) {
		net.family = AF_INET6;
		net.v6info.saddr = ireq->ir_v6_rmt_addr;
		net.v6info.daddr = ireq->ir_v6_loc_addr;
		local = label_local6(sock_net(newsk), &net.v6info.saddr);
	}
#endif
	set_peer(newsk, &net, local);
	if (ls && !local)
		WRITE_ONCE(ls->opened_by_host, true);
}

/* The client's connection: its peer is the server, as its answer says. */
static void hook_inet_conn_established(struct sock *sk, struct sk_buff *skb)
{
	struct lsm_network_audit net = {};
	int offset;

	if (!label_packet_addresses(skb, IPPROTO_TCP, &net, &offset))
		set_peer(sk, &net, packet_local(skb));
}

/*
 * A ping socket's identifier names it to the kernel's echo replies and ICMP errors, as a port
 * names a UDP socket, but ping sockets may share one (the kernel lets every ping socket reuse
 * an identifier) and the replies then go to whichever was bound last: a socket could read
 * another's replies, or take the answers to another label's requests. Which sockets hold an
 * identifier is not known here, so no rule can allow a shared one: only a task label does not
 * confine chooses its identifier. Another has one picked for it, which the kernel picks unused.
 * (The identifier is at the same place in an IPv4 and an IPv6 address.)
 * A netlink socket bound with multicast groups subscribes to them:
 * label_audit_subscribe_check().
 */
static int hook_socket_bind(struct socket *sock, struct sockaddr *address, int addrlen)
{
	const struct sock *sk = sock->sk;

	if (sk->sk_family == AF_NETLINK) {
		if (addrlen < (int)offsetofend(struct sockaddr_nl, nl_groups) ||
		    !((struct sockaddr_nl *)address)->nl_groups)
			return 0;
		return label_audit_subscribe_check(sk, "socket_bind");
	}
	if (!inet_family(sk) || sk->sk_type != SOCK_DGRAM ||
	    (sk->sk_protocol != IPPROTO_ICMP && sk->sk_protocol != IPPROTO_ICMPV6) ||
	    addrlen < (int)offsetofend(struct sockaddr_in, sin_port) ||
	    !((struct sockaddr_in *)address)->sin_port)
		return 0;
	return label_check_unconfined("socket_bind");
}

static struct security_hook_list label_inet_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(socket_bind, hook_socket_bind),
	LSM_HOOK_INIT(socket_connect, hook_socket_connect),
	LSM_HOOK_INIT(socket_listen, hook_socket_listen),
	LSM_HOOK_INIT(socket_sendmsg, hook_socket_sendmsg),
	LSM_HOOK_INIT(socket_setsockopt, hook_socket_setsockopt),
	LSM_HOOK_INIT(socket_sock_rcv_skb, hook_socket_sock_rcv_skb),
	LSM_HOOK_INIT(inet_conn_request, hook_inet_conn_request),
	LSM_HOOK_INIT(inet_csk_clone, hook_inet_csk_clone),
	LSM_HOOK_INIT(inet_conn_established, hook_inet_conn_established),
};

/**
 * label_add_inet_hooks() - register the internet socket hooks
 *
 * Context: Boot, from the module's init.
 */
void __init label_add_inet_hooks(void)
{
	label_add_hooks(label_inet_hooks, ARRAY_SIZE(label_inet_hooks));
}
