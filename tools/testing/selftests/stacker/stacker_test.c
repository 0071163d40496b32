// SPDX-License-Identifier: GPL-2.0-only
/* Checks the stacker LSM from user space, against the boot's "stacker=". */

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <linux/lsm.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"
#include "common.h"

/*
 * The stacker's KUnit modules: built in with its KUnit tests, hosted only when named. Every
 * other built-in module is in the default stack (an empty CONFIG_SECURITY_STACKER_DEFAULT).
 */
static const char *const named_only[] = { "test_a", "test_b" };
/* STACKER_NAME_MAX and STACKER_MAX_MODULES of the kernel. */
#define NAME_MAX_LEN 32
#define MAX_MODULES 8
#define TEXT_SIZE 8192

static void __attribute__((constructor)) require_stacker(void)
{
	skip_unless_present(STACKER, "the stacker");
}

/* What the boot selection should have produced, worked out from the command line. */
struct stack {
	char selected[MAX_MODULES][NAME_MAX_LEN + 1];
	int count;
	char errors[TEXT_SIZE];
};

static int count_lines(const char *text)
{
	int n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

/* Whether the hooks file, which has a line for every built-in module, names this one. */
static bool is_built(const char *hooks, const char *name, size_t len)
{
	char prefix[NAME_MAX_LEN + 2];

	snprintf(prefix, sizeof(prefix), "%.*s:", (int)len, name);
	return find_line(hooks, prefix);
}

/* Whether the @len bytes at @name are the string @s. */
static bool same(const char *name, size_t len, const char *s)
{
	return strlen(s) == len && !strncmp(name, s, len);
}

static bool is_named_only(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(named_only); i++)
		if (same(name, len, named_only[i]))
			return true;
	return false;
}

static bool is_valid(const char *name, size_t len)
{
	return len <= NAME_MAX_LEN && strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_") >= len;
}

static void add_error(struct stack *exp, const char *fmt, ...)
{
	size_t used = strlen(exp->errors);
	va_list args;

	va_start(args, fmt);
	vsnprintf(exp->errors + used, sizeof(exp->errors) - used, fmt, args);
	va_end(args);
}

/* Whether a built module was already named: capability (@cap) or one of the selected. */
static bool is_named(const struct stack *exp, bool cap, const char *name, size_t len)
{
	int i;

	if (same(name, len, "capability"))
		return cap;
	for (i = 1; i < exp->count; i++)
		if (same(name, len, exp->selected[i]))
			return true;
	return false;
}

/*
 * The call order and the errors file that the list on "stacker=" should give, as documented:
 * capability first whether named or not, then each built module named once, in list order.
 */
static void expect_stack(const char *list, const char *hooks, struct stack *exp)
{
	bool cap = false, any = false;
	const char *name = list;
	size_t len;

	exp->count = 1;
	strcpy(exp->selected[0], "capability");
	exp->errors[0] = '\0';
	for (;;) {
		len = strchrnul(name, ',') - name;
		if (!len) {
			add_error(exp, "empty module name ignored\n");
		} else if (!is_valid(name, len)) {
			add_error(exp, "invalid module name \"%.*s\" ignored\n",
				  (int)(len < NAME_MAX_LEN ? len : NAME_MAX_LEN), name);
		} else if (!is_built(hooks, name, len)) {
			add_error(exp, "module \"%.*s\" is not built into this kernel: ignored\n",
				  (int)len, name);
		} else if (is_named(exp, cap, name, len)) {
			add_error(exp, "duplicate module \"%.*s\" ignored\n", (int)len, name);
		} else if (same(name, len, "capability")) {
			if (any)
				add_error(exp, "module \"%s\" always runs first: moved there\n",
					  "capability");
			cap = true;
			any = true;
		} else {
			snprintf(exp->selected[exp->count++], sizeof(exp->selected[0]), "%.*s",
				 (int)len, name);
			any = true;
		}
		if (!name[len])
			break;
		name += len + 1;
	}
	if (!cap)
		add_error(exp, "module \"capability\" missing: added first\n");
}

/*
 * The default stack as a list: capability, then every built-in module of the hooks file (in the
 * order they are built) but the named-only ones and those loaded at run time, which follow the
 * built-in ones there and are named on stacker.loadable=.
 */
