/*
** public/alphabeta.c -- public unit test of alphabeta: the start at depth
** 3, with the full window, gives minimax's value with fewer evaluations
** than the tree's 20,050 leaves.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(alphabeta, start_depth_three_prunes)
{
    gs_position p;

    pos_start(&p);
    long n = check_alphabeta(&p, 3, eval_plain, "the start");
    cr_assert_lt(n, 20050L, "alphabeta(the start, depth 3) called eval %ld times, as often as "
                 "minimax: nothing was pruned", n);
}
