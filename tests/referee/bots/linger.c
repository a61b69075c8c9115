/* linger.c -- a greedy bot that keeps running after it has answered
** TermChineseCheckers: its exit handler sleeps 0.5 s, then leaves a file
** named "lingered" in the folder given as its first argument (read from
** /proc/self/cmdline: the four functions see no argv).  The referee owes
** it no time after Term and stops it at once, so the file never appears;
** a referee that gave a finished bot a grace of a second before killing
** it let every game wait for it.  The file can only be seen where the
** sandbox shares the file system (GRADER_SANDBOX=rlimits), which is how
** tests/referee/referee.test.sh plays it. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/greedy.h"

static void linger(void)
{
    char args[4096] = "", path[4200];
    struct timespec t = {0, 500000000};
    int fd = open("/proc/self/cmdline", O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, args, sizeof args - 1) : -1;

    if (n <= 0 || strlen(args) + 1 >= (size_t)n)
        return;             /* no folder named: nothing to leave */
    while (nanosleep(&t, &t) != 0)
        ;
    snprintf(path, sizeof path, "%s/lingered", args + strlen(args) + 1);
    close(open(path, O_WRONLY | O_CREAT, 0666));
}

void TermChineseCheckers(void)
{
    greedy_term();
    atexit(linger);
}
