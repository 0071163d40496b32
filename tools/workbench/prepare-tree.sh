#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Lay out build/linux: pristine 6.12 source + the project's files + patches/series, incrementally.
#
# build/pristine is the untouched tarball, extracted once; build/linux starts as a copy of it. Only
# files whose content changed are rewritten, so make rebuilds only what depends on them. When the
# series changes, every file the old or new series touches is restored from pristine and the whole
# new series is pushed with quilt: patches always apply to clean upstream. build/linux/patches links
# to the project's patches/, so `quilt new/edit/refresh` there writes straight into the series.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
b=$top/build
tarball=${TARBALL:-/usr/src/linux-source-6.12.tar.xz}
want=${KERNEL_VERSION:?KERNEL_VERSION unset (6.12.N)}

say() { echo "  TREE    $*"; }

version_of() {
	awk '/^VERSION =/{v=$3} /^PATCHLEVEL =/{p=$3} /^SUBLEVEL =/{s=$3} END{print v"."p"."s}' "$1/Makefile"
}

if [ ! -f "$b/pristine/.complete" ]; then
	say "extracting $tarball"
	rm -rf "$b/pristine" "$b/pristine.tmp"
	mkdir -p "$b/pristine.tmp"
	tar -xf "$tarball" -C "$b/pristine.tmp" --strip-components=1
	got=$(version_of "$b/pristine.tmp")
	if [ "$got" != "$want" ]; then
		echo "error: $tarball holds Linux $got, the project is pinned to $want" >&2
		exit 1
	fi
	touch "$b/pristine.tmp/.complete"
	mv "$b/pristine.tmp" "$b/pristine"
	rm -rf "$b/linux"
fi

if [ ! -f "$b/linux/.complete" ]; then
	say "copying the pristine tree to build/linux"
	rm -rf "$b/linux" "$b/linux.tmp"
	cp -a "$b/pristine" "$b/linux.tmp"
	rm -f "$b/linux.tmp/.complete"
	ln -s ../../patches "$b/linux.tmp/patches"
	: > "$b/linux.tmp/.series-files"
	: > "$b/linux.tmp/.project-files"
	touch "$b/linux.tmp/.complete"
	mv "$b/linux.tmp" "$b/linux"
fi
cd "$b/linux"

# Put back the pristine version of one file (or remove it if upstream has none), with a new mtime
# so that make sees the change.
restore() {
	rm -f "$1"
	[ ! -f "$b/pristine/$1" ] || cp "$b/pristine/$1" "$1"
}

# --- patches/series ----------------------------------------------------------------------------
patch_names() { awk '!/^[[:space:]]*#/ && NF {print $1}' "$top/patches/series"; }
series_sum=$(cd "$top/patches" && cat series $(patch_names) | sha1sum | cut -c1-40)
if [ "$(cat .series-sum 2>/dev/null)" != "$series_sum" ]; then
	rm -f .series-sum
	new_files=$(cd "$top/patches" && patch_names | xargs -r cat | awk '/^\+\+\+ /{sub(/^[ab]\//, "", $2); print $2}' | sort -u)
	for f in $(cat .series-files) $new_files; do
		restore "$f"
	done
	echo "$new_files" > .series-files
	rm -rf .pc
	say "applying patches/series"
	if [ -n "$(patch_names)" ] &&
	   ! out=$(QUILT_PATCHES=patches quilt push -a -q --leave-rejects 2>&1); then
		echo "$out" | grep -v '^Applying patch' | sed 's/^/    /' >&2
		find . -name '*.rej' -newer .complete | while read -r rej; do
			echo "    failing hunk(s) of ${rej#./}:" >&2
			sed 's/^/      /' "$rej" >&2
			rm -f "$rej"
		done
		p=$(QUILT_PATCHES=patches quilt next 2>/dev/null || true)
		echo "error: ${p:-a patch} does not apply to Linux $want (failing hunk above)" >&2
		exit 1
	fi
	echo "$series_sum" > .series-sum
fi

# --- the project's own files -------------------------------------------------------------------
# Files the project adds, at the same path in the tree. tests/corpus is the hostile input that
# the selftests' Makefiles embed in their programs. Of tools/label, labelctl itself: its
# examples, unit and SELinux module are the distribution's business.
{
	for d in security include samples Documentation tools/testing tests/corpus; do
		[ ! -d "$top/$d" ] || (cd "$top" && find "$d" -type f)
	done
	(cd "$top" && find tools/label -maxdepth 1 -type f)
} | sort > .project-files.new
changed=0
while read -r f; do
	if [ -e "$b/pristine/$f" ]; then
		echo "error: $f would overwrite an upstream file: change it with a patch in patches/" >&2
		exit 1
	fi
	if ! cmp -s "$top/$f" "$f"; then
		mkdir -p "$(dirname "$f")"
		rm -f "$f"
		cp "$top/$f" "$f"
		changed=$((changed + 1))
	fi
done < .project-files.new
# Files the project no longer has go back to upstream (or away).
for f in $(comm -23 .project-files .project-files.new); do
	restore "$f"
done
mv .project-files.new .project-files
[ "$changed" = 0 ] || say "$changed project file(s) updated"
