#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The exported series' plan, checked without a kernel tree: tools/workbench/export/steps and
the stages beside it. Prints each step with the lines its patch adds, and exits non-zero when

  - a stage is not its final file with lines removed (every line of the stage, in order, is a
    line of the final file): a stage that changed a line would let the series show a line the
    project does not have, and would go stale silently when the final file changes;
  - a stage is never replaced by its final form in a later step;
  - a file is added twice in final form, or staged after its final form;
  - a step adds more than LIMIT lines (default 1500).

With --refresh, a stage that is no longer a cut of its final file (the final file changed) is
rewritten first: the lines it kept, as the final file changed them since the commit that last
wrote the stage, and the lines added among them (a line added next to a kept and a removed
line goes with the line before it; each such guess is printed for review).

Usage: export-plan.py [--limit N] [--quiet] [--refresh]   (run from anywhere in the project)
"""
import difflib
import os
import subprocess
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
CONF = os.path.join(TOP, 'tools', 'workbench', 'export')
STAGES = os.path.join(CONF, 'stages')


def steps():
    """(name, items) for each step of the steps file, in order."""
    with open(os.path.join(CONF, 'steps'), encoding='utf-8') as f:
        for line in f:
            words = line.split()
            if words and not words[0].startswith('#'):
                yield words[0], words[1:]


def files_under(root, item):
    """The files of item (a file or a directory) under root, as paths relative to root."""
    path = os.path.join(root, item)
    if os.path.isfile(path):
        return [item]
    found = []
    for d, _, names in os.walk(path):
        found += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return sorted(found)


def lines(path):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        return f.read().splitlines()


def is_cut_of(stage, final):
    """Whether stage is final with lines removed (a subsequence, matched greedily)."""
    it = iter(final)
    return all(any(line == other for other in it) for line in stage)


def kept_indices(stage, base):
    """The indices of base's lines that stage keeps (stage is a cut of base, matched greedily)."""
    kept, i = set(), 0
    for line in stage:
        while base[i] != line:
            i += 1
        kept.add(i)
        i += 1
    return kept


def refresh(stage_path, path):
    """Rewrite a stale stage from the change of its final file; False if it cannot."""
    rel = os.path.relpath(stage_path, TOP)
    commit = subprocess.run(['git', '-C', TOP, 'log', '-1', '--format=%H', '--', rel],
                            capture_output=True, text=True).stdout.strip()
    shown = subprocess.run(['git', '-C', TOP, 'show', f'{commit}:{path}'],
                           capture_output=True, text=True)
    stage = lines(stage_path)
    base = shown.stdout.splitlines()
    if not commit or shown.returncode or not is_cut_of(stage, base):
        return False
    final = lines(os.path.join(TOP, path))
    kept = kept_indices(stage, base)
    out = []
    ops = difflib.SequenceMatcher(None, base, final, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        if tag == 'equal':
            out += [final[j1 + k] for k in range(i2 - i1) if i1 + k in kept]
        elif tag == 'replace' and any(i in kept for i in range(i1, i2)):
            out += final[j1:j2]
        elif tag == 'insert':
            before, after = i1 - 1 in kept, i1 in kept
            if before != after:
                print(f'refresh: {rel}: lines {j1 + 1}-{j2} of {path} taken as '
                      f'{"kept" if before else "left out"}, with the line before them')
            if before:
                out += final[j1:j2]
    with open(stage_path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out) + '\n')
    return True


def added(old, new):
    """Lines a diff from old to new adds."""
    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return sum(j2 - j1 for tag, _, _, j1, j2 in ops if tag in ('insert', 'replace'))


def patch_added(name):
    with open(os.path.join(TOP, 'patches', name), encoding='utf-8') as f:
        return sum(1 for l in f if l.startswith('+') and not l.startswith('+++'))


def main():
    limit = 1500
    quiet = '--quiet' in sys.argv
    if '--limit' in sys.argv:
        limit = int(sys.argv[sys.argv.index('--limit') + 1])
    errors = []
    tree = {}     # path -> its lines at this point of the series
    staged = set()  # paths whose current form is a stage
    for n, (step, items) in enumerate(steps(), 1):
        size = 0
        for item in items:
            if item.endswith('.patch'):
                size += patch_added(item)
                continue
            if not os.path.exists(os.path.join(TOP, item)):
                errors.append(f'{step}: no {item} in the project')
                continue
            for path in files_under(TOP, item):
                if path in tree and path not in staged:
                    errors.append(f'{step}: {path} is already in its final form')
                new = lines(os.path.join(TOP, path))
                size += added(tree.get(path, []), new)
                tree[path] = new
                staged.discard(path)
        stage_dir = os.path.join(STAGES, step)
        if os.path.isdir(stage_dir):
            for path in files_under(stage_dir, '.'):
                path = os.path.normpath(path)
                final = os.path.join(TOP, path)
                if not os.path.isfile(final):
                    errors.append(f'{step}: stage of {path}, which the project does not have')
                    continue
                if path in tree and path not in staged:
                    errors.append(f'{step}: stage of {path} after its final form')
                new = lines(os.path.join(stage_dir, path))
                if (not is_cut_of(new, lines(final)) and '--refresh' in sys.argv and
                        refresh(os.path.join(stage_dir, path), path)):
                    print(f'refresh: {step}: the stage of {path} rewritten')
                    new = lines(os.path.join(stage_dir, path))
                if not is_cut_of(new, lines(final)):
                    errors.append(f'{step}: the stage of {path} is not {path} with lines '
                                  'removed (export-plan.py --refresh rewrites it)')
                size += added(tree.get(path, []), new)
                tree[path] = new
                staged.add(path)
        if size > limit:
            errors.append(f'{step}: adds {size} lines, over {limit}')
        if not quiet:
            print(f'{n:3} {step:28} {size:6}')
    for path in sorted(staged):
        errors.append(f'{path}: left as a stage, never in its final form')
    for e in errors:
        print(f'error: {e}', file=sys.stderr)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
