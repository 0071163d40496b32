/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Label: the module's shared definitions - labels, access bits, per-object data and helpers.
 */
#ifndef _SECURITY_LABEL_LABEL_H
#define _SECURITY_LABEL_LABEL_H

#define pr_fmt(fmt) "label: " fmt

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/hashtable.h>
#include <linux/in6.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/lsm_hooks.h>
#include <linux/mutex.h>
#include <linux/stacker.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/xattr.h>
#include <uapi/linux/label.h>

struct seq_file;

/*
 * Access bits, one per letter of Smack's access strings, in the order LABEL_ACCESS_LETTERS
 * lists them: read, write, execute, append, transmute, lock, then "b" (Smack's bring-up mode),
 * accepted in a rule and never stored. A rule's write implies lock, as in Smack.
 */
#define LABEL_MAY_READ		BIT(0)
#define LABEL_MAY_WRITE		BIT(1)
#define LABEL_MAY_EXEC		BIT(2)
#define LABEL_MAY_APPEND	BIT(3)
#define LABEL_MAY_TRANSMUTE	BIT(4)
#define LABEL_MAY_LOCK		BIT(5)
#define LABEL_MAY_ALL		(BIT(6) - 1)
#define LABEL_MAY_BRINGUP	BIT(6)
/* Room for an access string and its NUL. */
#define LABEL_ACCESS_BUF	8

/**
 * struct label - an interned label: one per name and table, compared by pointer; never freed
 *	in the module's table
 * @node: entry in its struct label_names (RCU readers, the table's mutex for writers)
 * @len: length of @name
 * @name: the label, NUL-terminated
 */
struct label {
	struct hlist_node node;
	u16 len;
	char name[];
};

/*
 * The special labels: floor "_", star "*", hat "^", and "_sysctl", the kernel's control files
 * (/proc/sys, sysfs, binfmt_misc, ...: label_default()), which every task reads and the floor
 * writes, and another label writes only through a rule.
 * Set once at boot.
 */
extern struct label *label_floor __ro_after_init;
extern struct label *label_star __ro_after_init;
extern struct label *label_hat __ro_after_init;
extern struct label *label_sysctl __ro_after_init;

/*
 * What an unlabelled block device is decided as (file.c): the storage of every label's files,
 * which a task of the floor opens, "^" reads, and no rule reaches.
 */
extern struct label label_storage;

/* table.c */
#define LABEL_HASH_BITS 10

/**
 * struct label_names - a table of interned labels, one struct label per name
 *
 * The module has one, label_table, whose labels are never removed or freed. A test may make
 * its own and destroy it with everything interned in it.
 */
struct label_names {
	/**
	 * @buckets: the labels, hashed by name: readers walk them under RCU, writers add under
	 * @mutex; nothing is removed while the table is in use.
	 */
	DECLARE_HASHTABLE(buckets, LABEL_HASH_BITS);
	/** @mutex: serializes additions; taken inside a rule set's mutex, never around it. */
	struct mutex mutex;
};

/* The module's label table; reach it through label_intern() and label_find(). */
extern struct label_names label_table;

int __init label_table_init(void);
struct label *label_find(const char *name, size_t len);
struct label *label_intern(const char *name, size_t len);
void label_table_show(struct seq_file *m);
void label_names_init(struct label_names *names);
struct label *label_names_find(struct label_names *names, const char *name, size_t len);
struct label *label_names_intern(struct label_names *names, const char *name, size_t len);
struct label *label_names_intern_valid(struct label_names *names, const char *name, size_t len);

/* parse.c */
void __init label_parse_init(void);
bool label_name_valid(const char *name, size_t len);

/**
 * struct label_rule_text - one parsed rule line, pointing into the text it came from
 * @subject: the subject label's name
 * @subject_len: its length
 * @object: the object label's name
 * @object_len: its length
 * @access: LABEL_MAY_* bits to grant, LABEL_MAY_BRINGUP if the line had "b"
 * @deny: LABEL_MAY_* bits to take away, for a @change
 * @smack: the line has Smack's meaning: "a" grants nothing without "w" (see label_rule_apply())
 * @change: the line changes its pair's rule (change-rule) instead of replacing it
 */
