// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label on the network: host labels (netlabel, ipv6host, ambient), checked at connect() and
 * sendmsg() to another host and on delivery from one; sockets of this machine decided with the
 * sending socket's label, over loopback; a socket's labels (security.labelipin, labelipout)
 * and its peer's (security.labelpeer). Another host is a network namespace behind a veth pair.
 *
 * Every decision is made with socket labels, never with the current task's: a root test sets
 * the labels of the sockets it makes, and needs no labelled child for them.
 */
#include "common.h"

#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <linux/genetlink.h>
#include <linux/gtp.h>
#include <linux/if_link.h>
#include <linux/ip.h>
#include <linux/nl80211.h>
#include <linux/rtnetlink.h>
#include <linux/udp.h>
#include <linux/veth.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <sys/ioctl.h>

#define NETLABEL LABEL_FS "netlabel"
#define IPV6HOST LABEL_FS "ipv6host"
#define AMBIENT LABEL_FS "ambient"
/* How long a connection or a datagram that label drops is waited for. */
#define DROPPED_MS 700
/*
 * How long what must come is waited for: an ICMP error, which comes whether label queues it or
 * not, and a connection label allows, each after the other host resolved this one's address,
 * which under TCG took longer than DROPPED_MS.
 */
#define RESOLVED_MS 10000

/* The two ends of the veth pair: this machine, and the other host. */
#define HERE4 "10.9.0.1"
#define THERE4 "10.9.0.2"
#define HERE6 "fd09::1"
#define THERE6 "fd09::2"

static int set_sock_label(int fd, const char *name, const char *label)
{
	return fsetxattr(fd, name, label, strlen(label), 0);
}

/* A socket of @family and @type whose in and out labels are @label. */
static int labelled_socket(int family, int type, const char *label)
{
	int fd = socket(family, type | SOCK_CLOEXEC, 0);
	int one = 1;

	if (fd < 0)
		return -1;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (set_sock_label(fd, XATTR_NAME_LABELIPIN, label) ||
	    set_sock_label(fd, XATTR_NAME_LABELIPOUT, label)) {
		close(fd);
		return -1;
	}
	return fd;
}

static socklen_t make_addr(struct sockaddr_storage *ss, int family, const char *ip, int port)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET) {
		struct sockaddr_in *sin = (struct sockaddr_in *)ss;

		sin->sin_family = AF_INET;
		sin->sin_port = htons(port);
		inet_pton(AF_INET, ip, &sin->sin_addr);
		return sizeof(*sin);
	}
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)ss;

	sin6->sin6_family = AF_INET6;
	sin6->sin6_port = htons(port);
	inet_pton(AF_INET6, ip, &sin6->sin6_addr);
	return sizeof(*sin6);
}

/* A socket labelled @label bound to @ip:@port, listening if a stream. */
static int bound_socket(int family, int type, const char *label, const char *ip, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, ip, port);
	int fd = labelled_socket(family, type, label);

	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&ss, len) || (type == SOCK_STREAM && listen(fd, 8))) {
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Connect @fd to @ip:@port: 0 once connected, -1 with errno if connect() fails, or ETIMEDOUT if
 * the connection is not made within @ms.
 */
static int connect_waiting(int fd, int family, const char *ip, int port, int ms)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, ip, port);
	struct pollfd pfd = { .fd = fd, .events = POLLOUT };
	int err = 0;
	socklen_t errlen = sizeof(err);

	fcntl(fd, F_SETFL, O_NONBLOCK);
	if (!connect(fd, (struct sockaddr *)&ss, len))
		return 0;
	if (errno != EINPROGRESS)
		return -1;
	if (poll(&pfd, 1, ms) != 1) {
		errno = ETIMEDOUT;
		return -1;
	}
	getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &errlen);
	errno = err;
	return err ? -1 : 0;
}

/*
 * A connection that label drops: ETIMEDOUT once it is not made within DROPPED_MS. A slow
 * machine can only make an allowed connection look dropped, never a dropped one look made, so
 * a connection expected to be made waits longer (connect_made()).
 */
static int connect_within(int fd, int family, const char *ip, int port)
{
	return connect_waiting(fd, family, ip, port, DROPPED_MS);
}

/* A connection that label allows: made within RESOLVED_MS. */
static int connect_made(int fd, int family, const char *ip, int port)
{
	return connect_waiting(fd, family, ip, port, RESOLVED_MS);
}

/* Send one datagram from @fd to @ip:@port: 0, or -1 with errno. */
static int send_to(int fd, int family, const char *ip, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, ip, port);

	return sendto(fd, "x", 1, 0, (struct sockaddr *)&ss, len) == 1 ? 0 : -1;
}

/* Whether a datagram reaches @fd within DROPPED_MS. */
static bool received(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char c;

	return poll(&pfd, 1, DROPPED_MS) == 1 && recv(fd, &c, 1, MSG_DONTWAIT) == 1;
}

/*
 * Once an ICMP error reached @fd (POLLERR, within RESOLVED_MS): 1 if it was queued, quoting the
 * one byte send_to() sends, 0 if it was not (the socket's pending error, which the protocol
 * sets either way and this clears, is all that came), -1 if nothing came.
 */
static int queued_error(int fd)
{
	struct pollfd pfd = { .fd = fd };
	socklen_t len = sizeof(int);
	char buf[16];
	ssize_t n;
	int err;

	if (poll(&pfd, 1, RESOLVED_MS) != 1 || !(pfd.revents & POLLERR))
		return -1;
	n = recv(fd, buf, sizeof(buf), MSG_ERRQUEUE | MSG_DONTWAIT);
	err = errno;
	getsockopt(fd, SOL_SOCKET, SO_ERROR, &(int){ 0 }, &len);
	if (n < 0)
		return err == EAGAIN ? 0 : -1;
	return n == 1 && buf[0] == 'x';
}

/* ICMP errors queued to @fd (IP_RECVERR or IPV6_RECVERR). */
static int receive_errors(int fd, int family)
{
	int one = 1;

	return setsockopt(fd, family == AF_INET ? SOL_IP : SOL_IPV6,
			  family == AF_INET ? IP_RECVERR : IPV6_RECVERR, &one, sizeof(one));
}

/* Wait, up to ten seconds, for a byte on @fd: a retransmission, which comes when it comes. */
static void wait_for_byte(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char c;

	if (poll(&pfd, 1, 10000) == 1)
		recv(fd, &c, 1, MSG_DONTWAIT);
}

static int if_up(const char *name)
{
	struct ifreq ifr = {};
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int rc = -1;

	snprintf(ifr.ifr_name, IFNAMSIZ, "%s", name);
	if (fd >= 0 && !ioctl(fd, SIOCGIFFLAGS, &ifr)) {
		ifr.ifr_flags |= IFF_UP;
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
	return rc;
}

/* The kernel's struct in6_ifreq (linux/ipv6.h, which clashes with netinet/in.h). */
struct in6_ifreq_ {
	struct in6_addr addr;
	__u32 prefixlen;
	int ifindex;
};

/* Give @name the addresses @ip4/24 and @ip6/64, and bring it up. */
static int if_address(const char *name, const char *ip4, const char *ip6)
{
	struct ifreq ifr = {};
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
	struct in6_ifreq_ ifr6 = { .prefixlen = 64, .ifindex = if_nametoindex(name) };
	int fd4 = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int fd6 = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int rc;

	snprintf(ifr.ifr_name, IFNAMSIZ, "%s", name);
	sin->sin_family = AF_INET;
	inet_pton(AF_INET, ip4, &sin->sin_addr);
	rc = ioctl(fd4, SIOCSIFADDR, &ifr);
	inet_pton(AF_INET, "255.255.255.0", &sin->sin_addr);
	rc = rc ?: ioctl(fd4, SIOCSIFNETMASK, &ifr);
	inet_pton(AF_INET6, ip6, &ifr6.addr);
	rc = rc ?: ioctl(fd6, SIOCSIFADDR, &ifr6);
	close(fd4);
	close(fd6);
	return rc ?: if_up(name);
}

/*
 * Wait until @ip6 can be bound: a new IPv6 address is tentative until addrconf's work has run,
 * even without duplicate address detection. 0, or -1 after five seconds.
 */
static int address_ready(const char *ip6)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, AF_INET6, ip6, 0);
	int i, fd, rc = -1;

	for (i = 0; i < 100 && rc; i++) {
		fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		rc = bind(fd, (struct sockaddr *)&ss, len);
		close(fd);
		if (rc)
			usleep(50000);
	}
	return rc;
}

/* IPv6 addresses usable at once: no duplicate address detection in this namespace. */
static int no_dad(void)
{
	return write_str("/proc/sys/net/ipv6/conf/default/accept_dad", "0") == 1 &&
	       write_str("/proc/sys/net/ipv6/conf/all/accept_dad", "0") == 1 ? 0 : -1;
}

/* An RTM_NEWLINK request. */
struct link_request {
	struct nlmsghdr nh;
	struct ifinfomsg ifi;
	char attrs[512];
};

/* Append an attribute to @msg, a request that begins with its netlink header. */
static struct rtattr *add_attr(void *msg, int type, const void *data, int len)
{
	struct nlmsghdr *nh = msg;
	struct rtattr *rta = (struct rtattr *)((char *)nh + NLMSG_ALIGN(nh->nlmsg_len));

	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	nh->nlmsg_len = NLMSG_ALIGN(nh->nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return rta;
}

static void end_nest(void *msg, struct rtattr *nest)
{
	struct nlmsghdr *nh = msg;

	nest->rta_len = (char *)nh + nh->nlmsg_len - (char *)nest;
}

#define NEW_LINK_REQUEST {							\
	.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg)),			\
	.nh.nlmsg_type = RTM_NEWLINK,						\
	.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK,	\
}

/*
 * Send the request @nh to the kernel by the netlink socket @fd: 0 once acknowledged (some
 * commands acknowledge with a positive number), or -1 with errno (the kernel's refusal).
 */
static int nl_exchange(int fd, const struct nlmsghdr *nh)
{
	struct {
		struct nlmsghdr nh;
		struct nlmsgerr err;
	} ack;

	if (send(fd, nh, nh->nlmsg_len, 0) < 0 ||
	    recv(fd, &ack, sizeof(ack), 0) < (ssize_t)sizeof(ack))
		return -1;
	if (ack.err.error >= 0)
		return 0;
	errno = -ack.err.error;
	return -1;
}

/* The same by a new @protocol socket. */
static int nl_request(int protocol, const struct nlmsghdr *nh)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, protocol);
	int rc = fd < 0 ? -1 : nl_exchange(fd, nh);

	close(fd);
	return rc;
}

static int rtnl_request(const struct link_request *req)
{
	return nl_request(NETLINK_ROUTE, &req->nh);
}

/* Delete this namespace's device @name. */
static int delete_link(const char *name)
{
	struct link_request req = {
		.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg)),
		.nh.nlmsg_type = RTM_DELLINK,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
	};

	add_attr(&req, IFLA_IFNAME, name, strlen(name) + 1);
	return rtnl_request(&req);
}

/* Wait, up to ten seconds, until this namespace has the device @name, or has it no more. */
static void wait_for_link(const char *name, bool there)
{
	int wait;

	for (wait = 0; wait < 200 && (if_nametoindex(name) != 0) != there; wait++)
		usleep(50000);
}

/* A generic netlink request. */
struct genl_request {
	struct nlmsghdr nh;
	struct genlmsghdr genl;
	char attrs[512];
};

#define GENL_REQUEST(family, command) {						\
	.nh.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN),				\
	.nh.nlmsg_type = (family),						\
	.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,				\
	.genl.cmd = (command),							\
	.genl.version = 1,							\
}

/* The id of the generic netlink family @name: 0 when this kernel does not have it. */
static __u16 genl_family(const char *name)
{
	struct genl_request req = GENL_REQUEST(GENL_ID_CTRL, CTRL_CMD_GETFAMILY);
	struct {
		struct nlmsghdr nh;
		struct genlmsghdr genl;
		char attrs[4096];
	} reply;
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	ssize_t len = -1;
	struct rtattr *rta;
	__u16 id = 0;

	add_attr(&req, CTRL_ATTR_FAMILY_NAME, name, strlen(name) + 1);
	if (fd >= 0 && send(fd, &req, req.nh.nlmsg_len, 0) >= 0)
		len = recv(fd, &reply, sizeof(reply), 0);
	close(fd);
	if (len < (ssize_t)NLMSG_LENGTH(GENL_HDRLEN) || reply.nh.nlmsg_type == NLMSG_ERROR)
		return 0;
	if ((size_t)len > reply.nh.nlmsg_len)
		len = reply.nh.nlmsg_len;
	len -= NLMSG_LENGTH(GENL_HDRLEN);
	for (rta = (struct rtattr *)reply.attrs; RTA_OK(rta, len); rta = RTA_NEXT(rta, len))
		if (rta->rta_type == CTRL_ATTR_FAMILY_ID)
			memcpy(&id, RTA_DATA(rta), sizeof(id));
	return id;
}

/*
 * A veth pair, @name in the network namespace of @name_pid (0: the caller's) and @peer in that
 * of @peer_pid: 0, or -1 with errno.
 */
static int veth_pair(const char *name, pid_t name_pid, const char *peer, pid_t peer_pid)
{
	struct link_request req = NEW_LINK_REQUEST;
	struct rtattr *info, *data, *peer_info;

	add_attr(&req, IFLA_IFNAME, name, strlen(name) + 1);
	if (name_pid)
		add_attr(&req, IFLA_NET_NS_PID, &name_pid, sizeof(name_pid));
	info = add_attr(&req, IFLA_LINKINFO, NULL, 0);
	add_attr(&req, IFLA_INFO_KIND, "veth", 5);
	data = add_attr(&req, IFLA_INFO_DATA, NULL, 0);
	peer_info = add_attr(&req, VETH_INFO_PEER, NULL, 0);
	req.nh.nlmsg_len += sizeof(struct ifinfomsg);
	add_attr(&req, IFLA_IFNAME, peer, strlen(peer) + 1);
	add_attr(&req, IFLA_NET_NS_PID, &peer_pid, sizeof(peer_pid));
	end_nest(&req, peer_info);
	end_nest(&req, data);
	end_nest(&req, info);
	return rtnl_request(&req);
}

/* A veth pair, @name here and @peer in the network namespace of @pid: 0, or -1. */
static int make_veth(const char *name, const char *peer, pid_t pid)
{
	return veth_pair(name, 0, peer, pid);
}

