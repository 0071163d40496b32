#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make export: the project as a git format-patch series against pristine Linux, in
# build/export/patches/, with a cover letter. The steps are tools/workbench/export/steps.
# make check runs it as its export tier: "passed failed" in build/results/export.
#
# build/export/linux is a throw-away git repository of the pristine tree (one commit, tagged
# "base", made once). Each run replays the steps onto it, one commit each (a step that does not
# apply stops the run), then checks that
#   - the last commit's tree is, file for file, the tree make check builds (build/linux);
#   - every patch passes checkpatch --strict;
#   - the patches apply with git am onto base and give the same tree;
#   - the kernel, and the KUnit suites, selftests and labelctl a step has, build at the chosen
#     steps (BISECT=mid: after the last framework patch, the series' midpoint, before any module;
#     BISECT=all: after every patch; BISECT=none).
# BISECT=A-B builds after patches A to B. A build that passed is remembered by its tree and
# configuration (build/export/built), so an interrupted BISECT=all run resumes where it stopped.
# SIGNOFF="Name <address>" names the author and the Signed-off-by: of every patch.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
b=$top/build
src=$b/linux
ex=$b/export
repo=$ex/linux
out=$ex/patches
conf=$top/tools/workbench/export
signoff=${SIGNOFF:-Your Name <your.name@example.org>}
bisect=${BISECT:-mid}
name=${signoff% <*}
mail=${signoff##*<}
mail=${mail%>}

say() { echo "  EXPORT  $*"; }
die() { echo "error: $*" >&2; exit 1; }
case $bisect in none | mid | all | [0-9]*-[0-9]*) ;; *) die "BISECT=$bisect: none, mid, all or A-B" ;; esac
[ "$name" != "$signoff" ] && [ -n "$mail" ] || die "SIGNOFF='$signoff': want 'Name <address>'"

# Commits are made with a fixed date, so the same inputs give the same series, hashes included.
export GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$mail GIT_COMMITTER_NAME=$name
export GIT_COMMITTER_EMAIL=$mail GIT_AUTHOR_DATE="2026-01-01T00:00:00Z"
export GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
git_() { git -C "$repo" -c core.autocrlf=false -c gc.auto=0 "$@"; }

if [ ! -f "$ex/.base-complete" ]; then
	say "git repository of the pristine tree (once)"
	rm -rf "$ex"
	mkdir -p "$ex"
	cp -a "$b/pristine" "$repo"
	rm -f "$repo/.complete"
	git_ init -q
	git_ add -A -f
	git_ commit -q -m "Linux $KERNEL_VERSION, from Debian's linux-source-6.12"
	git_ tag base
	touch "$ex/.base-complete"
fi
git_ checkout -q -f -B export base
git_ clean -q -fdx

# The project's lines of the final MAINTAINERS are cut at each step to what names files the tree
# has by then.
git_ show base:MAINTAINERS > "$ex/MAINTAINERS.base"
patch -s -p1 -o "$ex/MAINTAINERS.final" "$ex/MAINTAINERS.base" \
	< "$top/patches/maintainers-stacker-and-label.patch"
derive() {
	python3 - "$repo" "$ex/MAINTAINERS.base" "$ex/MAINTAINERS.final" <<'EOF'
import os, sys
repo, base, final = sys.argv[1:]
def exists(path):
    return os.path.exists(os.path.join(repo, path))
# MAINTAINERS: of the entries the project adds, keep the F: lines whose path exists, and an
# entry only if one is left.
old = set(open(base, encoding='utf-8').read().split('\n\n'))
entries = []
for entry in open(final, encoding='utf-8').read().split('\n\n'):
    if entry not in old:
        lines = [l for l in entry.split('\n') if not l.startswith('F:\t') or exists(l[3:])]
        if not any(l.startswith('F:\t') for l in lines):
            continue
        entry = '\n'.join(lines)
    entries.append(entry)
open(os.path.join(repo, 'MAINTAINERS'), 'w', encoding='utf-8').write('\n\n'.join(entries))
EOF
}

