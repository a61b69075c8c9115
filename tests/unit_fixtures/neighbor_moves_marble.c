/*
** neighbor_moves_marble.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: it answers right, but when the
** answer is VALID_MOVE and both cells are on the array it also makes the
** step, moving whatever the source holds onto the destination and leaving
** EM behind.  check_move calls it, so check_move changes the board: the
** test check_move/leaves_the_board_unchanged must see that, which it does
** only if the board the function leaves in the callee comes back to the
** test's process (grader/assignments/chinese-checkers/unit/forward.c).
*/
#include "chinese-checkers.h"

static int on_array(long long x, long long y)
{
    return x >= 0 && x < BOARD_SIZE_X && y >= 0 && y < BOARD_SIZE_Y;
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    static const int offsets[6][2] = {{-2, 0}, {2, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;

    for (int d = 0; d < 6; d++) {
        if (dx != offsets[d][0] || dy != offsets[d][1])
            continue;
        if (on_array(x_from, y_from) && on_array(x_to, y_to)) {
            the_board[y_to][x_to] = the_board[y_from][x_from];
            the_board[y_from][x_from] = EM;
        }
        return VALID_MOVE;
    }
    return INVALID_MOVE;
}
