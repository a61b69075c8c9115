/* sleeper.c -- a greedy bot that sleeps 1.4 s in every call, just under
** the wall-clock limit of a call when a call may use 0.2 s of CPU (3 x 0.2
** + 1 = 1.6 s: grader/referee/player_process.h).  It uses no CPU, so no
** CPU limit stops it; without a wall budget for the whole game it would
** hold every game it plays until its turn cap.  tests/referee/
** referee.test.sh plays it with --call-cpu 0.2 --game-cpu 0.3: its calls
** may take 3 x 0.3 + 1 = 1.9 s in all, so it is out (timeout) in its
** second call. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "lib/greedy.h"

static void doze(void)
{
    struct timespec t = {1, 400000000};

    while (nanosleep(&t, &t) != 0)
        ;
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    doze();
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    doze();
    greedy_move(from, to);
}

void OpponentMove(long opponent, Position from, Position to)
{
    doze();
    greedy_opponent(opponent, from, to);
}
