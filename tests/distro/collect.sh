#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make check-distro, in the guest: once the boot has finished, write what it left to
# /var/lib/wb-distro/ (the host reads it from the disk image afterwards and compares the boots),
# run the nginx example's checks when the label module runs, then power off. systemd runs it as
# initrc_t, unconfined in the reference policy, so that collecting adds no SELinux denial.
out=/var/lib/wb-distro
mkdir -p "$out"

systemctl is-system-running --wait > "$out/state"
systemctl list-units --failed --plain --no-legend --full | awk '{ print $1 }' | sort > "$out/failed"
# logind starts on demand: ask it for its sessions first.
loginctl list-sessions > /dev/null 2>&1
echo "loginctl $?" > "$out/active"
for u in systemd-journald systemd-logind auditd dbus nginx label-rules; do
	echo "$u $(systemctl is-active "$u")"
done >> "$out/active"
cat /sys/kernel/security/lsm > "$out/lsm"
# Kernel messages at warning and above, and what systemd and udev said of Smack, but for the
# list of features systemd was built with (systemd must not take label for Smack).
journalctl -b -k -p warning -o cat > "$out/kernel-warnings"
journalctl -b -o cat _COMM=systemd _COMM=systemd-udevd | grep -i smack | grep -v '+SMACK' > "$out/smack"
journalctl -b -u auditd -p err -o cat > "$out/auditd-errors"
ps -eo label,comm | awk '$2 == "nginx" { print $1 }' | sort -u > "$out/nginx-selinux"

[ -e /sys/kernel/security/label ] && /usr/local/sbin/wb-distro-nginx > "$out/nginx.ktap" 2>&1

sync
systemctl poweroff