/* Join the network namespace of @pid. */
static int enter_net(pid_t pid)
{
	char path[64];
	int fd, rc;

	snprintf(path, sizeof(path), "/proc/%d/ns/net", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	rc = setns(fd, CLONE_NEWNET);
	close(fd);
	return rc;
}

/* A line of a listing, or empty; compares the host files before and after a refused write. */
static void listing(const char *path, char *buf, size_t size)
{
	if (read_text(path, buf, size) < 0)
		buf[0] = '\0';
}

/*
 * The host entries and the ambient label as a test leaves them: netlabel has no way to remove
 * an entry (Smack's -CIPSO keeps it, without a label), so its entries are made -CIPSO, which
 * is what no entry means; ipv6host's are removed.
 */
static void forget_hosts(void)
{
	static const char *const v4[] = { "10.9.0.0/16", "10.9.0.2/32", "127.0.0.0/8" };
	static const char *const v6[] = { "fd09::/64", "fd09::2/128", "::1/128" };
	char line[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(v4); i++) {
		snprintf(line, sizeof(line), "%s -CIPSO", v4[i]);
		write_str(NETLABEL, line);
	}
	for (i = 0; i < ARRAY_SIZE(v6); i++) {
		snprintf(line, sizeof(line), "%s -DELETE", v6[i]);
		write_str(IPV6HOST, line);
	}
	write_str(AMBIENT, "_");
}

FIXTURE(net) {
	int family;
	const char *loopback, *here, *there, *net_prefix, *host_prefix, *other_host;
	const char *hosts;
};

FIXTURE_VARIANT(net) {
	int family;
};

FIXTURE_VARIANT_ADD(net, ipv4) {
	.family = AF_INET,
};

FIXTURE_VARIANT_ADD(net, ipv6) {
	.family = AF_INET6,
};

FIXTURE_SETUP(net)
{
	bool v6 = variant->family == AF_INET6;

	self->family = variant->family;
	self->loopback = v6 ? "::1" : "127.0.0.1";
	self->here = v6 ? HERE6 : HERE4;
	self->there = v6 ? THERE6 : THERE4;
	self->net_prefix = v6 ? "fd09::/64" : "10.9.0.0/16";
	self->host_prefix = v6 ? "fd09::2/128" : "10.9.0.2/32";
	self->other_host = v6 ? "fd09::3" : "10.9.0.3";
	self->hosts = v6 ? IPV6HOST : NETLABEL;
	ASSERT_EQ(0, if_up("lo"));
}

FIXTURE_TEARDOWN(net)
{
	forget_hosts();
}

/* Write "PREFIX LABEL" to a host file. */
static int set_host(const char *hosts, const char *prefix, const char *label)
{
	char line[128];

	snprintf(line, sizeof(line), "%s %s", prefix, label);
	return write_str(hosts, line) == (ssize_t)strlen(line) ? 0 : -1;
}

/*
 * Two sockets of this machine, over loopback: the connection request needs w from the client
 * to the listener and from the listener to the client (for the replies), as a UNIX stream.
 * Each end then shows the other's label as its peer.
 */
TEST_F(net, tcp_over_loopback_needs_write_both_ways)
{
	int srv, cli, conn;
	char peer[64] = "";

	ASSERT_EQ(0, load("nt_cli nt_srv w\n"));
	srv = bound_socket(self->family, SOCK_STREAM, "nt_srv", self->loopback, 41001);
	ASSERT_LE(0, srv);

	cli = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, cli);
	EXPECT_EQ(-1, connect_within(cli, self->family, self->loopback, 41001));
	EXPECT_EQ(ETIMEDOUT, errno);
	close(cli);

	ASSERT_EQ(0, load("nt_srv nt_cli w\n"));
	cli = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, connect_made(cli, self->family, self->loopback, 41001));
	conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);
	ASSERT_LE(0, conn);
	EXPECT_EQ(6, fgetxattr(cli, XATTR_NAME_LABELPEER, peer, sizeof(peer) - 1));
	EXPECT_STREQ("nt_srv", peer);
	memset(peer, 0, sizeof(peer));
	EXPECT_EQ(6, fgetxattr(conn, XATTR_NAME_LABELPEER, peer, sizeof(peer) - 1));
	EXPECT_STREQ("nt_cli", peer);
	memset(peer, 0, sizeof(peer));
	EXPECT_EQ(6, fgetxattr(conn, XATTR_NAME_LABELIPIN, peer, sizeof(peer) - 1));
	EXPECT_STREQ("nt_srv", peer);

	/* Each segment is decided: with the rule revoked, data no longer reaches the server. */
	ASSERT_EQ(1, write(cli, "a", 1));
	EXPECT_TRUE(received(conn));
	ASSERT_EQ(0, load("nt_cli nt_srv -\n"));
	ASSERT_EQ(1, write(cli, "b", 1));
	EXPECT_FALSE(received(conn));
	/*
	 * Granted again, the retransmission gets through: closed now, the client would go on
	 * retransmitting for minutes, each copy a denial that later programs would count.
	 */
	ASSERT_EQ(0, load("nt_cli nt_srv w\n"));
	wait_for_byte(conn);
	close(conn);
	close(cli);
	close(srv);
	ASSERT_EQ(0, load("nt_cli nt_srv -\nnt_srv nt_cli -\n"));
}

/*
 * A connection that connect(AF_UNSPEC) ended has no peer: the label of the socket it was
 * connected to does not stay its peer for the next connection, whose segments would then be
 * decided as from it (a simultaneous open names no peer of its own).
 */
TEST_F(net, tcp_peer_forgotten_when_disconnected)
{
	struct sockaddr unspec = { .sa_family = AF_UNSPEC };
	int srv, cli, conn;
	char peer[64] = "";

	ASSERT_EQ(0, load("nt_cli nt_srv w\nnt_srv nt_cli w\n"));
	srv = bound_socket(self->family, SOCK_STREAM, "nt_srv", self->loopback, 41011);
	ASSERT_LE(0, srv);
	cli = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, connect_made(cli, self->family, self->loopback, 41011));
	conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);
	ASSERT_LE(0, conn);
	EXPECT_EQ(6, fgetxattr(cli, XATTR_NAME_LABELPEER, peer, sizeof(peer) - 1));
	EXPECT_STREQ("nt_srv", peer);
	ASSERT_EQ(0, connect(cli, &unspec, sizeof(unspec)));
	EXPECT_EQ(-1, fgetxattr(cli, XATTR_NAME_LABELPEER, peer, sizeof(peer) - 1));
	EXPECT_EQ(ENODATA, errno);
	close(conn);
	close(cli);
	close(srv);
	ASSERT_EQ(0, load("nt_cli nt_srv -\nnt_srv nt_cli -\n"));
}

/*
 * An IPv4 client of a listener bound to IPv6's any address (dual stack) is its connection's
 * peer as over IPv4: the child socket is IPv6's, but its addresses are IPv4 ones, mapped
 * (sk_daddr_set()), and are looked up as IPv4's.
 */
TEST(tcp_peer_of_an_ipv4_client_of_a_dual_stack_listener)
{
	int srv, cli, conn;
	char peer[64] = "";

	ASSERT_EQ(0, if_up("lo"));
	ASSERT_EQ(0, load("nt_cli nt_srv w\nnt_srv nt_cli w\n"));
	srv = bound_socket(AF_INET6, SOCK_STREAM, "nt_srv", "::", 41012);
	ASSERT_LE(0, srv);
	cli = labelled_socket(AF_INET, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, connect_made(cli, AF_INET, "127.0.0.1", 41012));
	conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);
	ASSERT_LE(0, conn);
	EXPECT_EQ(6, fgetxattr(conn, XATTR_NAME_LABELPEER, peer, sizeof(peer) - 1));
	EXPECT_STREQ("nt_cli", peer);
	ASSERT_EQ(1, write(cli, "a", 1));
	EXPECT_TRUE(received(conn));
	close(conn);
	close(cli);
	close(srv);
	ASSERT_EQ(0, load("nt_cli nt_srv -\nnt_srv nt_cli -\n"));
}

/* A datagram over loopback needs w from the sending socket's out label to the receiver's in. */
TEST_F(net, udp_over_loopback_needs_write_from_the_sender)
{
	int srv, cli;

	srv = bound_socket(self->family, SOCK_DGRAM, "nt_srv", self->loopback, 41002);
	ASSERT_LE(0, srv);
	cli = bound_socket(self->family, SOCK_DGRAM, "nt_cli", self->loopback, 41003);
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, send_to(cli, self->family, self->loopback, 41002));
	EXPECT_FALSE(received(srv));

	ASSERT_EQ(0, load("nt_cli nt_srv w\n"));
	ASSERT_EQ(0, send_to(cli, self->family, self->loopback, 41002));
	EXPECT_TRUE(received(srv));

	/* The out label, not the in label, is the sender's. */
	ASSERT_EQ(0, set_sock_label(cli, XATTR_NAME_LABELIPOUT, "nt_other"));
	ASSERT_EQ(0, send_to(cli, self->family, self->loopback, 41002));
	EXPECT_FALSE(received(srv));
	close(cli);
	close(srv);
	ASSERT_EQ(0, load("nt_cli nt_srv -\n"));
}

/*
 * A port two sockets share (SO_REUSEADDR) does not say which of them sent a datagram: each
 * socket bound to the source port must be allowed to write to the receiver, whichever of
 * them was bound first.
 */
TEST_F(net, udp_shared_port_needs_every_socket_on_it)
{
	int srv, cli, other, order;

	ASSERT_EQ(0, load("nt_cli nt_srv w\n"));
	srv = bound_socket(self->family, SOCK_DGRAM, "nt_srv", self->loopback, 41004);
	ASSERT_LE(0, srv);
	for (order = 0; order < 2; order++) {
		if (order)
			other = bound_socket(self->family, SOCK_DGRAM, "nt_other", self->loopback,
					     41005);
		cli = bound_socket(self->family, SOCK_DGRAM, "nt_cli", self->loopback, 41005);
		ASSERT_LE(0, cli);
		if (!order)
			other = bound_socket(self->family, SOCK_DGRAM, "nt_other", self->loopback,
					     41005);
		ASSERT_LE(0, other);
		ASSERT_EQ(0, send_to(cli, self->family, self->loopback, 41004));
		EXPECT_FALSE(received(srv)) TH_LOG("bound %s first", order ? "nt_other" : "nt_cli");
		close(other);
		ASSERT_EQ(0, send_to(cli, self->family, self->loopback, 41004));
		EXPECT_TRUE(received(srv));
		close(cli);
	}
	close(srv);
	ASSERT_EQ(0, load("nt_cli nt_srv -\n"));
}

/*
 * connect() and sendmsg() to another host need w from the socket's out label to the host's:
 * the longest prefix that holds the address, or the ambient label without one (or with a
 * netlabel -CIPSO entry). No route is needed: the check comes first.
 */
TEST_F(net, sending_to_a_host_needs_write_to_its_label)
{
	int fd = labelled_socket(self->family, SOCK_DGRAM, "nt_cli");
	int tcp;

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, set_host(self->hosts, self->net_prefix, "nt_net"));
	ASSERT_EQ(0, set_host(self->hosts, self->host_prefix, "nt_host"));
	ASSERT_EQ(0, write_str(AMBIENT, "nt_amb") == 6 ? 0 : -1);

	EXPECT_EQ(-1, send_to(fd, self->family, self->there, 41006));
	EXPECT_EQ(EACCES, errno);
	tcp = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, tcp);
	EXPECT_EQ(-1, connect_within(tcp, self->family, self->there, 41006));
	EXPECT_EQ(EACCES, errno);
	close(tcp);
	ASSERT_EQ(0, load("nt_cli nt_host w\n"));
	/* Allowed: whatever happens next (no route here), it is not label's EACCES. */
	if (send_to(fd, self->family, self->there, 41006))
		EXPECT_NE(EACCES, errno);

	/* The shorter prefix labels the rest of the network. */
	EXPECT_EQ(-1, send_to(fd, self->family, self->other_host, 41006));
	EXPECT_EQ(EACCES, errno);
	ASSERT_EQ(0, load("nt_cli nt_net w\n"));
	if (send_to(fd, self->family, self->other_host, 41006))
		EXPECT_NE(EACCES, errno);

	/* A host without an entry is the ambient label's. */
	ASSERT_EQ(0, set_host(self->hosts, self->host_prefix, self->family == AF_INET ? "-CIPSO" :
								    "-DELETE"));
	ASSERT_EQ(0, set_host(self->hosts, self->net_prefix, self->family == AF_INET ? "-CIPSO" :
								   "-DELETE"));
	EXPECT_EQ(-1, send_to(fd, self->family, self->there, 41006));
	EXPECT_EQ(EACCES, errno);
	ASSERT_EQ(0, load("nt_cli nt_amb w\n"));
	if (send_to(fd, self->family, self->there, 41006))
		EXPECT_NE(EACCES, errno);
	close(fd);
	ASSERT_EQ(0, load("nt_cli nt_host -\nnt_cli nt_net -\nnt_cli nt_amb -\n"));
}

/*
 * A network namespace behind a veth pair is another host: its packets carry its host label,
 * whoever sent them there. The child returned holds the namespace until the test kills it;
 * the pair's ends are @here and @there, names of the test's own (a namespace goes away some
 * time after its last process).
 */
static pid_t other_host(struct __test_metadata *_metadata, const char *here,
			const char *there)
{
	int ready[2];
	pid_t pid;
	char c;

	ASSERT_EQ(0, no_dad());
	ASSERT_EQ(0, pipe2(ready, O_CLOEXEC));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		/* A test that stops at an assertion ends the other host too. */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL) || unshare(CLONE_NEWNET) || no_dad() ||
		    if_up("lo"))
			_exit(1);
		if (write(ready[1], "1", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(ready[1]);
	ASSERT_EQ(1, read(ready[0], &c, 1));
	close(ready[0]);
	delete_link(here);	/* What a test that stopped at an assertion left. */
	wait_for_link(here, false);
	EXPECT_EQ(0, make_veth(here, there, pid));
	EXPECT_EQ(0, if_address(here, HERE4, HERE6) ?: address_ready(HERE6));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, enter_net(pid) ?: if_address(there, THERE4, THERE6) ?:
			      address_ready(THERE6)));
	return pid;
}

/*
 * End the other host. The pair is deleted here, with its addresses and routes: left to the
 * namespace's end, it goes away some time after its last process, which under TCG may be
 * after the next test made its own pair, and this end's fd09::1 and its routes would then be
 * on two devices (the likely cause of net.ipv6's intermittent failures on a new machine: the
 * replies of a connection to fd09::1 routed by the older pair).
 */
static void end_other_host(pid_t pid, const char *here)
{
	delete_link(here);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	wait_for_link(here, false);
}

/*
 * Delivery from another host needs w from the host's label to the socket's in label: a TCP
 * connection request and a datagram from the namespace behind the veth pair.
 */
