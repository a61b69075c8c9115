/* flood.c -- a bot that prints without end on standard output (which the
** driver sends to its stderr, capped by the sandbox). */
#include <stdio.h>

typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
}

void YourMove(Position *from, Position *to)
{
    for (;;)
        printf("%ld %ld %ld %ld\n", from->row, from->col, to->row, to->col);
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
