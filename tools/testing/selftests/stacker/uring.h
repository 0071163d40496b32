/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One io_uring request at a time, without liburing: for the tests of what io_uring does on its
 * own paths (label's revalidation of open descriptors, the sample's saved personalities).
 */

#ifndef _SELFTESTS_STACKER_URING_H
#define _SELFTESTS_STACKER_URING_H

#include <limits.h>
#include <linux/io_uring.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* A ring of one entry: its descriptor, or -1 with errno. */
static inline int uring_setup(struct io_uring_params *params)
{
	*params = (struct io_uring_params){ 0 };
	return syscall(SYS_io_uring_setup, 1, params);
}

/*
 * Submit @req to @ring, made by uring_setup() with @params, and wait for its completion: the
 * completion's result (a negative errno for a failed request), or INT_MIN if the ring cannot
 * be used.
 */
static inline int uring_run(int ring, const struct io_uring_params *params,
			    const struct io_uring_sqe *req)
{
	struct io_uring_sqe *sqe;
	struct io_uring_cqe *cqe;
	size_t size;
	char *rings;

	if (!(params->features & IORING_FEAT_SINGLE_MMAP))
		return INT_MIN;
	size = params->cq_off.cqes + params->cq_entries * sizeof(*cqe);
	if (size < params->sq_off.array + params->sq_entries * sizeof(__u32))
		size = params->sq_off.array + params->sq_entries * sizeof(__u32);
	rings = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQ_RING);
	sqe = mmap(NULL, sizeof(*sqe), PROT_READ | PROT_WRITE, MAP_SHARED, ring, IORING_OFF_SQES);
	if (rings == MAP_FAILED || sqe == MAP_FAILED)
		return INT_MIN;
	*sqe = *req;
	((__u32 *)(rings + params->sq_off.array))[0] = 0;
	__atomic_store_n((__u32 *)(rings + params->sq_off.tail), 1, __ATOMIC_RELEASE);
	if (syscall(SYS_io_uring_enter, ring, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) != 1)
		return INT_MIN;
	cqe = (struct io_uring_cqe *)(rings + params->cq_off.cqes);
	return cqe->res;
}

#endif /* _SELFTESTS_STACKER_URING_H */
