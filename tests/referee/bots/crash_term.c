/* crash_term.c -- a greedy bot that plays a whole game, then dies of
** SIGABRT in TermChineseCheckers: a verdict like any other, so it is out
** of the game it played, whatever its result was. */
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
    greedy_opponent(opponent, from, to);
}

void TermChineseCheckers(void)
{
    greedy_term();
    abort();
}
