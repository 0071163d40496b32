#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check-deb, first boot (the stacked test kernel): install the kernel packages of make deb,
# which tools/workbench/check-deb.sh put in /opt/deb, as a Debian administrator does, with
# dpkg -i. The image package's postinst runs /etc/kernel/postinst.d, where initramfs-tools makes
# the initramfs that the second boot starts from. labelctl's package too.
. /opt/wb/tests/debian/ktap.sh

plan 9
image=$(ls /opt/deb/linux-image-*.deb 2>/dev/null | grep -v -- -dbg_ | head -n 1)
headers=$(ls /opt/deb/linux-headers-*.deb 2>/dev/null | head -n 1)
labelctl=$(ls /opt/deb/labelctl_*.deb 2>/dev/null | head -n 1)
pkg=$(dpkg-deb -f "$image" Package 2>/dev/null)
ver=${pkg#linux-image-}
echo "# $image: kernel $ver"

check "the image package is there" test -n "$pkg"
check "dpkg -i installs the image package" dpkg -i "$image"
check "dpkg -i installs the headers package" dpkg -i "$headers"
check "dpkg -i installs labelctl's package" dpkg -i "$labelctl"
same "labelctl is /usr/sbin's, with its manual" "/usr/sbin/labelctl /usr/share/man/man8/labelctl.8.gz" \
	"$(dpkg -L labelctl | grep -E '^/usr/(sbin/labelctl|share/man/man8/labelctl.8.gz)$' | paste -sd ' ')"
same "dpkg knows it installed" "install ok installed" "$(dpkg-query -W -f '${Status}' "$pkg")"
check "the kernel is in /boot" test -s "/boot/vmlinuz-$ver"
check "initramfs-tools made its initramfs" test -s "/boot/initrd.img-$ver"
check "the initramfs has an init and the kernel's modules" sh -c \
	"lsinitramfs /boot/initrd.img-$ver | grep -qx init &&
	 lsinitramfs /boot/initrd.img-$ver | grep -q '^usr/lib/modules/$ver/modules.dep\$'"
sync
finish
