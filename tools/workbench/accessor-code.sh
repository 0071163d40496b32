#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# With the stacker compiled out, the value accessors must cost nothing: build security/label/ of
# the nostacker kernel twice, as it is and with every security_get_value() and
# security_attach_value() call replaced by the direct access a framework LSM would write
# (blob + label_blob_sizes.lbs_<kind>), and compare the object code of each file, instructions and
# relocations (a field's offset is a relocation addend in an object file). Prints one line per
# file that differs (none: the accessors compile to direct field access); exits 1 if the check
# could not run.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/build/linux
out=$top/build/kernel-nostacker
work=$top/build/accessor-code
dir=security/label

[ -f "$out/.config" ] || { echo "accessor-code: build the nostacker kernel first" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/accessor" "$work/direct"

build() {
	make -s -C "$src" O="$out" CC="ccache gcc" -j"${JOBS:-2}" "$dir/" >"$work/$1.log" 2>&1 || {
		echo "accessor-code: $dir does not build ($1); build/accessor-code/$1.log" >&2
		return 1
	}
	for o in "$out/$dir"/*.o; do
		case "$o" in */built-in.o) continue ;; esac
		objdump -dr --no-show-raw-insn -w "$o" | sed 1,3d > "$work/$1/$(basename "$o").dis"
	done
}

# Put the project's sources back, whatever happens: the next build recompiles them.
restore() {
	local f

	for f in "$top/$dir"/*.[ch]; do
		cp "$f" "$src/$dir/"
	done
}
trap restore EXIT

build accessor
# The direct form: blob + the module's own offset, exactly what an LSM without the stacker writes.
python3 - "$src/$dir" <<'EOF'
import pathlib, re, sys
call = re.compile(r'security_(?:get|attach)_value\(\s*([^,]+?),\s*STACKER_([A-Z_]+),\s*'
                  r'&label_values\s*(?:,\s*[^()]*)?\)')
total = found = 0
for path in pathlib.Path(sys.argv[1]).glob('*.[ch]'):
    text = path.read_text()
    total += len(re.findall(r'security_(?:get|attach)_value\(', text))
    new, n = call.subn(lambda m: '((void *)(%s) + label_blob_sizes.lbs_%s)'
                       % (m.group(1), m.group(2).lower()), text)
    found += n
    path.write_text(new)
if not found or found != total:
    sys.exit('accessor-code: replaced %d of %d accessor calls' % (found, total))
EOF
build direct
restore
trap - EXIT
make -s -C "$src" O="$out" CC="ccache gcc" -j"${JOBS:-2}" "$dir/" >/dev/null 2>&1

for f in "$work/accessor"/*.dis; do
	name=$(basename "$f" .dis)
	cmp -s "$f" "$work/direct/$name.dis" ||
		echo "$dir/$name: differs from direct lbs_* access (build/accessor-code/)"
done
