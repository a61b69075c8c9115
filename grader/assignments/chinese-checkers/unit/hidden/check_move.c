/*
** hidden/check_move.c -- graded unit tests of check_move: steps and jumps
** for both colours, then each way a move can be wrong -- the source does
** not hold the mover's marble (empty, dead, the other colour, off the
** array), the landing is not EM (a marble, dead, off the array), or the
** move is neither a step nor a jump -- and that it leaves the board alone.
** Each invalid case is valid in every other respect, so only the rule
** under test can make it invalid.
**
** Every test checks both answers.  A test of invalid moves first checks a
** valid move as close to each case as the rules allow (an anchor: the
** same move with the one thing under test put right, or a move from or
** onto the same cells), set up on an empty star with nothing but spaces of
** the star involved; a test of valid moves also checks the same move made
** invalid by one change.  So a function returning the same answer every
** time passes none.
*/
#include <stdio.h>
#include <stdlib.h>

#include "graded_test.h"
#include "support.h"

#define COUNT(table) (sizeof (table) / sizeof (table)[0])

static const int COLOURS[2] = {RE, GR};

static int other(int colour)
{
    return colour == RE ? GR : RE;
}

/* An anchor: on an empty star, `colour` on (x_from, y_from) and, for a
** jump, `jumped` (the colour the case itself jumps) on the cell in between;
** the move must be valid.  Only spaces of the star are used. */
static void assert_valid_on_empty_star(int colour, int jumped, int x_from, int y_from,
                                       int x_to, int y_to, const char *why)
{
    int dx = x_to - x_from, dy = y_to - y_from;
    char message[160];

    board_empty_star();
    board_put(x_from, y_from, colour);
    if (abs(dx) + abs(dy) > 2)
        board_put(x_from + dx / 2, y_from + dy / 2, jumped);
    snprintf(message, sizeof message, "anchor: %s, on an empty star", why);
    assert_move(colour, x_from, y_from, x_to, y_to, VALID_MOVE, message);
}

GRADED_TEST(check_move, steps_are_valid_for_both_colours)
{
    for (int c = 0; c < 2; c++)
        for (int d = 0; d < 6; d++) {
            char why[96];

            board_empty_star();
            board_put(CENTRE_X, CENTRE_Y, COLOURS[c]);
            snprintf(why, sizeof why, "a step %s onto an empty space", DIRECTIONS[d].name);
            assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + DIRECTIONS[d].dx,
                        CENTRE_Y + DIRECTIONS[d].dy, VALID_MOVE, why);
            snprintf(why, sizeof why, "the same step %s asked by the other player",
                     DIRECTIONS[d].name);
            assert_move(other(COLOURS[c]), CENTRE_X, CENTRE_Y, CENTRE_X + DIRECTIONS[d].dx,
                        CENTRE_Y + DIRECTIONS[d].dy, INVALID_MOVE, why);
        }
}

GRADED_TEST(check_move, jumps_are_valid_for_both_colours)
{
    for (int c = 0; c < 2; c++)
        for (int j = 0; j < 2; j++)
            for (int d = 0; d < 6; d++) {
                int dx = DIRECTIONS[d].dx, dy = DIRECTIONS[d].dy;
                char why[96];

                board_empty_star();
                board_put(CENTRE_X, CENTRE_Y, COLOURS[c]);
                board_put(CENTRE_X + dx, CENTRE_Y + dy, COLOURS[j]);
                snprintf(why, sizeof why, "a jump %s over %s onto an empty space",
                         DIRECTIONS[d].name, cell_name(COLOURS[j]));
                assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx,
                            CENTRE_Y + 2 * dy, VALID_MOVE, why);
                board_put(CENTRE_X + dx, CENTRE_Y + dy, EM);
                snprintf(why, sizeof why, "the same jump %s with no marble in between",
                         DIRECTIONS[d].name);
                assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx,
                            CENTRE_Y + 2 * dy, INVALID_MOVE, why);
            }
}

