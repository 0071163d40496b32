// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cost of common system calls, for comparing security configurations. Under qemu with
 * -icount shift=0 the guest clock advances one nanosecond per guest instruction, so the figures
 * printed ("bench <op> <ns per op>") are instructions per operation, repeatable run to run.
 *
 * The file workloads run on tmpfs (/tmp) and, when /var/tmp is on ext4 (the VM's Debian
 * system), on ext4 too: their rows are "<op>@tmpfs" and "<op>@ext4". "slab_per_file@<fs>" is
 * not instructions but bytes: the slab memory that 10,000 new empty files take, per file, from
 * /proc/meminfo (every cache: inode, dentry, security blobs, security attributes).
 *
 * Options come from the kernel command line, so that one VM image serves every configuration:
 *   wb.bench_module=<path>  load that kernel module first (a security module loaded into the
 *                           stacker at run time, measured with its hooks on);
 *   wb.bench_rules=1        load 200 rules over 50 labels into label or Smack, whichever runs,
 *                           and one host label (10.0.0.0/8), and run the workloads under one of
 *                           those labels.
 * The network workloads run over loopback (a TCP connection, a UDP datagram) and toward other
 * hosts, which the VM has no route to: a datagram to a host with an entry (10.0.0.0/8 under
 * wb.bench_rules) and to one without, each checked and then refused by routing. The loopback
 * rows are measured again ("_host_label") after wb.bench_rules labels 127.0.0.0/8.
 * "lsm_bench --short" runs every workload a few times only: make check's pass that keeps this
 * program working, not a measurement.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define EXT4_MAGIC 0xEF53
/* Eight components, the last the file of the one-component workloads. */
#define DEEP_DIRS "a/b/c/d/e/f/g"
#define DEEP_PATH DEEP_DIRS "/f"

/* Rule loading, as smackload does it: 17,000 rules over 500 labels, one rule per write. */
#define RULES 17000
#define RULE_LABELS 500
#define LABEL_LOAD "/sys/kernel/security/label/load"
#define SMACK_FS "/sys/fs/smackfs"
#define SMACK_LOAD SMACK_FS "/load2"
/* The longest rule line: two labels of up to four digits after a one-letter prefix. */
#define RULE_MAX 32
/* wb.bench_rules: the policy the workloads run under, and its subject label. */
#define POLICY_LABELS 50
#define POLICY_RULES 200
#define POLICY_SUBJECT "p0"
#define SLAB_FILES 10000

static int fd, null_fd, ping[2], pong[2], stream[2], dgram[2], msq = -1;
static int tcp_listener, udp_rx, udp_tx, udp_out;
static struct sockaddr_in tcp_addr, listed_host, unlisted_host;
static pid_t other;
static char buf[1024];
/* --short: loops divided by this, rule and file counts too. */
static int scale = 1;

static void must(bool ok, const char *what)
{
	if (!ok) {
		perror(what);
		exit(1);
	}
}

static long long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* File workloads: relative to the current directory, the file system's bench directory. */
static void op_stat(void)
{
	struct stat st;

	must(!stat("f", &st), "stat");
}

static void op_stat8(void)
{
	struct stat st;

	must(!stat(DEEP_PATH, &st), "stat deep");
}

static void op_fstat(void)
{
	struct stat st;

	must(!fstat(fd, &st), "fstat");
}

static void op_open_close(void)
{
	int f = open("f", O_RDONLY);

	must(f >= 0 && !close(f), "open+close");
}

static void op_create_unlink(void)
{
	int f = open("new", O_CREAT | O_EXCL | O_WRONLY, 0600);

	must(f >= 0 && !close(f) && !unlink("new"), "create+unlink");
}

static void op_write(void)
{
	must(pwrite(fd, buf, sizeof(buf), 0) == sizeof(buf), "write");
}

static void op_read(void)
{
	must(pread(fd, buf, sizeof(buf), 0) == sizeof(buf), "read");
}

/* Map the file executable, as the dynamic linker maps a library, and unmap it. */
static void op_mmap_exec(void)
{
	void *map = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);

	must(map != MAP_FAILED && !munmap(map, 4096), "mmap");
}

