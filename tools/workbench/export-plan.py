#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The exported series' plan, checked without a kernel tree: tools/workbench/export/steps and
the cuts beside it. Prints each step with the lines its patch adds, and exits non-zero when a
cut names a step the series does not have, out of order, or not ending where the steps file
lists its file whole; when a file is added twice in final form; or when a step adds more than
LIMIT lines (default 1500).

A file that enters the series in parts has a cut, tools/workbench/export/cuts/<path>.cut: the
blob of the final file its line numbers count ("base"), then each step at which the file
changes, in order, with the lines of the final file that step adds. The first step adds every
line no later step names; the last is the step that lists the file whole. The file's form at
each other step (its "stage") is the final file with the lines of later steps removed. When
the final file has changed since its base, its lines are carried over by a diff from the base
(git keeps the base blob): a changed line keeps its step, an added line takes the step of the
line before it, and each added line that sits between two steps is printed for review.

  --write DIR   write each stage to DIR/<step>/<path>, for export.sh
  --refresh     rewrite the cuts whose final file changed against the file as it is now
  --quiet       print only errors and the lines carried over between steps

Usage: export-plan.py [--limit N] [--quiet] [--write DIR] [--refresh]
"""
import difflib
import os
import subprocess
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
CONF = os.path.join(TOP, 'tools', 'workbench', 'export')
CUTS = os.path.join(CONF, 'cuts')


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


def git(*args):
    return subprocess.run(['git', '-C', TOP, *args], capture_output=True, text=True)


def parse_ranges(words):
    """The 0-based line indices of words like "12" and "40-55" (1-based, inclusive)."""
    found = set()
    for w in words:
        a, _, b = w.partition('-')
        found.update(range(int(a) - 1, int(b or a)))
    return found


def format_ranges(indices):
    """The 1-based ranges of a set of 0-based indices, as parse_ranges() reads them."""
    out, run = [], []
    for i in sorted(indices):
        if run and i != run[-1] + 1:
            out.append(f'{run[0] + 1}-{run[-1] + 1}' if len(run) > 1 else f'{run[0] + 1}')
            run = []
        run.append(i)
    if run:
        out.append(f'{run[0] + 1}-{run[-1] + 1}' if len(run) > 1 else f'{run[0] + 1}')
    return out


class Cut:
    """The cut of one file: the step of each line of the final file as it is now."""

    def __init__(self, cut_file):
        self.file = cut_file
        self.path = os.path.relpath(cut_file, CUTS)[:-len('.cut')]
        self.header, self.base, self.entries = [], None, []
        with open(cut_file, encoding='utf-8') as f:
            for line in f:
                w = line.split()
                if not w or w[0].startswith('#'):
                    self.header.append(line)
                elif w[0] == 'base':
                    self.base = w[1]
                else:
                    self.entries.append((w[0], w[1:]))
        self.steps = [step for step, _ in self.entries]
        self.final = lines(os.path.join(TOP, self.path))
        self.blob = git('hash-object', os.path.join(TOP, self.path)).stdout.strip()

    def tags(self, note):
        """Each current line's step, carried over from the base when the file changed."""
        if self.base == self.blob:
            base = self.final
        else:
            shown = git('cat-file', '-p', self.base or '0')
            if shown.returncode:
                raise ValueError(f'{self.path}: no base blob {self.base} in git')
            base = shown.stdout.splitlines()
        tags = [self.steps[0]] * len(base)
        for step, words in self.entries[1:]:
            for i in parse_ranges(words):
                tags[i] = step
        if base is self.final:
            return tags
        out = []
        ops = difflib.SequenceMatcher(None, base, self.final, autojunk=False).get_opcodes()
        for op, i1, i2, j1, j2 in ops:
            if op == 'equal':
                out += tags[i1:i2]
            elif op != 'delete':
                before = tags[i1 - 1] if i1 else tags[0]
                step = tags[i1] if op == 'replace' else before
                if op == 'insert' and i1 < len(tags) and tags[i1] != before:
                    note(f'{self.path}: lines {j1 + 1}-{j2} go with the line before them, '
                         f'at {before}')
                out += [step] * (j2 - j1)
        return out

    def write(self, tags):
        """Rewrite the cut against the final file as it is now."""
        with open(self.file, 'w', encoding='utf-8') as f:
            f.writelines(self.header)
            f.write(f'base {self.blob}\n')
            f.write(f'{self.steps[0]}\n')
            for step in self.steps[1:]:
                ranges = format_ranges(i for i, t in enumerate(tags) if t == step)
                f.write(' '.join([step] + ranges) + '\n')


def stages(order, errors, note, refresh):
    """{step: {path: lines}}: the form of each cut file at each of its steps but the last."""
    out = {}
    for d, _, names in os.walk(CUTS):
        for name in sorted(n for n in names if n.endswith('.cut')):
            try:
                cut = Cut(os.path.join(d, name))
            except OSError as e:
                errors.append(f'{os.path.relpath(os.path.join(d, name), CUTS)}: {e.strerror}: {e.filename}')
                continue
            if any(s not in order for s in cut.steps) or \
                    [order[s] for s in cut.steps] != sorted(order[s] for s in cut.steps):
                errors.append(f'{cut.path}: its cut names steps out of the series or its order')
                continue
            try:
                tags = cut.tags(note)
            except ValueError as e:
                errors.append(str(e))
                continue
            if refresh and cut.base != cut.blob:
                cut.write(tags)
                note(f'{cut.path}: cut rewritten')
            for step in cut.steps[:-1]:
                out.setdefault(step, {})[cut.path] = [
                    line for line, t in zip(cut.final, tags) if order[t] <= order[step]]
            out.setdefault(cut.steps[-1], {}).setdefault(cut.path, None)
    return out


def added(old, new):
    """Lines a diff from old to new adds."""
    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return sum(j2 - j1 for tag, _, _, j1, j2 in ops if tag in ('insert', 'replace'))


def patch_added(name):
    with open(os.path.join(TOP, 'patches', name), encoding='utf-8') as f:
        return sum(1 for l in f if l.startswith('+') and not l.startswith('+++'))


def main():
    args = sys.argv[1:]
    limit = int(args[args.index('--limit') + 1]) if '--limit' in args else 1500
    write = args[args.index('--write') + 1] if '--write' in args else None
    quiet = '--quiet' in args
    errors = []
    plan = list(steps())
    order = {step: n for n, (step, _) in enumerate(plan)}
    staged_at = stages(order, errors, lambda m: print(f'note: {m}'), '--refresh' in args)
    tree = {}     # path -> its lines at this point of the series
    staged = set()  # paths whose current form is a stage
    for n, (step, items) in enumerate(plan, 1):
        size = 0
        whole = set()
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
                whole.add(path)
        for path, new in sorted(staged_at.get(step, {}).items()):
            if new is None:
                if path not in whole:
                    errors.append(f'{path}: its cut ends at {step}, which does not list it whole')
                continue
            if path in tree and path not in staged:
                errors.append(f'{step}: stage of {path} after its final form')
            size += added(tree.get(path, []), new)
            tree[path] = new
            staged.add(path)
            if write:
                out = os.path.join(write, step, path)
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out, 'w', encoding='utf-8') as f:
                    f.write('\n'.join(new) + '\n')
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