struct label_rule_text {
	const char *subject;
	size_t subject_len;
	const char *object;
	size_t object_len;
	u32 access;
	u32 deny;
	bool smack;
	bool change;
};

/**
 * enum label_rule_format - the rule languages of the policy files
 * @LABEL_RULES_LOAD: "load": lines "subject object access" in label's meaning, or one rule in
 *	Smack's fixed-width form (24-byte label columns), which has Smack's
 * @LABEL_RULES_SMACK: "load2": lines "subject object access" in Smack's meaning
 * @LABEL_RULES_CHANGE: "change-rule": lines "subject object allow deny" in Smack's meaning,
 *	changing the pair's rule instead of replacing it
 * @__LABEL_RULES_MAX: the number of formats
 */
enum label_rule_format {
	LABEL_RULES_LOAD,
	LABEL_RULES_SMACK,
	LABEL_RULES_CHANGE,
	__LABEL_RULES_MAX
};

/* The size of a rule in Smack's fixed-width form: two 24-byte labels and 4 to 6 letters. */
#define LABEL_FIXED_LABEL	24
#define LABEL_FIXED_MIN		(2 * LABEL_FIXED_LABEL + 4)
#define LABEL_FIXED_MAX		(2 * LABEL_FIXED_LABEL + 6)

size_t label_next_field(const char **p, const char *end, const char **field);
int __must_check label_parse_access(const char *text, size_t len, u32 *access);
int __must_check label_parse_rule(const char *line, size_t len, struct label_rule_text *rule);
int __must_check label_parse_change_rule(const char *line, size_t len,
					 struct label_rule_text *rule);
int __must_check label_parse_fixed_rule(const char *text, size_t len,
					struct label_rule_text *rule);
u32 label_rule_apply(u32 old, const struct label_rule_text *rule);
int label_access_to_string(u32 access, char *buf);

/* rules.c */
struct label_rule_table;

/**
 * struct label_ruleset - rules keyed by (subject, object) label pointers
 *
 * The module has one, label_rules in rules.c, that every decision reads. A test may make its
 * own, over its own struct label_names, and destroy both.
 *
 * Lock order: @mutex, then the @names mutex (a load interns labels). The module's @mutex is
 * also held around every other policy change (label_policy_change_begin()), before that
 * change's own lock (onlycap's, the hosts').
 */
struct label_ruleset {
	/**
	 * @table: the hash table of the rules, one struct label_rule per pair: lookups are
	 * lock-free under RCU, writers hold @mutex. Rules are not removed while the set is in
	 * use; a full table is replaced by a bigger one (struct label_rule_table in rules.c).
	 */
	struct label_rule_table __rcu *table;
	/** @count: the number of rules; under @mutex. */
	unsigned int count;
	/**
	 * @retired: the RCU state (start_poll_synchronize_rcu()) when the table before @table
	 * was replaced; under @mutex.
	 */
	unsigned long retired;
	/** @list: the same rules in the order they were created, for listing; under @mutex. */
	struct list_head list;
	/** @blocks: the memory of the rules (struct label_rule_block); under @mutex. */
	struct list_head blocks;
	/**
	 * @mutex: serializes loads, listings and the freeze; for the module's set, the freeze
	 * and every other change of the policy too.
	 */
	struct mutex mutex;
	/**
	 * @frozen: set once, by label_ruleset_freeze(), under @mutex, and never cleared: loads
	 * and policy changes check it under @mutex, so none is applied after the freeze; other
	 * readers READ_ONCE().
	 */
	bool frozen;
	/** @names: where the labels of the rules are interned. */
	struct label_names *names;
};

/**
 * struct label_load_info - what a load found besides its rules
 * @bad_line: the number (from 1) of the first malformed line, 0 if there is none
 * @bringup: a line had Smack's "b", which label ignores
 */
struct label_load_info {
	int bad_line;
	bool bringup;
};