static void default_stack(const char *hooks, char *list, size_t size)
{
	char loadable[TEXT_SIZE] = ",";
	char name[NAME_MAX_LEN + 3];
	const char *line;
	size_t len;

	read_text("/sys/module/stacker/parameters/loadable", loadable + 1, sizeof(loadable) - 1);
	loadable[strcspn(loadable, "\n")] = ',';
	snprintf(list, size, "capability");
	for (line = hooks; *line; line += strcspn(line, "\n") + !!line[strcspn(line, "\n")]) {
		len = strcspn(line, ":\n");
		snprintf(name, sizeof(name), ",%.*s,", (int)len, line);
		if (same(line, len, "capability") || is_named_only(line, len) ||
		    strstr(loadable, name))
			continue;
		snprintf(list + strlen(list), size - strlen(list), "%.*s", (int)len + 1, name);
	}
}

/* The expected stack of this boot: the last "stacker=" on the command line, or the default. */
static int boot_stack(struct stack *exp)
{
	char cmdline[4096], hooks[TEXT_SIZE], list[TEXT_SIZE];
	const char *chosen = NULL;
	char *tok, *save;

	if (read_text("/proc/cmdline", cmdline, sizeof(cmdline)) < 0 ||
	    read_text(STACKER "hooks", hooks, sizeof(hooks)) < 0)
		return -1;
	for (tok = strtok_r(cmdline, "\n ", &save); tok; tok = strtok_r(NULL, "\n ", &save))
		if (!strncmp(tok, "stacker=", strlen("stacker=")))
			chosen = tok + strlen("stacker=");
	if (!chosen) {
		default_stack(hooks, list, sizeof(list));
		chosen = list;
	}
	expect_stack(chosen, hooks, exp);
	return 0;
}

TEST(lsm_lists_capability_and_stacker)
{
	char lsm[TEXT_SIZE], *tok, *save;
	bool cap = false, stacker = false;
	__u64 ids[64];
	__u32 size = sizeof(ids);
	int i, n = 0, count;

	ASSERT_LT(0, read_text("/sys/kernel/security/lsm", lsm, sizeof(lsm)));
	for (tok = strtok_r(lsm, ",\n", &save); tok; tok = strtok_r(NULL, ",\n", &save), n++) {
		cap |= !strcmp(tok, "capability");
		stacker |= !strcmp(tok, "stacker");
	}
	ASSERT_TRUE(cap);
	ASSERT_TRUE(stacker);

	count = syscall(__NR_lsm_list_modules, ids, &size, 0);
	ASSERT_EQ(n, count);
	cap = false;
	stacker = false;
	for (i = 0; i < count; i++) {
		cap |= ids[i] == LSM_ID_CAPABILITY;
		stacker |= ids[i] == LSM_ID_STACKER;
	}
	ASSERT_TRUE(cap);
	ASSERT_TRUE(stacker);
}

TEST(modules_follow_boot_selection)
{
	char modules[TEXT_SIZE], hooks[TEXT_SIZE], name[NAME_MAX_LEN + 1], state[16], *line, *save;
	char values[16];
	const char *first = "0 capability none enforcing\n";
	int selected = 0, disabled = 0, pos, n, i;
	struct stack exp;

	ASSERT_EQ(0, boot_stack(&exp));
	ASSERT_LT(0, read_text(STACKER "hooks", hooks, sizeof(hooks)));
	ASSERT_LT(0, read_text(STACKER "modules", modules, sizeof(modules)));
	ASSERT_EQ(0, strncmp(modules, first, strlen(first)));

	for (line = strtok_r(modules, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '-') {
			/* Built in, not selected: after the selected ones, and not one of them. */
			n = sscanf(line, "- %32s %*s %15s", name, state);
			ASSERT_EQ(2, n);
			ASSERT_STREQ("disabled", state);
			ASSERT_TRUE(is_built(hooks, name, strlen(name)));
			for (i = 0; i < exp.count; i++)
				ASSERT_STRNE(exp.selected[i], name);
			disabled++;
			continue;
		}
		ASSERT_EQ(0, disabled);
		n = sscanf(line, "%d %32s %15s %15s", &pos, name, values, state);
		ASSERT_EQ(4, n);
		/* Label's values are inline areas of each blob; capability keeps none. */
		if (!strcmp(name, "label"))
			ASSERT_STREQ("inline", values);
		if (!strcmp(name, "capability"))
			ASSERT_STREQ("none", values);
		ASSERT_EQ(selected, pos);
		ASSERT_GT(exp.count, selected);
		ASSERT_STREQ(exp.selected[selected], name);
		ASSERT_STREQ("enforcing", state);
		selected++;
	}
	ASSERT_EQ(exp.count, selected);
	ASSERT_EQ(count_lines(hooks), selected + disabled);
}

