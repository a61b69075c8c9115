/*
** hidden/check_neighbor.c -- graded unit tests of check_neighbor: offsets
** that are not neighbours, answers that must not depend on the board, and
** coordinates off the board (moderate values; the extreme ones are in
** overflow.c).  check_neighbor is pure geometry: VALID_MOVE exactly for
** the offsets (+-2,0) and (+-1,+-1).
**
** Every test checks both answers: a test about non-neighbours first checks
** a real neighbour of the same cell (an anchor), a test about neighbours
** also checks a non-neighbour, so that a function returning the same
** answer every time passes none.  (The anchors avoid check_neighbor(12, 8,
** 14, 8), which tests/unit_fixtures/neighbor_loops.c turns into an endless
** loop, and keep off-board coordinates out of the tests that
** neighbor_reads_out_of_bounds.c must not fail.)
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

struct offset_case {
    int dx, dy;
    const char *why;
};

/* Offsets that are not one of the six neighbour offsets. */
static const struct offset_case NOT_NEIGHBOURS[] = {
    {0, 0, "the same cell"},
    {0, -1, "straight up one row"},
    {0, 1, "straight down one row"},
    {0, -2, "straight up two rows"},
    {0, 2, "straight down two rows"},
    {-1, 0, "one column left (not a cell of the same parity)"},
    {1, 0, "one column right (not a cell of the same parity)"},
    {-4, 0, "two spaces left (a jump's distance, not a step)"},
    {4, 0, "two spaces right (a jump's distance, not a step)"},
    {-2, -2, "two rows up-left (a jump's distance)"},
    {2, -2, "two rows up-right (a jump's distance)"},
    {-2, 2, "two rows down-left (a jump's distance)"},
    {2, 2, "two rows down-right (a jump's distance)"},
    {-1, -2, "a knight's move"},
    {1, 2, "a knight's move"},
    {-2, -1, "a knight's move"},
    {2, 1, "a knight's move"},
    {-3, -1, "three columns and a row"},
    {3, 1, "three columns and a row"},
};

#define COUNT(table) (sizeof (table) / sizeof (table)[0])

GRADED_TEST(check_neighbor, non_neighbour_offsets_are_rejected)
{
    board_empty_star();
    assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X - 1, CENTRE_Y - 1, VALID_MOVE,
                    "anchor: the up-left neighbour of the same cell");
    assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X + 1, CENTRE_Y + 1, VALID_MOVE,
                    "anchor: the down-right neighbour of the same cell");
    for (size_t i = 0; i < COUNT(NOT_NEIGHBOURS); i++)
        assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X + NOT_NEIGHBOURS[i].dx,
                        CENTRE_Y + NOT_NEIGHBOURS[i].dy, INVALID_MOVE,
                        NOT_NEIGHBOURS[i].why);
    assert_neighbor(6, 14, 5, 13, VALID_MOVE,
                    "anchor, the header's example: up-left is a neighbour");
    assert_neighbor(6, 14, 6, 13, INVALID_MOVE,
                    "the header's example: straight up is not a neighbour");
}

GRADED_TEST(check_neighbor, answer_ignores_board_contents)
{
    static const int fills[] = {DA, EM, RE, GR};

    for (size_t f = 0; f < COUNT(fills); f++) {
        char why[96];

        board_fill(fills[f]);
        for (int d = 0; d < 6; d++) {
            snprintf(why, sizeof why, "the %s neighbour, every cell of the array %s",
                     DIRECTIONS[d].name, cell_name(fills[f]));
            assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X + DIRECTIONS[d].dx,
                            CENTRE_Y + DIRECTIONS[d].dy, VALID_MOVE, why);
            /* (1,1), a corner cell that is DA on a real board. */
            assert_neighbor(1, 1, 1 + DIRECTIONS[d].dx, 1 + DIRECTIONS[d].dy,
                            VALID_MOVE, why);
        }
        snprintf(why, sizeof why, "two rows straight down, every cell of the array %s",
                 cell_name(fills[f]));
        assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X, CENTRE_Y + 2, INVALID_MOVE, why);
        snprintf(why, sizeof why, "the same cell, every cell of the array %s",
                 cell_name(fills[f]));
        assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X, CENTRE_Y, INVALID_MOVE, why);
    }
}

struct pair_case {
    int x_from, y_from, x_to, y_to;
    const char *why;
};

GRADED_TEST(check_neighbor, neighbours_off_the_board_are_still_neighbours)
{
    static const struct pair_case cases[] = {
        {0, 4, -2, 4, "left of the star's left point, off the array"},
        {-1, -1, -3, -1, "both cells off the array, left"},
        {-1, -1, 0, 0, "from off the array to the array's corner, down-right"},
        {24, 16, 25, 17, "from the array's last cell off it, down-right"},
        {25, 17, 27, 17, "both cells past the array's end, right"},
        {-1000000, 8, -999999, 9, "far left, down-right"},
        {12, -1000000, 11, -1000001, "far above, up-left"},
        {1000000, 1000000, 999999, 999999, "far down and right, up-left"},
        {17, 25, 19, 25, "x and y swapped round, right"},
    };

    board_empty_star();
    for (size_t i = 0; i < COUNT(cases); i++) {
        const struct pair_case *c = &cases[i];
        char why[128];

        assert_neighbor(c->x_from, c->y_from, c->x_to, c->y_to, VALID_MOVE, c->why);
        /* Twice the same offset: a jump's distance, not a neighbour. */
        snprintf(why, sizeof why, "twice the offset, a jump's distance, of: %s", c->why);
        assert_neighbor(c->x_from, c->y_from, 2 * c->x_to - c->x_from,
                        2 * c->y_to - c->y_from, INVALID_MOVE, why);
    }
}

GRADED_TEST(check_neighbor, non_neighbours_off_the_board_are_rejected)
{
    static const struct pair_case cases[] = {
        {-1, -1, -1, -1, "the same cell, off the array"},
        {-1, 3, -1, 5, "straight down two rows, off the array"},
        {25, 17, 29, 17, "two spaces right, past the array's end"},
        {-1000000, 0, 1000000, 0, "two million columns apart"},
        {0, 0, -1000000, -1000000, "a million rows up and left"},
        {17, 25, 25, 17, "x and y swapped round"},
        {23, 4, 0, 5, "next but one in memory (row 4 ends, row 5 starts)"},
        {0, 5, 24, 3, "26 cells back in memory, but two rows up"},
    };

    board_empty_star();
    for (size_t i = 0; i < COUNT(cases); i++) {
        const struct pair_case *c = &cases[i];
        char why[128];

        /* Anchor: the same off-board cell does have neighbours. */
        snprintf(why, sizeof why, "anchor: the right-hand neighbour of the source of: %s",
                 c->why);
        assert_neighbor(c->x_from, c->y_from, c->x_from + 2, c->y_from, VALID_MOVE, why);
        assert_neighbor(c->x_from, c->y_from, c->x_to, c->y_to, INVALID_MOVE, c->why);
    }
}
