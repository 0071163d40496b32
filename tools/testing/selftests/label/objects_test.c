// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checks the label module on the other objects: System V IPC control and messages, POSIX
 * message queues, keys, the kernel log, and the module's own policy files.
 */

#include <mqueue.h>
#include <sys/klog.h>
#include <sys/msg.h>
#include <sys/sem.h>

#include "common.h"

#define LABEL_SYSLOG LABEL_FS "syslog"

/* The System V IPC object kinds, each made and removed the same way. */
FIXTURE(ipc_control) {
	int id;
};

FIXTURE_VARIANT(ipc_control)
{
	key_t key;
	int (*get)(key_t key, int flags);
	int (*remove)(int id);
	int (*stat)(int id);
};

static int msg_get(key_t key, int flags)
{
	return msgget(key, flags);
}

static int msg_remove(int id)
{
	return msgctl(id, IPC_RMID, NULL);
}

static int msg_stat(int id)
{
	struct msqid_ds ds;

	return msgctl(id, IPC_STAT, &ds);
}

static int shm_get(key_t key, int flags)
{
	return shmget(key, 4096, flags);
}

static int shm_remove(int id)
{
	return shmctl(id, IPC_RMID, NULL);
}

static int shm_stat(int id)
{
	struct shmid_ds ds;

	return shmctl(id, IPC_STAT, &ds);
}

static int sem_get(key_t key, int flags)
{
	return semget(key, 1, flags);
}

static int sem_remove(int id)
{
	return semctl(id, 0, IPC_RMID);
}

static int sem_stat(int id)
{
	struct semid_ds ds;

	return semctl(id, 0, IPC_STAT, &ds);
}

FIXTURE_VARIANT_ADD(ipc_control, msg) {
	.key = 0x4c424d01, .get = msg_get, .remove = msg_remove, .stat = msg_stat,
};

FIXTURE_VARIANT_ADD(ipc_control, shm) {
	.key = 0x4c424d02, .get = shm_get, .remove = shm_remove, .stat = shm_stat,
};

FIXTURE_VARIANT_ADD(ipc_control, sem) {
	.key = 0x4c424d03, .get = sem_get, .remove = sem_remove, .stat = sem_stat,
};

FIXTURE_SETUP(ipc_control)
{
	const int create = IPC_CREAT | IPC_EXCL | 0666;

	if (variant->get(variant->key, 0) == -1 && errno == ENOSYS)
		SKIP(return, "no System V IPC in this kernel");

	ASSERT_EQ(0, ERRNO_AS("ipcctl_o", ROOT, variant->get(variant->key, create)));
	self->id = variant->get(variant->key, 0);
	ASSERT_LE(0, self->id);
	/* Rules outlive a variant. */
	ASSERT_EQ(0, load("ipcctl_s ipcctl_o -"));
}

FIXTURE_TEARDOWN(ipc_control)
{
	ERRNO_AS("ipcctl_o", ROOT, variant->remove(self->id));
}

/* Reading an object's state needs r; removing it w. */
TEST_F(ipc_control, stat_needs_r_and_remove_needs_w)
{
	ASSERT_LABEL_DENIES("ipcctl_s", ROOT, variant->stat(self->id));
	ASSERT_LABEL_DENIES("ipcctl_s", ROOT, variant->remove(self->id));
	ASSERT_EQ(0, load("ipcctl_s ipcctl_o r"));
	ASSERT_EQ(0, ERRNO_AS("ipcctl_s", ROOT, variant->stat(self->id)));
	ASSERT_LABEL_DENIES("ipcctl_s", ROOT, variant->remove(self->id));
	ASSERT_EQ(0, ERRNO_AS("ipcctl_o", ROOT, variant->stat(self->id)));
}

struct message {
	long type;
	char text[8];
};

static int send_message(int id)
{
	struct message m = { .type = 1, .text = "hello" };

	return msgsnd(id, &m, sizeof(m.text), IPC_NOWAIT);
}

