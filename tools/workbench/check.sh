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

# Each tier's wall time and CPU time (its processes' user + system), the cold budget's ledger.
timed() {
	local TIMEFORMAT="  CHECK   $1: %0R s, of CPU %0U s user + %0S s system"
	shift
	time "$@"
}

# The VM tier's kernels first. Its boots then run one at a time, each on one host thread, so
# the other tiers build and run beside them; the boots' lines are shown after theirs. The
# export tier's series, checkpatch and git am (mostly one thread each, about 8 minutes cold) run
# beside KUnit and static too; its midpoint build waits for build/.lock, one build at a time.
timed "kernels and images" env VMTEST_PHASE=build "$wb/vmtest.sh"
{ timed boots env VMTEST_PHASE=boot "$wb/vmtest.sh"; } > "$res/vmtest.out" 2>&1 &
boots=$!
{ timed export env BISECT=mid "$wb/export.sh"; } > "$res/export.out" 2>&1 &
export=$!
timed kunit flock "$top/build/.lock" "$wb/kunit.sh"
timed static flock "$top/build/.lock" "$wb/static.sh"
wait "$export"
cat "$res/export.out"
wait "$boots"
cat "$res/vmtest.out"

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
