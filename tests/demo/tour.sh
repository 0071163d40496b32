#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The guided tour of `make run`, run inside the VM: what is stacked and how it behaves.
s=/sys/kernel/security/stacker
show() { echo; echo "== $1"; }

show "Active LSMs (/sys/kernel/security/lsm)"
cat /sys/kernel/security/lsm; echo
show "Hosted modules in call order ($s/modules: position name id state)"
cat $s/modules
show "Boot selection problems ($s/errors)"
cat $s/errors
show "Hooks per module ($s/hooks, first 200 characters of each line)"
cut -c1-200 $s/hooks
show "An unprivileged CAP_SYS_ADMIN action (sethostname as uid 65534) is denied"
su -s /bin/sh nobody -c 'hostname intruder' 2>&1 || true
dmesg | grep 'stacker: .*denied' | tail -n 1
show "Counters ($s/stats)"
cat $s/stats
show "Mode switches: capability can never be permissive"
echo "capability permissive" > $s/mode 2>&1 || echo "(refused, as it should be)"
cat $s/mode
show "Lock: no more changes until reboot"
echo 1 > $s/lock; cat $s/lock
echo "capability enforcing" > $s/mode 2>&1 || echo "(refused after lock)"