static int receive_message(int id)
{
	struct message m;

	return msgrcv(id, &m, sizeof(m.text), 0, IPC_NOWAIT) < 0 ? -1 : 0;
}

/* A message keeps its sender's label: a receiver that may use the queue needs r on it too. */
TEST(message_carries_its_sender_label)
{
	const key_t key = 0x4c424d04;
	int id;

	if (msgget(key, 0) == -1 && errno == ENOSYS)
		SKIP(return, "no System V IPC in this kernel");
	ASSERT_EQ(0, load("msg_s _ w\nmsg_r _ rw"));
	id = msgget(key, IPC_CREAT | IPC_EXCL | 0666);
	ASSERT_LE(0, id);
	ASSERT_EQ(0, ERRNO_AS("msg_s", ROOT, send_message(id)));
	/* The message is skipped: to this receiver the queue looks empty. */
	ASSERT_EQ(ENOMSG, ERRNO_AS("msg_r", ROOT, receive_message(id)));
	ASSERT_EQ(0, load("msg_r msg_s r"));
	ASSERT_EQ(0, ERRNO_AS("msg_r", ROOT, receive_message(id)));
	ASSERT_EQ(0, msgctl(id, IPC_RMID, NULL));
}

static int mq_open_as(const char *name, int flags)
{
	struct mq_attr attr = { .mq_maxmsg = 1, .mq_msgsize = 8 };
	mqd_t mq = mq_open(name, flags, 0666, &attr);

	return mq == (mqd_t)-1 ? -1 : mq_close(mq);
}

/* A POSIX message queue is its creator's, and opened like a file. */
TEST(posix_queue_takes_its_creator_label)
{
	const char *name = "/label_test";

	mq_unlink(name);
	/* Creating a name in a directory asks wx, and a "_" object gives x only alone. */
	ASSERT_EQ(0, load("pmq_o _ wx"));
	ASSERT_EQ(0, ERRNO_AS("pmq_o", ROOT, mq_open_as(name, O_CREAT | O_EXCL | O_RDWR)));
	ASSERT_LABEL_DENIES("pmq_s", ROOT, mq_open_as(name, O_RDONLY));
	ASSERT_EQ(0, load("pmq_s pmq_o r"));
	ASSERT_EQ(0, ERRNO_AS("pmq_s", ROOT, mq_open_as(name, O_RDONLY)));
	ASSERT_LABEL_DENIES("pmq_s", ROOT, mq_open_as(name, O_WRONLY));
	ASSERT_EQ(0, ERRNO_AS("pmq_o", ROOT, mq_unlink(name)));
}

#define KEY_SPEC_USER_KEYRING -4
#define KEYCTL_GET_KEYRING_ID 0
#define KEYCTL_UPDATE 2
#define KEYCTL_READ 11

/* A user key of @label in root's user keyring: its serial, or -1. */
static long add_key_as(const char *label)
{
	int out[2];
	long serial = -1;
	pid_t pid;

	if (pipe2(out, O_CLOEXEC))
		return -1;
	pid = fork_as(label, ROOT);
	if (!pid) {
		serial = syscall(SYS_add_key, "user", "label_test", "secret", 6,
				 KEY_SPEC_USER_KEYRING);
		_exit(write(out[1], &serial, sizeof(serial)) == sizeof(serial) ? 0 : 1);
	}
	close(out[1]);
	if (read(out[0], &serial, sizeof(serial)) != sizeof(serial))
		serial = -1;
	close(out[0]);
	child_status(pid);
	return serial;
}

static int read_key(long serial)
{
	char buf[16];

	return syscall(SYS_keyctl, KEYCTL_READ, serial, buf, sizeof(buf)) < 0 ? -1 : 0;
}

static int update_key(long serial)
{
	return syscall(SYS_keyctl, KEYCTL_UPDATE, serial, "other", 5);
}

