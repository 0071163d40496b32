#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Static tier, on the project's own files only: checkpatch --strict (sources and patches),
# kernel-doc -Wall, sparse (C=2) with a W=1 compile, the accessors' object code
# (accessor-code.sh), coccicheck. Each tool is one test: it passes with zero findings. Writes
# "passed failed" to build/results/static; exits 1 if a tool failed.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/build/linux
res=$top/build/results
mkdir -p "$res"
pass=0 fail=0
cd "$top"

files=$(find security include samples tests tools -name '*.[ch]' 2>/dev/null | sort)
dirs=$(find security samples -mindepth 1 -maxdepth 1 -type d | sort)

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

# The LSM_HOOK X-macros over lsm_hook_defs.h take every hook's return type and default and use
# only some of them, and their arguments are hook names, never expressions; STACKER_VALUE() and
# friends take the same arguments in both builds and each build uses some: MACRO_ARG_UNUSED and
# MACRO_ARG_REUSE are about other macros.
# In the user-space test programs and tools, strscpy does not exist (STRCPY) and a test may skip
# on a system call the test kernel lacks (ENOSYS).
ignore=FILE_PATH_CHANGES,MACRO_ARG_UNUSED,MACRO_ARG_REUSE,STRCPY,ENOSYS
# checkpatch runs from / with absolute paths: inside a git work tree it reads patches' context
# lines as added ones. Sources are checked against build/linux, which has the patched docs.
# shellcheck disable=SC2086
(cd / && "$src/scripts/checkpatch.pl" --strict --root="$src" --terse --show-types \
	--ignore $ignore -f $(for f in $files; do echo "$top/$f"; done)) 2>&1 |
	grep -E '(ERROR|WARNING|CHECK):' > "$res/static-checkpatch.log"
verdict checkpatch

awk -v d="$top/patches/" '!/^[[:space:]]*#/ && NF {print d $1}' patches/series | (cd / && xargs -r \
	"$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types --no-signoff \
	--ignore $ignore) 2>&1 | grep -E '(ERROR|WARNING|CHECK):' > "$res/static-checkpatch-patches.log"
verdict checkpatch-patches

# shellcheck disable=SC2086
"$src/scripts/kernel-doc" -none -Wall $files > "$res/static-kernel-doc.log" 2>&1
verdict kernel-doc

# sparse and W=1 on the x86 kernels of the two builds of the code, hosted (stacked) and
# standalone (nostacker), and on the KUnit (UML) builds, which also compile the test files.
# Forcing the rebuild of just these directories keeps it short. Not the debug kernel: its
# configuration adds no line of the project's code that these do not compile, and its KASAN
# compile of them is the dearest.
: > "$res/static-sparse-w1.log"
for b in "$top"/build/kernel-stacked "$top"/build/kernel-nostacker "$top"/build/kunit-*; do
	[ -f "$b/.config" ] || continue
	arch=; [ -d "$b/arch/um" ] && arch=ARCH=um
	# One make for every directory: each make of a kernel tree first checks its configuration
	# and prepared headers, about 3 s here.
	# shellcheck disable=SC2046,SC2086
	make -s -C "$src" O="$b" $arch CC="ccache gcc" C=2 CHECK=sparse W=1 -j"${JOBS:-2}" \
		$(for d in $dirs; do echo "$d/"; done) 2>&1 | grep -E 'warning|error' |
		grep -v '^make' >> "$res/static-sparse-w1.log"
done
verdict sparse-w1

# With the stacker compiled out, the value accessors compile to direct blob-offset access. It
# needs the nostacker kernel, which make check builds (make static alone may not have it).
if [ -f "$top/build/kernel-nostacker/.config" ]; then
	"$top/tools/workbench/accessor-code.sh" > "$res/static-accessor-code.log" 2>&1
	verdict accessor-code
else
	echo "  STATIC  accessor-code: skipped, no nostacker kernel (make kernel-nostacker)"
fi

: > "$res/static-coccicheck.log"
# One spatch run per script over all of the project's directories, copied under one root with
# their paths (each run starts slowly: one root takes a third of the time of one per
# directory). M= is absolute: coccicheck runs spatch from the build directory, where a relative
# M= named a directory without sources, and every script matched nothing.
cocci=$top/build/cocci
rm -rf "$cocci" && mkdir -p "$cocci"
# shellcheck disable=SC2086
cp -r --parents $dirs "$cocci/"
make -s -C "$src" O="$top/build/kernel-stacked" coccicheck MODE=report M="$cocci" \
	SPFLAGS=--use-coccigrep J="${JOBS:-2}" > "$res/static-coccicheck.out" 2>&1
# Findings are "file:line:col-col: message"; the rest is spatch's command lines.
grep -E '^[^ ]+\.[ch]:[0-9]+:' "$res/static-coccicheck.out" | sed "s#$cocci/##" \
	>> "$res/static-coccicheck.log"
grep -q 'coccicheck failed' "$res/static-coccicheck.out" &&
	echo "coccicheck failed" >> "$res/static-coccicheck.log"
# A run that looked at no file proves nothing.
grep -q '[1-9][0-9]* files match' "$res/static-coccicheck.out" ||
	echo "coccicheck matched no file in $cocci" >> "$res/static-coccicheck.log"
verdict coccicheck

echo "$pass $fail" > "$res/static"
echo "  STATIC  $pass passed, $fail failed"
[ "$fail" = 0 ]
