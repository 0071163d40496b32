// SPDX-License-Identifier: GPL-2.0
/*
 * Print this host's TSC frequency in kHz, for a guest's tsc_early_khz=.
 *
 * Under TCG a guest's RDTSC reads the host's TSC (qemu's cpu_get_host_ticks()),
 * so the host's frequency is the guest's. qemu's microvm has neither HPET nor
 * the ACPI PM timer, and on a loaded host the guest's calibration against the
 * PIT can fail, leaving it on jiffies (see vm.sh). Measured here against
 * CLOCK_MONOTONIC_RAW over 200 ms; each end is the reading whose two clock
 * calls lie closest together, so that a preemption between them does not count.
 */
#include <stdio.h>
#include <stdint.h>
#include <time.h>
#include <x86intrin.h>

static uint64_t ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* A (nanoseconds, TSC) pair read as close together as 100 tries allow. */
static void sample(uint64_t *t, uint64_t *tsc)
{
	uint64_t best = UINT64_MAX;

	for (int i = 0; i < 100; i++) {
		uint64_t a = ns(), c = __rdtsc(), b = ns();

		if (b - a < best) {
			best = b - a;
			*t = a + (b - a) / 2;
			*tsc = c;
		}
	}
}

int main(void)
{
	struct timespec wait = { 0, 200000000 };
	uint64_t t0, c0, t1, c1;

	sample(&t0, &c0);
	nanosleep(&wait, NULL);
	sample(&t1, &c1);
	if (t1 <= t0 || c1 <= c0)
		return 1;
	printf("%llu\n", (unsigned long long)((c1 - c0) * 1000000 / (t1 - t0)));
	return 0;
}
