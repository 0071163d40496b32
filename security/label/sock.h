/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Label: what the module keeps on a socket, for net.c, inet.c and the blob sizes.
 */
#ifndef _SECURITY_LABEL_SOCK_H
#define _SECURITY_LABEL_SOCK_H

#include "label.h"

#include <net/sock.h>

/**
 * struct label_sock - what the module keeps on a socket
 * @obj: its in label, which what it receives is decided against; first, as in label_inode
 * @out: its out label, which what it sends is decided with
 * @peer: a TCP connection's other end: the label of the socket found at its start, or the
 *	host's; NULL before it is known. Shown by security.labelpeer.
 * @opened_by_host: a TCP connection another host opened, whose label was decided writing to
 *	the listener: what it sends is not decided again where it leaves (output.c). Not set
 *	for one of this machine's, whose server end may still be bound to a device that takes
 *	its packets to another host. Set before the socket is seen by anyone but its creator,
 *	cleared when the socket takes a peer of its own (inet.c), read in any context.
 * @listened: when a TCP socket last began listening, counted over all listens; 0 before
 * @listened_port: the port it held then (0: none yet), to which @listened and @port_verdict
 *	apply
 * @port_verdict: a listener's port shared with an earlier listener of another label, decided
 *	at its first connection request: 0 until then, 1 if not, -EACCES if so
 *
 * The labels are its creator's until security.labelipin and labelipout change them; written
 * with WRITE_ONCE() then, and read with READ_ONCE() from any context.
 */
struct label_sock {
	struct label_obj obj;
	struct label *out;
	struct label *peer;
	bool opened_by_host;
	int port_verdict;
	u16 listened_port;
	u64 listened;
};

/* The socket's label_sock, or NULL without the module's value. */
static inline struct label_sock *label_sock(const struct sock *sk)
{
	struct label_obj *obj = security_get_value(sk->sk_security, STACKER_SOCK, &label_values);

	return obj ? container_of(obj, struct label_sock, obj) : NULL;
}

/* A socket's in label: what it receives is decided against it. */
static inline struct label *label_sock_in(const struct sock *sk)
{
	struct label_sock *ls = label_sock(sk);

	return label_of_obj(ls ? &ls->obj : NULL);
}

/* A socket's out label: what it sends is decided with it. */
static inline struct label *label_sock_out(const struct sock *sk)
{
	struct label_sock *ls = label_sock(sk);
	struct label *out = ls ? READ_ONCE(ls->out) : NULL;

	return out ?: label_sock_in(sk);
}

/*
 * Whether @out may write to @host, without a log: the common answer, first. When grants are
 * logged, no: label_check_net() then decides and logs.
 */
static inline bool label_host_allowed(const struct label *out, const struct label *host)
{
	return !static_branch_unlikely(&label_log_grants) &&
	       !label_decide(out, host, LABEL_MAY_WRITE);
}

struct lsm_network_audit;
int label_unix_sendmsg(struct sock *sk);
int label_audit_subscribe_check(const struct sock *sk, const char *hook);
const char *label_inet_class(const struct sock *sk);
bool label_local4(struct net *net, __be32 addr);
bool label_local6(struct net *net, const struct in6_addr *addr);
int label_packet_addresses(const struct sk_buff *skb, int proto,
			   struct lsm_network_audit *net, int *offset);

#endif /* _SECURITY_LABEL_SOCK_H */
