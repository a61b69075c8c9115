/*
** slow.c -- HOSTILE TEST FIXTURE for the kit's grader: a correct game
** that thinks for half a second before reading each move, without using
** any CPU.  Only a wall-clock limit stops it: long sessions must end in
** "timeout", and grading must not wait for them indefinitely.
*/
#define _GNU_SOURCE

#include <time.h>

void think(void)
{
    struct timespec half_second = {0, 500000000L};

    nanosleep(&half_second, NULL);
}
