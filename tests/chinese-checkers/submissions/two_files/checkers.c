/*
** checkers.c -- the board, its starting layout, and the five required
** functions of chinese-checkers.h.
**
** Every read of the_board goes through board_at(), which treats a cell
** off the array as DA, so the functions accept any int coordinates.
*/
#include <stdio.h>

#include "chinese-checkers.h"

#define DIRECTION_COUNT 6

struct offset { int dx, dy; };

/* left, right, up-left, up-right, down-left, down-right */
static const struct offset directions[DIRECTION_COUNT] = {
    {-2, 0}, {2, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1},
};

static int direction_of(long long dx, long long dy, int times)
{
    int d;

    for (d = 0; d < DIRECTION_COUNT; d++)
        if (dx == (long long)directions[d].dx * times
            && dy == (long long)directions[d].dy * times)
            return d;
    return -1;
}

/* One-letter names keep the table below readable; they die right after. */
#define O DA
#define R RE
#define G GR
#define E EM
int the_board[BOARD_SIZE_Y][BOARD_SIZE_X] = {
    {O,O,O,O,O,O,O,O,O,O,O,O,R,O,O,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,O,R,O,R,O,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,R,O,R,O,R,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,R,O,R,O,R,O,R,O,O,O,O,O,O,O,O,O},
    {E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E},
    {O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O},
    {O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O},
    {O,O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O,O},
    {O,O,O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O,O,O},
    {O,O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O,O},
    {O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O},
    {O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O},
    {E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E},
    {O,O,O,O,O,O,O,O,O,G,O,G,O,G,O,G,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,G,O,G,O,G,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,O,G,O,G,O,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,O,O,G,O,O,O,O,O,O,O,O,O,O,O,O},
};
#undef O
#undef R
#undef G
#undef E

static int board_at(long long x, long long y)
{
    int inside = x >= 0 && x < BOARD_SIZE_X && y >= 0 && y < BOARD_SIZE_Y;

    return inside ? the_board[y][x] : DA;
}

static int holds_marble(int value)
{
    return value == RE || value == GR;
}

/* The middle character shown for a cell value. */
static char cell_letter(int value)
{
    switch (value) {
    case RE: return 'R';
    case GR: return 'G';
    case EM: return '-';
    default: return ' ';
    }
}

void print_board(void)
{
    char line[4 + 3 * BOARD_SIZE_X + 2];
    int x, y, n;

    n = sprintf(line, "  ");
    for (x = 0; x < BOARD_SIZE_X; x++)
        n += sprintf(line + n, "%3d", x);
    line[n++] = ' ';
    line[n] = '\0';
    puts(line);

    for (y = 0; y < BOARD_SIZE_Y; y++) {
        n = sprintf(line, "%2d ", y);
        for (x = 0; x < BOARD_SIZE_X; x++) {
            line[n++] = ' ';
            line[n++] = cell_letter(the_board[y][x]);
            line[n++] = ' ';
        }
        line[n] = '\0';
        puts(line);
    }
    putchar('\n');
}

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
