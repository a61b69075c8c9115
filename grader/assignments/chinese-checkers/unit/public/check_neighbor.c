/*
** public/check_neighbor.c -- public unit test of check_neighbor: the six
** neighbour offsets of the header, from the centre of the star, and twice
** each of them, which is not a neighbour (so that a function answering
** VALID_MOVE every time fails).  The hidden tests also try other
** non-neighbours, other boards and off-board coordinates.
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

GRADED_TEST(check_neighbor, six_directions_are_neighbours)
{
    board_empty_star();
    for (int d = 0; d < 6; d++) {
        char why[96];

        snprintf(why, sizeof why, "the %s neighbour", DIRECTIONS[d].name);
        assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X + DIRECTIONS[d].dx,
                        CENTRE_Y + DIRECTIONS[d].dy, VALID_MOVE, why);
        snprintf(why, sizeof why, "two cells %s: a jump's distance, not a neighbour",
                 DIRECTIONS[d].name);
        assert_neighbor(CENTRE_X, CENTRE_Y, CENTRE_X + 2 * DIRECTIONS[d].dx,
                        CENTRE_Y + 2 * DIRECTIONS[d].dy, INVALID_MOVE, why);
    }
}
