/*
** hidden/is_empty.c -- graded unit tests of is_empty: every square of a
** board with pieces here and there, bit 31 of every word, a piece of each
** colour, and numbers that name no square (never empty).  Each test asks
** about squares with a piece and squares without.
*/
#include <limits.h>

#include "graded_test.h"
#include "support.h"

/* A scattered pattern: (x, y) holds a piece when this is true. */
static int in_pattern(int x, int y)
{
    return (3 * x + 5 * y) % 7 == 0;
}

GRADED_TEST(is_empty, every_square_of_a_scattered_board)
{
    h_board b;

    board_blank(&b, 4);
    for (int s = 0; s < SQUARES; s++)
        if (in_pattern(s % BOARD_SIDE, s / BOARD_SIDE))
            board_put_any(&b, s);
    for (int s = 0; s < SQUARES; s++)
        assert_empty(&b, s, !set_has(b.occupied, s),
                     "a 4-player board with pieces where (3x + 5y) % 7 == 0");
}

GRADED_TEST(is_empty, bit_31_of_every_word)
{
    h_board b;

    board_blank(&b, 2);
    for (int w = 0; w < BITSET_WORDS; w++)
        board_put_any(&b, 32 * w + 31);
    for (int w = 0; w < BITSET_WORDS; w++) {
        assert_empty(&b, 32 * w + 31, 0, "pieces on bit 31 of every word");
        assert_empty(&b, 32 * w + 30, 1, "pieces on bit 31 of every word");
        assert_empty(&b, 32 * w, 1, "pieces on bit 31 of every word");
    }
    board_blank(&b, 2);
    for (int w = 0; w < BITSET_WORDS; w++) {
        board_put_any(&b, 32 * w);
        board_put_any(&b, 32 * w + 30);
    }
    for (int w = 0; w < BITSET_WORDS; w++)
        assert_empty(&b, 32 * w + 31, 1, "pieces on bits 0 and 30 of every word, not on 31");
}

GRADED_TEST(is_empty, a_piece_of_any_colour)
{
    h_board b;

    board_blank(&b, 4);
    assert_empty(&b, SQUARE(7, 7), 1, "anchor: an empty 4-player board");
    for (int p = 0; p < MAX_PLAYERS; p++) {
        board_blank(&b, 4);
        board_put(&b, p, SQUARE(7, 7));
        assert_empty(&b, SQUARE(7, 7), 0, "a lone piece on (7,7)");
        assert_empty(&b, SQUARE(8, 7), 1, "a lone piece on (7,7)");
    }
}

GRADED_TEST(is_empty, squares_off_the_board_are_not_empty)
{
    static const int squares[] = {-1, -2, -16, -32, 256, 257, 271, 288, 512, INT_MIN, INT_MAX};
    h_board b;

    /* An empty board: a number read as a square of it would be empty. */
    board_blank(&b, 2);
    assert_empty(&b, 0, 1, "anchor: an empty board");
    assert_empty(&b, 255, 1, "anchor: an empty board");
    for (size_t i = 0; i < COUNT(squares); i++)
        assert_empty(&b, squares[i], 0, "an empty board; not a square");
}
