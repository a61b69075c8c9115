/* launder.c -- a greedy bot that hides the CPU time of its moves: in
** YourMove it ignores SIGCHLD and burns 1.5 s of CPU in a chain of
** children of 40 ms each, one after another, waiting for each on a pipe
** without using CPU itself; the kernel reaps them, so no rusage of anyone
** counts them, and a child lives too short a time for a reading of /proc
** to see much of it.  Then it plays the greedy move.  The sandbox must
** charge it the chain's CPU, exactly as it charges test-spin, which burns
** it in its own process: out for timeout ("CPU time") on its first move
** under a call limit below 1.5 s.
** The work is measured by CPU clocks, not loop counts: the same on any
** machine. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "lib/greedy.h"

#define MOVE_US (1500 * 1000LL)
#define LINK_US (40 * 1000LL)

static long long cpu_us(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* One link: a child that burns LINK_US of its own CPU and exits; the bot
** waits for the end of file of the pipe the child holds, using no CPU,
** and the kernel reaps the child. */
static int one_link(void)
{
    int p[2];
    char c;

    if (pipe(p) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        volatile unsigned long n = 0;
        close(p[0]);
        while (cpu_us() < LINK_US)
            n++;
        _exit(0);
    }
    close(p[1]);
    while (pid > 0 && read(p[0], &c, 1) > 0)
        ;
    close(p[0]);
    return pid > 0 ? 0 : -1;
}

static void launder(void)
{
    signal(SIGCHLD, SIG_IGN);
    for (long long done = 0; done < MOVE_US; done += LINK_US)
        if (one_link() != 0)
            return;
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    launder();
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
