/*
** checkers.c -- the reference implementation of the five required
** functions and the board they work on.
**
** Every coordinate reaches the board through board_cell(), which turns
** anything off the array into DA.  Coordinates are widened to long long
** before any arithmetic so that INT_MAX + 2 is an off-board cell, not
** undefined behaviour.
*/
#include <stdio.h>

#include "chinese-checkers.h"

int the_board[BOARD_SIZE_Y][BOARD_SIZE_X] = {
/*        0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21  22  23  24 */
/* 0 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, RE, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/* 1 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, RE, DA, RE, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/* 2 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, RE, DA, RE, DA, RE, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/* 3 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, RE, DA, RE, DA, RE, DA, RE, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/* 4 */ {EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM},
/* 5 */ {DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA},
/* 6 */ {DA, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, DA},
/* 7 */ {DA, DA, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, DA, DA},
/* 8 */ {DA, DA, DA, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, DA, DA, DA},
/* 9 */ {DA, DA, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, DA, DA},
/*10 */ {DA, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, DA},
/*11 */ {DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA},
/*12 */ {EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM, DA, EM},
/*13 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, GR, DA, GR, DA, GR, DA, GR, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/*14 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, GR, DA, GR, DA, GR, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/*15 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, GR, DA, GR, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA},
/*16 */ {DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, GR, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA, DA},
};

/* The six neighbour offsets; a jump uses twice one of them. */
static const int step_dx[6] = {-2, 2, -1, 1, -1, 1};
static const int step_dy[6] = {0, 0, -1, -1, 1, 1};

/* Contents of cell (x, y); DA for any cell off the array. */
static int board_cell(long long x, long long y)
{
    if (x < 0 || x >= BOARD_SIZE_X || y < 0 || y >= BOARD_SIZE_Y)
        return DA;
    return the_board[y][x];
}

static int is_marble(int cell)
{
    return cell == RE || cell == GR;
}

/* Index of the offset equal to (dx, dy) scaled by `times`, or -1. */
static int direction_of(long long dx, long long dy, int times)
{
    for (int d = 0; d < 6; d++)
        if (dx == (long long)times * step_dx[d] && dy == (long long)times * step_dy[d])
            return d;
    return -1;
}

void print_board(void)
{
    static const char symbol[8] = {' ', 'R', 'G', ' ', ' ', ' ', ' ', '-'};

    printf("  ");
    for (int x = 0; x < BOARD_SIZE_X; x++)
        printf("%3d", x);
    printf(" \n");
    for (int y = 0; y < BOARD_SIZE_Y; y++) {
        printf("%2d ", y);
        for (int x = 0; x < BOARD_SIZE_X; x++) {
            int cell = the_board[y][x];
            char c = (cell >= 0 && cell < 8) ? symbol[cell] : ' ';
            printf(" %c ", c);
        }
        printf("\n");
    }
    printf("\n");
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    return direction_of(dx, dy, 1) >= 0 ? VALID_MOVE : INVALID_MOVE;
}

int check_jump(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int d = direction_of(dx, dy, 2);

    if (d < 0)
        return INVALID_MOVE;
    if (!is_marble(board_cell((long long)x_from + step_dx[d], (long long)y_from + step_dy[d])))
        return INVALID_MOVE;
    return VALID_MOVE;
}

int check_move(int color, int x_from, int y_from, int x_to, int y_to)
{
    if (!is_marble(color) || board_cell(x_from, y_from) != color)
        return INVALID_MOVE;
    if (board_cell(x_to, y_to) != EM)
        return INVALID_MOVE;
    if (check_neighbor(x_from, y_from, x_to, y_to) == VALID_MOVE)
        return VALID_MOVE;
    return check_jump(x_from, y_from, x_to, y_to);
}

int is_jumper(int x_from, int y_from, int x_to, int y_to)
{
    for (int d = 0; d < 6; d++) {
        long long mid_x = (long long)x_to + step_dx[d], mid_y = (long long)y_to + step_dy[d];
        long long land_x = mid_x + step_dx[d], land_y = mid_y + step_dy[d];

        if (land_x == x_from && land_y == y_from)
            continue;
        if (is_marble(board_cell(mid_x, mid_y)) && board_cell(land_x, land_y) == EM)
            return TRUE;
    }
    return FALSE;
}