TEST(errors_follow_boot_selection)
{
	char errors[TEXT_SIZE];
	struct stack exp;

	ASSERT_EQ(0, boot_stack(&exp));
	ASSERT_LE(0, read_text(STACKER "errors", errors, sizeof(errors)));
	ASSERT_STREQ(exp.errors, errors);
}

TEST(mode_lists_every_module_as_modules_does)
{
	char modules[TEXT_SIZE], mode[TEXT_SIZE], expect[2 * NAME_MAX_LEN], name[NAME_MAX_LEN + 1];
	char state[16], *line, *save;
	int n;

	ASSERT_LT(0, read_text(STACKER "modules", modules, sizeof(modules)));
	ASSERT_LT(0, read_text(STACKER "mode", mode, sizeof(mode)));
	ASSERT_EQ(count_lines(modules), count_lines(mode));
	for (line = strtok_r(modules, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		n = sscanf(line, "%*s %32s %*s %15s", name, state);
		ASSERT_EQ(2, n);
		snprintf(expect, sizeof(expect), "%s %s\n", name, state);
		ASSERT_NE(NULL, find_line(mode, expect));
	}
}

TEST(capability_hooks_include_capable)
{
	char hooks[TEXT_SIZE], words[TEXT_SIZE];
	const char *line;

	ASSERT_LT(0, read_text(STACKER "hooks", hooks, sizeof(hooks)));
	line = find_line(hooks, "capability:");
	ASSERT_NE(NULL, line);
	snprintf(words, sizeof(words), "%.*s ", (int)(strchrnul(line, '\n') - line), line);
	ASSERT_NE(NULL, strstr(words, " capable "));
}

/*
 * A failed capable() is routine (an unprivileged hostname, a daemon probing for a capability):
 * returned and counted, but not logged unless the capability module's log switch is on, as
 * mainline never logs it.
 */
TEST(capability_denial_is_returned_and_counted_not_logged)
{
	unsigned long calls0, denials0, calls1, denials1;
	char expect[64], log[TEXT_SIZE];
	int kmsg;

	ASSERT_LT(0, read_text(STACKER "log", log, sizeof(log)));
	ASSERT_NE(NULL, find_line(log, "capability off\n"));
	ASSERT_EQ(0, count_calls());
	ASSERT_EQ(0, capability_stats(&calls0, &denials0));
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);

	ASSERT_EQ(0, drop_to_nobody());
	ASSERT_EQ(-1, sethostname("stacker", strlen("stacker")));
	ASSERT_EQ(EPERM, errno);

	ASSERT_EQ(0, capability_stats(&calls1, &denials1));
	ASSERT_LT(calls0, calls1);
	ASSERT_LT(denials0, denials1);
	snprintf(expect, sizeof(expect), "stacker: capability denied capable: pid=%d", getpid());
	ASSERT_FALSE(logged(kmsg, expect));
	close(kmsg);
}

/* As a task names itself, with a quote and a backslash that must not end the log's quotes. */
static int sethostname_as_nobody_named(const char *comm)
{
	if (prctl(PR_SET_NAME, comm) || drop_to_nobody())
		return 2;
	return sethostname("stacker", strlen("stacker")) == -1 && errno == EPERM ? 0 : 1;
}

/* Asked to, the stacker logs the module's denials, with the task's name escaped. */
TEST(capability_denial_logged_when_asked)
{
	char expect[128];
	int kmsg, status;
	pid_t pid;

	ASSERT_EQ(strlen("capability on\n"), write_str(STACKER "log", "capability on\n"));
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid)
		_exit(sethostname_as_nobody_named("a\"b\\c d"));
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	/* comm="a\x22b\x5cc d", whose backslashes /dev/kmsg escapes again, as \x5c. */
	snprintf(expect, sizeof(expect),
		 "stacker: capability denied capable: pid=%d comm=\"a\\x5cx22b\\x5cx5cc d\" error=%d",
		 pid, -EPERM);
	EXPECT_TRUE(logged(kmsg, expect));
	close(kmsg);
	ASSERT_EQ(strlen("capability off"), write_str(STACKER "log", "capability off"));
}

/*
 * The kernel's no-audit capability probes are not denials worth a log line: reading another
 * user's /proc/<pid>/stat asks for CAP_SYS_PTRACE with CAP_OPT_NOAUDIT, and every ps run makes
 * such probes. Counted, not logged.
 */
