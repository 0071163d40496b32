// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: what a task's socket sends to another host, decided again where the packet leaves.
 *
 * connect() and sendmsg() decide the destination a task names (inet.c), but where a packet
 * goes is known only once it is routed, and may differ: another thread sets IP_UNICAST_IF
 * between the check and the send; data queued under TCP_CORK, or a SYN retransmitted, leaves
 * by a device SO_BINDTODEVICE named after the check; a connected socket keeps sending after
 * its rule or its host's label changed; SCTP sends to addresses no hook of label's sees.
 * Here, after routing and NAT, a packet of a task's socket that leaves this network
 * namespace (its device is not the loopback) needs w from the socket's out label to its
 * destination host's label, as at connect(); refused, it is dropped and the send that made
 * it, if any, fails with EACCES. A packet that stays is decided on delivery (inet.c). Any
 * packet's source too, when the namespace does not have it (foreign_source()): whatever
 * answers the packet sends its data there, so it needs w to that host's label.
 *
 * Not decided here, as not at the system calls: packets of the kernel's own sockets (its
 * ICMP answers and TCP resets, the sockets of in-kernel clients), of a TCP connection another
 * host opened (its label was decided writing to the listener; a request socket's SYN-ACK has
 * no full socket), forwarded ones, and a tunnel's outer packet (sent with the tunnel's
 * socket, or made by xfrm), whose inner packet was decided against its own destination.
 *
 * The hooks are registered in every network namespace once the module is up: every packet
 * leaving any namespace pays an indirect call, and one that leaves to another host a host
 * lookup and a rule lookup.
 */

#include "label.h"
#include "sock.h"

#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/lsm_audit.h>
#include <linux/netdevice.h>
#include <linux/netfilter.h>
#include <linux/netfilter_ipv4.h>
#include <linux/netfilter_ipv6.h>
#include <net/inet_sock.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/net_namespace.h>
#include <net/sock.h>

/*
 * Whether a packet comes from an address the namespace does not have: what answers it (the
 * kernel's ICMP error or echo reply, which its own sockets send, a local service, another
 * host) goes there, carrying what the packet carried. IPv6 output sends from whatever source
 * the socket holds: one bound with IPV6_FREEBIND (which needs no privilege, and may be
 * cleared once bound), one named in IPV6_PKTINFO, or one the namespace has removed since.
 * IPv4 routing refuses such a source but to a socket that may bind any address
 * (IP_TRANSPARENT, the ip_nonlocal_bind sysctl). The common answers, first: to itself, and
 * on IPv4 to a socket that may not. The unspecified address answers nowhere, and counts as
 * local (label_local4(), label_local6()).
 */
static bool foreign_source(struct sock *sk, const struct sk_buff *skb, u8 pf)
{
	if (pf == NFPROTO_IPV4)
		return ip_hdr(skb)->saddr != ip_hdr(skb)->daddr &&
		       inet_can_nonlocal_bind(sock_net(sk), inet_sk(sk)) &&
		       !label_local4(sock_net(sk), ip_hdr(skb)->saddr);
	return !ipv6_addr_equal(&ipv6_hdr(skb)->saddr, &ipv6_hdr(skb)->daddr) &&
	       !label_local6(sock_net(sk), &ipv6_hdr(skb)->saddr);
}

/* Whether xfrm made the packet: its inner packet, a task's, was decided before. */
static bool transformed(const struct sk_buff *skb, u8 pf)
{
	if (pf == NFPROTO_IPV4)
		return IPCB(skb)->flags & IPSKB_XFRM_TRANSFORMED;
	return IP6CB(skb)->flags & IP6SKB_XFRM_TRANSFORMED;
}

/* Decide @sk's packet to, or from (@source), the host it names there; 0 or -EACCES. */
static int check_host(struct sock *sk, struct sk_buff *skb, const struct nf_hook_state *state,
		      bool source)
{
	struct lsm_network_audit net = {};
	struct label *out = label_sock_out(sk), *host;
	int offset;

	if (state->pf == NFPROTO_IPV4)
		host = label_host4(source ? ip_hdr(skb)->saddr : ip_hdr(skb)->daddr);
	else
		host = label_host6(source ? &ipv6_hdr(skb)->saddr : &ipv6_hdr(skb)->daddr);
	if (label_host_allowed(out, host))
		return 0;
	label_packet_addresses(skb, sk->sk_protocol, &net, &offset);
	net.netif = state->out->ifindex;
	return label_check_net(out, host, "ip_postroute", &net, label_inet_class(sk));
}

/*
 * The socket decided is the one the output path was called with (state->sk): a task's
 * socket, or a tunnel's, whose outer packet carries an inner one decided at the tunnel's
 * device, or the kernel's. A protocol that sends through a task's UDP socket (L2TP) is
 * decided with that socket. A packet that no full socket owns carries nothing of a task's:
 * a SYN-ACK, which IPv6 sends with the listener, owned by the request socket or by none
 * (SYN cookies), and a multicast copy looped back, whose original is decided.
 */
static unsigned int leaves_to_host(void *priv, struct sk_buff *skb,
				   const struct nf_hook_state *state)
{
	struct sock *sk = state->sk;
	struct label_sock *ls;
	bool stays, foreign;

	if (!skb->sk || !sk_fullsock(skb->sk) || !sk || !sk_fullsock(sk) || sk->sk_kern_sock ||
	    transformed(skb, state->pf))
		return NF_ACCEPT;
	stays = state->out->flags & IFF_LOOPBACK;
	foreign = foreign_source(sk, skb, state->pf);
	if (stays && !foreign)
		return NF_ACCEPT;
	ls = label_sock(sk);
	if (!ls)
		return NF_ACCEPT;
	if ((foreign && check_host(sk, skb, state, true)) ||
	    (!stays && !READ_ONCE(ls->opened_by_host) && check_host(sk, skb, state, false)))
		return NF_DROP_ERR(-EACCES);
	return NF_ACCEPT;
}

/* After NAT has changed the destination, as SELinux's own output check. */
static const struct nf_hook_ops label_output_ops[] = {
	{
		.hook = leaves_to_host,
		.pf = NFPROTO_IPV4,
		.hooknum = NF_INET_POST_ROUTING,
		.priority = NF_IP_PRI_SELINUX_LAST,
	},
#if IS_ENABLED(CONFIG_IPV6)
	{
		.hook = leaves_to_host,
		.pf = NFPROTO_IPV6,
		.hooknum = NF_INET_POST_ROUTING,
		.priority = NF_IP6_PRI_SELINUX_LAST,
	},
#endif
};

/* A namespace whose hooks cannot be registered is not made. */
static int __net_init output_net_init(struct net *net)
{
	return nf_register_net_hooks(net, label_output_ops, ARRAY_SIZE(label_output_ops));
}

static void __net_exit output_net_exit(struct net *net)
{
	nf_unregister_net_hooks(net, label_output_ops, ARRAY_SIZE(label_output_ops));
}

static struct pernet_operations label_output_net_ops = {
	.init = output_net_init,
	.exit = output_net_exit,
};

/*
 * Registered after the netfilter core is up, for the namespaces there are and those made
 * later. Without the hooks, what the system calls decide would be all that is decided: as
 * SELinux does for its own, the kernel does not run so.
 */
static int __init label_output_init(void)
{
	int rc;

	if (!label_initialized)
		return 0;
	rc = register_pernet_subsys(&label_output_net_ops);
	if (rc)
		panic("label: cannot register the output check of packets: %d\n", rc);
	return 0;
}
device_initcall(label_output_init);
