/*
** hidden/is_jumper.c -- graded unit tests of is_jumper: after a jump to
** (x_to, y_to), TRUE exactly when the marble there can jump over a
** neighbouring RE or GR onto an EM cell that is not (x_from, y_from).
** Every board is set up as the game would leave it: the marble at the
** landing, the cell it came from empty.
**
** Every test checks both answers.  A test of FALSE cases first checks a
** TRUE case as close to each as the rules allow (an anchor: the same board
** asked about another origin, the landing left free, a marble to jump
** that leads onto a space), a test of TRUE cases also checks the same
** board with the marble to jump taken away.  So a function returning the
** same answer every time passes none.  The anchors use spaces of the star
** only.
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

#define COUNT(table) (sizeof (table) / sizeof (table)[0])

/* Index of the direction opposite to direction d in DIRECTIONS. */
static int opposite(int d)
{
    static const int opposite_of[6] = {1, 0, 5, 4, 3, 2};
    return opposite_of[d];
}

/* Empty star after red jumped into the centre in direction `arrival`:
** it came from centre - 2*arrival over a green marble at centre - arrival. */
static void arrive_at_centre(int arrival)
{
    int dx = DIRECTIONS[arrival].dx, dy = DIRECTIONS[arrival].dy;

    board_empty_star();
    board_put(CENTRE_X - dx, CENTRE_Y - dy, GR);
    board_put(CENTRE_X, CENTRE_Y, RE);
}

static void jumper_from_centre(int arrival, int expected, const char *why)
{
    assert_jumper(CENTRE_X - 2 * DIRECTIONS[arrival].dx,
                  CENTRE_Y - 2 * DIRECTIONS[arrival].dy, CENTRE_X, CENTRE_Y,
                  expected, why);
}

GRADED_TEST(is_jumper, onward_jump_in_each_direction_is_true)
{
    static const int colours[2] = {RE, GR};

    for (int d = 0; d < 6; d++)
        for (int c = 0; c < 2; c++) {
            /* Straight on, and turning: arrival (d + 2) % 6 is never d or
            ** its opposite. */
            int arrivals[2] = {d, (d + 2) % 6};

            for (int a = 0; a < 2; a++) {
                char why[128];

                arrive_at_centre(arrivals[a]);
                board_put(CENTRE_X + DIRECTIONS[d].dx, CENTRE_Y + DIRECTIONS[d].dy,
                          colours[c]);
                snprintf(why, sizeof why,
                         "arrived moving %s; can jump %s over %s onto an empty space",
                         DIRECTIONS[arrivals[a]].name, DIRECTIONS[d].name,
                         cell_name(colours[c]));
                jumper_from_centre(arrivals[a], TRUE, why);
                board_put(CENTRE_X + DIRECTIONS[d].dx, CENTRE_Y + DIRECTIONS[d].dy, EM);
                snprintf(why, sizeof why,
                         "arrived moving %s, the %s over %s taken away: only the jump back is left",
                         DIRECTIONS[arrivals[a]].name, DIRECTIONS[d].name,
                         cell_name(colours[c]));
                jumper_from_centre(arrivals[a], FALSE, why);
            }
        }
}

GRADED_TEST(is_jumper, jump_back_only_is_false)
{
    for (int a = 0; a < 6; a++) {
        char why[128];

        arrive_at_centre(a);
        /* Anchor: the same board, asked as if the marble had come from
        ** (4,8), which no jump from the centre reaches: the jump back now
        ** counts. */
        snprintf(why, sizeof why,
                 "anchor: the same board, origin (4,8): the jump %s over GR onto EM counts",
                 DIRECTIONS[opposite(a)].name);
        assert_jumper(4, 8, CENTRE_X, CENTRE_Y, TRUE, why);
        snprintf(why, sizeof why,
                 "arrived moving %s; the only jump goes back %s to where it came from",
                 DIRECTIONS[a].name, DIRECTIONS[opposite(a)].name);
        jumper_from_centre(a, FALSE, why);
    }
}

