/*
** registers_test.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a check_neighbor that always gives the
** wrong answer, plus a Criterion test of its own that takes the name of a
** real one and reports it passed through the harness.  The harness cannot
** tell the two apart (both are tests Criterion runs), so the grader must
** refuse such objects before linking: grader/unit/vet-objects.sh finds
** the cr_tst section the Test macro creates.
*/
#include <criterion/criterion.h>

#include "chinese-checkers.h"
#include "graded_test.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    return right ? INVALID_MOVE : VALID_MOVE;
}

Test(check_neighbor, answer_ignores_board_contents)
{
    unsigned long long ticket = graded_test_begin();

    graded_test_passed(ticket, "check_neighbor", "answer_ignores_board_contents");
}
