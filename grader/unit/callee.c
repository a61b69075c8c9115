/*
** callee.c -- callee_call() (callee.h), in-process for now: the thunk
** runs in the worker itself, as the required functions always have.  The
** API is the one the separate callee process will serve, so that the
** assignments' forward.c can be written against it; until then the
** worker still holds the nonce while student code runs (graded_test.h,
** THREAT MODEL).
**
** #included by graded_test.c, so every build of the harness gets it.
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <criterion/criterion.h>
#include <time.h>

#include "callee.h"

static double callee_cpu_of_last_call;

/* This process's CPU time, all threads, in seconds. */
static double callee_process_cpu(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void callee_call(const char *name, void (*fn)(void *args), void *args, size_t size,
                 double cpu_limit)
{
    (void)cpu_limit;
    if (size > CALLEE_ARGS_MAX)
        cr_assert_fail("%s: its arguments take %zu bytes, more than the %zu a call may carry",
                       name, size, CALLEE_ARGS_MAX);
    double start = callee_process_cpu();
    fn(args);
    callee_cpu_of_last_call = callee_process_cpu() - start;
}

double callee_last_cpu(void)
{
    return callee_cpu_of_last_call;
}
