#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# SELinux enforcing the project's policy (tests/selinux/policy.cil) beside the label module, in
# the Debian system: each module denies what it alone forbids and is blamed only for that, each
# keeps its own process attribute, SELinux's socket peer labels are untouched, and bad writes
# change nothing. With wb.label=absent on the command line (stacker=capability, or lsm=selinux)
# the same operations must behave as SELinux alone, and label must be really absent.
. /opt/wb/tests/debian/ktap.sh

label=yes
grep -qw wb.label=absent /proc/cmdline && label=no
d=/var/tmp/wb-selinux
s=/sys/kernel/security/stacker
kernel_ctx=system_u:system_r:kernel_t
test_ctx=system_u:system_r:test_t
other_ctx=system_u:system_r:other_t

# The branch on label's presence has one check more when it is there.
if [ $label = yes ]; then plan 27; else plan 26; fi

same "SELinux enforces the project's policy" "1 $kernel_ctx" "$(cat /sys/fs/selinux/enforce) $(id -Z)"
if [ $label = yes ]; then
	check "label is active" grep -qw label /sys/kernel/security/lsm
else
	check "label is absent" sh -c '! grep -qw label /sys/kernel/security/lsm &&
		! cat /proc/self/attr/label/current'
fi

# Four files, each with an SELinux type and a label; label's rule lets web read pub only. Their
# inode numbers are kept before they are labelled: this shell's label, _, may not stat them.
rm -rf $d
mkdir -p $d
mk() {
	echo "$1" > $d/$1
	chcon -t "$2" $d/$1
	stat -c %i $d/$1 > $d/$1.ino
	[ $label = no ] || labelctl set $d/$1 "$3" >/dev/null
}
mk both_allow public_t pub
mk selinux_denies secret_t pub
mk label_denies public_t sec
mk both_deny secret_t sec
[ $label = no ] || printf 'web pub r\n' | labelctl load -

