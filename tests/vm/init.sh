#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# /init of the test VM: mount the pseudo file systems, then run what the kernel command line asks
# for (wb.mode=tests|tour|shell|probe, wb.tests=a,b,...: kselftests as <target>/<program> under
# $WB_ROOT/kselftest, or programs of $WB_ROOT/tests), framing each program's output with
# markers that tools/workbench/vmtest.sh reads back from the serial console. The busybox
# initramfs runs it as /init; the Debian system's init (tests/debian/init) with WB_ROOT=/opt/wb.
root=${WB_ROOT:-}
# wb.tmpfsroot: the busybox initramfs copies itself onto a tmpfs mount and goes on from there.
# pivot_root(2), which Landlock's fs_test calls, refuses a root on rootfs, which a system booted
# from a disk never has.
if [ -z "$root" ] && [ $$ = 1 ] && [ ! -e /.tmpfsroot ]; then
	mount -t proc proc /proc
	if grep -qw wb.tmpfsroot /proc/cmdline; then
		mkdir -p /newroot
		mount -t tmpfs -o mode=0755 tmpfs /newroot
		for d in /*; do
			case $d in
			/proc|/sys|/dev|/newroot) mkdir -p "/newroot$d" ;;
			*) cp -a "$d" /newroot/ ;;
			esac
		done
		touch /newroot/.tmpfsroot
		umount /proc
		exec switch_root /newroot /init
	fi
	umount /proc
fi
mounted() { grep -q " $1 " /proc/mounts 2>/dev/null; }
mounted /proc || mount -t proc proc /proc
mounted /sys || mount -t sysfs sysfs /sys
mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
mounted /dev || mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mkdir -p /dev/pts /dev/shm
# What udev would make: the kselftest runner writes the programs' output to /dev/stdout.
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
for n in 0:stdin 1:stdout 2:stderr; do
	[ -e "/dev/${n#*:}" ] || ln -s "/proc/self/fd/${n%:*}" "/dev/${n#*:}"
done
mount -t tmpfs tmpfs /dev/shm

arg() { tr ' ' '\n' < /proc/cmdline | sed -n "s/^$1=//p" | tail -n 1; }
mode=$(arg wb.mode)
# wb.out=ttyS1: what follows goes to a serial port of its own, so that a kernel message printed
# on the console in the middle of a program's line (a once-only warning, say) cannot break it.
out=$(arg wb.out)
if [ -n "$out" ] && [ -c "/dev/$out" ]; then
	exec >"/dev/$out" 2>&1
else
	out=
fi
echo "WB-READY $(cut -d' ' -f1 /proc/uptime) cpus=$(grep -c '^processor' /proc/cpuinfo)"

case "$mode" in
tests)
	# A kselftest <target>/<program> runs under the kernel's own runner (its settings, its
	# directory, its exit codes), the project's other programs as they are.
	for t in $(arg wb.tests | tr ',' ' '); do
		echo "WB-BEGIN $t"
		if [ -x "$root/kselftest/$t" ]; then
			"$root/kselftest/run_kselftest.sh" -t "${t%/*}:${t##*/}"
		else
			(cd /tmp && "$root/tests/$t")
		fi
		echo "WB-END $t rc=$?"
	done
	;;
tour)
	sh $root/demo/tour.sh
	;;
shell)
	echo "Stacker VM shell: 'reboot -f' leaves."
	setsid cttyhack sh
	;;
esac
echo "WB-DONE"
# The last close of the port waits until its output has left, which reboot would cut short.
[ -z "$out" ] || exec >/dev/console 2>&1
sync
reboot -f
