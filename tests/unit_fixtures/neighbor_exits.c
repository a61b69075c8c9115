/*
** neighbor_exits.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: it ends the whole process with status 0
** the first time it is called, as if the test had finished.  No test that
** calls it may earn a PASS line.
*/
#include <stdlib.h>

#include "chinese-checkers.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    (void)x_from;
    (void)y_from;
    (void)x_to;
    (void)y_to;
    exit(0);
}
