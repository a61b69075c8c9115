/*
** exec_program.c -- the last step of every job, one-shot or served: the
** program replaces the helper's process with exactly the job's
** environment.  It sits in a file of its own so that the helper's files
** use each other in a line (sandbox-exec.c -> serve.c -> serve_child.c
** -> exec_program.c), never in a circle.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec.h"
#include "../sandbox/sandbox_execonce.h"

extern char **environ;

_Noreturn void exec_program(char **env, size_t nenv, char **argv, int once)
{
    /* A copy with room for the terminating NULL, which the job's list
    ** (pointing into the request) does not have. */
    char **copy = calloc(nenv + 1, sizeof *copy);
    if (!copy)
        _exit(127);
    memcpy(copy, env, nenv * sizeof *copy);
    environ = copy;
    if (once)
        (void)sbx_exec_once(argv[0], argv, copy);
    else
        execvp(argv[0], argv);
    int err = errno;
    fprintf(stderr, "sandbox-exec: cannot run %s: %s\n", argv[0], strerror(err));
    _exit(err == ENOENT ? 127 : 126);
}
