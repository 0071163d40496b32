#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Pack the VM's initramfs for one kernel variant: busybox-static, /init, the project's kselftests
# (tools/testing/selftests/{stacker,label}) and the kernel's LSM selftests, built by the kernel's
# selftests Makefile and statically linked, in /kselftest, the benchmark and the project's tools, the demo tour. Rebuilt only when
# an input is newer than the image.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
variant=$1
kout=$top/build/kernel-$variant
out=$top/build/initramfs-$variant
img=$out.cpio.gz
src=$top/build/linux
cflags=(-static -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -isystem "$kout/usr/include")
# The selftest targets of the project (a directory with a Makefile, as the kernel's selftests
# Makefile names them: stacker, stacker/lock, ...), the kernel's own LSM selftests, which the
# series teaches the new LSM ids, and Landlock's, untouched, which the debug boot runs beside the
# stacker (they link libcap statically: libcap-dev).
targets="$(cd "$top/tools/testing/selftests" && find . -name Makefile -printf '%h\n' |
	sed 's|^\./||' | sort | tr '\n' ' ')lsm landlock"

# The selftests are built from build/linux's copies, which make tree refreshes: a project file
# edited after the last make tree but before an image was built is older than that image, and
# only its copy says the image is stale. The hostile-input corpus is embedded in the programs.
copies=("$src/tests/corpus")
for t in $targets; do
	copies+=("$src/tools/testing/selftests/$t")
done
inputs=$(find "$top/tests/vm" "$top/tests/bench" "$top/tests/demo" "$top/tools" "${copies[@]}" \
	-type f -newer "$img" 2>/dev/null | head -1 || true)
# The modules the kernel's configuration builds (modules.order), not every .ko of the build
# directory: one left there by an earlier configuration, or from a path a module moved from,
# must not be copied over the current one.
kmods=$(sed -n "s#^\(.*\)\.o\$#$kout/\1.ko#p" "$kout/modules.order" 2>/dev/null || true)
for k in $kmods; do
	if [ "$k" -nt "$img" ]; then inputs=$k; fi
done
if [ -f "$img" ] && [ -z "$inputs" ] && [ "$img" -nt "$kout/usr/include" ] && [ "$img" -nt /bin/busybox ]; then
	exit 0
fi

echo "  INITRD  $variant"
rm -rf "$out"
mkdir -p "$out"/{bin,sbin,proc,sys,dev,tmp,tests,demo,etc,root}
cp /bin/busybox "$out/bin/busybox"
for a in $(/bin/busybox --list); do
	[ "$a" = busybox ] || ln -s busybox "$out/bin/$a"
done
cp "$top/tests/vm/init.sh" "$out/init"
chmod 755 "$out/init"
cp -r "$top/tests/demo/." "$out/demo/"
# The kernel's loadable modules (the stacker's sample), for insmod.
mkdir -p "$out/lib/modules"
for k in $kmods; do
	cp "$k" "$out/lib/modules/"
done
echo "root:x:0:0:root:/root:/bin/sh" > "$out/etc/passwd"
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >> "$out/etc/passwd"

# The kselftests, built where the kernel keeps them (build/linux has the project's copies); a
# compiler warning fails the build as -Werror would, without editing the kselftest flags.
log=$top/build/results/kselftest-build-$variant.log
mkdir -p "$(dirname "$log")"
if ! make -C "$src/tools/testing/selftests" TARGETS="$targets" O="$kout" LDFLAGS=-static \
	INSTALL_PATH="$out/kselftest" install >"$log" 2>&1 || grep -q 'warning:' "$log"; then
	echo "error: the kselftests ($targets) do not build cleanly; build/results/${log##*/}:" >&2
	grep -E 'warning:|error:' "$log" | head -n 20 >&2
	exit 1
fi
for c in "$top"/tests/bench/*.c; do
	gcc "${cflags[@]}" -o "$out/tests/$(basename "$c" .c)" "$c"
done
for d in "$top"/tools/*/; do
	[ -f "$d/Makefile" ] && [ "$(basename "$d")" != workbench ] || continue
	make -s -C "$d" O="$top/build/tools" KHDR="$kout/usr/include" LDFLAGS=-static \
		DESTDIR="$out/bin" install
done

(cd "$out" && find . | cpio -o -H newc --quiet | gzip -1) > "$img.tmp"
mv "$img.tmp" "$img"
