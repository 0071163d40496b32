// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: UNIX domain sockets. A socket takes its creator's label (sk_alloc_security runs in the
 * creating task for socket() and both ends of socketpair()); sending asks for write from the
 * sender's socket label to the peer's, connecting a stream for write both ways. Internet
 * sockets are labelled but not checked: the module labels no packets.
 */

#include "label.h"

#include <net/sock.h>

static struct label_obj *sock_obj(const struct sock *sk)
{
	return security_get_value(sk->sk_security, STACKER_SOCK, &label_values);
}

static struct label *sock_label(const struct sock *sk)
{
	return label_of_obj(sock_obj(sk));
}

static int hook_sk_alloc_security(struct sock *sk, int family, gfp_t gfp)
{
	return label_obj_init(security_attach_value(sk->sk_security, STACKER_SOCK, &label_values,
						    gfp), label_of_current());
}

/*
 * A socket cloned from a listener (an accepted TCP connection, allocated in softirq context)
 * is the listener's, not whichever task's was current.
 */
static void hook_sk_clone_security(const struct sock *sk, struct sock *newsk)
{
	struct label_obj *obj = sock_obj(newsk);

	if (obj)
		obj->label = sock_label(sk);
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

static struct security_hook_list label_net_hooks[] __ro_after_init = {
	LSM_HOOK_INIT(sk_alloc_security, hook_sk_alloc_security),
	LSM_HOOK_INIT(sk_clone_security, hook_sk_clone_security),
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
