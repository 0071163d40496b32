#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# VM tier: for each scenario of tests/scenarios, build its kernel variant, boot it with the test
# programs and read their KTAP back from the serial console. A program that crashes, or never
# reports all of its plan, counts as failed; so does a VM that hangs, panics or oopses. The
# Debian scenarios boot one copy of the Debian image, made afresh for each run, in turn; then
# the "# context" lines of debian/contexts_test are compared, scenario by scenario, with the
# first scenario's (SELinux alone): one test per line.
# Writes "passed failed skipped" to build/results/vm.
# VMTEST_PHASE=build builds the scenarios' kernel variants and the Debian image, and boots
# nothing; VMTEST_PHASE=boot then boots them without building (make check runs the other tiers
# beside the boots, which keep one CPU busy); the default does both, every build first.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
res=$top/build/results
mkdir -p "$res"
pass=0 fail=0 skip=0
only=${1:-*}   # a shell pattern of scenario names
phase=${VMTEST_PHASE:-all}
case $phase in build | boot | all) ;; *) echo "vmtest.sh: VMTEST_PHASE is build, boot or all" >&2; exit 2 ;; esac

. "$top/tools/workbench/ktap-count.sh"

# Compare one scenario's context lines with the reference scenario's: "pass fail".
compare_contexts() {
	local ref=$1 log=$2 p=0 f=0 name want got
	while IFS= read -r line; do
		name=${line%%: *}
		want=$(grep -F -m 1 "$name: " "$ref" || true)
		got=$(grep -F -m 1 "$name: " "$log" || true)
		if [ -n "$got" ] && [ "$got" = "$want" ]; then
			p=$((p + 1))
		else
			f=$((f + 1))
			printf '    %s differs from SELinux alone:\n      want %s\n      got  %s\n' \
				"${name#\# context }" "${want#*: }" "${got#*: }" >&2
		fi
	done < <(grep '^# context ' "$ref")
	echo "$p $f"
}

# The selected scenarios' lines.
scenarios() {
	local scenario rest
	while read -r scenario rest; do
		case "$scenario" in ''|'#'*) continue ;; esac
		# shellcheck disable=SC2254
		case "$scenario" in $only) echo "$scenario $rest" ;; esac
	done < "$top/tests/scenarios"
}

# Build each variant and the Debian image once, before any boot: a build during the boots
# would replace a bzImage that a later boot reads. A failure leaves build/results/*.failed,
# which the boot phase reports for each scenario that needed what failed.
if [ "$phase" != boot ]; then
	rm -f "$res"/*.failed
	for variant in $(scenarios | awk '!seen[$2]++ { print $2 }'); do
		flock "$top/build/.lock" "$top/tools/workbench/build-kernel.sh" "$variant" \
			>"$res/build-$variant.log" 2>&1 || touch "$res/build-$variant.failed"
	done
	if scenarios | awk '$3 == "debian" { found = 1 } END { exit !found }'; then
		"$top/tools/workbench/mkdebian.sh" >"$res/debian-build.log" 2>&1 ||
			touch "$res/debian-build.failed"
	fi
	[ "$phase" = build ] && exit 0
fi

disk=$res/debian-disk.img disk_made='' reference=''
while read -r scenario variant root programs cmdline; do
	if [ "$root" = debian ] && [ -z "$disk_made" ]; then
		if [ -e "$res/debian-build.failed" ]; then
			echo "  VMTEST  the Debian image does not build:"
			tail -n 20 "$res/debian-build.log" | sed 's/^/    /'
			fail=$((fail + 1))
			continue
		fi
		cp --sparse=always "$top/build/debian/debian.img" "$disk"
		disk_made=1
	fi
	if [ -e "$res/build-$variant.failed" ]; then
		echo "  VMTEST  $scenario: kernel variant $variant does not build:"
		grep -E 'error|Error' "$res/build-$variant.log" | head -n 20 | sed 's/^/    /'
		fail=$((fail + 1))
		continue
	fi
	log=$res/vm-$scenario.log
	: > "$log"
	# A boot that outlives this is a hang. The debug kernel (KASAN, kmemleak scans, a 60 s
	# stress and the fault injection) took about 480 s by itself at ef3b572, alone on the
	# machine, and went over 600 s with builds beside it: a limit to catch hangs, not a speed test.
	# Under make check the other tiers' builds run beside every boot.
	limit=600
	[ "$variant" != debug ] || limit=1500
	"$top/tools/workbench/vm.sh" --variant "$variant" --root "$root" --disk "$disk" --mode tests \
		--tests "$programs" --append "$cmdline" --log "$log" --timeout $limit >"$res/vm-$scenario.out" 2>&1
	vmrc=$?
	sed -i 's/\r$//' "$log"
	line="  VMTEST  $scenario ($variant${cmdline:+, $cmdline}):"
	for prog in ${programs//,/ }; do
		why=$res/vm-$scenario-${prog//\//-}.why
		read -r p f s < <(ktap_count "$log" "$prog" 2>"$why")
		pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
		line="$line $prog $p/$((p + f))"
		[ "$f" = 0 ] || { program_output "$log" "$prog" | grep -E '^(# )?not ok' | sed 's/^/    /'; sed 's/^/    /' "$why"; }
	done
	case ",$programs," in
	*,debian/contexts_test,*)
		program_output "$log" debian/contexts_test > "$res/contexts-$scenario"
		if [ -z "$reference" ]; then
			reference=$scenario
		else
			read -r p f < <(compare_contexts "$res/contexts-$reference" "$res/contexts-$scenario")
			pass=$((pass + p)) fail=$((fail + f))
			line="$line, contexts as $reference $p/$((p + f))"
		fi
		;;
	esac
	echo "$line"
	if [ "$vmrc" != 0 ]; then
		fail=$((fail + 1))
		sed 's/^/    /' "$res/vm-$scenario.out" | tail -n 45
	fi
done < <(scenarios)
echo "$pass $fail $skip" > "$res/vm"
echo "  VMTEST  $pass passed, $fail failed, $skip skipped"