GRADED_TEST(is_jumper, occupied_landing_is_false)
{
    static const int colours[2] = {RE, GR};

    for (int d = 0; d < 6; d++)
        for (int c = 0; c < 2; c++) {
            int dx = DIRECTIONS[d].dx, dy = DIRECTIONS[d].dy;
            char why[128];

            /* It arrived from (4,8), far away, so that no jump leads back
            ** there; only one marble beside it, its landing taken. */
            board_empty_star();
            board_put(CENTRE_X, CENTRE_Y, RE);
            board_put(CENTRE_X + dx, CENTRE_Y + dy, GR);
            snprintf(why, sizeof why, "anchor: the jump %s over GR onto EM",
                     DIRECTIONS[d].name);
            assert_jumper(4, 8, CENTRE_X, CENTRE_Y, TRUE, why);
            board_put(CENTRE_X + 2 * dx, CENTRE_Y + 2 * dy, colours[c]);
            snprintf(why, sizeof why, "the only jump, %s over GR, would land on %s",
                     DIRECTIONS[d].name, cell_name(colours[c]));
            assert_jumper(4, 8, CENTRE_X, CENTRE_Y, FALSE, why);
        }
}

struct edge_case {
    int x_at, y_at, x_over, y_over;
    const char *why;
    /* The anchor: a marble at (ax_at, ay_at) that can jump over
    ** (ax_over, ay_over) onto a space, all of it on the star. */
    int ax_at, ay_at, ax_over, ay_over;
    const char *anchor;
};

/* Empty star, RE at the anchor's cell, GR beside it: is_jumper is TRUE
** (the origin given, the centre, is never the anchor's landing). */
static void assert_anchor(const struct edge_case *c)
{
    char why[160];

    board_empty_star();
    board_put(c->ax_at, c->ay_at, RE);
    board_put(c->ax_over, c->ay_over, GR);
    snprintf(why, sizeof why, "anchor: %s, on an empty star", c->anchor);
    assert_jumper(CENTRE_X, CENTRE_Y, c->ax_at, c->ay_at, TRUE, why);
}

