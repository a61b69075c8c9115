/*
** public/check_hop.c -- public unit test of check_hop: the header's
** examples on the 2-player start, and the second one made valid by a piece
** moved in between.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_hop, header_examples)
{
    h_board b;

    board_start(&b, 2);
    assert_hop(&b, SQUARE(4, 0), SQUARE(4, 2), NO_KANGAROO, VALID_MOVE,
               "the 2-player start; down over the piece on (4,1)");
    assert_hop(&b, SQUARE(3, 2), SQUARE(5, 2), NO_KANGAROO, INVALID_MOVE,
               "the 2-player start; (4,2) in between is empty");
    board_move(&b, SQUARE(15, 15), SQUARE(4, 2));
    assert_hop(&b, SQUARE(3, 2), SQUARE(5, 2), NO_KANGAROO, VALID_MOVE,
               "the 2-player start with BLACK's piece on (15,15) moved to (4,2), in between");
}