# --- the steps ---------------------------------------------------------------------------------
steps=$(awk '!/^[[:space:]]*#/ && NF' "$conf/steps")
listed=$(echo "$steps" | tr -s ' \t' '\n' | grep '\.patch$' | sort)
wanted=$(awk '!/^[[:space:]]*#/ && NF {print $1}' "$top/patches/series" |
	grep -vx maintainers-stacker-and-label.patch | sort)
[ "$listed" = "$wanted" ] ||
	die "tools/workbench/export/steps and patches/series differ: $(diff <(echo "$listed") <(echo "$wanted") | grep '^[<>]' | tr '\n' ' ')"

# A file that enters in parts takes at each step the form its cut gives (the final file with the
# lines of later steps removed), written by export-plan.py into build/export/stages/<step>/.
stages=$ex/stages
rm -rf "$stages"
"$top/tools/workbench/export-plan.py" --quiet --limit 1000000 --write "$stages" ||
	die "the steps' plan is broken"
staged=$ex/staged
: > "$staged"
n=0
mid=
while read -r step items; do
	n=$((n + 1))
	msg=$ex/msg
	patches=0
	for item in $items; do
		case $item in
		*.patch)
			patches=$((patches + 1))
			git_ apply --index --whitespace=error-all "$top/patches/$item" ||
				die "step $step: $item does not apply"
			# The description is what precedes the "---" line.
			awk '/^---$/ { exit } { print }' "$top/patches/$item" > "$msg" ;;
		*)
			[ -e "$top/$item" ] || die "step $step: no $item in the project"
			(cd "$top" && find "$item" -type f) | while read -r f; do
				[ ! -e "$repo/$f" ] || grep -qxF "$f" "$staged" ||
					die "step $step: $f is not new"
				mkdir -p "$(dirname "$repo/$f")"
				cp "$top/$f" "$repo/$f"
				grep -vxF "$f" "$staged" > "$staged.tmp" || true
				mv "$staged.tmp" "$staged"
			done
			git_ add -f -- "$item" ;;
		esac
	done
	if [ -d "$stages/$step" ]; then
		(cd "$stages/$step" && find . -type f | sed 's#^\./##') | while read -r f; do
			mkdir -p "$(dirname "$repo/$f")"
			cp "$stages/$step/$f" "$repo/$f"
			grep -qxF "$f" "$staged" || echo "$f" >> "$staged"
			git_ add -f -- "$f"
		done
	fi
	if [ -f "$conf/$step.msg" ] || [ "$patches" != 1 ] || [ "$(echo "$items" | wc -w)" != 1 ]; then
		[ -f "$conf/$step.msg" ] || die "step $step: no $step.msg in tools/workbench/export"
		cp "$conf/$step.msg" "$msg"
	fi
	derive
	printf '\nSigned-off-by: %s\n' "$signoff" >> "$msg"
	# Only what the step touched: adding the whole tree would read all of its 88,000 files.
	git_ add -f -- MAINTAINERS
	git_ commit -q -F "$msg"
	git_ tag -f "step-$n" > /dev/null
	# The midpoint: the last step before the stacker's own files, all framework changes in.
	[ -n "$(git_ ls-files security/stacker)" ] || mid=$n
done <<< "$steps"
say "$n commits on base"

# --- the checks: each passes or fails, and the run goes on -------------------------------------
pass=0 fail=0
ok() { say "ok: $*"; pass=$((pass + 1)); }
failed() { echo "  EXPORT  FAILED: $*" >&2; fail=$((fail + 1)); }

if "$top/tools/workbench/export-plan.py" --quiet 2> "$ex/sizes.log"; then
	ok "no patch adds over 1,500 lines"
else
	failed "$(sed 's/^error: //' "$ex/sizes.log" | tr '\n' ' ')"
fi

# build/linux is pristine but for the files of the series and the project's (prepare-tree.sh
# restores every other one), so those are what the two trees must share, name for name and byte
# for byte; comparing all 88,000 files would read the whole tree.
changed=$(git_ diff --name-only base HEAD | sort)
tested=$( (cd "$src" && cat .series-files .project-files) |
	grep -v '^$' | sort -u)
if [ "$changed" != "$tested" ]; then
	failed "the series and build/linux change other files:" \
		"$(diff <(echo "$changed") <(echo "$tested") | grep '^[<>]' | tr '\n' ' ')(<: the series')"
