// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: UNIX domain sockets. A socket takes its creator's label; connecting or sending asks
 * for write from the sender's socket label to the peer's.
 */

#include "label.h"

#include <net/sock.h>

static struct label *sock_label(const struct sock *sk)
{
	struct label_obj *obj = security_get_value(sk->sk_security, STACKER_SOCK,
						   &label_values);

	return obj && obj->label ? obj->label : label_floor;
}

static int hook_sk_alloc_security(struct sock *sk, int family, gfp_t gfp)
{
	struct label_obj *obj = security_attach_value(sk->sk_security, STACKER_SOCK,
						      &label_values, gfp);

	if (!obj)
		return -ENOMEM;
	obj->label = label_of_current();
	return 0;
}

static int hook_unix_stream_connect(struct sock *sock, struct sock *other, struct sock *newsk)
{
	return label_check(sock_label(sock), sock_label(other), LABEL_MAY_WRITE,
			   "unix_stream_connect", NULL);
}

static int hook_unix_may_send(struct socket *sock, struct socket *other)
{
	return label_check(sock_label(sock->sk), sock_label(other->sk), LABEL_MAY_WRITE,
			   "unix_may_send", NULL);
}

static struct security_hook_list label_net_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(sk_alloc_security, hook_sk_alloc_security),
	LSM_HOOK_INIT(unix_stream_connect, hook_unix_stream_connect),
	LSM_HOOK_INIT(unix_may_send, hook_unix_may_send),
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
