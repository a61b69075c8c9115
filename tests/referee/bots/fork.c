/* fork.c -- a greedy bot that forks a bomb: every process forking
** without end, and spinning when the sandbox's process limit refuses.
**   fork        (no argument) at Init, a child detaches (setsid) and
**               turns into the bomb in the background while the bot goes
**               on playing legal moves: the other bot plays while the bomb
**               runs, the bomb's CPU time is charged to this bot, and the
**               end of the game kills its whole tree;
**   fork now    the bomb in YourMove, in the foreground: the call passes
**               its CPU limit (verdict "timeout"). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <unistd.h>

#include "lib/greedy.h"

static int now;

void bot_arguments(int argc, char **argv);

void bot_arguments(int argc, char **argv)
{
    now = argc > 1 && strcmp(argv[1], "now") == 0;
}

static void bomb(void)
{
    for (;;)
        fork();
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
    if (!now && fork() == 0) {
        setsid();
        bomb();
    }
}

void YourMove(Position *from, Position *to)
{
    if (now)
        bomb();
    greedy_move(from, to);
}

void OpponentMove(long opponent, Position from, Position to)
{
    greedy_opponent(opponent, from, to);
}

void TermChineseCheckers(void)
{
    greedy_term();
}
