/*
** directions.h -- the six directions a marble can move in, as a table.
**
** A step moves one offset; a jump moves the same offset twice and passes
** over the cell one offset away.
*/
#ifndef DIRECTIONS_H
#define DIRECTIONS_H

#define DIRECTION_COUNT 6

struct offset { int dx, dy; };

extern const struct offset directions[DIRECTION_COUNT];

/* Which direction (0..5) the displacement (dx, dy) is `times` offsets
** along, or -1 when it is none of them. */
int direction_of(long long dx, long long dy, int times);

#endif