int __init label_rules_init(void);
u32 label_rule_access(const struct label *subject, const struct label *object);
int __must_check label_load_rules(char *text, size_t len, enum label_rule_format format);
int __must_check label_revoke_subject(const char *name, size_t len);
bool label_frozen(void);
int label_refuse_frozen(const char *what);
int __must_check label_policy_change_begin(const char *what);
void label_policy_change_end(void);
int __must_check label_freeze(void);
void label_rules_show(struct seq_file *m);
int __must_check label_ruleset_init(struct label_ruleset *set, struct label_names *names);
int __must_check label_ruleset_load(struct label_ruleset *set, char *text, size_t len,
				    enum label_rule_format format, struct label_load_info *info);
int __must_check label_ruleset_revoke_subject(struct label_ruleset *set, const char *name,
					      size_t len);
int __must_check label_ruleset_freeze(struct label_ruleset *set);
void label_ruleset_show(struct label_ruleset *set, struct seq_file *m);
#if IS_ENABLED(CONFIG_SECURITY_LABEL_KUNIT_TEST)
/* Only the KUnit tests, on tables and rule sets of their own, free them or look inside. */
void label_names_destroy(struct label_names *names);
void label_ruleset_destroy(struct label_ruleset *set);
u32 label_ruleset_access(struct label_ruleset *set, const struct label *subject,
			 const struct label *object);
void label_ruleset_shape(struct label_ruleset *set, unsigned int *buckets, unsigned int *longest);
#endif

/* privilege.c */
struct label_set;
struct ratelimit_state;
struct label_set *label_set_parse(const char *text, size_t len);
struct label_set *label_set_get(struct label_set *set);
void label_set_put(struct label_set *set);
bool label_set_has(const struct label_set *set, const struct label *label);
void label_set_show(struct seq_file *m, const struct label_set *set);
bool label_onlycap_allows(const struct cred *cred);
bool label_is_admin(void);
void label_onlycap_set(struct label_set *set);
void label_onlycap_show(struct seq_file *m);
int __must_check label_may_relabel(const char *what, struct ratelimit_state *rs);
bool label_mac_override_enabled(void);
void label_mac_override_set(bool on);
bool label_overrides(void);
int label_check_unconfined(const char *hook);
bool label_opener_overrides(const struct cred *cred);

/* securityfs.c */
int label_may_change_mode(struct file *file, enum stacker_change change);

/* decide.c */
int label_decide(const struct label *subject, const struct label *object, u32 access);
int label_check_slow(const struct label *subject, const struct label *object, u32 access,
		     const char *hook, struct inode *inode);
int label_check_same(const struct label *subject, const struct label *allowed, const char *hook);
int label_check_opener_slow(const struct cred *cred, const struct label *object, u32 access,
			    const char *hook, struct inode *inode);
int label_check_current_slow(const struct label *object, u32 access, const char *hook,
			     struct inode *inode, bool nonblock);

/*
 * Which decisions are recorded, as Smack's "logging" file sets them: denials by default. When
 * grants are, label_log_grants is on and every decision takes the slow path.
 */
#define LABEL_LOG_DENIED	BIT(0)
#define LABEL_LOG_GRANTED	BIT(1)
extern int label_logging;
DECLARE_STATIC_KEY_FALSE(label_log_grants);
bool label_permissive(void);

/* label_check()'s answers that need no rule: its inline part. */
static __always_inline bool label_allowed_inline(const struct label *subject,
						 const struct label *object, u32 access)
{
	if (static_branch_unlikely(&label_log_grants))
		return false;
	return likely(subject != label_star &&
		      (subject == object || object == label_star ||
		       (object == label_floor && !(access & ~(LABEL_MAY_READ | LABEL_MAY_EXEC)))));
}

/**
 * label_check() - decide, and log a denial
 * @subject: the subject's label
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log, or NULL
 *
 * The answers that need no rule and are by far the most common - an object of the subject's
 * own label or "*" (sockets), reading or executing a "_" object - are decided inline,
 * without a call: every path component, stat(), read() and write() of an unlabelled system
 * asks one of them. Steps 2 and 3 of label_decide() for these cases; the rest is
 * label_check_slow().
 *
 * Context: Any context a hook runs in.
 * Return: 0 if allowed, -EACCES if not.
 */
