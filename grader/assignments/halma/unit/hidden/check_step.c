/*
** hidden/check_step.c -- graded unit tests of check_step: the eight
** directions, a destination held by any colour, a source without a piece
** or with any colour's, squares that are not neighbours, every square of
** the border in all eight directions (the board does not wrap: square
** s + 1 is not the right-hand neighbour of a square of the last column),
** and numbers that name no square.
**
** Every invalid case is valid in every other respect (a piece on the
** source, an empty destination) and follows a valid step from the same
** square or onto the same one (an anchor), so no constant answer passes.
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

#define CENTRE SQUARE(CENTRE_X, CENTRE_Y)

/* The square in direction d from (x, y) as a plain sum of square numbers,
** the way a board that wrapped would find it. */
static long long wrapped_neighbour(int s, int d)
{
    return (long long)s + BOARD_SIDE * DIRECTIONS[d].dy + DIRECTIONS[d].dx;
}

GRADED_TEST(check_step, all_eight_directions_from_the_centre)
{
    for (int d = 0; d < 8; d++) {
        int to = SQUARE(CENTRE_X + DIRECTIONS[d].dx, CENTRE_Y + DIRECTIONS[d].dy);
        h_board b;
        char why[96];

        board_blank(&b, 2);
        board_put(&b, WHITE, CENTRE);
        snprintf(why, sizeof why, "a lone piece on the centre steps %s", DIRECTIONS[d].name);
        assert_step(&b, CENTRE, to, VALID_MOVE, why);
        board_put(&b, BLACK, to);
        snprintf(why, sizeof why, "the same step %s with a piece on the destination",
                 DIRECTIONS[d].name);
        assert_step(&b, CENTRE, to, INVALID_MOVE, why);
    }
}

GRADED_TEST(check_step, onto_a_piece_of_any_colour_is_invalid)
{
    for (int p = 0; p < MAX_PLAYERS; p++) {
        h_board b;
        char why[96];

        board_blank(&b, 4);
        board_put(&b, WHITE, CENTRE);
        assert_step(&b, CENTRE, CENTRE + 1, VALID_MOVE, "anchor: WHITE steps right onto an empty square");
        board_put(&b, p, CENTRE + 1);
        snprintf(why, sizeof why, "the same step onto a piece of %s", player_name(p));
        assert_step(&b, CENTRE, CENTRE + 1, INVALID_MOVE, why);
    }
}

GRADED_TEST(check_step, a_piece_of_any_colour_may_step)
{
    for (int p = 0; p < MAX_PLAYERS; p++) {
        h_board b;
        char why[96];

        board_blank(&b, 4);
        board_put(&b, p, CENTRE);
        snprintf(why, sizeof why, "a lone %s piece on the centre steps up-left", player_name(p));
        assert_step(&b, CENTRE, SQUARE(CENTRE_X - 1, CENTRE_Y - 1), VALID_MOVE, why);
    }
    {
        h_board b;

        board_blank(&b, 4);
        board_put(&b, RED, SQUARE(CENTRE_X + 1, CENTRE_Y + 1));
        assert_step(&b, CENTRE, SQUARE(CENTRE_X - 1, CENTRE_Y - 1), INVALID_MOVE,
                    "no piece on the centre (RED is on its down-right neighbour)");
    }
}

GRADED_TEST(check_step, from_an_empty_square_is_invalid)
{
    for (int d = 0; d < 8; d++) {
        int to = SQUARE(CENTRE_X + DIRECTIONS[d].dx, CENTRE_Y + DIRECTIONS[d].dy);
        h_board b;
        char why[96];

        board_blank(&b, 2);
        board_put(&b, BLACK, CENTRE);
        snprintf(why, sizeof why, "anchor: a lone piece on the centre steps %s", DIRECTIONS[d].name);
        assert_step(&b, CENTRE, to, VALID_MOVE, why);
        board_blank(&b, 2);
        board_put(&b, BLACK, SQUARE(0, 0));
        snprintf(why, sizeof why, "the same step %s with no piece on the centre", DIRECTIONS[d].name);
        assert_step(&b, CENTRE, to, INVALID_MOVE, why);
    }
}