TEST(noaudit_capability_probe_is_counted_not_logged)
{
	unsigned long calls0, denials0, calls1, denials1;
	char expect[64], stat[1024];
	int kmsg;

	ASSERT_EQ(0, capability_stats(&calls0, &denials0));
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);

	ASSERT_EQ(0, drop_to_nobody());
	ASSERT_LT(0, read_text("/proc/1/stat", stat, sizeof(stat)));

	ASSERT_EQ(0, capability_stats(&calls1, &denials1));
	ASSERT_LT(denials0, denials1);
	snprintf(expect, sizeof(expect), "stacker: capability denied capable: pid=%d", getpid());
	ASSERT_FALSE(logged(kmsg, expect));
	close(kmsg);
}

/*
 * Hook calls are counted only while the count file says so: the hot path pays nothing for
 * counters nobody reads. Off, a capability check leaves the count as it was; on, it grows.
 */
TEST(calls_counted_only_when_switched_on)
{
	unsigned long calls0, calls1, denials;
	char name[64];

	ASSERT_EQ(1, write_str(STACKER "count", "0"));
	ASSERT_EQ(0, capability_stats(&calls0, &denials));
	ASSERT_EQ(0, gethostname(name, sizeof(name)));
	ASSERT_EQ(0, sethostname(name, strlen(name)));
	ASSERT_EQ(0, capability_stats(&calls1, &denials));
	EXPECT_EQ(calls0, calls1);

	ASSERT_EQ(0, count_calls());
	ASSERT_EQ(0, sethostname(name, strlen(name)));
	ASSERT_EQ(0, capability_stats(&calls1, &denials));
	EXPECT_LT(calls0, calls1);
	EXPECT_EQ(-1, write_str(STACKER "count", "maybe"));
	EXPECT_EQ(EINVAL, errno);
}

