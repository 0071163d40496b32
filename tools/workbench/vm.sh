#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Boot a kernel variant in qemu with the test initramfs and a blank disk, or with the Debian system
# on a disk.
#   vm.sh --variant V --mode tests|tour|shell [--tests a,b] [--append "..."] [--log FILE]
#         [--timeout S] [--icount] [--smp N] [--root initramfs|debian] [--disk IMG]
#         [--kernel FILE [--initrd FILE]]
# --root debian boots build/debian/debian.img's system (tools/workbench/mkdebian.sh) from a
# virtio disk: IMG if given (a copy the caller keeps, so that a later boot sees what this one
# wrote), otherwise build/debian/scratch.img, a fresh copy of the image.
# --kernel boots FILE instead of the variant's bzImage, with --root debian only (make check-deb:
# the kernel a package installed on the disk), and --initrd gives it its initramfs.
# The guest has two CPUs unless --smp says otherwise, and the run fails if the kernel did not bring
# them all up. KVM is used when a guest really boots under it (probed once per machine, cached in
# build/); otherwise single-threaded TCG (the vCPUs take turns on one host thread), with one line
# saying why.
# --icount runs TCG with -icount shift=0: the guest clock counts instructions, and the vCPUs take
# turns on one host thread. With sleep=off (idle time skips to the next timer instead of passing
# in real time) and a real-time clock that starts at a fixed date and follows the guest clock,
# nothing of the host's time reaches the guest, and counts repeat exactly. A guest that outlives --timeout is killed and the last
# 40 lines of the log are shown; the exit status is then 124. The log (--log FILE) is the
# console's output, then that of the guest's init and programs, which write to a second serial
# port of their own.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
variant=stacked mode=tour tests= append= log= timeout=180 icount= smp=2 root=initramfs disk=
kernel= initrd=
while [ $# -gt 0 ]; do
	case "$1" in
	--variant) variant=$2; shift ;;
	--mode) mode=$2; shift ;;
	--tests) tests=$2; shift ;;
	--append) append=$2; shift ;;
	--log) log=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--icount) icount=1 ;;
	--smp) smp=$2; shift ;;
	--root) root=$2; shift ;;
	--disk) disk=$2; shift ;;
	--kernel) kernel=$2; shift ;;
	--initrd) initrd=$2; shift ;;
	*) echo "vm.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

if [ -n "$kernel$initrd" ] && { [ "$root" != debian ] || [ -z "$kernel" ]; }; then
	echo "vm.sh: --kernel and --initrd are for --root debian, and --initrd needs --kernel" >&2
	exit 2
fi
cmdline="console=ttyS0 panic=-1 oops=panic loglevel=5 wb.mode=$mode wb.tests=$tests $append"
# A variant's kernel boots on qemu's microvm, which it was configured for (no ACPI, no PCI:
# tests/configs/base.config): its firmware's MP table lists every CPU, its disks are virtio-mmio
# (qemu names them on the command line), and reboot=t leaves by a triple fault, there being no
# ACPI to power off. Nor is there a timer but the TSC and the PIT, and the guest's TSC is the
# host's under TCG and KVM: the kernel is told its frequency (tsc_early_khz=, measured here by
# tsc-khz.c), since on a loaded host its calibration against the PIT can fail and leave it on
# jiffies (4 ms, which made every figure of the benchmark 0), and tsc=reliable keeps the
# clocksource watchdog, which has only jiffies to compare with, from dropping it. Under
# -icount shift=0 the TSC counts the guest's instructions, one per nanosecond: 1 GHz. A kernel
# that a Debian package installed (--kernel) boots on q35, the PC a distribution's kernel
# expects.
if [ -n "$kernel" ]; then
	machine=(-machine q35) blk=virtio-blk-pci
else
	kernel=$top/build/kernel-$variant/arch/x86/boot/bzImage
	machine=(-machine "microvm,acpi=off") blk=virtio-blk-device
	khz=1000000
	if [ -z "$icount" ]; then
		tsc=$top/build/tsc-khz
		[ "$tsc" -nt "$top/tools/workbench/tsc-khz.c" ] ||
			cc -O2 -Wall -o "$tsc" "$top/tools/workbench/tsc-khz.c"
		khz=$("$tsc")
	fi
	cmdline="reboot=t tsc=reliable tsc_early_khz=$khz $cmdline"
fi
# The disk /dev/vda from the image $1, with more of qemu's options for it in $2 (snapshot=on).
drive() {
	drive_args=(-drive "file=$1,if=none,id=vda,format=raw${2:+,$2}" -device "$blk,drive=vda")
}
# Mainline's /proc/self/attr/ for this variant's configuration, for stacker/lsm_test.
listing=$(awk -v v="$variant" '$1 == v { print $2 }' "$top/tests/vm/attr-listings")
[ -z "$listing" ] || cmdline="$cmdline STACKER_ATTR_LISTING=$listing"
case "$root" in
initramfs)
	"$top/tools/workbench/mkinitramfs.sh" "$variant"
	initrd=$top/build/initramfs-$variant.cpio.gz
	# A blank disk, /dev/vda, for the tests that open a block device; snapshot=on keeps its
	# writes in a temporary file of qemu's, so that any number of VMs share the one image.
	[ -f "$top/build/blank.img" ] || truncate -s 1M "$top/build/blank.img"
	drive "$top/build/blank.img" snapshot=on
	# A share of the host, "wbshare", read-only over virtio-9p: as a virtual machine's shares
	# are carried, for the tests of mounting one (the debug kernel has 9p).
	mkdir -p "$top/build/share"
	echo shared > "$top/build/share/file"
	share=(-fsdev "local,id=wbshare,path=$top/build/share,security_model=none,readonly=on"
	       -device virtio-9p-device,fsdev=wbshare,mount_tag=wbshare)
	boot=(-kernel "$kernel" -initrd "$initrd" "${drive_args[@]}" "${share[@]}")
	;;
