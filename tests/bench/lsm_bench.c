// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cost of common system calls, for comparing security configurations. Under qemu with
 * -icount shift=0 the guest clock advances one nanosecond per guest instruction, so the figures
 * printed ("bench <op> <ns per op>") are instructions per operation, repeatable run to run.
 */

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

/* Rule loading, as smackload does it: 17,000 rules over 500 labels, one rule per write. */
#define RULES 17000
#define RULE_LABELS 500
#define LABEL_LOAD "/sys/kernel/security/label/load"
#define SMACK_FS "/sys/fs/smackfs"
#define SMACK_LOAD SMACK_FS "/load2"
/* The longest rule line: two labels of up to four digits after a one-letter prefix. */
#define RULE_MAX 32

static int fd, ping[2], pong[2], load_fd = -1;

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

/* Map the file executable, as the dynamic linker maps a library, and unmap it. */
static void op_mmap_exec(void)
{
	void *map = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);

	if (map == MAP_FAILED || munmap(map, 4096))
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
	{ "mmap(PROT_EXEC)", op_mmap_exec, 2000 },
	{ "kill(self,0)", op_kill, 2000 },
	{ "pipe_round_trip", op_pipe_round_trip, 500 },
	{ "fork+exec", op_fork_exec, 20 },
};

/* Rule k: subject k mod 500, object a different label for each of the 34 rounds. */
static int rule_text(const char *prefix, int k, char *buf, size_t size)
{
	int s = k % RULE_LABELS, o = (s + 1 + k / RULE_LABELS) % RULE_LABELS;

	return snprintf(buf, size, "%s%d %s%d rx\n", prefix, s, prefix, o);
}

/*
 * Rules 0 to RULES - 1 as the lines of one text, their starts in @starts (RULES + 1 entries),
 * made before any clock starts: a figure is the writes' alone, not snprintf()'s.
 */
static char *rule_lines(const char *prefix, int *starts)
{
	char *text = malloc(RULES * RULE_MAX + 1);
	int k, len = 0;

	if (!text)
		exit(1);
	for (k = 0; k < RULES; k++) {
		starts[k] = len;
		len += rule_text(prefix, k, text + len, RULE_MAX + 1);
	}
	starts[RULES] = len;
	return text;
}

/* Write lines 0 to @count - 1 of @text one per write; instructions per write. */
static long long per_write(int f, const char *text, const int *starts, int count)
{
	long long start = now();
	int k, len;

	for (k = 0; k < count; k++) {
		len = starts[k + 1] - starts[k];
		if (write(f, text + starts[k], len) != len)
			exit(1);
	}
	return (now() - start) / count;
}

/*
 * One rule per write, as smackload does: each of RULES new rules, then, for the team profiling
 * it, where a one-rule write goes: the same rules written again (labels and pairs known), the
 * same bytes written to /dev/null (the system call alone) and, where the module takes it (label),
 * an empty line (the write path, the privilege checks and the load's frame, no rule).
 */
static void load_one_per_write(int load, bool label)
{
	static int starts[RULES + 1], empty[RULES + 1];
	char *text = rule_lines("l", starts);
	int null = open("/dev/null", O_WRONLY), k;

	for (k = 0; k <= RULES; k++)
		empty[k] = k;
	printf("bench load_rule %lld\n", per_write(load, text, starts, RULES));
	printf("bench load_again %lld\n", per_write(load, text, starts, 2000));
	printf("bench write_null %lld\n", per_write(null, text, starts, 2000));
	memset(text, '\n', RULES);
	if (label)
		printf("bench load_empty %lld\n", per_write(load, text, empty, 2000));
	close(null);
	free(text);
}

/* As many new rules (other labels) in one write, where the module takes batches (label). */
static long long load_batch(void)
{
	static int starts[RULES + 1];
	char *text = rule_lines("b", starts);
	long long start;
	int f = open(LABEL_LOAD, O_WRONLY);

	start = now();
	if (f < 0 || write(f, text, starts[RULES]) != starts[RULES])
		exit(1);
	start = now() - start;
	close(f);
	free(text);
	return start / RULES;
}

/* The load file of the module under test, or -1: label's, else Smack's (mounting smackfs). */
static int open_load(bool *label)
{
	int f = open(LABEL_LOAD, O_WRONLY);

	*label = f >= 0;
	if (f >= 0)
		return f;
	mount("smackfs", SMACK_FS, "smackfs", 0, NULL);
	return open(SMACK_LOAD, O_WRONLY);
}

/* The other end of the pipe round trip: echo every byte back. */
static void echo_child(void)
{
	char c;

	while (read(ping[0], &c, 1) == 1)
		if (write(pong[1], &c, 1) != 1)
			break;
	_exit(0);
}

/*
 * A module's own measurements, logged as "<module>: bench <op> <figure>" after @kmsg was opened
 * at the log's end: print them as ours.
 */
static void copy_module_results(int kmsg)
{
	char record[1024];
	const char *p;
	ssize_t n;

	if (kmsg < 0)
		return;
	while ((n = read(kmsg, record, sizeof(record) - 1)) > 0) {
		record[n] = '\0';
		p = strstr(record, ": bench ");
		if (p)
			printf("%s", p + 2);
	}
	close(kmsg);
	fflush(stdout);
}

/*
 * With "wb.bench_module=<path>" on the kernel command line, load that kernel module first: a
 * security module loaded into the stacker at run time, measured with its hooks on.
 */
static int load_module(void)
{
	char cmdline[4096], path[256];
	const char *p;
	ssize_t n;
	int cfd, mfd, kmsg, rc;

	cfd = open("/proc/cmdline", O_RDONLY);
	n = cfd < 0 ? -1 : read(cfd, cmdline, sizeof(cmdline) - 1);
	if (cfd >= 0)
		close(cfd);
	if (n <= 0)
		return 0;
	cmdline[n] = '\0';
	p = strstr(cmdline, "wb.bench_module=");
	if (!p || sscanf(p, "wb.bench_module=%255s", path) != 1)
		return 0;
	mfd = open(path, O_RDONLY);
	if (mfd < 0)
		return -1;
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg >= 0)
		lseek(kmsg, 0, SEEK_END);
	rc = syscall(SYS_finit_module, mfd, "", 0);
	close(mfd);
	printf("# loaded %s: %d\n", path, rc);
	if (!rc)
		copy_module_results(kmsg);
	return rc;
}

int main(void)
{
	unsigned int i;
	bool label;
	int l;

	/*
	 * All on the first CPU, children included: on two CPUs, whether a woken process runs here
	 * or on the other CPU depends on the exact instruction count, so the pipe round trip and
	 * fork+exec would switch between paths from one kernel build to the next.
	 */
	cpu_set_t cpu0;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0) || load_module())
		return 1;
	/* Let the work that boot leaves behind (deferred initcalls, RCU, console) finish first. */
	sleep(5);
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

	load_fd = open_load(&label);
	if (load_fd >= 0) {
		load_one_per_write(load_fd, label);
		close(load_fd);
		if (label)
			printf("bench load_batch %lld\n", load_batch());
	}
	return 0;
}
