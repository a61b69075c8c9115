/*
** has_destructor.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a destructor, which would run after
** main in Criterion's runner, where the nonce is still in the environment.
** vet-objects.sh must refuse it.
*/
#include <stdio.h>
#include <stdlib.h>

#include "chinese-checkers.h"

__attribute__((destructor)) static void late(void)
{
    const char *nonce = getenv("GRADED_TEST_NONCE");

    if (nonce != NULL)
        printf("\n%s PASS check_neighbor/answer_ignores_board_contents\n", nonce);
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
