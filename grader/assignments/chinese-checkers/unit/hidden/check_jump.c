/*
** hidden/check_jump.c -- graded unit tests of check_jump: a jump is twice
** a neighbour offset over a cell holding RE or GR.  Every case puts a
** marble on the source and leaves the landing EM when it is on the array,
** so the answer never depends on whether check_jump looks at them (the
** header leaves that open); only the offset and the cell in between decide.
**
** Every test checks both answers: a test of invalid jumps first checks a
** valid one as close to them as possible (the same jump over a marble, a
** real jump on the same board -- an anchor), a test of valid jumps also
** checks the same jump with the marble taken away, so that a function
** returning the same answer every time passes none.
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

#define COUNT(table) (sizeof (table) / sizeof (table)[0])

/* Empty star, `mover` at the centre, `jumped` next to it in direction d;
** checks the jump from the centre in direction d.  `note` starts the
** message ("" or, e.g., "anchor: "). */
static void check_jump_from_centre(int d, int mover, int jumped, int expected,
                                   const char *note)
{
    int dx = DIRECTIONS[d].dx, dy = DIRECTIONS[d].dy;
    char why[96];

    board_empty_star();
    board_put(CENTRE_X, CENTRE_Y, mover);
    board_put(CENTRE_X + dx, CENTRE_Y + dy, jumped);
    snprintf(why, sizeof why, "%s%s over %s", note, DIRECTIONS[d].name, cell_name(jumped));
    assert_jump(CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx, CENTRE_Y + 2 * dy,
                expected, why);
}

GRADED_TEST(check_jump, jumps_over_red_in_all_six_directions)
{
    for (int d = 0; d < 6; d++) {
        check_jump_from_centre(d, GR, RE, VALID_MOVE, "");
        check_jump_from_centre(d, GR, EM, INVALID_MOVE,
                               "the same jump with the marble taken away: ");
    }
}

GRADED_TEST(check_jump, jumps_over_green_in_all_six_directions)
{
    for (int d = 0; d < 6; d++) {
        check_jump_from_centre(d, RE, GR, VALID_MOVE, "");
        check_jump_from_centre(d, RE, EM, INVALID_MOVE,
                               "the same jump with the marble taken away: ");
    }
}

GRADED_TEST(check_jump, jump_over_empty_space_is_invalid)
{
    for (int d = 0; d < 6; d++) {
        check_jump_from_centre(d, RE, GR, VALID_MOVE,
                               "anchor: the same jump over a marble: ");
        check_jump_from_centre(d, RE, EM, INVALID_MOVE, "");
    }
}

GRADED_TEST(check_jump, jump_over_dead_cell_is_invalid)
{
    for (int d = 0; d < 6; d++) {
        int dx = DIRECTIONS[d].dx, dy = DIRECTIONS[d].dy;
        char why[96];

        /* Everything EM but the source and the cell in between: first a
        ** marble there (the anchor), then DA. */
        board_fill(EM);
        board_put(CENTRE_X, CENTRE_Y, RE);
        board_put(CENTRE_X + dx, CENTRE_Y + dy, GR);
        snprintf(why, sizeof why, "anchor: %s over GR, every other cell EM",
                 DIRECTIONS[d].name);
        assert_jump(CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx, CENTRE_Y + 2 * dy,
                    VALID_MOVE, why);
        board_put(CENTRE_X + dx, CENTRE_Y + dy, DA);
        snprintf(why, sizeof why, "%s over a DA cell", DIRECTIONS[d].name);
        assert_jump(CENTRE_X, CENTRE_Y, CENTRE_X + 2 * dx, CENTRE_Y + 2 * dy,
                    INVALID_MOVE, why);
    }
}

struct offset_case {
    int dx, dy;
    const char *why;
};

/* Every cell holds RE except the landing, which is EM: whatever cell a
** wrong formula takes for "the one in between", it holds a marble. */
static void check_offset_on_full_board(const struct offset_case *c, int expected)
{
    board_fill(RE);
    board_put(CENTRE_X + c->dx, CENTRE_Y + c->dy, EM);
    assert_jump(CENTRE_X, CENTRE_Y, CENTRE_X + c->dx, CENTRE_Y + c->dy,
                expected, c->why);
}

/* The anchor of the tests below: on the same board, the real jump in
** direction d is valid. */
static void check_real_jump_on_full_board(int d)
{
    char why[96];
    struct offset_case c = {2 * DIRECTIONS[d].dx, 2 * DIRECTIONS[d].dy, why};

    snprintf(why, sizeof why, "anchor: the jump %s, every other cell RE",
             DIRECTIONS[d].name);
    check_offset_on_full_board(&c, VALID_MOVE);
}