TEST_F(net, receiving_from_a_host_needs_write_from_its_label)
{
	pid_t there = self->family == AF_INET ? other_host(_metadata, "lbl4", "lbl4p") :
						other_host(_metadata, "lbl6", "lbl6p");
	int srv, udp;

	srv = bound_socket(self->family, SOCK_STREAM, "nt_srv", self->here, 41007);
	ASSERT_LE(0, srv);
	udp = bound_socket(self->family, SOCK_DGRAM, "nt_srv", self->here, 41008);
	ASSERT_LE(0, udp);
	ASSERT_EQ(0, set_host(self->hosts, self->host_prefix, "nt_host"));

	EXPECT_EQ(ETIMEDOUT, ERRNO_AS(NULL, ROOT, enter_net(there) ?:
			connect_within(socket(self->family, SOCK_STREAM, 0), self->family,
				       self->here, 41007)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, enter_net(there) ?:
			send_to(socket(self->family, SOCK_DGRAM, 0), self->family, self->here,
				41008)));
	EXPECT_FALSE(received(udp));

	ASSERT_EQ(0, load("nt_host nt_srv w\n"));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, enter_net(there) ?:
			connect_made(socket(self->family, SOCK_STREAM, 0), self->family,
				     self->here, 41007)));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, enter_net(there) ?:
			send_to(socket(self->family, SOCK_DGRAM, 0), self->family, self->here,
				41008)));
	EXPECT_TRUE(received(udp));
	close(udp);
	close(srv);
	end_other_host(there, self->family == AF_INET ? "lbl4" : "lbl6");
	ASSERT_EQ(0, load("nt_host nt_srv -\n"));
}

/*
 * An ICMP error from another host is that host's packet, whatever it quotes: it reaches the
 * socket's error queue only with w from the host's label, as a datagram from the host would.
 * Here the other host's kernel answers a datagram to a closed port of its own.
 */
TEST_F(net, icmp_error_from_a_host_needs_write_from_its_label)
{
	pid_t there = self->family == AF_INET ? other_host(_metadata, "lbl4", "lbl4p") :
						other_host(_metadata, "lbl6", "lbl6p");
	int udp;

	ASSERT_EQ(0, set_host(self->hosts, self->host_prefix, "nt_host"));
	ASSERT_EQ(0, load("nt_srv nt_host w\n"));
	udp = bound_socket(self->family, SOCK_DGRAM, "nt_srv", self->here, 41025);
	ASSERT_LE(0, udp);
	ASSERT_EQ(0, receive_errors(udp, self->family));
	ASSERT_EQ(0, send_to(udp, self->family, self->there, 41026));
	EXPECT_EQ(0, queued_error(udp));

	ASSERT_EQ(0, load("nt_host nt_srv w\n"));
	ASSERT_EQ(0, send_to(udp, self->family, self->there, 41026));
	EXPECT_EQ(1, queued_error(udp));
	close(udp);
	end_other_host(there, self->family == AF_INET ? "lbl4" : "lbl6");
	ASSERT_EQ(0, load("nt_srv nt_host -\nnt_host nt_srv -\n"));
}

/*
 * A socket bound to a device (SO_BINDTODEVICE, or a link-local address's scope) is still the
 * sender of what it sends through loopback: a connection to an address of this machine on
 * that device is decided with its label, never with the host label of the address, which
 * the ambient rules here would allow. The server's answers are allowed: only the request
 * decides.
 */
TEST_F(net, device_bound_socket_is_still_the_sender)
{
	const char *dev = self->family == AF_INET ? "lbl4" : "lbl6";
	pid_t there = self->family == AF_INET ? other_host(_metadata, "lbl4", "lbl4p") :
						other_host(_metadata, "lbl6", "lbl6p");
	int srv, cli, conn;

	ASSERT_EQ(0, load("_ nt_srv w\n_ nt_cli w\nnt_srv nt_cli w\n"));
	srv = bound_socket(self->family, SOCK_STREAM, "nt_srv", self->here, 41011);
	ASSERT_LE(0, srv);
	cli = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, setsockopt(cli, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1));
	EXPECT_EQ(-1, connect_within(cli, self->family, self->here, 41011));
	EXPECT_EQ(ETIMEDOUT, errno);
	close(cli);

	ASSERT_EQ(0, load("nt_cli nt_srv w\n"));
	cli = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, setsockopt(cli, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1));
	ASSERT_EQ(0, connect_made(cli, self->family, self->here, 41011));
	conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);
	EXPECT_LE(0, conn);
	close(conn);
	close(cli);
	close(srv);
	end_other_host(there, dev);
	ASSERT_EQ(0, load("_ nt_srv -\n_ nt_cli -\nnt_cli nt_srv -\nnt_srv nt_cli -\n"));
}

/*
 * Add (@add) or remove the address @ip4 or @ip6/128 of device @dev; the IPv4 one as the
 * device's alias @dev:9.
 */
static int dev_address(const char *dev, int family, const char *ip, bool add)
{
	struct in6_ifreq_ ifr6 = { .prefixlen = 128, .ifindex = if_nametoindex(dev) };
	struct ifreq ifr = {};
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
	int fd = socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int rc;

	snprintf(ifr.ifr_name, IFNAMSIZ, "%s:9", dev);
	if (family == AF_INET6) {
		inet_pton(AF_INET6, ip, &ifr6.addr);
		rc = ioctl(fd, add ? SIOCSIFADDR : SIOCDIFADDR, &ifr6);
	} else if (add) {
		sin->sin_family = AF_INET;
		inet_pton(AF_INET, ip, &sin->sin_addr);
		rc = ioctl(fd, SIOCSIFADDR, &ifr);
	} else {
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
	return rc;
}

/* The loopback device's index, which the kernel gives it in every network namespace. */
#define LOOPBACK_IFINDEX 1

/* How a send names the device it leaves by. */
enum send_device {
	BOUND_DEVICE, UNICAST_DEVICE, MESSAGE_DEVICE, MESSAGE_DEVICE_IN_A_BATCH,
	MESSAGE_DEVICE_BESIDE_LOOPBACK, BOUND_AFTER_CONNECT, UNSPEC_AFTER_CONNECT,
	STREAM_NAMED_AFTER_CONNECT
};

/* The port of the stream listener STREAM_NAMED_AFTER_CONNECT connects to. */
#define DEVICE_STREAM_PORT 41014

/* Append a PKTINFO of @level naming device @ifindex to @msg's control data. */
static void add_pktinfo(struct msghdr *msg, int level, int ifindex)
{
	struct in6_pktinfo pi6 = { .ipi6_ifindex = ifindex };
	struct in_pktinfo pi4 = { .ipi_ifindex = ifindex };
	size_t len = level == SOL_IP ? sizeof(pi4) : sizeof(pi6);
	struct cmsghdr *cmsg = (struct cmsghdr *)((char *)msg->msg_control + msg->msg_controllen);

	cmsg->cmsg_level = level;
	cmsg->cmsg_type = level == SOL_IP ? IP_PKTINFO : IPV6_PKTINFO;
	cmsg->cmsg_len = CMSG_LEN(len);
	memcpy(CMSG_DATA(cmsg), level == SOL_IP ? (void *)&pi4 : (void *)&pi6, len);
	msg->msg_controllen += CMSG_SPACE(len);
}

/*
 * One datagram to @ip, port 41013, from a new socket of the caller's label, made to leave by
 * @dev (index @ifindex, looked up by the caller once: under load a child's lookup may fail,
 * and a device of index 0 is none) in way @how: 0, or -1 with errno.
 */
static int send_by_device(int family, const char *ip, const char *dev, int ifindex,
			  enum send_device how)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct in_pktinfo)) +
			 CMSG_SPACE(sizeof(struct in6_pktinfo))];
		struct cmsghdr align;
	} control = {};
	int level = family == AF_INET ? SOL_IP : SOL_IPV6;
	__be32 unicast = htonl(ifindex);
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	struct sockaddr_storage ss;
	struct msghdr msg = { .msg_name = &ss, .msg_iov = &iov, .msg_iovlen = 1,
			      .msg_control = control.buf };
	int type = how == STREAM_NAMED_AFTER_CONNECT ? SOCK_STREAM : SOCK_DGRAM;
	int fd = socket(family, type | SOCK_CLOEXEC, 0);
	struct mmsghdr batch[2] = {};
	int sent;

	msg.msg_namelen = make_addr(&ss, family, ip, type == SOCK_STREAM ? DEVICE_STREAM_PORT :
									   41013);
	if (fd < 0)
		return -1;
	switch (how) {
	case BOUND_DEVICE:
		if (setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1))
			return -1;
		break;
	case UNICAST_DEVICE:
		if (setsockopt(fd, level, family == AF_INET ? IP_UNICAST_IF : IPV6_UNICAST_IF,
			       &unicast, sizeof(unicast)))
			return -1;
		break;
	case MESSAGE_DEVICE:
	case MESSAGE_DEVICE_IN_A_BATCH:
		add_pktinfo(&msg, level, ifindex);
		break;
	case MESSAGE_DEVICE_BESIDE_LOOPBACK:
		/* The protocol takes the family's own; the other names the loopback. */
		add_pktinfo(&msg, level, ifindex);
		add_pktinfo(&msg, level == SOL_IP ? SOL_IPV6 : SOL_IP, LOOPBACK_IFINDEX);
		break;
	case BOUND_AFTER_CONNECT:
	case UNSPEC_AFTER_CONNECT:
	case STREAM_NAMED_AFTER_CONNECT:
		if (connect(fd, msg.msg_name, msg.msg_namelen) ||
		    setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1))
			return -1;
		/*
		 * No address; AF_UNSPEC, the peer's; or one a stream ignores, too short to
		 * name any (sendmsg() would drop an empty one).
		 */
		ss.ss_family = AF_UNSPEC;
		msg.msg_namelen = how == UNSPEC_AFTER_CONNECT ? msg.msg_namelen : 1;
		msg.msg_name = how == BOUND_AFTER_CONNECT ? NULL : &ss;
		break;
	}
	if (!msg.msg_controllen)
		msg.msg_control = NULL;
	if (how != MESSAGE_DEVICE_IN_A_BATCH)
		return sendmsg(fd, &msg, 0) == 1 ? 0 : -1;
	/*
	 * The same address first without the device: sendmmsg() reports no error once a message
	 * is sent, so one sent of two is the refusal.
	 */
	batch[0].msg_hdr = msg;
	batch[0].msg_hdr.msg_control = NULL;
	batch[0].msg_hdr.msg_controllen = 0;
	batch[1].msg_hdr = msg;
	sent = sendmmsg(fd, batch, 2, 0);
	if (sent == 1)
		errno = EACCES;
	return sent == 2 ? 0 : -1;
}

/* A datagram to @ip with a control message whose cmsg_len is 0: 0, or -1 with errno. */
static int send_empty_cmsg(int family, const char *ip)
{
	struct cmsghdr control[2] = {};
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	struct sockaddr_storage ss;
	struct msghdr msg = { .msg_name = &ss, .msg_namelen = make_addr(&ss, family, ip, 41013),
			      .msg_iov = &iov, .msg_iovlen = 1, .msg_control = control,
			      .msg_controllen = sizeof(control) };
	int fd = socket(family, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	return fd < 0 || sendmsg(fd, &msg, 0) != 1 ? -1 : 0;
}

/*
 * An address of this machine is left to delivery only while the send goes there: a socket
 * made to leave by another device sends to that address out of the device, the loopback
 * address too, and is checked against the address's host label (the ambient one here), as an
 * unprivileged task. Every way to name the device is tried: bound to it, its unicast device,
 * the message's (alone, after a message to the same address in a sendmmsg() batch, or beside
 * one of the other family naming the loopback), and after connect() a bound device with no
 * address, AF_UNSPEC or a stream's ignored address. Through the loopback device, or the
 * device that holds the address, it stays local. A malformed control message is the
 * protocol's to refuse.
 */
/* Forty-odd children, each a send: a loaded debug kernel takes more than the default 30 s. */
TEST_F_TIMEOUT(net, a_local_address_by_another_device_is_a_host, 180)
{
	const char *dev = self->family == AF_INET ? "lbl4" : "lbl6";
	const char *local = self->family == AF_INET ? "10.9.0.9" : "fd09::9";
	pid_t there = self->family == AF_INET ? other_host(_metadata, "lbl4", "lbl4p") :
						other_host(_metadata, "lbl6", "lbl6p");
	enum send_device how;
	int srv, srv_here, ifindex;

	ifindex = if_nametoindex(dev);
	ASSERT_NE(0, ifindex);
	ASSERT_EQ(LOOPBACK_IFINDEX, if_nametoindex("lo"));
	ASSERT_EQ(0, dev_address("lo", self->family, local, true));
	if (self->family == AF_INET6)
		ASSERT_EQ(0, address_ready(local));
	ASSERT_EQ(0, write_str(AMBIENT, "nt_amb") == 6 ? 0 : -1);
	srv = bound_socket(self->family, SOCK_STREAM, "nt_cli", local, DEVICE_STREAM_PORT);
	ASSERT_LE(0, srv);
	srv_here = bound_socket(self->family, SOCK_STREAM, "nt_cli", self->here,
				DEVICE_STREAM_PORT);
	ASSERT_LE(0, srv_here);
	for (how = BOUND_DEVICE; how <= STREAM_NAMED_AFTER_CONNECT; how++) {
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER,
					   send_by_device(self->family, local, dev, ifindex, how)));
		EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER,
				      send_by_device(self->family, local, "lo", LOOPBACK_IFINDEX,
						     how)));
		EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER,
				      send_by_device(self->family, self->here, dev, ifindex,
						     how)));
		if (self->family == AF_INET && how != STREAM_NAMED_AFTER_CONNECT)
			EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER,
						   send_by_device(AF_INET, "127.0.0.1", dev,
								  ifindex, how)));
	}
	EXPECT_EQ(EINVAL, ERRNO_AS("nt_cli", NOBODY_USER,
				   send_empty_cmsg(self->family, self->loopback)));
	close(srv_here);
	close(srv);
	EXPECT_EQ(0, dev_address("lo", self->family, local, false));
	end_other_host(there, dev);
}

/* The ports of what_leaves_is_decided_where_it_leaves(). */
#define CORKED_PORT 41031
#define STREAM_THERE_PORT 41032
#define DATAGRAM_THERE_PORT 41033
#define REUSED_PORT 41034

/*
 * Whether a TCP segment to @port carrying data reached raw socket @fd, or reaches it within
 * DROPPED_MS of the last packet it read. An IPv4 raw socket reads the IP header first, an
 * IPv6 one does not.
 */
