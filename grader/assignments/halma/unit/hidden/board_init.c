/*
** hidden/board_init.c -- graded unit tests of board_init: for two and
** four players, exactly the camps are occupied, each square with its
** player's colour bits, every player's pieces numbered in increasing order
** of their squares, players and pieces set; whatever the board held before
** is gone; other player counts are refused and change nothing.
**
** The expected boards come from support.c's board_start(), which follows
** the header's description of the camps.  Each test looks at squares that
** must hold a piece and squares that must not (or at a refused count and
** an accepted one), so no constant answer passes.
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

/* b := board_init(b, players) on a scribbled board, checked to return 0. */
static void init_scribbled(h_board *b, int players)
{
    char why[64];

    scribble(b, sizeof *b);
    snprintf(why, sizeof why, "%d players, on a board full of junk", players);
    assert_init(b, players, 0, why);
}

/* The occupied squares of board_init(b, players) are exactly the camps. */
static void check_camps(int players)
{
    h_board b, expected;
    char what[96];

    init_scribbled(&b, players);
    board_start(&expected, players);
    snprintf(what, sizeof what, "board_init(b, %d): the occupied set", players);
    assert_set_equals(b.occupied, expected.occupied, what);
}

GRADED_TEST(board_init, two_players_occupy_exactly_their_camps)
{
    check_camps(2);
}

GRADED_TEST(board_init, four_players_occupy_exactly_their_camps)
{
    check_camps(4);
}

GRADED_TEST(board_init, colour_planes_of_every_player)
{
    for (int players = 2; players <= 4; players += 2) {
        h_board b, expected;
        char what[96];

        init_scribbled(&b, players);
        board_start(&expected, players);
        snprintf(what, sizeof what, "board_init(b, %d): colour[0] (bit 0 of the player)", players);
        assert_set_equals(b.colour[0], expected.colour[0], what);
        snprintf(what, sizeof what, "board_init(b, %d): colour[1] (bit 1 of the player)", players);
        assert_set_equals(b.colour[1], expected.colour[1], what);
    }
}

/* position[p][i] of board_init(b, players) is the i-th square of p's camp
** in increasing order. */
static void check_numbering(int players)
{
    h_board b, expected;
    char what[96];

    init_scribbled(&b, players);
    board_start(&expected, players);
    cr_assert_eq(b.pieces, expected.pieces, "board_init(b, %d): pieces is %d, expected %d",
                 players, b.pieces, expected.pieces);
    snprintf(what, sizeof what, "board_init(b, %d)", players);
    assert_board_equals(&b, &expected, what);
}

GRADED_TEST(board_init, two_player_pieces_numbered_in_square_order)
{
    check_numbering(2);
}

GRADED_TEST(board_init, four_player_pieces_numbered_in_square_order)
{
    check_numbering(4);
}

GRADED_TEST(board_init, sets_players_and_pieces)
{
    h_board b;

    init_scribbled(&b, 2);
    cr_assert(b.players == 2 && b.pieces == PIECES_TWO_PLAYERS,
              "board_init(b, 2): players is %d and pieces %d, expected 2 and %d",
              b.players, b.pieces, PIECES_TWO_PLAYERS);
    init_scribbled(&b, 4);
    cr_assert(b.players == 4 && b.pieces == PIECES_FOUR_PLAYERS,
              "board_init(b, 4): players is %d and pieces %d, expected 4 and %d",
              b.players, b.pieces, PIECES_FOUR_PLAYERS);
}

GRADED_TEST(board_init, refuses_other_player_counts)
{
    static const int counts[] = {0, 1, 3, 5, 6, 8, -1, -2, -4, 19, 256, INT_MIN, INT_MAX};

    for (size_t i = 0; i < COUNT(counts); i++) {
        h_board b, before;
        char why[96];

        init_scribbled(&b, i % 2 ? 2 : 4);
        before = b;
        snprintf(why, sizeof why, "%d players, on the %d-player start", counts[i], b.players);
        assert_init(&b, counts[i], -1, why);
        snprintf(why, sizeof why, "board_init(b, %d) should change nothing", counts[i]);
        assert_board_untouched(&b, &before, why);
    }
}

GRADED_TEST(board_init, starts_afresh_on_a_used_board)
{
    h_board b, expected;

    /* Every square occupied and of every colour bit, every entry junk. */
    scribble(&b, sizeof b);
    set_fill(b.occupied);
    set_fill(b.colour[0]);
    set_fill(b.colour[1]);
    board_start(&expected, 2);
    assert_init(&b, 2, 0, "two players, on a board with every bit of every set on");
    assert_board_equals(&b, &expected, "board_init(b, 2) on a board full of pieces");
    /* A 4-player game, then a 2-player one: no RED or GREEN left over. */
    board_start(&b, 4);
    assert_init(&b, 2, 0, "two players, on the 4-player start");
    assert_board_equals(&b, &expected, "board_init(b, 2) on the 4-player start");
}
