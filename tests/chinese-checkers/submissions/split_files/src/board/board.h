/*
** board.h -- helpers shared by every file that looks at the board.
**
** The required functions take coordinates straight from the player or
** from a unit test, so they may be anything an int can hold.  All reads
** of the_board go through board_at(), the only place that knows the
** array's bounds.
*/
#ifndef BOARD_H
#define BOARD_H

/* The value of cell (x, y), or DA when (x, y) lies off the array.
** Takes long long so callers can add offsets to INT_MAX safely. */
int board_at(long long x, long long y);

/* 1 when `value` is a marble of either colour, 0 otherwise. */
int holds_marble(int value);

#endif
