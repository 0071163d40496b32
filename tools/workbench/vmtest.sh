#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# VM tier: for each scenario of tests/scenarios, build its kernel variant, boot it with the test
# programs and read their KTAP back from the serial console. A program that crashes, or never
# reports all of its plan, counts as failed; so does a VM that hangs, panics or oopses.
# Writes "passed failed skipped" to build/results/vm.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
res=$top/build/results
mkdir -p "$res"
pass=0 fail=0 skip=0
only=${1:-}

# One program's part of a console log, between its markers (program names hold slashes).
program_output() {
	sed -n "\\#WB-BEGIN $2\$#,\\#WB-END $2 #p" "$1"
}

# Count one program's results in a console log: "pass fail skip".
ktap_count() {
	local log=$1 prog=$2
	program_output "$log" "$prog" | awk -v prog="$prog" '
		/^1\.\.[0-9]+/ { plan = substr($0, 4) + 0 }
		/^ok [0-9]+ .*# SKIP/ { s++; next }
		/^ok [0-9]+/ { p++ }
		/^not ok [0-9]+/ { f++ }
		/^WB-END / { ended = 1; split($3, a, "="); rc = a[2] }
		END {
			if (!ended) { f++; print prog ": never finished" > "/dev/stderr" }
			else if (p + f + s < plan) { f += plan - p - f - s; print prog ": reported " p + f + s " of " plan > "/dev/stderr" }
			else if (rc != 0 && f == 0) { f++; print prog ": exit status " rc > "/dev/stderr" }
			if (!plan && ended && rc == 0 && !p) { f++; print prog ": no test ran" > "/dev/stderr" }
			print p + 0, f + 0, s + 0
		}'
}

while read -r scenario variant programs cmdline; do
	case "$scenario" in ''|'#'*) continue ;; esac
	[ -z "$only" ] || [ "$only" = "$scenario" ] || continue
	if ! flock "$top/build/.lock" "$top/tools/workbench/build-kernel.sh" "$variant" >"$res/build-$variant.log" 2>&1; then
		echo "  VMTEST  $scenario: kernel variant $variant does not build:"
		grep -E 'error|Error' "$res/build-$variant.log" | head -n 20 | sed 's/^/    /'
		fail=$((fail + 1))
		continue
	fi
	log=$res/vm-$scenario.log
	: > "$log"
	"$top/tools/workbench/vm.sh" --variant "$variant" --mode tests --tests "$programs" \
		--append "$cmdline" --log "$log" --timeout 300 >"$res/vm-$scenario.out" 2>&1
	vmrc=$?
	sed -i 's/\r$//' "$log"
	line="  VMTEST  $scenario ($variant${cmdline:+, $cmdline}):"
	for prog in ${programs//,/ }; do
		why=$res/vm-$scenario-${prog//\//-}.why
		read -r p f s < <(ktap_count "$log" "$prog" 2>"$why")
		pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
		line="$line $prog $p/$((p + f))"
		[ "$f" = 0 ] || { program_output "$log" "$prog" | grep '^not ok' | sed 's/^/    /'; sed 's/^/    /' "$why"; }
	done
	echo "$line"
	if [ "$vmrc" != 0 ]; then
		fail=$((fail + 1))
		sed 's/^/    /' "$res/vm-$scenario.out" | tail -n 45
	fi
done < "$top/tests/scenarios"
echo "$pass $fail $skip" > "$res/vm"
echo "  VMTEST  $pass passed, $fail failed, $skip skipped"
