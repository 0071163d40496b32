// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label's audit records: each denial is one AVC record (lsm=label, the hook, both labels, the
 * access, the task and the object: an inode, or a packet's addresses), with no line of the
 * stacker's beside it; "logging" chooses
 * denials, grants, both or none; a permissive denial says permissive=1. The program takes the
 * audit daemon's place on the audit netlink socket (the initramfs has none) and reads the
 * records as auditd would: the kernel's printing of records it cannot deliver is ratelimited.
 * The Debian boot's selinux_test finds them with auditd and ausearch.
 */

#include <arpa/inet.h>
#include <linux/audit.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <poll.h>

#include "common.h"

#define LOGGING LABEL_FS "logging"
#define FILE_PATH "/tmp/audit-file"
#define RECORD_WAIT_MS 3000
/* The start of the records of au_s's denied read and au_g's granted one of the file. */
#define DENIED \
	"lsm=label fn=inode_permission action=denied subject=\"au_s\" object=\"au_o\" requested=r"
#define NET_DENIED \
	"lsm=label fn=socket_sendmsg action=denied subject=\"au_s\" object=\"au_host\" requested=w"
#define NET_TAIL "daddr=10.9.9.9 dest=4242 tclass=udp_socket"
#define GRANTED \
	"lsm=label fn=inode_permission action=granted subject=\"au_g\" object=\"au_o\" requested=r"

/* Register the socket @fd as the audit daemon (pid @pid, 0 to unregister): 0, or -1. */
static int audit_set_pid(int fd, pid_t pid)
{
	struct {
		struct nlmsghdr nh;
		struct audit_status s;
	} req = {
		.nh = { .nlmsg_len = sizeof(req), .nlmsg_type = AUDIT_SET,
			.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK },
		.s = { .mask = AUDIT_STATUS_PID | AUDIT_STATUS_ENABLED, .pid = pid, .enabled = 1 },
	};
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	static char reply[16384];
	struct nlmsghdr *nh = (struct nlmsghdr *)reply;

	if (sendto(fd, &req, sizeof(req), 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0)
		return -1;
	/* The answer, an NLMSG_ERROR of error 0; records held back may come first. */
	do {
		if (recv(fd, reply, sizeof(reply), 0) < (ssize_t)NLMSG_HDRLEN)
			return -1;
	} while (nh->nlmsg_type != NLMSG_ERROR);
	return ((struct nlmsgerr *)NLMSG_DATA(nh))->error ? -1 : 0;
}

/* Whether an AVC record holding @text comes on @fd within RECORD_WAIT_MS. */
static bool recorded(int fd, const char *text)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	static char buf[16384];
	struct nlmsghdr *nh;
	ssize_t n;

	while (poll(&pfd, 1, RECORD_WAIT_MS) == 1) {
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		if (n < (ssize_t)NLMSG_HDRLEN)
			return false;
		nh = (struct nlmsghdr *)buf;
		if (nh->nlmsg_type != AUDIT_AVC)
			continue;
		/* One record a datagram; audit's nlmsg_len leaves out the header's length. */
		buf[n] = '\0';
		if (strstr((char *)NLMSG_DATA(nh), text))
			return true;
	}
	return false;
}

