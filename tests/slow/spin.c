/*
** spin.c -- a "slower machine" for the kit's tests: preloaded into every
** process, its constructor burns SPIN_MS milliseconds of CPU time (60 by
** default, about what starting an ASan program costs on a slow machine)
** before main().  CPU time, not sleep: the grader's CPU limits must feel
** it, as they would on a slower processor.  See tests/slow/README.md.
*/
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <time.h>

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__attribute__((constructor)) static void spin(void)
{
    volatile unsigned long sink = 0;
    double until = cpu_ms() + SPIN_MS;
    while (cpu_ms() < until)
        for (int i = 0; i < 1000; i++)
            sink += (unsigned long)i;
}
