// SPDX-License-Identifier: GPL-2.0-only
/*
 * The privilege matrix of the label module: every write that changes its policy or a label -
 * load, load2, change-rule, revoke-subject, onlycap, relabel-self, mac-override, logging, syslog,
 * trust, freeze, /proc/<pid>/attr/label/current, lsm_set_self_attr(), setting and removing
 * security.label and security.labelexec - tried by nobody (uid 65534) and by root
 * without CAP_MAC_ADMIN, directly, through a descriptor its privileged parent opened, and
 * through one it opened itself before giving up the privilege; and a policy file written by
 * root with the privilege through a descriptor it opened without it. Each is refused (EACCES where
 * the file mode refuses the open, EPERM otherwise), each refusal that reaches the module leaves
 * a log line naming what was refused and by whom, and nothing changes.
 */

#include <linux/lsm.h>
#include <sys/syscall.h>

#include "common.h"
#include "state.h"

static const struct probe probe = {
	.file = "/tmp/privilege-file",
	.mount = "/tmp/privilege-trust",
	.program = "/tmp/privilege-trust/transit",
	.from = "pt_s",
	.to = "pt_t",
};

/* What a write changes. */
enum kind {
	POLICY_FILE,
	TASK_ATTR,
	SELF_ATTR,
	SET_XATTR,
	REMOVE_XATTR,
};

/* What the writer saw. */
struct attempt {
	int open_err;
	long rc;
	int err;
	char label[LABEL_NAME_MAX + 2];
};

/* A write that changes the policy or a label, tried by each who and each way. */
struct target {
	enum kind kind;
	/* The file written, or the extended attribute. */
	const char *path;
	/* A valid write: it would change the state if it were accepted. */
	const char *text;
	/* The file's mode keeps nobody from opening it for writing. */
	bool dac_refuses_nobody;
};

enum {
	LOAD,
	LOAD2,
	CHANGE_RULE,
	REVOKE_SUBJECT,
	ONLYCAP,
	RELABEL_SELF,
	MAC_OVERRIDE,
	LOGGING,
	SYSLOG,
	TRUST,
	FREEZE,
	NETLABEL,
	IPV6HOST,
	AMBIENT,
	TASK_LABEL,
	SELF_ATTR_CALL,
	SET_LABEL,
	SET_LABELEXEC,
	REMOVE_LABEL,
	REMOVE_LABELEXEC,
};

static const struct target targets[] = {
	[LOAD] = { POLICY_FILE, LABEL_FS "load", "priv_s priv_o rwxa\n", true },
	[LOAD2] = { POLICY_FILE, LABEL_FS "load2", "priv_s priv_o rwxa\n", true },
	[CHANGE_RULE] = { POLICY_FILE, LABEL_FS "change-rule", "priv_r priv_o w -\n", true },
	[REVOKE_SUBJECT] = { POLICY_FILE, LABEL_FS "revoke-subject", "priv_r\n", true },
	[ONLYCAP] = { POLICY_FILE, LABEL_FS "onlycap", "priv_s\n", true },
	/* The writer's own set: writable by all, not part of the state; refused all the same. */
	[RELABEL_SELF] = { POLICY_FILE, LABEL_FS "relabel-self", "priv_s\n", false },
	[MAC_OVERRIDE] = { POLICY_FILE, LABEL_FS "mac-override", "1\n", true },
	[LOGGING] = { POLICY_FILE, LABEL_FS "logging", "3\n", true },
	[SYSLOG] = { POLICY_FILE, LABEL_FS "syslog", "priv_s\n", true },
	[TRUST] = { POLICY_FILE, LABEL_FS "trust", "/tmp/privilege-trust\n", true },
	[FREEZE] = { POLICY_FILE, LABEL_FS "freeze", "1\n", true },
	[NETLABEL] = { POLICY_FILE, LABEL_FS "netlabel", "192.0.2.0/24 priv_h\n", true },
	[IPV6HOST] = { POLICY_FILE, LABEL_FS "ipv6host", "2001:db8::/32 priv_h\n", true },
	[AMBIENT] = { POLICY_FILE, LABEL_FS "ambient", "priv_h\n", true },
	[TASK_LABEL] = { TASK_ATTR, SELF_LABEL, "priv_s" },
	[SELF_ATTR_CALL] = { SELF_ATTR, NULL, "priv_s" },
	[SET_LABEL] = { SET_XATTR, XATTR_NAME_LABEL, "priv_x" },
	[SET_LABELEXEC] = { SET_XATTR, XATTR_NAME_LABELEXEC, "priv_x" },
	[REMOVE_LABEL] = { REMOVE_XATTR, XATTR_NAME_LABEL },
	[REMOVE_LABELEXEC] = { REMOVE_XATTR, XATTR_NAME_LABELEXEC },
};

