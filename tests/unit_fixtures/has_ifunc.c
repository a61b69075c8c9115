/*
** has_ifunc.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: check_neighbor is an ifunc, so its resolver
** runs while the program is being loaded, before any test or harness code
** (here it only picks the implementation, but it could do anything).
** grader/unit/vet-objects.sh refuses it.
*/
#include "chinese-checkers.h"

static int geometric_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;

    if ((dx == 2 || dx == -2) && dy == 0)
        return VALID_MOVE;
    if ((dx == 1 || dx == -1) && (dy == 1 || dy == -1))
        return VALID_MOVE;
    return INVALID_MOVE;
}

typedef int neighbor_function(int, int, int, int);

static neighbor_function *pick_neighbor(void)
{
    return geometric_neighbor;
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
    __attribute__((ifunc("pick_neighbor")));