static bool data_segment_within(int fd, int family, int port)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	unsigned char buf[2048];
	ssize_t n, ip;

	while (poll(&pfd, 1, DROPPED_MS) == 1) {
		n = recv(fd, buf, sizeof(buf), 0);
		ip = family == AF_INET ? (buf[0] & 0xf) * 4 : 0;
		if (n >= ip + 20 && (buf[ip + 2] << 8 | buf[ip + 3]) == port &&
		    n > ip + (buf[ip + 12] >> 4) * 4)
			return true;
	}
	return false;
}

/* A child of the test in the other host: its pid, and the pipe that tells it to go on. */
struct there {
	pid_t pid;
	int go;
};

/*
 * A child that runs @what in the other host @there and tells the parent, then waits for a
 * byte on there->go. With @watch, it then exits as data_segment_within(@what's socket,
 * @family, @port) says: 0 once data came, 1 if none did; 2 if it failed. Its socket takes
 * everything (in label "*"): only what leaves this machine is decided here. It dies with the
 * test. Returns once @what ran; pid -1 if it failed.
 */
static struct there child_there(pid_t there, int (*what)(int family, int port), int family,
				int port, bool watch)
{
	struct there t = { .pid = -1, .go = -1 };
	int ready[2], go[2], fd;
	char c;

	if (pipe2(ready, O_CLOEXEC) || pipe2(go, O_CLOEXEC))
		return t;
	t.pid = fork();
	if (!t.pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		fd = enter_net(there) ? -1 : what(family, port);
		if (fd < 0 || set_sock_label(fd, XATTR_NAME_LABELIPIN, "*") ||
		    write(ready[1], "1", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(2);
		_exit(watch ? !data_segment_within(fd, family, port) : 0);
	}
	close(ready[1]);
	close(go[0]);
	t.go = go[1];
	if (t.pid < 0 || read(ready[0], &c, 1) != 1)
		t.pid = -1;
	close(ready[0]);
	return t;
}

/* End child_there() @t: 1 if it saw data, 0 if not, -1 if it failed. */
static int end_there(struct there t)
{
	int status;

	if (t.pid < 0 || write(t.go, "1", 1) != 1 || waitpid(t.pid, &status, 0) != t.pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status) > 1)
		status = -1;
	else
		status = WEXITSTATUS(status) == 0;
	close(t.go);
	return status;
}

/* A raw socket that reads every TCP segment this host receives. */
static int raw_tcp(int family, int port)
{
	return socket(family, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_TCP);
}

/* A socket of @type bound to @port of every address. */
static int bound_any(int family, int type, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, family == AF_INET ? "0.0.0.0" : "::", port);
	int fd = socket(family, type | SOCK_CLOEXEC, 0);

	return bind(fd, (struct sockaddr *)&ss, len) ? -1 : fd;
}

/* A stream listener on @port of every address. */
static int listener_any(int family, int port)
{
	int fd = bound_any(family, SOCK_STREAM, port);

	return fd < 0 || listen(fd, 8) ? -1 : fd;
}

/* A datagram socket on @port of every address: what comes to it brings no ICMP error back. */
static int datagram_any(int family, int port)
{
	return bound_any(family, SOCK_DGRAM, port);
}

/*
 * A stream between @here and @local, both this machine's, made by the caller, one end of which
 * holds its byte back (TCP_CORK) until it is bound to @dev, by which @local is another host's:
 * the client, bound to @here, of a listener on @local:CORKED_PORT, or, @accepted, the server's
 * end of a connection from a client bound to @local:CORKED_PORT. 0, or -1 with errno.
 */
static int corked_then_bound(int family, const char *here, const char *local, const char *dev,
			     bool accepted)
{
	struct sockaddr_storage from, to;
	socklen_t from_len = make_addr(&from, family, accepted ? local : here,
				       accepted ? CORKED_PORT : 0);
	socklen_t to_len = make_addr(&to, family, accepted ? here : local,
				     accepted ? 0 : CORKED_PORT);
	int srv = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int cli = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int one = 1, zero = 0, fd;

	if (srv < 0 || cli < 0 || setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    setsockopt(cli, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(srv, (struct sockaddr *)&to, to_len) || listen(srv, 1) ||
	    getsockname(srv, (struct sockaddr *)&to, &to_len) ||
	    bind(cli, (struct sockaddr *)&from, from_len) ||
	    connect(cli, (struct sockaddr *)&to, to_len))
		return -1;
	fd = accepted ? accept4(srv, NULL, NULL, SOCK_CLOEXEC) : cli;
	if (fd < 0 || setsockopt(fd, IPPROTO_TCP, TCP_CORK, &one, sizeof(one)) ||
	    write(fd, "x", 1) != 1 ||
	    setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1) ||
	    setsockopt(fd, IPPROTO_TCP, TCP_CORK, &zero, sizeof(zero)))
		return -1;
	return 0;
}

/*
 * Connect the stream @fd again, to @local:CORKED_PORT, after connect(AF_UNSPEC) undid its
 * connection, and send a byte held back until it is bound to @dev: 0, or -1 with errno.
 */
static int reconnected_then_bound(int fd, int family, const char *local, const char *dev)
{
	struct sockaddr_storage to;
	socklen_t to_len = make_addr(&to, family, local, CORKED_PORT);
	struct sockaddr unspec = { .sa_family = AF_UNSPEC };
	int one = 1, zero = 0;

	if (connect(fd, &unspec, sizeof(unspec)) ||
	    connect(fd, (struct sockaddr *)&to, to_len) ||
	    setsockopt(fd, IPPROTO_TCP, TCP_CORK, &one, sizeof(one)) || write(fd, "x", 1) != 1 ||
	    setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, dev, strlen(dev) + 1) ||
	    setsockopt(fd, IPPROTO_TCP, TCP_CORK, &zero, sizeof(zero)))
		return -1;
	return 0;
}

/*
 * What a socket sends to another host is decided where it leaves, whatever the system call
 * decided: a connected stream's and datagram socket's packets after their rule was removed
 * are refused, and data that either end of a connection between two addresses of this
 * machine (the client, or the server's accepted end) held back, then sent after it was bound
 * to another device, is decided against the host label of the other end's address, as an
 * unprivileged task; so is a connection another host opened, once its server connected it
 * again. The other host's raw socket sees whether data came;
 * each refusal has a control that lets the same data through with a rule.
 */
TEST_F_TIMEOUT(net, what_leaves_is_decided_where_it_leaves, 120)
{
	const char *dev = self->family == AF_INET ? "lbl4" : "lbl6";
	const char *peer_dev = self->family == AF_INET ? "lbl4p" : "lbl6p";
	const char *local = self->family == AF_INET ? "10.9.0.9" : "fd09::9";
	pid_t there = other_host(_metadata, dev, peer_dev);
	struct there watch, listener;
	int cli, udp, accepted, srv, lst, conn;

	ASSERT_EQ(0, set_host(self->hosts, self->host_prefix, "nt_host"));
	listener = child_there(there, listener_any, self->family, STREAM_THERE_PORT, false);
	ASSERT_LT(0, listener.pid);
	ASSERT_EQ(0, load("nt_cli nt_host w\nnt_host nt_cli w\n"));
	watch = child_there(there, raw_tcp, self->family, STREAM_THERE_PORT, true);
	cli = labelled_socket(self->family, SOCK_STREAM, "nt_cli");
	EXPECT_EQ(0, connect_made(cli, self->family, self->there, STREAM_THERE_PORT));
	EXPECT_EQ(1, write(cli, "x", 1));
	EXPECT_EQ(1, end_there(watch));
	ASSERT_EQ(0, load("nt_cli nt_host -\n"));
	watch = child_there(there, raw_tcp, self->family, STREAM_THERE_PORT, true);
	EXPECT_EQ(1, write(cli, "y", 1));
	EXPECT_EQ(0, end_there(watch));
	close(cli);
	end_there(listener);

	ASSERT_EQ(0, load("nt_cli nt_host w\n"));
	listener = child_there(there, datagram_any, self->family, DATAGRAM_THERE_PORT, false);
	ASSERT_LT(0, listener.pid);
	udp = labelled_socket(self->family, SOCK_DGRAM, "nt_cli");
	EXPECT_EQ(0, connect_made(udp, self->family, self->there, DATAGRAM_THERE_PORT));
	EXPECT_EQ(1, send(udp, "x", 1, 0));
	ASSERT_EQ(0, load("nt_cli nt_host -\n"));
	EXPECT_EQ(-1, send(udp, "x", 1, 0));
	EXPECT_EQ(EACCES, errno);
	close(udp);
	end_there(listener);

	/*
	 * A connection the other host opens, made before @local is this machine's, on its
	 * loopback device, and the other host's too: the other host then takes its own
	 * address for the source, not @local.
	 */
	srv = bound_socket(self->family, SOCK_STREAM, "nt_cli", self->here, REUSED_PORT);
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, enter_net(there) ?:
			      connect_made(socket(self->family, SOCK_STREAM, 0), self->family,
					   self->here, REUSED_PORT)));
	conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);
	EXPECT_LE(0, conn);
	ASSERT_EQ(0, dev_address("lo", self->family, local, true));
	EXPECT_EQ(0, ERRNO_AS(NULL, ROOT, enter_net(there) ?:
			      dev_address(peer_dev, self->family, local, true) ?:
			      (self->family == AF_INET6 ? address_ready(local) : 0)));
	if (self->family == AF_INET6)
		EXPECT_EQ(0, address_ready(local));

	lst = bound_socket(self->family, SOCK_STREAM, "nt_cli", local, CORKED_PORT);
	watch = child_there(there, raw_tcp, self->family, CORKED_PORT, true);
	EXPECT_EQ(0, reconnected_then_bound(conn, self->family, local, dev));
	EXPECT_EQ(0, end_there(watch));
	close(conn);
	close(lst);
	close(srv);

	EXPECT_EQ(0, write_str(AMBIENT, "nt_amb") == 6 ? 0 : -1);
	for (accepted = 0; accepted < 2; accepted++) {
		watch = child_there(there, raw_tcp, self->family, CORKED_PORT, true);
		EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER,
				      corked_then_bound(self->family, self->here, local, dev,
							accepted)));
		EXPECT_EQ(0, end_there(watch));
		ASSERT_EQ(0, load("nt_cli nt_amb w\n"));
		watch = child_there(there, raw_tcp, self->family, CORKED_PORT, true);
		EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER,
				      corked_then_bound(self->family, self->here, local, dev,
							accepted)));
		EXPECT_EQ(1, end_there(watch));
		ASSERT_EQ(0, load("nt_cli nt_amb -\n"));
	}
	ASSERT_EQ(0, load("nt_host nt_cli -\n"));
	EXPECT_EQ(0, dev_address("lo", self->family, local, false));
	end_other_host(there, dev);
}

/*
 * A local packet of a protocol that does not name its sender (UDP-Lite here) is refused,
 * whatever the rules: the host label of the source address, which the sender chooses, does
 * not stand for it.
 */
TEST_F(net, local_sender_that_cannot_be_named_is_refused)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, self->family, self->loopback, 41012);
	int srv = socket(self->family, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDPLITE);
	int cli = socket(self->family, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDPLITE);

	ASSERT_LE(0, srv);
	ASSERT_LE(0, cli);
	ASSERT_EQ(0, set_sock_label(srv, XATTR_NAME_LABELIPIN, "nt_srv"));
	ASSERT_EQ(0, set_sock_label(cli, XATTR_NAME_LABELIPOUT, "nt_cli"));
	ASSERT_EQ(0, bind(srv, (struct sockaddr *)&ss, len));
	ASSERT_EQ(0, load("_ nt_srv w\nnt_cli nt_srv w\n"));
	ASSERT_EQ(1, sendto(cli, "x", 1, 0, (struct sockaddr *)&ss, len));
	EXPECT_FALSE(received(srv));
	close(cli);
	close(srv);
	ASSERT_EQ(0, load("_ nt_srv -\nnt_cli nt_srv -\n"));
}

#define PING_RANGE "/proc/sys/net/ipv4/ping_group_range"

/* Ping sockets for every group, as systemd allows them; the range before in @saved. */
static int allow_ping(char *saved, size_t size)
{
	int fd = open(PING_RANGE, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, saved, size - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	saved[n] = '\0';
	return write_str(PING_RANGE, "0 2147483647") > 0 ? 0 : -1;
}

/* A ping socket of @family, bound to @ident. */
static int ping_socket(int family, int ident)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, family == AF_INET ? "127.0.0.1" : "::1", ident);
	int fd = socket(family, SOCK_DGRAM | SOCK_CLOEXEC,
			family == AF_INET ? IPPROTO_ICMP : IPPROTO_ICMPV6);

	if (fd < 0)
		return -1;
	if (bind(fd, (struct sockaddr *)&ss, len)) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

/* An echo request with a payload from @fd to the loopback address. */
static int send_echo(int fd, int family)
{
	unsigned char req[16] = { family == AF_INET ? 8 : 128, 0, 0, 0, 0, 0, 0, 1, 's', 'e' };
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, family == AF_INET ? "127.0.0.1" : "::1", 0);

	return sendto(fd, req, sizeof(req), 0, (struct sockaddr *)&ss, len) == sizeof(req) ? 0 : -1;
}

/*
 * Ping sockets may share an identifier, and the kernel's echo replies then go to the one bound
 * last, which would read the answers to another label's requests. No rule can allow that, as
 * the sharers are not known at bind(): a confined task, unprivileged or root without
 * CAP_MAC_ADMIN, chooses no identifier (the kernel picks an unused one), a root of the floor
 * does. Were the confined task's bind() allowed, the echo request it then sends would be
 * answered into the socket of nt_srv bound after it.
 */
TEST_F(net, ping_identifier_is_chosen_only_by_an_unconfined_task)
{
	enum who whos[] = { NOBODY_USER, ROOT_WITHOUT_MAC_ADMIN };
	char range[64];
	unsigned int i;

	ASSERT_EQ(0, allow_ping(range, sizeof(range)));
	for (i = 0; i < ARRAY_SIZE(whos); i++) {
		int bound[2], go[2], srv = -1;
		char c = 0;
		pid_t pid;

		ASSERT_EQ(0, pipe2(bound, O_CLOEXEC));
		ASSERT_EQ(0, pipe2(go, O_CLOEXEC));
		pid = fork_as("nt_cli", whos[i]);
		if (!pid) {
			int fd = ping_socket(self->family, 41020);

			if (fd < 0)
				_exit(errno == EACCES ? 0 : 2);
			if (write(bound[1], "b", 1) != 1 || read(go[0], &c, 1) != 1)
				_exit(3);
			_exit(send_echo(fd, self->family) ? 4 : 1);
		}
		close(bound[1]);
		close(go[0]);
		if (read(bound[0], &c, 1) == 1) {
			srv = ping_socket(self->family, 41020);
			ASSERT_LE(0, srv) TH_LOG("a root of the floor chooses its identifier");
			ASSERT_EQ(0, set_sock_label(srv, XATTR_NAME_LABELIPIN, "nt_srv"));
			ASSERT_EQ(1, write(go[1], "g", 1));
			EXPECT_FALSE(received(srv)) TH_LOG("nt_cli's echo answered to nt_srv");
			close(srv);
		}
		EXPECT_EQ(0, child_status(pid)) TH_LOG("bind() as %s", i ? "root" : "nobody");
		close(bound[0]);
		close(go[1]);
	}
	EXPECT_LT(0, write_str(PING_RANGE, range));
}

