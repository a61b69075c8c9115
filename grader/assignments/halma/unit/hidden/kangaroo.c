/*
** hidden/kangaroo.c -- graded unit tests of check_hop with the Kangaroo
** option: along each of the eight lines, over the one piece at distance
** k (1..7) onto the square at distance 2k, every other square of the way
** empty.  A square of the way taken (before or after the piece, two
** pieces in a row), the landing taken, the piece off the middle, an odd
** distance, a landing off the eight lines or past the edge of the board
** (no wrapping onto the next row) make the hop invalid; without the
** option only k = 1 is a hop, and any non-zero option means Kangaroo.
**
** Lines run from the edge a direction leaves (x = 0 for a direction to
** the right, 15 to the left, 7 for neither; likewise y), so that 2k <= 14
** squares fit.  Each invalid case follows its unblocked twin (an anchor).
*/
#include <limits.h>
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

/* Where the line in direction d starts. */
static int line_x(int d)
{
    return DIRECTIONS[d].dx > 0 ? 0 : DIRECTIONS[d].dx < 0 ? BOARD_SIDE - 1 : CENTRE_X;
}

static int line_y(int d)
{
    return DIRECTIONS[d].dy > 0 ? 0 : DIRECTIONS[d].dy < 0 ? BOARD_SIDE - 1 : CENTRE_Y;
}

/* Square i of the line in direction d (square 0 is its start). */
static int along(int d, int i)
{
    return SQUARE(line_x(d) + i * DIRECTIONS[d].dx, line_y(d) + i * DIRECTIONS[d].dy);
}

/* b := a 4-player board with WHITE on square 0 of line d and, for each
** i > 0 of `pieces` (ended by 0), BLACK on its square i. */
static void line_board(h_board *b, int d, const int *pieces)
{
    board_blank(b, 4);
    board_put(b, WHITE, along(d, 0));
    for (; *pieces != 0; pieces++)
        board_put(b, BLACK, along(d, *pieces));
}

/* Checks the hop along line d from square 0 to square `landing` with a
** piece on each of `pieces` (ended by 0). */
static void check_line_hop(int d, int landing, const int *pieces, int kangaroo, int expected,
                           const char *note)
{
    h_board b;
    char why[160];
    size_t used;

    line_board(&b, d, pieces);
    used = (size_t)snprintf(why, sizeof why, "%s%s from (%d,%d) to %d squares away; pieces at",
                            note, DIRECTIONS[d].name, line_x(d), line_y(d), landing);
    for (; *pieces != 0 && used < sizeof why; pieces++)
        used += (size_t)snprintf(why + used, sizeof why - used, " %d", *pieces);
    assert_hop(&b, along(d, 0), along(d, landing), kangaroo, expected, why);
}

/* The valid hop over a piece at distance k, as an anchor. */
static void anchor(int d, int k)
{
    int piece[] = {k, 0};

    check_line_hop(d, 2 * k, piece, KANGAROO, VALID_MOVE, "anchor: ");
}

GRADED_TEST(kangaroo, every_length_in_all_eight_directions)
{
    static const int nothing[] = {0};

    for (int d = 0; d < 8; d++)
        for (int k = 1; k <= 7; k++) {
            int piece[] = {k, 0};

            check_line_hop(d, 2 * k, piece, KANGAROO, VALID_MOVE, "");
            check_line_hop(d, 2 * k, nothing, KANGAROO, INVALID_MOVE,
                           "nothing to hop over: ");
        }
}

GRADED_TEST(kangaroo, long_hops_need_the_option)
{
    for (int d = 0; d < 8; d++)
        for (int k = 2; k <= 7; k++) {
            int piece[] = {k, 0};

            anchor(d, k);
            check_line_hop(d, 2 * k, piece, NO_KANGAROO, INVALID_MOVE, "without Kangaroo: ");
        }
}

GRADED_TEST(kangaroo, any_non_zero_option_means_kangaroo)
{
    static const int options[] = {2, -1, 255, 256, INT_MIN, INT_MAX};
    int piece[] = {3, 0};

    for (size_t i = 0; i < COUNT(options); i++) {
        char note[64];

        snprintf(note, sizeof note, "option %d: ", options[i]);
        check_line_hop(7, 6, piece, options[i], VALID_MOVE, note);
    }
    check_line_hop(7, 6, piece, 0, INVALID_MOVE, "option 0: ");
}

GRADED_TEST(kangaroo, a_piece_before_the_hopped_one_blocks)
{
    for (int d = 0; d < 8; d++)
        for (int k = 2; k <= 7; k++) {
            anchor(d, k);
            for (int j = 1; j < k; j++) {
                int pieces[] = {j, k, 0};

                check_line_hop(d, 2 * k, pieces, KANGAROO, INVALID_MOVE, "");
            }
        }
}

GRADED_TEST(kangaroo, a_piece_after_the_hopped_one_blocks)
{
    for (int d = 0; d < 8; d++)
        for (int k = 2; k <= 7; k++) {
            anchor(d, k);
            for (int j = 1; j < k; j++) {
                int pieces[] = {k, k + j, 0};

                check_line_hop(d, 2 * k, pieces, KANGAROO, INVALID_MOVE, "");
            }
        }
}

