/*
** hidden/add_piece.c -- graded unit tests of add_piece: the occupied bit,
** the two colour bits of each of the four players and the piece's entry
** in its own player's list, for every piece number; the square the piece
** stood on before is left alone; a player, piece or square out of range,
** or an occupied square, is refused with -1 and changes nothing.
**
** Each refusal is preceded by an accepted call as close to it as possible
** (the last valid player, piece or square; the same call on an empty
** square), so a constant answer passes no test.
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

/* add_piece(b, player, piece, s) must return 0 and leave b as board_place
** would. */
static void add_and_compare(h_board *b, int player, int piece, int s, const char *why)
{
    h_board expected = *b;
    char what[128];

    board_place(&expected, player, piece, s);
    assert_add(b, player, piece, s, 0, why);
    snprintf(what, sizeof what, "after add_piece(b, %s, %d, %s)", player_name(player), piece,
             square_name(s));
    assert_board_equals(b, &expected, what);
}

/* add_piece(b, player, piece, s) must return -1 and change nothing. */
static void add_refused(h_board *b, int player, int piece, int s, const char *why)
{
    h_board before = *b;
    char what[128];

    assert_add(b, player, piece, s, -1, why);
    snprintf(what, sizeof what, "add_piece(b, %d, %d, %d) should change nothing", player, piece, s);
    assert_board_untouched(b, &before, what);
}

GRADED_TEST(add_piece, colour_bits_of_each_of_four_players)
{
    static const int squares[MAX_PLAYERS] = {SQUARE(6, 6), SQUARE(9, 6), SQUARE(6, 9), SQUARE(9, 9)};
    h_board b;

    board_blank(&b, 4);
    for (int p = 0; p < MAX_PLAYERS; p++)
        add_and_compare(&b, p, 3, squares[p], "an otherwise empty 4-player board");
}

GRADED_TEST(add_piece, keeps_each_players_list_apart)
{
    h_board b;

    board_blank(&b, 2);
    add_and_compare(&b, WHITE, 5, SQUARE(3, 8), "piece 5 of WHITE on an empty board");
    add_and_compare(&b, BLACK, 5, SQUARE(12, 8), "piece 5 of BLACK after WHITE's piece 5");
    cr_assert_eq(b.position[WHITE][5], SQUARE(3, 8),
                 "after add_piece of WHITE's and then BLACK's piece 5: position[0][5] is %s, "
                 "expected %s", square_name(b.position[WHITE][5]), square_name(SQUARE(3, 8)));
    board_blank(&b, 4);
    for (int p = 0; p < MAX_PLAYERS; p++)
        add_and_compare(&b, p, 12, SQUARE(2 + 3 * p, 14), "piece 12, one player after another");
}

GRADED_TEST(add_piece, every_piece_number)
{
    h_board b;

    board_blank(&b, 2);
    for (int i = 0; i < PIECES_TWO_PLAYERS; i++)
        add_and_compare(&b, BLACK, i, SQUARE(i % 8 + 4, i / 8 + 6), "BLACK's pieces in turn");
    board_blank(&b, 4);
    for (int i = 0; i < PIECES_FOUR_PLAYERS; i++)
        add_and_compare(&b, GREEN, i, SQUARE(i % 8 + 4, i / 8 + 6), "GREEN's pieces in turn");
}

GRADED_TEST(add_piece, squares_at_bit_31_of_every_word)
{
    h_board b;

    board_blank(&b, 4);
    for (int w = 0; w < BITSET_WORDS; w++)
        add_and_compare(&b, GREEN, w, 32 * w + 31, "GREEN (both colour bits) on bit 31 of a word");
    for (int w = 0; w < BITSET_WORDS; w++)
        add_and_compare(&b, BLACK, w, 32 * w, "BLACK on bit 0 of a word");
}

GRADED_TEST(add_piece, leaves_the_old_square_alone)
{
    h_board b;

    board_blank(&b, 2);
    add_and_compare(&b, WHITE, 0, SQUARE(7, 7), "WHITE's piece 0 on an empty board");
    add_and_compare(&b, WHITE, 0, SQUARE(8, 7), "WHITE's piece 0 again, on (8,7)");
    cr_assert(set_has(b.occupied, SQUARE(7, 7)),
              "after WHITE's piece 0 was added on (7,7), then on (8,7): (7,7) should still be "
              "occupied (add_piece does not clear the old square) [%s]",
              square_text(&b, SQUARE(7, 7)));
}

GRADED_TEST(add_piece, refuses_players_out_of_range)
{
    static const int two[] = {-1, 2, 3, 4, 5, -2, INT_MIN, INT_MAX};
    static const int four[] = {-1, 4, 5, 8, INT_MIN, INT_MAX};
    h_board b;

    board_blank(&b, 2);
    add_and_compare(&b, BLACK, 0, SQUARE(7, 7), "anchor: BLACK, the last player of two");
    for (size_t i = 0; i < COUNT(two); i++)
        add_refused(&b, two[i], 1, SQUARE(8, 8), "a 2-player board; no such player");
    board_blank(&b, 4);
    add_and_compare(&b, GREEN, 0, SQUARE(7, 7), "anchor: GREEN, the last player of four");
    for (size_t i = 0; i < COUNT(four); i++)
        add_refused(&b, four[i], 1, SQUARE(8, 8), "a 4-player board; no such player");
}

GRADED_TEST(add_piece, refuses_pieces_out_of_range)
{
    static const int two[] = {-1, 19, 20, -19, INT_MIN, INT_MAX};
    static const int four[] = {-1, 13, 18, 19, INT_MIN, INT_MAX};
    h_board b;

    board_blank(&b, 2);
    add_and_compare(&b, WHITE, 18, SQUARE(7, 7), "anchor: piece 18, the last of 19");
    for (size_t i = 0; i < COUNT(two); i++)
        add_refused(&b, WHITE, two[i], SQUARE(8, 8), "a 2-player board; 19 pieces a player");
    board_blank(&b, 4);
    add_and_compare(&b, RED, 12, SQUARE(7, 7), "anchor: piece 12, the last of 13");
    for (size_t i = 0; i < COUNT(four); i++)
        add_refused(&b, RED, four[i], SQUARE(8, 8), "a 4-player board; 13 pieces a player");
}

GRADED_TEST(add_piece, refuses_squares_off_the_board)
{
    static const int squares[] = {-1, -16, -32, 256, 257, 271, 288, 512, INT_MIN, INT_MAX};
    h_board b;

    board_blank(&b, 2);
    add_and_compare(&b, BLACK, 0, 0, "anchor: square 0, the first");
    add_and_compare(&b, BLACK, 1, 255, "anchor: square 255, the last");
    for (size_t i = 0; i < COUNT(squares); i++)
        add_refused(&b, BLACK, 2, squares[i], "not a square");
}

GRADED_TEST(add_piece, refuses_an_occupied_square)
{
    h_board b;

    board_blank(&b, 4);
    add_and_compare(&b, RED, 0, SQUARE(5, 5), "anchor: RED on an empty board");
    add_refused(&b, RED, 1, SQUARE(5, 5), "(5,5) holds RED's piece 0");
    add_refused(&b, WHITE, 0, SQUARE(5, 5), "(5,5) holds RED's piece 0");
    add_refused(&b, RED, 0, SQUARE(5, 5), "the same piece onto the square it stands on");
    add_and_compare(&b, WHITE, 0, SQUARE(5, 6), "anchor: WHITE on the empty square below");
    add_refused(&b, GREEN, 0, SQUARE(5, 6), "(5,6) holds WHITE's piece 0");
}
