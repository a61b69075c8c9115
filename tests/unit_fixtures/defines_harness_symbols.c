/*
** defines_harness_symbols.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a check_neighbor that always gives
** the wrong answer, plus definitions -- weak and strong -- of the
** harness's and Criterion's own names, which would replace the real ones
** if they stayed global: graded_test_begin always hands out the same
** ticket, graded_test_passed writes no matter what.  The grader's objcopy
** -G makes them local to the submission, so the harness keeps its own
** and no test of check_neighbor may pass.
*/
#include <stdio.h>

#include "chinese-checkers.h"

__attribute__((weak)) unsigned long long graded_test_begin(void)
{
    return 1;
}

void graded_test_passed(unsigned long long ticket, const char *suite, const char *name)
{
    printf("\n%llu PASS %s/%s\n", ticket, suite, name);
}

__attribute__((weak)) int criterion_run_all_tests(void *set)
{
    (void)set;
    return 1;
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    return right ? INVALID_MOVE : VALID_MOVE;
}