# Read a file in the SELinux domain test_t, as label web when label is there.
read_as_test() {
	if [ $label = yes ]; then
		runcon -t test_t labelctl exec web -- cat "$d/$1" 2>&1
	else
		runcon -t test_t cat "$d/$1" 2>&1
	fi
}
denied() { same "$1" "cat: $d/$2: Permission denied" "$(read_as_test "$2")"; }
# Label's audit records (AVC, lsm=label) about one file's inode; SELinux's AVC records about one
# file's name (auditd writes asynchronously: wait for it a little). Only this boot's: the log
# is on the disk that every Debian boot shares.
log_start=$(wc -l < /var/log/audit/audit.log)
audit_log() { tail -n +$((log_start + 1)) /var/log/audit/audit.log; }
label_records() {
	audit_log | grep 'type=AVC .*lsm=label fn=inode_permission action=denied' |
		grep -c " ino=$(cat $d/$1.ino) "
}
wait_for() {
	i=0
	while [ $i -lt 50 ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
selinux_avc() { audit_log | grep 'avc: .*denied' | grep -q "name=\"$1\""; }
avc_logged() { wait_for selinux_avc "$1"; }
label_recorded() { [ "$(label_records "$1")" = 1 ]; }
no_avc() { ! selinux_avc "$1"; }
label_denials() { awk '$1 == "label" { print $3 }' $s/stats 2>/dev/null; }

same "both allow: allowed" both_allow "$(read_as_test both_allow)"

before=$(label_denials)
denied "SELinux denies what label allows" selinux_denies
check "... SELinux logs an AVC for it" avc_logged selinux_denies
same "... label is not blamed" "0 $before" "$(label_records selinux_denies) $(label_denials)"

if [ $label = yes ]; then
	denied "label denies what SELinux allows" label_denies
	check "... label's audit record names it: one record, lsm=label" wait_for label_recorded \
		label_denies
	check "... with the labels, the access and the program" sh -c "tail -n +$((log_start + 1)) \
		/var/log/audit/audit.log | grep 'lsm=label' |
		grep -q 'subject=\"web\" object=\"sec\" requested=r .*comm=\"cat\" .*tclass=file'"
	check "... ausearch finds it" sh -c 'ausearch -m AVC -c cat -ts boot 2>/dev/null |
		grep -q "lsm=label fn=inode_permission"'
	if [ -d $s ]; then
		check "... one event: the stacker logs no line of its own" sh -c \
			'! dmesg | grep -q "stacker: label denied inode_permission: .* comm=\"cat\""'
		same "... and counts it against label" "$((before + 1))" "$(label_denials)"
	else
		check "... label is an LSM of its own, no stacker to attribute it" test ! -d $s
		check "... no stacker counter" test -z "$(label_denials)"
	fi
	check "... SELinux logs no AVC for it" no_avc label_denies
else
	same "label's rule is not enforced: allowed" label_denies "$(read_as_test label_denies)"
	check "... label records nothing" sh -c "! tail -n +$((log_start + 1)) \
		/var/log/audit/audit.log | grep -q lsm=label"
	check "... ausearch finds nothing of label" sh -c \
		'! ausearch -m AVC -ts boot 2>/dev/null | grep -q "lsm=label"' 
	check "... nor does the stacker" sh -c '! dmesg | grep -q "stacker: label denied"'
	check "... nor counts anything against label" test -z "$(label_denials)"
	check "... SELinux logs no AVC for it" no_avc label_denies
fi
denied "both deny: denied" both_deny

# /proc/<pid>/attr/current is SELinux's, attr/label/current label's; each written through its
# own file leaves the other alone. The shell writes its own attributes (/proc/self in a
# redirection is the shell), cat reads them back through /proc/$$.
same "attr/current is SELinux's context" "$(id -Z)" "$(cat /proc/self/attr/current | tr -d '\0')"
if [ $label = yes ]; then
	lbl=$(labelctl self)
	same "attr/label/current is label's" "$lbl" "$(cat /proc/self/attr/label/current)"
	same "writing attr/current leaves label's attribute" "$test_ctx $lbl" "$(sh -c \
		'printf %s '$test_ctx' > /proc/self/attr/current &&
		 echo $(tr -d "\0" < /proc/$$/attr/current) $(cat /proc/$$/attr/label/current)')"
	same "writing attr/label/current leaves SELinux's" "$kernel_ctx web" "$(sh -c \
		'printf web > /proc/self/attr/label/current &&
		 echo $(tr -d "\0" < /proc/$$/attr/current) $(cat /proc/$$/attr/label/current)')"
else
	same "writing attr/current sets SELinux's context" "$test_ctx" "$(sh -c \
		'printf %s '$test_ctx' > /proc/self/attr/current && tr -d "\0" < /proc/$$/attr/current')"
	check "there is no attr/label/current to write" sh -c '! printf web > /proc/self/attr/label/current'
	check "a module not selected has no attr/ directory" test ! -e /proc/self/attr/label
fi

# attr/selinux/ is SELinux's alone, whichever module answers attr/current.
same "attr/selinux/current is SELinux's context" "$(id -Z)" \
	"$(tr -d '\0' < /proc/self/attr/selinux/current)"
same "writing attr/selinux/current sets SELinux's context, and only it" \
	"$(echo $test_ctx $test_ctx $(cat /proc/self/attr/label/current 2>/dev/null))" "$(sh -c \
	'printf %s '$test_ctx' > /proc/self/attr/selinux/current &&
	 echo $(tr -d "\0" < /proc/$$/attr/selinux/current) $(tr -d "\0" < /proc/$$/attr/current) \
	 $(cat /proc/$$/attr/label/current 2>/dev/null)')"

# SELinux's peer labels on UNIX sockets: the peer's context, not the receiver's, not label's.
same "SO_PEERSEC and SCM_SECURITY give the peer's SELinux context" \
	"SO_PEERSEC $test_ctx SCM_SECURITY $test_ctx" \
	"$(runcon -t other_t /opt/wb/tests/debian/peersec $test_ctx | tr '\n' ' ' | sed 's/ $//')"

# Bad writes: a clear errno, nothing changed, no flood of log lines. bash's printf, which names
# the errno where dash's does not; a builtin, since only the process that opened an attr file
# may write it (EPERM after an exec).
lines=$(dmesg | wc -l)
same "a garbage context is refused (EINVAL), the context is unchanged" \
	"Invalid argument $kernel_ctx" "$(bash -c 'printf "no such:context" > /proc/self/attr/current' 2>&1 |
	sed 's/.*: //') $(tr -d '\0' < /proc/self/attr/current)"
same "another task's attr/current is refused (EPERM)" "Operation not permitted" \
	"$(bash -c "printf %s $test_ctx > /proc/1/attr/current" 2>&1 | sed 's/.*: //')"
i=0
while [ $i -lt 50 ]; do
	bash -c 'printf "no such:context" > /proc/self/attr/current' 2>/dev/null
	i=$((i + 1))
done
check "fifty refused writes log at most ten lines" test $(($(dmesg | wc -l) - lines)) -le 10

# A policy that fails to load leaves the loaded one in force.
same "a garbage policy is refused (EINVAL)" "Invalid argument" \
	"$(/usr/bin/printf garbage 2>&1 > /sys/fs/selinux/load | sed 's/.*: //')"
same "... SELinux still enforces the old policy" "1" "$(cat /sys/fs/selinux/enforce)"
denied "... which still denies secret_t" selinux_denies
finish
