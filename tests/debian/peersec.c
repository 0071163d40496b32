// SPDX-License-Identifier: GPL-2.0-only
/*
 * peersec CONTEXT: print the security context the kernel reports for a UNIX socket peer, by
 * SO_PEERSEC on a stream connection and by SCM_SECURITY on a datagram, when the peer is a child
 * that took CONTEXT through /proc/thread-self/attr/current before creating its sockets.
 * Output: "SO_PEERSEC <context>" and "SCM_SECURITY <context>", one line each; exit status 1 on
 * any failure, with the reason on standard error.
 */
#include <err.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define CTX_MAX 4096
/* include/linux/socket.h: the kernel's, not in glibc's headers. */
#ifndef SCM_SECURITY
#define SCM_SECURITY 0x03
#endif

/* An abstract address, unique to this process. */
static socklen_t address(struct sockaddr_un *sun, const char *kind)
{
	memset(sun, 0, sizeof(*sun));
	sun->sun_family = AF_UNIX;
	snprintf(sun->sun_path + 1, sizeof(sun->sun_path) - 1, "peersec-%s-%d", kind, getpid());
	return offsetof(struct sockaddr_un, sun_path) + 1 + strlen(sun->sun_path + 1);
}

/* The child: take @context, then connect a stream and send a datagram. */
static int peer(const char *context, const struct sockaddr_un *stream, socklen_t slen,
		const struct sockaddr_un *dgram, socklen_t dlen)
{
	int fd, s, d;

	fd = open("/proc/thread-self/attr/current", O_WRONLY);
	if (fd < 0 || write(fd, context, strlen(context)) != (ssize_t)strlen(context)) {
		warn("child: cannot take the context %s", context);
		return 1;
	}
	close(fd);
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	d = socket(AF_UNIX, SOCK_DGRAM, 0);
	if (s < 0 || d < 0 || connect(s, (const struct sockaddr *)stream, slen) ||
	    sendto(d, "x", 1, 0, (const struct sockaddr *)dgram, dlen) != 1) {
		warn("child: connect or send");
		return 1;
	}
	/* Keep the stream open until the parent has read its peer. */
	if (read(s, &fd, 1) < 0)
		warn("child: read");
	return 0;
}

int main(int argc, char **argv)
{
	char ctx[CTX_MAX + 1], cbuf[CMSG_SPACE(CTX_MAX)], byte;
	struct sockaddr_un stream, dgram;
	socklen_t slen, dlen, len;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cmsg;
	int ls, ds, cs, one = 1, status;
	pid_t pid;

	if (argc != 2)
		errx(2, "usage: peersec CONTEXT");
	slen = address(&stream, "stream");
	dlen = address(&dgram, "dgram");
	ls = socket(AF_UNIX, SOCK_STREAM, 0);
	ds = socket(AF_UNIX, SOCK_DGRAM, 0);
	if (ls < 0 || ds < 0 || bind(ls, (struct sockaddr *)&stream, slen) || listen(ls, 1) ||
	    bind(ds, (struct sockaddr *)&dgram, dlen) ||
	    setsockopt(ds, SOL_SOCKET, SO_PASSSEC, &one, sizeof(one)))
		err(1, "sockets");

	pid = fork();
	if (pid < 0)
		err(1, "fork");
	if (!pid)
		_exit(peer(argv[1], &stream, slen, &dgram, dlen));

	cs = accept(ls, NULL, NULL);
	if (cs < 0)
		err(1, "accept");
	len = CTX_MAX;
	if (getsockopt(cs, SOL_SOCKET, SO_PEERSEC, ctx, &len))
		err(1, "SO_PEERSEC");
	ctx[len] = '\0';
	printf("SO_PEERSEC %s\n", ctx);

	if (recvmsg(ds, &msg, 0) != 1)
		err(1, "recvmsg");
	for (cmsg = CMSG_FIRSTHDR(&msg); cmsg; cmsg = CMSG_NXTHDR(&msg, cmsg)) {
		if (cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_SECURITY)
			continue;
		len = cmsg->cmsg_len - CMSG_LEN(0);
		memcpy(ctx, CMSG_DATA(cmsg), len);
		ctx[len] = '\0';
		printf("SCM_SECURITY %s\n", ctx);
	}
	if (write(cs, "x", 1) != 1 || waitpid(pid, &status, 0) != pid || status)
		errx(1, "the peer failed");
	return 0;
}
