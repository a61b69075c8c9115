/*
** public/kangaroo.c -- public unit test of check_hop's Kangaroo option: a
** hop over a piece two squares away, valid with the option, invalid
** without.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(kangaroo, long_hop_over_one_piece)
{
    h_board b;

    board_blank(&b, 2);
    board_put(&b, WHITE, SQUARE(3, 7));
    board_put(&b, BLACK, SQUARE(5, 7));
    assert_hop(&b, SQUARE(3, 7), SQUARE(7, 7), KANGAROO, VALID_MOVE,
               "Kangaroo: right over the piece two squares away, onto the square two beyond it");
    assert_hop(&b, SQUARE(3, 7), SQUARE(7, 7), NO_KANGAROO, INVALID_MOVE,
               "the same hop without Kangaroo");
}
