#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# First half of the reboot test: give a file on the ext4 root an SELinux context and a label (with
# an exec label), then sync. persist_check_test, in a later boot of the same disk, reads them back.
. /opt/wb/tests/debian/ktap.sh

f=/var/lib/wb-persist
plan 3
# This shell's label, _, may read the file's label kept.
printf '_ kept r\n' | labelctl load -
rm -f $f
echo data > $f
check "chcon sets security.selinux" chcon -t public_t $f
check "labelctl sets security.label and security.labelexec" labelctl set $f kept --exec runner
sync
same "both are there before the reboot" "system_u:object_r:public_t label=kept exec=runner" \
	"$(stat -c %C $f) $(labelctl get $f | sed 's/^[^:]*: //')"
finish
