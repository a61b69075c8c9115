/*
** rules.h -- the property tests' own statement of the game's rules.
**
** A third, separate reading of solution/chinese-checkers/chinese-checkers.h (the reference
** solution is the first, tests/chinese-checkers/gen/movegen.c the second).  It is phrased
** differently from both on purpose: the star is a table of how many holes
** each row has, a neighbour is "same row, two columns apart, or adjacent
** rows, one column apart", a jump's middle cell is the midpoint of its two
** ends, and "can the marble jump again?" searches every landing cell
** instead of walking six directions.  Only the header's constants are
** shared.  All coordinates are long long, so any int pair is safe.
*/
#ifndef PROPERTY_RULES_H
#define PROPERTY_RULES_H

#include "chinese-checkers.h"

struct board { int cell[BOARD_SIZE_Y][BOARD_SIZE_X]; };

/* The starting position: red in rows 0-3, green in rows 13-16. */
void rules_start(struct board *b);

/* 1 if (x, y) is one of the 121 holes of the star. */
int rules_is_space(long long x, long long y);

/* The cell at (x, y); DA anywhere off the array. */
int rules_at(const struct board *b, long long x, long long y);

/* What check_neighbor must answer: geometry only. */
int rules_neighbours(long long xf, long long yf, long long xt, long long yt);

/* Twice a neighbour offset away (a jump's shape), geometry only. */
int rules_jump_shape(long long xf, long long yf, long long xt, long long yt);

/* What check_jump must answer: jump-shaped, over a red or green marble. */
int rules_jumps_marble(const struct board *b, long long xf, long long yf,
                       long long xt, long long yt);

/* What check_move must answer for `colour`. */
int rules_may_move(const struct board *b, int colour, long long xf,
                   long long yf, long long xt, long long yt);

/* What is_jumper must answer once the jump (xf,yf)->(xt,yt) is made. */
int rules_can_jump_on(const struct board *b, long long xf, long long yf,
                      long long xt, long long yt);

#endif /* PROPERTY_RULES_H */