static __always_inline int label_check(const struct label *subject, const struct label *object,
				       u32 access, const char *hook, struct inode *inode)
{
	if (label_allowed_inline(subject, object, access))
		return 0;
	return label_check_slow(subject, object, access, hook, inode);
}

extern bool label_initialized __ro_after_init;

/*
 * Per-object data, inline in the object's security blob: the same source and, standalone, the
 * same object code as direct access to the module's own framework blob. Hosted, the stacker lays
 * out label_blob_sizes among the selected modules; standalone, the framework does.
 */
extern struct lsm_blob_sizes label_blob_sizes;
static const struct stacker_value_id label_values __maybe_unused = { .blobs = &label_blob_sizes };

/**
 * struct label_obj - what the module keeps on a cred, inode, file, IPC object, message, socket
 *	or key
 * @label: the label; NULL on an inode whose label is not known yet (treated as the floor). On
 *	a file, the label SIGIO and SIGURG are sent with: its opener's, then that of the task
 *	that last set its owner, chose the signal or turned the notification on.
 */
struct label_obj {
	struct label *label;
};

/**
 * struct label_cred - what the module keeps on a cred
 * @obj: the task's label; first, so that label_cred_obj() is the value's address
 * @relabel: the labels the task may switch to without CAP_MAC_ADMIN (relabel-self), or NULL;
 *	a counted reference, shared by the creds prepared from this one
 * @transmuted: the label was given by a transmuting directory to the cred that overlayfs
 *	creates a file with (dentry_create_files_as): a directory so made transmutes too
 * @exec_changed: the cred an exec into another label prepared (bprm_creds_from_file): once
 *	it is committed, bprm_committed_creds ends what the old program left; never copied
 */
struct label_cred {
	struct label_obj obj;
	struct label_set *relabel;
	bool transmuted;
	bool exec_changed;
};

static inline struct label_obj *label_cred_obj(const struct cred *cred)
{
	return security_get_value(cred->security, STACKER_CRED, &label_values);
}

/* The cred's label_cred, or NULL without the module's value. */
static inline struct label_cred *label_cred(const struct cred *cred)
{
	struct label_obj *obj = label_cred_obj(cred);

	return obj ? container_of(obj, struct label_cred, obj) : NULL;
}

static inline struct label_obj *label_inode_obj(const struct inode *inode)
{
	return security_get_value(inode->i_security, STACKER_INODE, &label_values);
}

/**
 * struct label_inode - what the module keeps on an inode
 * @obj: the inode's label; first, so that label_inode_obj() is the value's address
 * @transmute: a directory whose new entries take its label (security.labeltransmute), for
 *	tasks whose rule to it has "t"; written with WRITE_ONCE()
 * @session_tty: a pty that took its session's label from the floor (cred.c,
 *	session_terminal_follows()); set once, read with READ_ONCE()
 * @unstored: a tmpfs file whose label is kept here and not yet as security.label, which
 *	fs.c reads and lists from @obj until the attribute is set or removed; set before
 *	the inode is reachable, cleared under the inode's lock, read with READ_ONCE()
 * @task: on a file or directory of /proc/<pid>/ (a file's @obj is label_task_file), the task's
 *	pid, counted, set once by task_to_inode (or for a file below, by fs.c), put by
 *	inode_free_security; else NULL. Its
 *	own, not the proc inode's: task_to_inode reads the task's pid again, and an exec by
 *	another thread (de_thread() exchanging the pids) may come in between.
 */
struct label_inode {
	struct label_obj obj;
	bool transmute;
	bool session_tty;
	bool unstored;
	struct pid *task;
};

/* The inode's label_inode, or NULL without the module's value. */
static inline struct label_inode *label_inode(const struct inode *inode)
{
	struct label_obj *obj = inode->i_security ? label_inode_obj(inode) : NULL;

	return obj ? container_of(obj, struct label_inode, obj) : NULL;
}

static inline struct label_obj *label_file_obj(const struct file *file)
{
	return security_get_value(file->f_security, STACKER_FILE, &label_values);
}

/* Label a value just attached to a new object: 0, or -ENOMEM if it could not be attached. */
static inline int label_obj_init(struct label_obj *obj, struct label *label)
{
	if (!obj)
		return -ENOMEM;
	obj->label = label;
	return 0;
}