debian)
	"$top/tools/workbench/mkdebian.sh"
	if [ -z "$disk" ]; then
		disk=$top/build/debian/scratch.img
		cp --sparse=always "$top/build/debian/debian.img" "$disk"
	fi
	drive "$disk"
	boot=(-kernel "$kernel" ${initrd:+-initrd "$initrd"} "${drive_args[@]}")
	cmdline="root=/dev/vda rw rootwait init=/opt/wb/init $cmdline"
	;;
*) echo "vm.sh: unknown root $root" >&2; exit 2 ;;
esac

# Decide the accelerator once per machine: KVM only if a guest gets to /init under it. (The
# cache's name changed with the TCG default, so a build/ that chose multi-threaded TCG decides
# again.)
accel_file=$top/build/.accel-choice
if [ -n "$icount" ]; then
	accel="tcg -icount shift=0,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm"
	echo "  VM      TCG with -icount shift=0 (guest clock counts instructions)"
elif [ -f "$accel_file" ]; then
	accel=$(cat "$accel_file")
	echo "  VM      $accel ($(cat "$accel_file.why"))"
else
	accel=tcg,thread=single why="/dev/kvm is missing or not usable"
	if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
		"$top/tools/workbench/mkinitramfs.sh" "$variant"
		if timeout 15 qemu-system-x86_64 "${machine[@]}" -accel kvm -cpu max -smp "$smp" -m 256 -nographic \
			-no-reboot -kernel "$kernel" -initrd "$top/build/initramfs-$variant.cpio.gz" \
			-append "console=ttyS0 panic=-1 wb.mode=probe" </dev/null 2>&1 | grep -q WB-READY; then
			accel="kvm -cpu max" why="a guest booted under KVM"
		else
			why="a guest did not reach /init under KVM within 15 s"
		fi
	fi
	echo "$accel" > "$accel_file"
	echo "$why" > "$accel_file.why"
	echo "  VM      using ${accel%% *}: $why"
fi

# Not multi-threaded TCG: there a vCPU can still execute an int3 of the kernel's text patching
# (text_poke_bp) after the patching CPU has retired its handler, and the guest dies of "Oops:
# int3". Seen when late boot enabled the sched_clock_stable() static key (1 boot in 40) and when
# tasks_test's perf event turned perf's scheduler hooks on and off (twice in a day of loaded
# runs). Taking turns on one thread, a vCPU never runs code another is patching; the benchmark's
# icount runs, single-threaded too, never showed it.

# shellcheck disable=SC2086
if [ "$mode" = shell ]; then
	exec qemu-system-x86_64 "${machine[@]}" -accel $accel -smp "$smp" -m 1024 -nographic -no-reboot \
		"${boot[@]}" -append "$cmdline"
fi

[ -n "$log" ] || log=$(mktemp)
# The programs write to a second serial port (ttyS1, tests/vm/init.sh), the kernel to the first:
# the log is the console's, then the programs', each line whole.
programs=$(mktemp)
rc=0
# shellcheck disable=SC2086
timeout --foreground -k 5 "$timeout" qemu-system-x86_64 "${machine[@]}" -accel $accel -smp "$smp" \
	-m 1024 -nographic -no-reboot "${boot[@]}" -append "$cmdline wb.out=ttyS1" -serial mon:stdio \
	-chardev "file,id=programs,path=$programs" -device isa-serial,chardev=programs,iobase=0x2f8,irq=3 \
	</dev/null >"$log" 2>&1 || rc=$?
cat "$programs" >>"$log"
rm -f "$programs"
if [ "$mode" = tour ]; then
	sed -n '/WB-READY/,/WB-DONE/p' "$log" | grep -v '^WB-'
fi
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "error: the VM ($variant, $mode) did not finish within ${timeout} s; last 40 console lines:" >&2
	tail -n 40 "$log" | sed 's/^/    /' >&2
	exit 124
fi
if grep -q 'Kernel panic\|Oops\|BUG:\|WARNING:\|UBSAN:' "$log"; then
	echo "error: the kernel reported a problem ($variant, $mode):" >&2
	grep -A 20 -m 1 'Kernel panic\|Oops\|BUG:\|WARNING:\|UBSAN:' "$log" | sed 's/^/    /' >&2
	exit 3
fi
# An SMP kernel that came up on fewer CPUs than the guest has would test less than it claims.
cpus=$(sed -n 's/^WB-READY .* cpus=\([0-9]*\).*/\1/p' "$log" | head -n 1)
if [ "${cpus:-0}" != "$smp" ]; then
	echo "error: the guest has $smp CPUs, its kernel has ${cpus:-no} CPUs online" >&2
	exit 5
fi
grep -q WB-DONE "$log" || { echo "error: the VM stopped before its work was done" >&2; tail -n 40 "$log" >&2; exit 4; }
exit 0
