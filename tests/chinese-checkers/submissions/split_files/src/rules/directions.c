/*
** directions.c -- the table of the six neighbour offsets and the lookup
** that turns a displacement into a direction.
*/
#include "directions.h"

/* left, right, up-left, up-right, down-left, down-right */
const struct offset directions[DIRECTION_COUNT] = {
    {-2, 0}, {2, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1},
};

int direction_of(long long dx, long long dy, int times)
{
    int d;

    for (d = 0; d < DIRECTION_COUNT; d++)
        if (dx == (long long)directions[d].dx * times
            && dy == (long long)directions[d].dy * times)
            return d;
    return -1;
}
