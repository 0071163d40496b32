# SPDX-License-Identifier: GPL-2.0-only
"""make bench's report: build/bench/report.md from the figures tools/workbench/bench.sh wrote.

bench-report.py CONFIGURATIONS TARGETS DIR [EXTRA]

DIR holds <configuration>.<boot>.tsv, one "<row>\t<figure>" line per workload and boot. A row's
figure for a configuration is the median of its boots, its spread (largest - smallest) / median.
Each line of TARGETS is checked on the medians (the file says how). The report is printed and
written to DIR/report.md; the exit status is 1 when a target is missed or cannot be checked.
EXTRA, a markdown section written by another check (same-kernel.py), is included; a line of it
ending in "**missed**" counts as a missed target.
"""
import fnmatch
import glob
import os
import statistics
import sys


def read_configurations(path):
    """Configuration names in file order, with their variant, root and command line."""
    configs = []
    with open(path) as f:
        for line in f:
            words = line.split()
            if words and not words[0].startswith('#'):
                configs.append((words[0], words[1], words[2], ' '.join(words[4:])))
    return configs


def read_figures(directory, name):
    """{row: [figure of each boot]} of one configuration, rows in the order measured."""
    rows = {}
    for path in sorted(glob.glob(os.path.join(directory, name + '.*.tsv'))):
        with open(path) as f:
            for line in f:
                row, figure = line.split('\t')
                rows.setdefault(row, []).append(int(figure))
    return rows


def selected(rows, patterns):
    """The rows the comma-separated patterns keep (any plain pattern, no "!" pattern), and
    those a "!" pattern exempts that a plain one would keep, but for rows in bytes."""
    keep = [p for p in patterns.split(',') if not p.startswith('!')]
    drop = [p[1:] for p in patterns.split(',') if p.startswith('!')]
    matched = [r for r in rows if any(fnmatch.fnmatchcase(r, p) for p in keep)]
    kept = [r for r in matched if not any(fnmatch.fnmatchcase(r, p) for p in drop)]
    exempt = [r for r in matched if r not in kept and not r.startswith('slab_')]
    return kept, exempt


def table(header, lines):
    out = ['| ' + ' | '.join(header) + ' |', '|' + '---|' * len(header)]
    out += ['| ' + ' | '.join(str(c) for c in line) + ' |' for line in lines]
    return out


def check_target(words, median, spread):
    """Lines of the report for one target, and how many of its rows missed it."""
    cand, base, measure, limit, patterns = words[:5]
    limit = float(limit)
    floor = measure.split(':')[1] if measure.startswith('over:') else None
    same = measure == 'same'
    if floor:
        rule = f'overhead over {floor}, {cand}\'s at most {limit:g} of {base}\'s'
    elif same:
        rule = f'{cand} / {base} within 1 ± {limit:g} or the spread of their boots'
    else:
        rule = f'{cand} / {base} <= {limit:g}'
    bound = f'<= {limit:g}'
    lines = ['', f'### {cand} against {base}: {rule}', '']
    wanted = [c for c in (cand, base, floor) if c]
    missing = [c for c in wanted if c not in median]
    if missing:
        return lines + [f'not measured: {", ".join(missing)}: **missed**'], 1
    rows, exempt = selected(median[cand], patterns)
    absent = [r for r in rows if any(r not in median[c] for c in wanted)]
    rows = [r for r in rows if r not in absent]
    exempt = [r for r in exempt if all(r in median[c] for c in wanted)]
    if not rows:
        return lines + ['no row to compare: **missed**'], 1
    body, missed = [], len(absent)
    for r in rows + exempt:
        b, c = median[base][r], median[cand][r]
        if floor is None:
            ratio = c / b if b else float('inf')
            cells = [r, b, c]
        else:
            f = median[floor][r]
            # A baseline with no overhead allows none.
            ratio = (c - f) / (b - f) if b > f else (0.0 if c <= f else float('inf'))
            cells = [r, f, b, c, f'{c - f:+d}', f'{b - f:+d}']
        if r in exempt:
            body.append(cells + [f'{ratio:.4f}', 'exempt', ''])
            continue
        if same:
            # Equal within the boots' spread, or the file's tolerance if that is wider.
            tolerance = max(limit, spread[base].get(r, 0) + spread[cand].get(r, 0))
            bound = f'1 ± {tolerance:.4f}'
            ok = abs(ratio - 1) <= tolerance
        else:
            ok = ratio <= limit
        missed += not ok
        body.append(cells + [f'{ratio:.4f}', bound, 'pass' if ok else '**miss**'])
    header = (['workload', base, cand] if floor is None else
              ['workload', floor, base, cand, f'{cand} - {floor}', f'{base} - {floor}'])
    lines += table(header + ['ratio', 'target', ''], body)
    for r in absent:
        lines.append(f'- {r}: not measured in every configuration: **missed**')
    return lines, missed


