#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Build one kernel variant (tests/configs/variants) into build/kernel-<variant>/: tinyconfig (or,
# when the variant's words start with "defconfig", the architecture's defconfig) plus the variant's
# fragments, then bzImage, the modules (the stacker's sample) and the uapi headers the test
# programs compile against. A variant whose words start with "pristine" is built from
# build/pristine, untouched 6.12 without any project file or patch (make bench's mainline
# baselines), instead of build/linux. A variant whose words start with "seed=<variant>" starts,
# when its build directory is new, as a copy of that variant's built objects.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
variant=$1
out=$top/build/kernel-$variant
src=$top/build/linux
cfgdir=$top/tests/configs

frags=$(awk -v v="$variant" '$1 == v { $1 = ""; print }' "$cfgdir/variants")
if [ -z "$frags" ]; then
	echo "error: no variant '$variant' in tests/configs/variants" >&2
	exit 1
fi
base=tinyconfig
case $frags in " pristine "*) src=$top/build/pristine frags=${frags# pristine} ;; esac
case $frags in " defconfig "*) base=defconfig frags=${frags# defconfig} ;; esac
seed=
case $frags in " seed="*) seed=${frags# seed=} seed=${seed%% *} frags=${frags# seed="$seed"} ;; esac
mkdir -p "$out"

# A new directory seeded from a built variant of the same tree and compiler flags: kbuild's
# syncconfig touches include/config/<SYMBOL> for each option that differs, and fixdep's record of
# each object's options makes it recompile only the objects that read one (49 of 1,554 for
# nostacker against stacked) instead of every object: most of a kernel off make check's cold
# budget. Kbuild's own incremental rule, the one every config edit relies on.
if [ -n "$seed" ] && [ ! -f "$out/.config" ] && [ -f "$top/build/kernel-$seed/vmlinux" ]; then
	echo "  SEED    $variant from $seed's objects"
	cp -a "$top/build/kernel-$seed/." "$out/"
	rm -f "$out/.fragments-sum"
fi

# Regenerate .config only when a fragment changed, so an unchanged config keeps every object.
sum=$(cd "$cfgdir" && cat $frags | sha1sum | cut -c1-40)
if [ "$(cat "$out/.fragments-sum" 2>/dev/null)" != "$sum" ] || [ ! -f "$out/.config" ]; then
	echo "  CONFIG  $variant: $base +$frags"
	rm -f "$out/.fragments-sum"
	make -s -C "$src" O="$out" $base >/dev/null
	(cd "$cfgdir" && "$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" $frags) >/dev/null
	make -s -C "$src" O="$out" olddefconfig
	# merge_config drops options whose dependencies are missing: refuse to build without them.
	# A later fragment may set an option again (every-lsm.config's CONFIG_LSM): its line counts.
	lost=0
	while IFS=$'\t' read -r f line; do
		case "$line" in
		CONFIG_*=*) grep -qxF "$line" "$out/.config" || { echo "error: $variant: $f: '$line' did not survive olddefconfig" >&2; lost=1; } ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }
			sym=${sym%% *}
			! grep -q "^$sym=" "$out/.config" || { echo "error: $variant: $f: $sym is set, the fragment unsets it" >&2; lost=1; } ;;
		esac
	done < <(cd "$cfgdir" && awk '/^CONFIG_[A-Za-z0-9_]*=/ { sym = $0; sub(/=.*/, "", sym) }
		/^# CONFIG_[A-Za-z0-9_]* is not set$/ { sym = $2 }
		/^(CONFIG_|# CONFIG_.* is not set$)/ { last[sym] = FILENAME "\t" $0; if (!(sym in seen)) { seen[sym]; order[n++] = sym } }
		END { for (i = 0; i < n; i++) print last[order[i]] }' $frags)
	[ "$lost" = 0 ] || exit 1
	echo "$sum" > "$out/.fragments-sum"
fi

# KASAN (the debug variant) instruments the files of security/ itself, of the stacker, of label
# and of the stacker's samples, and no other object: the allocators still poison and quarantine
# whatever is freed, so an access these files make to freed or out-of-bounds memory is reported,
# while the 1,900 objects compile about 30% faster (kernel/sched/core.c: 2.5 s against 3.5) and
# the debug boot runs faster under TCG. kbuild reads KASAN_SANITIZE and KASAN_SANITIZE_<file>.o
# from the environment below any Makefile's own setting, so a file upstream keeps uninstrumented
# stays so; same-named files elsewhere are instrumented, as every file is in a plain KASAN kernel.
# Its compiler flags are its own, so no other variant's compile is a preprocessor-mode ccache hit
# for it: ccache's depend mode reads the dependency file the compiler writes instead of running
# the preprocessor before each miss (about a quarter of a compile), and hits as direct mode does.
build_env=()
if grep -qx CONFIG_KASAN=y "$out/.config"; then
	build_env=(CCACHE_DEPEND=1 KASAN_SANITIZE=n)
	for f in $(cd "$src" && find security -maxdepth 1 -name '*.c' &&
		find security/stacker security/label samples/stacker -name '*.c'); do
		f=${f##*/}
		build_env+=("KASAN_SANITIZE_${f%.c}.o=y")
	done
fi

echo "  KERNEL  $variant"
env "${build_env[@]}" make -s -C "$src" O="$out" CC="ccache gcc" -j"${JOBS:-2}" bzImage headers modules
