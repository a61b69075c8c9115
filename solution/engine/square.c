/*
** square.c -- Halma's square boards (board.h's eg_square).
**
** Cell y * side + x is column x, row y, as in the Halma assignment's
** halma.h.  Camps are given as the row lengths of the top-left one,
** counted from the corner; the other corners are its mirror images.
*/
#include "board.h"

#include <stdio.h>

static const int step_x[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int step_y[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

/* Which edges each seat's corner touches: 0 top-left, 1 bottom-right,
** 2 top-right, 3 bottom-left. */
static const int mirror_x[4] = {0, 1, 1, 0};
static const int mirror_y[4] = {0, 1, 0, 1};

static const int camp_8[] = {4, 3, 2, 1, 0};
static const int camp_16_two[] = {5, 5, 4, 3, 2, 0};
static const int camp_16_four[] = {4, 4, 3, 2, 0};

static int in_camp(const int *rows, int side, int seat, int x, int y)
{
    if (mirror_x[seat]) x = side - 1 - x;
    if (mirror_y[seat]) y = side - 1 - y;
    for (int r = 0; rows[r] != 0; r++)
        if (r == y)
            return x < rows[r];
    return 0;
}

static int camp_size(const int *rows)
{
    int n = 0;

    for (int r = 0; rows[r] != 0; r++)
        n += rows[r];
    return n;
}

static void link_cells(eg_board *b, int side)
{
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            int c = y * side + x;
            b->x[c] = x;
            b->y[c] = y;
            for (int d = 0; d < 8; d++) {
                int x2 = x + step_x[d], y2 = y + step_y[d];
                if (x2 >= 0 && x2 < side && y2 >= 0 && y2 < side)
                    b->next[c * 8 + d] = y2 * side + x2;
            }
        }
}

/* Home of seat p is camp p, its goal camp p ^ 1, cells in ascending order. */
static void seat_players(eg_board *b, const int *rows, int side)
{
    for (int p = 0; p < b->players; p++) {
        int h = 0, g = 0;
        for (int c = 0; c < side * side; c++) {
            if (in_camp(rows, side, p, c % side, c / side))
                b->home[p][h++] = c;
            if (in_camp(rows, side, p ^ 1, c % side, c / side))
                b->goal[p][g++] = c;
        }
    }
}

eg_board *eg_square(int side, int players)
{
    const int *rows = side == 8 && players == 2 ? camp_8
                    : side == 16 && players == 2 ? camp_16_two
                    : side == 16 && players == 4 ? camp_16_four : NULL;
    if (!rows)
        return NULL;
    eg_board *b = eg_board_new(side * side, 8);
    if (!b || eg_board_seat(b, players, camp_size(rows)) != 0) {
        eg_board_free(b);
        return NULL;
    }
    link_cells(b, side);
    seat_players(b, rows, side);
    snprintf(b->name, sizeof b->name, "halma %dx%d, %d players", side, side, players);
    eg_board_finish(b);
    return b;
}
