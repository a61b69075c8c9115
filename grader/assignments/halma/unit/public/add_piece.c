/*
** public/add_piece.c -- public unit test of add_piece: one piece on an
** empty board, then a second piece refused on the same square.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(add_piece, puts_a_black_piece_on_an_empty_square)
{
    h_board b, expected;

    board_blank(&b, 2);
    board_blank(&expected, 2);
    board_place(&expected, BLACK, 0, 37);
    assert_add(&b, BLACK, 0, 37, 0, "an empty 2-player board");
    assert_board_equals(&b, &expected, "add_piece(b, BLACK, 0, 37) on an empty board");
    assert_add(&b, WHITE, 1, 37, -1, "37 already holds BLACK's piece 0");
    assert_board_equals(&b, &expected, "add_piece onto an occupied square should change nothing");
}
