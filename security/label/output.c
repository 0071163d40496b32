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
 * it, if any, fails with EACCES. A packet that stays is decided on delivery (inet.c).
 *
 * Not decided here, as not at the system calls: packets of the kernel's own sockets (its
 * ICMP answers and TCP resets, the sockets of in-kernel clients), of a TCP connection another
 * host opened (its label was decided writing to the listener; a request socket's SYN-ACK has
 * no full socket), and forwarded ones.
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
#include <net/net_namespace.h>
#include <net/sock.h>

static unsigned int leaves_to_host(void *priv, struct sk_buff *skb,
				   const struct nf_hook_state *state)
{
	struct lsm_network_audit net = {};
	struct sock *sk = skb->sk;
	struct label_sock *ls;
	struct label *out, *host;
	int offset;

	if ((state->out->flags & IFF_LOOPBACK) || !sk || !sk_fullsock(sk) || sk->sk_kern_sock)
		return NF_ACCEPT;
	ls = label_sock(sk);
	if (!ls || ls->opened_by_host)
		return NF_ACCEPT;
	out = label_sock_out(sk);
	if (state->pf == NFPROTO_IPV4)
		host = label_host4(ip_hdr(skb)->daddr);
	else
		host = label_host6(&ipv6_hdr(skb)->daddr);
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
