/*
** hidden/parallel.c -- hidden unit tests of parallel_search: minimax's
** value on played positions with the secret evaluation on 1, 2, 3 and 5
** threads; evaluations made on more than one thread, and on one when one
** is asked for; every thread joined before it returns; a speed-up, in
** evaluations on the longest thread, judged against the kit's own
** parallel search measured in the same run; leaves.
*/
#include "graded_test.h"
#include "support.h"

#include <stdio.h>

GRADED_TEST(parallel, played_positions_secret_evaluation)
{
    static const int threads[] = {1, 2, 3, 5};
    gs_position p;
    char what[64];

    eval_new_key();
    for (unsigned seed = 1; seed <= 4; seed++) {
        pos_played(&p, seed, 10 + 4 * (int)seed);
        snprintf(what, sizeof what, "position %u (%d plies played)", seed, 10 + 4 * (int)seed);
        for (int depth = 2; depth <= 3; depth++)
            for (size_t t = 0; t < COUNT(threads); t++)
                check_parallel(&p, depth, threads[t], eval_secret, what);
    }
}

/* Whether a search's helpers get work before the calling thread has
** taken it all depends on how soon the system starts them, so on a
** loaded machine one search may well evaluate on one thread only: each
** thread count gets up to ten searches at depth 4, and one that
** evaluates on two threads or more is enough.  A search that never
** shares its work fails all ten, on any machine. */
GRADED_TEST(parallel, evaluates_on_several_threads)
{
    gs_position p;

    pos_played(&p, 21, 16);
    for (int threads = 2; threads <= 4; threads += 2) {
        int most = 0;
        for (int attempt = 0; attempt < 10 && most < 2; attempt++) {
            check_parallel(&p, attempt == 0 ? 3 : 4, threads, eval_plain,
                           "a position after 16 moves");
            if (eval_threads() > most)
                most = eval_threads();
        }
        cr_assert_geq(most, 2, "parallel_search(%d threads) called eval from %d thread only, in "
                      "each of ten searches: the work was not shared", threads, most);
    }
}

/* Asked for one thread, parallel_search evaluates on one: the caller's,
** or a single thread of its own.  More would be more than asked for. */
GRADED_TEST(parallel, one_thread_when_asked_for_one)
{
    gs_position p;

    pos_played(&p, 21, 16);
    check_parallel(&p, 3, 1, eval_plain, "a position after 16 moves");
    cr_assert_eq(eval_threads(), 1, "parallel_search(depth 3, 1 thread) called eval from %d "
                 "threads: it was asked for one", eval_threads());
}

/* The header: every thread is joined before parallel_search returns.
** Its threads are the callee's (forward.c), which counts them before the
** call and after it, giving a joined thread up to a second to be taken
** down by the system. */
GRADED_TEST(parallel, joins_every_thread)
{
    gs_position p;
    int before, after;

    pos_played(&p, 21, 16);
    check_parallel(&p, 3, 4, eval_plain, "a position after 16 moves");
    parallel_threads(&before, &after);
    cr_assert(before > 0 && after > 0, "the test cannot read the threads of the process "
              "parallel_search ran in (/proc/self/status)");
    cr_assert_leq(after, before, "parallel_search(depth 3, 4 threads) returned, and a second "
                  "later %d of its threads were still running: every thread must be joined "
                  "before it returns", after - before);
}

/* How many evaluations the longest thread of a search made: the busiest
** thread's count, or the total shared out over the `threads` threads that
** may run at once if that is more (a search that starts more threads
** than it was asked for gains nothing by it).  Each search must give
** `want`, the value: a wrong answer found with little work is no
** speed-up. */
static long longest_thread(int (*run)(gs_position *, int, int), const char *who, gs_position *p,
                           int depth, int threads, int want)
{
    eval_reset();
    int got = run(p, depth, threads);
    cr_assert_eq(got, want, "%s(depth %d, %d thread(s)) returned %d, the value is %d\n%s", who,
                 depth, threads, got, want, pos_text(p));
    long even = (eval_calls() + threads - 1) / threads;
    return eval_busiest() > even ? eval_busiest() : even;
}

static int theirs_sequential(gs_position *p, int depth, int threads)
{
    (void)threads;
    return alphabeta(p, depth, -GS_INF, GS_INF, eval_plain);
}

static int theirs_parallel(gs_position *p, int depth, int threads)
{
    return parallel_search(p, depth, threads, eval_plain);
}

static int kit_sequential(gs_position *p, int depth, int threads)
{
    (void)threads;
    return yardstick_alphabeta(p, depth, eval_plain);
}

static int kit_parallel(gs_position *p, int depth, int threads)
{
    return yardstick_parallel(p, depth, threads, eval_plain);
}

/* The speed-up on two threads, measured in evaluations rather than in
** seconds so that no machine's speed or load decides it: a search's
** speed-up is its sequential alpha-beta's evaluations divided by those
** of the longest thread of its parallel search (longest_thread).  The
** kit's parallel search, which shares its best value between threads,
** is measured the same way in the same run: when it gains less than 25%
** (the machine ran its threads one after the other, which a dynamic
** share of the work shows), yours need only not lose half (a longest
** thread making more than twice your alphabeta's evaluations is slower on
** any machine); otherwise yours must gain at least half as much as the
** kit's.  Eight tries, each a pair of searches a few milliseconds long:
** a good search fails only if the machine was busy at the wrong moment
** eight times in a row. */
GRADED_TEST(parallel, speed_up_beside_the_kit)
{
    gs_position p;
    double kit = 0, yours = 0;

    pos_played(&p, 31, 18);
    gs_position copy = p;
    int want = yardstick_alphabeta(&copy, 4, eval_plain);
    long kit_alone = longest_thread(kit_sequential, "the kit's alphabeta", &p, 4, 1, want);
    long yours_alone = longest_thread(theirs_sequential, "alphabeta", &p, 4, 1, want);
    for (int attempt = 0; attempt < 8; attempt++) {
        kit = (double)kit_alone
              / longest_thread(kit_parallel, "the kit's parallel search", &p, 4, 2, want);
        yours = (double)yours_alone
                / longest_thread(theirs_parallel, "parallel_search", &p, 4, 2, want);
        if (yours >= 1 + (kit - 1) / 2 || (kit < 1.25 && yours >= 0.5))
            return;
    }
    cr_assert_geq(yours, 0.5, "on 2 threads the longest thread of parallel_search made %.2f times "
                  "as many evaluations as your alphabeta: it should make fewer", 1 / yours);
    cr_assert_fail("on 2 threads the longest thread of parallel_search made %.2f times fewer "
                   "evaluations than your alphabeta; the kit's parallel search, measured beside "
                   "it, %.2f times fewer than its own alpha-beta: yours must reach %.2f (share the "
                   "root's moves between the threads, and the best value found so far)",
                   yours, kit, 1 + (kit - 1) / 2);
}

GRADED_TEST(parallel, leaves)
{
    gs_position p;

    pos_start(&p);
    long n = check_parallel(&p, 0, 2, eval_plain, "the start, depth 0");
    cr_assert_eq(n, 1L, "parallel_search(the start, depth 0) called eval %ld times, not once", n);
    pos_walled_in(&p, GS_WHITE);
    check_parallel(&p, 3, 3, eval_plain, "WHITE with no move");
}
