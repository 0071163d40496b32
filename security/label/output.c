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
 * it, if any, fails with EACCES. A packet that stays is decided on delivery (inet.c), but
 * for its source: one the namespace does not have, which a socket may take with
 * IPV6_FREEBIND and no privilege, makes whatever answers the packet (the kernel's ICMP
 * answers, which its own sockets send, or a local service) send its data to that host, so
 * it needs w to that host's label.
 *
 * Not decided here, as not at the system calls: packets of the kernel's own sockets (its
 * ICMP answers and TCP resets, the sockets of in-kernel clients), of a TCP connection another
 * host opened (its label was decided writing to the listener; a request socket's SYN-ACK has
 * no full socket), forwarded ones, and a tunnel's outer packet (sent by the tunnel, not the
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
#include <net/addrconf.h>
#include <net/inet_sock.h>
#include <net/ip.h>
#include <net/ipv6.h>
#include <net/net_namespace.h>
#include <net/sock.h>

/*
 * Whether a packet that stays in the namespace comes from an address that is not the
 * namespace's: a socket that may bind such an address (IPV6_FREEBIND needs no privilege;
 * IP_FREEBIND, IP_TRANSPARENT and the ip_nonlocal_bind sysctls too) sent it, here by bind(),
 * there by a PKTINFO source. What answers it, the kernel's ICMP error or echo reply or a local
 * service's reply, goes to that address and carries what the packet carried.
 */
static bool foreign_source(struct sock *sk, const struct sk_buff *skb, u8 pf)
{
	struct net *net = sock_net(sk);

	if (pf == NFPROTO_IPV4) {
		__be32 saddr = ip_hdr(skb)->saddr;

		return inet_can_nonlocal_bind(net, inet_sk(sk)) && !ipv4_is_loopback(saddr) &&
		       inet_addr_type(net, saddr) != RTN_LOCAL;
	}
#if IS_ENABLED(CONFIG_IPV6)
	return ipv6_can_nonlocal_bind(net, inet_sk(sk)) &&
	       !ipv6_addr_loopback(&ipv6_hdr(skb)->saddr) &&
	       !ipv6_chk_addr(net, &ipv6_hdr(skb)->saddr, NULL, 0);
#else
	return false;
#endif
}

/* Whether xfrm made the packet: its inner packet, a task's, was decided before. */
static bool transformed(const struct sk_buff *skb, u8 pf)
{
	if (pf == NFPROTO_IPV4)
		return IPCB(skb)->flags & IPSKB_XFRM_TRANSFORMED;
	return IP6CB(skb)->flags & IP6SKB_XFRM_TRANSFORMED;
}

static unsigned int leaves_to_host(void *priv, struct sk_buff *skb,
				   const struct nf_hook_state *state)
{
	struct lsm_network_audit net = {};
	struct sock *sk = skb->sk;
	struct label *out, *host;
	struct label_sock *ls;
	int offset;
	bool stays;

	stays = state->out->flags & IFF_LOOPBACK;
	if (!sk || sk != state->sk || !sk_fullsock(sk) || sk->sk_kern_sock ||
	    (stays && !foreign_source(sk, skb, state->pf)) || transformed(skb, state->pf))
		return NF_ACCEPT;
	ls = label_sock(sk);
	if (!ls || (!stays && READ_ONCE(ls->opened_by_host)))
		return NF_ACCEPT;
	out = label_sock_out(sk);
	if (state->pf == NFPROTO_IPV4)
		host = label_host4(stays ? ip_hdr(skb)->saddr : ip_hdr(skb)->daddr);
	else
		host = label_host6(stays ? &ipv6_hdr(skb)->saddr : &ipv6_hdr(skb)->daddr);
	if (label_host_allowed(out, host))
		return NF_ACCEPT;
	label_packet_addresses(skb, sk->sk_protocol, &net, &offset);
	net.netif = state->out->ifindex;
	if (label_check_net(out, host, "ip_postroute", &net, label_inet_class(sk)))
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
