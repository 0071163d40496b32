#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make bench: boot each configuration of tests/bench/configurations under qemu TCG with
# -icount shift=0 (the guest clock counts instructions), two CPUs, no address randomization
# (nokaslr norandmaps), so the counts repeat, and no merged slab caches (slab_nomerge: getname()'s
# 4 KiB names_cache, merged with kmalloc-4k, cost each path lookup 909 instructions more or less
# depending on whether some module happened to keep a kmalloc-4k slab in use); run tests/bench/lsm_bench once a boot, as many boots
# as the configuration asks; then tools/workbench/bench-report.py writes build/bench/report.md
# (medians, spreads, and the targets of tests/bench/targets) and exits non-zero when a target is
# missed. A benchmark, not a test: make check does not run it (it runs lsm_bench --short once).
#   BENCH_ONLY="P0 P"  measure these configurations only, keep the others' last figures
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
res=$top/build/results
out=$top/build/bench
mkdir -p "$res" "$out"
only=${BENCH_ONLY:-}
start=$(date +%s)

# Build a kernel variant, once a run (incrementally: an unchanged one is up to date at once).
declare -A built
build() {
	[ -z "${built[$1]:-}" ] || return 0
	if ! flock "$top/build/.lock" "$top/tools/workbench/build-kernel.sh" "$1" \
		>"$res/build-$1.log" 2>&1; then
		echo "  BENCH   kernel variant $1 does not build (build/results/build-$1.log)"
		exit 1
	fi
	built[$1]=1
}

# The Debian system's programs are built against the stacked kernel's headers
# (tools/workbench/mkdebian.sh), whichever kernel boots it: a fresh build/ needs that kernel
# before the first configuration (pristine's) boots.
build stacked

while read -r name variant root boots cmdline; do
	case "$name" in ''|'#'*) continue ;; esac
	if [ -n "$only" ] && [[ " $only " != *" $name "* ]]; then
		continue
	fi
	build "$variant"
	rm -f "$out/$name".*.tsv
	for run in $(seq 1 "$boots"); do
		log=$res/bench-$name.$run.log
		if ! "$top/tools/workbench/vm.sh" --variant "$variant" --root "$root" --mode tests \
			--tests lsm_bench --icount --append "$cmdline nokaslr norandmaps slab_nomerge" --log "$log" \
			--timeout 900 >"$res/bench-$name.out" 2>&1; then
			echo "  BENCH   $name: the VM failed:"
			sed 's/^/    /' "$res/bench-$name.out" | tail -n 20
			exit 1
		fi
		tr -d '\r' < "$log" | awk '/^bench /{ print $2 "\t" $3 }' > "$out/$name.$run.tsv"
		if ! tr -d '\r' < "$log" | grep -q '^WB-END lsm_bench rc=0'; then
			echo "  BENCH   $name: lsm_bench failed (build/results/bench-$name.$run.log):"
			tr -d '\r' < "$log" | sed -n '/^WB-BEGIN lsm_bench/,/^WB-END/p' | tail -n 10 | sed 's/^/    /'
			exit 1
		fi
	done
	echo "  BENCH   $name ($variant, $root, $cmdline): $(wc -l < "$out/$name.1.tsv") rows, $boots boots"
done < "$top/tests/bench/configurations"

echo "  BENCH   measured in $(( $(date +%s) - start )) s"
# The project's kernel without its modules against pristine: compiled code, not counts.
build pristine
build unconfigured
/usr/bin/python3 "$top/tools/workbench/same-kernel.py" "$top/build/kernel-pristine" \
	"$top/build/kernel-unconfigured" "$out/same-kernel.md"
/usr/bin/python3 "$top/tools/workbench/bench-report.py" "$top/tests/bench/configurations" \
	"$top/tests/bench/targets" "$out" "$out/same-kernel.md"
rc=$?
gnuplot -e "dat='$out/overhead.dat'; png='$out/overhead.png'" "$top/tools/workbench/bench-plot.gp" &&
	echo "  BENCH   build/bench/report.md, build/bench/overhead.png"
exit $rc
