/*
** public/initial_board.c -- public unit test of the board as the student's
** code defines it: before anything changes it, the_board must hold the
** starting layout of chinese-checkers.h (RE on the star's spaces in rows
** 0-3, GR on those in rows 13-16, EM on the other spaces, DA elsewhere).
**
** Criterion runs every test in a freshly started process, so this test
** sees the_board as the program starts, whatever other tests did to
** theirs.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(initial_board, matches_starting_layout)
{
    int expected[BOARD_SIZE_Y][BOARD_SIZE_X];

    build_start_layout(expected);
    assert_board_equals(expected, "the_board as initialised by your code");
}
