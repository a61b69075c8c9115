/*
** hidden/check_hop.c -- graded unit tests of check_hop without Kangaroo:
** a hop over a neighbour in each of the eight directions onto the empty
** square behind it; over a piece of any colour, by a piece of any colour;
** not over an empty square, not onto a piece, not to any other square,
** not across the edge of the board (the board does not wrap), not from or
** to a number that names no square.
**
** Every case puts a piece on `from` (when it is a square), so that only
** the rule under test decides.  Each invalid case follows the valid hop
** closest to it (an anchor), and each valid one is followed by the same
** hop made invalid by one change, so no constant answer passes.
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

#define CENTRE SQUARE(CENTRE_X, CENTRE_Y)

/* The square `times` steps from the centre in direction d. */
static int from_centre(int d, int times)
{
    return SQUARE(CENTRE_X + times * DIRECTIONS[d].dx, CENTRE_Y + times * DIRECTIONS[d].dy);
}

/* b := a 4-player board with `mover` on the centre and `jumped` (or
** nothing, for NO_PLAYER) next to it in direction d. */
static void hop_board(h_board *b, int d, int mover, int jumped)
{
    board_blank(b, 4);
    board_put(b, mover, CENTRE);
    if (jumped != NO_PLAYER)
        board_put(b, jumped, from_centre(d, 1));
}

GRADED_TEST(check_hop, all_eight_directions_over_a_piece)
{
    for (int d = 0; d < 8; d++) {
        h_board b;
        char why[96];

        hop_board(&b, d, WHITE, BLACK);
        snprintf(why, sizeof why, "from the centre %s over BLACK", DIRECTIONS[d].name);
        assert_hop(&b, CENTRE, from_centre(d, 2), NO_KANGAROO, VALID_MOVE, why);
        hop_board(&b, d, WHITE, NO_PLAYER);
        snprintf(why, sizeof why, "the same hop %s with the piece in between taken away",
                 DIRECTIONS[d].name);
        assert_hop(&b, CENTRE, from_centre(d, 2), NO_KANGAROO, INVALID_MOVE, why);
    }
}

GRADED_TEST(check_hop, any_colour_over_any_colour)
{
    for (int mover = 0; mover < MAX_PLAYERS; mover++)
        for (int jumped = 0; jumped < MAX_PLAYERS; jumped++) {
            h_board b;
            char why[96];

            hop_board(&b, 7, mover, jumped);
            snprintf(why, sizeof why, "%s hops down-right over %s", player_name(mover),
                     player_name(jumped));
            assert_hop(&b, CENTRE, from_centre(7, 2), NO_KANGAROO, VALID_MOVE, why);
            board_put(&b, jumped, from_centre(7, 2));
            snprintf(why, sizeof why, "%s hops down-right over %s onto %s", player_name(mover),
                     player_name(jumped), player_name(jumped));
            assert_hop(&b, CENTRE, from_centre(7, 2), NO_KANGAROO, INVALID_MOVE, why);
        }
}

GRADED_TEST(check_hop, over_an_empty_square_is_invalid)
{
    for (int d = 0; d < 8; d++) {
        h_board b;
        char why[96];

        hop_board(&b, d, RED, GREEN);
        snprintf(why, sizeof why, "anchor: from the centre %s over GREEN", DIRECTIONS[d].name);
        assert_hop(&b, CENTRE, from_centre(d, 2), NO_KANGAROO, VALID_MOVE, why);
        /* Pieces all around but in direction d. */
        hop_board(&b, d, RED, NO_PLAYER);
        for (int e = 0; e < 8; e++)
            if (e != d)
                board_put(&b, GREEN, from_centre(e, 1));
        snprintf(why, sizeof why, "%s over the one empty neighbour, pieces on the other seven",
                 DIRECTIONS[d].name);
        assert_hop(&b, CENTRE, from_centre(d, 2), NO_KANGAROO, INVALID_MOVE, why);
    }
}

GRADED_TEST(check_hop, onto_a_piece_is_invalid)
{
    for (int d = 0; d < 8; d++)
        for (int p = 0; p < MAX_PLAYERS; p++) {
            h_board b;
            char why[96];

            hop_board(&b, d, BLACK, WHITE);
            snprintf(why, sizeof why, "anchor: from the centre %s over WHITE", DIRECTIONS[d].name);
            assert_hop(&b, CENTRE, from_centre(d, 2), NO_KANGAROO, VALID_MOVE, why);
            board_put(&b, p, from_centre(d, 2));
            snprintf(why, sizeof why, "the same hop %s onto a piece of %s", DIRECTIONS[d].name,
                     player_name(p));
            assert_hop(&b, CENTRE, from_centre(d, 2), NO_KANGAROO, INVALID_MOVE, why);
        }
}

