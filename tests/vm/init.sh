#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# /init of the test VM: mount the pseudo file systems, then run what the kernel command line asks
# for (wb.mode=tests|tour|shell|probe, wb.tests=a,b,...: kselftests as <dir>/<program> under
# /kselftest, or programs of /tests), framing each program's output with
# markers that tools/workbench/vmtest.sh reads back from the serial console.
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mkdir -p /dev/pts /dev/shm
mount -t tmpfs tmpfs /dev/shm

arg() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^$1=//p" | tail -n 1; }
mode=$(arg wb.mode)
echo "WB-READY $(cut -d' ' -f1 /proc/uptime) cpus=$(grep -c '^processor' /proc/cpuinfo)"

case "$mode" in
tests)
	for t in $(arg wb.tests | tr ',' ' '); do
		echo "WB-BEGIN $t"
		prog=/kselftest/$t
		[ -x "$prog" ] || prog=/tests/$t
		(cd /tmp && "$prog")
		echo "WB-END $t rc=$?"
	done
	;;
tour)
	sh /demo/tour.sh
	;;
shell)
	echo "Stacker VM shell: 'reboot -f' leaves."
	setsid cttyhack sh
	;;
esac
echo "WB-DONE"
sync
reboot -f
