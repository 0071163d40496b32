#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# What SELinux's user-space tools print, on a file and processes this script makes the same way
# in every boot. Each command is a test that passes when it succeeds; its output is printed as a
# "# context NAME: OUTPUT" line, and tools/workbench/vmtest.sh compares these lines with those
# of the SELinux-alone boot (lsm=selinux on the kernel without the stacker): same output or fail.
. /opt/wb/tests/debian/ktap.sh

d=/var/tmp/wb-contexts
rm -rf $d
mkdir -p $d
echo data > $d/f

show() {
	name=$1
	shift
	out=$("$@" 2>&1)
	rc=$?
	echo "# context $name: $(printf '%s' "$out" | tr '\0\n' ' |')"
	ktap_result $rc "$name"
}

plan 11
show "id -Z" id -Z
show "runcon -t test_t id -Z" runcon -t test_t id -Z
# ps -Z's label and command columns: the process ids may differ from boot to boot.
show "ps -Z" sh -c 'ps -Z -p $$ | awk "{ print \$1, \$NF }"'
show "runcon ps -Z" runcon -t other_t sh -c 'ps -Z -p $$ | awk "{ print \$1, \$NF }"'
show "ls -Z" ls -Z $d/f
show "stat -c %C" stat -c %C $d/f
show "chcon -t public_t" sh -c "chcon -t public_t $d/f && ls -Z $d/f"
show "chcon -u -r -t" sh -c "chcon system_u:object_r:secret_t $d/f && stat -c %C $d/f"
show "getfattr -n security.selinux" getfattr -n security.selinux $d/f
show "attr/current" cat /proc/self/attr/current
show "peersec" runcon -t other_t /opt/wb/tests/debian/peersec system_u:system_r:test_t
finish
