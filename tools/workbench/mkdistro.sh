#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build the Debian system of make check-distro: build/distro/distro.img, Debian 12 as users run
# it, with systemd as init, Debian's reference SELinux policy (selinux-policy-default) enforcing
# and auditd, and both kernel packages installed with dpkg -i: the stacked one (make deb) and
# the reference built from pristine 6.12 (make deb-reference). The image also has labelctl's
# package (make deb), with the SELinux module built from the sources it installs and the unit
# that loads label's rules at boot enabled, the nginx example (tools/label/examples/nginx/) and
# the collector that each boot runs (tests/distro/). Everything is labelled offline (setfiles for SELinux,
# extended attributes for label), so the first boot is already enforcing.
# The packages of tests/distro/packages come from mmdebstrap as a tarball cached under the list's
# hash. The kernels' /boot files are copied to build/distro/ for qemu to boot. The image is
# rebuilt only when an input is newer than it.
set -euo pipefail
shopt -s nullglob

top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/distro
img=$out/distro.img
lt=$top/tools/label
mkdir -p "$out"

. "$(dirname "$0")/rootfs.sh"
tar=$(rootfs_tar DISTRO "$out" "$top/tests/distro/packages")

debs=()
for kind in stacker reference; do
	deb=$(ls "$top"/build/linux-image-*-"$kind"_*.deb 2>/dev/null | head -n 1)
	[ -n "$deb" ] || { echo "error: no linux-image-*-$kind package in build/ (make deb, make deb-reference)" >&2; exit 1; }
	debs+=("$deb")
done
deb=$(ls "$top"/build/labelctl_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { echo "error: no labelctl package in build/ (make deb)" >&2; exit 1; }
debs+=("$deb")
newer=$(find "$top/tests/distro" "$top/tests/debian/ktap.sh" "$lt/examples" \
	"$tar" "${debs[@]}" "$0" -newer "$img" 2>/dev/null | head -1 || true)
[ -f "$img" ] && [ -z "$newer" ] && exit 0

echo "  DISTRO  $img"
start=$(date +%s)
root=$out/root
cleanup() {
	for m in dev/pts dev proc sys; do
		mountpoint -q "$root/$m" && umount "$root/$m"
	done
	return 0
}
trap cleanup EXIT
cleanup
rm -rf "$root"
mkdir -p "$root"
tar -xf "$tar" -C "$root"
for m in proc sys dev dev/pts; do
	mount --bind "/$m" "$root/$m"
done
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

# The kernels and labelctl, installed as an administrator installs them: dpkg -i, which makes
# each initramfs.
mkdir -p "$root/tmp/deb"
cp "${debs[@]}" "$root/tmp/deb/"
in_root sh -c 'dpkg -i /tmp/deb/*.deb' > "$out/dpkg.log" 2>&1 ||
	{ tail -n 20 "$out/dpkg.log" >&2; echo "error: dpkg -i failed (build/distro/dpkg.log)" >&2; exit 1; }
rm -rf "$root/tmp/deb"
for f in "$root"/boot/vmlinuz-* "$root"/boot/initrd.img-*; do
	cp "$f" "$out/"
done

# labelctl's SELinux module, from the sources its package installs, built against the reference
# policy's development files and installed without loading (semodule -n).
mkdir -p "$root/tmp/selinux"
cp "$root"/usr/share/labelctl/selinux/labelctl.{te,fc,if} "$root/tmp/selinux/"
in_root make -s -C /tmp/selinux -f /usr/share/selinux/devel/Makefile labelctl.pp > /dev/null
in_root semodule -n -i /tmp/selinux/labelctl.pp 2>&1 | grep -v 'not in password file' || true
rm -rf "$root/tmp/selinux"

# The nginx example, set up as the admin guide's worked example says.
mkdir -p "$root/etc/smack/accesses.d" "$root/etc/systemd/system/nginx.service.d"
install -m 644 "$lt/examples/nginx/nginx.rules" "$root/etc/smack/accesses.d/nginx"
install -m 644 "$lt/examples/nginx/label.conf" "$root/etc/systemd/system/nginx.service.d/"
sed -i 's|^pid /run/nginx.pid;|pid /run/nginx/nginx.pid;|' "$root/etc/nginx/nginx.conf"
install -m 700 "$root/usr/bin/env" "$root/usr/sbin/label-web"
echo "served by nginx as web" > "$root/var/www/html/index.html"
echo "secret" > "$root/var/www/html/secret.html"

# The collector of each boot, and the test client: env again, taking the label client.
install -m 755 "$top/tests/distro/collect.sh" "$root/usr/local/sbin/wb-distro-collect"
install -m 755 "$top/tests/distro/nginx_test.sh" "$root/usr/local/sbin/wb-distro-nginx"
install -m 700 "$root/usr/bin/env" "$root/usr/local/sbin/wb-distro-client"
mkdir -p "$root/usr/local/lib/wb-distro"
install -m 644 "$top/tests/debian/ktap.sh" "$root/usr/local/lib/wb-distro/ktap.sh"
install -m 644 "$top/tests/distro/wb-distro.service" "$root/etc/systemd/system/"
in_root systemctl enable label-rules.service wb-distro.service > /dev/null 2>&1

# SELinux enforcing from the first boot; the console on the serial port; the root file system.
sed -i 's/^SELINUX=.*/SELINUX=enforcing/' "$root/etc/selinux/config"
echo wb-distro > "$root/etc/hostname"
echo 'LABEL=wb-distro / ext4 errors=remount-ro 0 1' > "$root/etc/fstab"
cleanup
trap - EXIT

# Labels, offline. SELinux: setfiles with the policy's file contexts, as a relabel at boot would.
# label: the attributes that labelctl set would write on a running system.
fc=$root/etc/selinux/default/contexts/files/file_contexts
setfiles -r "$root" "$fc" "$root"
setfattr -n security.label -v web "$root/usr/sbin/label-web"
setfattr -n security.labelexec -v web "$root/usr/sbin/label-web"
setfattr -n security.labelexec -v client "$root/usr/local/sbin/wb-distro-client"
for d in var/www/html var/log/nginx var/lib/nginx; do
	find "$root/$d" -exec setfattr -n security.label -v web {} +
done
setfattr -n security.labeltransmute -v TRUE "$root/var/log/nginx"
setfattr -n security.label -v secret "$root/var/www/html/secret.html"

# 2 GiB, sparse: the system and both kernels take about half.
rm -f "$img.tmp"
mkfs.ext4 -q -F -L wb-distro -d "$root" "$img.tmp" 2G > /dev/null
mv "$img.tmp" "$img"
rm -rf "$root"
echo "  DISTRO  $(du -m --apparent-size "$img" | cut -f1) MB image, $(du -m "$img" | cut -f1) MB on disk, in $(( $(date +%s) - start )) s"
