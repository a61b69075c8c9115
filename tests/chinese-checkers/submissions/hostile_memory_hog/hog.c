/*
** hog.c -- HOSTILE TEST FIXTURE for the kit's grader: a memory hog.
**
** hog() allocates and touches 1 GiB, 64 MiB at a time.  Under the grader's
** memory limit an allocation fails first, and the program then exits
** with status 3 without printing anything, so its sessions fail.  Only a
** grader with no memory limit lets it through to play a normal game.
** Everything is freed before the game starts, and 1 GiB is the most it
** ever asks for, so running it by mistake is harmless on most machines.
*/
#define _GNU_SOURCE

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK ((size_t)64 << 20)
#define CHUNKS 16

void hog(void)
{
    static char *chunk[CHUNKS];
    int i;

    for (i = 0; i < CHUNKS; i++) {
        chunk[i] = malloc(CHUNK);
        if (chunk[i] == NULL) {
            fprintf(stderr, "hog: out of memory after %d MiB\n", i * 64);
            exit(3);
        }
        memset(chunk[i], 0x5a, CHUNK);
    }
    for (i = 0; i < CHUNKS; i++)
        free(chunk[i]);
}
