/*
** greedy.h -- the house's greedy bot (grader/referee/house.h) behind the
** challenge's four calls, for test bots that misbehave while playing
** legal moves: they call these from their own four functions and add
** their misbehaviour around them.  One bot per program.
*/
#ifndef TEST_BOTS_GREEDY_H
#define TEST_BOTS_GREEDY_H

typedef struct Position { long row; long col; } Position;

void greedy_init(long players, long size, const long points[6], long me);
void greedy_move(Position *from, Position *to);
void greedy_opponent(long seat, Position from, Position to);
void greedy_term(void);

#endif /* TEST_BOTS_GREEDY_H */
