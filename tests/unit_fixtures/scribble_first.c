/*
** scribble_first.c -- an extra test for tests/chinese-checkers/unit.test.sh that
** fills the_board with red marbles.  Its suite name sorts before
** "initial_board", so with -j1 it runs first; initial_board's test must
** still see the board as the program starts, because Criterion runs every
** test in a fresh process.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(aaa_scribble, fills_the_board_with_red)
{
    board_fill(RE);
    cr_assert_eq(the_board[8][12], RE, "board_fill(RE) left (12,8) holding %s",
                 cell_name(the_board[8][12]));
}
