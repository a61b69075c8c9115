/* fork.c -- a bot that forks: at Init a child that detaches (setsid) and
** sleeps on, meant to outlive the bot; in YourMove a fork bomb, every
** process forking without end.  The sandbox's process limit stops the
** bomb, the call's CPU limit puts the bot out, and the end of the game
** kills its whole tree, the detached child included. */
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>

typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
    if (fork() == 0) {
        setsid();
        for (;;)
            pause();
    }
}

void YourMove(Position *from, Position *to)
{
    (void)from, (void)to;
    for (;;)
        fork();
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
