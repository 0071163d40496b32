#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Static tier, on the project's own files only: checkpatch --strict (sources and patches),
# kernel-doc -Wall, sparse (C=2) with a W=1 compile, coccicheck. Each tool is one test: it
# passes with zero findings. Writes "passed failed" to build/results/static.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/build/linux
res=$top/build/results
mkdir -p "$res"
pass=0 fail=0
cd "$top"

files=$(find security include -name '*.[ch]' 2>/dev/null | sort)
dirs=$(find security -mindepth 1 -maxdepth 1 -type d | sort)

# A tool's findings are in "$res/static-<name>.log": none means pass.
verdict() {
	local name=$1 log=$res/static-$1.log
	if [ -s "$log" ]; then
		echo "  STATIC  $name: $(wc -l < "$log") finding line(s):"
		head -n 30 "$log" | sed "s#$top/##; s#$src/##; s/^/    /"
		fail=$((fail + 1))
	else
		echo "  STATIC  $name: clean"
		pass=$((pass + 1))
	fi
}

# shellcheck disable=SC2086
"$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types --ignore FILE_PATH_CHANGES \
	-f $files 2>&1 | grep -E '(ERROR|WARNING|CHECK):' > "$res/static-checkpatch.log"
verdict checkpatch

awk '!/^[[:space:]]*#/ && NF {print "patches/" $1}' patches/series | xargs -r \
	"$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types --no-signoff \
	--ignore FILE_PATH_CHANGES 2>&1 | grep -E '(ERROR|WARNING|CHECK):' > "$res/static-checkpatch-patches.log"
verdict checkpatch-patches

# shellcheck disable=SC2086
"$src/scripts/kernel-doc" -none -Wall $files > "$res/static-kernel-doc.log" 2>&1
verdict kernel-doc

# sparse and W=1 on the stacked x86 kernel and on the KUnit (UML) build, which also compiles the
# test files. Forcing the rebuild of just these directories keeps it short.
: > "$res/static-sparse-w1.log"
for b in "$top"/build/kernel-stacked "$top"/build/kunit-*; do
	[ -f "$b/.config" ] || continue
	arch=; [ -d "$b/arch/um" ] && arch=ARCH=um
	for d in $dirs; do
		# shellcheck disable=SC2086
		make -s -C "$src" O="$b" $arch CC="ccache gcc" C=2 CHECK=sparse W=1 -j"${JOBS:-2}" \
			"$d/" 2>&1 | grep -E 'warning|error' | grep -v '^make' >> "$res/static-sparse-w1.log"
	done
done
verdict sparse-w1

: > "$res/static-coccicheck.log"
for d in $dirs; do
	make -s -C "$src" O="$top/build/kernel-stacked" coccicheck MODE=report M="$d" \
		SPFLAGS=--use-coccigrep J="${JOBS:-2}" 2>&1 |
		grep -vE '^(Please check|Warning: .*cocci|coccicheck failed|$)' |
		grep -E '^/|WARNING|ERROR' >> "$res/static-coccicheck.log"
done
verdict coccicheck

echo "$pass $fail" > "$res/static"
echo "  STATIC  $pass passed, $fail failed"
