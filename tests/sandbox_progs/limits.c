/*
** limits.c -- programs that run into the sandbox's limits, for
** the sandbox tests (tests/sandbox/): "limits ACTION [ARG]".
**
**   spin          burn CPU forever
**   sleep         sleep forever, using no CPU
**   forks N       fork up to N children that just pause, print how many
**                 forks succeeded, exit 0 (leaving the children behind)
**   bomb          fork forever, every process spinning
**   hog MODE      allocate and touch 1 MiB blocks until malloc fails; then
**                 MODE "crash" writes through the null pointer, MODE
**                 "report" prints "out of memory" and exits 1
**   flood FD      write to fd 1 or 2 forever
**   trickle       write one byte to stdout every 10 ms, forever
**   bigfile       write a file in the cwd until it can't (RLIMIT_FSIZE)
**   touch MIB     allocate and touch MIB MiB, then exit 3 saying nothing,
**                 as a runtime that keeps its own memory cap (ASan) would
**   hold MIB      allocate and touch MIB MiB in a child process, then both
**                 sleep forever (the sandbox's memory watch must add up
**                 the tree)
**
** Any further arguments (the tests pass a marker) are ignored, but stay in
** /proc/PID/cmdline of every process forked from here, which is how the
** tests find survivors.
*/
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int do_spin(const char *arg)
{
    volatile unsigned long n = 0;

    (void)arg;
    for (;;)
        n++;
    return 0;   /* not reached */
}

static int do_sleep(const char *arg)
{
    (void)arg;
    for (;;)
        pause();
    return 0;   /* not reached */
}

static int do_forks(const char *arg)
{
    int want = arg ? atoi(arg) : 10, made = 0;

    for (; made < want; made++) {
        pid_t pid = fork();
        if (pid < 0)
            break;
        if (pid == 0)
            for (;;)
                pause();
    }
    printf("forks=%d\n", made);
    return 0;
}

static int do_bomb(const char *arg)
{
    (void)arg;
    for (;;)
        (void)fork();   /* failures are expected: keep trying */
    return 0;   /* not reached */
}

static int do_hog(const char *mode)
{
    const size_t block = (size_t)1 << 20;

    for (;;) {
        char *p = malloc(block);
        if (!p && mode && strcmp(mode, "report") == 0) {
            fprintf(stderr, "hog: out of memory\n");
            return 1;
        }
        if (!p) {
            volatile char *null = p;
            null[0] = 1;   /* a careless program's crash */
        }
        memset(p, 1, block);
    }
}

static int do_flood(const char *arg)
{
    static char line[4096];
    int fd = arg ? atoi(arg) : 1;

    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (;;)
        if (write(fd, line, sizeof line) < 0)
            return 1;
}

static int do_trickle(const char *arg)
{
    (void)arg;
    for (;;)
        if (write(1, ".", 1) != 1 || usleep(10000) != 0)
            return 1;
    return 0;   /* not reached */
}

static int do_touch(const char *arg)
{
    size_t bytes = (size_t)(arg ? atoi(arg) : 1) << 20;
    volatile char *p = malloc(bytes);   /* volatile: every page is touched */

    for (size_t i = 0; p && i < bytes; i += 4096)
        p[i] = 1;
    return 3;
}

static int do_hold(const char *arg)
{
    if (fork() == 0)
        (void)do_touch(arg);
    for (;;)
        pause();
    return 0;   /* not reached */
}

static int do_bigfile(const char *arg)
{
    static char chunk[65536];
    int fd = open("big.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);

    (void)arg;
    if (fd < 0)
        return 3;
    for (;;)
        if (write(fd, chunk, sizeof chunk) < 0)
            return 4;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int (*run)(const char *); } acts[] = {
        { "spin", do_spin }, { "sleep", do_sleep }, { "forks", do_forks },
        { "bomb", do_bomb }, { "hog", do_hog }, { "flood", do_flood },
        { "trickle", do_trickle }, { "bigfile", do_bigfile }, { "touch", do_touch },
        { "hold", do_hold },
    };

    setvbuf(stdout, NULL, _IONBF, 0);
    for (size_t i = 0; argc > 1 && i < sizeof acts / sizeof acts[0]; i++)
        if (strcmp(argv[1], acts[i].name) == 0)
            return acts[i].run(argc > 2 ? argv[2] : NULL);
    fprintf(stderr, "usage: limits ACTION [ARG]\n");
    return 2;
}
