/*
** has_constructor.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a check_neighbor that always gives the
** wrong answer, plus a constructor.  In each of Criterion's worker
** processes the constructor may run before the harness's own, find the
** nonce in the environment, and print forged PASS lines.  The harness
** cannot stop code that runs before it, so grader/unit/vet-objects.sh
** refuses any object with a constructor.  Compiled with -DPRIORITY=99 the
** constructor hides among the sanitizer's own (and is refused all the same).
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include "chinese-checkers.h"

#ifdef PRIORITY
#define CONSTRUCTOR __attribute__((constructor(PRIORITY)))
#else
#define CONSTRUCTOR __attribute__((constructor))
#endif

CONSTRUCTOR static void steal_nonce(void)
{
    const char *nonce = getenv("GRADED_TEST_NONCE");

    if (nonce != NULL) {
        printf("\n%s PASS check_neighbor/answer_ignores_board_contents\n", nonce);
        printf("%s PASS check_neighbor/non_neighbour_offsets_are_rejected\n", nonce);
        fflush(stdout);
    }
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    return right ? INVALID_MOVE : VALID_MOVE;
}
