#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make deb: the Debian packages of the stacked kernel, made with the kernel's own bindeb-pkg from
# the deb variant (x86_64 defconfig plus tests/configs/deb.config) that build-kernel.sh built in
# build/kernel-deb/. The packages are written to build/: linux-image-<release>_<version>_amd64.deb,
# linux-headers-..., linux-libc-dev_... (dpkg-buildpackage writes to the parent of the directory it
# builds in, with a .buildinfo and a .changes named linux-upstream_*); the old ones are removed
# first.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
k=$top/build/kernel-deb
version=${KERNEL_VERSION:?KERNEL_VERSION unset}-1
start=$(date +%s)

rm -f "$top"/build/linux-*.deb "$top"/build/linux-upstream_*
echo "  DEB     bindeb-pkg $(cat "$k/include/config/kernel.release") $version"
# KDEB_PKGVERSION fixes the package version: left alone it counts builds. Without debug info in
# the configuration there is no -dbg package.
make -s -C "$top/build/linux" O="$k" CC="ccache gcc" -j"${JOBS:-2}" KDEB_PKGVERSION="$version" \
	bindeb-pkg > "$k/bindeb-pkg.log" 2>&1 ||
	{ tail -n 30 "$k/bindeb-pkg.log" >&2; echo "error: bindeb-pkg failed (build/kernel-deb/bindeb-pkg.log)" >&2; exit 1; }
for f in "$top"/build/linux-*.deb; do
	echo "  DEB     build/$(basename "$f"), $(du -m "$f" | cut -f1) MB"
done
ls "$top"/build/linux-image-*.deb "$top"/build/linux-headers-*.deb > /dev/null
echo "  DEB     in $(( $(date +%s) - start )) s"
