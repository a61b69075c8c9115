/* crash_init.c -- a bot that dies of SIGABRT in InitChineseCheckers.  Two
** copies in one game: seat 0's failure ends the game (one left), and seat
** 1's, which follows, must still put seat 1 out: neither wins. */
#include <stdlib.h>

typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
    abort();
}

void YourMove(Position *from, Position *to)
{
    from->row = to->row = from->col = to->col = 0;
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