/*
 * The ICMP error about a datagram sent from a port goes to the error queue of a socket bound
 * there, with the datagram it quotes: sockets of two labels share the port (SO_REUSEADDR), and
 * nt_cli's datagram to a closed port comes back to nt_srv's socket, bound last. The error is
 * decided when it is queued, as a datagram from every other socket on the port: dropped
 * without w from nt_cli, whatever the sockets do after (nt_cli closing, nt_srv leaving the
 * port), which a check when the queue is read let through.
 */
TEST_F(net, udp_error_queue_takes_what_every_socket_on_the_port_may_write)
{
	int cli, srv, i;

	for (i = 0; i < 2; i++) {
		if (i)
			ASSERT_EQ(0, load("nt_cli nt_srv w\n"));
		cli = bound_socket(self->family, SOCK_DGRAM, "nt_cli", self->loopback, 41021);
		ASSERT_LE(0, cli);
		srv = bound_socket(self->family, SOCK_DGRAM, "nt_srv", self->loopback, 41021);
		ASSERT_LE(0, srv);
		ASSERT_EQ(0, receive_errors(srv, self->family));
		ASSERT_EQ(0, send_to(cli, self->family, self->loopback, 41022));
		close(cli);
		EXPECT_EQ(i, queued_error(srv)) TH_LOG("%s rule", i ? "with the" : "without a");
		close(srv);
	}
	ASSERT_EQ(0, load("nt_cli nt_srv -\n"));
}

/* The kernel's numbers, which the C library's headers may not have yet. */
#ifndef IPV6_FREEBIND
#define IPV6_FREEBIND 78
#endif
#ifndef IPPROTO_SMC
#define IPPROTO_SMC 256
#endif

/* How send_from_foreign_source() takes its source. */
enum foreign_source { BOUND_SOURCE, BOUND_THEN_CLEARED, MESSAGE_SOURCE };

/*
 * A datagram from the other host's address fd09::2, taken with IPV6_FREEBIND (no privilege
 * needed) by bind() (then clearing the option, which keeps the address) or by the message's
 * IPV6_PKTINFO, to a closed port of this machine: 0, or -1 with errno.
 */
static int send_from_foreign_source(enum foreign_source how)
{
	union {
		char buf[CMSG_SPACE(sizeof(struct in6_pktinfo))];
		struct cmsghdr align;
	} control = {};
	struct in6_pktinfo pi = {};
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	struct sockaddr_storage to, from;
	struct msghdr msg = { .msg_name = &to, .msg_iov = &iov, .msg_iovlen = 1 };
	socklen_t from_len = make_addr(&from, AF_INET6, THERE6, 41035);
	int fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	struct cmsghdr *cmsg;
	int one = 1, zero = 0;

	msg.msg_namelen = make_addr(&to, AF_INET6, "::1", 41036);
	if (fd < 0 || setsockopt(fd, SOL_IPV6, IPV6_FREEBIND, &one, sizeof(one)))
		return -1;
	if (how == MESSAGE_SOURCE) {
		inet_pton(AF_INET6, THERE6, &pi.ipi6_addr);
		msg.msg_control = control.buf;
		msg.msg_controllen = sizeof(control.buf);
		cmsg = CMSG_FIRSTHDR(&msg);
		cmsg->cmsg_level = SOL_IPV6;
		cmsg->cmsg_type = IPV6_PKTINFO;
		cmsg->cmsg_len = CMSG_LEN(sizeof(pi));
		memcpy(CMSG_DATA(cmsg), &pi, sizeof(pi));
	} else if (bind(fd, (struct sockaddr *)&from, from_len) ||
		   (how == BOUND_THEN_CLEARED &&
		    setsockopt(fd, SOL_IPV6, IPV6_FREEBIND, &zero, sizeof(zero)))) {
		return -1;
	}
	return sendmsg(fd, &msg, 0) == 1 ? 0 : -1;
}

/*
 * A packet to this machine from an address it does not have is answered there (the kernel's
 * ICMP error or echo reply, or a local service's reply, carrying what the packet carried): it
 * needs w to that address's host label, as a send to the host would, as an unprivileged task,
 * however the socket took the source; as root without CAP_MAC_ADMIN too. IPv6 only: IPv4
 * routing refuses such a source without IP_TRANSPARENT's privilege.
 */
TEST(a_foreign_source_is_decided_as_its_host)
{
	enum foreign_source how;

	ASSERT_EQ(0, if_up("lo"));
	ASSERT_EQ(0, set_host(IPV6HOST, "fd09::2/128", "nt_host"));
	for (how = BOUND_SOURCE; how <= MESSAGE_SOURCE; how++) {
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER, send_from_foreign_source(how)));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", ROOT_WITHOUT_MAC_ADMIN,
					   send_from_foreign_source(how)));
	}
	ASSERT_EQ(0, load("nt_cli nt_host w\n"));
	for (how = BOUND_SOURCE; how <= MESSAGE_SOURCE; how++)
		EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER, send_from_foreign_source(how)));
	ASSERT_EQ(0, load("nt_cli nt_host -\n"));
	forget_hosts();
}

/*
 * Protocols whose packets leave by the kernel's own sockets, which neither connect() nor the
 * check where packets leave decides, are made only by a task label does not confine: SMC,
 * RxRPC, RDS, MPTCP, and PPPoX (PPPoE frames, L2TP sessions), as an unprivileged task and as
 * root without CAP_MAC_ADMIN. Refused before the kernel looks for the protocol, so whether
 * this kernel has it does not matter.
 */
TEST(protocols_of_kernel_sockets_are_for_unconfined_tasks)
{
	static const int protocols[][3] = {
		{ AF_INET, SOCK_STREAM, IPPROTO_MPTCP }, { AF_INET6, SOCK_STREAM, IPPROTO_MPTCP },
		{ AF_INET, SOCK_STREAM, IPPROTO_SMC }, { AF_INET6, SOCK_STREAM, IPPROTO_SMC },
		{ AF_SMC, SOCK_STREAM, 0 }, { AF_RXRPC, SOCK_DGRAM, PF_INET },
		{ AF_RDS, SOCK_SEQPACKET, 0 }, { AF_PPPOX, SOCK_STREAM, 0 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(protocols); i++) {
		const int *p = protocols[i];

		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER, socket(p[0], p[1], p[2])));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", ROOT_WITHOUT_MAC_ADMIN,
					   socket(p[0], p[1], p[2])));
		EXPECT_NE(EACCES, ERRNO_AS(NULL, ROOT, socket(p[0], p[1], p[2])));
	}
	EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER, socket(AF_INET, SOCK_STREAM, IPPROTO_TCP)));
}

/*
 * A socket of a family label does not decide message by message is the unlabelled network's:
 * made only by a label that writes the ambient label and that the ambient label writes, each
 * way alone not enough. NETLINK_USERSOCK, whose messages go from task to task of any label,
 * NETLINK_CONNECTOR (every task's events), packet sockets, and families this kernel may not
 * have (vsock, TIPC, CAN, Bluetooth, qrtr): refused before the kernel looks for the family.
 * Netlink to the kernel needs no rule.
 */
TEST(other_families_are_the_unlabelled_network)
{
	static const int families[][3] = {
		{ AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK },
		{ AF_NETLINK, SOCK_DGRAM, NETLINK_CONNECTOR }, { AF_PACKET, SOCK_DGRAM, 0 },
		{ AF_VSOCK, SOCK_STREAM, 0 }, { AF_TIPC, SOCK_RDM, 0 }, { AF_CAN, SOCK_RAW, 1 },
		{ AF_BLUETOOTH, SOCK_RAW, 0 }, { AF_QIPCRTR, SOCK_DGRAM, 0 },
	};
	static const char *const one_way[] = { "nt_cli nt_amb w\n", "nt_amb nt_cli w\n" };
	int pair[2];
	size_t i, way;

	/* "_" is the ambient label until a test sets it: a task of "_" needs no rule. */
	for (i = 0; i < ARRAY_SIZE(families); i++) {
		const int *f = families[i];

		EXPECT_NE(EACCES, ERRNO_AS(NULL, ROOT, socket(f[0], f[1], f[2])));
	}
	ASSERT_EQ(0, write_str(AMBIENT, "nt_amb") == 6 ? 0 : -1);
	for (i = 0; i < ARRAY_SIZE(families); i++) {
		const int *f = families[i];

		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER, socket(f[0], f[1], f[2])));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", ROOT_WITHOUT_MAC_ADMIN,
					   socket(f[0], f[1], f[2])));
	}
	/* socketpair() makes its sockets as socket() does. */
	EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER,
				   socketpair(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK, pair)));
	EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER,
			      socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE)));
	for (way = 0; way < ARRAY_SIZE(one_way); way++) {
		ASSERT_EQ(0, load(one_way[way]));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", NOBODY_USER,
					   socket(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK)));
		ASSERT_EQ(0, load("nt_cli nt_amb -\nnt_amb nt_cli -\n"));
	}
	ASSERT_EQ(0, load("nt_cli nt_amb w\nnt_amb nt_cli w\n"));
	for (i = 0; i < ARRAY_SIZE(families); i++) {
		const int *f = families[i];

		EXPECT_NE(EACCES, ERRNO_AS("nt_cli", ROOT_WITHOUT_MAC_ADMIN,
					   socket(f[0], f[1], f[2])));
	}
	EXPECT_EQ(0, ERRNO_AS("nt_cli", NOBODY_USER,
			      socket(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK)));
	EXPECT_EQ(EOPNOTSUPP, ERRNO_AS("nt_cli", NOBODY_USER,
				       socketpair(AF_NETLINK, SOCK_RAW, NETLINK_USERSOCK, pair)));
	ASSERT_EQ(0, load("nt_cli nt_amb -\nnt_amb nt_cli -\n"));
	forget_hosts();
}

/*
 * An IPv6 routing header sends packets on to the addresses it lists, past the address label
 * checked: refused as a sticky option and in a message, for every socket.
 */
TEST(ipv6_routing_headers_are_refused)
{
	/* A segment routing header (type 4) of one segment, fd09::2. */
	struct {
		__u8 nexthdr, hdrlen, type, segments_left, first_segment, flags;
		__u16 tag;
		struct in6_addr segment;
	} srh = { .hdrlen = 2, .type = 4, .segments_left = 0 };
	char control[CMSG_SPACE(sizeof(srh))] = {};
	struct sockaddr_in6 to = { .sin6_family = AF_INET6, .sin6_port = htons(9),
				   .sin6_addr = IN6ADDR_LOOPBACK_INIT };
	struct iovec iov = { .iov_base = "x", .iov_len = 1 };
	struct msghdr msg = { .msg_name = &to, .msg_namelen = sizeof(to), .msg_iov = &iov,
			      .msg_iovlen = 1, .msg_control = control,
			      .msg_controllen = sizeof(control) };
	struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
	int fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	ASSERT_LE(0, fd);
	inet_pton(AF_INET6, THERE6, &srh.segment);
	EXPECT_EQ(-1, setsockopt(fd, SOL_IPV6, IPV6_RTHDR, &srh, sizeof(srh)));
	EXPECT_EQ(EACCES, errno);
	EXPECT_EQ(-1, setsockopt(fd, SOL_IPV6, IPV6_2292PKTOPTIONS, NULL, 0));
	EXPECT_EQ(EACCES, errno);
	cmsg->cmsg_level = SOL_IPV6;
	cmsg->cmsg_type = IPV6_RTHDR;
	cmsg->cmsg_len = CMSG_LEN(sizeof(srh));
	memcpy(CMSG_DATA(cmsg), &srh, sizeof(srh));
	EXPECT_EQ(-1, sendmsg(fd, &msg, 0));
	EXPECT_EQ(EACCES, errno);
	close(fd);
}

/*
 * The confined task's own ways around a host label, as an unprivileged task and as root
 * without CAP_MAC_ADMIN: its socket's labels are its own until CAP_MAC_ADMIN changes them, the
 * host files and ambient are policy, and a routing header would send the datagram past the
 * checked address. The destination's label refuses each datagram.
 */
static int confined_sender(void)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, AF_INET6, THERE6, 41013);
	struct {
		__u8 nexthdr, hdrlen, type, segments_left, first_segment, flags;
		__u16 tag;
		struct in6_addr segment;
	} srh = { .hdrlen = 2, .type = 4 };
	int fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int four = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0 || four < 0)
		return 10;
	if (sendto(fd, "x", 1, 0, (struct sockaddr *)&ss, len) != -1 || errno != EACCES)
		return 11;
	if (send_to(four, AF_INET, THERE4, 41013) != -1 || errno != EACCES)
		return 12;
	if (!set_sock_label(fd, XATTR_NAME_LABELIPOUT, "_") || errno != EPERM)
		return 13;
	if (write_str(NETLABEL, THERE4 " nt_cli") >= 0 ||
	    write_str(IPV6HOST, THERE6 " nt_cli") >= 0 || write_str(AMBIENT, "nt_cli") >= 0)
		return 14;
	inet_pton(AF_INET6, THERE6, &srh.segment);
	if (!setsockopt(fd, SOL_IPV6, IPV6_RTHDR, &srh, sizeof(srh)) || errno != EACCES)
		return 15;
	return 0;
}

/* confined_sender() in a child of @label and @who: its status, 0 if every way was refused. */
static int confined_as(const char *label, enum who who)
{
	pid_t pid = fork_as(label, who);

	if (!pid)
		_exit(confined_sender());
	return child_status(pid);
}

TEST(confined_task_cannot_get_around_a_host_label)
{
	ASSERT_EQ(0, write_str(NETLABEL, THERE4 "/32 nt_host") > 0 ? 0 : -1);
	ASSERT_EQ(0, write_str(IPV6HOST, THERE6 "/128 nt_host") > 0 ? 0 : -1);
	ASSERT_EQ(0, write_str(AMBIENT, "nt_amb") > 0 ? 0 : -1);
	ASSERT_EQ(0, if_up("lo"));
	EXPECT_EQ(0, confined_as("nt_cli", NOBODY_USER));
	EXPECT_EQ(0, confined_as("nt_cli", ROOT_WITHOUT_MAC_ADMIN));
	forget_hosts();
}

