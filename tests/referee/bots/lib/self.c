/* self.c -- a bot's own pids and token (self.h). */
#define _POSIX_C_SOURCE 200809L
#include "self.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The parent of pid, or 0 when its stat cannot be read.  The command
** name in parentheses may hold spaces: the fields after the last ')'. */
static long parent_of(long pid)
{
    char path[64], buf[512];
    long parent = 0;

    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    char *close_paren = f && fgets(buf, sizeof buf, f) ? strrchr(buf, ')') : NULL;
    if (!close_paren || sscanf(close_paren, ") %*c %ld", &parent) != 1)
        parent = 0;
    if (f)
        fclose(f);
    return parent;
}

int self_or_ancestor(long pid)
{
    for (long p = getpid(); p > 0; p = parent_of(p))
        if (p == pid)
            return 1;
    return 0;
}

void self_token(char *buf, unsigned long size)
{
    struct timespec t;

    clock_gettime(CLOCK_REALTIME, &t);
    snprintf(buf, size, "%ld-%ld-%p", (long)t.tv_nsec, (long)getpid(), (void *)&t);
}

void self_report(const char *who, int found, void (*clean_up)(void))
{
    if (!found)
        return;
    fprintf(stderr, "%s: found %d\n", who, found);
    if (clean_up)
        clean_up();
    exit(100 + found);
}
