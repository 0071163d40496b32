// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacker: a micro-benchmark of security_get_value() on list values. It registers
 * VB_MODULES modules loaded at run time (no hooks, a value on creds each), and measures the time
 * per call to find the first module's value on a cred that holds the values of 1, 2, 4 and
 * VB_MODULES modules, the value searched for being the last on the list. Under qemu with
 * -icount shift=0 (make bench) the time is guest instructions; each figure is the best of ten
 * batches and includes the loop's few instructions.
 *
 * VB_MODULES is what a stacked kernel hosting capability and one other built-in module leaves
 * free of STACKER_MAX_MODULES. The results go to the kernel log as
 * "bench get_value_<n> <per call>", which tests/bench/lsm_bench.c copies to the benchmark's
 * output. The modules unregister before init returns: the module then stays loaded, inert.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/stacker.h>

#define VB_MODULES 6
#define VB_LOOPS 10000
#define VB_BATCHES 10

static struct lsm_blob_sizes vb_sizes = { .lbs_cred = sizeof(u64) };
/* Not const: each receives its list id at registration. */
static struct stacker_value_id vb_ids[VB_MODULES] = {
	[0 ... VB_MODULES - 1] = { .blobs = &vb_sizes },
};

static struct stacker_module vb_modules[VB_MODULES];
static char vb_names[VB_MODULES][8];

/* Per call, the best of VB_BATCHES; 0 if the value is not found. */
static u64 measure(const struct cred *cred)
{
	u64 best = U64_MAX, start;
	int batch, i;

	for (batch = 0; batch < VB_BATCHES; batch++) {
		start = ktime_get_ns();
		for (i = 0; i < VB_LOOPS; i++)
			if (!security_get_value(cred->security, STACKER_CRED, &vb_ids[0]))
				return 0;
		best = min(best, ktime_get_ns() - start);
	}
	return best / VB_LOOPS;
}

/* A cred holding the values of modules @n - 1 down to 0, module 0's last on the list. */
static int measure_with(int n)
{
	struct cred *cred = prepare_creds();
	int i;

	if (!cred)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (!security_attach_value(cred->security, STACKER_CRED, &vb_ids[i], GFP_KERNEL)) {
			abort_creds(cred);
			return -ENOMEM;
		}
	}
	pr_info("bench get_value_%d %llu\n", n, measure(cred));
	abort_creds(cred);
	return 0;
}

static int __init value_bench_init(void)
{
	static const int counts[] = { 1, 2, 4, VB_MODULES };
	int i, registered, rc = 0;

	for (registered = 0; registered < VB_MODULES; registered++) {
		snprintf(vb_names[registered], sizeof(vb_names[0]), "vb%d", registered);
		vb_modules[registered].name = vb_names[registered];
		vb_modules[registered].owner = THIS_MODULE;
		vb_modules[registered].values = &vb_ids[registered];
		rc = stacker_register_module(&vb_modules[registered]);
		if (rc)
			break;
	}
	for (i = 0; !rc && i < ARRAY_SIZE(counts); i++)
		rc = measure_with(counts[i]);
	while (registered--)
		stacker_unregister_module(&vb_modules[registered]);
	return rc;
}

static void __exit value_bench_exit(void)
{
}

module_init(value_bench_init);
module_exit(value_bench_exit);
MODULE_DESCRIPTION("Stacker: instructions per security_get_value() on list values");
MODULE_LICENSE("GPL");