GRADED_TEST(check_step, squares_that_are_not_neighbours)
{
    static const struct {
        int dx, dy;
        const char *why;
    } cases[] = {
        {0, 0, "onto itself"},
        {2, 0, "two right"},
        {-2, 0, "two left"},
        {0, 2, "two down"},
        {0, -2, "two up"},
        {2, 2, "two down-right"},
        {-2, -2, "two up-left"},
        {2, -1, "two right, one up"},
        {1, 2, "one right, two down"},
        {-2, 1, "two left, one down"},
        {-1, -2, "one left, two up"},
        {3, 3, "three down-right"},
        {7, 0, "seven right"},
        {0, -7, "seven up"},
        {5, 3, "five right, three down"},
    };
    h_board b;

    board_blank(&b, 2);
    board_put(&b, WHITE, CENTRE);
    for (int d = 0; d < 8; d++)
        assert_step(&b, CENTRE, SQUARE(CENTRE_X + DIRECTIONS[d].dx, CENTRE_Y + DIRECTIONS[d].dy),
                    VALID_MOVE, "anchor: a lone piece on the centre steps to a neighbour");
    for (size_t i = 0; i < COUNT(cases); i++) {
        char why[96];

        snprintf(why, sizeof why, "a lone piece on the centre, %s", cases[i].why);
        assert_step(&b, CENTRE, SQUARE(CENTRE_X + cases[i].dx, CENTRE_Y + cases[i].dy),
                    INVALID_MOVE, why);
    }
}

GRADED_TEST(check_step, every_border_square_in_all_eight_directions)
{
    for (int s = 0; s < SQUARES; s++) {
        int x = s % BOARD_SIDE, y = s / BOARD_SIDE;

        if (x != 0 && x != BOARD_SIDE - 1 && y != 0 && y != BOARD_SIDE - 1)
            continue;
        for (int d = 0; d < 8; d++) {
            long long to = wrapped_neighbour(s, d);
            int real = on_board(x + DIRECTIONS[d].dx, y + DIRECTIONS[d].dy);
            h_board b;
            char why[128];

            if (to < 0 || to >= SQUARES)
                continue; /* a number past either end: the next test */
            board_blank(&b, 2);
            board_put(&b, WHITE, s);
            if (real)
                snprintf(why, sizeof why, "a lone piece on (%d,%d) steps %s", x, y,
                         DIRECTIONS[d].name);
            else
                snprintf(why, sizeof why, "a lone piece on (%d,%d): %s is off the board; "
                         "%lld = %d %+d is no neighbour", x, y, DIRECTIONS[d].name, to, s,
                         (int)(to - s));
            assert_step(&b, s, (int)to, real ? VALID_MOVE : INVALID_MOVE, why);
        }
    }
}

GRADED_TEST(check_step, squares_off_the_board_are_invalid)
{
    static const struct {
        int from, to, black_on_0;
        const char *why;
    } cases[] = {
        {0, -1, 0, "left of square 0"},
        {0, -16, 0, "above square 0"},
        {0, -17, 0, "up-left of square 0"},
        {SQUARE(0, 15), 256, 0, "below (0,15): square 256 would be (0,16)"},
        {SQUARE(15, 15), 256, 0, "right of (15,15)"},
        {SQUARE(15, 15), 271, 0, "below (15,15)"},
        {256, SQUARE(0, 15), 1, "from 256, as if (0,16), up onto (0,15)"},
        {-1, SQUARE(0, 1), 1, "from -1, as if (-1,0), onto (0,1)"},
        {-16, 1, 1, "from -16, as if (0,-1), down-right onto (1,0)"},
        {SQUARE(7, 7), INT_MIN, 0, "from the centre to INT_MIN"},
        {SQUARE(7, 7), INT_MAX, 0, "from the centre to INT_MAX"},
        {INT_MIN, INT_MIN + 1, 1, "from INT_MIN to INT_MIN + 1"},
        {INT_MAX, INT_MAX - 1, 1, "from INT_MAX to INT_MAX - 1"},
        {INT_MAX, INT_MIN, 1, "from INT_MAX to INT_MIN"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        h_board b;
        char why[128];

        /* A piece on the source when it is a square, and BLACK on square 0
        ** when the source is not: bits that a number past the end of the
        ** sets would be read from, were it read. */
        board_blank(&b, 2);
        if (cases[i].from >= 0 && cases[i].from < SQUARES)
            board_put(&b, WHITE, cases[i].from);
        if (cases[i].black_on_0)
            board_put(&b, BLACK, 0);
        else
            board_put(&b, WHITE, SQUARE(8, 0));
        if (cases[i].from >= 0 && cases[i].from < SQUARES)
            assert_step(&b, cases[i].from, cases[i].from % BOARD_SIDE < 8 ? cases[i].from + 1
                        : cases[i].from - 1, VALID_MOVE, "anchor: a step along the row");
        else
            assert_step(&b, 0, 1, VALID_MOVE, "anchor: BLACK on square 0 steps right");
        snprintf(why, sizeof why, "%s; not a square", cases[i].why);
        assert_step(&b, cases[i].from, cases[i].to, INVALID_MOVE, why);
    }
}
