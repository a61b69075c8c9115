/*
** public/print_board.c -- public unit test of print_board: the starting
** board must come out exactly as the handout shows it (the first 19 lines
** of the course's reference session, checked by hand against the format
** rule in chinese-checkers.h), with nothing printed before or after.
*/
#include "graded_test.h"
#include "support.h"

static const char STARTING_BOARD[] =
    "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \n"
    " 0                                      R                                     \n"
    " 1                                   R     R                                  \n"
    " 2                                R     R     R                               \n"
    " 3                             R     R     R     R                            \n"
    " 4  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    " 5     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    " 6        -     -     -     -     -     -     -     -     -     -     -       \n"
    " 7           -     -     -     -     -     -     -     -     -     -          \n"
    " 8              -     -     -     -     -     -     -     -     -             \n"
    " 9           -     -     -     -     -     -     -     -     -     -          \n"
    "10        -     -     -     -     -     -     -     -     -     -     -       \n"
    "11     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    "12  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    "13                             G     G     G     G                            \n"
    "14                                G     G     G                               \n"
    "15                                   G     G                                  \n"
    "16                                      G                                     \n"
    "\n";

GRADED_TEST(print_board, starting_board)
{
    capture_stdout();
    board_start();
    print_board();
    assert_same_text(captured_stdout(), STARTING_BOARD,
                     "print_board() on the starting board");
}
