/*
** board.c -- the game board: its starting layout, bounds-checked reads,
** and print_board().
*/
#include <stdio.h>

#include "chinese_checkers.h"
#include "board.h"

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

int board_at(long long x, long long y)
{
    int inside = x >= 0 && x < BOARD_SIZE_X && y >= 0 && y < BOARD_SIZE_Y;

    return inside ? the_board[y][x] : DA;
}

int holds_marble(int value)
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
