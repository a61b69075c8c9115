/*
** stderr_flood.c -- HOSTILE TEST FIXTURE for the kit's grader: writes
** 64 MiB of noise to standard error, then plays a normal game on standard
** output.  The grader's cap applies to each stream, so the sessions must
** end in "output limit" although standard output would be right.
*/
#define _GNU_SOURCE

#include <stdio.h>

void flood_stderr(void)
{
    static const char line[] = "debug: checking move 9 3 10 4 ... ok\n";
    size_t written = 0;

    while (written < ((size_t)64 << 20)) {
        if (fputs(line, stderr) == EOF)
            break;
        written += sizeof line - 1;
    }
}