/* A key is its creator's: reading it needs r, changing it w. */
TEST(keys_need_r_and_w)
{
	long serial;

	/* The user keyring is made by whoever first asks: let it be a "_" task. */
	if (syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 1) < 0)
		SKIP(return, "no keys in this kernel");
	ASSERT_EQ(0, load("key_o _ w"));
	serial = add_key_as("key_o");
	ASSERT_LT(0, serial);
	ASSERT_LABEL_DENIES("key_s", ROOT, read_key(serial));
	ASSERT_EQ(0, load("key_s key_o r"));
	ASSERT_EQ(0, ERRNO_AS("key_s", ROOT, read_key(serial)));
	ASSERT_LABEL_DENIES("key_s", ROOT, update_key(serial));
	ASSERT_EQ(0, load("key_s key_o rw"));
	ASSERT_EQ(0, ERRNO_AS("key_s", ROOT, update_key(serial)));
	ASSERT_EQ(0, ERRNO_AS("key_o", ROOT, syscall(SYS_keyctl, 3 /* KEYCTL_REVOKE */, serial)));
}

static int read_log_size(void)
{
	return klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0) < 0 ? -1 : 0;
}

/* With a label named in "syslog", only its tasks read the kernel log. */
TEST(syslog_is_for_the_named_label)
{
	char text[LABEL_NAME_MAX + 2];

	ASSERT_EQ(0, read_text(LABEL_SYSLOG, text, sizeof(text)));
	ASSERT_EQ(0, ERRNO_AS("syslog_s", ROOT, read_log_size()));
	ASSERT_EQ(9, write_str(LABEL_SYSLOG, "syslog_o\n"));
	ASSERT_EQ(9, read_text(LABEL_SYSLOG, text, sizeof(text)));
	ASSERT_STREQ("syslog_o\n", text);
	ASSERT_LABEL_DENIES("syslog_s", ROOT, read_log_size());
	ASSERT_EQ(0, ERRNO_AS("syslog_o", ROOT, read_log_size()));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, write_str(LABEL_SYSLOG, "-")));
	ASSERT_EQ(1, write_str(LABEL_SYSLOG, "-"));
	ASSERT_EQ(0, read_text(LABEL_SYSLOG, text, sizeof(text)));
	ASSERT_EQ(0, ERRNO_AS("syslog_s", ROOT, read_log_size()));
}

/* Write one rule through @fd, opened by the parent: 0, or -1. */
static int write_rule(int fd)
{
	const char *rule = "passed_s passed_o r";

	return write(fd, rule, strlen(rule)) == (ssize_t)strlen(rule) ? 0 : -1;
}

/* A policy file opened by root and handed to a process without CAP_MAC_ADMIN grants nothing. */
TEST(policy_writes_check_the_writer)
{
	int load_fd = open(LABEL_FS "load", O_WRONLY | O_CLOEXEC);
	int syslog_fd = open(LABEL_SYSLOG, O_WRONLY | O_CLOEXEC);

	ASSERT_LE(0, load_fd);
	ASSERT_LE(0, syslog_fd);
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, NOBODY_USER, write_rule(load_fd)));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, write_rule(load_fd)));
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, ROOT_WITHOUT_MAC_ADMIN, write(syslog_fd, "x", 1)));
	ASSERT_EQ(0, query("passed_s passed_o r"));
	ASSERT_EQ(0, write_rule(load_fd));
	ASSERT_EQ(1, query("passed_s passed_o r"));
	close(load_fd);
	close(syslog_fd);
}

/* The same for the stacker's mode file, while it is not locked (then no write passes). */
TEST(stacker_mode_write_checks_the_writer)
{
	char lock[8];
	int fd;

	if (!stacker_present())
		SKIP(return, "label runs without the stacker");
	ASSERT_LT(0, read_text("/sys/kernel/security/stacker/lock", lock, sizeof(lock)));
	if (strcmp(lock, "0\n"))
		SKIP(return, "the stacker is locked");
	fd = open(STACKER_MODE, O_WRONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(EPERM, ERRNO_AS(NULL, NOBODY_USER, write(fd, "label permissive\n", 17)));
	ASSERT_EQ(16, write(fd, "label enforcing\n", 16));
	close(fd);
}

TEST_HARNESS_MAIN
