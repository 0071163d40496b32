#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Refresh the topmost quilt patch of build/linux in the project's house style: a/ b/ prefixes, no
# timestamps, the description ended by "---", and a "diff --git" line before each file, as
# checkpatch and git am expect. With --style-only FILE..., restyle those patches and nothing else.
set -euo pipefail

restyle() {
	# checkpatch misreads the context of a patch whose description ends with a blank line.
	awk '!body && /^(diff --git |--- a\/)/ { body = 1; print "---"; print "" }
	     !body && ($0 == "" || $0 == "---") { blanks += ($0 == ""); next }
	     !body { for (; blanks; blanks--) print ""; print; next }
	     /^--- a\// && prev !~ /^diff --git / { f = substr($2, 3); print "diff --git a/" f " b/" f }
	     { print; prev = $0 }' "$1" > "$1.tmp"
	mv "$1.tmp" "$1"
}

if [ "${1:-}" = --style-only ]; then
	shift
	for p in "$@"; do restyle "$p"; done
	exit 0
fi
cd "$(dirname "$0")/../../build/linux"
export QUILT_PATCHES=patches
quilt refresh -p ab --no-timestamps --no-index --sort "$@"
restyle "patches/$(basename "$(quilt top)")"