/*
 * A socket takes its creator's label as its in and out labels; CAP_MAC_ADMIN changes them,
 * as a file's label. labelpeer is read only, and the three are a socket's only.
 */
TEST(socket_labels_are_policy)
{
	char value[64] = "";
	int fd;

	EXPECT_EQ(0, ERRNO_AS("nt_creator", NOBODY_USER, ({
		int s = socket(AF_INET, SOCK_DGRAM, 0);
		char v[16] = "";

		fgetxattr(s, XATTR_NAME_LABELIPIN, v, sizeof(v) - 1) == 10 &&
		!strcmp(v, "nt_creator") &&
		fgetxattr(s, XATTR_NAME_LABELIPOUT, v, sizeof(v) - 1) == 10 ? 0 : -1;
	})));
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  set_sock_label(socket(AF_INET, SOCK_DGRAM, 0),
						 XATTR_NAME_LABELIPIN, "a")));
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  set_sock_label(socket(AF_INET, SOCK_DGRAM, 0),
						 XATTR_NAME_LABELIPOUT, "a")));

	fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, set_sock_label(fd, XATTR_NAME_LABELIPOUT, "nt_out"));
	EXPECT_EQ(6, fgetxattr(fd, XATTR_NAME_LABELIPOUT, value, sizeof(value) - 1));
	EXPECT_STREQ("nt_out", value);
	EXPECT_EQ(-1, set_sock_label(fd, XATTR_NAME_LABELPEER, "x"));
	EXPECT_EQ(EPERM, errno);
	EXPECT_EQ(-1, fgetxattr(fd, XATTR_NAME_LABELPEER, value, sizeof(value)));
	EXPECT_EQ(ENODATA, errno);
	EXPECT_EQ(-1, set_sock_label(fd, XATTR_NAME_LABELIPIN, L256));
	EXPECT_EQ(EINVAL, errno);
	close(fd);

	fd = open("/tmp/net-file", O_CREAT | O_RDWR | O_CLOEXEC, 0600);
	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, set_sock_label(fd, XATTR_NAME_LABELIPIN, "x"));
	EXPECT_EQ(EOPNOTSUPP, errno);
	close(fd);
}

/*
 * The host files take Smack's lines and list them in Smack's form, longest prefix first; a
 * malformed line or a writer without CAP_MAC_ADMIN changes nothing.
 */
TEST(host_files_take_smack_lines)
{
	static const char *const bad4[] = {
		"10.9.0.0/33 x", "10.9.0 x", "10.9.0.0.1/8 x", "10.9.0.256 x", "10.9.0.0/8",
		"10.9.0.0/8 ", "10.9.0.0/ x", "10.9.0.0/+8 x", "10.9.0.0/0008 x", "10.9.0.0/8 a b",
		"10.9.0.0/8 -DELETE", "10.9.0.0/8 -CIPS", "fd09::/64 x", "10.9.0.0/8 " L256,
		"10.9.0.0/8 x\n10.8.0.0/8 y", " 10.9.0.0/8 x", "10.9.0.0:8 x",
	};
	static const char *const bad6[] = {
		"fd09::/129 x", "fd09:::1 x", "fd09::/64", "fd09::/64 -CIPSO", "10.9.0.0/8 x",
		"fd09::g/64 x", "fd09::/64 " L256, "fd09::/64 x y", "::1/128 -DEL",
	};
	char before[4096], after[4096];
	size_t i;

	listing(NETLABEL, before, sizeof(before));
	for (i = 0; i < ARRAY_SIZE(bad4); i++) {
		EXPECT_EQ(-1, write_str(NETLABEL, bad4[i])) TH_LOG("%s", bad4[i]);
		EXPECT_EQ(EINVAL, errno) TH_LOG("%s", bad4[i]);
	}
	EXPECT_EQ(-1, write_text(NETLABEL, "10.9.0.0/8 x\0y", 14));
	listing(NETLABEL, after, sizeof(after));
	EXPECT_STREQ(before, after);

	listing(IPV6HOST, before, sizeof(before));
	for (i = 0; i < ARRAY_SIZE(bad6); i++) {
		EXPECT_EQ(-1, write_str(IPV6HOST, bad6[i])) TH_LOG("%s", bad6[i]);
		EXPECT_EQ(EINVAL, errno) TH_LOG("%s", bad6[i]);
	}
	EXPECT_EQ(-1, write_str(IPV6HOST, "fd09::2/128 -DELETE"));
	EXPECT_EQ(ENOENT, errno);
	listing(IPV6HOST, after, sizeof(after));
	EXPECT_STREQ(before, after);

	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  write_str(NETLABEL, "10.9.0.0/16 x") > 0 ? 0 : -1));
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  write_str(IPV6HOST, "fd09::/64 x") > 0 ? 0 : -1));
	EXPECT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN,
				  write_str(AMBIENT, "x") > 0 ? 0 : -1));

	/* Masked, listed longest prefix first, in Smack's form; a repeated prefix relabelled. */
	ASSERT_LT(0, write_str(NETLABEL, "10.9.1.7/16 nt_net"));
	ASSERT_LT(0, write_str(NETLABEL, "10.9.0.2 nt_host\n"));
	ASSERT_LT(0, write_str(NETLABEL, "10.9.0.0/16\tnt_net2"));
	listing(NETLABEL, after, sizeof(after));
	EXPECT_TRUE(has_line(after, "10.9.0.2/32 nt_host"));
	EXPECT_TRUE(has_line(after, "10.9.0.0/16 nt_net2"));
	EXPECT_LT(strstr(after, "10.9.0.2/32"), strstr(after, "10.9.0.0/16"));
	ASSERT_LT(0, write_str(NETLABEL, "10.9.0.2/32 -CIPSO"));
	listing(NETLABEL, after, sizeof(after));
	EXPECT_TRUE(has_line(after, "10.9.0.2/32 -CIPSO"));

	ASSERT_LT(0, write_str(IPV6HOST, "fd09:0:0:0:0:0:0:2 nt_host"));
	ASSERT_LT(0, write_str(IPV6HOST, "fd09::ffff/64 nt_net"));
	listing(IPV6HOST, after, sizeof(after));
	EXPECT_TRUE(has_line(after, "fd09::2/128 nt_host"));
	EXPECT_TRUE(has_line(after, "fd09::/64 nt_net"));
	ASSERT_LT(0, write_str(IPV6HOST, "fd09::2/128 -DELETE"));
	listing(IPV6HOST, after, sizeof(after));
	EXPECT_FALSE(has_line(after, "fd09::2/128 nt_host"));

	ASSERT_LT(0, write_str(AMBIENT, "nt_amb\n"));
	listing(AMBIENT, after, sizeof(after));
	EXPECT_STREQ("nt_amb\n", after);
	forget_hosts();
	listing(AMBIENT, after, sizeof(after));
	EXPECT_STREQ("_\n", after);
}

/*
 * SO_PEERSEC stays SELinux's: label does not answer it, with host entries loaded (loopback's
 * included) or not.
 */
TEST(peer_security_context_stays_selinux)
{
	char without[256] = "", with[256] = "";
	socklen_t len;
	int rc_without, rc_with, pass;

	ASSERT_EQ(0, if_up("lo"));
	for (pass = 0; pass < 2; pass++) {
		int srv = bound_socket(AF_INET, SOCK_STREAM, "_", "127.0.0.1", 41009 + pass);
		int cli = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		int conn, *rc = pass ? &rc_with : &rc_without;
		char *buf = pass ? with : without;

		ASSERT_LE(0, srv);
		if (pass) {
			ASSERT_LT(0, write_str(NETLABEL, "127.0.0.0/8 nt_lo"));
			ASSERT_LT(0, write_str(IPV6HOST, "::1/128 nt_lo"));
		}
		ASSERT_EQ(0, connect_made(cli, AF_INET, "127.0.0.1", 41009 + pass));
		conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);
		ASSERT_LE(0, conn);
		len = 255;
		*rc = getsockopt(conn, SOL_SOCKET, SO_PEERSEC, buf, &len) ? -errno : (int)len;
		close(conn);
		close(cli);
		close(srv);
	}
	forget_hosts();
	EXPECT_EQ(rc_without, rc_with);
	EXPECT_STREQ(without, with);
}

/* The port the test's VXLAN tunnel listens on (IANA's; flannel's is 8472). */
#define VXLAN_PORT 4789

/*
 * A VXLAN device @name listening on VXLAN_PORT once up: for every VNI (collect metadata, as
 * flannel's and Cilium's) with an IPv4 and an IPv6 socket (@family AF_UNSPEC), or for one VNI
 * to a remote host of @family, with a socket of that family only: 0, or -1.
 */
static int make_vxlan(const char *name, int family)
{
	struct link_request req = NEW_LINK_REQUEST;
	struct rtattr *info, *data;
	__u16 port = htons(VXLAN_PORT);
	__u8 on = 1, off = 0;
	struct in6_addr remote6;
	struct in_addr remote;
	__u32 vni = 1;

	add_attr(&req, IFLA_IFNAME, name, strlen(name) + 1);
	info = add_attr(&req, IFLA_LINKINFO, NULL, 0);
	add_attr(&req, IFLA_INFO_KIND, "vxlan", 6);
	data = add_attr(&req, IFLA_INFO_DATA, NULL, 0);
	if (family == AF_INET) {
		inet_pton(AF_INET, THERE4, &remote);
		add_attr(&req, IFLA_VXLAN_GROUP, &remote, sizeof(remote));
	} else if (family == AF_INET6) {
		inet_pton(AF_INET6, THERE6, &remote6);
		add_attr(&req, IFLA_VXLAN_GROUP6, &remote6, sizeof(remote6));
	}
	if (family == AF_UNSPEC)
		add_attr(&req, IFLA_VXLAN_COLLECT_METADATA, &on, 1);
	else
		add_attr(&req, IFLA_VXLAN_ID, &vni, sizeof(vni));
	add_attr(&req, IFLA_VXLAN_LEARNING, &off, 1);
	add_attr(&req, IFLA_VXLAN_PORT, &port, sizeof(port));
	end_nest(&req, data);
	end_nest(&req, info);
	return rtnl_request(&req);
}

/*
 * A VXLAN packet (RFC 7348) whose frame, to the device's address, carries one IPv4 datagram of
 * one byte: the headers' offsets, and its length.
 */
enum {
	VXLAN_ETH = 8,
	VXLAN_IP = VXLAN_ETH + ETH_HLEN,
	VXLAN_UDP = VXLAN_IP + 20,
	VXLAN_DATA = VXLAN_UDP + 8,
	VXLAN_PACKET = VXLAN_DATA + 1,
};

static __u16 ip_checksum(const void *header, size_t len)
{
	const __u16 *word = header;
	__u32 sum = 0;

	for (; len > 1; len -= 2)
		sum += *word++;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return ~sum;
}

/* The packet from @src to @dst:@port, for the device @name, in @p: 0, or -1. */
static int vxlan_packet(unsigned char *p, const char *name, const char *src, const char *dst,
			int port)
{
	struct ethhdr eth = { .h_source = { 2, 0, 0, 0, 0, 2 }, .h_proto = htons(ETH_P_IP) };
	struct iphdr ip = {
		.version = 4,
		.ihl = 5,
		.tot_len = htons(VXLAN_PACKET - VXLAN_IP),
		.ttl = 64,
		.protocol = IPPROTO_UDP,
	};
	__be16 udp[4] = { htons(port), htons(port), htons(VXLAN_PACKET - VXLAN_UDP) };
	struct ifreq ifr = {};
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	int rc;

	snprintf(ifr.ifr_name, IFNAMSIZ, "%s", name);
	rc = ioctl(fd, SIOCGIFHWADDR, &ifr);
	close(fd);
	memcpy(eth.h_dest, ifr.ifr_hwaddr.sa_data, ETH_ALEN);
	inet_pton(AF_INET, src, &ip.saddr);
	inet_pton(AF_INET, dst, &ip.daddr);
	ip.check = ip_checksum(&ip, sizeof(ip));
	memset(p, 0, VXLAN_PACKET);
	p[0] = 0x08;
	memcpy(p + VXLAN_ETH, &eth, ETH_HLEN);
	memcpy(p + VXLAN_IP, &ip, sizeof(ip));
	memcpy(p + VXLAN_UDP, udp, sizeof(udp));
	p[VXLAN_DATA] = 'x';
	return rc;
}

/* @packet from @fd to @ss twice in one sendmmsg() batch: 0 if both went, or -1 with errno. */
static int send_batch(int fd, unsigned char *packet, struct sockaddr_storage *ss, socklen_t len)
{
	struct iovec iov = { .iov_base = packet, .iov_len = VXLAN_PACKET };
	struct msghdr msg = {
		.msg_name = ss,
		.msg_namelen = len,
		.msg_iov = &iov,
		.msg_iovlen = 1,
	};
	struct mmsghdr msgs[2] = { { .msg_hdr = msg }, { .msg_hdr = msg } };

	return sendmmsg(fd, msgs, 2, 0) == 2 ? 0 : -1;
}

/*
 * A UDP tunnel takes its datagrams before the receive check a socket's other datagrams pass,
 * and its device receives the packets they carry as from the hosts whose addresses they name.
 * A datagram to a tunnel of this machine, from a task of it, forges packets of any host: only
 * an unconfined task sends one, from an unconfined task's socket, which no rule grants (not w
 * to the tunnel's label, here the floor's, as it is of the administrator who brought the
 * tunnel up). Here the packet's inner source is a host of nt_srv's, sent over loopback (IPv4
 * or IPv6) to a socket of nt_srv's behind the tunnel: by the floor through a socket of
 * nt_cli's (refused on delivery); by nt_cli, unprivileged or root, through the floor's socket,
 * with the address, connected (send() and write()), in a sendmmsg() batch and to the broadcast
 * address (refused at the send); by the floor through its own.
 */
