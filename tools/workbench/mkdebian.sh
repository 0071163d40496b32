#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build the VM's Debian system: build/debian/debian.img, an ext4 image of Debian 12 with the
# project's SELinux policy (tests/selinux/, compiled here with secilc), its init, its test
# programs and tools under /opt/wb. The packages of tests/debian/packages come from mmdebstrap
# as a tarball cached under the list's hash: a new list builds a new one, the same list never
# fetches again. The image is rebuilt only when an input is newer than it.
set -euo pipefail
shopt -s nullglob

top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/debian
img=$out/debian.img
pkgfile=$top/tests/debian/packages
# The kselftests and tools, built statically by the initramfs step for the stacked kernel's
# headers: user-space ABI, the same for every variant.
progs=$top/build/initramfs-stacked
mkdir -p "$out"

. "$(dirname "$0")/rootfs.sh"
tar=$(rootfs_tar DEBIAN "$out" "$pkgfile")

"$top/tools/workbench/mkinitramfs.sh" stacked
newer=$(find "$top/tests/debian" "$top/tests/selinux" "$top/tests/vm" "$progs" "$tar" \
	"$0" -newer "$img" 2>/dev/null | head -1 || true)
[ -f "$img" ] && [ -z "$newer" ] && exit 0

echo "  DEBIAN  $img"
root=$out/root
rm -rf "$root"
mkdir -p "$root"
tar -xf "$tar" -C "$root"

# The policy, where load_policy -i finds it from /etc/selinux/config.
pol=$root/etc/selinux/wb
mkdir -p "$pol/policy" "$pol/contexts/files"
secilc -o "$pol/policy/policy.33" -f "$pol/contexts/files/file_contexts" \
	"$top/tests/selinux/policy.cil"
printf 'SELINUX=enforcing\nSELINUXTYPE=wb\n' > "$root/etc/selinux/config"

# /opt/wb: the init, the busybox-only tools the test init needs (reboot -f, cttyhack) at the end
# of PATH, the kselftests, the Debian tests and the project's tools. The label kselftests copy
# /bin/busybox as a program to label.
wb=$root/opt/wb
mkdir -p "$wb/bin" "$wb/tests/debian"
install -m 755 "$top/tests/debian/init" "$wb/init"
install -m 755 "$top/tests/vm/init.sh" "$wb/init.sh"
cp /bin/busybox "$root/usr/bin/busybox"
for a in reboot cttyhack; do
	ln -s /usr/bin/busybox "$wb/bin/$a"
done
cp -r "$progs/kselftest" "$wb/kselftest"
cp "$progs/bin/labelctl" "$root/usr/local/bin/labelctl"
# The benchmark: make bench boots its configurations on this system, and bench_test runs it.
install -m 755 "$progs/tests/lsm_bench" "$wb/tests/lsm_bench"
cp -r "$top/tests/demo" "$wb/demo"
install -m 644 "$top/tests/debian/ktap.sh" "$wb/tests/debian/ktap.sh"
for t in "$top"/tests/debian/*_test.sh; do
	install -m 755 "$t" "$wb/tests/debian/$(basename "$t" .sh)"
done
for c in "$top"/tests/debian/*.c; do
	gcc -static -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -o "$wb/tests/debian/$(basename "$c" .c)" "$c"
done
echo wb-debian > "$root/etc/hostname"

# 1 GiB, sparse: the system takes about a quarter, the tests write little.
rm -f "$img.tmp"
mkfs.ext4 -q -F -L wb-debian -d "$root" "$img.tmp" 1G >/dev/null
mv "$img.tmp" "$img"
rm -rf "$root"
echo "  DEBIAN  $(du -m --apparent-size "$img" | cut -f1) MB image, $(du -m "$img" | cut -f1) MB on disk"
