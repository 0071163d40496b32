#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Sourced by mkdebian.sh and mkdistro.sh: the Debian 12 root file system of a package list.
#   rootfs_tar TAG OUTDIR PACKAGE-LIST-FILE
# prints the path of OUTDIR/rootfs-<hash>.tar, mmdebstrap --variant=minbase with the list's
# packages (lines starting with # are comments), made only when no tarball of the same list
# exists: a new list builds a new one (the old one is removed), the same list never fetches
# again. TAG names the caller in the progress lines, which go to stderr.
rootfs_tar() {
	local tag=$1 out=$2 packages hash tar start
	packages=$(grep -v '^#' "$3" | paste -sd, -)
	hash=$(printf '%s' "$packages" | sha256sum | cut -c1-12)
	tar=$out/rootfs-$hash.tar
	if [ ! -f "$tar" ]; then
		printf '  %-7s mmdebstrap bookworm: %s\n' "$tag" "$packages" >&2
		start=$(date +%s)
		rm -f "$out"/rootfs-*
		# mmdebstrap chooses its output format by the name's extension.
		# The caller's set -e does not reach into its command substitution.
		mmdebstrap --quiet --variant=minbase --include="$packages" bookworm \
			"$out/rootfs-part.tar" >&2 || return 1
		mv "$out/rootfs-part.tar" "$tar" || return 1
		printf '  %-7s root file system in %s s, %s MB\n' "$tag" \
			"$(( $(date +%s) - start ))" "$(du -m "$tar" | cut -f1)" >&2
	fi
	echo "$tar"
}
