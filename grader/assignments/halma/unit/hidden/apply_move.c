/*
** hidden/apply_move.c -- graded unit tests of apply_move: the occupied
** bit and both colour bits move with the piece, for each of the four
** players; the entry of that piece, in its own player's list, follows it
** and no other entry changes; it moves any distance (the caller has
** checked the move), across the words of the sets and onto bit 31 of each;
** a chain of hops is a series of calls; an empty source, an occupied
** destination or a number that names no square is refused with -1 and
** changes nothing.
**
** Every board starts as the start of a game (support.c's board_start), so
** every piece of every player is on it and each list is complete.  After
** each call the whole board is compared with the one support.c's
** board_move makes.  Each refusal follows an accepted move.
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

/* apply_move(b, from, to) must return 0 and move the piece as board_move
** does. */
static void move_and_compare(h_board *b, int from, int to, const char *why)
{
    h_board expected = *b;
    char what[128];

    board_move(&expected, from, to);
    assert_apply(b, from, to, 0, why);
    snprintf(what, sizeof what, "after apply_move(b, %s, %s)", square_name(from), square_name(to));
    assert_board_equals(b, &expected, what);
}

/* apply_move(b, from, to) must return -1 and change nothing. */
static void move_refused(h_board *b, int from, int to, const char *why)
{
    h_board before = *b;
    char what[128];

    assert_apply(b, from, to, -1, why);
    snprintf(what, sizeof what, "apply_move(b, %d, %d) should change nothing", from, to);
    assert_board_untouched(b, &before, what);
}

GRADED_TEST(apply_move, each_of_four_players_steps_out_of_its_camp)
{
    static const struct {
        int from, to;
        const char *why;
    } moves[] = {
        {SQUARE(3, 1), SQUARE(4, 2), "WHITE from (3,1) down-right"},
        {SQUARE(12, 14), SQUARE(11, 13), "BLACK from (12,14) up-left"},
        {SQUARE(12, 1), SQUARE(11, 2), "RED from (12,1) down-left"},
        {SQUARE(3, 14), SQUARE(4, 13), "GREEN from (3,14) up-right"},
    };
    h_board b;

    board_start(&b, 4);
    for (size_t i = 0; i < COUNT(moves); i++)
        move_and_compare(&b, moves[i].from, moves[i].to, moves[i].why);
}

GRADED_TEST(apply_move, the_movers_own_list_entry_follows_it)
{
    h_board b;
    int from = SQUARE(14, 11), to = SQUARE(13, 10);

    /* BLACK's piece 0 stands on (14,11); WHITE's piece 0 on (0,0). */
    board_start(&b, 2);
    move_and_compare(&b, from, to, "the 2-player start; BLACK's piece 0");
    cr_assert(b.position[BLACK][0] == to && b.position[WHITE][0] == 0,
              "after BLACK's piece 0 moved from (14,11) to (13,10): position[1][0] is %s and "
              "position[0][0] is %s, expected %s and %s",
              square_name(b.position[BLACK][0]), square_name(b.position[WHITE][0]),
              square_name(to), square_name(0));
    move_and_compare(&b, SQUARE(0, 4), SQUARE(0, 5), "then WHITE's piece 17 from (0,4)");
}

GRADED_TEST(apply_move, any_distance)
{
    h_board b;

    board_start(&b, 2);
    move_and_compare(&b, 0, SQUARE(8, 8), "WHITE's corner piece to the middle: apply_move "
                     "checks no more than a piece on from and an empty to");
    move_and_compare(&b, SQUARE(15, 15), SQUARE(0, 15), "BLACK's corner piece across the bottom row");
    move_refused(&b, SQUARE(15, 15), SQUARE(15, 0), "(15,15) is empty now");
}

GRADED_TEST(apply_move, across_words_and_onto_bit_31)
{
    h_board b;
    int square = SQUARE(4, 1);

    /* WHITE's piece from (4,1) to bit 31 and bit 0 of each word in turn. */
    board_start(&b, 2);
    for (int w = 0; w < BITSET_WORDS; w++) {
        int targets[2] = {32 * w + 31, 32 * w + 32};

        for (int t = 0; t < 2; t++) {
            if (targets[t] >= SQUARES || board_player_at(&b, targets[t]) != NO_PLAYER)
                continue;
            move_and_compare(&b, square, targets[t], "WHITE's piece 9, from word to word");
            square = targets[t];
        }
    }
    board_start(&b, 4);
    move_and_compare(&b, SQUARE(15, 3), SQUARE(15, 5), "RED from bit 31 of word 1 to bit 31 of word 2");
}