GRADED_TEST(check_move, source_without_a_marble_is_invalid)
{
    for (int c = 0; c < 2; c++) {
        int colour = COLOURS[c];

        board_empty_star();
        board_put(CENTRE_X, CENTRE_Y, colour);
        assert_move(colour, CENTRE_X, CENTRE_Y, CENTRE_X + 2, CENTRE_Y, VALID_MOVE,
                    "anchor: a step right with the marble on the source");
        board_put(CENTRE_X, CENTRE_Y, EM);
        assert_move(colour, CENTRE_X, CENTRE_Y, CENTRE_X + 2, CENTRE_Y, INVALID_MOVE,
                    "a step right from an empty space");
        board_put(CENTRE_X + 2, CENTRE_Y, colour);
        board_put(CENTRE_X, CENTRE_Y, colour);
        assert_move(colour, CENTRE_X, CENTRE_Y, CENTRE_X + 4, CENTRE_Y, VALID_MOVE,
                    "anchor: a jump right over a marble with the marble on the source");
        board_put(CENTRE_X, CENTRE_Y, EM);
        assert_move(colour, CENTRE_X, CENTRE_Y, CENTRE_X + 4, CENTRE_Y, INVALID_MOVE,
                    "a jump right over a marble, from an empty space");
        /* (8,2) is not a space of the star; (9,3) is its neighbour.  The
        ** anchors reach the same landings from spaces of the star. */
        assert_valid_on_empty_star(colour, colour, 10, 2, 9, 3,
                                   "a step down-left onto (9,3) from the space (10,2)");
        board_empty_star();
        assert_move(colour, 8, 2, 9, 3, INVALID_MOVE,
                    "a step down-right from a DA cell onto an empty space");
        assert_valid_on_empty_star(colour, colour, 12, 2, 10, 4,
                                   "a jump down-left onto (10,4) from the space (12,2)");
        board_empty_star();
        board_put(9, 3, colour);
        assert_move(colour, 8, 2, 10, 4, INVALID_MOVE,
                    "a jump down-right from a DA cell over a marble");
    }
    /* Rule 1 asks for a marble of `color`, RE or GR: a source that merely
    ** holds the value passed as `color` is not enough when that value is
    ** EM or DA. */
    board_empty_star();
    assert_move(EM, CENTRE_X, CENTRE_Y, CENTRE_X + 1, CENTRE_Y + 1, INVALID_MOVE,
                "color EM, an empty source: EM is not a player's colour");
    assert_move(DA, 8, 2, 9, 3, INVALID_MOVE,
                "color DA, a DA source next to an empty space: DA is not a player's colour");
}

GRADED_TEST(check_move, marble_of_the_other_colour_is_invalid)
{
    for (int c = 0; c < 2; c++) {
        int colour = COLOURS[c];

        board_empty_star();
        board_put(CENTRE_X, CENTRE_Y, other(colour));
        assert_move(other(colour), CENTRE_X, CENTRE_Y, CENTRE_X - 1, CENTRE_Y + 1, VALID_MOVE,
                    "anchor: the same step down-left by the marble's owner");
        assert_move(colour, CENTRE_X, CENTRE_Y, CENTRE_X - 1, CENTRE_Y + 1, INVALID_MOVE,
                    "a step down-left with the other player's marble");
        board_put(CENTRE_X - 1, CENTRE_Y + 1, colour);
        assert_move(other(colour), CENTRE_X, CENTRE_Y, CENTRE_X - 2, CENTRE_Y + 2, VALID_MOVE,
                    "anchor: the same jump down-left by the marble's owner");
        assert_move(colour, CENTRE_X, CENTRE_Y, CENTRE_X - 2, CENTRE_Y + 2, INVALID_MOVE,
                    "a jump down-left with the other player's marble");
    }
}

