/*
** public/apply_move.c -- public unit test of apply_move: one step on the
** 2-player start, then a move from the square it left.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(apply_move, step_on_the_start_board)
{
    h_board b, expected;

    board_start(&b, 2);
    board_start(&expected, 2);
    board_move(&expected, SQUARE(4, 1), SQUARE(5, 2));
    assert_apply(&b, SQUARE(4, 1), SQUARE(5, 2), 0, "the 2-player start; WHITE's piece 9");
    assert_board_equals(&b, &expected, "after apply_move(b, (4,1), (5,2)) on the start");
    assert_apply(&b, SQUARE(4, 1), SQUARE(4, 2), -1, "(4,1) is empty now");
    assert_board_equals(&b, &expected, "apply_move from an empty square should change nothing");
}
