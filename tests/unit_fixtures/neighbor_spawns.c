/*
** neighbor_spawns.c -- a check_neighbor for tests/chinese-checkers/unit.test.sh
** that gives right answers only where the harness's seccomp filter holds:
** fork(), execve(), ptrace() and process_vm_readv() must each fail with
** EPERM (ptrace of itself would otherwise fail with ESRCH, and reading its
** own memory would succeed), while a thread must still start and finish.
** Without the filter the fork succeeds (the copy leaves at once) and every
** answer is wrong, so the test checking that every check_neighbor test
** passes fails.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chinese-checkers.h"

static void *thread_body(void *arg)
{
    return arg;
}

/* 1 when every refusal is in place and threads still work. */
static int sandboxed(void)
{
    static char *const argv[] = {"/bin/true", NULL};
    static char *const envp[] = {NULL};
    long word = 0, copy = 1;
    struct iovec here = {&copy, sizeof copy}, there = {&word, sizeof word};
    pthread_t thread;
    void *back = NULL;
    pid_t pid = fork();

    if (pid == 0)
        _exit(0);
    if (pid > 0) {
        waitpid(pid, NULL, 0);
        return 0;
    }
    if (errno != EPERM)
        return 0;
    if (execve(argv[0], argv, envp) == 0 || errno != EPERM)
        return 0;
    if (ptrace(PTRACE_PEEKDATA, getpid(), &word, NULL) != -1 || errno != EPERM)
        return 0;
    if (process_vm_readv(getpid(), &here, 1, &there, 1, 0) != -1 || errno != EPERM)
        return 0;
    if (pthread_create(&thread, NULL, thread_body, &word) != 0
        || pthread_join(thread, &back) != 0 || back != &word)
        return 0;
    return 1;
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    static int known, ok;
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    if (!known) {
        ok = sandboxed();
        known = 1;
    }
    if (!ok)
        right = !right;
    return right ? VALID_MOVE : INVALID_MOVE;
}
