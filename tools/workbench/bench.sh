#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make bench: boot each configuration of tests/bench/configurations under qemu TCG with
# -icount shift=0 (the guest clock counts instructions), two CPUs, and no address randomization
# (nokaslr norandmaps), so the counts repeat exactly; run tests/bench/lsm_bench, and print
# guest instructions per operation side by side, with each configuration's overhead over the
# first. A benchmark, not a test: it fails only if a configuration cannot be measured.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
res=$top/build/results
mkdir -p "$res"
table=$res/bench.tsv
: > "$table"

while read -r name variant cmdline; do
	case "$name" in ''|'#'*) continue ;; esac
	if ! flock "$top/build/.lock" "$top/tools/workbench/build-kernel.sh" "$variant" \
		>"$res/build-$variant.log" 2>&1; then
		echo "  BENCH   $name: kernel variant $variant does not build (build/results/build-$variant.log)"
		exit 1
	fi
	log=$res/bench-$name.log
	if ! "$top/tools/workbench/vm.sh" --variant "$variant" --mode tests --tests lsm_bench \
		--icount --append "$cmdline nokaslr norandmaps" --log "$log" --timeout 600 >"$res/bench-$name.out" 2>&1; then
		echo "  BENCH   $name: the VM failed:"
		sed 's/^/    /' "$res/bench-$name.out" | tail -n 20
		exit 1
	fi
	tr -d '\r' < "$log" | awk -v n="$name" '/^bench /{ print n "\t" $2 "\t" $3 }' >> "$table"
	echo "  BENCH   $name ($variant, $cmdline): $(grep -c "^$name	" "$table") operations"
done < "$top/tests/bench/configurations"

# One row per operation: instructions per operation, then the overhead over the baseline.
awk -F'\t' '
	!($1 in seen) { seen[$1] = 1; cfg[++ncfg] = $1 }
	!($2 in seenop) { seenop[$2] = 1; op[++nop] = $2 }
	{ v[$1, $2] = $3 }
	END {
		printf "%-16s", "instructions/op"
		for (c = 1; c <= ncfg; c++) printf " %16s", cfg[c]
		printf "\n"
		for (o = 1; o <= nop; o++) {
			printf "%-16s", op[o]
			for (c = 1; c <= ncfg; c++) {
				base = v[cfg[1], op[o]]
				if (c == 1 || !base || !((cfg[c], op[o]) in v))
					printf " %16s", v[cfg[c], op[o]]
				else
					printf " %8s (%+5.1f%%)", v[cfg[c], op[o]], 100 * (v[cfg[c], op[o]] - base) / base
			}
			printf "\n"
		}
	}' "$table" | tee "$res/bench.txt"
