/*
** public/owner.c -- public unit test of owner on the starts of the 2- and
** 4-player games.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(owner, start_boards)
{
    h_board b;

    board_start(&b, 2);
    assert_owner(&b, 0, WHITE, "the 2-player start; WHITE's corner");
    assert_owner(&b, 255, BLACK, "the 2-player start; BLACK's corner");
    assert_owner(&b, SQUARE(8, 8), NO_PLAYER, "the 2-player start; the middle of the board");
    board_start(&b, 4);
    assert_owner(&b, SQUARE(15, 0), RED, "the 4-player start; RED's corner");
    assert_owner(&b, SQUARE(0, 15), GREEN, "the 4-player start; GREEN's corner");
    assert_owner(&b, SQUARE(4, 0), NO_PLAYER, "the 4-player start; next to WHITE's camp");
}
