#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make check-distro: compare the boots of build/results/distro/ (tools/workbench/distro.sh).

The stacked boot and the capability boot (stacker=capability) are each compared with the two
reference boots (pristine 6.12): the same state of systemd and the same failed units; the same
SELinux denials, as (scontext, tcontext, class, permission) tuples, none outside what either
reference boot had and none missing that both had; no kernel warning, audit error or shutdown
timeout that no reference boot had; journald, logind, auditd and D-Bus running; nothing that
names Smack; nginx in the same SELinux domain. The nginx example's KTAP results of the stacked
boot count one test each. Prints each check, then "N passed, N failed"; exits 1 if one failed.
"""
import pathlib
import re
import sys

AVC = re.compile(r"avc:\s+denied\s+\{ ([^}]*) \} for .*?scontext=(\S+) tcontext=(\S+) tclass=(\S+)")
TRACE = re.compile(r"WARNING:|BUG:|Oops|Call Trace|Kernel panic|UBSAN:|KASAN:")
SHUTDOWN = re.compile(r"stop job is running|[Tt]imed out|Sending SIGKILL|Killing process")
# Numbers, addresses and timestamps differ between two boots of the same system.
NUMBER = re.compile(r"0x[0-9a-f]+|\b[0-9a-f]{8,}\b|\d+")
# What the emulated machine's timing makes the kernel say, in any boot or none: a host thread
# that qemu did not schedule for a while looks like a slow interrupt or an unstable clock.
TIMING = re.compile(r"^(hrtimer: interrupt took|clocksource: |tsc: |APIC calibration|"
                    r"sched: RT throttling)")
# systemd colours its console status lines.
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def read(path):
    try:
        return path.read_text(errors="replace")
    except FileNotFoundError:
        return None


class Boot:
    def __init__(self, res, name):
        self.name = name
        self.dir = res / name
        self.console = ANSI.sub("", read(self.dir / "console.log") or "")

    def result(self, name):
        text = read(self.dir / "wb-distro" / name)
        return None if text is None else text.strip()

    def denials(self):
        """SELinux's denials: the kernel's before auditd starts (console), then auditd's log."""
        lines = self.console.splitlines()
        for log in sorted((self.dir / "audit").glob("audit.log*")):
            lines += log.read_text(errors="replace").splitlines()
        tuples = set()
        for line in lines:
            if "lsm=label" in line:
                continue
            m = AVC.search(line)
            if m:
                for perm in m.group(1).split():
                    tuples.add((m.group(2), m.group(3), m.group(4), perm.strip("'")))
        return tuples

    def warnings(self):
        text = self.result("kernel-warnings") or ""
        return {NUMBER.sub("N", l) for l in text.splitlines()
                if l.strip() and not TIMING.match(l)}

    def shutdown_lines(self):
        return {NUMBER.sub("N", l) for l in self.console.splitlines() if SHUTDOWN.search(l)}


class Report:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=()):
        print(f"  {'ok    ' if ok else 'FAILED'}  {what}")
        if not ok:
            for line in sorted(detail)[:20]:
                print(f"            {line}")
        if ok:
            self.passed += 1
        else:
            self.failed += 1


def fmt(t):
    return "scontext=%s tcontext=%s tclass=%s { %s }" % t


def compare(rep, boot, ref, ref2, label):
    n = boot.name
    state = boot.result("state")
    rep.check(state is not None and "Reached target multi-user.target" in boot.console,
              f"{n}: reaches multi-user.target ({state})")
    rep.check(state == ref.result("state"),
              f"{n}: systemctl is-system-running as on the reference ({ref.result('state')})")
    failed, ref_failed = boot.result("failed"), ref.result("failed")
    rep.check(failed == ref_failed, f"{n}: the same failed units ({failed or 'none'})",
              [f"{n}: {failed}", f"reference: {ref_failed}"])

    mine, a, b = boot.denials(), ref.denials(), ref2.denials()
    rep.check(not mine - (a | b), f"{n}: no SELinux denial that neither reference boot had "
              f"({len(mine)} tuples)", [fmt(t) for t in mine - (a | b)])
    rep.check(not (a & b) - mine, f"{n}: every SELinux denial that both reference boots had",
              [fmt(t) for t in (a & b) - mine])

    rep.check(not TRACE.search(boot.console), f"{n}: no kernel warning, BUG or oops",
              [l for l in boot.console.splitlines() if TRACE.search(l)])
    extra = boot.warnings() - ref.warnings() - ref2.warnings()
    rep.check(not extra, f"{n}: no kernel message at warning level that no reference boot had",
              extra)
    audit = {l for l in boot.warnings() if "audit" in l.lower()}
    rep.check(not audit - ref.warnings() - ref2.warnings() and not boot.result("auditd-errors"),
              f"{n}: no audit error", audit | {boot.result("auditd-errors") or ""} - {""})
    extra = boot.shutdown_lines() - ref.shutdown_lines() - ref2.shutdown_lines()
    rep.check(not extra and "reboot: Power down" in boot.console,
              f"{n}: powers off without a stop timeout", extra)

    active = boot.result("active") or ""
    for unit in ("systemd-journald", "systemd-logind", "auditd", "dbus"):
        rep.check(f"{unit} active" in active, f"{n}: {unit} runs")
    rep.check("loginctl 0" in active, f"{n}: loginctl lists the sessions")
    rep.check(not boot.result("smack"), f"{n}: nothing in the journal names Smack",
              (boot.result("smack") or "").splitlines())
    rep.check(boot.result("nginx-selinux") == ref.result("nginx-selinux") != "",
              f"{n}: nginx in its SELinux domain as on the reference "
              f"({boot.result('nginx-selinux')})")
    lsms = (boot.result("lsm") or "").split(",")
    rep.check(("label" in lsms) == label and "stacker" in lsms,
              f"{n}: the LSMs are {','.join(lsms)}")


def main():
    res = pathlib.Path(sys.argv[1])
    ref, ref2, stacked, capability = (Boot(res, n) for n in
                                      ("reference", "reference2", "stacked", "capability"))
    rep = Report()
    a, b = ref.denials(), ref2.denials()
    print(f"  DISTRO  SELinux denials: reference {len(a)}, reference2 {len(b)} tuples; "
          f"spread between them {len(a ^ b)}")
    for t in sorted(a ^ b):
        print(f"            {'reference ' if t in a else 'reference2'} only: {fmt(t)}")
    for boot in (ref, ref2):
        rep.check(boot.result("state") is not None and "label" not in (boot.result("lsm") or ""),
                  f"{boot.name}: boots, without the project ({boot.result('lsm')})")
    compare(rep, stacked, ref, ref2, True)
    compare(rep, capability, ref, ref2, False)

    ktap = stacked.result("nginx.ktap")
    rep.check(ktap is not None, "stacked: the nginx example ran")
    for line in (ktap or "").splitlines():
        m = re.match(r"(not ok|ok) \d+ (.*)", line)
        if m:
            rep.check(m.group(1) == "ok", f"stacked: nginx: {m.group(2)}")
        elif line.startswith("#"):
            print(f"            {line}")
    print(f"{rep.passed} passed, {rep.failed} failed")
    return 1 if rep.failed else 0


if __name__ == "__main__":
    sys.exit(main())
