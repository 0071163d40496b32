#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The admin guide's worked example, checked on the Debian system under systemd with SELinux
# enforcing Debian's reference policy: nginx started by systemd through the example's drop-in
# (tools/label/examples/nginx/) runs labelled web, without CAP_MAC_ADMIN, in its SELinux domain
# httpd_t, serves its own pages over loopback to a client labelled client, is refused another
# label's page (label's record, none of SELinux's), cannot answer a _ client (web has no w on _),
# and systemd stops, restarts and reloads it without reaching a kill timeout.
. /usr/local/lib/wb-distro/ktap.sh

client=/usr/local/sbin/wb-distro-client
url=http://127.0.0.1
plan 12

label_of() {
	for p in $(pgrep -x nginx); do cat "/proc/$p/attr/label/current"; echo; done | sort -u | paste -sd, -
}
selinux_denials() {
	grep -c 'avc:  denied' /var/log/audit/audit.log
}

same "nginx's processes are labelled web" web "$(label_of)"
# CAP_MAC_ADMIN is bit 33 and CAP_MAC_OVERRIDE bit 32 of the bounding set.
same "nginx holds neither CAP_MAC_ADMIN nor CAP_MAC_OVERRIDE" 0 \
	"$(for p in $(pgrep -x nginx); do
		echo $(( 0x$(awk '/^CapBnd/ { print $2 }' "/proc/$p/status") >> 32 & 3 ))
	done | sort -u | paste -sd, -)"
same "nginx keeps its SELinux domain" system_u:system_r:httpd_t:s0 \
	"$(ps -eo label,comm | awk '$2 == "nginx" { print $1 }' | sort -u | paste -sd, -)"
check "the rules are loaded at boot" sh -c 'labelctl rules | grep -qx "client web w"'
same "a client labelled client gets web's page" "served by nginx as web" \
	"$($client curl -s --max-time 20 $url/index.html)"

before=$(selinux_denials)
# Debian's site answers 404 to a file that try_files may not stat.
same "web is refused secret's page" 404 \
	"$($client curl -s --max-time 20 -o /dev/null -w '%{http_code}' $url/secret.html)"
check "label recorded the refusal" sh -c \
	'grep "lsm=label" /var/log/audit/audit.log | grep -q "subject=\"web\" object=\"secret\""'
same "SELinux recorded nothing for it" "$before" "$(selinux_denials)"
check "a client labelled _ gets no answer (web may not write to _)" sh -c \
	"! curl -s --max-time 5 -o /dev/null $url/index.html"

# A stop that needs its kill timeout logs it; so does a restart.
for action in restart reload; do
	check "systemctl $action nginx" systemctl $action nginx
done
same "no kill timeout in nginx's journal" 0 \
	"$(journalctl -b -u nginx -o cat | grep -c -i 'timed out\|SIGKILL\|killing')"
finish
