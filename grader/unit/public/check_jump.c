/*
** public/check_jump.c -- public unit tests of check_jump: the header's
** examples on the starting board, one jump over a marble and one "jump"
** over an empty space.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_jump, jump_over_a_marble_is_valid)
{
    board_start();
    assert_jump(10, 2, 12, 4, VALID_MOVE,
                "the starting board; down-right over the red marble at (11,3)");
}

GRADED_TEST(check_jump, jump_over_an_empty_space_is_invalid)
{
    board_start();
    assert_jump(12, 4, 14, 6, INVALID_MOVE,
                "the starting board; (13,5) in between is empty");
}
