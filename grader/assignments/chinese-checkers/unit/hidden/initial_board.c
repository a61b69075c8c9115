/*
** hidden/initial_board.c -- graded unit tests of the board as the
** student's code defines it, in parts, so that a layout that is nearly
** right earns some of the marks: the 121 spaces of the star (every other
** cell DA), and the ten marbles of each colour in their triangles.
** Criterion starts each test in a fresh process, so the_board here is
** exactly what the program starts with.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(initial_board, has_121_spaces_and_da_elsewhere)
{
    int spaces = 0;

    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++) {
            int cell = the_board[y][x];

            if (is_star_space(x, y)) {
                cr_assert(cell == RE || cell == GR || cell == EM,
                          "the_board[%d][%d] (x=%d, y=%d) is a space of the star but "
                          "holds %s, expected RE, GR or EM", y, x, x, y, cell_name(cell));
                spaces++;
            } else {
                cr_assert_eq(cell, DA,
                             "the_board[%d][%d] (x=%d, y=%d) is not a space of the star "
                             "but holds %s, expected DA", y, x, x, y, cell_name(cell));
            }
        }
    cr_assert_eq(spaces, 121, "counted %d spaces, expected 121", spaces);
}

/* Counts cells holding `colour` in rows first..last and in the whole array. */
static void count_marbles(int colour, int first, int last, int *inside, int *total)
{
    *inside = *total = 0;
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            if (the_board[y][x] == colour) {
                ++*total;
                if (y >= first && y <= last)
                    ++*inside;
            }
}

GRADED_TEST(initial_board, ten_red_on_rows_0_to_3_and_ten_green_on_rows_13_to_16)
{
    int inside, total;

    count_marbles(RE, 0, 3, &inside, &total);
    cr_assert(inside == 10 && total == 10,
              "found %d RE on rows 0-3 and %d RE in all, expected 10 and 10", inside, total);
    count_marbles(GR, 13, 16, &inside, &total);
    cr_assert(inside == 10 && total == 10,
              "found %d GR on rows 13-16 and %d GR in all, expected 10 and 10", inside, total);
}