FIXTURE(privilege) {};

FIXTURE_VARIANT(privilege)
{
	enum who as;
	/* An index in targets[]. */
	int target;
};

FIXTURE_VARIANT_ADD(privilege, load_as_nobody) { NOBODY_USER, LOAD };
FIXTURE_VARIANT_ADD(privilege, load_nocap) { ROOT_WITHOUT_MAC_ADMIN, LOAD };
FIXTURE_VARIANT_ADD(privilege, load2_as_nobody) { NOBODY_USER, LOAD2 };
FIXTURE_VARIANT_ADD(privilege, load2_nocap) { ROOT_WITHOUT_MAC_ADMIN, LOAD2 };
FIXTURE_VARIANT_ADD(privilege, change_rule_as_nobody) { NOBODY_USER, CHANGE_RULE };
FIXTURE_VARIANT_ADD(privilege, change_rule_nocap) { ROOT_WITHOUT_MAC_ADMIN, CHANGE_RULE };
FIXTURE_VARIANT_ADD(privilege, revoke_subject_as_nobody) { NOBODY_USER, REVOKE_SUBJECT };
FIXTURE_VARIANT_ADD(privilege, revoke_subject_nocap) { ROOT_WITHOUT_MAC_ADMIN, REVOKE_SUBJECT };
FIXTURE_VARIANT_ADD(privilege, onlycap_as_nobody) { NOBODY_USER, ONLYCAP };
FIXTURE_VARIANT_ADD(privilege, onlycap_nocap) { ROOT_WITHOUT_MAC_ADMIN, ONLYCAP };
FIXTURE_VARIANT_ADD(privilege, relabel_self_as_nobody) { NOBODY_USER, RELABEL_SELF };
FIXTURE_VARIANT_ADD(privilege, relabel_self_nocap) { ROOT_WITHOUT_MAC_ADMIN, RELABEL_SELF };
FIXTURE_VARIANT_ADD(privilege, mac_override_as_nobody) { NOBODY_USER, MAC_OVERRIDE };
FIXTURE_VARIANT_ADD(privilege, mac_override_nocap) { ROOT_WITHOUT_MAC_ADMIN, MAC_OVERRIDE };
FIXTURE_VARIANT_ADD(privilege, logging_as_nobody) { NOBODY_USER, LOGGING };
FIXTURE_VARIANT_ADD(privilege, logging_nocap) { ROOT_WITHOUT_MAC_ADMIN, LOGGING };
FIXTURE_VARIANT_ADD(privilege, syslog_as_nobody) { NOBODY_USER, SYSLOG };
FIXTURE_VARIANT_ADD(privilege, syslog_nocap) { ROOT_WITHOUT_MAC_ADMIN, SYSLOG };
FIXTURE_VARIANT_ADD(privilege, trust_as_nobody) { NOBODY_USER, TRUST };
FIXTURE_VARIANT_ADD(privilege, trust_nocap) { ROOT_WITHOUT_MAC_ADMIN, TRUST };
FIXTURE_VARIANT_ADD(privilege, freeze_as_nobody) { NOBODY_USER, FREEZE };
FIXTURE_VARIANT_ADD(privilege, freeze_nocap) { ROOT_WITHOUT_MAC_ADMIN, FREEZE };
FIXTURE_VARIANT_ADD(privilege, netlabel_as_nobody) { NOBODY_USER, NETLABEL };
FIXTURE_VARIANT_ADD(privilege, netlabel_nocap) { ROOT_WITHOUT_MAC_ADMIN, NETLABEL };
FIXTURE_VARIANT_ADD(privilege, ipv6host_as_nobody) { NOBODY_USER, IPV6HOST };
FIXTURE_VARIANT_ADD(privilege, ipv6host_nocap) { ROOT_WITHOUT_MAC_ADMIN, IPV6HOST };
FIXTURE_VARIANT_ADD(privilege, ambient_as_nobody) { NOBODY_USER, AMBIENT };
FIXTURE_VARIANT_ADD(privilege, ambient_nocap) { ROOT_WITHOUT_MAC_ADMIN, AMBIENT };
FIXTURE_VARIANT_ADD(privilege, task_label_as_nobody) { NOBODY_USER, TASK_LABEL };
FIXTURE_VARIANT_ADD(privilege, task_label_nocap) { ROOT_WITHOUT_MAC_ADMIN, TASK_LABEL };
FIXTURE_VARIANT_ADD(privilege, lsm_set_self_attr_as_nobody) { NOBODY_USER, SELF_ATTR_CALL };
FIXTURE_VARIANT_ADD(privilege, lsm_set_self_attr_nocap) { ROOT_WITHOUT_MAC_ADMIN, SELF_ATTR_CALL };
FIXTURE_VARIANT_ADD(privilege, set_label_as_nobody) { NOBODY_USER, SET_LABEL };
FIXTURE_VARIANT_ADD(privilege, set_label_nocap) { ROOT_WITHOUT_MAC_ADMIN, SET_LABEL };
FIXTURE_VARIANT_ADD(privilege, set_labelexec_as_nobody) { NOBODY_USER, SET_LABELEXEC };
FIXTURE_VARIANT_ADD(privilege, set_labelexec_nocap) { ROOT_WITHOUT_MAC_ADMIN, SET_LABELEXEC };
FIXTURE_VARIANT_ADD(privilege, remove_label_as_nobody) { NOBODY_USER, REMOVE_LABEL };
FIXTURE_VARIANT_ADD(privilege, remove_label_nocap) { ROOT_WITHOUT_MAC_ADMIN, REMOVE_LABEL };
FIXTURE_VARIANT_ADD(privilege, remove_labelexec_as_nobody) { NOBODY_USER, REMOVE_LABELEXEC };
FIXTURE_VARIANT_ADD(privilege, remove_labelexec_nocap) { ROOT_WITHOUT_MAC_ADMIN, REMOVE_LABELEXEC };