static int read_file(void)
{
	int fd = open(FILE_PATH, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

FIXTURE(audit) {
	int audit;
};

FIXTURE_SETUP(audit)
{
	char text[8];

	ASSERT_LT(0, read_text(LABEL_FS "freeze", text, sizeof(text)));
	if (strcmp(text, "0\n"))
		SKIP(return, "the policy is frozen");
	ASSERT_EQ(0, load("au_g au_o r\n_ au_o w\n"));
	unlink(FILE_PATH);
	make_file(_metadata, FILE_PATH, "au_o");
	self->audit = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	ASSERT_LE(0, self->audit);
	ASSERT_EQ(0, audit_set_pid(self->audit, getpid()));
}

FIXTURE_TEARDOWN(audit)
{
	write_str(LOGGING, "1");
	audit_set_pid(self->audit, 0);
	close(self->audit);
}

/* A denial: one record with every field, and no stacker line for it. */
TEST_F(audit, denial_is_one_record)
{
	int kmsg = kmsg_from_now();
	char text[256];
	pid_t pid;

	ASSERT_LE(0, kmsg);
	pid = fork_as("au_s", ROOT);
	if (!pid)
		_exit(read_file() ? errno : 0);
	ASSERT_EQ(EACCES, child_status(pid));
	snprintf(text, sizeof(text), DENIED " pid=%d comm=\"audit_test\" name=\"audit-file\"",
		 pid);
	EXPECT_TRUE(recorded(self->audit, text)) TH_LOG("no \"%s\"", text);
	snprintf(text, sizeof(text), "stacker: label denied inode_permission: pid=%d", pid);
	EXPECT_FALSE(logged(kmsg, text));
	close(kmsg);
}

/* A network denial names the destination's address and port, and the socket's class. */
TEST_F(audit, network_denial_names_the_address)
{
	struct sockaddr_in host = { .sin_family = AF_INET, .sin_port = htons(4242) };
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	char text[320];

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, fsetxattr(fd, XATTR_NAME_LABELIPOUT, "au_s", 4, 0));
	ASSERT_LT(0, write_str(LABEL_FS "netlabel", "10.9.9.9/32 au_host"));
	inet_pton(AF_INET, "10.9.9.9", &host.sin_addr);
	EXPECT_EQ(-1, sendto(fd, "x", 1, 0, (struct sockaddr *)&host, sizeof(host)));
	EXPECT_EQ(EACCES, errno);
	write_str(LABEL_FS "netlabel", "10.9.9.9/32 -CIPSO");
	close(fd);
	snprintf(text, sizeof(text), NET_DENIED " pid=%d comm=\"audit_test\" " NET_TAIL, getpid());
	EXPECT_TRUE(recorded(self->audit, text)) TH_LOG("no \"%s\"", text);
}

/* logging 0: no record; 2: grants only; 3: both. */
TEST_F(audit, logging_chooses)
{
	char text[256];
	pid_t pid;

	ASSERT_EQ(1, write_str(LOGGING, "0"));
	pid = fork_as("au_s", ROOT);
	if (!pid)
		_exit(read_file() ? errno : 0);
	ASSERT_EQ(EACCES, child_status(pid));
	snprintf(text, sizeof(text), DENIED " pid=%d", pid);
	EXPECT_FALSE(recorded(self->audit, text));

	ASSERT_EQ(2, write_str(LOGGING, "3\n"));
	ASSERT_LT(0, read_text(LOGGING, text, sizeof(text)));
	ASSERT_STREQ("3\n", text);
	pid = fork_as("au_g", ROOT);
	if (!pid)
		_exit(read_file() ? errno : 0);
	ASSERT_EQ(0, child_status(pid));
	snprintf(text, sizeof(text), GRANTED " pid=%d", pid);
	EXPECT_TRUE(recorded(self->audit, text)) TH_LOG("no \"%s\"", text);
}

/* Permissive (hosted, while the stacker is not locked): allowed, and recorded as such. */
TEST_F(audit, permissive_denial_says_so)
{
	char text[256];
	pid_t pid;

	if (!stacker_present())
		SKIP(return, "standalone: never permissive");
	ASSERT_LT(0, read_text(STACKER "lock", text, sizeof(text)));
	if (strcmp(text, "0\n"))
		SKIP(return, "the stacker is locked");
	ASSERT_LE(0, write_str(STACKER_MODE, "label permissive"));
	pid = fork_as("au_s", ROOT);
	if (!pid)
		_exit(read_file() ? errno : 0);
	EXPECT_EQ(0, child_status(pid));
	ASSERT_LE(0, write_str(STACKER_MODE, "label enforcing"));
	snprintf(text, sizeof(text), DENIED " permissive=1 pid=%d", pid);
	EXPECT_TRUE(recorded(self->audit, text)) TH_LOG("no \"%s\"", text);
}

/*
 * A descriptor of /proc/<pid>/status kept after its task was reaped: refused, as the file of a
 * task that is gone is to all but "^", and without a record (ps and journald meet such files
 * all the time).
 */
TEST_F(audit, file_of_a_reaped_task_refused_without_a_record)
{
	char path[64], buf[64];
	pid_t pid = fork();
	int fd;

	ASSERT_LE(0, pid);
	if (!pid) {
		pause();
		_exit(0);
	}
	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, kill(pid, SIGKILL));
	ASSERT_EQ(pid, waitpid(pid, NULL, 0));
	EXPECT_EQ(-1, read(fd, buf, sizeof(buf)));
	EXPECT_EQ(EACCES, errno);
	close(fd);
	EXPECT_FALSE(recorded(self->audit, "object=\"-task\""));
}

TEST_HARNESS_MAIN
