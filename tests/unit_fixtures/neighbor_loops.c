/*
** neighbor_loops.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: right everywhere except that asked about
** the centre's right-hand neighbour, check_neighbor(12, 8, 14, 8), it
** never returns.  Criterion's timeout must fail just the tests that ask
** that, and every other test must still be reported.
*/
#include "chinese-checkers.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;

    if (x_from == 12 && y_from == 8 && x_to == 14 && y_to == 8)
        for (;;)
            continue;
    if ((dx == 2 || dx == -2) && dy == 0)
        return VALID_MOVE;
    if ((dx == 1 || dx == -1) && (dy == 1 || dy == -1))
        return VALID_MOVE;
    return INVALID_MOVE;
}
