/*
** public/parallel.c -- public unit test of parallel_search: minimax's
** value at the start and after a few moves, on one and two threads.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(parallel, one_and_two_threads)
{
    gs_position p;

    pos_start(&p);
    check_parallel(&p, 3, 1, eval_plain, "the start");
    check_parallel(&p, 3, 2, eval_plain, "the start");
    pos_played(&p, 2, 9);
    check_parallel(&p, 2, 2, eval_plain, "a position after 9 moves, BLACK to move");
}
