// SPDX-License-Identifier: GPL-2.0-only
/*
 * labelctl, every subcommand, as a Smack user's scripts run it: its output, its exit status
 * (0, 1 failure or denial, 2 usage) and what it did to the module.
 */

#include "common.h"

#define DIR "/tmp/labelctl"
#define OUT_SIZE 8192
#define BAD_LINE_MESSAGE \
	"labelctl: " DIR "/smack/accesses.d/20-bad:3: access: bad character 'q'"

static const char *labelctl;

/* The program: the initramfs has it in /bin, the Debian system in /usr/local/bin. */
static void __attribute__((constructor)) find_labelctl(void)
{
	static const char *const where[] = { "/bin/labelctl", "/usr/local/bin/labelctl" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(where); i++)
		if (!access(where[i], X_OK))
			labelctl = where[i];
	if (!labelctl)
		ksft_exit_skip("no labelctl in /bin or /usr/local/bin\n");
}

/* What @fd gives until its end: the first OUT_SIZE - 1 bytes in @out, NUL-terminated. */
static void drain(int fd, char *out)
{
	char rest[4096];
	size_t len = 0;
	ssize_t n;

	while (len < OUT_SIZE - 1 && (n = read(fd, out + len, OUT_SIZE - 1 - len)) > 0)
		len += n;
	out[len] = '\0';
	while (read(fd, rest, sizeof(rest)) > 0)
		;
	close(fd);
}

/* Run labelctl with @args (NULL-terminated), @input on stdin: its exit status, output in @out. */
static int run_in(const char *input, char *out, const char *const *args)
{
	const char *argv[16] = { labelctl };
	int in[2], res[2], status, i;
	pid_t pid;

	for (i = 0; args[i] && i < 14; i++)
		argv[i + 1] = args[i];
	if (pipe(in) || pipe(res))
		return -1;
	pid = fork();
	if (!pid) {
		dup2(in[0], 0);
		dup2(res[1], 1);
		dup2(res[1], 2);
		close(in[1]);
		close(res[0]);
		execv(labelctl, (char **)argv);
		_exit(126);
	}
	close(in[0]);
	close(res[1]);
	if (input && write(in[1], input, strlen(input)) < 0)
		status = -1;
	close(in[1]);
	drain(res[0], out);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

#define LABELCTL(out, ...) run_in(NULL, out, (const char *const[]){ __VA_ARGS__, NULL })

static void put_file(struct __test_metadata *const _metadata, const char *path,
		     const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)strlen(text), write(fd, text, strlen(text)));
	ASSERT_EQ(0, close(fd));
}

static bool listed(const char *rule)
{
	char rules[TEXT_SIZE * 8];

	return read_text(LABEL_FS "rules", rules, sizeof(rules)) > 0 && has_line(rules, rule);
}

FIXTURE(labelctl) {
	char out[OUT_SIZE];
};

FIXTURE_SETUP(labelctl)
{
	ASSERT_EQ(0, system("rm -rf " DIR " && mkdir -p " DIR "/smack/accesses.d"));
}

FIXTURE_TEARDOWN(labelctl)
{
}

/* A file of Smack rules loads with Smack's meaning; --label with label's own. */
TEST_F(labelctl, load_file)
{
	put_file(_metadata, DIR "/rules", "lc_s lc_o r---\nlc_s lc_o2 a\n");
	ASSERT_EQ(0, LABELCTL(self->out, "load", DIR "/rules"));
	EXPECT_TRUE(listed("lc_s lc_o r"));
	EXPECT_TRUE(listed("lc_s lc_o2 -"));
	put_file(_metadata, DIR "/rules", "lc_s lc_o3 a");
	ASSERT_EQ(0, LABELCTL(self->out, "load", "--label", DIR "/rules"));
	EXPECT_TRUE(listed("lc_s lc_o3 a"));
	ASSERT_EQ(2, LABELCTL(self->out, "load", "--smack", DIR "/rules"));
	ASSERT_EQ(1, LABELCTL(self->out, "load", DIR "/missing"));
	EXPECT_NE(NULL, strstr(self->out, "labelctl: " DIR "/missing: No such file"));
}

TEST_F(labelctl, load_stdin)
{
	static const char *const args[] = { "load", "-", NULL };

	ASSERT_EQ(0, run_in("lc_in lc_o RX\n", self->out, args));
	EXPECT_TRUE(listed("lc_in lc_o rx"));
}