static void op_setxattr(void)
{
	must(!setxattr("f", "user.bench", "value", 5, 0), "setxattr");
}

static void op_getxattr(void)
{
	char v[8];

	must(getxattr("f", "user.bench", v, sizeof(v)) == 5, "getxattr");
}

/* Other workloads. */
static void op_null(void)
{
	syscall(SYS_getppid);
}

/* A file of the process's own /proc/<pid> directory. */
static void op_open_close_proc(void)
{
	int f = open("/proc/self/stat", O_RDONLY);

	must(f >= 0 && !close(f), "open+close /proc/self");
}

static void op_fork_exit(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	must(pid > 0 && waitpid(pid, &status, 0) == pid && !status, "fork+exit");
}

static void op_fork_exec(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	must(pid > 0 && waitpid(pid, &status, 0) == pid && !status, "fork+exec");
}

static void round_trip(int out, int in, const char *what)
{
	char c = 'x';

	must(write(out, &c, 1) == 1 && read(in, &c, 1) == 1, what);
}

static void op_pipe_round_trip(void)
{
	round_trip(ping[1], pong[0], "pipe");
}

static void op_stream_round_trip(void)
{
	round_trip(stream[0], stream[0], "unix stream");
}

static void op_dgram_round_trip(void)
{
	round_trip(dgram[0], dgram[0], "unix datagram");
}

static void op_kill(void)
{
	must(!kill(getpid(), 0), "kill(self, 0)");
}

/* SIGURG, ignored by default: the permission check and the send, without waking the child. */
static void op_kill_other(void)
{
	must(!kill(other, SIGURG), "kill(other)");
}

static void op_msg(void)
{
	struct {
		long type;
		char text[64];
	} m = { .type = 1 };

	must(!msgsnd(msq, &m, sizeof(m.text), 0) &&
	     msgrcv(msq, &m, sizeof(m.text), 0, 0) == sizeof(m.text), "msgsnd+msgrcv");
}

/* A TCP connection over loopback: made, accepted, closed. */
static void op_tcp_connection(void)
{
	int c = socket(AF_INET, SOCK_STREAM, 0), a;

	must(c >= 0 && !connect(c, (struct sockaddr *)&tcp_addr, sizeof(tcp_addr)), "connect");
	a = accept(tcp_listener, NULL, NULL);
	must(a >= 0, "accept");
	close(a);
	close(c);
}

static void op_udp_round(void)
{
	must(send(udp_tx, "x", 1, 0) == 1 && recv(udp_rx, buf, 1, 0) == 1, "udp");
}

/* A datagram to another host: the security checks, then no route (ENETUNREACH). */
static void send_to_host(const struct sockaddr_in *host)
{
	must(sendto(udp_out, "x", 1, 0, (const struct sockaddr *)host, sizeof(*host)) == 1 ||
	     errno == ENETUNREACH, "sendto another host");
}

static void op_udp_listed(void)
{
	send_to_host(&listed_host);
}

static void op_udp_unlisted(void)
{
	send_to_host(&unlisted_host);
}

struct op {
	const char *name;
	void (*fn)(void);
	int loops;
};

static const struct op file_ops[] = {
	{ "stat", op_stat, 2000 },
	{ "stat_8", op_stat8, 1000 },
	{ "fstat", op_fstat, 2000 },
	{ "open+close", op_open_close, 2000 },
	{ "create+unlink", op_create_unlink, 500 },
	{ "write_1k", op_write, 2000 },
	{ "read_1k", op_read, 2000 },
	{ "mmap(PROT_EXEC)", op_mmap_exec, 2000 },
	{ "setxattr", op_setxattr, 1000 },
	{ "getxattr", op_getxattr, 2000 },
};

