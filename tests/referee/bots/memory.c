/* memory.c -- a bot that allocates without limit in YourMove, touching
** every page, and writes through the null pointer malloc() gives at the
** end: the sandbox's memory cap stops it (verdict "memory"). */
#include <stdlib.h>
#include <string.h>

typedef struct Position { long row; long col; } Position;

#define CHUNK (1 << 20)

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
}

void YourMove(Position *from, Position *to)
{
    (void)from, (void)to;
    for (;;)
        memset(malloc(CHUNK), 1, CHUNK);
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