GRADED_TEST(check_move, source_off_the_array_is_invalid)
{
    static const struct {
        int colour, x_from, y_from, x_to, y_to;
        const char *why;
        int ax_from, ay_from, ax_to, ay_to; /* the anchor, on the star */
        const char *anchor;
    } cases[] = {
        {RE, -2, 4, 0, 4, "a step right onto (0,4) from left of the array",
         2, 4, 0, 4, "a step left onto (0,4) from (2,4)"},
        {GR, -1, 3, 0, 4, "a step down-right onto (0,4) from left of the array",
         1, 5, 0, 4, "a step up-left onto (0,4) from (1,5)"},
        {RE, 25, 5, 24, 4, "a step up-left onto (24,4) from right of the array",
         23, 5, 24, 4, "a step up-right onto (24,4) from (23,5)"},
        {GR, 12, 17, 11, 16, "a step up-left onto (11,16) from below the array",
         12, 16, 11, 15, "a step up-left from (12,16), the star's bottom"},
        {RE, 13, -1, 12, 0, "a step down-left onto (12,0) from above the array",
         11, 1, 12, 0, "a step up-right onto (12,0) from (11,1)"},
        {GR, -2, 4, 2, 4, "a jump right over (0,4) from left of the array",
         6, 4, 2, 4, "a jump left onto (2,4) from (6,4)"},
        {RE, 25, 17, 23, 15, "a jump up-left over (24,16) from past the array's end",
         12, 16, 14, 14, "a jump up-right from (12,16), the star's bottom"},
        {GR, -1000000, 4, -999998, 4, "a step right, all of it a million columns left of the array",
         0, 4, 2, 4, "a step right from (0,4), the array's left edge"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_valid_on_empty_star(cases[i].colour, cases[i].colour, cases[i].ax_from,
                                   cases[i].ay_from, cases[i].ax_to, cases[i].ay_to,
                                   cases[i].anchor);
        /* Every cell holds the mover's colour, so a source read from the
        ** wrong row looks right; the landing is EM. */
        board_fill(cases[i].colour);
        if (is_on_array(cases[i].x_to, cases[i].y_to))
            board_put(cases[i].x_to, cases[i].y_to, EM);
        assert_move(cases[i].colour, cases[i].x_from, cases[i].y_from, cases[i].x_to,
                    cases[i].y_to, INVALID_MOVE, cases[i].why);
    }
}

GRADED_TEST(check_move, landing_on_a_marble_is_invalid)
{
    for (int c = 0; c < 2; c++)
        for (int o = 0; o < 2; o++)
            for (int d = 0; d < 6; d++) {
                int dx = DIRECTIONS[d].dx, dy = DIRECTIONS[d].dy;
                char why[96];

                board_empty_star();
                board_put(CENTRE_X, CENTRE_Y, COLOURS[c]);
                snprintf(why, sizeof why, "anchor: the same step %s onto EM",
                         DIRECTIONS[d].name);
                assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + dx,
                            CENTRE_Y + dy, VALID_MOVE, why);
                board_put(CENTRE_X + dx, CENTRE_Y + dy, COLOURS[o]);
                snprintf(why, sizeof why, "a step %s onto %s", DIRECTIONS[d].name,
                         cell_name(COLOURS[o]));
                assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + dx,
                            CENTRE_Y + dy, INVALID_MOVE, why);
                snprintf(why, sizeof why, "anchor: the same jump %s over %s onto EM",
                         DIRECTIONS[d].name, cell_name(COLOURS[o]));
                assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx,
                            CENTRE_Y + 2 * dy, VALID_MOVE, why);
                board_put(CENTRE_X + 2 * dx, CENTRE_Y + 2 * dy, COLOURS[o]);
                snprintf(why, sizeof why, "a jump %s over %s onto %s", DIRECTIONS[d].name,
                         cell_name(COLOURS[o]), cell_name(COLOURS[o]));
                assert_move(COLOURS[c], CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx,
                            CENTRE_Y + 2 * dy, INVALID_MOVE, why);
            }
}

