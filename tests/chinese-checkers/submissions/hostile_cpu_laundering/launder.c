/*
** launder.c -- HOSTILE TEST FIXTURE for the kit's grader: a program that
** hides its CPU time.  Before main() starts its work, launder() ignores
** SIGCHLD and burns a little more CPU than the run's limit (RLIMIT_CPU,
** plus 0.3 s) in a chain of children of 40 ms each, one after another,
** waiting for each on a pipe without using CPU itself: the kernel reaps
** them, so no rusage of anyone counts them, and each starts with a fresh
** RLIMIT_CPU.  Then the program plays as the correct one does.  The grader must count the chain and give every run
** the CPU verdict ("timeout").  The CPU is measured by CPU clocks, not
** loop counts; with no CPU limit (a human running it) it burns 0.5 s.
*/
#define _GNU_SOURCE

#include <signal.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define LINK_US (40 * 1000LL)

static long long cpu_us(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static long long budget_us(void)
{
    struct rlimit rl;

    if (getrlimit(RLIMIT_CPU, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 60)
        return 500 * 1000LL;
    return (long long)rl.rlim_cur * 1000000 + 300 * 1000LL;
}

/* One link: a child that burns LINK_US of its own CPU and exits, while
** the program waits for the end of file of the pipe the child holds. */
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

void launder(void)
{
    long long budget = budget_us();

    signal(SIGCHLD, SIG_IGN);
    for (long long done = 0; done < budget; done += LINK_US)
        if (one_link() != 0)
            break;
    signal(SIGCHLD, SIG_DFL);
}
