#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make check-deb: the kernel packages of make deb on the VM's Debian system, as an administrator
# gets them. A copy of the Debian image gets the packages in /opt/deb; a first boot, on the
# stacked test kernel, installs them with dpkg -i (debian/deb_install_test), which makes the
# initramfs; a second boot starts the installed /boot/vmlinuz-<release> with its
# /boot/initrd.img-<release>, taken from the disk, and runs the SELinux-and-label checks there;
# a third shows make run's tour on it.
# Ends with "N passed, N failed"; exit status 1 if anything failed.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
res=$top/build/results
wb=$top/tools/workbench
. "$wb/ktap-count.sh"
mkdir -p "$res"
pass=0 fail=0 skip=0
start=$(date +%s)

finish() {
	echo "  DEBCHK  took $(( $(date +%s) - start )) s"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" = 0 ]
	exit
}

# Boot the disk once with some programs and count their results: boot NAME PROGRAMS VM.SH-ARGS...
boot() {
	local name=$1 programs=$2 log=$res/vm-$1.log p f s line
	shift 2
	"$wb/vm.sh" --root debian --disk "$disk" --mode tests --tests "$programs" --log "$log" \
		--timeout 900 "$@" > "$res/vm-$name.out" 2>&1
	local vmrc=$?
	sed -i 's/\r$//' "$log"
	line="  DEBCHK  $name:"
	for prog in ${programs//,/ }; do
		read -r p f s < <(ktap_count "$log" "$prog" 2>"$res/vm-$name-${prog//\//-}.why")
		pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
		line="$line $prog $p/$((p + f))"
		[ "$f" = 0 ] || { program_output "$log" "$prog" | grep '^not ok\|^#' | sed 's/^/    /'
			sed 's/^/    /' "$res/vm-$name-${prog//\//-}.why"; }
	done
	echo "$line"
	if [ "$vmrc" != 0 ]; then
		fail=$((fail + 1))
		tail -n 45 "$res/vm-$name.out" | sed 's/^/    /'
	fi
	return "$vmrc"
}

image=$(ls "$top"/build/linux-image-*-stacker_*.deb 2>/dev/null | head -n 1)
headers=$(ls "$top"/build/linux-headers-*-stacker_*.deb 2>/dev/null | head -n 1)
labelctl=$(ls "$top"/build/labelctl_*.deb 2>/dev/null | head -n 1)
if [ -z "$image" ] || [ -z "$headers" ] || [ -z "$labelctl" ]; then
	echo "  DEBCHK  no kernel packages in build/: run make deb"
	fail=1
	finish
fi
release=$(dpkg-deb -f "$image" Package)
release=${release#linux-image-}
if ! "$wb/mkdebian.sh" > "$res/deb-image.log" 2>&1; then
	echo "  DEBCHK  the Debian image does not build:"
	tail -n 20 "$res/deb-image.log" | sed 's/^/    /'
	fail=1
	finish
fi

disk=$res/deb-disk.img
cp --sparse=always "$top/build/debian/debian.img" "$disk"
debugfs -w -R "mkdir /opt/deb" "$disk" > /dev/null 2>&1
for f in "$image" "$headers" "$labelctl"; do
	debugfs -w -R "write $f /opt/deb/$(basename "$f")" "$disk" > /dev/null 2>&1
done
echo "  DEBCHK  $(basename "$image"), $(basename "$headers") and $(basename "$labelctl") on a copy of the Debian image"

boot deb-install debian/deb_install_test --variant stacked || finish
for f in vmlinuz initrd.img; do
	rm -f "$res/deb-$f"
	debugfs -R "dump /boot/$f-$release $res/deb-$f" "$disk" > /dev/null 2>&1
	[ -s "$res/deb-$f" ] || { echo "  DEBCHK  no /boot/$f-$release on the disk"; fail=$((fail + 1)); finish; }
done
# No lsm= or stacker=: the package's configuration chooses.
boot deb-boot debian/deb_boot_test,debian/selinux_test,label/label_test,lsm/lsm_list_modules_test,lsm/lsm_get_self_attr_test,lsm/lsm_set_self_attr_test \
	--kernel "$res/deb-vmlinuz" --initrd "$res/deb-initrd.img"
# And what its user sees: make run's tour, on the package's kernel (build/results/deb-tour.txt).
if "$wb/vm.sh" --root debian --disk "$disk" --mode tour --kernel "$res/deb-vmlinuz" \
	--initrd "$res/deb-initrd.img" --log "$res/vm-deb-tour.log" --timeout 900 > "$res/deb-tour.txt" 2>&1; then
	pass=$((pass + 1))
	echo "  DEBCHK  the tour on the package's kernel: build/results/deb-tour.txt"
else
	fail=$((fail + 1))
	echo "  DEBCHK  the tour on the package's kernel failed:"
	tail -n 20 "$res/deb-tour.txt" | sed 's/^/    /'
fi
finish
