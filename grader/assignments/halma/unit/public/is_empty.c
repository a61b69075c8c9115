/*
** public/is_empty.c -- public unit test of is_empty on the 2-player start.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(is_empty, start_board)
{
    h_board b;

    board_start(&b, 2);
    assert_empty(&b, SQUARE(5, 0), 1, "the 2-player start; (5,0) is next to WHITE's camp");
    assert_empty(&b, SQUARE(8, 8), 1, "the 2-player start; the middle of the board");
    assert_empty(&b, 0, 0, "the 2-player start; WHITE's corner");
    assert_empty(&b, 255, 0, "the 2-player start; BLACK's corner");
}
