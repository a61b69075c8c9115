/*
** sandbox-exec.c -- the first program inside a bubblewrap sandbox: runs
** the job's command in a clean environment and reports how it ended.
**
** usage: sandbox-exec [--no-fork] [--exec-once] [--no-aslr] STATUS_FD N ENV_1 ... ENV_N PROGRAM ARG...
**        sandbox-exec --serve SOCKET_FD
**
** One-shot mode (the first form, one sandbox per job).  bubblewrap
** reports a command killed by signal S as exit status 128+S, so a program
** that calls exit(139) would look like a segmentation fault.  This helper
** runs inside the sandbox as the command's parent: it forks, the child
** (with --no-fork, after installing the filter of
** grader/sandbox/sandbox_nofork.h: the program may make threads but no
** process, which only the helper can arrange, bubblewrap forking itself;
** with --exec-once, from the filter of grader/sandbox/sandbox_execonce.h:
** PROGRAM may exec nothing itself; with --no-aslr, with address-space
** randomisation off, as `setarch -R` would) execs PROGRAM (found on the
** PATH of the new environment) with exactly
** ENV_1..ENV_N, and the parent waits for it and writes its raw wait
** status, one int, to STATUS_FD -- a pipe whose other end the grader's
** supervisor reads (grader/sandbox/sandbox_super.c).  Then it ends as the command
** did, so bubblewrap's own exit status stays what it was without the
** helper.  (It also replaces `env -i`, which was there to drop the PWD
** variable bubblewrap always adds.)
**
** Server mode (the second form, a sandbox session: many jobs in one
** sandbox) is in serve.c: the grader sends each job over SOCKET_FD and
** the helper runs it, kills and reaps everything it left, cleans up and
** answers with the program's wait status and the resources used.
**
** In both modes bubblewrap runs it with --as-pid-1, in place of its own
** reaper, so the sandbox has no more processes than before: the helper is
** the init of the sandbox's pid namespace.  That also makes it safe from
** the program: the kernel drops every signal sent to a namespace's init
** from inside it unless the init handles that signal, and the helper
** handles none, so neither kill(getppid(), SIGKILL) nor kill(-1, SIGKILL)
** can silence it.  As init it reaps every orphan while it waits; when it
** exits, the kernel kills whatever is left in the sandbox.  It is not
** dumpable, so the program cannot reach its descriptors through /proc
** nor trace it.  Built static: no loader, no library paths needed inside
** the sandbox, and cheap to start.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec.h"
#include "../sandbox/sandbox_nofork.h"
#include "../sandbox/sandbox_nokeys.h"

/* Parses a small non-negative number; -1 when `s` is not one. */
static int number(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    return (*s && !*end && v >= 0 && v < 100000) ? (int)v : -1;
}

/* The one-shot mode: fork, run (with no fork of its own when `no_fork`,
** no exec of its own when `exec_once`), report the status, end as the
** command. */
static int run_once(int status_fd, int no_fork, int exec_once, int no_aslr, char **env, int nenv,
                    char **argv)
{
    pid_t pid = fork();
    if (pid < 0) {
        perror("sandbox-exec: fork");
        return 127;
    }
    if (pid == 0) {
        close(status_fd);
        if (no_fork && sbx_forbid_fork() != 0) {
            perror("sandbox-exec: seccomp");
            _exit(127);
        }
        if (sbx_forbid_keys() != 0) {
            perror("sandbox-exec: seccomp (keys)");
            _exit(127);
        }
        if (no_aslr && personality(ADDR_NO_RANDOMIZE) == -1) {
            perror("sandbox-exec: personality");
            _exit(127);
        }
        exec_program(env, (size_t)nenv, argv, exec_once);
    }
    int status;
    for (;;) {
        pid_t done = wait(&status);
        if (done == pid)
            break;
        if (done < 0 && errno != EINTR)
            return 127;
    }
    /* Nothing to do if this fails: the grader falls back on bwrap's. */
    (void)!write(status_fd, &status, sizeof status);
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    /* As a namespace's init it cannot die of its own signal: end as
    ** bubblewrap would have reported the program. */
    return 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
    (void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    if (argc == 3 && strcmp(argv[1], "--serve") == 0 && number(argv[2]) >= 0)
        return serve(number(argv[2]));
    int no_fork = argc > 1 && strcmp(argv[1], "--no-fork") == 0;
    argc -= no_fork;
    argv += no_fork;
    int exec_once = argc > 1 && strcmp(argv[1], "--exec-once") == 0;
    argc -= exec_once;
    argv += exec_once;
    int no_aslr = argc > 1 && strcmp(argv[1], "--no-aslr") == 0;
    argc -= no_aslr;
    argv += no_aslr;
    int fd = argc > 2 ? number(argv[1]) : -1;
    int nenv = argc > 2 ? number(argv[2]) : -1;
    if (fd < 0 || nenv < 0 || 3 + nenv >= argc) {
        fprintf(stderr, "usage: sandbox-exec [--no-fork] [--exec-once] [--no-aslr] STATUS_FD N ENV... PROGRAM ARG...\n"
                        "       sandbox-exec --serve SOCKET_FD\n");
        return 127;
    }
    return run_once(fd, no_fork, exec_once, no_aslr, argv + 3, nenv, argv + 3 + nenv);
}
