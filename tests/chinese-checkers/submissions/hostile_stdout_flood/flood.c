/*
** flood.c -- HOSTILE TEST FIXTURE for the kit's grader: floods standard
** output with 64 MiB of prompts and error messages, then exits without
** playing.  The grader must stop reading at its output cap and report
** "output limit" rather than store it all.
*/
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>

void flood(void)
{
    static const char line[] = "RED's move:  INVALID MOVE.  TRY AGAIN!!\n";
    size_t written = 0;

    while (written < ((size_t)64 << 20)) {
        if (fputs(line, stdout) == EOF)
            break;
        written += sizeof line - 1;
    }
    exit(0);
}