TEST_F(net, udp_tunnel_takes_local_packets_only_from_an_unconfined_task)
{
	enum who whos[] = { NOBODY_USER, ROOT_WITHOUT_MAC_ADMIN };
	unsigned char packet[VXLAN_PACKET];
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, self->family, self->loopback, VXLAN_PORT);
	int srv, cli, admin, connected;
	size_t i;

	ASSERT_EQ(0, unshare(CLONE_NEWNET));
	ASSERT_EQ(0, if_up("lo"));
	ASSERT_EQ(0, no_dad());
	ASSERT_EQ(0, make_vxlan("lblvx", AF_UNSPEC));
	ASSERT_EQ(0, if_address("lblvx", HERE4, HERE6));
	ASSERT_EQ(0, vxlan_packet(packet, "lblvx", THERE4, HERE4, 41040));
	ASSERT_EQ(0, set_host(NETLABEL, THERE4 "/32", "nt_srv"));
	srv = bound_socket(AF_INET, SOCK_DGRAM, "nt_srv", HERE4, 41040);
	ASSERT_LE(0, srv);
	cli = labelled_socket(self->family, SOCK_DGRAM, "nt_cli");
	ASSERT_LE(0, cli);
	admin = socket(self->family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, admin);
	connected = socket(self->family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ASSERT_LE(0, connected);
	ASSERT_EQ(0, connect(connected, (struct sockaddr *)&ss, len));
	ASSERT_EQ(0, load("nt_cli _ w\n"));

	EXPECT_EQ(VXLAN_PACKET, sendto(cli, packet, VXLAN_PACKET, 0, (struct sockaddr *)&ss, len));
	EXPECT_FALSE(received(srv));
	for (i = 0; i < ARRAY_SIZE(whos); i++) {
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[i],
					   sendto(admin, packet, VXLAN_PACKET, 0,
						  (struct sockaddr *)&ss, len)));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[i],
					   send(connected, packet, VXLAN_PACKET, 0)));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[i],
					   write(connected, packet, VXLAN_PACKET)));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[i], send_batch(admin, packet, &ss, len)));
	}
	if (self->family == AF_INET) {
		/* A broadcast's copy loops back to the tunnel's socket on the wildcard. */
		len = make_addr(&ss, AF_INET, "10.9.0.255", VXLAN_PORT);
		ASSERT_EQ(0, setsockopt(admin, SOL_SOCKET, SO_BROADCAST, &(int){ 1 }, sizeof(int)));
		for (i = 0; i < ARRAY_SIZE(whos); i++)
			EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[i],
						   sendto(admin, packet, VXLAN_PACKET, 0,
							  (struct sockaddr *)&ss, len)));
		len = make_addr(&ss, self->family, self->loopback, VXLAN_PORT);
	}
	EXPECT_FALSE(received(srv));

	EXPECT_EQ(VXLAN_PACKET, sendto(admin, packet, VXLAN_PACKET, 0, (struct sockaddr *)&ss,
				       len));
	EXPECT_TRUE(received(srv));
	close(connected);
	close(admin);
	close(cli);
	close(srv);
	ASSERT_EQ(0, load("nt_cli _ -\n"));
}

/*
 * Only a datagram a tunnel takes is a tunnel's: not one to a socket that has an encapsulation
 * type and no tunnel behind it (any task sets L2TP's with UDP_ENCAP), nor one to a socket of
 * ESP in UDP (any task sets that type too, and IPsec passes on only what an SA's keys
 * authenticate), nor one to a socket beside a tunnel of the other family on the same port.
 * Here nt_cli, unprivileged and root, sends to nt_srv's sockets with "nt_cli nt_srv w": to
 * one whose own task set UDP_ENCAP_L2TPINUDP, to one of ESP in UDP (IKE's marker first, for
 * the socket; where the kernel has IPsec), and to one on VXLAN_PORT beside a VXLAN tunnel to a
 * host of the other family. An unspecified destination is any tunnel's, which the kernel
 * gives a local address after the check: an IPv6 socket of a v4-mapped source sends to [::]
 * over IPv4, to 127.0.0.1, so nt_cli may not send there through the floor's.
 */
TEST_F(net, udp_tunnel_is_only_what_a_tunnel_takes)
{
	static const int types[] = { UDP_ENCAP_L2TPINUDP, UDP_ENCAP_ESPINUDP, 0 };
	static const int ports[] = { 41041, 41042, VXLAN_PORT };
	static const enum who whos[] = { NOBODY_USER, ROOT_WITHOUT_MAC_ADMIN };
	int other = self->family == AF_INET ? AF_INET6 : AF_INET, srv, cli, floor;
	struct sockaddr_storage ss;
	socklen_t len;
	size_t i, w;

	ASSERT_EQ(0, unshare(CLONE_NEWNET));
	ASSERT_EQ(0, if_up("lo"));
	ASSERT_EQ(0, no_dad());
	ASSERT_EQ(0, make_vxlan("lblvx", other));
	ASSERT_EQ(0, if_up("lblvx"));
	ASSERT_EQ(0, load("nt_cli nt_srv w\nnt_cli _ w\n"));
	cli = labelled_socket(self->family, SOCK_DGRAM, "nt_cli");
	ASSERT_LE(0, cli);
	for (i = 0; i < ARRAY_SIZE(ports); i++) {
		srv = bound_socket(self->family, SOCK_DGRAM, "nt_srv", self->loopback, ports[i]);
		ASSERT_LE(0, srv);
		if (types[i] && setsockopt(srv, IPPROTO_UDP, UDP_ENCAP, &types[i], sizeof(int))) {
			ASSERT_EQ(ENOPROTOOPT, errno);
			close(srv);
			continue;
		}
		len = make_addr(&ss, self->family, self->loopback, ports[i]);
		for (w = 0; w < ARRAY_SIZE(whos); w++) {
			EXPECT_EQ(0, ERRNO_AS("nt_cli", whos[w],
					      sendto(cli, "\0\0\0\0x", 5, 0, (struct sockaddr *)&ss,
						     len)))
				TH_LOG("port %d, who %zu", ports[i], w);
			EXPECT_TRUE(received(srv)) TH_LOG("port %d, who %zu", ports[i], w);
		}
		close(srv);
	}
	if (self->family == AF_INET6) {
		floor = bound_socket(AF_INET6, SOCK_DGRAM, "_", "::ffff:127.0.0.1", 0);
		ASSERT_LE(0, floor);
		len = make_addr(&ss, AF_INET6, "::", VXLAN_PORT);
		for (w = 0; w < ARRAY_SIZE(whos); w++)
			EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[w],
						   sendto(floor, "x", 1, 0, (struct sockaddr *)&ss,
							  len)))
				TH_LOG("who %zu", w);
		close(floor);
	}
	close(cli);
	ASSERT_EQ(0, load("nt_cli nt_srv -\nnt_cli _ -\n"));
}

/*
 * A TCP socket labelled @label (NULL: the task's own) with SO_REUSEPORT, bound to @ip:@port,
 * or -1.
 */
static int reuseport_socket(int family, const char *label, const char *ip, int port)
{
	struct sockaddr_storage ss;
	socklen_t len = make_addr(&ss, family, ip, port);
	int fd = label ? labelled_socket(family, SOCK_STREAM, label) :
			 socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int one = 1;

	if (fd < 0)
		return -1;
	if (setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, sizeof(one)) ||
	    bind(fd, (struct sockaddr *)&ss, len)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* listen() on @fd: 0, or the errno it failed with. */
static int listen_errno(int fd)
{
	return listen(fd, 8) ? errno : 0;
}

/*
 * TCP listeners with SO_REUSEPORT share their port: the kernel puts those of one address and
 * one user (root's, here) in a group that shares its connections, and a listener of a more
 * specific address takes them from a group on the wildcard. A listener shares a port only
 * with listeners of its own label, whatever the rules between the two (here w both ways) and
 * whichever came first: an unconfined task's listener meets a confined one's only where the
 * confined one holds the port already, and is refused as well.
 */
TEST_F(net, listening_port_shared_only_within_a_label)
{
	const char *any = self->family == AF_INET6 ? "::" : "0.0.0.0";
	int victim, same, other, specific, admin;

	ASSERT_EQ(0, load("nt_cli nt_srv w\nnt_srv nt_cli w\n"));
	victim = reuseport_socket(self->family, "nt_srv", any, 41050);
	ASSERT_LE(0, victim);
	ASSERT_EQ(0, listen_errno(victim));
	same = reuseport_socket(self->family, "nt_srv", any, 41050);
	ASSERT_LE(0, same);
	EXPECT_EQ(0, listen_errno(same));
	other = reuseport_socket(self->family, "nt_cli", any, 41050);
	ASSERT_LE(0, other);
	EXPECT_EQ(EACCES, listen_errno(other));
	specific = reuseport_socket(self->family, "nt_cli", self->loopback, 41050);
	ASSERT_LE(0, specific);
	EXPECT_EQ(EACCES, listen_errno(specific));
	close(victim);
	close(same);
	close(other);

	ASSERT_EQ(0, listen_errno(specific));
	admin = reuseport_socket(self->family, "_", any, 41050);
	ASSERT_LE(0, admin);
	EXPECT_EQ(EACCES, listen_errno(admin));
	close(admin);
	close(specific);
	ASSERT_EQ(0, load("nt_cli nt_srv -\nnt_srv nt_cli -\n"));
}

/*
 * A listener's port taken by a task of another label, unprivileged or root without
 * CAP_MAC_ADMIN, each of the victim's user (the kernel's condition for SO_REUSEPORT; the
 * victim's socket is given to nobody with fchown() for the unprivileged one), with its own
 * socket: listen() is refused.
 */
TEST_F(net, listening_port_taken_by_no_confined_task)
{
	const char *any = self->family == AF_INET6 ? "::" : "0.0.0.0";
	enum who whos[] = { NOBODY_USER, ROOT_WITHOUT_MAC_ADMIN };
	int victim, fd;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(whos); i++) {
		victim = reuseport_socket(self->family, "nt_srv", any, 41053 + i);
		ASSERT_LE(0, victim);
		ASSERT_EQ(0, listen_errno(victim));
		if (whos[i] == NOBODY_USER)
			ASSERT_EQ(0, fchown(victim, NOBODY, NOBODY));
		EXPECT_EQ(EACCES, ERRNO_AS("nt_cli", whos[i],
					   (fd = reuseport_socket(self->family, NULL, any,
								  41053 + i)) < 0 ? -1 :
					   listen(fd, 8)));
		close(victim);
	}
}

/*
 * The neighbours of the listen() check. A listener that cleared SO_REUSEPORT still lets
 * others of its user bind beside it (the bind bucket keeps the flag), and the check asks no
 * flag. A listener that shares a port with an earlier one of another label without its
 * listen() being refused (a race with a bind of the same socket in another thread; here, a
 * label changed by CAP_MAC_ADMIN after listen()) is refused at its first connection request,
 * and takes no connection: a client may write both labels, and its connection to the later
 * listener's more specific address times out.
 */
TEST_F(net, listening_port_decided_again_at_the_first_request)
{
	const char *any = self->family == AF_INET6 ? "::" : "0.0.0.0";
	int victim, other, specific, cli, off = 0;

	ASSERT_EQ(0, load("nt_cli nt_srv w\nnt_srv nt_cli w\n"));
	victim = reuseport_socket(self->family, "nt_srv", any, 41051);
	ASSERT_LE(0, victim);
	ASSERT_EQ(0, listen_errno(victim));
	ASSERT_EQ(0, setsockopt(victim, SOL_SOCKET, SO_REUSEPORT, &off, sizeof(off)));
	other = reuseport_socket(self->family, "nt_cli", any, 41051);
	ASSERT_LE(0, other);
	EXPECT_EQ(EACCES, listen_errno(other));
	close(other);
	close(victim);

	victim = reuseport_socket(self->family, "nt_srv", any, 41052);
	ASSERT_LE(0, victim);
	ASSERT_EQ(0, listen_errno(victim));
	specific = reuseport_socket(self->family, "nt_srv", self->loopback, 41052);
	ASSERT_LE(0, specific);
	ASSERT_EQ(0, listen_errno(specific));
	ASSERT_EQ(0, set_sock_label(specific, XATTR_NAME_LABELIPIN, "nt_cli"));
	cli = labelled_socket(self->family, SOCK_STREAM, "nt_srv");
	ASSERT_LE(0, cli);
	EXPECT_EQ(ETIMEDOUT, connect_within(cli, self->family, self->loopback, 41052) ? errno : 0);
	close(cli);
	close(specific);
	close(victim);
	ASSERT_EQ(0, load("nt_cli nt_srv -\nnt_srv nt_cli -\n"));
}

/* The names of a way's attempt @n: the device, and its peer. */
static void pair_names(char *name, char *peer, int n)
{
	snprintf(name, IFNAMSIZ, "nd%d", n);
	snprintf(peer, IFNAMSIZ, "ndp%d", n);
}

/* Ways a device reaches @owner's network namespace, by a task of the initial namespace. */
static int device_made_there(pid_t owner, int n)
{
	char name[IFNAMSIZ], peer[IFNAMSIZ];

	pair_names(name, peer, n);
	return veth_pair(name, owner, peer, getpid());
}

static int peer_sent_there(pid_t owner, int n)
{
	char name[IFNAMSIZ], peer[IFNAMSIZ];

	pair_names(name, peer, n);
	return veth_pair(name, 0, peer, owner);
}

/* The fixture's device "ndmv", moved, by the rtnetlink socket @fd. */
static int device_moved_by(int fd, pid_t owner)
{
	struct link_request req = {
		.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg)),
		.nh.nlmsg_type = RTM_NEWLINK,
		.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
	};

	add_attr(&req, IFLA_IFNAME, "ndmv", 5);
	add_attr(&req, IFLA_NET_NS_PID, &owner, sizeof(owner));
	return nl_exchange(fd, &req.nh);
}

static int device_moved_there(pid_t owner, int n)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	int rc = fd < 0 ? -1 : device_moved_by(fd, owner);

	close(fd);
	return rc;
}

/* And from a user and network namespace of the caller's own, where it has every capability. */
static int peer_sent_from_its_own(pid_t owner, int n)
{
	return unshare(CLONE_NEWUSER | CLONE_NEWNET) ?: peer_sent_there(owner, n);
}

static int peer_sent_from_its_own_to_the_initial_one(pid_t owner, int n)
{
	return unshare(CLONE_NEWUSER | CLONE_NEWNET) ?: peer_sent_there(1, n);
}

/* Not exported by 6.12: include/net/nl802154.h's, and mac80211_hwsim.h's. */
#define NL802154_CMD_SET_WPAN_PHY_NETNS 20
#define NL802154_ATTR_IFINDEX 3
#define NL802154_ATTR_PID 28
#define HWSIM_CMD_NEW_RADIO 4

/*
 * Move the phy of this namespace's device @ifname to @pid's network namespace through the
 * generic netlink family @family: its @command, with the device's index as @ifindex_attr and
 * @pid as @pid_attr.
 */
static int phy_moved(const char *family, int command, int ifindex_attr, int pid_attr,
		     const char *ifname, pid_t pid)
{
	struct genl_request req = GENL_REQUEST(genl_family(family), command);
	__u32 ifindex = if_nametoindex(ifname);

	add_attr(&req, ifindex_attr, &ifindex, sizeof(ifindex));
	add_attr(&req, pid_attr, &pid, sizeof(pid));
	return nl_request(NETLINK_GENERIC, &req.nh);
}

/* The wireless phy of hwsim's first radio in this namespace (wlan0), moved there. */
static int wiphy_moved_there(pid_t owner, int n)
{
	return phy_moved("nl80211", NL80211_CMD_SET_WIPHY_NETNS, NL80211_ATTR_IFINDEX,
			 NL80211_ATTR_PID, "wlan0", owner);
}

