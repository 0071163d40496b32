#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Refresh the topmost quilt patch of build/linux in the project's house style: a/ b/ prefixes, no
# timestamps, and a "diff --git" line before each file, as checkpatch and git am expect.
set -euo pipefail

cd "$(dirname "$0")/../../build/linux"
export QUILT_PATCHES=patches
quilt refresh -p ab --no-timestamps --no-index --sort "$@"
p=patches/$(basename "$(quilt top)")
awk '/^--- a\// && prev !~ /^diff --git / { f = substr($2, 3); print "diff --git a/" f " b/" f }
     { print; prev = $0 }' "$p" > "$p.tmp"
mv "$p.tmp" "$p"
