/* fork.c -- a greedy bot that forks a bomb: every process forking
** without end, and spinning when the sandbox's process limit refuses.
**   fork        (no argument) at Init, a child detaches (setsid), spins
**               until it has spent BOMB_CPU seconds of CPU, tells the bot
**               so through a pipe and turns into the bomb in the
**               background while the bot goes on playing legal moves: the
**               other bot plays while the bomb runs, the bomb's CPU time
**               is charged to this bot -- at least BOMB_CPU, however the
**               machine's load shares the cores out, since the first
**               YourMove waits for the child's word -- and the end of the
**               game kills its whole tree;
**   fork now    the bomb in YourMove, in the foreground: the call passes
**               its CPU limit (verdict "timeout"). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/greedy.h"

/* CPU seconds the background bomb spends for sure before the first move. */
#define BOMB_CPU 0.3

static int now;
static int spent = -1;      /* read end of the child's pipe; -1: none */

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

/* Spins until this process has spent `seconds` of CPU. */
static void spend(double seconds)
{
    struct timespec t;

    do
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    while (t.tv_sec + t.tv_nsec / 1e9 < seconds);
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    int fd[2];

    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
    if (now || pipe(fd) != 0)
        return;
    if (fork() == 0) {
        setsid();
        close(fd[0]);
        spend(BOMB_CPU);
        (void)!write(fd[1], "", 1);
        close(fd[1]);
        bomb();
    }
    close(fd[1]);
    spent = fd[0];
}

void YourMove(Position *from, Position *to)
{
    char byte;

    if (now)
        bomb();
    if (spent >= 0) {
        (void)!read(spent, &byte, 1);
        close(spent);
        spent = -1;
    }
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
