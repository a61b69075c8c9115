/* exit_in_opponent.c -- a greedy bot that exits, status 0, the first time
** it is told of an opponent's move, without replying. */
#include <stdlib.h>

#include "lib/greedy.h"

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    greedy_move(from, to);
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
    exit(0);
}

void TermChineseCheckers(void)
{
    greedy_term();
}