/* The label an object's value holds, the floor without one. */
static inline struct label *label_of_obj(const struct label_obj *obj)
{
	struct label *label = obj ? READ_ONCE(obj->label) : NULL;

	return label ?: label_floor;
}

/* A task's label, read without a reference or atomic: the caller keeps @cred alive. */
static inline struct label *label_of_cred(const struct cred *cred)
{
	struct label_obj *obj = label_cred_obj(cred);

	return obj && obj->label ? obj->label : label_floor;
}

static inline struct label *label_of_current(void)
{
	return label_of_cred(current_cred());
}

/* Another task's label; labels are never freed, so it outlives the RCU section. */
static inline struct label *label_of_task(const struct task_struct *task)
{
	struct label *label;

	rcu_read_lock();
	label = label_of_cred(__task_cred(task));
	rcu_read_unlock();
	return label;
}

struct label *label_of_unlabelled(const struct inode *inode);

/* An inode's label; one that no dentry labelled is label_of_unlabelled()'s. */
static inline struct label *label_of_inode(const struct inode *inode)
{
	const struct label_obj *obj = inode->i_security ? label_inode_obj(inode) : NULL;
	struct label *label = obj ? READ_ONCE(obj->label) : NULL;

	return likely(label) ? label : label_of_unlabelled(inode);
}

/*
 * The label a file of /proc/<pid>/ carries: it stands for the task's label at each access,
 * which the slow path of every check asks for (label_task_file_object()). It is no task's
 * label and no rule names it, so no check passes on it inline.
 */
extern struct label label_task_file;
const struct label *label_task_file_object(const struct label *object,
					   const struct inode *inode);

/**
 * label_check_current() - decide for the current task, and log a denial
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log, or NULL
 *
 * As label_check() with the current task's label as the subject; a denial then passes when
 * the task may override it (label_overrides()).
 *
 * Context: A hook of the current task, in process context; not under RCU path walk.
 * Return: 0 if allowed, -EACCES if not.
 */
static __always_inline int label_check_current(const struct label *object, u32 access,
					       const char *hook, struct inode *inode)
{
	if (label_allowed_inline(label_of_current(), object, access))
		return 0;
	return label_check_current_slow(object, access, hook, inode, false);
}

/**
 * label_check_opener() - decide again for a descriptor's opener, and log a denial
 * @cred: the credentials the descriptor was opened with
 * @object: the object's label
 * @access: the requested LABEL_MAY_* bits
 * @hook: the hook asking, for the log
 * @inode: the object's inode, for the log
 *
 * As label_check() with the opener's label as the subject; a denial then passes when the
 * opener may override it (label_opener_overrides()), as it did at the open.
 *
 * Context: Process context.
 * Return: 0 if allowed, -EACCES if not.
 */
static __always_inline int label_check_opener(const struct cred *cred,
					      const struct label *object, u32 access,
					      const char *hook, struct inode *inode)
{
	if (label_allowed_inline(label_of_cred(cred), object, access))
		return 0;
	return label_check_opener_slow(cred, object, access, hook, inode);
}

/*
 * The access a write asks for through a descriptor that @appends (O_APPEND): a, which an "a"
 * rule grants without w, where the write path honours O_APPEND; w on a device node, which
 * writes at the offset (a block device) or as its driver does (a character device) whatever
 * the flag says.
 */
static inline u32 label_write_access(const struct inode *inode, bool appends)
{
	if (appends && !S_ISBLK(inode->i_mode) && !S_ISCHR(inode->i_mode))
		return LABEL_MAY_APPEND;
	return LABEL_MAY_WRITE;
}

/* The current task's access to @inode, logged under @hook when denied. */
static __always_inline int label_inode_check(struct inode *inode, u32 access, const char *hook)
{
	return label_check_current(label_of_inode(inode), access, hook, inode);
}

/* Whether @name is one of the attributes of a socket (net.c), which are the module's too. */
static inline bool label_is_socket_xattr(const char *name)
{
	return !strcmp(name, XATTR_NAME_LABELIPIN) || !strcmp(name, XATTR_NAME_LABELIPOUT) ||
	       !strcmp(name, XATTR_NAME_LABELPEER);
}

