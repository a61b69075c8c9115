/*
** hidden/parallel.c -- hidden unit tests of parallel_search: minimax's
** value on played positions with the secret evaluation on 1, 2, 3 and 5
** threads; evaluations made on more than one thread; a speed-up judged
** against the kit's own parallel search measured in the same run; leaves.
*/
#include "graded_test.h"
#include "support.h"

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

GRADED_TEST(parallel, evaluates_on_several_threads)
{
    gs_position p;

    pos_played(&p, 21, 16);
    for (int threads = 2; threads <= 4; threads += 2) {
        check_parallel(&p, 3, threads, eval_plain, "a position after 16 moves");
        cr_assert_geq(eval_threads(), 2, "parallel_search(depth 3, %d threads) called eval from %d "
                      "thread(s): the work was not shared", threads, eval_threads());
    }
}

/* Wall seconds of the best of `rounds` runs of a search. */
static double best_time(int (*run)(gs_position *, int, int), gs_position *p, int depth,
                        int threads, int rounds)
{
    double best = 1e9;

    for (int r = 0; r < rounds; r++) {
        double t = now_wall();
        run(p, depth, threads);
        t = now_wall() - t;
        if (t < best)
            best = t;
    }
    return best;
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

/* The speed-up on two threads is judged against the kit's own parallel
** search timed in this same run, on this machine, under its present load:
** when the kit's search gains less than 25% here (one core, or a busy
** machine), no judgement is possible and the test passes; otherwise
** yours must gain at least half as much as the kit's.  Three tries. */
GRADED_TEST(parallel, speed_up_beside_the_kit)
{
    gs_position p;
    double kit = 0, yours = 0;

    pos_played(&p, 31, 18);
    for (int attempt = 0; attempt < 3; attempt++) {
        kit = best_time(kit_sequential, &p, 4, 1, 2) / best_time(kit_parallel, &p, 4, 2, 2);
        yours = best_time(theirs_sequential, &p, 4, 1, 2) / best_time(theirs_parallel, &p, 4, 2, 2);
        if (kit < 1.25 || yours >= 1 + (kit - 1) / 2)
            return;
    }
    cr_assert_fail("on 2 threads parallel_search ran %.2f times as fast as your alphabeta; the "
                   "kit's parallel search, timed beside it, %.2f times as fast as its own: yours "
                   "must reach %.2f", yours, kit, 1 + (kit - 1) / 2);
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