static const struct op other_ops[] = {
	{ "null_syscall", op_null, 5000 },
	{ "open+close_proc", op_open_close_proc, 1000 },
	{ "kill(self,0)", op_kill, 2000 },
	{ "kill(other)", op_kill_other, 2000 },
	{ "pipe_round_trip", op_pipe_round_trip, 500 },
	{ "unix_stream_round_trip", op_stream_round_trip, 500 },
	{ "unix_dgram_round_trip", op_dgram_round_trip, 500 },
	{ "msg_send+receive", op_msg, 1000 },
	{ "tcp_connect+accept+close", op_tcp_connection, 200 },
	{ "udp_send+receive", op_udp_round, 1000 },
	{ "udp_send_host_listed", op_udp_listed, 1000 },
	{ "udp_send_host_unlisted", op_udp_unlisted, 1000 },
	{ "fork+exit", op_fork_exit, 50 },
	{ "fork+exec", op_fork_exec, 20 },
};

/*
 * The loopback workloads, measured again once 127.0.0.0/8 is a labelled host: Smack then
 * sends no CIPSO there and labels what comes from it; label decides local packets with their
 * sending socket whatever the host labels say.
 */
static const struct op loopback_ops[] = {
	{ "tcp_connect+accept+close", op_tcp_connection, 200 },
	{ "udp_send+receive", op_udp_round, 1000 },
};

/*
 * Let the work that earlier steps left behind (freeing what they allocated after an RCU grace
 * period, writeback, the journal) run before the next measurement, not in it.
 */
static void settle(void)
{
	sync();
	if (scale == 1)
		sleep(1);
}

/*
 * Each operation once to warm caches and lazily allocated state, then timed in BATCHES
 * batches: the figure is the cheapest batch's cost per operation. A timer, a kernel thread or
 * the other CPU's work (its instructions count too) that falls into a batch makes that batch
 * dearer, and which batch it falls into moves from one kernel build to the next; the cheapest
 * of five is the operation's own cost (as lmbench takes the best of its repetitions).
 */
#define BATCHES 5

static void run(const struct op *op, const char *suffix)
{
	int loops = op->loops / scale / BATCHES, b, l;
	long long best = -1, t;

	if (loops < 1)
		loops = 1;
	op->fn();
	for (b = 0; b < BATCHES; b++) {
		t = now();
		for (l = 0; l < loops; l++)
			op->fn();
		t = now() - t;
		if (best < 0 || t < best)
			best = t;
	}
	printf("bench %s%s %lld\n", op->name, suffix, best / loops);
	fflush(stdout);
}

/* Slab kilobytes in use (every cache, reclaimable or not), from /proc/meminfo. */
static long slab_kb(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[128];
	long kb = -1;

	must(f, "/proc/meminfo");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Slab: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb;
}

/* Slab bytes per new empty file: 10,000 of them in a new directory, removed afterwards. */
static long slab_per_file(void)
{
	int files = SLAB_FILES / scale, k, f;
	long before, per_file;
	char name[16];

	must(!mkdir("slab", 0755), "mkdir slab");
	before = slab_kb();
	for (k = 0; k < files; k++) {
		snprintf(name, sizeof(name), "slab/%d", k);
		f = open(name, O_CREAT | O_EXCL | O_WRONLY, 0600);
		must(f >= 0 && !close(f), "create slab file");
	}
	per_file = (slab_kb() - before) * 1024 / files;
	for (k = 0; k < files; k++) {
		snprintf(name, sizeof(name), "slab/%d", k);
		unlink(name);
	}
	rmdir("slab");
	return per_file;
}

/*
 * The file workloads in @dir (made here: the file "f" of 1 KiB, its eight-component twin,
 * removed afterwards), each row named "<op>@<fs>".
 */
static void file_workloads(const char *dir, const char *fs)
{
	char suffix[16];
	unsigned int i;
	int cwd = open(".", O_RDONLY | O_DIRECTORY);

	snprintf(suffix, sizeof(suffix), "@%s", fs);
	must(cwd >= 0 && !mkdir(dir, 0755) && !chdir(dir), dir);
	must(!system("mkdir -p " DEEP_DIRS), "mkdir " DEEP_DIRS);
	fd = open("f", O_CREAT | O_RDWR | O_TRUNC, 0644);
	must(fd >= 0 && write(fd, buf, sizeof(buf)) == sizeof(buf), "f");
	close(open(DEEP_PATH, O_CREAT | O_RDWR, 0644));
	settle();
	for (i = 0; i < ARRAY_SIZE(file_ops); i++)
		run(&file_ops[i], suffix);
	settle();
	printf("bench slab_per_file%s %ld\n", suffix, slab_per_file());
	close(fd);
	must(!system("rm -rf f " DEEP_DIRS) && !fchdir(cwd), "clean up");
	rmdir(dir);
	close(cwd);
	settle();
}

