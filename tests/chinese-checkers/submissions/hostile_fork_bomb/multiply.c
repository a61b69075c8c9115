/*
** multiply.c -- HOSTILE TEST FIXTURE for the kit's grader: a fork bomb.
**
** multiply() forks eight rounds deep -- every process forks again each
** round -- so up to 256 processes exist if nothing stops it; the grader's
** process limit should.  The first process then exits at once without
** printing anything, leaving the others behind: the grader must kill
** them all.  They only sleep, and exit after 20 seconds anyway, so a human
** who runs it by mistake sees nothing at all.  Each renames itself
** "cc-hostile-fork" so a leftover one is easy to spot with ps.
*/
#define _GNU_SOURCE

#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

void multiply(void)
{
    pid_t first = getpid();
    int round;

    prctl(PR_SET_NAME, "cc-hostile-fork", 0, 0, 0);
    for (round = 0; round < 8; round++)
        if (fork() < 0)
            break;
    if (getpid() == first)
        exit(0);
    sleep(20);
    _exit(0);
}
