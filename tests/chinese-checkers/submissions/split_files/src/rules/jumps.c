/*
** jumps.c -- check_jump() and is_jumper(): jumps over a marble, and
** whether a marble that just jumped can jump again.
*/
#include "chinese_checkers.h"
#include "../board/board.h"
#include "directions.h"

int check_jump(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - (long long)x_from;
    long long dy = (long long)y_to - (long long)y_from;
    int d = direction_of(dx, dy, 2);

    if (d < 0)
        return INVALID_MOVE;
    /* The jumped cell is one offset from the source. */
    if (!holds_marble(board_at((long long)x_from + directions[d].dx,
                               (long long)y_from + directions[d].dy)))
        return INVALID_MOVE;
    return VALID_MOVE;
}

int is_jumper(int x_from, int y_from, int x_to, int y_to)
{
    int d;

    for (d = 0; d < DIRECTION_COUNT; d++) {
        long long land_x = (long long)x_to + 2 * directions[d].dx;
        long long land_y = (long long)y_to + 2 * directions[d].dy;

        if (land_x == x_from && land_y == y_from)
            continue; /* straight back where it came from */
        if (board_at(land_x, land_y) != EM)
            continue;
        /* An EM landing lies on the array, so it fits check_jump's ints. */
        if (check_jump(x_to, y_to, (int)land_x, (int)land_y) == VALID_MOVE)
            return TRUE;
    }
    return FALSE;
}