/* A directory, as /etc/smack/accesses.d: every file, in name order, in one write. */
TEST_F(labelctl, load_directory)
{
	put_file(_metadata, DIR "/smack/accesses.d/20-later", "lc_d lc_o w\n");
	put_file(_metadata, DIR "/smack/accesses.d/10-first", "lc_d lc_o r\nlc_d lc_o2 x");
	put_file(_metadata, DIR "/smack/accesses.d/.hidden", "not a rule\n");
	ASSERT_EQ(0, LABELCTL(self->out, "load", DIR "/smack/accesses.d"));
	EXPECT_TRUE(listed("lc_d lc_o w"));
	EXPECT_TRUE(listed("lc_d lc_o2 x"));
}

/* One bad line anywhere: nothing is loaded, and the error names its file and line. */
TEST_F(labelctl, bad_line_loads_nothing)
{
	put_file(_metadata, DIR "/smack/accesses.d/10-good", "lc_b lc_o r\n");
	put_file(_metadata, DIR "/smack/accesses.d/20-bad", "lc_b lc_o2 r\n\nlc_b lc_o3 rq\n");
	ASSERT_EQ(1, LABELCTL(self->out, "load", DIR "/smack/accesses.d"));
	EXPECT_NE(NULL, strstr(self->out, BAD_LINE_MESSAGE));
	EXPECT_FALSE(listed("lc_b lc_o r"));
	EXPECT_FALSE(listed("lc_b lc_o2 r"));
}

/* apply: Smack's configuration directory, accesses and accesses.d. */
TEST_F(labelctl, apply)
{
	put_file(_metadata, DIR "/smack/accesses", "lc_a lc_o r\n");
	put_file(_metadata, DIR "/smack/accesses.d/x", "lc_a lc_o2 rw\n");
	ASSERT_EQ(0, LABELCTL(self->out, "apply", DIR "/smack"));
	EXPECT_TRUE(listed("lc_a lc_o r"));
	EXPECT_TRUE(listed("lc_a lc_o2 rw"));
	ASSERT_EQ(0, LABELCTL(self->out, "apply", DIR "/nothing-there"));
}

/*
 * A file of apply's directory that labelctl may not look at stops the load: nothing is loaded
 * and the file is named. Seen under SELinux, where a rule file that labelctl's domain could not
 * stat was left out and apply still succeeded. Here label refuses the stat: the file's label is
 * one this run's _ has no rule for.
 */
TEST_F(labelctl, apply_unreadable)
{
	char secret[32], grant[64], out[OUT_SIZE];
	int rc;

	snprintf(secret, sizeof(secret), "lc_unread_%d", getpid());
	put_file(_metadata, DIR "/smack/accesses.d/a", "lc_u lc_o r\n");
	put_file(_metadata, DIR "/smack/accesses.d/b", "lc_u lc_o2 r\n");
	ASSERT_EQ(0, setxattr(DIR "/smack/accesses.d/b", XATTR_NAME_LABEL, secret,
			      strlen(secret), 0));
	rc = LABELCTL(self->out, "apply", DIR "/smack");
	/* First let the next set-up remove the file, whatever the result. */
	snprintf(grant, sizeof(grant), "_ %s rw\n", secret);
	put_file(_metadata, DIR "/grant", grant);
	ASSERT_EQ(0, LABELCTL(out, "load", DIR "/grant"));

	ASSERT_EQ(1, rc);
	EXPECT_NE(NULL, strstr(self->out, DIR "/smack/accesses.d/b: Permission denied"))
		TH_LOG("%s", self->out);
	EXPECT_FALSE(listed("lc_u lc_o r"));
}

static bool host_listed(const char *file, const char *entry)
{
	char text[TEXT_SIZE];

	return read_text(file, text, sizeof(text)) >= 0 && has_line(text, entry);
}

/*
 * apply loads the host files of Smack's configuration after the rules; a bad line in any of
 * them loads nothing, rules included.
 */
