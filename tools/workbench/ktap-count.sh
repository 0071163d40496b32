# SPDX-License-Identifier: GPL-2.0-only
# Sourced by vmtest.sh and check-deb.sh: read the test programs' KTAP back from a VM's console
# log, where tests/vm/init.sh frames each program between "WB-BEGIN <program>" and
# "WB-END <program> rc=<status>".

# One program's part of a console log, between its markers (program names hold slashes).
program_output() {
	sed -n "\\#WB-BEGIN $2\$#,\\#WB-END $2 #p" "$1"
}

# Count one program's results in a console log: "pass fail skip". A program that crashes, never
# reports all of its plan, or exits non-zero with no failure reported counts one failure more.
# A kselftest runs under the kernel's runner (run_kselftest.sh), which prefixes the program's
# KTAP with "# " and adds one line of its own, "ok|not ok <n> selftests: <target>: <program>":
# the program's lines are counted, the runner's "not ok" is its exit status.
ktap_count() {
	local log=$1 prog=$2
	program_output "$log" "$prog" | awk -v prog="$prog" '
		/^# selftests: / { runner = 1; next }
		runner && /^not ok [0-9]+ selftests: / { failed = 1; next }
		runner && /^ok [0-9]+ selftests: .*# SKIP/ { skipped = 1; next }
		runner && /^ok [0-9]+ selftests: / { next }
		runner && /^# / { $0 = substr($0, 3) }
		/^1\.\.[0-9]+/ { plan = substr($0, 4) + 0 }
		/^ok [0-9]+ .*# SKIP/ { s++; next }
		/^ok [0-9]+/ { p++ }
		/^not ok [0-9]+/ { f++ }
		/^WB-END / { ended = 1; split($3, a, "="); rc = failed ? 1 : a[2] }
		END {
			# A program that skips as a whole (no support in this kernel) is one skip.
			if (skipped && !p && !f && !s) s = 1
			if (!ended) { f++; print prog ": never finished" > "/dev/stderr" }
			else if (p + f + s < plan) { print prog ": reported " p + f + s " of " plan > "/dev/stderr"; f += plan - p - f - s }
			else if (rc != 0 && f == 0) { f++; print prog ": exit status " rc > "/dev/stderr" }
			if (!plan && ended && rc == 0 && !p && !skipped) { f++; print prog ": no test ran" > "/dev/stderr" }
			print p + 0, f + 0, s + 0
		}'
}
