#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# stress-ng over file system, process, IPC and socket stressors, two instances each, with
# SELinux and label both enforcing; the harness fails the boot on any kernel report. Run time:
# wb.stressng=<seconds> on the command line, 60 by default.
. /opt/wb/tests/debian/ktap.sh

secs=$(tr ' ' '\n' < /proc/cmdline | sed -n 's/^wb.stressng=//p' | tail -n 1)
secs=${secs:-60}
dir=/tmp/stress-ng
mkdir -p $dir
plan 3
same "SELinux enforcing" 1 "$(cat /sys/fs/selinux/enforce)"
same "label runs" label "$(tr ',' '\n' < /sys/kernel/security/lsm | grep -x label)"
# Each group runs a third of the time: file system, then processes, then IPC and sockets.
check "stress-ng: no stressor failed ($secs s)" sh -c "
	cd $dir &&
	stress-ng --timeout $((secs / 3)) --temp-path $dir --dir 2 --dentry 2 --link 2 \
		--rename 2 --xattr 2 --open 2 --chmod 2 &&
	stress-ng --timeout $((secs / 3)) --temp-path $dir --fork 2 --exec 2 --clone 2 --kill 2 &&
	stress-ng --timeout $((secs / 3)) --temp-path $dir --pipe 2 --msg 2 --sem 2 --shm 1 --shm-bytes 4M \
		--sock 2 --sockpair 1 --udp 2"
rm -rf $dir
finish