GRADED_TEST(check_hop, other_distances_are_not_hops)
{
    static const struct {
        int dx, dy;
        const char *why;
    } cases[] = {
        {0, 0, "onto itself"},
        {1, 0, "one right (a step)"},
        {-1, -1, "one up-left (a step)"},
        {3, 0, "three right"},
        {0, -3, "three up"},
        {4, 0, "four right"},
        {-4, -4, "four up-left"},
        {2, 1, "two right, one down"},
        {-1, 2, "one left, two down"},
        {4, 2, "four right, two down"},
        {-2, -4, "two left, four up"},
        {3, 3, "three down-right"},
        {6, 0, "six right"},
        {0, 6, "six down"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        int dx = cases[i].dx, dy = cases[i].dy;
        h_board b;
        char why[128];

        hop_board(&b, 1, WHITE, BLACK);
        assert_hop(&b, CENTRE, from_centre(1, 2), NO_KANGAROO, VALID_MOVE,
                   "anchor: from the centre right over BLACK");
        /* A piece on every square of the rectangle from the centre to the
        ** landing but the landing: whatever square a wrong rule takes for
        ** the one in between holds a piece. */
        board_blank(&b, 4);
        board_put(&b, WHITE, CENTRE);
        for (int y = 0; y <= (dy < 0 ? -dy : dy); y++)
            for (int x = 0; x <= (dx < 0 ? -dx : dx); x++) {
                int s = SQUARE(CENTRE_X + (dx < 0 ? -x : x), CENTRE_Y + (dy < 0 ? -y : y));

                if ((x || y) && (x != (dx < 0 ? -dx : dx) || y != (dy < 0 ? -dy : dy)))
                    board_put_any(&b, s);
            }
        snprintf(why, sizeof why, "from the centre %s; every square of the rectangle up to "
                 "it holds a piece", cases[i].why);
        assert_hop(&b, CENTRE, SQUARE(CENTRE_X + dx, CENTRE_Y + dy), NO_KANGAROO,
                   INVALID_MOVE, why);
    }
}

GRADED_TEST(check_hop, squares_near_the_border_in_all_eight_directions)
{
    for (int s = 0; s < SQUARES; s++) {
        int x = s % BOARD_SIDE, y = s / BOARD_SIDE;

        if (x > 1 && x < BOARD_SIDE - 2 && y > 1 && y < BOARD_SIDE - 2)
            continue;
        for (int d = 0; d < 8; d++) {
            int delta = BOARD_SIDE * DIRECTIONS[d].dy + DIRECTIONS[d].dx;
            int middle = s + delta, landing = s + 2 * delta;
            int real = on_board(x + 2 * DIRECTIONS[d].dx, y + 2 * DIRECTIONS[d].dy);
            h_board b;
            char why[160];

            if (landing < 0 || landing >= SQUARES)
                continue; /* a number past either end: the next test */
            /* The piece in between where a board that wrapped would look. */
            board_blank(&b, 2);
            board_put(&b, WHITE, s);
            if (middle >= 0 && middle < SQUARES)
                board_put(&b, BLACK, middle);
            if (real)
                snprintf(why, sizeof why, "from (%d,%d) %s over the piece next to it", x, y,
                         DIRECTIONS[d].name);
            else
                snprintf(why, sizeof why, "from (%d,%d) %s leaves the board; %d = %d %+d is "
                         "not two squares away, though %s holds a piece", x, y,
                         DIRECTIONS[d].name, landing, s, 2 * delta, square_name(middle));
            assert_hop(&b, s, landing, NO_KANGAROO, real ? VALID_MOVE : INVALID_MOVE, why);
        }
    }
}

GRADED_TEST(check_hop, squares_off_the_board_are_invalid)
{
    static const struct {
        int from, to, black_on_0;
        const char *why;
    } cases[] = {
        {SQUARE(0, 14), 256, 0, "down from (0,14) over (0,15): 256 would be (0,16)"},
        {SQUARE(15, 14), 271, 0, "down from (15,14) over (15,15): 271 would be (15,16)"},
        {SQUARE(1, 0), -1, 0, "left from (1,0) over (0,0)"},
        {SQUARE(0, 1), -16, 0, "up from (0,1) over (0,0): -16 would be (0,-1)"},
        {256, SQUARE(0, 14), 1, "from 256, as if (0,16), up over (0,15)"},
        {-16, SQUARE(0, 1), 1, "from -16, as if (0,-1), down over (0,0)"},
        {SQUARE(7, 7), INT_MIN, 0, "from the centre to INT_MIN"},
        {SQUARE(7, 7), INT_MAX, 0, "from the centre to INT_MAX"},
        {INT_MIN, INT_MIN + 2, 1, "from INT_MIN to INT_MIN + 2"},
        {INT_MAX, INT_MAX - 2, 1, "from INT_MAX to INT_MAX - 2"},
        {INT_MAX, INT_MIN, 1, "from INT_MAX to INT_MIN"},
    };

    for (int kangaroo = 0; kangaroo <= 1; kangaroo++)
        for (size_t i = 0; i < COUNT(cases); i++) {
            int from = cases[i].from;
            h_board b;
            char why[128];

            /* Pieces on (0,0), (0,15) and (15,15), so that every case has
            ** a piece in between; BLACK on square 0 when the source is no
            ** square (its bits are those a number past the end of the
            ** sets would be read from). */
            board_blank(&b, 2);
            board_put(&b, cases[i].black_on_0 ? BLACK : WHITE, 0);
            board_put(&b, WHITE, SQUARE(0, 15));
            board_put(&b, WHITE, SQUARE(15, 15));
            if (from >= 0 && from < SQUARES && board_player_at(&b, from) == NO_PLAYER)
                board_put(&b, WHITE, from);
            board_put(&b, BLACK, SQUARE(8, 8));
            board_put(&b, BLACK, SQUARE(8, 9));
            assert_hop(&b, SQUARE(8, 9), SQUARE(8, 7), kangaroo, VALID_MOVE,
                       "anchor: from (8,9) up over (8,8), pieces put on both");
            snprintf(why, sizeof why, "%s; not a square", cases[i].why);
            assert_hop(&b, from, cases[i].to, kangaroo, INVALID_MOVE, why);
        }
}
