/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The label security module's interface to user space: the extended attributes it keeps, the
 * length of a label, the letters of a rule's access and the largest write of rules.
 * Documentation/admin-guide/LSM/label.rst says what each means.
 */

#ifndef _UAPI_LINUX_LABEL_H
#define _UAPI_LINUX_LABEL_H

/*
 * A file's label, the label an exec of it moves to, and a directory's transmute mark (whose
 * one value is LABEL_TRANSMUTE_TRUE), as Smack's SMACK64, SMACK64EXEC and SMACK64TRANSMUTE.
 */
#define XATTR_LABEL_SUFFIX		"label"
#define XATTR_LABELEXEC_SUFFIX		"labelexec"
#define XATTR_LABELTRANSMUTE_SUFFIX	"labeltransmute"
#define XATTR_NAME_LABEL		"security." XATTR_LABEL_SUFFIX
#define XATTR_NAME_LABELEXEC		"security." XATTR_LABELEXEC_SUFFIX
#define XATTR_NAME_LABELTRANSMUTE	"security." XATTR_LABELTRANSMUTE_SUFFIX
#define LABEL_TRANSMUTE_TRUE		"TRUE"

/*
 * A socket's labels, stored nowhere: of what it receives and of what it sends (Smack's
 * SMACK64IPIN and SMACK64IPOUT), and its peer's, read only.
 */
#define XATTR_LABELIPIN_SUFFIX		"labelipin"
#define XATTR_LABELIPOUT_SUFFIX		"labelipout"
#define XATTR_LABELPEER_SUFFIX		"labelpeer"
#define XATTR_NAME_LABELIPIN		"security." XATTR_LABELIPIN_SUFFIX
#define XATTR_NAME_LABELIPOUT		"security." XATTR_LABELIPOUT_SUFFIX
#define XATTR_NAME_LABELPEER		"security." XATTR_LABELPEER_SUFFIX

/* The longest label, in bytes, without a terminating NUL. */
#define LABEL_NAME_MAX			255

/*
 * The letters of a rule's access, in Smack's order: read, write, execute, append, transmute,
 * lock, and "b", Smack's bring-up mode, which is accepted and not kept. Either case, with "-"
 * anywhere; "-" alone is no access.
 */
#define LABEL_ACCESS_LETTERS		"rwxatlb"

/* The most one write() to a file of rules (load, load2, ...) may hold. */
#define LABEL_LOAD_MAX			(8 << 20)

#endif /* _UAPI_LINUX_LABEL_H */
