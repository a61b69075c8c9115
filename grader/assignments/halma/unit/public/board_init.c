/*
** public/board_init.c -- public unit tests of board_init: the header's
** example on the 2-player start, and a player count it must refuse.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(board_init, two_player_example)
{
    h_board b;

    scribble(&b, sizeof b);
    assert_init(&b, 2, 0, "two players");
    cr_assert_eq(b.players, 2, "after board_init(b, 2): players is %d, expected 2", b.players);
    cr_assert_eq(b.pieces, PIECES_TWO_PLAYERS,
                 "after board_init(b, 2): pieces is %d, expected %d", b.pieces,
                 PIECES_TWO_PLAYERS);
    cr_assert_eq(b.position[0][0], 0, "after board_init(b, 2): position[0][0] is %s, expected %s",
                 square_name(b.position[0][0]), square_name(0));
    cr_assert_eq(b.position[0][18], SQUARE(1, 4),
                 "after board_init(b, 2): position[0][18] is %s, expected %s",
                 square_name(b.position[0][18]), square_name(SQUARE(1, 4)));
    cr_assert_eq(b.position[1][0], SQUARE(14, 11),
                 "after board_init(b, 2): position[1][0] is %s, expected %s",
                 square_name(b.position[1][0]), square_name(SQUARE(14, 11)));
    cr_assert(set_has(b.occupied, SQUARE(4, 0)) && set_has(b.occupied, SQUARE(1, 4)),
              "after board_init(b, 2): (4,0) and (1,4), in WHITE's camp, should be occupied "
              "[%s, %s]", square_text(&b, SQUARE(4, 0)), square_text(&b, SQUARE(1, 4)));
    cr_assert(!set_has(b.occupied, SQUARE(5, 0)) && !set_has(b.occupied, SQUARE(2, 4))
              && !set_has(b.occupied, SQUARE(8, 8)),
              "after board_init(b, 2): (5,0), (2,4) and (8,8) lie outside the camps and "
              "should be empty [%s, %s, %s]", square_text(&b, SQUARE(5, 0)),
              square_text(&b, SQUARE(2, 4)), square_text(&b, SQUARE(8, 8)));
}

GRADED_TEST(board_init, refuses_three_players)
{
    h_board b, before;

    assert_init(&b, 4, 0, "anchor: four players");
    before = b;
    assert_init(&b, 3, -1, "three players, after board_init(b, 4)");
    assert_board_equals(&b, &before, "board_init(b, 3) should leave the board unchanged");
}
