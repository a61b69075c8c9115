/*
** hidden/parallel.c -- hidden unit tests of parallel_search: minimax's
** value on played positions with the secret evaluation on 1, 2, 3 and 5
** threads; evaluations made on more than one thread, and on one when one
** is asked for; every thread joined before it returns; a speed-up judged
** against the kit's own parallel search measured in the same run; leaves.
*/
#include "graded_test.h"
#include "support.h"

#include <stdio.h>
#include <time.h>

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

/* How many threads this process has now (/proc/self/status), or -1. */
static int threads_running(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;

    if (!f)
        return -1;
    while (n < 0 && fgets(line, sizeof line, f))
        if (sscanf(line, "Threads: %d", &n) != 1)
            n = -1;
    fclose(f);
    return n;
}

/* The header: every thread is joined before parallel_search returns.  A
** joined thread may still be counted for a moment while the system
** takes it down, so the count has a second to come back. */
GRADED_TEST(parallel, joins_every_thread)
{
    struct timespec tick = {0, 10 * 1000 * 1000};
    gs_position p;

    pos_played(&p, 21, 16);
    int before = threads_running();
    cr_assert_gt(before, 0, "the test cannot read /proc/self/status");
    check_parallel(&p, 3, 4, eval_plain, "a position after 16 moves");
    int after = threads_running();
    for (int waited = 0; waited < 100 && after > before; waited++) {
        nanosleep(&tick, NULL);
        after = threads_running();
    }
    cr_assert_leq(after, before, "parallel_search(depth 3, 4 threads) returned, and a second "
                  "later %d of its threads were still running: every thread must be joined "
                  "before it returns", after - before);
}

/* Wall seconds of the best of `rounds` runs of a search.  Unless `who`
** is NULL, each run must give `want`, the value: a wrong search found
** fast is no speed-up. */
static double best_time(int (*run)(gs_position *, int, int), const char *who, gs_position *p,
                        int depth, int threads, int rounds, int want)
{
    double best = 1e9;

    for (int r = 0; r < rounds; r++) {
        double t = now_wall();
        int got = run(p, depth, threads);
        t = now_wall() - t;
        if (who)
            cr_assert_eq(got, want, "timed for the speed-up, %s(depth %d, %d thread(s)) "
                         "returned %d, the value is %d\n%s", who, depth, threads, got, want,
                         pos_text(p));
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
** yours must gain at least half as much as the kit's.  Three tries.  Every
** timed parallel search must give the value, so that a wrong answer found
** fast (a constant, say) never passes, however busy the machine; your
** alphabeta's value is its own suite's business. */
GRADED_TEST(parallel, speed_up_beside_the_kit)
{
    gs_position p;
    double kit = 0, yours = 0;

    pos_played(&p, 31, 18);
    gs_position copy = p;
    int want = yardstick_alphabeta(&copy, 4, eval_plain);
    for (int attempt = 0; attempt < 3; attempt++) {
        kit = best_time(kit_sequential, "the kit's alphabeta", &p, 4, 1, 2, want)
              / best_time(kit_parallel, "the kit's parallel search", &p, 4, 2, 2, want);
        yours = best_time(theirs_sequential, NULL, &p, 4, 1, 2, want)
                / best_time(theirs_parallel, "parallel_search", &p, 4, 2, 2, want);
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
