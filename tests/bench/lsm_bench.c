// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cost of common system calls, for comparing security configurations. Under qemu with
 * -icount shift=0 the guest clock advances one nanosecond per guest instruction, so the figures
 * printed ("bench <op> <ns per op>") are instructions per operation, repeatable run to run.
 */

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define FILE_PATH "/tmp/bench-file"
#define NEW_PATH "/tmp/bench-new"

static long long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int fd, ping[2], pong[2];

static void op_stat(void)
{
	struct stat st;

	if (stat(FILE_PATH, &st))
		exit(1);
}

static void op_fstat(void)
{
	struct stat st;

	if (fstat(fd, &st))
		exit(1);
}

static void op_open_close(void)
{
	int f = open(FILE_PATH, O_RDONLY);

	if (f < 0 || close(f))
		exit(1);
}

static void op_create_unlink(void)
{
	int f = open(NEW_PATH, O_CREAT | O_EXCL | O_WRONLY, 0600);

	if (f < 0 || close(f) || unlink(NEW_PATH))
		exit(1);
}

static void op_kill(void)
{
	if (kill(getpid(), 0))
		exit(1);
}

static void op_pipe_round_trip(void)
{
	char c = 'x';

	if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
		exit(1);
}

static void op_fork_exec(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || status)
		exit(1);
}

static const struct {
	const char *name;
	void (*fn)(void);
	int loops;
} ops[] = {
	{ "stat", op_stat, 2000 },
	{ "fstat", op_fstat, 2000 },
	{ "open+close", op_open_close, 2000 },
	{ "create+unlink", op_create_unlink, 500 },
	{ "kill(self,0)", op_kill, 2000 },
	{ "pipe_round_trip", op_pipe_round_trip, 500 },
	{ "fork+exec", op_fork_exec, 20 },
};

/* The other end of the pipe round trip: echo every byte back. */
static void echo_child(void)
{
	char c;

	while (read(ping[0], &c, 1) == 1)
		if (write(pong[1], &c, 1) != 1)
			break;
	_exit(0);
}

int main(void)
{
	unsigned int i;
	int l;

	fd = open(FILE_PATH, O_CREAT | O_RDWR, 0644);
	if (fd < 0 || pipe(ping) || pipe(pong))
		return 1;
	if (fork() == 0)
		echo_child();
	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		long long start;

		ops[i].fn();	/* warm caches and lazily allocated state */
		start = now();
		for (l = 0; l < ops[i].loops; l++)
			ops[i].fn();
		printf("bench %s %lld\n", ops[i].name, (now() - start) / ops[i].loops);
		fflush(stdout);
	}
	close(ping[1]);
	return 0;
}