/* The probes, and labels on the probe file for the removals to remove. */
/* Every refusal here must be logged. */
static void __attribute__((constructor)) restore_log_budgets(void)
{
	wait_for_log_budgets();
}

FIXTURE_SETUP(privilege)
{
	char label[LABEL_NAME_MAX + 2];

	ASSERT_EQ(1, read_text(SELF_LABEL, label, sizeof(label)));
	ASSERT_STREQ("_", label);
	ASSERT_LT(0, read_text(LABEL_FS "freeze", label, sizeof(label)));
	if (strcmp(label, "0\n"))
		SKIP(return, "the policy is frozen");
	make_probes(_metadata, &probe);
	/* A rule for change-rule and revoke-subject to change. */
	ASSERT_EQ(0, load("priv_r priv_o r"));
	ASSERT_EQ(0, setxattr(probe.file, XATTR_NAME_LABEL, "priv_o", 6, 0));
	ASSERT_EQ(0, setxattr(probe.file, XATTR_NAME_LABELEXEC, "priv_e", 6, 0));
}

FIXTURE_TEARDOWN(privilege)
{
}

/* The descriptor a write goes through, opened by whoever @way says. */
static int open_target(const struct target *t)
{
	switch (t->kind) {
	case POLICY_FILE:
	case TASK_ATTR:
		return open(t->path, O_WRONLY | O_CLOEXEC);
	case SET_XATTR:
	case REMOVE_XATTR:
		return open(probe.file, O_RDONLY | O_CLOEXEC);
	default:
		return -1;
	}
}

