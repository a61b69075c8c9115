/*
** converse.c -- line-by-line programs for the conversation tests
** (tests/sandbox/conv.c): "converse ACTION [ARG]".  Each reads requests,
** one a line, from stdin and answers each with one line on stdout,
** flushed, until EOF, then exits 0 -- unless ACTION says otherwise.
**
**   echo          answer each line with itself
**   spin MS       burn MS ms of its own CPU time, then answer
**   forkspin MS   fork a child that burns MS ms and exits; reap it, answer
**   childspin MS  fork a child that burns MS ms and then sleeps for good
**                 (alive, unreaped); answer once it has burnt them
**   id            answer "uid=N" with the real uid
**   once          answer the first line, then exit 0
**   deaf          never read; sleep forever
**   flood         never read; write to stdout forever
**
** Any further arguments (the tests pass a marker) are ignored, but stay in
** /proc/PID/cmdline of every process forked from here, which is how the
** tests find survivors.  Exit status 2: bad usage; 1: a system call
** failed.
*/
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Burns `ms` milliseconds of this process's CPU time (not wall time: the
** machine may be busy). */
static void burn(long ms)
{
    struct timespec t0, t;
    volatile unsigned long n = 0;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    do {
        for (int i = 0; i < 10000; i++)
            n++;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while ((t.tv_sec - t0.tv_sec) * 1000L + (t.tv_nsec - t0.tv_nsec) / 1000000L < ms);
}

static int answer(const char *text)
{
    return printf("%s\n", text) < 0 || fflush(stdout) != 0 ? -1 : 0;
}

static int fork_burner(long ms, int stay)
{
    int p[2];
    char c;
    pid_t pid;

    if (pipe(p) != 0 || (pid = fork()) < 0)
        return -1;
    if (pid == 0) {
        burn(ms);
        if (!stay)
            _exit(0);
        if (write(p[1], "x", 1) != 1)
            _exit(1);
        for (;;)
            pause();
    }
    close(p[1]);
    if (stay ? read(p[0], &c, 1) != 1 : waitpid(pid, NULL, 0) != pid)
        return -1;
    close(p[0]);
    return 0;
}

/* Answers each line as `action` says; 0 at EOF, -1 on a failure. */
static int serve(const char *action, long ms)
{
    char line[4096], uid[32];

    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(action, "spin") == 0)
            burn(ms);
        if ((strcmp(action, "forkspin") == 0 || strcmp(action, "childspin") == 0)
            && fork_burner(ms, action[0] == 'c') != 0)
            return -1;
        snprintf(uid, sizeof uid, "uid=%d", (int)getuid());
        if (answer(strcmp(action, "id") == 0 ? uid : line) != 0)
            return -1;
        if (strcmp(action, "once") == 0)
            return 0;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const char *const servers[] = { "echo", "spin", "forkspin", "childspin", "id",
                                           "once", NULL };
    const char *action = argc > 1 ? argv[1] : "";
    long ms = argc > 2 ? atol(argv[2]) : 0;

    if (strcmp(action, "deaf") == 0)
        for (;;)
            pause();
    if (strcmp(action, "flood") == 0) {
        static char junk[65536];
        memset(junk, 'x', sizeof junk);
        for (;;)
            if (write(1, junk, sizeof junk) < 0)
                return 1;
    }
    for (size_t i = 0; servers[i]; i++)
        if (strcmp(action, servers[i]) == 0)
            return serve(action, ms) == 0 ? 0 : 1;
    fprintf(stderr, "usage: converse ACTION [ARG]\n");
    return 2;
}
