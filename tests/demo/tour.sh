#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The guided tour of `make run`, run inside the VM: what is stacked and how it behaves.
s=/sys/kernel/security/stacker
show() { echo; echo "== $1"; }

show "Active LSMs (/sys/kernel/security/lsm)"
cat /sys/kernel/security/lsm; echo
echo 1 > $s/count	# calls are counted only when asked: see the counters below
show "Hosted modules in call order ($s/modules: position name id state)"
cat $s/modules
show "Boot selection problems ($s/errors)"
cat $s/errors
show "Hooks per module ($s/hooks, first 200 characters of each line)"
cut -c1-200 $s/hooks
show "An unprivileged CAP_SYS_ADMIN action (sethostname as uid 65534) is denied"
echo "Capability's denials are routine: counted, logged only when asked ($s/log):"
cat $s/log
echo "capability on" > $s/log
su -s /bin/sh nobody -c 'hostname intruder' 2>&1 || true
dmesg | grep 'stacker: .*denied' | tail -n 1
echo "capability off" > $s/log
show "Counters ($s/stats; calls counted since the tour switched $s/count on)"
cat $s/stats
show "Mode switches: capability can never be permissive"
echo "capability permissive" > $s/mode 2>&1 || echo "(refused, as it should be)"
cat $s/mode

show "Two contexts for one process: SELinux's and label's, each in its own attr/ directory"
echo "attr/current (SELinux answers it):  $(tr -d '\0' < /proc/self/attr/current 2>&1)"
echo "attr/selinux/current:               $(tr -d '\0' < /proc/self/attr/selinux/current 2>&1)"
echo "attr/label/current:                 $(cat /proc/self/attr/label/current)"
echo "/proc/self/attr/: $(cd /proc/self/attr && echo *)"
show "Rules: 'web' may read 'public' and nothing else (labelctl load -, then labelctl rules)"
printf 'web public r\n' | labelctl load -
labelctl rules
echo "not public" > /tmp/secret
echo "hello" > /tmp/public
labelctl set /tmp/secret secret
labelctl set /tmp/public public
labelctl get /tmp/secret
labelctl get /tmp/public
labelctl check web public r
labelctl check web secret r
show "As 'web': the public file reads, the secret one is denied by label"
labelctl exec web -- cat /tmp/public
labelctl exec web -- cat /tmp/secret || true
sleep 1
grep 'lsm=label' /var/log/audit/audit.log 2>/dev/null | tail -n 1 | cut -c1-240 ||
	dmesg | grep 'lsm=label' | tail -n 1
if [ "$(cat /sys/fs/selinux/enforce 2>/dev/null)" = 1 ]; then
	show "SELinux, enforcing its policy, denies what label allows: test_t may not read secret_t"
	echo "classified" > /tmp/classified
	chcon -t secret_t /tmp/classified
	ls -Z /tmp/classified
	labelctl set /tmp/classified public
	labelctl get /tmp/classified
	runcon -t test_t labelctl exec web -- cat /tmp/classified || true
	sleep 1
	grep 'avc: .*denied' /var/log/audit/audit.log | tail -n 1 | cut -c1-200
	echo "(no stacker line: label allowed it)"
else
	show "SELinux has no policy here: make run ROOT=debian shows it enforcing beside label"
fi
show "label made permissive: the same read is logged, counted and allowed; then enforcing again"
echo "label permissive" > $s/mode
labelctl exec web -- cat /tmp/secret
echo "label enforcing" > $s/mode
cat $s/mode
cat $s/stats
show "Lock: no more changes until reboot"
echo 1 > $s/lock; cat $s/lock
echo "label permissive" > $s/mode 2>&1 || echo "(refused after lock)"