/* The write itself, through @fd, or by name when there is no descriptor. */
static long change(const struct target *t, int fd)
{
	size_t size = sizeof(struct lsm_ctx) + strlen(t->text ?: "") + 1;
	__u64 buf[64] = { 0 };
	struct lsm_ctx *ctx = (struct lsm_ctx *)buf;

	switch (t->kind) {
	case POLICY_FILE:
	case TASK_ATTR:
		return write(fd, t->text, strlen(t->text));
	case SELF_ATTR:
		ctx->id = LSM_ID_LABEL;
		ctx->len = size;
		ctx->ctx_len = strlen(t->text) + 1;
		strcpy((char *)ctx->ctx, t->text);
		return syscall(__NR_lsm_set_self_attr, LSM_ATTR_CURRENT, ctx, size, 0);
	case SET_XATTR:
		if (fd < 0)
			return setxattr(probe.file, t->path, t->text, strlen(t->text), 0);
		return fsetxattr(fd, t->path, t->text, strlen(t->text), 0);
	case REMOVE_XATTR:
		return fd < 0 ? removexattr(probe.file, t->path) : fremovexattr(fd, t->path);
	}
	return -1;
}

/*
 * One try, by a child that becomes @as: it writes directly (opening the file itself, or
 * naming it), through @parent_fd, or through a descriptor it opens before dropping privilege.
 * Its pid.
 */
static pid_t try(const struct target *t, enum who as, enum how way, struct attempt *a)
{
	int parent_fd = -1, fd = -1, report[2];
	pid_t pid;

	memset(a, 0, sizeof(*a));
	if (way == INHERITED)
		parent_fd = open_target(t);
	if (pipe2(report, O_CLOEXEC))
		return -1;
	pid = fork();
	if (!pid) {
		if (way == INHERITED)
			fd = parent_fd;
		else if (way == OPENED_BEFORE_DROP)
			fd = open_target(t);
		else if (way == OPENED_UNPRIVILEGED)
			fd = open_without_mac_admin(t->path);
		if (way != OPENED_UNPRIVILEGED &&
		    ((as == ROOT_WITHOUT_MAC_ADMIN && drop_mac_admin()) ||
		     (as == NOBODY_USER && drop_to_nobody())))
			_exit(SETUP_FAILED);
		if (way == DIRECT && t->kind != SELF_ATTR) {
			/* The xattrs are set by name: their files need no descriptor. */
			if (t->kind == POLICY_FILE || t->kind == TASK_ATTR) {
				fd = open_target(t);
				a->open_err = fd < 0 ? errno : 0;
			}
		}
		if (!a->open_err) {
			a->rc = change(t, fd);
			a->err = a->rc < 0 ? errno : 0;
		}
		if (read_text(SELF_LABEL, a->label, sizeof(a->label)) < 0)
			strcpy(a->label, "<unreadable>");
		_exit(write(report[1], a, sizeof(*a)) != sizeof(*a));
	}
	if (parent_fd >= 0)
		close(parent_fd);
	close(report[1]);
	if (pid < 0 || read(report[0], a, sizeof(*a)) != sizeof(*a))
		a->open_err = ECHILD;
	close(report[0]);
	child_status(pid);
	return pid;
}

/*
 * lsm_set_self_attr() takes no descriptor; for the extended attributes, as for the call, the
 * caller's privilege is what counts, whoever opened the file: one descriptor case is enough.
 * A task's own attribute file is written by the task that opened it (proc refuses any other),
 * with its privilege at the write: the descriptor it opened without the privilege is a policy
 * file's case, for the root variant, whose writer has it back.
 */
static bool applies(const struct target *t, enum who as, enum how way)
{
	switch (way) {
	case INHERITED:
		return t->kind != SELF_ATTR;
	case OPENED_BEFORE_DROP:
		return t->kind == POLICY_FILE || t->kind == TASK_ATTR;
	case OPENED_UNPRIVILEGED:
		return t->kind == POLICY_FILE && as == ROOT_WITHOUT_MAC_ADMIN;
	default:
		return true;
	}
}