TEST_F(labelctl, apply_hosts)
{
	put_file(_metadata, DIR "/smack/accesses", "lc_h lc_o r\n");
	put_file(_metadata, DIR "/smack/netlabel", "10.77.0.0/16 lc_net\n\n10.77.1.1 lc_host\n");
	put_file(_metadata, DIR "/smack/ipv6host", "fd77::/64 lc_net6\n");
	put_file(_metadata, DIR "/smack/ambient", "lc_amb\n");
	put_file(_metadata, DIR "/smack/accesses.d/bad", "lc_h lc_o2 r\n");
	ASSERT_EQ(0, system("mkdir -p " DIR "/smack/netlabel.d"));
	put_file(_metadata, DIR "/smack/netlabel.d/x", "10.78.0.0/33 lc_bad\n");
	ASSERT_EQ(1, LABELCTL(self->out, "apply", DIR "/smack"));
	EXPECT_NE(NULL, strstr(self->out, DIR "/smack/netlabel.d/x:1: prefix: not 0 to 32"));
	EXPECT_FALSE(listed("lc_h lc_o r"));
	EXPECT_FALSE(host_listed(LABEL_FS "netlabel", "10.77.0.0/16 lc_net"));

	put_file(_metadata, DIR "/smack/netlabel.d/x", "10.78.0.0/15 -CIPSO\n");
	ASSERT_EQ(0, LABELCTL(self->out, "apply", DIR "/smack")) TH_LOG("%s", self->out);
	EXPECT_TRUE(listed("lc_h lc_o r"));
	EXPECT_TRUE(host_listed(LABEL_FS "netlabel", "10.77.0.0/16 lc_net"));
	EXPECT_TRUE(host_listed(LABEL_FS "netlabel", "10.77.1.1/32 lc_host"));
	EXPECT_TRUE(host_listed(LABEL_FS "netlabel", "10.78.0.0/15 -CIPSO"));
	EXPECT_TRUE(host_listed(LABEL_FS "ipv6host", "fd77::/64 lc_net6"));
	ASSERT_EQ(0, LABELCTL(self->out, "ambient"));
	EXPECT_STREQ("lc_amb\n", self->out);

	/* One entry from the command line; the listings as the files show them. */
	ASSERT_EQ(0, LABELCTL(self->out, "ipv6host", "fd77::/64", "-DELETE"));
	EXPECT_FALSE(host_listed(LABEL_FS "ipv6host", "fd77::/64 lc_net6"));
	ASSERT_EQ(1, LABELCTL(self->out, "netlabel", "10.77.0.0/16", "two words"));
	EXPECT_NE(NULL, strstr(self->out, "labelctl: extra field after label"));
	ASSERT_EQ(0, LABELCTL(self->out, "netlabel", "10.77.0.0/16", "-CIPSO"));
	ASSERT_EQ(0, LABELCTL(self->out, "netlabel", "10.77.1.1", "-CIPSO"));
	ASSERT_EQ(0, LABELCTL(self->out, "netlabel"));
	EXPECT_TRUE(has_line(self->out, "10.77.0.0/16 -CIPSO"));
	ASSERT_EQ(0, LABELCTL(self->out, "ambient", "_"));
	ASSERT_EQ(2, LABELCTL(self->out, "netlabel", "10.77.0.0/16"));

	/* An ambient file that names no label loads nothing, and leaves ambient as it was. */
	put_file(_metadata, DIR "/smack/accesses", "lc_h2 lc_o r\n");
	put_file(_metadata, DIR "/smack/ambient", "-bad\n");
	ASSERT_EQ(1, LABELCTL(self->out, "apply", DIR "/smack"));
	EXPECT_NE(NULL, strstr(self->out, DIR "/smack/ambient:1: ")) TH_LOG("%s", self->out);
	EXPECT_FALSE(listed("lc_h2 lc_o r"));
	ASSERT_EQ(0, LABELCTL(self->out, "ambient"));
	EXPECT_STREQ("_\n", self->out);
}

/* check: the answer on stdout and in the exit status; a malformed query is a usage error. */
TEST_F(labelctl, check)
{
	ASSERT_EQ(0, load("lc_c lc_o r\n"));
	ASSERT_EQ(0, LABELCTL(self->out, "check", "lc_c", "lc_o", "r"));
	EXPECT_STREQ("allowed\n", self->out);
	ASSERT_EQ(1, LABELCTL(self->out, "check", "lc_c", "lc_o", "w"));
	EXPECT_STREQ("denied\n", self->out);
	ASSERT_EQ(2, LABELCTL(self->out, "check", "lc_c", "lc_o", "rq"));
}

/* clear: every rule stays, with no access. */
TEST_F(labelctl, clear)
{
	ASSERT_EQ(0, load("lc_x lc_o rwx\n"));
	ASSERT_EQ(0, LABELCTL(self->out, "clear"));
	EXPECT_TRUE(listed("lc_x lc_o -"));
	EXPECT_EQ(0, query("lc_x lc_o r"));
}

TEST_F(labelctl, status)
{
	ASSERT_EQ(0, LABELCTL(self->out, "status"));
	EXPECT_NE(NULL, strstr(self->out, stacker_present() ?
			       "label: running, hosted by the stacker\n" :
			       "label: running, standalone\n"));
	EXPECT_NE(NULL, strstr(self->out, "\nrules: "));
	EXPECT_NE(NULL, strstr(self->out, "\nmac-override: 0\n"));
}

