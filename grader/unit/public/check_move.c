/*
** public/check_move.c -- public unit tests of check_move: the header's
** examples on the starting board -- a step, a jump, the other player's
** marble, an occupied landing, and a move that is neither step nor jump.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_move, step_to_an_empty_neighbour_is_valid)
{
    board_start();
    assert_move(RE, 9, 3, 10, 4, VALID_MOVE,
                "the starting board; red steps down-right onto an empty space");
}

GRADED_TEST(check_move, jump_over_a_marble_is_valid)
{
    board_start();
    assert_move(RE, 10, 2, 12, 4, VALID_MOVE,
                "the starting board; red jumps down-right over (11,3)");
}

GRADED_TEST(check_move, other_players_marble_is_invalid)
{
    board_start();
    assert_move(GR, 9, 3, 10, 4, INVALID_MOVE,
                "the starting board; green may not move the red marble at (9,3)");
}

GRADED_TEST(check_move, occupied_landing_is_invalid)
{
    board_start();
    assert_move(RE, 11, 3, 13, 3, INVALID_MOVE,
                "the starting board; (13,3) holds a red marble");
}

GRADED_TEST(check_move, not_a_neighbour_or_jump_is_invalid)
{
    board_start();
    assert_move(RE, 9, 3, 9, 5, INVALID_MOVE,
                "the starting board; two rows straight down is neither a step nor a jump");
}