/* Rule k: subject k mod 500, object a different label for each of the 34 rounds. */
static int rule_text(const char *prefix, int k, char *text, size_t size)
{
	int s = k % RULE_LABELS, o = (s + 1 + k / RULE_LABELS) % RULE_LABELS;

	return snprintf(text, size, "%s%d %s%d rx\n", prefix, s, prefix, o);
}

/*
 * Rules 0 to @count - 1 as the lines of one text, their starts in @starts (@count + 1 entries),
 * made before any clock starts: a figure is the writes' alone, not snprintf()'s.
 */
static char *rule_lines(const char *prefix, int *starts, int count)
{
	char *text = malloc(count * RULE_MAX + 1);
	int k, len = 0;

	must(text, "malloc");
	for (k = 0; k < count; k++) {
		starts[k] = len;
		len += rule_text(prefix, k, text + len, RULE_MAX + 1);
	}
	starts[count] = len;
	return text;
}

/* Write lines 0 to @count - 1 of @text one per write; instructions per write. */
static long long per_write(int f, const char *text, const int *starts, int count)
{
	long long start = now();
	int k, len;

	for (k = 0; k < count; k++) {
		len = starts[k + 1] - starts[k];
		must(write(f, text + starts[k], len) == len, "rule write");
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
	int rules = RULES / scale, again = 2000 / scale, k;
	char *text = rule_lines("l", starts, rules);

	for (k = 0; k <= rules; k++)
		empty[k] = k;
	printf("bench load_rule %lld\n", per_write(load, text, starts, rules));
	printf("bench load_again %lld\n", per_write(load, text, starts, again));
	printf("bench write_null %lld\n", per_write(null_fd, text, starts, again));
	memset(text, '\n', rules);
	if (label)
		printf("bench load_empty %lld\n", per_write(load, text, empty, again));
	free(text);
}

/*
 * As many new rules (other labels) in one write: label takes the whole text at once; Smack's
 * load2 takes a page of it a write (it returns how much it took), so it gets the rest again.
 */
static long long load_batch(bool label)
{
	static int starts[RULES + 1];
	int rules = RULES / scale, f = open(label ? LABEL_LOAD : SMACK_LOAD, O_WRONLY);
	char *text = rule_lines("b", starts, rules);
	long long start;
	int done = 0, n;

	must(f >= 0, "load file");
	start = now();
	while (done < starts[rules]) {
		n = write(f, text + done, starts[rules] - done);
		must(n > 0, "batch write");
		done += n;
	}
	start = now() - start;
	close(f);
	free(text);
	return start / rules;
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

/* wb.bench_rules' host: 10.0.0.0/8 labelled p1, which the policy's subject may write. */
static void load_host_label(bool label)
{
	static const char host[] = "10.0.0.0/8 p1", rule[] = "p0 p1 w\n";
	int f = open(label ? "/sys/kernel/security/label/netlabel" : SMACK_FS "/netlabel",
		     O_WRONLY);

	must(f >= 0 && write(f, host, strlen(host)) == (ssize_t)strlen(host), "host label");
	close(f);
	f = open(label ? LABEL_LOAD : SMACK_LOAD, O_WRONLY);
	must(f >= 0 && write(f, rule, strlen(rule)) == (ssize_t)strlen(rule), "host rule");
	close(f);
}

/* Loopback labelled p1, which the policy's subject writes and is written by. */
static void label_loopback(void)
{
	static const char host[] = "127.0.0.0/8 p1", rules[] = "p1 p0 w\n";
	bool label;
	int f = open_load(&label);

	must(f >= 0 && write(f, rules, strlen(rules)) == (ssize_t)strlen(rules), "loopback rule");
	close(f);
	f = open(label ? "/sys/kernel/security/label/netlabel" : SMACK_FS "/netlabel", O_WRONLY);
	must(f >= 0 && write(f, host, strlen(host)) == (ssize_t)strlen(host), "loopback label");
	close(f);
}

/*
 * wb.bench_rules: 200 rules over 50 labels, four a subject (rwxa on the floor "_", rwx on each of
 * the next three labels), loaded one per write; then this process takes the first subject's
 * label, so that what it writes outside its own label is decided by a rule lookup.
 */
static void load_policy(void)
{
	static const char *const self[] = {
		"/proc/self/attr/label/current", "/proc/self/attr/smack/current",
	};
	char line[RULE_MAX];
	bool label;
	int load = open_load(&label), k, len, f = -1;
	unsigned int i;

	must(load >= 0, "no label or Smack load file for wb.bench_rules");
	for (k = 0; k < POLICY_RULES; k++) {
		int s = k % POLICY_LABELS, o = (s + k / POLICY_LABELS) % POLICY_LABELS;

		if (k < POLICY_LABELS)
			len = snprintf(line, sizeof(line), "p%d _ rwxa\n", s);
		else
			len = snprintf(line, sizeof(line), "p%d p%d rwx\n", s, o);
		must(write(load, line, len) == len, "policy rule");
	}
	close(load);
	/* A host label, and the rule to it, for udp_send_host_listed: the same text for both. */
	load_host_label(label);
	for (i = 0; i < ARRAY_SIZE(self) && f < 0; i++)
		f = open(self[i], O_WRONLY);
	must(f >= 0 && write(f, POLICY_SUBJECT, strlen(POLICY_SUBJECT)) > 0, "set own label");
	close(f);
	printf("# %d rules over %d labels, running as %s\n", POLICY_RULES, POLICY_LABELS,
	       POLICY_SUBJECT);
}

/*
 * The sockets of the network workloads, made by this process (under the policy's label with
 * wb.bench_rules): a TCP listener and a UDP pair on 127.0.0.1, a UDP socket for other hosts.
 */
static void network_setup(void)
{
	struct sockaddr_in udp_addr = { .sin_family = AF_INET };
	struct ifreq ifr = { .ifr_name = "lo" };
	socklen_t len = sizeof(udp_addr);
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	must(s >= 0 && !ioctl(s, SIOCGIFFLAGS, &ifr), "lo");
	ifr.ifr_flags |= IFF_UP;
	must(!ioctl(s, SIOCSIFFLAGS, &ifr), "lo up");
	close(s);
	tcp_addr.sin_family = AF_INET;
	tcp_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	udp_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	tcp_listener = socket(AF_INET, SOCK_STREAM, 0);
	len = sizeof(tcp_addr);
	must(tcp_listener >= 0 &&
	     !bind(tcp_listener, (struct sockaddr *)&tcp_addr, sizeof(tcp_addr)) &&
	     !listen(tcp_listener, 16) &&
	     !getsockname(tcp_listener, (struct sockaddr *)&tcp_addr, &len), "tcp listener");
	udp_rx = socket(AF_INET, SOCK_DGRAM, 0);
	udp_tx = socket(AF_INET, SOCK_DGRAM, 0);
	len = sizeof(udp_addr);
	must(udp_rx >= 0 && udp_tx >= 0 &&
	     !bind(udp_rx, (struct sockaddr *)&udp_addr, sizeof(udp_addr)) &&
	     !getsockname(udp_rx, (struct sockaddr *)&udp_addr, &len) &&
	     !connect(udp_tx, (struct sockaddr *)&udp_addr, sizeof(udp_addr)), "udp pair");
	udp_out = socket(AF_INET, SOCK_DGRAM, 0);
	must(udp_out >= 0, "udp socket");
	listed_host.sin_family = AF_INET;
	listed_host.sin_port = htons(9);
	inet_pton(AF_INET, "10.1.2.3", &listed_host.sin_addr);
	unlisted_host = listed_host;
	inet_pton(AF_INET, "11.1.2.3", &unlisted_host.sin_addr);
}

/* The other end of a round trip: echo every byte from @in to @out until end of file. */
static pid_t echo_child(int in, int out)
{
	pid_t pid = fork();
	char c;

	must(pid >= 0, "fork");
	if (pid)
		return pid;
	while (read(in, &c, 1) == 1)
		if (write(out, &c, 1) != 1)
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

/* The value of "<key>=" on the kernel command line, or NULL. */
static const char *cmdline_arg(const char *key)
{
	static char cmdline[4096];
	static char value[256];
	int cfd = open("/proc/cmdline", O_RDONLY);
	ssize_t n = cfd < 0 ? -1 : read(cfd, cmdline, sizeof(cmdline) - 1);
	char fmt[64];
	const char *p;

	if (cfd >= 0)
		close(cfd);
	if (n <= 0)
		return NULL;
	cmdline[n] = '\0';
	p = strstr(cmdline, key);
	snprintf(fmt, sizeof(fmt), "%s=%%255s", key);
	if (!p || sscanf(p, fmt, value) != 1)
		return NULL;
	return value;
}

/* wb.bench_module: load that module into the running kernel, and print what it measured. */
static void load_module(const char *path)
{
	int mfd = open(path, O_RDONLY), kmsg, rc;

	must(mfd >= 0, path);
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg >= 0)
		lseek(kmsg, 0, SEEK_END);
	rc = syscall(SYS_finit_module, mfd, "", 0);
	close(mfd);
	printf("# loaded %s: %d\n", path, rc);
	must(!rc, "finit_module");
	copy_module_results(kmsg);
}

static bool on_ext4(const char *path)
{
	struct statfs sfs;

	return !statfs(path, &sfs) && sfs.f_type == EXT4_MAGIC;
}

int main(int argc, char **argv)
{
	pid_t echoes[3];
	const char *arg;
	bool policy;
	unsigned int i;
	cpu_set_t cpu0;
	bool label;
	int load;

	if (argc > 1 && !strcmp(argv[1], "--short"))
		scale = 100;
	/*
	 * All on the first CPU, children included: on two CPUs, whether a woken process runs here
	 * or on the other CPU depends on the exact instruction count, so the round trips and
	 * forks would switch between paths from one kernel build to the next.
	 */
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	must(!sched_setaffinity(0, sizeof(cpu0), &cpu0), "sched_setaffinity");
	arg = cmdline_arg("wb.bench_module");
	if (arg)
		load_module(arg);
	arg = cmdline_arg("wb.bench_rules");
	policy = arg && !strcmp(arg, "1");
	if (policy)
		load_policy();
	/* Let the work that boot leaves behind (deferred initcalls, RCU, console) finish first. */
	if (scale == 1)
		sleep(4);
	settle();
	memset(buf, 'x', sizeof(buf));
	null_fd = open("/dev/null", O_WRONLY);
	msq = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	must(null_fd >= 0 && msq >= 0 && !pipe(ping) && !pipe(pong) &&
	     !socketpair(AF_UNIX, SOCK_STREAM, 0, stream) &&
	     !socketpair(AF_UNIX, SOCK_DGRAM, 0, dgram), "set up");
	echoes[0] = echo_child(ping[0], pong[1]);
	other = echoes[0];
	echoes[1] = echo_child(stream[1], stream[1]);
	echoes[2] = echo_child(dgram[1], dgram[1]);
	network_setup();

	file_workloads("/tmp/wb-bench", "tmpfs");
	if (on_ext4("/var/tmp"))
		file_workloads("/var/tmp/wb-bench", "ext4");
	for (i = 0; i < ARRAY_SIZE(other_ops); i++)
		run(&other_ops[i], "");
	/* The loopback rows again, loopback labelled as a host where the policy runs. */
	if (policy)
		label_loopback();
	for (i = 0; i < ARRAY_SIZE(loopback_ops); i++)
		run(&loopback_ops[i], "_host_label");
	for (i = 0; i < ARRAY_SIZE(echoes); i++)
		kill(echoes[i], SIGKILL);
	msgctl(msq, IPC_RMID, NULL);

	settle();
	load = open_load(&label);
	if (load >= 0) {
		load_one_per_write(load, label);
		close(load);
		printf("bench load_batch %lld\n", load_batch(label));
	}
	return 0;
}