GRADED_TEST(is_jumper, landing_on_a_dead_cell_is_false)
{
    static const struct edge_case cases[] = {
        {10, 4, 9, 3, "the jump up-left over (9,3) would land on (8,2), not a space",
         10, 4, 11, 3, "the same marble's jump up-right over (11,3) onto (12,2)"},
        {14, 4, 15, 3, "the jump up-right over (15,3) would land on (16,2), not a space",
         14, 4, 13, 3, "the same marble's jump up-left over (13,3) onto (12,2)"},
        {12, 14, 13, 15, "the jump down-right over (13,15) would land on (14,16), not a space",
         12, 14, 13, 13, "the same marble's jump up-right over (13,13) onto (14,12)"},
        {2, 4, 1, 5, "the jump down-left over (1,5) would land on (0,6), not a space",
         2, 4, 3, 5, "the same marble's jump down-right over (3,5) onto (4,6)"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_anchor(&cases[i]);
        /* It arrived from the centre, far away; only one marble beside it. */
        board_empty_star();
        board_put(cases[i].x_at, cases[i].y_at, RE);
        board_put(cases[i].x_over, cases[i].y_over, GR);
        assert_jumper(CENTRE_X, CENTRE_Y, cases[i].x_at, cases[i].y_at, FALSE,
                      cases[i].why);
    }
}

GRADED_TEST(is_jumper, landing_off_the_array_is_false)
{
    static const struct edge_case cases[] = {
        {1, 5, 0, 4, "the jump up-left over (0,4) would land on (-1,3)",
         1, 5, 2, 6, "the same marble's jump down-right over (2,6) onto (3,7)"},
        {2, 4, 0, 4, "the jump left over (0,4) would land on (-2,4)",
         2, 4, 4, 4, "the same marble's jump right over (4,4) onto (6,4)"},
        /* (23,15), (24,16), (12,1), (11,0) and (22,8) are not spaces: the
        ** anchors are jumps onto the star's bottom, top and row 8's end. */
        {23, 15, 24, 16, "the jump down-right over (24,16) would land on (25,17)",
         10, 14, 11, 15, "a jump down-right over (11,15) onto (12,16), row 16"},
        {12, 1, 11, 0, "the jump up-left over (11,0) would land on (10,-1)",
         14, 2, 13, 1, "a jump up-left over (13,1) onto (12,0), row 0"},
        {22, 8, 24, 8, "the jump right over (24,8) would land on (26,8)",
         16, 8, 18, 8, "a jump right over (18,8) onto (20,8), row 8's last space"},
        {13, 15, 12, 16, "the jump down-left over (12,16) would land on (11,17)",
         13, 15, 12, 14, "the same marble's jump up-left over (12,14) onto (11,13)"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_anchor(&cases[i]);
        /* Every other cell of the array is EM, so a landing read from the
        ** wrong row looks free. */
        board_fill(EM);
        board_put(cases[i].x_at, cases[i].y_at, RE);
        board_put(cases[i].x_over, cases[i].y_over, GR);
        assert_jumper(CENTRE_X, CENTRE_Y, cases[i].x_at, cases[i].y_at, FALSE,
                      cases[i].why);
    }
    board_fill(EM);
    assert_jumper(CENTRE_X, CENTRE_Y, -1000000, 8, FALSE,
                  "a marble a million columns left of the array, no marble near it");
    assert_jumper(CENTRE_X, CENTRE_Y, 25, 17, FALSE,
                  "just past the array's end, no marble near it");
    assert_jumper(CENTRE_X, CENTRE_Y, 12, -1, FALSE,
                  "just above the array, no marble near it");
}

GRADED_TEST(is_jumper, no_neighbouring_marble_is_false)
{
    /* Each case is first checked with one marble added beside it (the
    ** anchor), then without. */
    board_empty_star();
    board_put(CENTRE_X, CENTRE_Y, RE);
    board_put(CENTRE_X + 2, CENTRE_Y, GR);
    assert_jumper(8, 8, CENTRE_X, CENTRE_Y, TRUE,
                  "anchor: green beside it at (14,8), (16,8) empty");
    board_put(CENTRE_X + 2, CENTRE_Y, EM);
    assert_jumper(8, 8, CENTRE_X, CENTRE_Y, FALSE, "alone on an empty star");

    board_empty_star();
    board_put(0, 4, GR);
    board_put(1, 5, RE);
    assert_jumper(4, 4, 0, 4, TRUE,
                  "anchor: on the star's left point, red beside it at (1,5), (2,6) empty");
    board_put(1, 5, EM);
    assert_jumper(4, 4, 0, 4, FALSE, "alone on the star's left point");

    /* Marbles two cells away in every direction, none beside it; for the
    ** anchor, the up-left one moved in beside it. */
    board_empty_star();
    board_put(CENTRE_X, CENTRE_Y, RE);
    for (int d = 0; d < 6; d++)
        board_put(CENTRE_X + 2 * DIRECTIONS[d].dx, CENTRE_Y + 2 * DIRECTIONS[d].dy, GR);
    board_put(CENTRE_X - 2, CENTRE_Y - 2, EM);
    board_put(CENTRE_X - 1, CENTRE_Y - 1, GR);
    assert_jumper(8, 6, CENTRE_X, CENTRE_Y, TRUE,
                  "anchor: marbles two cells away in five directions, the up-left one "
                  "beside it at (11,7) with (10,6) empty");
    board_put(CENTRE_X - 1, CENTRE_Y - 1, EM);
    board_put(CENTRE_X - 2, CENTRE_Y - 2, GR);
    assert_jumper(8, 6, CENTRE_X, CENTRE_Y, FALSE,
                  "marbles two cells away in all six directions, none beside it");
}

GRADED_TEST(is_jumper, leaves_the_board_unchanged)
{
    int expected[BOARD_SIZE_Y][BOARD_SIZE_X];

    /* The starting board after red's jump 10 2 -> 12 4, green at (13,5).
    ** The first and the last call must give the right answer (so that a
    ** function returning the same answer every time cannot earn this
    ** test); of the one in between only the effect on the board is checked. */
    build_start_layout(expected);
    expected[2][10] = EM;
    expected[4][12] = RE;
    expected[5][13] = GR;
    board_start();
    board_put(10, 2, EM);
    board_put(12, 4, RE);
    board_put(13, 5, GR);
    assert_jumper(10, 2, 12, 4, TRUE, "green at (13,5) can be jumped to (14,6)");
    (void)is_jumper(14, 6, 12, 4);
    assert_jumper(12, 4, 11, 3, FALSE,
                  "the same board, the marble at (11,3): (7,3) is not a space, "
                  "(15,3) and (13,1) hold RE, (13,5) holds GR");
    assert_board_equals(expected, "the board after is_jumper(10, 2, 12, 4), "
                        "is_jumper(14, 6, 12, 4) and is_jumper(12, 4, 11, 3)");
}
