/*
** hidden/owner.c -- graded unit tests of owner: the player of each colour
** (both colour planes), every square of a scattered board, bit 31 of every
** word, and NO_PLAYER for empty squares and numbers that name no square.
** Each test asks about squares of two or more players, or a player and
** NO_PLAYER.
*/
#include <limits.h>

#include "graded_test.h"
#include "support.h"

GRADED_TEST(owner, each_of_four_colours)
{
    static const int squares[MAX_PLAYERS] = {SQUARE(6, 6), SQUARE(7, 6), SQUARE(6, 7), SQUARE(7, 7)};
    h_board b;

    board_blank(&b, 4);
    for (int p = 0; p < MAX_PLAYERS; p++)
        board_put(&b, p, squares[p]);
    for (int p = 0; p < MAX_PLAYERS; p++)
        assert_owner(&b, squares[p], p, "one piece of each player on (6..7, 6..7)");
    assert_owner(&b, SQUARE(8, 7), NO_PLAYER, "one piece of each player on (6..7, 6..7)");
}

GRADED_TEST(owner, two_player_colours)
{
    h_board b;

    board_blank(&b, 2);
    board_put(&b, WHITE, SQUARE(10, 3));
    board_put(&b, BLACK, SQUARE(11, 3));
    assert_owner(&b, SQUARE(10, 3), WHITE, "a 2-player board, WHITE on (10,3), BLACK on (11,3)");
    assert_owner(&b, SQUARE(11, 3), BLACK, "a 2-player board, WHITE on (10,3), BLACK on (11,3)");
    assert_owner(&b, SQUARE(12, 3), NO_PLAYER, "a 2-player board, WHITE on (10,3), BLACK on (11,3)");
}

GRADED_TEST(owner, every_square_of_a_scattered_board)
{
    h_board b;

    board_blank(&b, 4);
    for (int s = 0; s < SQUARES; s++)
        if ((5 * (s % BOARD_SIDE) + 3 * (s / BOARD_SIDE)) % 6 == 1)
            board_put_any(&b, s);
    for (int s = 0; s < SQUARES; s++)
        assert_owner(&b, s, board_player_at(&b, s),
                     "a 4-player board with pieces of all four where (5x + 3y) % 6 == 1");
}

GRADED_TEST(owner, bit_31_of_every_word)
{
    h_board b;

    board_blank(&b, 4);
    for (int w = 0; w < BITSET_WORDS; w++)
        board_put(&b, w % MAX_PLAYERS, 32 * w + 31);
    for (int w = 0; w < BITSET_WORDS; w++) {
        assert_owner(&b, 32 * w + 31, w % MAX_PLAYERS, "pieces on bit 31 of every word");
        assert_owner(&b, 32 * w + 30, NO_PLAYER, "pieces on bit 31 of every word");
    }
}

GRADED_TEST(owner, squares_off_the_board_have_no_player)
{
    static const int squares[] = {-1, -2, -16, -32, 256, 257, 271, 288, 512, INT_MIN, INT_MAX};
    h_board b;

    /* GREEN on square 0 and RED on 255: every bit of square 0 is on, so a
    ** number read as if it were square 0 of the next word has a player. */
    board_blank(&b, 4);
    board_put(&b, GREEN, 0);
    board_put(&b, RED, 255);
    assert_owner(&b, 0, GREEN, "anchor: GREEN on square 0, RED on 255");
    assert_owner(&b, 255, RED, "anchor: GREEN on square 0, RED on 255");
    for (size_t i = 0; i < COUNT(squares); i++)
        assert_owner(&b, squares[i], NO_PLAYER, "GREEN on square 0, RED on 255; not a square");
}
