/* crash.c -- a bot that dies of a segmentation fault on its first move. */
#include <stddef.h>

typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
}

void YourMove(Position *from, Position *to)
{
    volatile long *nowhere = NULL;

    from->row = to->row = *nowhere;
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