/* A hwsim radio in this network namespace, with its interface wlan0. */
static int new_radio(void)
{
	struct genl_request req = GENL_REQUEST(genl_family("MAC80211_HWSIM"), HWSIM_CMD_NEW_RADIO);

	return nl_request(NETLINK_GENERIC, &req.nh);
}

/* And from a user and network namespace of its own, with a radio it made there. */
static int wiphy_made_and_moved_from_its_own(pid_t owner, int n)
{
	return unshare(CLONE_NEWUSER | CLONE_NEWNET) ?: new_radio() ?: wiphy_moved_there(owner, n);
}

static int wiphy_made_and_moved_to_the_initial_one(pid_t owner, int n)
{
	return wiphy_made_and_moved_from_its_own(1, n);
}

/* The IEEE 802.15.4 phy of hwsim's first radio (wpan0), moved there. */
static int wpan_phy_moved_there(pid_t owner, int n)
{
	return phy_moved("nl802154", NL802154_CMD_SET_WPAN_PHY_NETNS, NL802154_ATTR_IFINDEX,
			 NL802154_ATTR_PID, "wpan0", owner);
}

/* The index of the GTP device make_gtp_device() makes. */
#define GTP_IFINDEX 7

/* A user and a network namespace, and a GTP device in them, as a mobile core's gateway has. */
static int make_gtp_device(const void *arg)
{
	struct link_request req = NEW_LINK_REQUEST;
	struct rtattr *info, *data;
	__u8 create = 1;

	if (make_namespaces(arg))
		return -1;
	req.ifi.ifi_index = GTP_IFINDEX;
	add_attr(&req, IFLA_IFNAME, "gtp0", 5);
	info = add_attr(&req, IFLA_LINKINFO, NULL, 0);
	add_attr(&req, IFLA_INFO_KIND, "gtp", 4);
	data = add_attr(&req, IFLA_INFO_DATA, NULL, 0);
	add_attr(&req, IFLA_GTP_CREATE_SOCKETS, &create, sizeof(create));
	end_nest(&req, data);
	end_nest(&req, info);
	return rtnl_request(&req);
}

/*
 * GTP's @command for tunnel 100 + @n of that device, from outside, through a descriptor of its
 * namespace: adding it, or reading it (looked up under RCU).
 */
static int gtp_command_there(pid_t owner, int command, int n)
{
	struct genl_request req = GENL_REQUEST(genl_family("gtp"), command);
	__u32 link = GTP_IFINDEX, version = GTP_V1, tei = 100 + n, netns;
	in_addr_t peer = inet_addr("192.0.2.1"), ms = inet_addr("198.51.100.1") + htonl(n);
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/ns/net", owner);
	netns = open(path, O_RDONLY | O_CLOEXEC);
	add_attr(&req, GTPA_LINK, &link, sizeof(link));
	add_attr(&req, GTPA_VERSION, &version, sizeof(version));
	add_attr(&req, GTPA_I_TEI, &tei, sizeof(tei));
	add_attr(&req, GTPA_NET_NS_FD, &netns, sizeof(netns));
	if (command == GTP_CMD_NEWPDP) {
		add_attr(&req, GTPA_O_TEI, &tei, sizeof(tei));
		add_attr(&req, GTPA_PEER_ADDRESS, &peer, sizeof(peer));
		add_attr(&req, GTPA_MS_ADDRESS, &ms, sizeof(ms));
	}
	return nl_request(NETLINK_GENERIC, &req.nh);
}

static int gtp_tunnel_added_there(pid_t owner, int n)
{
	return gtp_command_there(owner, GTP_CMD_NEWPDP, n);
}

static int gtp_tunnel_read_there(pid_t owner, int n)
{
	return gtp_command_there(owner, GTP_CMD_GETPDP, n);
}

FIXTURE(device_into_another_network) {};

FIXTURE_VARIANT(device_into_another_network)
{
	enum who who;
	int (*way)(pid_t owner, int n);
	int with_rw;	/* The errno with the rule rw to the owner's label. */
	const char *family;	/* The generic netlink family the way needs, if any. */
	int (*owner_setup)(const void *arg);	/* What the owner makes: make_namespaces(). */
	const char *returns;	/* The device that comes back when the owner's namespace goes. */
};

FIXTURE_VARIANT_ADD(device_into_another_network, made_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = device_made_there,
};

FIXTURE_VARIANT_ADD(device_into_another_network, moved_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = device_moved_there,
};

FIXTURE_VARIANT_ADD(device_into_another_network, peer_sent_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = peer_sent_there,
};

FIXTURE_VARIANT_ADD(device_into_another_network, peer_sent_from_its_own) {
	.who = NOBODY_USER, .way = peer_sent_from_its_own, .with_rw = EPERM,
};

FIXTURE_VARIANT_ADD(device_into_another_network, peer_sent_to_the_initial_one) {
	.who = NOBODY_USER, .way = peer_sent_from_its_own_to_the_initial_one, .with_rw = EPERM,
};

FIXTURE_VARIANT_ADD(device_into_another_network, wiphy_moved_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = wiphy_moved_there, .family = "MAC80211_HWSIM",
	.returns = "wlan0",
};

FIXTURE_VARIANT_ADD(device_into_another_network, wiphy_made_and_moved_from_its_own) {
	.who = NOBODY_USER, .way = wiphy_made_and_moved_from_its_own, .with_rw = EPERM,
	.family = "MAC80211_HWSIM",
};

FIXTURE_VARIANT_ADD(device_into_another_network, wiphy_made_and_moved_to_the_initial_one) {
	.who = NOBODY_USER, .way = wiphy_made_and_moved_to_the_initial_one, .with_rw = EPERM,
	.family = "MAC80211_HWSIM",
};

FIXTURE_VARIANT_ADD(device_into_another_network, wpan_phy_moved_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = wpan_phy_moved_there, .family = "MAC802154_HWSIM",
	.returns = "wpan0",
};

FIXTURE_VARIANT_ADD(device_into_another_network, gtp_tunnel_added_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = gtp_tunnel_added_there, .family = "gtp",
	.owner_setup = make_gtp_device,
};

FIXTURE_VARIANT_ADD(device_into_another_network, gtp_tunnel_read_there) {
	.who = ROOT_WITHOUT_MAC_ADMIN, .way = gtp_tunnel_read_there, .with_rw = ENOENT,
	.family = "gtp", .owner_setup = make_gtp_device,
};

FIXTURE_SETUP(device_into_another_network)
{
	ASSERT_EQ(0, veth_pair("ndmv", 0, "ndmvp", getpid()));
	ASSERT_EQ(0, load("nd_a nd_b r"));
}

/*
 * The fixture's device, if it stayed; the others go with the namespaces they were sent to,
 * some time after their last task, and a phy moved there comes back.
 */
FIXTURE_TEARDOWN(device_into_another_network)
{
	static const char *const names[] = { "nd0", "ndp0", "nd1", "ndp1", "ndmv", "ndmvp" };
	size_t i;

	load("nd_a nd_b -");
	delete_link("ndmv");
	for (i = 0; i < ARRAY_SIZE(names); i++)
		wait_for_link(names[i], false);
	if (variant->returns && genl_family(variant->family))
		wait_for_link(variant->returns, true);
}

/*
 * A device made in, moved to, or paired into another label's network namespace changes it:
 * each asks CAP_NET_ADMIN over the namespace's user namespace (6.12 asked none for a pair's
 * peer: the series' rtnetlink patch does), which label decides as any capability there, rw to
 * its creator. From a user namespace of its own a task has none over another, the initial one
 * included.
 */
TEST_F_TIMEOUT(device_into_another_network, needs_capabilities_over_it, 120)
{
	int release;
	pid_t owner;

	if (variant->family && !genl_family(variant->family))
		SKIP(return, "this kernel has no %s", variant->family);
	owner = spawn_held("nd_b", NOBODY_USER, variant->owner_setup ?: make_namespaces, NULL,
			   &release);
	ASSERT_LT(0, owner);
	EXPECT_EQ(EPERM, ERRNO_AS("nd_a", variant->who, variant->way(owner, 0)));
	ASSERT_EQ(0, load("nd_a nd_b rw"));
	EXPECT_EQ(variant->with_rw, ERRNO_AS("nd_a", variant->who, variant->way(owner, 1)));
	close(release);
	ASSERT_EQ(0, child_status(owner));
}

/*
 * In a child of fork_as(@opener, ROOT): the fixture's device moved by a root without
 * CAP_MAC_ADMIN of "nd_a", through an rtnetlink socket it opened with @opener's label.
 */
static int device_moved_by_a_socket_of_another(pid_t owner)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (fd < 0 || set_label("nd_a") || drop_mac_admin())
		return -1;
	return device_moved_by(fd, owner);
}

/*
 * rtnetlink asks a capability of the socket's opener as well as of the sender
 * (netlink_ns_capable()), and label's capable hook decides each for its own credentials: a
 * sender that may change another label's network (rw to its creator) changes nothing there
 * through a socket that a label without the rule opened, as a deputy writing bytes it was
 * given; once the opener's label has the rule too, it does.
 */
FIXTURE(device_moved_by_a_deputy) {};

FIXTURE_SETUP(device_moved_by_a_deputy)
{
	ASSERT_EQ(0, veth_pair("ndmv", 0, "ndmvp", getpid()));
	ASSERT_EQ(0, load("nd_a nd_b rw"));
}

/* The device leaves with the namespace it was moved to, or is deleted here. */
FIXTURE_TEARDOWN(device_moved_by_a_deputy)
{
	load("nd_a nd_b -");
	load("nd_c nd_b -");
	delete_link("ndmv");
	wait_for_link("ndmv", false);
	wait_for_link("ndmvp", false);
}

TEST_F(device_moved_by_a_deputy, through_a_socket_of_another_opener)
{
	int release;
	pid_t owner;

	owner = spawn_held("nd_b", NOBODY_USER, make_namespaces, NULL, &release);
	ASSERT_LT(0, owner);
	EXPECT_EQ(EPERM, ERRNO_AS("nd_c", ROOT, device_moved_by_a_socket_of_another(owner)));
	ASSERT_EQ(0, load("nd_c nd_b rw"));
	EXPECT_EQ(0, ERRNO_AS("nd_c", ROOT, device_moved_by_a_socket_of_another(owner)));
	close(release);
	ASSERT_EQ(0, child_status(owner));
}

/* A network namespace of the caller's user namespace, held by a child; see the test below. */
static int unshare_network(const void *arg)
{
	return unshare(CLONE_NEWNET);
}

static int into_a_network_of_its_own(bool radio)
{
	int release, rc;
	pid_t inner;

	if (unshare(CLONE_NEWUSER | CLONE_NEWNET))
		return -1;
	inner = spawn_held(NULL, ROOT, unshare_network, NULL, &release);
	if (inner < 0)
		return -1;
	rc = radio ? new_radio() ?: wiphy_moved_there(inner, 0) : peer_sent_there(inner, 0);
	close(release);
	child_status(inner);
	return rc;
}

/*
 * What the kernel refuses across user namespaces it allows in one's own: a task of any label
 * sends a veth peer, or moves a radio it made, into a network namespace it made in its own user
 * namespace (as rootless containers' network tools do).
 */
TEST(device_into_a_network_of_ones_own)
{
	EXPECT_EQ(0, ERRNO_AS("nd_a", NOBODY_USER, into_a_network_of_its_own(false)));
	if (genl_family("MAC80211_HWSIM"))
		EXPECT_EQ(0, ERRNO_AS("nd_a", NOBODY_USER, into_a_network_of_its_own(true)));
}

/* Not exported by 6.12: include/linux/nl802154.h's, of the old "802.15.4 MAC" family. */
#define IEEE802154_ADD_IFACE 33
#define IEEE802154_DEL_IFACE 34
#define IEEE802154_ATTR_DEV_NAME 1
#define IEEE802154_ATTR_PHY_NAME 31
#define IEEE802154_ATTR_DEV_TYPE 32
#define IEEE802154_DEV_WPAN 0

/* Add the interface "ndw0" to the 802.15.4 phy named @phy, through the old family. */
static int wpan_interface_added(const char *phy)
{
	struct genl_request req = GENL_REQUEST(genl_family("802.15.4 MAC"), IEEE802154_ADD_IFACE);
	__u8 type = IEEE802154_DEV_WPAN;

	add_attr(&req, IEEE802154_ATTR_PHY_NAME, phy, strlen(phy) + 1);
	add_attr(&req, IEEE802154_ATTR_DEV_NAME, "ndw0", 5);
	add_attr(&req, IEEE802154_ATTR_DEV_TYPE, &type, sizeof(type));
	return nl_request(NETLINK_GENERIC, &req.nh);
}

/* Delete it again (wpan interfaces have no rtnetlink operations). */
static int wpan_interface_deleted(void)
{
	struct genl_request req = GENL_REQUEST(genl_family("802.15.4 MAC"), IEEE802154_DEL_IFACE);

	add_attr(&req, IEEE802154_ATTR_DEV_NAME, "ndw0", 5);
	return nl_request(NETLINK_GENERIC, &req.nh);
}

/*
 * The old 802.15.4 family serves the initial network namespace only, and finds a phy by its
 * name whatever namespace the phy is in: it adds an interface only to a phy of the initial
 * namespace (6.12 added one in any phy's namespace, asking nothing over it). hwsim's first phy
 * is phy0, that of wpan0.
 */
TEST(wpan_interface_added_only_to_a_phy_of_the_callers_network)
{
	int release;
	pid_t owner;

	if (!genl_family("MAC802154_HWSIM"))
		SKIP(return, "this kernel has no IEEE 802.15.4 hwsim");
	ASSERT_EQ(0, load("nd_a nd_b rw"));
	owner = spawn_held("nd_b", NOBODY_USER, make_namespaces, NULL, &release);
	ASSERT_LT(0, owner);
	ASSERT_EQ(0, ERRNO_AS("nd_a", ROOT_WITHOUT_MAC_ADMIN, wpan_phy_moved_there(owner, 0)));
	ASSERT_EQ(0, load("nd_a nd_b r"));
	EXPECT_EQ(ENODEV, ERRNO_AS("nd_a", ROOT_WITHOUT_MAC_ADMIN, wpan_interface_added("phy0")));
	close(release);
	ASSERT_EQ(0, child_status(owner));
	load("nd_a nd_b -");
	wait_for_link("wpan0", true);
	EXPECT_EQ(0, ERRNO_AS("nd_a", ROOT_WITHOUT_MAC_ADMIN, wpan_interface_added("phy0")));
	EXPECT_EQ(0, wpan_interface_deleted());
}

TEST_HARNESS_MAIN