GRADED_TEST(apply_move, a_chain_of_hops)
{
    h_board b;

    board_start(&b, 2);
    move_and_compare(&b, SQUARE(0, 2), SQUARE(2, 4), "WHITE down-right over (1,3)");
    move_and_compare(&b, SQUARE(2, 4), SQUARE(4, 4), "then right over nothing: not apply_move's "
                     "concern");
    move_and_compare(&b, SQUARE(4, 4), SQUARE(0, 2), "then back where it started");
    board_start(&b, 2);
    move_refused(&b, SQUARE(2, 4), SQUARE(4, 4), "the start again: (2,4) is empty");
}

GRADED_TEST(apply_move, refuses_an_empty_source)
{
    h_board b;

    board_start(&b, 4);
    move_and_compare(&b, SQUARE(3, 0), SQUARE(4, 0), "anchor: WHITE steps right");
    move_refused(&b, SQUARE(3, 0), SQUARE(4, 1), "(3,0) is empty now");
    move_refused(&b, SQUARE(8, 8), SQUARE(8, 9), "the middle is empty");
}

GRADED_TEST(apply_move, refuses_an_occupied_destination)
{
    h_board b;

    board_start(&b, 4);
    move_and_compare(&b, SQUARE(2, 2), SQUARE(3, 3), "anchor: WHITE steps down-right");
    move_refused(&b, SQUARE(3, 3), SQUARE(1, 3), "(1,3) holds WHITE");
    move_refused(&b, SQUARE(3, 3), SQUARE(15, 15), "(15,15) holds BLACK");
    move_refused(&b, SQUARE(3, 3), SQUARE(15, 0), "(15,0) holds RED");
    move_refused(&b, SQUARE(3, 3), SQUARE(0, 15), "(0,15) holds GREEN");
    move_refused(&b, SQUARE(3, 3), SQUARE(3, 3), "onto itself");
}

GRADED_TEST(apply_move, refuses_squares_off_the_board)
{
    static const int squares[] = {-1, -16, -32, 256, 257, 271, 288, 512, INT_MIN, INT_MAX};
    h_board b;

    /* The 2-player start: WHITE on square 0, so the bits a number past the
    ** end of the sets would be read from say "empty". */
    board_start(&b, 2);
    move_and_compare(&b, SQUARE(0, 4), SQUARE(0, 5), "anchor: WHITE steps down");
    for (size_t i = 0; i < COUNT(squares); i++) {
        char why[96];

        snprintf(why, sizeof why, "to %d, not a square", squares[i]);
        move_refused(&b, SQUARE(0, 5), squares[i], why);
        snprintf(why, sizeof why, "from %d, not a square", squares[i]);
        move_refused(&b, squares[i], SQUARE(0, 6), why);
    }
}

GRADED_TEST(apply_move, a_piece_no_entry_records_changes_no_entry)
{
    h_board b;

    /* add_piece does not clear a piece's old square (halma.h), so after
    ** WHITE's piece 0 is put on (8,8) the piece on (0,0) is in the sets
    ** but in no entry of WHITE's list.  halma.h does not say whether such
    ** a piece may be moved, so either answer passes: -1 with the board
    ** untouched, or 0 with the bits moved.  What fails is inventing an
    ** entry: writing the destination into any entry of position[][] (an
    ** index -1 or one past the pieces included), or into the sets. */
    board_start(&b, 4);
    move_and_compare(&b, SQUARE(3, 0), SQUARE(4, 0), "anchor: WHITE steps right");
    board_place(&b, WHITE, 0, SQUARE(8, 8));
    h_board before = b, expected = b;
    board_take(&expected, 0);
    set_put(expected.occupied, SQUARE(8, 9));
    int result = apply_move(&b, 0, SQUARE(8, 9));
    const char *what = "apply_move(b, 0, 152) of a WHITE piece on (0,0) that no entry of "
                       "position[0] records (piece 0 was put on (8,8) since)";
    cr_assert(result == 0 || result == -1, "%s returned %d, expected 0 or -1", what, result);
    if (result == -1) {
        assert_board_untouched(&b, &before, "after a refusal: nothing may change");
        return;
    }
    assert_board_equals(&b, &expected, "after it returned 0: the bits move, no entry changes");
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int i = 0; i < MAX_PIECES; i++)
            cr_assert(b.position[p][i] == before.position[p][i],
                      "after %s returned 0: position[%d][%d] is %s, expected it unchanged, %s "
                      "(no entry belongs to that piece)",
                      what, p, i, square_name(b.position[p][i]), square_name(before.position[p][i]));
}