/* chlabel, as chsmack: -a, -e, -t on directories, -d, -r; prints without an option. */
TEST_F(labelctl, chlabel)
{
	ASSERT_EQ(0, load("_ lc_t rwx\n"));
	ASSERT_EQ(0, mkdir(DIR "/tree", 0755));
	ASSERT_EQ(0, mkdir(DIR "/tree/sub", 0755));
	put_file(_metadata, DIR "/tree/f", "x");
	put_file(_metadata, DIR "/tree/sub/g", "y");
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", "-r", "-a", "lc_t", "-t", DIR "/tree"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", DIR "/tree/sub", DIR "/tree/sub/g"));
	EXPECT_STREQ(DIR "/tree/sub access=\"lc_t\" transmute=\"TRUE\"\n"
		     DIR "/tree/sub/g access=\"lc_t\"\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", "-e", "lc_e", DIR "/tree/f"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", DIR "/tree/f"));
	EXPECT_STREQ(DIR "/tree/f access=\"lc_t\" execute=\"lc_e\"\n", self->out);
	/* -t on a file named on the command line fails; -r skips files. */
	ASSERT_EQ(1, LABELCTL(self->out, "chlabel", "-t", DIR "/tree/f"));
	ASSERT_EQ(2, LABELCTL(self->out, "chlabel", "-a", "-bad", DIR "/tree/f"));
	ASSERT_EQ(2, LABELCTL(self->out, "chlabel", "-d", "-a", "lc_t", DIR "/tree/f"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", "-r", "-d", DIR "/tree"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", DIR "/tree", DIR "/tree/f"));
	EXPECT_STREQ(DIR "/tree\n" DIR "/tree/f\n", self->out);
}

/*
 * get, set and chlabel act on a symbolic link itself, as chsmack does, and with -L on its
 * target; none of them changes the one it was not asked to.
 */
TEST_F(labelctl, symlinks_alike)
{
	ASSERT_EQ(0, load("_ lc_l rwx\n_ lc_f rwx\n"));
	put_file(_metadata, DIR "/target", "x");
	ASSERT_EQ(0, symlink("target", DIR "/link"));
	ASSERT_EQ(0, LABELCTL(self->out, "set", DIR "/link", "lc_l"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", "-L", "-a", "lc_f", DIR "/link"));
	ASSERT_EQ(0, LABELCTL(self->out, "get", DIR "/link"));
	EXPECT_STREQ(DIR "/link: label=lc_l\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "get", "-L", DIR "/link"));
	EXPECT_STREQ(DIR "/link: label=lc_f\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", DIR "/link", DIR "/target"));
	EXPECT_STREQ(DIR "/link access=\"lc_l\"\n" DIR "/target access=\"lc_f\"\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "set", "-L", DIR "/link", "lc_l"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", "-d", DIR "/link"));
	ASSERT_EQ(0, LABELCTL(self->out, "chlabel", "-L", DIR "/link"));
	EXPECT_STREQ(DIR "/link access=\"lc_l\"\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "get", DIR "/link"));
	EXPECT_STREQ(DIR "/link: label=_\n", self->out);
	ASSERT_EQ(2, LABELCTL(self->out, "get", "-L"));
}

/* The older subcommands: set, get, self, exec, rules, labels, help. */
TEST_F(labelctl, set_get_self_exec)
{
	char file[OUT_SIZE];

	ASSERT_EQ(0, load("_ lc_g rwx\nlc_g _ rwx\n"));
	put_file(_metadata, DIR "/f", "x");
	ASSERT_EQ(0, LABELCTL(self->out, "set", DIR "/f", "lc_g", "--exec", "lc_h"));
	ASSERT_EQ(0, LABELCTL(self->out, "get", DIR "/f"));
	EXPECT_STREQ(DIR "/f: label=lc_g exec=lc_h\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "self"));
	EXPECT_STREQ("_\n", self->out);
	ASSERT_EQ(0, LABELCTL(self->out, "exec", "lc_g", "--", labelctl, "self"));
	EXPECT_STREQ("lc_g\n", self->out);
	/* rules and labels print the module's files (their first OUT_SIZE - 1 bytes here). */
	ASSERT_EQ(0, LABELCTL(self->out, "rules"));
	read_text(LABEL_FS "rules", file, sizeof(file));
	EXPECT_EQ(0, strncmp(file, self->out, strlen(self->out)));
	ASSERT_EQ(0, LABELCTL(self->out, "labels"));
	read_text(LABEL_FS "labels", file, sizeof(file));
	EXPECT_EQ(0, strncmp(file, self->out, strlen(self->out)));
	ASSERT_EQ(0, LABELCTL(self->out, "help"));
	EXPECT_EQ(0, strncmp(self->out, "Usage: labelctl", 15));
	ASSERT_EQ(2, LABELCTL(self->out, "frobnicate"));
	ASSERT_EQ(2, LABELCTL(self->out, "rules", "extra"));
	EXPECT_EQ(0, strncmp(self->out, "labelctl: rules: wrong arguments\n", 33));
}

TEST_HARNESS_MAIN
