#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# KUnit tier: every .kunitconfig of the project (and every <name>.kunitconfig, a variant such as
# the label module without the stacker), run under User-Mode Linux with lockdep and RCU checking
# on. Writes "passed failed" to build/results/kunit.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/build/linux
res=$top/build/results
mkdir -p "$res"
pass=0 fail=0

for cfg in $(cd "$top" && find security -name '*.kunitconfig' | sort); do
	name=$(echo "${cfg%/.kunitconfig}" | sed 's/\.kunitconfig$//' | tr / _)
	log=$res/kunit-$name.log
	echo "  KUNIT   $cfg"
	(cd "$src" && ./tools/testing/kunit/kunit.py run --kunitconfig="$cfg" \
		--build_dir="$top/build/kunit-$name" --jobs="${JOBS:-2}" \
		--make_options CC="ccache gcc" \
		--kconfig_add CONFIG_PROVE_LOCKING=y --kconfig_add CONFIG_PROVE_RCU=y \
		--kconfig_add CONFIG_DEBUG_KERNEL=y --timeout 300) >"$log" 2>&1
	rc=$?
	line=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log" | tail -n 1)
	p=$(echo "$line" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
	f=$(echo "$line" | sed -n 's/.*failed: \([0-9]*\).*/\1/p')
	c=$(echo "$line" | sed -n 's/.*crashed: \([0-9]*\).*/\1/p')
	p=${p:-0} f=$(( ${f:-0} + ${c:-0} ))
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		# The build failed or the kernel never reported: one failure, with the evidence.
		f=1
	fi
	if [ "$f" != 0 ]; then
		grep -E 'error:|\[FAILED\]|CRASHED|Expected|not ok|BUG|WARNING' "$log" | head -n 40 | sed 's/^/    /'
	fi
	grep -E '^\[[0-9:]+\] (=+ \[(PASSED|FAILED)\]|Testing complete)' "$log" | sed 's/^/    /'
	pass=$((pass + p)) fail=$((fail + f))
done
echo "$pass $fail" > "$res/kunit"
echo "  KUNIT   $pass passed, $fail failed"