else
	differ=$(echo "$changed" | while read -r f; do
		git_ show "HEAD:$f" | cmp -s - "$src/$f" || echo "$f"; done)
	if [ -n "$differ" ]; then
		failed "the series' tree and build/linux differ in:" $differ
	else
		ok "the last commit's tree is build/linux's"
	fi
fi

# The patches and the cover letter, whose blurb is tools/workbench/export/cover-letter with
# README's cost table.
rm -rf "$out"
git_ format-patch -q --cover-letter --no-signature -o "$out" base..export
python3 - "$out"/0000-*.patch "$conf/cover-letter" "$top/README.md" <<'EOF'
import re, sys
cover, letter, readme = sys.argv[1:]
text = open(letter).read()
m = re.search(r'<!-- cost-table -->\n(.*?)<!-- /cost-table -->', open(readme).read(), re.S)
if not m:
    sys.exit('error: README.md has no <!-- cost-table --> section')
text = text.replace('@COST_TABLE@', m.group(1).strip('\n'))
subject, body = text.split('\n', 1)
out = open(cover).read()
out = out.replace('*** SUBJECT HERE ***', subject).replace('*** BLURB HERE ***', body.strip('\n'))
open(cover, 'w').write(out)
EOF
patches=$(ls "$out"/0*.patch | grep -v /0000-)
say "build/export/patches: a cover letter and $(echo "$patches" | wc -l) patches"

# As the static tier: the LSM_HOOK X-macros take arguments they do not all use
# (MACRO_ARG_UNUSED, MACRO_ARG_REUSE); the user-space tests have no strscpy (STRCPY) and may skip
# on a system call the test kernel lacks (ENOSYS). The SPDX check runs scripts/spdxcheck.py with
# the first python3 on PATH: Debian's, which has python3-ply and python3-git, not a user's own.
# MAINTAINERS lists the project's directories from the step that creates each, so the patches
# that add files to a listed directory need not touch it (FILE_PATH_CHANGES).
# --terse prints the findings and a total line per patch that has some: any line but a clean
# total is a finding (or a failure of checkpatch itself).
log=$ex/checkpatch.log
# shellcheck disable=SC2086
(cd "$repo" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --terse --show-types \
	--ignore MACRO_ARG_UNUSED,MACRO_ARG_REUSE,STRCPY,ENOSYS,FILE_PATH_CHANGES $patches) 2>&1 |
	grep -v '^total: 0 errors, 0 warnings, 0 checks, ' > "$log" || true
if [ -s "$log" ]; then
	sed "s#$out/##" "$log" | head -40 >&2
	failed "checkpatch --strict: $(wc -l < "$log") line(s) of findings, all in build/export/checkpatch.log"
else
	ok "checkpatch --strict: nothing to say about any patch"
fi

git_ checkout -q -f -B export-am base
# shellcheck disable=SC2086
if ! git_ am -q $patches > "$ex/am.log" 2>&1; then
	git_ am --abort
	failed "the series does not apply with git am (build/export/am.log)"
elif [ "$(git_ rev-parse 'export-am^{tree}')" != "$(git_ rev-parse 'export^{tree}')" ]; then
	failed "git am of the series gives another tree than the steps"
else
	ok "git am onto base gives the same tree"
fi

