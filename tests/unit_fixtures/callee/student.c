/*
** student.c -- the submission of the callee's self-test (calls.h): each
** function does what its comment in calls.h says.  forge() is the attack
** of tests/chinese-checkers/submissions/hostile_unit_reads_nonce.
*/
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "calls.h"
#include "../../chinese-checkers/submissions/hostile_unit_reads_nonce/reads_nonce.c"

int add(int a, int b)
{
    return a + b;
}

void say(const char *text)
{
    printf("%s\n", text);
}

int spin(void)
{
    volatile unsigned long n = 0;

    for (;;)
        n++;
    return (int)n;
}

int nap(void)
{
    for (;;)
        pause();
    return 0;
}

int doze(void)
{
    return nap();
}

int crash(void)
{
    volatile int *nowhere = NULL;

    return *nowhere;
}

int quit(void)
{
    exit(0);
}

static void *forever(void *unused)
{
    (void)unused;
    for (;;)
        pause();
    return NULL;
}

int linger(void)
{
    pthread_t thread;

    return pthread_create(&thread, NULL, forever, NULL) == 0;
}

int forge(void)
{
    unit_reads_nonce();
    return 0;
}

/* What the callee's own filter (grader/unit/callee_filter.c) refuses,
** each tried on the worker, the callee's parent; signal 0 only asks
** whether a signal could be sent. */
int reach(void)
{
    long params[32] = {0};      /* struct io_uring_params: 120 bytes, zeroed */
    pid_t worker = getppid();
    int got = 0;

    got |= prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0) == 0 ? 1 : 0;
    got |= kill(worker, 0) == 0 ? 2 : 0;
    got |= syscall(SYS_tgkill, worker, worker, 0) == 0 ? 4 : 0;
    got |= syscall(SYS_pidfd_open, worker, 0) >= 0 ? 8 : 0;
    got |= fcntl(STDIN_FILENO, F_SETOWN, worker) == 0 ? 16 : 0;
    got |= unshare(CLONE_NEWUSER) == 0 ? 32 : 0;
    got |= syscall(SYS_io_uring_setup, 1, params) >= 0 ? 64 : 0;
    return got;
}
