#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Second half of the reboot test (persist_set_test ran in an earlier boot of this disk): both
# modules' labels are read back from the disk. The extended attributes are checked directly, so
# that the test holds on a kernel where label is not selected too, and through each module's
# view when it is active.
. /opt/wb/tests/debian/ktap.sh

f=/var/lib/wb-persist
label=no
grep -qw label /sys/kernel/security/lsm && label=yes
# This shell's label, _, may read the file's label kept.
[ $label = no ] || printf '_ kept r\n' | labelctl load -

plan 3
same "security.selinux survived the reboot" "system_u:object_r:public_t" \
	"$(getfattr --only-values -n security.selinux $f | tr -d '\0')"
same "security.label and security.labelexec survived the reboot" "kept runner" \
	"$(getfattr --only-values -n security.label $f) $(getfattr --only-values -n security.labelexec $f)"
if [ $label = yes ]; then
	same "SELinux and label both see them" "system_u:object_r:public_t label=kept exec=runner" \
		"$(stat -c %C $f) $(labelctl get $f | sed 's/^[^:]*: //')"
else
	same "SELinux sees its context" "system_u:object_r:public_t" "$(stat -c %C $f)"
fi
finish
