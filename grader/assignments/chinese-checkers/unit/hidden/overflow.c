/*
** hidden/overflow.c -- graded unit tests with the most extreme int
** coordinates, INT_MAX and INT_MIN.  A function that subtracts or adds
** them in int arithmetic overflows, which is undefined behaviour and fails
** under the sanitizer even when the answer would happen to come out right;
** the header warns about it.  Kept apart from the other tests so that
** overflow costs only these two.  Each function's extreme cases come
** after an ordinary case that it must answer the other way (an anchor),
** so that a function returning the same answer every time fails them.
*/
#include <limits.h>

#include "graded_test.h"
#include "support.h"

GRADED_TEST(overflow, geometry_with_extreme_coordinates)
{
    board_fill(RE);
    assert_neighbor(INT_MAX, 0, INT_MAX - 2, 0, VALID_MOVE,
                    "a step left from x = INT_MAX");
    assert_neighbor(INT_MIN, INT_MIN, INT_MIN + 1, INT_MIN + 1, VALID_MOVE,
                    "a step down-right from (INT_MIN, INT_MIN)");
    assert_neighbor(INT_MIN, 0, INT_MAX, 0, INVALID_MOVE,
                    "from x = INT_MIN to x = INT_MAX");
    assert_neighbor(INT_MAX, INT_MAX, INT_MIN, INT_MIN, INVALID_MOVE,
                    "from (INT_MAX, INT_MAX) to (INT_MIN, INT_MIN)");
    assert_neighbor(INT_MAX, 8, 12, 8, INVALID_MOVE,
                    "from x = INT_MAX to the centre");
    board_put(CENTRE_X - 4, CENTRE_Y, EM);
    assert_jump(CENTRE_X, CENTRE_Y, CENTRE_X - 4, CENTRE_Y, VALID_MOVE,
                "anchor: a jump left from the centre over RE onto EM");
    assert_jump(INT_MAX, 0, INT_MAX - 4, 0, INVALID_MOVE,
                "a jump left from x = INT_MAX; the cell between is off the array");
    assert_jump(INT_MIN, INT_MIN, INT_MAX, INT_MAX, INVALID_MOVE,
                "from (INT_MIN, INT_MIN) to (INT_MAX, INT_MAX)");
    assert_jump(CENTRE_X, CENTRE_Y, INT_MIN, CENTRE_Y, INVALID_MOVE,
                "from the centre to x = INT_MIN");
    assert_jump(INT_MAX - 1, INT_MIN + 1, INT_MAX - 3, INT_MIN + 3, INVALID_MOVE,
                "a jump down-left near (INT_MAX, INT_MIN), off the array");
}

GRADED_TEST(overflow, board_lookups_with_extreme_coordinates)
{
    board_empty_star();
    board_put(CENTRE_X, CENTRE_Y, RE);
    board_put(CENTRE_X + 2, CENTRE_Y, GR);
    assert_move(RE, CENTRE_X, CENTRE_Y, CENTRE_X - 1, CENTRE_Y - 1, VALID_MOVE,
                "anchor: red steps up-left from the centre");
    assert_move(RE, INT_MAX, INT_MAX, INT_MAX - 1, INT_MAX - 1, INVALID_MOVE,
                "a step up-left near (INT_MAX, INT_MAX), off the array");
    assert_move(RE, CENTRE_X, CENTRE_Y, INT_MIN, INT_MIN, INVALID_MOVE,
                "from the centre to (INT_MIN, INT_MIN)");
    assert_move(GR, INT_MIN, 0, INT_MIN + 2, 0, INVALID_MOVE,
                "a step right from x = INT_MIN");
    assert_move(RE, INT_MAX, CENTRE_Y, CENTRE_X, CENTRE_Y, INVALID_MOVE,
                "from x = INT_MAX onto the centre");
    assert_jumper(CENTRE_X - 4, CENTRE_Y, CENTRE_X, CENTRE_Y, TRUE,
                  "anchor: the red marble at the centre can jump right over GR");
    assert_jumper(INT_MAX, INT_MAX, INT_MIN, INT_MIN, FALSE,
                  "a marble at (INT_MIN, INT_MIN)");
    assert_jumper(CENTRE_X, CENTRE_Y, INT_MAX, INT_MAX, FALSE,
                  "a marble at (INT_MAX, INT_MAX)");
    assert_jumper(INT_MIN, INT_MIN, INT_MAX, 0, FALSE,
                  "a marble at (INT_MAX, 0)");
}
