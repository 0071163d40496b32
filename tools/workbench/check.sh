#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check: every test tier, then one closing line "N passed, N failed". Exit status 1 if
# anything failed. The export tier is make export: the patch series made and checked, built at
# its midpoint.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
res=$top/build/results
wb=$top/tools/workbench
rm -f "$res/kunit" "$res/vm" "$res/static" "$res/export"
mkdir -p "$res"
start=$(date +%s)

"$wb/vmtest.sh"
flock "$top/build/.lock" "$wb/kunit.sh"
flock "$top/build/.lock" "$wb/static.sh"
flock "$top/build/.lock" env BISECT=mid "$wb/export.sh"

pass=0 fail=0 skip=0
for tier in vm kunit static export; do
	if [ ! -s "$res/$tier" ]; then
		echo "  CHECK   the $tier tier did not report: counted as one failure"
		fail=$((fail + 1))
		continue
	fi
	read -r p f s < "$res/$tier"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + ${s:-0}))
	[ "$p" != 0 ] || { echo "  CHECK   the $tier tier ran no test: counted as one failure"; fail=$((fail + 1)); }
done
echo "  CHECK   took $(( $(date +%s) - start )) s"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
