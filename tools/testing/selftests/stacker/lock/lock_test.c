// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stacker's lock (/sys/kernel/security/stacker/lock): once locked, until reboot, no write
 * changes a mode, a log switch, call counting or the lock, no module may be loaded, and one
 * loaded before is pinned. The lock lasts until reboot, so this target runs in a boot of its
 * own (or last), and its tests run in order: the first locks.
 *
 * The sample module (loadable.h) is loaded before the lock when the environment has
 * STACKER_LOCK_LOADED=1: the lock then pins it, and a forced unload withdraws it. Otherwise the
 * lock refuses to load it. One boot tests one of the two.
 */

#include "../loadable.h"

static void __attribute__((constructor)) require_stacker(void)
{
	skip_unless_present(STACKER, "the stacker");
}

static bool load_before_lock(void)
{
	const char *want = getenv("STACKER_LOCK_LOADED");

	return want && !strcmp(want, "1") && !sample_missing();
}

TEST(lock_refuses_later_writes)
{
	char before[TEXT_SIZE], after[TEXT_SIZE], lock[8];

	if (locked())
		SKIP(return, "already locked: this target needs a boot of its own");
	if (load_before_lock()) {
		/* As a module that forgets to unregister, for the forced unload below. */
		if (loaded())
			ASSERT_EQ(0, unload());
		ASSERT_EQ(0, load("test_no_unregister=1"));
	}
	ASSERT_LT(0, read_text(STACKER "mode", before, sizeof(before)));

	ASSERT_EQ(1, write_str(STACKER "lock", "1"));
	ASSERT_LT(0, read_text(STACKER "lock", lock, sizeof(lock)));
	ASSERT_STREQ("1\n", lock);

	ASSERT_EQ(-1, write_str(STACKER "mode", "capability enforcing"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(STACKER "lock", "1"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(STACKER "lock", "1\n"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(STACKER "log", "capability on"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_EQ(-1, write_str(STACKER "count", "1"));
	ASSERT_EQ(EPERM, errno);
	ASSERT_LT(0, read_text(STACKER "mode", after, sizeof(after)));
	ASSERT_STREQ(before, after);
}

TEST(lock_pins_a_loaded_module)
{
	if (!locked() || !loaded())
		SKIP(return, "not loaded before the lock (STACKER_LOCK_LOADED=1 loads it)");
	EXPECT_NE(0, unload());
	EXPECT_TRUE(loaded());
	EXPECT_EQ(-1, write_str(STACKER "mode", "sandbox permissive"));
	EXPECT_EQ(EPERM, errno);
	make_old_file(_metadata);
	EXPECT_EQ(EACCES, errno_in_sandbox(O_WRONLY));
}

TEST(locked_stacker_refuses_loading)
{
	int kmsg;

	if (sample_missing())
		SKIP(return, "%s", sample_missing());
	if (!locked() || loaded())
		SKIP(return, "not locked, or loaded before the lock");
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	EXPECT_EQ(-EPERM, load(""));
	EXPECT_TRUE(logged(kmsg, "loading \"sandbox\" refused: the stacker is locked"));
	EXPECT_FALSE(loaded());
	close(kmsg);
}

/*
 * rmmod -f takes a module out whatever pins it (the kernel is tainted): loaded before the lock,
 * not unregistering on its way out, it is withdrawn as it goes.
 */
TEST(forced_unload_after_the_lock_leaves_no_hooks)
{
	int kmsg;

	if (!locked() || !loaded())
		SKIP(return, "not locked, or not loaded before the lock");
	kmsg = kmsg_from_now();
	ASSERT_LE(0, kmsg);
	ASSERT_EQ(0, syscall(__NR_delete_module, "sandbox", O_NONBLOCK | O_TRUNC));
	expect_withdrawn(_metadata, kmsg);
	close(kmsg);
}

TEST_HARNESS_MAIN