# Builds, with the stacked variant's configuration; olddefconfig drops what a step does not have
# yet. The objects are in build/export/kernel-stacked, beside build/export/linux as the variants'
# are beside build/linux, so that ccache finds what they compiled from the same sources. At a step
# that has them, also: the KUnit suites compiled (security/ with the debug variant's KUnit options
# added: compiled, not linked, so that a bisect costs one kernel per step), and the selftests and
# labelctl built against the step's uapi headers. A compiler warning in the project's code fails
# the step, as -Werror would.
built=$ex/built
touch "$built"
warned() { grep -E '(security/(stacker|label)|samples/stacker)/[^ ]*: warning:' "$1"; }
# A new build directory starts as a copy of build/kernel-stacked's objects, as a seeded variant
# does (build-kernel.sh): kbuild then recompiles only what reads a file or an option that differs
# at this step (at the midpoint, about a third of the objects: what includes uapi/linux/lsm.h).
# Its records name build/linux in each command line, which would rebuild every object, so they
# are made to name this tree; and each file the steps rewrote gets build/linux's time when its
# contents are build/linux's, so that only the files that differ are newer than the objects.
seed_from_stacked() {
	local k=$1 f
	say "build directory seeded from build/kernel-stacked's objects"
	cp -a "$b/kernel-stacked/." "$k/"
	grep -rlIZ --include='*.cmd' --include='*.d' -F "$src/" "$k" | xargs -0 -r sed -i "s#$src/#$repo/#g"
	git_ diff --name-only base HEAD | while read -r f; do
		! cmp -s "$repo/$f" "$src/$f" || touch -r "$src/$f" "$repo/$f"
	done
}
build_at() {
	local k=$ex/kernel-stacked kk=$ex/kernel-kunit log=$ex/build-$1.log key targets what
	what="patch $1 of $n"
	git_ checkout -q -f "step-$1"
	[ -f "$k/.config" ] || [ ! -f "$b/kernel-stacked/vmlinux" ] || seed_from_stacked "$k"
	mkdir -p "$k" "$kk"
	cp "$b/kernel-stacked/.config" "$k/.config"
	make -s -C "$repo" O="$k" olddefconfig
	key="$(git_ rev-parse 'HEAD^{tree}') $(sha1sum < "$k/.config" | cut -c1-40)"
	if grep -qxF "$key" "$built"; then
		ok "builds after $what (built before: $(git_ log -1 --format=%s))"
		return
	fi
	if ! make -s -C "$repo" O="$k" CC="ccache gcc" -j"${JOBS:-2}" bzImage modules > "$log" 2>&1 ||
		warned "$log" >&2; then
		grep -E 'error|Error' "$log" | head -n 20 >&2
		failed "does not build cleanly after $what (build/export/${log##*/})"
		return
	fi
	if [ -n "$(git_ ls-files 'security/*_test.c')" ]; then
		cp "$k/.config" "$kk/.config"
		"$repo/scripts/config" --file "$kk/.config" -e KUNIT -e SECURITY_STACKER_KUNIT_TEST \
			-e SECURITY_LABEL_KUNIT_TEST
		make -s -C "$repo" O="$kk" olddefconfig
		if ! make -s -C "$repo" O="$kk" CC="ccache gcc" -j"${JOBS:-2}" security/ >> "$log" 2>&1 ||
			warned "$log" >&2; then
			failed "the KUnit suites do not compile cleanly after $what (build/export/${log##*/})"
			return
		fi
	fi
	targets=$(cd "$repo/tools/testing/selftests" &&
		{ find stacker label -name Makefile -printf '%h\n' 2>/dev/null || true; } | sort | tr '\n' ' ')
	if [ -n "$targets" ]; then
		# Their own log: any warning there is the project's.
		log=$ex/user-$1.log
		make -s -C "$repo" O="$k" headers_install > "$log" 2>&1
		if ! make -C "$repo/tools/testing/selftests" TARGETS="$targets" O="$k" >> "$log" 2>&1 ||
			{ [ -f "$repo/tools/label/Makefile" ] && ! make -s -C "$repo/tools/label" \
				O="$k/tools-label" KHDR="$k/usr/include" >> "$log" 2>&1; } ||
			grep 'warning:' "$log" >&2; then
			failed "the selftests or labelctl do not build cleanly after $what (build/export/${log##*/})"
			return
		fi
	fi
	echo "$key" >> "$built"
	ok "builds after $what ($(git_ log -1 --format=%s))"
}
# The builds hold build/.lock, as every kernel build does; what comes before them needs no lock,
# so make check runs it beside its KUnit and static tiers.
exec {lock}> "$b/.lock"
flock "$lock"
case $bisect in
mid) build_at "$mid" ;;
all) for i in $(seq 1 "$n"); do build_at "$i"; done ;;
[0-9]*) for i in $(seq "${bisect%-*}" "${bisect#*-}"); do build_at "$i"; done ;;
esac
flock -u "$lock"
git_ checkout -q -f export

mkdir -p "$b/results"
echo "$pass $fail" > "$b/results/export"
say "$pass passed, $fail failed"
[ "$fail" = 0 ]
