#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make deb: the Debian packages of the stacked kernel, made with the kernel's own bindeb-pkg from
# the deb variant (x86_64 defconfig plus tests/configs/deb.config and deb-stacker.config) that
# build-kernel.sh built in build/kernel-deb/; make deb-reference: those of the deb-reference
# variant, pristine 6.12 with the same configuration (deb.sh deb-reference). The packages are
# written to build/: linux-image-<release>_<version>_amd64.deb, linux-headers-...,
# linux-libc-dev_... (dpkg-buildpackage writes to the parent of the directory it builds in, with a
# .buildinfo and a .changes named linux-upstream_*); the variant's old ones are removed first.
# make deb also makes labelctl's package (labelctl-deb.sh), against the deb kernel's headers.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
variant=${1:-deb}
k=$top/build/kernel-$variant
src=$top/build/linux
[ "$variant" = deb ] || src=$top/build/pristine
version=${KERNEL_VERSION:?KERNEL_VERSION unset}-1
start=$(date +%s)

release=$(cat "$k/include/config/kernel.release")
rm -f "$top"/build/linux-*-"$release"_*.deb "$top"/build/linux-libc-dev_*.deb "$top"/build/linux-upstream_*
echo "  DEB     bindeb-pkg $release $version"
# KDEB_PKGVERSION fixes the package version: left alone it counts builds. Without debug info in
# the configuration there is no -dbg package.
make -s -C "$src" O="$k" CC="ccache gcc" -j"${JOBS:-2}" KDEB_PKGVERSION="$version" \
	bindeb-pkg > "$k/bindeb-pkg.log" 2>&1 ||
	{ tail -n 30 "$k/bindeb-pkg.log" >&2; echo "error: bindeb-pkg failed (build/kernel-$variant/bindeb-pkg.log)" >&2; exit 1; }
for f in "$top"/build/linux-*-"$release"_*.deb; do
	echo "  DEB     build/$(basename "$f"), $(du -m "$f" | cut -f1) MB"
done
ls "$top/build/linux-image-${release}_$version"_*.deb "$top/build/linux-headers-${release}_$version"_*.deb > /dev/null
[ "$variant" != deb ] || "$top/tools/workbench/labelctl-deb.sh"
echo "  DEB     in $(( $(date +%s) - start )) s"
