#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# KTAP for the Debian system's shell tests, which source it: plan N, then one check per test.
#   check NAME CMD [ARGS...]  ok when CMD succeeds
#   same NAME WANT GOT        ok when the strings are equal; prints both when they are not
# A failed check prints CMD's output as KTAP diagnostics.
ktap_n=0
ktap_failed=0

plan() {
	echo "TAP version 13"
	echo "1..$1"
}

ktap_result() {
	ktap_n=$((ktap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $ktap_n $2"
	else
		echo "not ok $ktap_n $2"
		ktap_failed=$((ktap_failed + 1))
	fi
}

check() {
	name=$1
	shift
	out=$("$@" 2>&1)
	rc=$?
	[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
	ktap_result "$rc" "$name"
}

same() {
	[ "$2" = "$3" ]
	rc=$?
	[ "$rc" = 0 ] || printf '# want: %s\n# got:  %s\n' "$2" "$3"
	ktap_result "$rc" "$1"
}

# The exit status of the test program: 1 if any check failed.
finish() {
	[ "$ktap_failed" = 0 ]
	exit $?
}
