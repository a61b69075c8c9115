/*
** neighbor_calls_harness.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: its answers are right, but it also calls
** the harness's own functions, trying to report PASS lines itself -- with
** guessed tickets and with a ticket of its own from graded_test_begin().
** It runs in the callee, which holds no nonce and runs no test: the calls
** do nothing, and its right answers pass on their merit, with no PASS
** line more.
*/
#include "chinese-checkers.h"
#include "graded_test.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    unsigned long long mine;

    graded_test_passed(0, "check_neighbor", "six_directions_are_neighbours");
    graded_test_passed(1, "check_neighbor", "answer_ignores_board_contents");
    mine = graded_test_begin();
    graded_test_passed(mine, "check_neighbor", "non_neighbour_offsets_are_rejected");
    if ((dx == 2 || dx == -2) && dy == 0)
        return VALID_MOVE;
    if ((dx == 1 || dx == -1) && (dy == 1 || dy == -1))
        return VALID_MOVE;
    return INVALID_MOVE;
}
