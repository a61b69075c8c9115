/*
** launder.c -- programs that hide their CPU time in children the kernel
** reaps, for the sandbox's accounting tests (tests/sandbox/cpu.c):
** "launder ACTION [ARG...]".
**
**   chain MS LINK   ignores SIGCHLD, then burns MS milliseconds of CPU in
**                   a chain of children, one after another, each burning
**                   LINK ms of its own and exiting while the program
**                   waits for it on a pipe, using no CPU: the kernel reaps
**                   each (its parent ignores SIGCHLD), so no rusage of
**                   anyone counts it.  Prints "total_us=N": the sum of the
**                   links' own CPU clocks, the CPU the chain really used.
**   serve           a conversation: for each line "MS" on stdin, a chain
**                   of MS ms in 20 ms links, then a "total_us=N" line.
**   fork            one fork(): exit 0 when it worked, else 3 with the
**                   error on stderr (the no-fork fallback says EPERM).
**   thread          burns 50 ms in a thread, joins it, exits 0: threads
**                   are allowed even where processes are not.
**
** The CPU burnt is measured by CPU clocks, never by loop counts, so the
** tests hold on a machine of any speed.  Further arguments (the tests'
** marker) are ignored.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long clock_us(clockid_t clock)
{
    struct timespec ts;

    clock_gettime(clock, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Spins until `clock` has advanced by `us` microseconds. */
static void burn(clockid_t clock, long long us)
{
    long long until = clock_us(clock) + us;
    volatile unsigned long n = 0;

    while (clock_us(clock) < until)
        n++;
}

/* One link: a child that burns `link_us` and tells its own CPU clock on
** a pipe, which reaches EOF when it exits; its clock, or -1. */
static long long one_link(long long link_us)
{
    int p[2];
    long long used = -1;

    if (pipe(p) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        burn(CLOCK_PROCESS_CPUTIME_ID, link_us);
        used = clock_us(CLOCK_PROCESS_CPUTIME_ID);
        (void)!write(p[1], &used, sizeof used);
        _exit(0);
    }
    close(p[1]);
    if (pid < 0 || read(p[0], &used, sizeof used) != (ssize_t)sizeof used)
        used = -1;
    char end;
    while (pid > 0 && read(p[0], &end, 1) > 0)
        ;   /* EOF: the link is gone */
    close(p[0]);
    return used;
}

/* The chain (see the top); returns the total in microseconds, or -1. */
static long long chain(long long total_us, long long link_us)
{
    long long sum = 0;

    if (signal(SIGCHLD, SIG_IGN) == SIG_ERR)
        return -1;
    while (sum < total_us) {
        long long used = one_link(link_us);
        if (used < 0)
            return -1;
        sum += used;
    }
    return sum;
}

static int do_chain(char **argv)
{
    long long sum = chain(atoll(argv[0]) * 1000, atoll(argv[1]) * 1000);

    if (sum < 0)
        return 1;
    printf("total_us=%lld\n", sum);
    return 0;
}

static int do_serve(char **argv)
{
    char line[64];

    (void)argv;
    while (fgets(line, sizeof line, stdin)) {
        long long sum = chain(atoll(line) * 1000, 20 * 1000);
        if (sum < 0)
            return 1;
        printf("total_us=%lld\n", sum);
        fflush(stdout);
    }
    return 0;
}

static int do_fork(char **argv)
{
    (void)argv;
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "fork: %s\n", strerror(errno));
        return 3;
    }
    if (pid == 0)
        _exit(0);
    return waitpid(pid, NULL, 0) == pid ? 0 : 1;
}

static void *burn_50ms(void *arg)
{
    (void)arg;
    burn(CLOCK_THREAD_CPUTIME_ID, 50 * 1000);
    return NULL;
}

static int do_thread(char **argv)
{
    pthread_t t;

    (void)argv;
    if (pthread_create(&t, NULL, burn_50ms, NULL) != 0)
        return 4;
    return pthread_join(t, NULL) == 0 ? 0 : 5;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int args; int (*run)(char **); } acts[] = {
        { "chain", 2, do_chain }, { "serve", 0, do_serve },
        { "fork", 0, do_fork }, { "thread", 0, do_thread },
    };

    setvbuf(stdout, NULL, _IONBF, 0);
    for (size_t i = 0; argc > 1 && i < sizeof acts / sizeof acts[0]; i++)
        if (strcmp(argv[1], acts[i].name) == 0 && argc >= 2 + acts[i].args)
            return acts[i].run(argv + 2);
    fprintf(stderr, "usage: launder chain MS LINK | serve | fork | thread\n");
    return 2;
}
