/*
** public/winner.c -- public unit test of winner: none at the start, WHITE
** when its pieces fill BLACK's camp.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(winner, white_fills_its_goal)
{
    h_board b;

    board_start(&b, 2);
    assert_winner(&b, NO_PLAYER, "the 2-player start");
    board_blank(&b, 2);
    for (int s = 0; s < SQUARES; s++)
        if (camp_has(2, BLACK, s % BOARD_SIDE, s / BOARD_SIDE))
            board_put(&b, WHITE, s);
    for (int i = 0; i < PIECES_TWO_PLAYERS; i++)
        board_put(&b, BLACK, SQUARE(i % BOARD_SIDE, 6 + i / BOARD_SIDE));
    assert_winner(&b, WHITE, "WHITE's 19 pieces on BLACK's camp, BLACK's on rows 6 and 7");
}