/* Where the file mode refuses nobody the open, the VFS answers EACCES before any LSM. */
static bool dac_refuses(const struct target *t, enum who as, enum how way)
{
	return way == DIRECT && as == NOBODY_USER && t->dac_refuses_nobody;
}

/*
 * Whether the refusal reaches the module, which logs it: not where the file mode refuses the
 * open, and not for a /proc/<pid>/attr file written through another process's descriptor,
 * which proc refuses (EPERM) before asking any LSM: the writer did not open it.
 */
static bool reaches_label(const struct target *t, enum who as, enum how way)
{
	return !dac_refuses(t, as, way) && !(t->kind == TASK_ATTR && way == INHERITED);
}

/* The start of the module's log line for the refusal, up to the pid. */
static void refusal_line(const struct target *t, enum how way, pid_t pid, char *buf,
			 size_t size)
{
	switch (t->kind) {
	case POLICY_FILE:
		snprintf(buf, size, "label: write to %s refused: %s lacks CAP_MAC_ADMIN: pid=%d",
			 strrchr(t->path, '/') + 1,
			 way == DIRECT || way == OPENED_UNPRIVILEGED ? "its opener" : "the writer",
			 pid);
		break;
	case TASK_ATTR:
	case SELF_ATTR:
		snprintf(buf, size,
			 "label: setting the task label refused: the caller lacks CAP_MAC_ADMIN: pid=%d",
			 pid);
		break;
	case SET_XATTR:
	case REMOVE_XATTR:
		snprintf(buf, size, "label: %s %s refused: the caller lacks CAP_MAC_ADMIN: pid=%d",
			 t->kind == SET_XATTR ? "setting" : "removing", t->path, pid);
		break;
	}
}

TEST_F(privilege, refused_logged_and_nothing_changed)
{
	const struct target *t = &targets[variant->target];
	bool trust = variant->target == TRUST, dac;
	struct state before, after;
	struct attempt a;
	const char *what;
	char line[256];
	enum how way;
	pid_t pid;
	int kmsg, i;

	for (way = DIRECT; way < __HOW_MAX; way++) {
		if (!applies(t, variant->as, way))
			continue;
		what = how_name(way);
		dac = dac_refuses(t, variant->as, way);
		read_state(&before, &probe, trust);
		kmsg = kmsg_from_now();
		ASSERT_LE(0, kmsg);
		pid = try(t, variant->as, way, &a);
		ASSERT_LT(0, pid);

		if (dac) {
			EXPECT_EQ(EACCES, a.open_err) TH_LOG("%s", what);
		} else {
			EXPECT_EQ(0, a.open_err) TH_LOG("%s: open: %s", what, strerror(a.open_err));
			EXPECT_EQ(-1, a.rc) TH_LOG("%s", what);
			EXPECT_EQ(EPERM, a.err) TH_LOG("%s", what);
		}
		EXPECT_STREQ("_", a.label) TH_LOG("%s", what);

		refusal_line(t, way, pid, line, sizeof(line));
		if (reaches_label(t, variant->as, way)) {
			EXPECT_TRUE(kmsg_scan(kmsg, line, true))
				TH_LOG("%s: no \"%s\"", what, line);
		} else {
			/* The VFS or proc refused: the module never saw the write. */
			*strstr(line, " refused: ") = '\0';
			EXPECT_FALSE(logged(kmsg, line)) TH_LOG("%s: \"%s\" logged", what, line);
		}
		close(kmsg);

		read_state(&after, &probe, trust);
		for (i = 0; i < __STATE_MAX; i++) {
			EXPECT_EQ(0, strcmp(before.item[i], after.item[i]))
				TH_LOG("%s: %s changed", what, state_names[i]);
		}
		free_state(&before);
		free_state(&after);
	}
}

TEST_HARNESS_MAIN