TEST(writes_need_cap_mac_admin)
{
	char before[TEXT_SIZE], after[TEXT_SIZE], lock[8];

	ASSERT_LT(0, read_text(STACKER "mode", before, sizeof(before)));
	ASSERT_EQ(0, drop_mac_admin());
	ASSERT_EQ(-1, write_str(STACKER "mode", "capability enforcing"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(STACKER "lock", "1"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LT(0, read_text(STACKER "mode", after, sizeof(after)));
	ASSERT_STREQ(before, after);
	ASSERT_LT(0, read_text(STACKER "lock", lock, sizeof(lock)));
	ASSERT_STREQ("0\n", lock);
}

/*
 * CAP_MAC_ADMIN is checked against the writer's credentials too, not only the opener's: a
 * descriptor opened with it grants nothing to a process without it.
 */
TEST(writer_credentials_are_checked)
{
	const char *text = "capability enforcing";
	int fd = open(STACKER "mode", O_WRONLY | O_CLOEXEC);

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, drop_mac_admin());
	ASSERT_EQ(-1, write(fd, text, strlen(text)));
	ASSERT_EQ(EPERM, errno);
	close(fd);
}

/*
 * A mode write changes the mode: a selected module other than capability goes permissive and
 * back, each read back. Writing capability's own, fixed, state would prove nothing.
 */
TEST(mode_write_accepted)
{
	char mode[TEXT_SIZE], name[NAME_MAX_LEN + 1] = "", text[2 * NAME_MAX_LEN], *line, *save;

	ASSERT_LT(0, read_text(STACKER "mode", mode, sizeof(mode)));
	for (line = strtok_r(mode, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strncmp(line, "capability ", 11) && strstr(line, " enforcing") &&
		    sscanf(line, "%32s", name) == 1)
			break;
	if (!*name)
		SKIP(return, "no selected module but capability");

	snprintf(text, sizeof(text), "%s permissive", name);
	ASSERT_EQ(strlen(text), write_str(STACKER "mode", text));
	ASSERT_LT(0, read_text(STACKER "mode", mode, sizeof(mode)));
	strcat(text, "\n");
	ASSERT_NE(NULL, find_line(mode, text));

	snprintf(text, sizeof(text), "%s enforcing\n", name);
	ASSERT_EQ(strlen(text), write_str(STACKER "mode", text));
	ASSERT_LT(0, read_text(STACKER "mode", mode, sizeof(mode)));
	ASSERT_NE(NULL, find_line(mode, text));
}

TEST(write_at_offset_refused)
{
	static const char *const files[][2] = {
		{ STACKER "mode", "capability enforcing" },
		{ STACKER "lock", "1" },
	};
	size_t i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		fd = open(files[i][0], O_WRONLY | O_CLOEXEC);
		ASSERT_LE(0, fd);
		ASSERT_EQ(1, lseek(fd, 1, SEEK_SET));
		ASSERT_EQ(-1, write(fd, files[i][1], strlen(files[i][1])));
		ASSERT_EQ(EINVAL, errno);
		close(fd);
	}
}

/* Malformed writes to "mode", "lock" and "log": EINVAL, and none of them changes. */
FIXTURE(malformed) {};

FIXTURE_VARIANT(malformed)
{
	const char *file;
	const char *text;
	size_t len;
};

/* A variant's file, text and length, which counts any NUL inside the text. */
#define MODE(_text) .file = STACKER "mode", .text = _text, .len = sizeof(_text) - 1
#define LOCK(_text) .file = STACKER "lock", .text = _text, .len = sizeof(_text) - 1
#define LOG(_text) .file = STACKER "log", .text = _text, .len = sizeof(_text) - 1

FIXTURE_VARIANT_ADD(malformed, mode_empty) { MODE("") };
FIXTURE_VARIANT_ADD(malformed, mode_newline) { MODE("\n") };
FIXTURE_VARIANT_ADD(malformed, mode_name_only) { MODE("capability") };
FIXTURE_VARIANT_ADD(malformed, mode_state_only) { MODE(" enforcing") };
FIXTURE_VARIANT_ADD(malformed, mode_bad_state) { MODE("capability bogus") };
FIXTURE_VARIANT_ADD(malformed, mode_unknown_module) { MODE("bogus enforcing") };
FIXTURE_VARIANT_ADD(malformed, mode_capability_permissive) { MODE("capability permissive") };
FIXTURE_VARIANT_ADD(malformed, mode_extra_word) { MODE("capability enforcing extra") };
FIXTURE_VARIANT_ADD(malformed, mode_two_spaces) { MODE("capability  enforcing") };
FIXTURE_VARIANT_ADD(malformed, mode_trailing_space) { MODE("capability enforcing ") };
FIXTURE_VARIANT_ADD(malformed, mode_two_newlines) { MODE("capability enforcing\n\n") };
FIXTURE_VARIANT_ADD(malformed, lock_empty) { LOCK("") };
FIXTURE_VARIANT_ADD(malformed, lock_zero) { LOCK("0") };
FIXTURE_VARIANT_ADD(malformed, lock_two) { LOCK("2") };
FIXTURE_VARIANT_ADD(malformed, lock_yes) { LOCK("yes") };
FIXTURE_VARIANT_ADD(malformed, lock_eleven) { LOCK("11") };
FIXTURE_VARIANT_ADD(malformed, lock_two_newlines) { LOCK("1\n\n") };
FIXTURE_VARIANT_ADD(malformed, log_name_only) { LOG("capability") };
FIXTURE_VARIANT_ADD(malformed, log_bad_switch) { LOG("capability yes") };
FIXTURE_VARIANT_ADD(malformed, log_unknown_module) { LOG("bogus on") };
FIXTURE_VARIANT_ADD(malformed, log_extra_word) { LOG("capability on extra") };

/* 64 bytes that would parse as "capability enforcing\n": only the length refuses them. */
FIXTURE_VARIANT_ADD(malformed, mode_64_bytes) {
	.file = STACKER "mode",
	.text = (const char[64]) { "capability enforcing\n" },
	.len = 64,
};

FIXTURE_SETUP(malformed)
{
}

FIXTURE_TEARDOWN(malformed)
{
}

TEST_F(malformed, refused)
{
	char mode0[TEXT_SIZE], mode1[TEXT_SIZE], lock0[8], lock1[8];
	char log0[TEXT_SIZE], log1[TEXT_SIZE];

	ASSERT_LT(0, read_text(STACKER "mode", mode0, sizeof(mode0)));
	ASSERT_LT(0, read_text(STACKER "lock", lock0, sizeof(lock0)));
	ASSERT_LT(0, read_text(STACKER "log", log0, sizeof(log0)));
	ASSERT_EQ(-1, write_text(variant->file, variant->text, variant->len));
	ASSERT_EQ(EINVAL, errno);
	ASSERT_LT(0, read_text(STACKER "mode", mode1, sizeof(mode1)));
	ASSERT_LT(0, read_text(STACKER "lock", lock1, sizeof(lock1)));
	ASSERT_LT(0, read_text(STACKER "log", log1, sizeof(log1)));
	ASSERT_STREQ(mode0, mode1);
	ASSERT_STREQ(lock0, lock1);
	ASSERT_STREQ(log0, log1);
}

TEST_HARNESS_MAIN
