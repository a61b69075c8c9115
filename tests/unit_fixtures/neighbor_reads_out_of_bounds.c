/*
** neighbor_reads_out_of_bounds.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: the geometry is right, but it first reads
** the destination cell through a flat pointer with no bounds check (so
** only AddressSanitizer, not the array-bounds check of UBSan, can catch
** it).  Off-board coordinates make it read outside the_board; the tests
** that use them must fail, the others still pass.
*/
#include "chinese-checkers.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    const int *cells = &the_board[0][0];
    volatile int seen = cells[(long long)y_to * BOARD_SIZE_X + x_to];
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;

    (void)seen;
    if ((dx == 2 || dx == -2) && dy == 0)
        return VALID_MOVE;
    if ((dx == 1 || dx == -1) && (dy == 1 || dy == -1))
        return VALID_MOVE;
    return INVALID_MOVE;
}