GRADED_TEST(check_jump, offsets_not_twice_a_neighbour_are_invalid)
{
    static const struct offset_case cases[] = {
        {0, 0, "the same cell"},
        {0, -2, "straight up two rows"},
        {0, 2, "straight down two rows"},
        {0, -4, "straight up four rows"},
        {0, 4, "straight down four rows"},
        {1, 0, "one column right"},
        {0, 1, "one row down"},
        {-6, 0, "three spaces left"},
        {6, 0, "three spaces right"},
        {8, 0, "four spaces right"},
        {3, 3, "three rows down-right"},
        {-3, -3, "three rows up-left"},
        {3, -3, "three rows up-right"},
        {4, 4, "four rows down-right"},
        {3, 1, "three columns right, one row down"},
        {-3, 1, "three columns left, one row down"},
        {1, 3, "one column right, three rows down"},
        {-1, -3, "one column left, three rows up"},
        {4, 2, "four columns right, two rows down"},
        {-4, -2, "four columns left, two rows up"},
        {2, 4, "two columns right, four rows down"},
        {-2, 3, "two columns left, three rows down"},
    };

    for (int d = 0; d < 6; d++)
        check_real_jump_on_full_board(d);
    for (size_t i = 0; i < COUNT(cases); i++)
        check_offset_on_full_board(&cases[i], INVALID_MOVE);
}

GRADED_TEST(check_jump, single_step_is_not_a_jump)
{
    for (int d = 0; d < 6; d++) {
        char why[96];
        struct offset_case c = {DIRECTIONS[d].dx, DIRECTIONS[d].dy, why};

        check_real_jump_on_full_board(d);
        snprintf(why, sizeof why, "one step %s, every other cell RE", DIRECTIONS[d].name);
        check_offset_on_full_board(&c, INVALID_MOVE);
    }
}

GRADED_TEST(check_jump, middle_cell_off_the_array_is_invalid)
{
    static const struct {
        int x_from, y_from, x_to, y_to;
        const char *why;
    } cases[] = {
        {-4, 4, 0, 4, "right onto (0,4) over (-2,4), left of the array"},
        {28, 4, 24, 4, "left onto (24,4) over (26,4), right of the array"},
        {2, -2, 0, 0, "down-left onto (0,0) over (1,-1), above the array"},
        {-2, -2, 0, 0, "down-right onto (0,0) over (-1,-1), off the corner"},
        {22, 18, 24, 16, "up-right onto (24,16) over (23,17), below the array"},
        {26, 18, 24, 16, "up-left onto (24,16) over (25,17), past the array's end"},
        {-1, 8, -5, 8, "left, everything off the array"},
        {25, 8, 29, 8, "right, everything off the array"},
        {12, 17, 14, 19, "down-right, everything below the array"},
        {-1000000, 4, -999996, 4, "right, a million columns left of the array"},
        {12, -1000000, 10, -1000002, "up-left, a million rows above the array"},
    };

    /* Anchors: jumps onto the array's edges, all on spaces of the star --
    ** onto the first two cases' landings from the other side, and onto
    ** the star's top and bottom rows (the corners (0,0) and (24,16) of the
    ** next cases are not spaces). */
    static const struct {
        int x_from, y_from, x_to, y_to;
        const char *why;
    } anchors[] = {
        {4, 4, 0, 4, "anchor: left onto (0,4) over (2,4), on the array"},
        {20, 4, 24, 4, "anchor: right onto (24,4) over (22,4), on the array"},
        {14, 2, 12, 0, "anchor: up-left onto (12,0), row 0, over (13,1)"},
        {10, 14, 12, 16, "anchor: down-right onto (12,16), row 16, over (11,15)"},
    };

    for (size_t i = 0; i < COUNT(anchors); i++) {
        board_fill(RE);
        board_put(anchors[i].x_to, anchors[i].y_to, EM);
        assert_jump(anchors[i].x_from, anchors[i].y_from, anchors[i].x_to,
                    anchors[i].y_to, VALID_MOVE, anchors[i].why);
    }
    for (size_t i = 0; i < COUNT(cases); i++) {
        /* Every cell of the array holds RE, the landing EM when on the
        ** array: a middle cell read from the wrong row would be a marble. */
        board_fill(RE);
        if (is_on_array(cases[i].x_to, cases[i].y_to))
            board_put(cases[i].x_to, cases[i].y_to, EM);
        assert_jump(cases[i].x_from, cases[i].y_from, cases[i].x_to,
                    cases[i].y_to, INVALID_MOVE, cases[i].why);
    }
}
