/*
** public/check_step.c -- public unit tests of check_step: the header's
** examples, and a step off the last column that must not wrap onto the
** next row.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_step, header_examples)
{
    h_board b;

    board_start(&b, 2);
    assert_step(&b, SQUARE(4, 1), SQUARE(5, 2), VALID_MOVE,
                "the 2-player start; down-right onto an empty square");
    assert_step(&b, SQUARE(15, 0), SQUARE(0, 1), INVALID_MOVE,
                "the 2-player start; the board does not wrap");
}

GRADED_TEST(check_step, the_last_column_does_not_wrap)
{
    h_board b;

    board_blank(&b, 2);
    board_put(&b, WHITE, SQUARE(15, 0));
    assert_step(&b, SQUARE(15, 0), SQUARE(14, 1), VALID_MOVE,
                "anchor: a lone piece on (15,0) steps down-left");
    assert_step(&b, SQUARE(15, 0), SQUARE(15, 1), VALID_MOVE,
                "anchor: a lone piece on (15,0) steps down");
    assert_step(&b, SQUARE(15, 0), SQUARE(0, 1), INVALID_MOVE,
                "a lone piece on (15,0); square 16 = 15 + 1 is (0,1), not a neighbour");
}
