/*
** sandbox-exec.c -- the first program inside a bubblewrap sandbox: runs
** the job's command in a clean environment and reports how it ended.
**
** usage: sandbox-exec STATUS_FD N ENV_1 ... ENV_N PROGRAM ARG...
**
** bubblewrap reports a command killed by signal S as exit status 128+S,
** so a program that calls exit(139) would look like a segmentation
** fault.  This helper runs inside the sandbox as the command's parent:
** it forks, the child execs PROGRAM (found on the PATH of the new
** environment) with exactly ENV_1..ENV_N, and the parent waits for it and
** writes its raw wait status, one int, to STATUS_FD -- a pipe whose other
** end the grader's supervisor reads (grader/sandbox_super.c).  Then it
** ends as the command did, so bubblewrap's own exit status stays what it
** was without the helper.  (It also replaces `env -i`, which was there to
** drop the PWD variable bubblewrap always adds.)
**
** bubblewrap runs it with --as-pid-1, in place of its own reaper, so the
** sandbox has no more processes than before: the helper is the init of
** the sandbox's pid namespace.  That also makes it safe from the program:
** the kernel drops every signal sent to a namespace's init from inside
** it, so neither kill(getppid(), SIGKILL) nor kill(-1, SIGKILL) can
** silence it.  As init it reaps every orphan while it waits; once the
** program has ended it exits, and the kernel kills whatever the program
** left behind.  It is not dumpable, so the program cannot reach its
** descriptors through /proc.  Built static: no loader, no library paths
** needed inside the sandbox, and cheap to start.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Parses a small non-negative number; -1 when `s` is not one. */
static int number(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    return (*s && !*end && v >= 0 && v < 100000) ? (int)v : -1;
}

/* The child: the new environment, then the program.  Exit 127 when it
** cannot be found, 126 when it cannot be run, as a shell would. */
static void run(char **env, int nenv, char **argv, int status_fd)
{
    char **copy = calloc((size_t)nenv + 1, sizeof *copy);
    if (!copy)
        _exit(127);
    memcpy(copy, env, (size_t)nenv * sizeof *copy);
    environ = copy;
    close(status_fd);
    execvp(argv[0], argv);
    int err = errno;
    fprintf(stderr, "sandbox-exec: cannot run %s: %s\n", argv[0], strerror(err));
    _exit(err == ENOENT ? 127 : 126);
}

int main(int argc, char **argv)
{
    int fd = argc > 2 ? number(argv[1]) : -1;
    int nenv = argc > 2 ? number(argv[2]) : -1;
    if (fd < 0 || nenv < 0 || 3 + nenv >= argc) {
        fprintf(stderr, "usage: sandbox-exec STATUS_FD N ENV... PROGRAM ARG...\n");
        return 127;
    }
    (void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("sandbox-exec: fork");
        return 127;
    }
    if (pid == 0)
        run(argv + 3, nenv, argv + 3 + nenv, fd);
    int status;
    for (;;) {
        pid_t done = wait(&status);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            return 127;
    }
    /* Nothing to do if this fails: the grader falls back on bwrap's. */
    (void)!write(fd, &status, sizeof status);
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    /* As a namespace's init it cannot die of its own signal: end as
    ** bubblewrap would have reported the program. */
    return 128 + WTERMSIG(status);
}
