/*
** hidden/print_board.c -- graded unit tests of print_board on boards other
** than the starting one: the empty star, marbles at the star's six points
** and in the array's four corners (cells that are not spaces, printed by
** what they hold), and values other than RE, GR, EM and DA (three spaces).
** The expected texts are written out from the format rule of
** chinese-checkers.h: row y is "%2d " then three characters per column, the
** cell's symbol in the middle, so column x's symbol sits under the last
** digit of its number in the first line.  Each test also checks that
** nothing else is printed.
*/
#include "graded_test.h"
#include "support.h"

static const char EMPTY_STAR[] =
    "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \n"
    " 0                                      -                                     \n"
    " 1                                   -     -                                  \n"
    " 2                                -     -     -                               \n"
    " 3                             -     -     -     -                            \n"
    " 4  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    " 5     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    " 6        -     -     -     -     -     -     -     -     -     -     -       \n"
    " 7           -     -     -     -     -     -     -     -     -     -          \n"
    " 8              -     -     -     -     -     -     -     -     -             \n"
    " 9           -     -     -     -     -     -     -     -     -     -          \n"
    "10        -     -     -     -     -     -     -     -     -     -     -       \n"
    "11     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    "12  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    "13                             -     -     -     -                            \n"
    "14                                -     -     -                               \n"
    "15                                   -     -                                  \n"
    "16                                      -                                     \n"
    "\n";

/* The empty star with G at (12,0), (24,4), (0,12); R at (0,4), (24,12),
** (12,16); and, on cells that are not spaces, R at (0,0) and (24,16), G at
** (24,0) and (0,16). */
static const char CORNERS[] =
    "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \n"
    " 0  R                                   G                                   G \n"
    " 1                                   -     -                                  \n"
    " 2                                -     -     -                               \n"
    " 3                             -     -     -     -                            \n"
    " 4  R     -     -     -     -     -     -     -     -     -     -     -     G \n"
    " 5     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    " 6        -     -     -     -     -     -     -     -     -     -     -       \n"
    " 7           -     -     -     -     -     -     -     -     -     -          \n"
    " 8              -     -     -     -     -     -     -     -     -             \n"
    " 9           -     -     -     -     -     -     -     -     -     -          \n"
    "10        -     -     -     -     -     -     -     -     -     -     -       \n"
    "11     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    "12  G     -     -     -     -     -     -     -     -     -     -     -     R \n"
    "13                             -     -     -     -                            \n"
    "14                                -     -     -                               \n"
    "15                                   -     -                                  \n"
    "16  G                                   R                                   R \n"
    "\n";

/* The empty star with five spaces blank: (12,0), (4,4), (12,8), (20,12)
** and (12,16) hold 6, 4, 42, 5 and 8 -- values that are no marble, EM or
** DA -- so they print as three spaces. */
static const char OTHER_BLANK[] =
    "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \n"
    " 0                                                                            \n"
    " 1                                   -     -                                  \n"
    " 2                                -     -     -                               \n"
    " 3                             -     -     -     -                            \n"
    " 4  -     -           -     -     -     -     -     -     -     -     -     - \n"
    " 5     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    " 6        -     -     -     -     -     -     -     -     -     -     -       \n"
    " 7           -     -     -     -     -     -     -     -     -     -          \n"
    " 8              -     -     -     -           -     -     -     -             \n"
    " 9           -     -     -     -     -     -     -     -     -     -          \n"
    "10        -     -     -     -     -     -     -     -     -     -     -       \n"
    "11     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    "12  -     -     -     -     -     -     -     -     -     -           -     - \n"
    "13                             -     -     -     -                            \n"
    "14                                -     -     -                               \n"
    "15                                   -     -                                  \n"
    "16                                                                            \n"
    "\n";

GRADED_TEST(print_board, empty_star)
{
    capture_stdout();
    board_empty_star();
    print_board();
    assert_same_text(captured_stdout(), EMPTY_STAR, "print_board() on an empty star");
}

GRADED_TEST(print_board, marbles_in_the_corners)
{
    capture_stdout();
    board_empty_star();
    board_put(12, 0, GR);
    board_put(24, 4, GR);
    board_put(0, 12, GR);
    board_put(0, 4, RE);
    board_put(24, 12, RE);
    board_put(12, 16, RE);
    board_put(0, 0, RE);
    board_put(24, 16, RE);
    board_put(24, 0, GR);
    board_put(0, 16, GR);
    print_board();
    assert_same_text(captured_stdout(), CORNERS,
                     "print_board() with marbles at the star's points and the array's corners");
}

GRADED_TEST(print_board, other_values_print_as_blank)
{
    capture_stdout();
    board_empty_star();
    /* Every value from 3 to 8 (just past EM) and a few far ones, so a
    ** symbol table one entry too long or a stray symbol for 4, 5 or 6
    ** shows; cells that are not spaces hold some of them too. */
    board_put(12, 0, 6);
    board_put(4, 4, 4);
    board_put(12, 8, 42);
    board_put(20, 12, 5);
    board_put(12, 16, 8);
    board_put(0, 0, 3);
    board_put(13, 8, 99);
    board_put(24, 16, -1);
    print_board();
    assert_same_text(captured_stdout(), OTHER_BLANK,
                     "print_board() with 6 at (12,0), 4 at (4,4), 42 at (12,8), 5 at (20,12), "
                     "8 at (12,16), 3 at (0,0), 99 at (13,8), -1 at (24,16)");
}