/* Whether @name is one of the module's own extended attributes. */
static inline bool label_is_xattr(const char *name)
{
	return !strcmp(name, XATTR_NAME_LABEL) || !strcmp(name, XATTR_NAME_LABELEXEC) ||
	       !strcmp(name, XATTR_NAME_LABELTRANSMUTE) || label_is_socket_xattr(name);
}

/*
 * An inode_getsecurity answer: @label's length, and with @alloc a copy of its name in *@buffer,
 * which the caller frees.
 */
static inline int label_getsecurity_answer(const struct label *label, void **buffer, bool alloc)
{
	if (alloc) {
		*buffer = kmemdup(label->name, label->len, GFP_KERNEL);
		if (!*buffer)
			return -ENOMEM;
	}
	return label->len;
}

/*
 * Whether a descriptor opened with @opener's label of @inode keeps its access whatever the
 * rules say: one the floor opened of a pty before it took its session's label (sshd's and
 * login's, which the session's programs inherit as their standard input and output), decided
 * as it was then. Another label's descriptors of it are decided again, as any.
 */
static inline bool label_session_descriptor(const struct label *opener,
					    const struct inode *inode)
{
	const struct label_inode *li = inode ? label_inode(inode) : NULL;

	return opener == label_floor && li && READ_ONCE(li->session_tty);
}

/* host.c */

/**
 * struct label_host_text - a line of netlabel or ipv6host, parsed
 * @addr: the prefix, masked; an IPv4 one in addr.s6_addr32[3]
 * @mask: its mask, laid out as @addr
 * @prefix: its length in bits
 * @v6: an ipv6host line, else a netlabel one
 * @option: the line names the family's option (-CIPSO, -DELETE) instead of a label
 */
struct label_host_text {
	struct in6_addr addr;
	struct in6_addr mask;
	unsigned int prefix;
	bool v6;
	bool option;
};

int label_host_parse(const char *text, size_t len, bool v6, struct label_host_text *entry,
		     const char **name, size_t *name_len);
int label_host_set(const struct label_host_text *entry, struct label *label);
void label_hosts_show(struct seq_file *m, bool v6);
struct label *label_host4(__be32 addr);
struct label *label_host6(const struct in6_addr *addr);
struct label *label_ambient_get(void);
void label_ambient_set(struct label *label);

struct lsm_network_audit;
int label_check_net_slow(const struct label *subject, const struct label *object,
			 const char *hook, struct lsm_network_audit *net, const char *tclass);
int label_check_net_same(const struct label *subject, const struct label *allowed,
			 const char *hook, struct lsm_network_audit *net, const char *tclass);

/**
 * label_check_net() - may a sender write to a receiver, a denial logged with the addresses
 * @subject: the sender's label: a socket's out label, or a host's
 * @object: the receiver's label: a socket's in label, or a host's
 * @hook: the hook asking, for the log
 * @net: the addresses and ports, for the log
 * @tclass: the class of the socket, for the log
 *
 * Context: Any context a network hook runs in, softirq included.
 * Return: 0 if allowed, -EACCES if not.
 */
static __always_inline int label_check_net(const struct label *subject,
					   const struct label *object, const char *hook,
					   struct lsm_network_audit *net, const char *tclass)
{
	if (label_allowed_inline(subject, object, LABEL_MAY_WRITE))
		return 0;
	return label_check_net_slow(subject, object, hook, net, tclass);
}

/* syslog.c */
struct label *label_syslog_get(void);
void label_syslog_set(struct label *label);

/* task.c */
#ifdef CONFIG_PERF_EVENTS
int label_perf_file_check(struct file *file, const char *hook);
#else
static inline int label_perf_file_check(struct file *file, const char *hook)
{
	return 0;
}
#endif

/* The labels a mount option may name (mount.c), in struct label_mount.labels[]. */
enum label_mount_option {
	LABEL_MOUNT_DEF,	/* labeldef=: every file without security.label */
	LABEL_MOUNT_ROOT,	/* labelroot=: the root directory */
	LABEL_MOUNT_FLOOR,	/* labelfloor=: statfs() asks r of it instead of the root */
	LABEL_MOUNT_HAT,	/* labelhat=: kept and shown, checked nowhere, as Smack's */
	LABEL_MOUNT_TRANSMUTE,	/* labeltransmute=: the root, which transmutes */
	__LABEL_MOUNT_MAX
};

