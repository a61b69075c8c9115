/*
** student.c -- the submission of the callee's self-test (calls.h): each
** function does what its comment in calls.h says.  forge() is the attack
** of tests/chinese-checkers/submissions/hostile_unit_reads_nonce.
*/
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
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