def write_overhead(path, names, median):
    """The plot's table: overhead (%) of each configuration over the first, per workload that
    all of them measured in instructions (not bytes, not rule loading, which P0 has not)."""
    floor, others = names[0], names[1:]
    rows = [r for r in median[floor] if not r.startswith(('slab_', 'load_', 'write_null'))
            and all(r in median[n] for n in others)]
    with open(path, 'w') as f:
        f.write('workload ' + ' '.join(others) + '\n')
        for r in rows:
            f.write(f'"{r}" ' + ' '.join(f'{100 * (median[n][r] / median[floor][r] - 1):.3f}'
                                         for n in others) + '\n')


def main():
    conf_path, targets_path, directory = sys.argv[1:4]
    extra = []
    if len(sys.argv) > 4:
        with open(sys.argv[4]) as f:
            extra = [''] + f.read().splitlines()
    configs = read_configurations(conf_path)
    figures = {n: read_figures(directory, n) for n, _, _, _ in configs}
    figures = {n: rows for n, rows in figures.items() if rows}
    median = {n: {r: round(statistics.median(v)) for r, v in rows.items()}
              for n, rows in figures.items()}
    # (largest - smallest) / median of each row's boots, 0 for one boot.
    spread = {n: {r: (max(v) - min(v)) / median[n][r] if median[n][r] else 0
                  for r, v in rows.items()} for n, rows in figures.items()}

    report, summary, missed, checked = [], [], 0, 0
    with open(targets_path) as f:
        for line in f:
            words = line.split()
            if not words or words[0].startswith('#'):
                continue
            lines, m = check_target(words, median, spread)
            report += lines
            missed += m
            checked += 1
            summary.append([lines[1][4:], 'met' if not m else f'**{m} rows missed**'])

    if extra:
        report += extra
        checked += 1
        extra_missed = any(line.endswith('**missed**') for line in extra)
        missed += extra_missed
        summary.append([extra[1][4:], 'met' if not extra_missed else '**missed**'])

    names = [n for n, _, _, _ in configs if n in figures]
    rows = []
    for n in names:
        rows += [r for r in figures[n] if r not in rows]
    body = []
    for r in rows:
        cells = [r]
        for n in names:
            v = figures[n].get(r)
            if not v:
                cells.append('')
                continue
            cells.append(f'{median[n][r]}' +
                         (f' ±{100 * spread[n][r]:.2f}%' if len(v) > 1 else ''))
        body.append(cells)

    out = ['# make bench', '',
           'Guest instructions per operation (qemu TCG, `-icount shift=0`), median of the boots '
           'and their spread (largest - smallest, of the median); `slab_per_file` rows are bytes.',
           '', f'Targets (tests/bench/targets, same-kernel.py): {checked} checked, '
           f'{"all met" if not missed else f"{missed} rows missed"}.']
    out += [''] + table(['target', 'result'], summary)
    out += report
    out += ['', '## Every configuration', '']
    out += table(['workload'] + names, body)
    out += ['', '## Configurations', '']
    out += [f'- {n}: kernel `{v}`, {r} root, `{c}`' for n, v, r, c in configs if n in figures]
    # The plot: the configurations on the Debian system, with both file systems.
    write_overhead(os.path.join(directory, 'overhead.dat'),
                   [n for n, _, r, _ in configs if n in figures and r == 'debian'], median)
    text = '\n'.join(out) + '\n'
    with open(os.path.join(directory, 'report.md'), 'w') as f:
        f.write(text)
    print(text, end='')
    return 1 if missed else 0


if __name__ == '__main__':
    sys.exit(main())