/**
 * struct label_mount - the labels a mount's options name, NULL where none
 * @labels: indexed by enum label_mount_option
 * @submount: the options of a file system the kernel mounts below another, which it
 *	inherits from that one (mount.c), as @owner
 * @owner: with @submount, the label the parent file system's files carry, or NULL
 */
struct label_mount {
	struct label *labels[__LABEL_MOUNT_MAX];
	bool submount;
	struct label *owner;
};

/**
 * struct label_sb - what the module keeps on a superblock
 * @trusted: an administrator marked the file system trusted for exec transitions
 * @mounted: the first mount set @mount and @owner; under s_umount, before the superblock is
 *	visible
 * @mount: the first mount's label options; constant once @mounted, read without a lock
 * @owner: the label every file of the file system carries (label_sb_owner_at_mount()), or
 *	NULL where the files' own attributes count; constant once @mounted
 */
struct label_sb {
	bool trusted;
	bool mounted;
	struct label_mount mount;
	struct label *owner;
};

static inline struct label_sb *label_sb(const struct super_block *sb)
{
	return security_get_value(sb->s_security, STACKER_SUPERBLOCK, &label_values);
}

/* The label every file of @sb carries whatever its attributes say, or NULL. */
static inline struct label *label_sb_owner(const struct super_block *sb)
{
	const struct label_sb *sbl = label_sb(sb);

	return sbl ? sbl->owner : NULL;
}

/* The label a mount option of @sb's file system names, or NULL. */
static inline struct label *label_sb_option(const struct super_block *sb,
					    enum label_mount_option opt)
{
	const struct label_sb *sbl = label_sb(sb);

	return sbl ? sbl->mount.labels[opt] : NULL;
}

struct label *label_default(const struct inode *inode);

/*
 * What acts with the floor's authority, taken over: a floor task (attached to, its /proc files
 * written), a floor terminal's input (faked with TIOCSTI). The floor writes the kernel's control
 * files, so taking over what acts as the floor is decided as access to "_sysctl", which a rule
 * to the floor does not reach. Reads are as the floor's: every task reads "_sysctl".
 */
static inline const struct label *label_held(const struct label *label)
{
	return label == label_floor ? label_sysctl : label;
}

int label_cred_set(struct cred *cred, struct label *label, gfp_t gfp);
struct label_set *label_cred_relabel(const struct cred *cred);
int label_relabel_self_set(struct label_set *set);
void label_inode_set(struct inode *inode, struct label *label);
void label_inode_set_transmute(struct inode *inode, bool transmute);
bool label_sb_carries_transitions(struct super_block *sb);
bool label_sees_system_root(void);
struct label *label_sb_owner_at_mount(const struct super_block *sb);
int label_trust_path(const char *name);
struct label *label_intern_nofs(const char *name, size_t len);
int label_store_unstored(struct dentry *dentry);
bool label_devpts_pty(const struct inode *inode);
int label_socket_getsecurity(struct inode *inode, const char *name, void **buffer, bool alloc);

/* Hook registration, one function per hook file. */
void __init label_add_cred_hooks(void);
void __init label_add_fs_hooks(void);
void __init label_add_mount_hooks(void);
void __init label_add_xattr_hooks(void);
void __init label_add_file_hooks(void);
void __init label_add_syslog_hooks(void);
#ifdef CONFIG_KEYS
void __init label_add_key_hooks(void);
#else
static inline void label_add_key_hooks(void)
{
}
#endif
void __init label_add_task_hooks(void);
void __init label_add_userns_hooks(void);
void __init label_add_ipc_hooks(void);
void __init label_add_net_hooks(void);
void __init label_add_inet_hooks(void);
void __init label_add_hooks(struct security_hook_list *hooks, int count);
void __init label_add_late_hooks(struct security_hook_list *hooks, int count);

#endif /* _SECURITY_LABEL_LABEL_H */
