/*
** public/minimax.c -- public unit tests of minimax: the start at depths 1
** and 2 (24 and 576 leaves), and a position where BLACK, the minimising
** player, is to move.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(minimax, start_depths_one_and_two)
{
    gs_position p;

    pos_start(&p);
    check_minimax(&p, 1, eval_plain, "the start");
    check_minimax(&p, 2, eval_plain, "the start");
}

GRADED_TEST(minimax, black_minimises)
{
    gs_position p;

    pos_played(&p, 1, 7);
    cr_assert_eq(p.side, GS_BLACK, "test bug: BLACK should be to move");
    check_minimax(&p, 1, eval_plain, "a position after 7 moves, BLACK to move");
    check_minimax(&p, 2, eval_plain, "a position after 7 moves, BLACK to move");
}
