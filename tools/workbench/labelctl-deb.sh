#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make deb's labelctl package: build/labelctl_<version>_amd64.deb, with labelctl built by
# tools/label/Makefile against the deb kernel's uapi headers (build/kernel-deb/usr/include has
# <linux/label.h>), its man page, the unit that loads /etc/smack at boot (installed, not enabled)
# and the SELinux policy module's sources for the administrator to build against the system's
# policy. One static binary: the package depends on nothing.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
version=${KERNEL_VERSION:?KERNEL_VERSION unset}-1
khdr=$top/build/kernel-deb/usr/include
stage=$top/build/labelctl-deb
deb=$top/build/labelctl_${version}_amd64.deb
lt=$top/tools/label

[ -f "$khdr/linux/label.h" ] || { echo "error: no $khdr/linux/label.h: build the deb kernel first" >&2; exit 1; }
rm -rf "$stage" "$top"/build/labelctl_*.deb
mkdir -p "$stage/DEBIAN" "$stage/usr/share/man/man8" "$stage/usr/share/doc/labelctl" \
	"$stage/lib/systemd/system" "$stage/usr/share/labelctl/selinux"
make -s -C "$lt" O="$stage/obj" KHDR="$khdr" LDFLAGS=-static DESTDIR="$stage/usr/sbin" install
rm -rf "$stage/obj"
gzip -9n < "$lt/labelctl.8" > "$stage/usr/share/man/man8/labelctl.8.gz"
install -m 644 "$lt/systemd/label-rules.service" "$stage/lib/systemd/system/"
install -m 644 "$lt"/selinux/labelctl.{te,fc,if} "$stage/usr/share/labelctl/selinux/"
cat > "$stage/usr/share/doc/labelctl/copyright" <<EOF
labelctl, the user-space tool of the label security module.
License: GPL-2.0-only (/usr/share/common-licenses/GPL-2).
EOF
cat > "$stage/DEBIAN/control" <<EOF
Package: labelctl
Version: $version
Architecture: amd64
Section: admin
Priority: optional
Maintainer: Stacker developers <stacker@localhost>
Installed-Size: $(du -sk "$stage" | cut -f1)
Description: tool of the label security module
 Loads and queries label's rules, host labels and file labels: Smack's rule
 files (/etc/smack) as smackctl and smackload read them, chlabel as chsmack.
 Needs a kernel with label (the linux-image-*-stacker package).
EOF
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" > /dev/null
echo "  DEB     build/$(basename "$deb"), $(du -k "$deb" | cut -f1) KB"
