#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check-fresh [FORM=quick]: the README's commands from a fresh clone of the committed HEAD,
# inside a minimal Debian 12 chroot (mmdebstrap --variant=minbase) that has nothing but what a user
# needs to clone and type make. Whatever `make check` needs and does not install itself fails here
# instead of on a new machine. The full form runs `make check`; the quick form runs the install
# step, one kernel build and one boot (`make run`) and the static tier (`make static`).
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
form=${1:-full}
b=$top/build/fresh
root=$b/root
# What a fresh machine is assumed to have: a shell, apt, git to clone and make to start.
packages=git,make,ca-certificates
mirrors=("deb http://deb.debian.org/debian bookworm main"
	"deb http://deb.debian.org/debian bookworm-updates main"
	"deb http://deb.debian.org/debian-security bookworm-security main")

case "$form" in
full) cmd="make check" ;;
quick) cmd="make run && make static" ;;
*) echo "check-fresh: FORM is full or quick, not '$form'" >&2; exit 2 ;;
esac

say() { echo "  FRESH   $*"; }

# Unmount everything below the chroot before removing it: rm must never reach the host's /dev.
release() {
	local m
	for m in dev sys proc; do
		! mountpoint -q "$root/$m" || umount -R "$root/$m"
	done
	for m in dev sys proc; do
		if mountpoint -q "$root/$m"; then
			echo "check-fresh: $root/$m is still mounted; not removing $root" >&2
			return 1
		fi
	done
	rm -rf --one-file-system "$root"
}

mkdir -p "$b"
[ ! -d "$root" ] || release
trap release EXIT

# The base system, cached until its package list or sources change.
tarball=$b/bookworm-minbase.tar
sum=$(printf '%s\n' "$packages" "${mirrors[@]}" | sha1sum | cut -c1-40)
if [ "$(cat "$tarball.sum" 2>/dev/null)" != "$sum" ] || [ ! -f "$tarball" ]; then
	say "mmdebstrap --variant=minbase --include=$packages bookworm"
	rm -f "$tarball" "$tarball.sum"
	mmdebstrap --quiet --format=tar --variant=minbase --include="$packages" bookworm "$tarball.tmp" "${mirrors[@]}"
	mv "$tarball.tmp" "$tarball"
	echo "$sum" > "$tarball.sum"
fi

start=$(date +%s)
mkdir -p "$root"
tar -xf "$tarball" -C "$root"
if [ -n "$(git -C "$top" status --porcelain --untracked-files=no)" ]; then
	say "note: uncommitted changes are not part of the clone"
fi
git clone -q "$top" "$root/root/stacker"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --make-rslave "$root/sys"
mount --rbind /dev "$root/dev"
mount --make-rslave "$root/dev"

say "$form form: '$cmd' in a fresh clone of $(git -C "$top" rev-parse --short HEAD)"
rc=0
chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
	CI="${CI:-}" /bin/bash -c "cd /root/stacker && $cmd" || rc=$?
say "$form form took $(( $(date +%s) - start )) s, exit status $rc"
# The tier logs outlive the chroot, for what failed there.
rm -rf "$b/results-$form"
[ ! -d "$root/root/stacker/build/results" ] || cp -r "$root/root/stacker/build/results" "$b/results-$form"
say "logs in build/fresh/results-$form/"
exit "$rc"
