# SPDX-License-Identifier: GPL-2.0-only
"""Is the project's kernel without the stacker and label the kernel pristine 6.12 gives?

same-kernel.py PRISTINE_BUILD PROJECT_BUILD REPORT

Both are kernel build directories of the same base configuration (make bench builds the variants
"pristine" and "unconfigured"). Writes REPORT (markdown): every function of the LSM framework
(security/security.o, security/commoncap.o) whose instructions differ, and
scripts/bloat-o-meter's list of every difference in vmlinux, function by function.
Exit status 1 when a framework function that runs after boot changed or went: on a kernel that
configures neither module the series must change no hook path.
"""
import os
import re
import subprocess
import sys

FRAMEWORK = ['security/security.o', 'security/commoncap.o']
FUNCTION = re.compile(r'^[0-9a-f]+ <(.+)>:$')
ADDRESS = re.compile(r'^\s*[0-9a-f]+:\s*')
# A branch's target address; its symbol+offset, kept, says where it goes.
TARGET = re.compile(r'\b[0-9a-f]+ <')
# A data reference's offset (".data+0x2d40", "static_calls_table+0x36c0"): where the data lies
# moves when the series adds other data beside it (a new hook's slots in the static call
# table); which object is referenced stays. Calls (PLT32) keep theirs.
DATA_OFFSET = re.compile(r'(R_X86_64_(?:32S?|PC32|64)\s+[\w.]+)[+-]0x[0-9a-f]+')
SECTION = re.compile(r'^Disassembly of section (\S+):$')
RELOCATION = re.compile(r'\bR_X86_64_\w+')
PLACEHOLDER = re.compile(r'\s*<[^>]*>$')


def functions(obj):
    """{function: [instruction, ...]} of an object file, addresses left out, and the set of
    functions that only boot runs (.init.text)."""
    text = subprocess.run(['objdump', '-d', '-r', '--no-show-raw-insn', obj],
                          check=True, capture_output=True, text=True).stdout
    funcs, boot, current, section = {}, set(), None, None
    for line in text.splitlines():
        m = SECTION.match(line)
        if m:
            section = m.group(1)
            continue
        m = FUNCTION.match(line)
        if m:
            current = funcs.setdefault(m.group(1), [])
            if section == '.init.text':
                boot.add(m.group(1))
        elif current is not None and line.strip():
            line = TARGET.sub('<', ADDRESS.sub('', line))
            # A relocated branch (a static call's tail jump) shows, before its relocation, the
            # placeholder's target: whatever function follows in the object. The relocation
            # on the next line names where it goes.
            if RELOCATION.search(line) and current:
                current[-1] = PLACEHOLDER.sub('', current[-1])
            current.append(DATA_OFFSET.sub(r'\1', line).strip())
    return funcs, boot


def framework_changes(pristine, project):
    """Lines naming each framework function changed or removed on the paths system calls run,
    each one added (a new hook, a new interface), and each one changed that only boot runs."""
    changed, added, boot = [], [], []
    for obj in FRAMEWORK:
        a, a_boot = functions(os.path.join(pristine, obj))
        b, b_boot = functions(os.path.join(project, obj))
        for name in sorted(set(a) | set(b)):
            if name not in b:
                changed.append(f'- `{obj}`: `{name}` removed')
            elif name not in a:
                added.append(f'- `{obj}`: `{name}` ({len(b[name])} instructions)')
            elif a[name] != b[name]:
                (boot if name in a_boot | b_boot else changed).append(
                    f'- `{obj}`: `{name}` ({len(a[name])} -> {len(b[name])} instructions)')
    return changed, added, boot


def main():
    pristine, project, report = sys.argv[1:4]
    changes, added, boot = framework_changes(pristine, project)
    # A kernel build directory links to its source tree as "source".
    bloat = subprocess.run([os.path.join(pristine, 'source', 'scripts', 'bloat-o-meter'),
                            os.path.join(pristine, 'vmlinux'), os.path.join(project, 'vmlinux')],
                           check=True, capture_output=True, text=True).stdout
    out = ['### The project without the stacker and label against pristine 6.12', '',
           'Functions of the LSM framework (' + ', '.join(f'`{o}`' for o in FRAMEWORK) +
           ') that system calls run, changed or removed (data offsets aside): ' +
           ('none.' if not changes else f'{len(changes)}: **missed**'), '']
    out += changes
    out += ['', f'Added (new hooks and interfaces; their callers are in the list below): '
            f'{len(added)}.', ''] + added
    out += ['', f'Changed, boot only (`__init`): {len(boot)}.', ''] + boot
    out += ['', 'Every difference in `vmlinux`, function by function '
            '(`scripts/bloat-o-meter`, bytes):', '', '```', bloat.rstrip(), '```']
    with open(report, 'w') as f:
        f.write('\n'.join(out) + '\n')
    return 1 if changes else 0


if __name__ == '__main__':
    sys.exit(main())
