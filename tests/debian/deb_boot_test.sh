#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check-deb, second boot: the kernel that the package installed, started from its own
# initramfs, with nothing on the command line about security modules. Its configuration must
# give what the package promises: the stacker hosting capability and label, SELinux beside it,
# both enforcing. (debian/selinux_test and the label tests, run after this one, check how.)
. /opt/wb/tests/debian/ktap.sh

plan 9
ver=$(uname -r)
same "the running kernel is the package's" "linux-image-$ver: /boot/vmlinuz-$ver" \
	"$(dpkg -S "/boot/vmlinuz-$ver" 2>&1)"
check "it started from an initramfs" sh -c 'dmesg | grep -q "Freeing initrd memory"'
check "the command line chooses no security module" sh -c \
	'! grep -qE "(^| )(lsm|stacker|security|selinux)=" /proc/cmdline'
lsms=$(cat /sys/kernel/security/lsm)
echo "# LSMs: $lsms"
check "the framework runs the stacker and SELinux" sh -c \
	"echo '$lsms' | tr , '\n' | grep -qx stacker && echo '$lsms' | tr , '\n' | grep -qx selinux"
check "and no other major LSM" sh -c \
	"! echo '$lsms' | tr , '\n' | grep -qxE 'apparmor|smack|tomoyo'"
same "the stacker hosts capability and label, enforcing" \
	"0 capability none enforcing|1 label inline enforcing" \
	"$(grep -v '^-' /sys/kernel/security/stacker/modules | paste -sd '|')"
same "SELinux enforces" 1 "$(cat /sys/fs/selinux/enforce)"
# The package's labelctl, not the test image's own in /usr/local/bin.
check "the package's labelctl sees label" sh -c \
	"/usr/sbin/labelctl status | grep -q '^label: running, hosted by the stacker'"
# The first module of modules.dep, whatever defconfig builds as a module (netfilter's today).
mod=$(head -n 1 "/lib/modules/$ver/modules.dep" | cut -d: -f1)
mod=$(basename "${mod:-none}" .ko | tr - _)
check "a module of the package loads: $mod" sh -c "modprobe $mod && grep -q '^$mod ' /proc/modules"
finish
