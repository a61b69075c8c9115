/*
** spin.c -- HOSTILE TEST FIXTURE for the kit's grader: a program that never
** gets going.  spin() burns CPU without printing anything, so every
** session must end in the grader's time limit.  If a human runs it by
** mistake it gives up on its own after two minutes.
*/
#define _GNU_SOURCE

#include <time.h>

void spin(void)
{
    volatile unsigned long turns = 0;
    time_t give_up = time(NULL) + 120;

    while (time(NULL) < give_up)
        turns++;
}
