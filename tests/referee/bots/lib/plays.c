/* plays.c -- the challenge's four functions as the greedy bot plays them
** (greedy.h), each weak: a test bot linked with tests/referee/bots/lib/
** defines only the calls it misbehaves in, and plays the others
** legally. */
#include "greedy.h"

__attribute__((weak)) void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6],
                                               long yourIndex)
{
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
}

__attribute__((weak)) void YourMove(Position *from, Position *to)
{
    greedy_move(from, to);
}

__attribute__((weak)) void OpponentMove(long opponent, Position from, Position to)
{
    greedy_opponent(opponent, from, to);
}

__attribute__((weak)) void TermChineseCheckers(void)
{
    greedy_term();
}