GRADED_TEST(check_move, landing_on_a_dead_cell_is_invalid)
{
    static const struct {
        int colour, x_from, y_from, x_to, y_to, x_over, y_over;
        const char *why;
        int ax_to, ay_to; /* the anchor: the same marble onto a space */
        const char *anchor;
    } cases[] = {
        {RE, 9, 3, 8, 2, -1, -1, "a step up-left off the red triangle's edge",
         10, 2, "a step up-right onto (10,2)"},
        {RE, 9, 3, 7, 3, -1, -1, "a step left off the red triangle's edge",
         11, 3, "a step right onto (11,3)"},
        {GR, 2, 4, 1, 3, -1, -1, "a step up-left off row 4 into the corner",
         1, 5, "a step down-left onto (1,5)"},
        {GR, 12, 16, 10, 16, -1, -1, "a step left off the green triangle's point",
         11, 15, "a step up-left onto (11,15)"},
        {RE, 10, 4, 8, 2, 9, 3, "a jump up-left over (9,3) off the star",
         12, 2, "a jump up-right over (11,3) onto (12,2)"},
        {GR, 12, 14, 14, 16, 13, 15, "a jump down-right over (13,15) off the star",
         14, 12, "a jump up-right over (13,13) onto (14,12)"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_valid_on_empty_star(cases[i].colour, other(cases[i].colour), cases[i].x_from,
                                   cases[i].y_from, cases[i].ax_to, cases[i].ay_to,
                                   cases[i].anchor);
        board_empty_star();
        board_put(cases[i].x_from, cases[i].y_from, cases[i].colour);
        if (cases[i].x_over >= 0)
            board_put(cases[i].x_over, cases[i].y_over, other(cases[i].colour));
        assert_move(cases[i].colour, cases[i].x_from, cases[i].y_from, cases[i].x_to,
                    cases[i].y_to, INVALID_MOVE, cases[i].why);
    }
}

GRADED_TEST(check_move, landing_off_the_array_is_invalid)
{
    static const struct {
        int colour, x_from, y_from, x_to, y_to, x_over, y_over;
        const char *why;
        int ax_from, ay_from, ax_to, ay_to; /* the anchor, on the star */
        const char *anchor;
    } cases[] = {
        {RE, 0, 4, -2, 4, -1, -1, "a step left from the star's left point",
         0, 4, 2, 4, "a step right from the star's left point"},
        {GR, 0, 12, -1, 13, -1, -1, "a step down-left from the star's lower left point",
         0, 12, 1, 11, "a step up-right from the star's lower left point"},
        {RE, 12, 0, 13, -1, -1, -1, "a step up-right from the star's top",
         12, 0, 13, 1, "a step down-right from the star's top"},
        /* (24,16) and (24,8) are not spaces: the anchors are the nearest
        ** moves along the array's last row and right-hand column that are. */
        {GR, 24, 16, 25, 17, -1, -1, "a step down-right from the array's last cell",
         12, 16, 13, 15, "a step up-right from the star's bottom, row 16"},
        {RE, 24, 8, 26, 8, -1, -1, "a step right from the array's right edge",
         24, 4, 22, 4, "a step left from the star's right point, column 24"},
        {GR, 2, 4, -2, 4, 0, 4, "a jump left over (0,4)",
         2, 4, 6, 4, "a jump right from (2,4) over (4,4)"},
        {RE, 23, 15, 25, 17, 24, 16, "a jump down-right over (24,16)",
         10, 14, 12, 16, "a jump down-right onto the star's bottom, row 16"},
        {GR, 11, 1, 13, -1, 12, 0, "a jump up-right over the star's top",
         11, 1, 13, 3, "a jump down-right from (11,1) over (12,2)"},
        {RE, 0, 4, -1000000, 4, -1, -1, "a million columns left",
         0, 4, 2, 4, "a step right from the star's left point"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        assert_valid_on_empty_star(cases[i].colour, cases[i].colour, cases[i].ax_from,
                                   cases[i].ay_from, cases[i].ax_to, cases[i].ay_to,
                                   cases[i].anchor);
        /* Every cell EM but the mover and the marble jumped over, so a
        ** landing read from the wrong row looks empty. */
        board_fill(EM);
        board_put(cases[i].x_from, cases[i].y_from, cases[i].colour);
        if (cases[i].x_over >= 0)
            board_put(cases[i].x_over, cases[i].y_over, cases[i].colour);
        assert_move(cases[i].colour, cases[i].x_from, cases[i].y_from, cases[i].x_to,
                    cases[i].y_to, INVALID_MOVE, cases[i].why);
    }
}

GRADED_TEST(check_move, distant_move_is_invalid)
{
    static const struct {
        int dx, dy;
        const char *why;
    } cases[] = {
        {0, 2, "two rows straight down"},
        {0, -2, "two rows straight up"},
        {6, 0, "three spaces right"},
        {-8, 0, "four spaces left"},
        {3, 3, "three rows down-right"},
        {-3, -3, "three rows up-left"},
        {-2, 4, "two columns left, four rows down"},
        {2, -4, "two columns right, four rows up"},
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        const struct direction *step = &DIRECTIONS[i % 6];
        char why[96];

        /* Anchor: before green surrounds it, red may step away. */
        board_empty_star();
        board_put(CENTRE_X, CENTRE_Y, RE);
        snprintf(why, sizeof why, "anchor: red alone at the centre steps %s", step->name);
        assert_move(RE, CENTRE_X, CENTRE_Y, CENTRE_X + step->dx, CENTRE_Y + step->dy,
                    VALID_MOVE, why);
        /* Red at the centre, green all round it: every landing below is
        ** empty, and none is a step or a jump away. */
        for (int d = 0; d < 6; d++)
            board_put(CENTRE_X + DIRECTIONS[d].dx, CENTRE_Y + DIRECTIONS[d].dy, GR);
        assert_move(RE, CENTRE_X, CENTRE_Y, CENTRE_X + cases[i].dx, CENTRE_Y + cases[i].dy,
                    INVALID_MOVE, cases[i].why);
    }
}

GRADED_TEST(check_move, leaves_the_board_unchanged)
{
    int start[BOARD_SIZE_Y][BOARD_SIZE_X];

    /* The first and the last call must give the right answer (so that a
    ** function returning the same answer every time cannot earn this
    ** test); of the others only the effect on the board is checked. */
    build_start_layout(start);
    board_start();
    assert_move(RE, 9, 3, 10, 4, VALID_MOVE, "a step on the starting board");
    (void)check_move(RE, 10, 2, 12, 4);
    (void)check_move(GR, 13, 13, 14, 12);
    assert_move(RE, 11, 3, 13, 3, INVALID_MOVE,
                "the starting board, after three other calls; (13,3) holds a red marble");
    assert_board_equals(start, "the starting board after check_move(RE, 9, 3, 10, 4), "
                        "check_move(RE, 10, 2, 12, 4), check_move(GR, 13, 13, 14, 12) "
                        "and check_move(RE, 11, 3, 13, 3)");
}
