/*
** hidden/alphabeta.c -- hidden unit tests of alphabeta: minimax's value
** on played positions with the secret evaluation, with fewer evaluations;
** results outside a narrow window are bounds on the right side (with the
** prescribed evaluation, so that a bug fails it on every run); depth 4,
** pruning there too; leaves.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(alphabeta, played_positions_secret_evaluation)
{
    gs_position p;
    char what[64];
    long calls = 0, leaves = 0;

    eval_new_key();
    for (unsigned seed = 1; seed <= 6; seed++) {
        pos_played(&p, seed, 8 + 5 * (int)seed);
        snprintf(what, sizeof what, "position %u (%d plies played)", seed, 8 + 5 * (int)seed);
        check_alphabeta(&p, 1, eval_secret, what);
        check_alphabeta(&p, 2, eval_secret, what);
        calls += check_alphabeta(&p, 3, eval_secret, what);
        leaves += expect_leaves(&p, 3);
    }
    cr_assert_lt(4 * calls, 3 * leaves, "at depth 3 alphabeta called eval %ld times on six "
                 "positions whose trees have %ld leaves: it should prune at least a quarter", calls,
                 leaves);
}

GRADED_TEST(alphabeta, window_gives_bounds)
{
    gs_position p;

    for (unsigned seed = 3; seed <= 5; seed++) {
        pos_played(&p, seed, 15);
        gs_position copy = p;
        int v = expect_value(&copy, 2, eval_plain);
        int inside = alphabeta(&p, 2, v - 1, v + 1, eval_plain);
        int low = alphabeta(&p, 2, v, v + 20, eval_plain);
        int high = alphabeta(&p, 2, v - 20, v, eval_plain);
        int above = alphabeta(&p, 2, v + 5, v + 30, eval_plain);
        int below = alphabeta(&p, 2, v - 30, v - 5, eval_plain);
        cr_assert_eq(inside, v, "alphabeta(window (%d, %d)) returned %d, the value is %d", v - 1,
                     v + 1, inside, v);
        cr_assert_leq(low, v, "alphabeta(window (%d, %d)) returned %d: the value %d is <= alpha, "
                      "so the result must be <= alpha", v, v + 20, low, v);
        cr_assert_geq(high, v, "alphabeta(window (%d, %d)) returned %d: the value %d is >= beta, "
                      "so the result must be >= beta", v - 20, v, high, v);
        cr_assert_leq(above, v + 5, "alphabeta(window (%d, %d)) returned %d: the value %d is "
                      "below the window, so the result must be <= alpha", v + 5, v + 30, above, v);
        cr_assert_geq(below, v - 5, "alphabeta(window (%d, %d)) returned %d: the value %d is "
                      "above the window, so the result must be >= beta", v - 30, v - 5, below, v);
        cr_assert(pos_equal(&p, &copy), "alphabeta with a narrow window changed the position");
    }
}

GRADED_TEST(alphabeta, depth_four)
{
    gs_position p, copy;

    eval_new_key();
    pos_played(&p, 12, 14);
    copy = p;
    int want = yardstick_alphabeta(&copy, 4, eval_secret);
    eval_reset();
    int got = alphabeta(&p, 4, -GS_INF, GS_INF, eval_secret);
    long calls = eval_calls();
    cr_assert_eq(got, want, "alphabeta(a position after 14 moves, depth 4) returned %d, the value "
                 "is %d\n%s", got, want, pos_text(&p));
    cr_assert(pos_equal(&p, &copy), "alphabeta at depth 4 changed the position");
    /* Judged by its evaluations, not by its time: a search that prunes
    ** nothing fails here however fast the machine. */
    long leaves = leaves_beyond(&copy, 4, 4 * calls / 3);
    cr_assert_lt(4 * calls, 3 * leaves, "at depth 4 alphabeta called eval %ld times on a tree "
                 "of %ld leaves: it should prune at least a quarter", calls, leaves);
}

GRADED_TEST(alphabeta, leaves)
{
    gs_position p;

    pos_walled_in(&p, GS_WHITE);
    long n = check_alphabeta(&p, 3, eval_plain, "WHITE with no move");
    cr_assert_eq(n, 1L, "alphabeta(WHITE with no move) called eval %ld times, not once", n);
    pos_start(&p);
    n = check_alphabeta(&p, 0, eval_plain, "the start, depth 0");
    cr_assert_eq(n, 1L, "alphabeta(the start, depth 0) called eval %ld times, not once", n);
}
