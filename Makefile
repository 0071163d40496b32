# SPDX-License-Identifier: GPL-2.0-only
# The stacker workbench: assembles build/ from Debian's linux-source-6.12, the project's files and
# patches/series, builds the kernels, boots them in qemu and runs every test tier.
#
#   make run     boot the stacked kernel and show it working (the main job)
#   make shell   the same VM, to an interactive shell
#                (ROOT=initramfs: either of them in the busybox initramfs, no SELinux policy)
#   make check   every test tier: KUnit (UML), VM tests, static checks; ends "N passed, N failed"
#   make check-debug  the debug kernel's boot alone (part of make check)
#   make check-fresh [FORM=quick]  make check (or a quick form) from a fresh clone in a minimal
#                Debian 12 chroot: proves that make check installs everything it needs
#   make bench   instructions per operation in each security configuration against pristine 6.12,
#                the targets of tests/bench/targets checked: build/bench/report.md, overhead.png
#                (BENCH_ONLY="P0 P" measures those configurations only)
#   make export [SIGNOFF="Name <address>"] [BISECT=none|mid|all]  the project as a git format-patch
#                series against pristine 6.12 in build/export/patches/, checked (checkpatch, git am,
#                builds) and with a cover letter
#   make deb     Debian packages of the stacked kernel (defconfig + tests/configs/deb.config) in build/
#   make check-deb  install them with dpkg -i in the VM's Debian system, boot the installed kernel
#                with its initramfs, run the SELinux-and-label checks there
#   make deb-reference  the same packages built from pristine 6.12: SELinux without the project
#   make check-distro  a Debian system under systemd with Debian's reference SELinux policy and
#                both packages installed: boots it on the reference kernel twice, stacked, and
#                with stacker=capability, compares the boots, checks the nginx example
#   make kernel  the stacked bzImage only
#   make clean / make distclean

KERNEL_PKG_VERSION := 6.12.117-1~deb12u1
KERNEL_VERSION := 6.12.117
TARBALL := /usr/src/linux-source-6.12.tar.xz

TOP := $(CURDIR)
B := $(TOP)/build
SRC := $(B)/linux
JOBS ?= $(shell nproc)
WB := $(TOP)/tools/workbench
export KERNEL_VERSION TARBALL JOBS
export CCACHE_DIR ?= $(HOME)/.cache/ccache
# Kbuild passes absolute source paths: ccache rewrites those under the checkout into relative
# ones, so a clone in another folder (CI's) finds the objects this one compiled.
export CCACHE_BASEDIR ?= $(TOP)

# One build at a time: every step that writes build/ takes this lock, so two make runs queue
# instead of corrupting the tree.
LOCK := flock $(B)/.lock

# coccicheck runs scripts that Debian's coccinelle package does not pull in what they need for:
# ocaml-nox, to compile the OCaml ones at run time, and libpython3-dev, whose unversioned
# libpython3.N.so spatch loads for the Python ones ("Py.find_library: unable to find the Python
# library", then "coccicheck failed"; found by make check-fresh). checkpatch checks the SPDX line
# of each file a patch adds with scripts/spdxcheck.py, which imports ply and git (make export).
# bindeb-pkg runs dpkg-buildpackage, and its debian/rules dh_listpackages (make deb): debhelper.
# make bench plots with gnuplot, and same-kernel.py disassembles with binutils' objdump.
# Landlock's selftests, which the debug boot runs, link libcap (libcap-dev's static library).
# make check-distro labels its image offline: setfiles (policycoreutils) and setfattr (attr).
DEPS := linux-source-6.12=$(KERNEL_PKG_VERSION) gcc make flex bison bc libelf-dev libssl-dev \
	cpio rsync ccache qemu-system-x86 busybox-static sparse coccinelle python3 quilt xz-utils \
	kmod util-linux ocaml-nox libpython3-dev mmdebstrap secilc e2fsprogs \
	python3-ply python3-git debhelper gnuplot-nox binutils libcap-dev policycoreutils attr

.PHONY: all deps tree kernel kernel-% run shell check check-debug check-fresh kunit vmtest static \
	bench export deb check-deb deb-reference check-distro clean distclean
all: run

deps:
	@$(WB)/deps.sh $(DEPS)

$(B):
	@mkdir -p $(B)

tree: deps | $(B)
	@$(LOCK) $(WB)/prepare-tree.sh

kernel: kernel-stacked

# A kernel variant: the fragments named in tests/configs/variants, merged onto tinyconfig; the base
# fragment makes every variant distribution-shaped (SMP, jump labels, modules).
kernel-%: tree
	@$(LOCK) $(WB)/build-kernel.sh $*

# The root file system of make run and make shell: debian (the Debian system, SELinux enforcing,
# about 3 s to boot under TCG) or initramfs (busybox).
ROOT ?= debian

run: kernel-stacked
	@$(WB)/vm.sh --variant stacked --root $(ROOT) --mode tour

shell: kernel-stacked
	@$(WB)/vm.sh --variant stacked --root $(ROOT) --mode shell

check: tree
	@$(WB)/check.sh

# Not part of make check: it builds everything again from nothing. FORM=quick: the install step,
# one kernel, one boot, the static tier.
FORM ?= full
check-fresh: | $(B)
	@$(WB)/deps.sh mmdebstrap
	@$(WB)/check-fresh.sh $(FORM)

kunit: tree
	@$(LOCK) $(WB)/kunit.sh

vmtest: tree
	@$(WB)/vmtest.sh

# The debug tier alone (make check runs it too): the debug kernel's boot, every kselftest with
# KASAN, lockdep, PROVE_RCU, UBSAN, debug objects and kmemleak watching.
check-debug: tree
	@$(WB)/vmtest.sh debug

static: tree
	@$(LOCK) $(WB)/static.sh

# Guest instructions per operation in each configuration of tests/bench/configurations.
bench: tree
	@$(WB)/bench.sh

# The series is checked against build/linux and built with the stacked kernel's configuration.
export: kernel-stacked
	@$(WB)/export.sh

deb: kernel-deb
	@$(LOCK) $(WB)/deb.sh

# Not part of make check: the defconfig kernel alone is a cold build of about 36 min here.
check-deb: deb kernel-stacked
	@$(WB)/check-deb.sh

deb-reference: kernel-deb-reference
	@$(LOCK) $(WB)/deb.sh deb-reference

# Not part of make check either: two defconfig kernels, then four boots of a systemd system.
check-distro: deb deb-reference
	@$(WB)/distro.sh

clean:
	rm -rf $(B)/kernel-* $(B)/kunit $(B)/initramfs* $(B)/results $(B)/linux-*.deb $(B)/linux-upstream_*

distclean:
	rm -rf $(B)
