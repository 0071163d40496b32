#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check-distro: boot the Debian system of mkdistro.sh (systemd, Debian's reference SELinux
# policy enforcing) four times from fresh copies of its image, and compare the boots:
#   reference, reference2  the reference kernel (pristine 6.12, make deb-reference) twice: the
#                          spread between two boots of the same system
#   stacked                the stacked kernel (make deb) as packaged: stacker=capability,label,
#                          SELinux beside it, the nginx example confining nginx
#   capability             the stacked kernel with stacker=capability: the stacker's own presence
# Each boot runs tests/distro/collect.sh, which writes what the boot left to /var/lib/wb-distro/
# and powers off; its files, /var/log/audit/ and the console log go to build/results/distro/BOOT/.
# distro-compare.py then checks the stacked and capability boots against the references and
# prints "N passed, N failed"; the exit status is 1 if anything failed.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
wb=$top/tools/workbench
out=$top/build/distro
res=$top/build/results/distro
start=$(date +%s)

"$wb/mkdistro.sh" || exit 1
rm -rf "$res"
mkdir -p "$res"

# boot NAME KIND [KERNEL ARGUMENTS...]: KIND is stacker or reference, the package's kernel.
boot() {
	local name=$1 kind=$2 dir=$res/$1 disk=$res/$1.img t0 rc=0
	shift 2
	local kernel initrd
	kernel=$(ls "$out"/vmlinuz-*-"$kind") initrd=$(ls "$out"/initrd.img-*-"$kind")
	mkdir -p "$dir"
	cp --sparse=always "$out/distro.img" "$disk"
	t0=$(date +%s)
	# The collector powers off, which ends qemu; a kernel panic (panic=-1) resets the guest,
	# which -no-reboot turns into the end of qemu too, and the boot then has no result.
	timeout --foreground -k 5 1200 qemu-system-x86_64 -machine q35 -accel tcg,thread=single -smp 2 \
		-m 2048 -nographic -no-reboot -kernel "$kernel" -initrd "$initrd" \
		-drive "file=$disk,if=virtio,format=raw" \
		-append "root=LABEL=wb-distro rw console=ttyS0 panic=-1 $*" \
		< /dev/null > "$dir/console.log" 2>&1 || rc=$?
	sed -i 's/\r$//' "$dir/console.log"
	debugfs -R "rdump /var/lib/wb-distro /var/log/audit $dir" "$disk" > /dev/null 2>&1
	rm -f "$disk"
	echo "  DISTRO  $name: $(( $(date +%s) - t0 )) s, $(cat "$dir/wb-distro/state" 2>/dev/null || echo 'no result')"
	[ "$rc" = 0 ] || echo "  DISTRO  $name: qemu exited with $rc"
}

boot reference reference
boot reference2 reference
boot stacked stacker
boot capability stacker stacker=capability
echo "  DISTRO  four boots in $(( $(date +%s) - start )) s"
python3 "$wb/distro-compare.py" "$res"