GRADED_TEST(kangaroo, over_two_pieces_in_a_row_is_invalid)
{
    static const struct {
        int first, second, landing;
    } cases[] = {
        {1, 2, 4}, {2, 3, 4}, {2, 3, 6}, {3, 4, 6}, {1, 2, 3}, {3, 4, 7}, {3, 4, 8},
    };

    for (int d = 0; d < 8; d++)
        for (size_t i = 0; i < COUNT(cases); i++) {
            int pieces[] = {cases[i].first, cases[i].second, 0};

            anchor(d, 2);
            anchor(d, 3);
            check_line_hop(d, cases[i].landing, pieces, KANGAROO, INVALID_MOVE, "");
            check_line_hop(d, cases[i].landing, pieces, NO_KANGAROO, INVALID_MOVE,
                           "without Kangaroo: ");
        }
}

GRADED_TEST(kangaroo, onto_a_piece_is_invalid)
{
    for (int d = 0; d < 8; d++)
        for (int k = 1; k <= 7; k++) {
            int pieces[] = {k, 2 * k, 0};

            anchor(d, k);
            check_line_hop(d, 2 * k, pieces, KANGAROO, INVALID_MOVE, "the landing taken: ");
        }
}

GRADED_TEST(kangaroo, the_piece_must_be_halfway)
{
    for (int d = 0; d < 8; d++)
        for (int k = 1; k <= 7; k++) {
            anchor(d, k);
            for (int j = 1; j < 2 * k; j++) {
                int piece[] = {j, 0};

                if (j != k)
                    check_line_hop(d, 2 * k, piece, KANGAROO, INVALID_MOVE, "off the middle: ");
            }
        }
}

GRADED_TEST(kangaroo, odd_distances_are_invalid)
{
    for (int d = 0; d < 8; d++)
        for (int n = 3; n <= 13; n += 2) {
            int lower[] = {n / 2, 0}, upper[] = {n / 2 + 1, 0};

            anchor(d, n / 2);
            check_line_hop(d, n, lower, KANGAROO, INVALID_MOVE, "an odd distance: ");
            check_line_hop(d, n, upper, KANGAROO, INVALID_MOVE, "an odd distance: ");
        }
}

GRADED_TEST(kangaroo, landings_off_the_eight_lines_are_invalid)
{
    static const struct {
        int dx, dy;
    } cases[] = {
        {4, 2}, {2, 4}, {-4, 2}, {2, -4}, {6, 2}, {-2, -6}, {6, 4}, {-4, -6}, {6, -2}, {4, 6},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        int dx = cases[i].dx, dy = cases[i].dy;
        int from = SQUARE(CENTRE_X, CENTRE_Y), to = SQUARE(CENTRE_X + dx, CENTRE_Y + dy);
        h_board b;
        char why[128];

        anchor(7, 3);
        /* A piece halfway, where a symmetric hop would have it, and one
        ** next to the start in the nearest of the eight directions. */
        board_blank(&b, 4);
        board_put(&b, WHITE, from);
        board_put(&b, BLACK, SQUARE(CENTRE_X + dx / 2, CENTRE_Y + dy / 2));
        board_put(&b, BLACK, SQUARE(CENTRE_X + (dx > 0) - (dx < 0), CENTRE_Y + (dy > 0) - (dy < 0)));
        snprintf(why, sizeof why, "from the centre %+d columns and %+d rows, a piece halfway",
                 dx, dy);
        assert_hop(&b, from, to, KANGAROO, INVALID_MOVE, why);
    }
}

GRADED_TEST(kangaroo, no_wrapping_from_any_square)
{
    for (int s = 0; s < SQUARES; s++)
        for (int d = 0; d < 8; d++)
            for (int k = 1; k <= 7; k++) {
                int x = s % BOARD_SIDE, y = s / BOARD_SIDE;
                int delta = BOARD_SIDE * DIRECTIONS[d].dy + DIRECTIONS[d].dx;
                int middle = s + k * delta, landing = s + 2 * k * delta;
                int real = on_board(x + 2 * k * DIRECTIONS[d].dx, y + 2 * k * DIRECTIONS[d].dy);
                h_board b;
                char why[160];

                if (landing < 0 || landing >= SQUARES)
                    continue;
                /* The piece where a board that wrapped would have the middle,
                ** the rest of that "line" empty. */
                board_blank(&b, 2);
                board_place(&b, WHITE, 0, s);
                board_place(&b, BLACK, 0, middle);
                if (real)
                    snprintf(why, sizeof why, "from (%d,%d) %s over the piece %d away", x, y,
                             DIRECTIONS[d].name, k);
                else
                    snprintf(why, sizeof why, "from (%d,%d), %d squares %s leaves the board; "
                             "%d = %d %+d, the piece on %s", x, y, 2 * k, DIRECTIONS[d].name,
                             landing, s, 2 * k * delta, square_name(middle));
                assert_hop(&b, s, landing, KANGAROO, real ? VALID_MOVE : INVALID_MOVE, why);
            }
}
