#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# KUnit tier, under User-Mode Linux with lockdep and RCU checking on: one kernel for the suites
# of every directory's .kunitconfig together (the stacker's and the hosted modules', merged by
# kunit.py), then one for each <name>.kunitconfig, a variant such as the label module without the
# stacker. The results are kunit.py's own (--json, build/results/kunit-<name>.json), counted per
# test case, each parameter of a parameterized case as one. Writes "passed failed skipped" to
# build/results/kunit.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/build/linux
res=$top/build/results
mkdir -p "$res"
pass=0 fail=0 skip=0

# "passed failed skipped" of a kunit.py --json file: its test cases, in every group (a crashed
# case counts as failed); nothing if the file is not there.
count_json() {
	python3 - "$1" <<'PY' 2>/dev/null
import json, sys
counts = {}
def walk(group):
	for case in group.get("test_cases", []):
		counts[case["status"]] = counts.get(case["status"], 0) + 1
	for sub in group.get("sub_groups", []):
		walk(sub)
walk(json.load(open(sys.argv[1])))
print(counts.get("PASS", 0), counts.get("FAIL", 0) + counts.get("ERROR", 0), counts.get("SKIP", 0))
PY
}

# What UML's defaults and kunit.py's arch_uml.config build that no suite here reaches: virtio
# over PCI, HID and ethtool's netlink (about 75 of 930 objects, compiled by
# every cold run). io_uring stays: label and the stacker have code under CONFIG_IO_URING.
trim=()
for opt in VIRTIO_UML UML_PCI_OVER_VIRTIO HID ETHTOOL_NETLINK; do
	trim+=(--kconfig_add "CONFIG_$opt=n")
done

# One run: @name, then kunit.py's options (--kunitconfig, --kconfig_add).
run() {
	local name=$1 log=$res/kunit-$1.log json=$res/kunit-$1.json rc p f s
	shift
	rm -f "$json"
	echo "  KUNIT   $name: $*"
	# No x86 kernel's compile is a preprocessor-mode ccache hit for a UML one: depend mode
	# skips the preprocessor run before each miss (as build-kernel.sh for the debug kernel).
	(cd "$src" && CCACHE_DEPEND=1 ./tools/testing/kunit/kunit.py run "$@" \
		--build_dir="$top/build/kunit-$name" --jobs="${JOBS:-2}" \
		--make_options CC="ccache gcc" \
		--kconfig_add CONFIG_PROVE_LOCKING=y --kconfig_add CONFIG_PROVE_RCU=y \
		--kconfig_add CONFIG_DEBUG_KERNEL=y "${trim[@]}" --timeout 300 --json="$json") >"$log" 2>&1
	rc=$?
	read -r p f s < <(count_json "$json" || true)
	p=${p:-0} f=${f:-0} s=${s:-0}
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		# The build failed or the kernel never reported: one failure, with the evidence.
		f=1
	fi
	if [ "$f" != 0 ]; then
		grep -E 'error:|\[FAILED\]|CRASHED|Expected|not ok|BUG|WARNING' "$log" | head -n 40 | sed 's/^/    /'
	fi
	grep -E '^\[[0-9:]+\] (=+ \[(PASSED|FAILED)\]|Testing complete)' "$log" | sed 's/^/    /'
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
}

# The suites of the stacked build share a kernel: a UML build costs minutes cold, a suite
# seconds. The stacker's .kunitconfig chooses its test modules (named only, so never hosted by
# the default); the hosted modules, each in its directory, follow them in the boot order.
dirs=$(cd "$top" && find security -name .kunitconfig -printf '%h\n' | sort)
order=$(sed -n 's/^CONFIG_SECURITY_STACKER_DEFAULT="\(.*\)"$/\1/p' "$top/security/stacker/.kunitconfig")
args=()
for d in $dirs; do
	args+=(--kunitconfig="$d")
	[ "$d" = security/stacker ] || order="$order,${d##*/}"
done
run security "${args[@]}" --kconfig_add "CONFIG_SECURITY_STACKER_DEFAULT=\"$order\""
# A variant's new build directory starts from the first kernel's objects: kbuild recompiles
# only the objects that read an option the two configurations set differently (fixdep's
# record), as build-kernel.sh's seed= does for the VM kernels.
for cfg in $(cd "$top" && find security -name '?*.kunitconfig' | sort); do
	name=$(echo "${cfg%.kunitconfig}" | tr / _)
	if [ ! -d "$top/build/kunit-$name" ] && [ -f "$top/build/kunit-security/vmlinux" ]; then
		cp -a "$top/build/kunit-security" "$top/build/kunit-$name"
	fi
	run "$name" --kunitconfig="$cfg"
done
echo "$pass $fail $skip" > "$res/kunit"
echo "  KUNIT   $pass passed, $fail failed, $skip skipped"
