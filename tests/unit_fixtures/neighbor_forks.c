/*
** neighbor_forks.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: on its first call it forks.  The copy
** would give right answers and so run the test to its end; the original
** waits for it (a second at most: once past the test, the copy hangs in
** Criterion's own code, so it is then killed), then gives wrong answers.
** Two rules deny the copy a PASS line: a worker may not fork at all (the
** harness's seccomp filter: fork() fails with EPERM, so there is no copy,
** only the original's wrong answers), and were there a copy, only the
** worker process that started the test may write its PASS line.  Either
** way the tests that call check_neighbor earn none.
*/
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chinese-checkers.h"

static int forked, is_copy;

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    if (!forked) {
        pid_t pid;

        forked = 1;
        pid = fork();
        if (pid == 0) {
            is_copy = 1;
        } else if (pid > 0) {
            struct timespec tick = {0, 10 * 1000 * 1000};

            for (int i = 0; i < 100 && waitpid(pid, NULL, WNOHANG) == 0; i++)
                nanosleep(&tick, NULL);
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
        }
    }
    if (is_copy)
        return right ? VALID_MOVE : INVALID_MOVE;
    return right ? INVALID_MOVE : VALID_MOVE;
}
