/*
** moves.c -- check_neighbor() and check_move(): is a move a step, and is
** it allowed for the player making it?
*/
#include "chinese_checkers.h"
#include "../board/board.h"
#include "directions.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    /* In long long, INT_MAX - INT_MIN does not overflow. */
    long long dx = (long long)x_to - (long long)x_from;
    long long dy = (long long)y_to - (long long)y_from;

    return direction_of(dx, dy, 1) < 0 ? INVALID_MOVE : VALID_MOVE;
}

int check_move(int color, int x_from, int y_from, int x_to, int y_to)
{
    if (color != RE && color != GR)
        return INVALID_MOVE;
    if (board_at(x_from, y_from) != color)
        return INVALID_MOVE;
    if (board_at(x_to, y_to) != EM)
        return INVALID_MOVE;
    if (check_neighbor(x_from, y_from, x_to, y_to) == VALID_MOVE
        || check_jump(x_from, y_from, x_to, y_to) == VALID_MOVE)
        return VALID_MOVE;
    return INVALID_MOVE;
}
