/*
** public/check_move.c -- public unit tests of check_move: the header's
** examples on the starting board -- a step, a jump, the other player's
** marble, an occupied landing, and a move that is neither step nor jump.
** Each test checks both answers of a close pair (the valid move, and the
** same move with the one thing the test is about changed), so that a
** function returning the same answer every time passes none of them.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_move, step_to_an_empty_neighbour_is_valid)
{
    board_start();
    assert_move(RE, 9, 3, 10, 4, VALID_MOVE,
                "the starting board; red steps down-right onto an empty space");
    board_put(10, 4, GR);
    assert_move(RE, 9, 3, 10, 4, INVALID_MOVE,
                "the same step after putting green on (10,4): the landing is not empty");
}

GRADED_TEST(check_move, jump_over_a_marble_is_valid)
{
    board_start();
    assert_move(RE, 10, 2, 12, 4, VALID_MOVE,
                "the starting board; red jumps down-right over (11,3)");
    board_put(11, 3, EM);
    assert_move(RE, 10, 2, 12, 4, INVALID_MOVE,
                "the same jump after emptying (11,3): nothing to jump over");
}

GRADED_TEST(check_move, other_players_marble_is_invalid)
{
    board_start();
    assert_move(RE, 9, 3, 10, 4, VALID_MOVE,
                "anchor: the starting board; red may make this step with its own marble");
    assert_move(GR, 9, 3, 10, 4, INVALID_MOVE,
                "the starting board; green may not move the red marble at (9,3)");
}

GRADED_TEST(check_move, occupied_landing_is_invalid)
{
    board_start();
    board_put(13, 3, EM);
    assert_move(RE, 11, 3, 13, 3, VALID_MOVE,
                "anchor: the starting board with (13,3) emptied; red steps right onto it");
    board_start();
    assert_move(RE, 11, 3, 13, 3, INVALID_MOVE,
                "the starting board; (13,3) holds a red marble");
}

GRADED_TEST(check_move, not_a_neighbour_or_jump_is_invalid)
{
    board_start();
    assert_move(RE, 9, 3, 10, 4, VALID_MOVE,
                "anchor: the starting board; the same marble may step down-right onto (10,4)");
    assert_move(RE, 9, 3, 9, 5, INVALID_MOVE,
                "the starting board; two rows straight down is neither a step nor a jump");
}
