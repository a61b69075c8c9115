/*
** public/check_jump.c -- public unit tests of check_jump: the header's
** examples on the starting board, one jump over a marble and one "jump"
** over an empty space.  Each test checks both answers of its pair -- the
** jump over a marble is valid, the same jump with the marble taken away is
** not -- so that a function returning the same answer every time passes
** neither.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_jump, jump_over_a_marble_is_valid)
{
    board_start();
    assert_jump(10, 2, 12, 4, VALID_MOVE,
                "the starting board; down-right over the red marble at (11,3)");
    board_put(11, 3, EM);
    assert_jump(10, 2, 12, 4, INVALID_MOVE,
                "the same jump after emptying (11,3): no marble in between");
}

GRADED_TEST(check_jump, jump_over_an_empty_space_is_invalid)
{
    /* First the same jump with a marble in between (and one on the
    ** source, as check_jump need not but may look there). */
    board_start();
    board_put(12, 4, RE);
    board_put(13, 5, RE);
    assert_jump(12, 4, 14, 6, VALID_MOVE,
                "anchor: the starting board with red put on (12,4) and on (13,5) in between");
    board_start();
    assert_jump(12, 4, 14, 6, INVALID_MOVE,
                "the starting board; (13,5) in between is empty");
}
