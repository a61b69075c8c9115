/*
** star.c -- the six-pointed star of any size (board.h's eg_star).
**
** Cells are axial hexagon coordinates (q, r) with s = -q - r: the star is
** the union of the triangle where q, r, s >= -size and the triangle where
** q, r, s <= size.  They are numbered row by row from the top (r from
** -2 * size), left to right (q ascending).  Display coordinates: row
** y = r + 2 * size (0..4 * size) and column x = 2q + r + 3 * size
** (0..6 * size), so that for size 4 (x, y) is the Chinese Checkers
** assignment's the_board[y][x].
**
** The six points, clockwise from the top: 0 top (r < -size), 1 upper
** right (q > size), 2 lower right (s < -size), 3 bottom (r > size), 4 lower
** left (q < -size), 5 upper left (s > size).  Point t's opposite is
** (t + 3) % 6.  Seats by player count (player i sits in point seat[i]):
** 2: 0 3; 3: 0 2 4; 4: 1 2 4 5; 5: 0 1 2 3 4; 6: 0..5.
*/
#include "board.h"

#include <stdio.h>
#include <stdlib.h>

/* Axial steps of the six directions: E, W, down-right, up-left, up-right,
** down-left.  Direction d ^ 1 is the opposite of d. */
static const int step_q[6] = {1, -1, 0, 0, 1, -1};
static const int step_r[6] = {0, 0, 1, -1, -1, 1};

static const int seats[7][6] = {
    [2] = {0, 3}, [3] = {0, 2, 4}, [4] = {1, 2, 4, 5},
    [5] = {0, 1, 2, 3, 4}, [6] = {0, 1, 2, 3, 4, 5},
};

static int in_star(int n, int q, int r)
{
    int s = -q - r;

    return (q >= -n && r >= -n && s >= -n) || (q <= n && r <= n && s <= n);
}

/* The point (0..5) that (q, r) lies in, or -1 for the central hexagon. */
static int point_of(int n, int q, int r)
{
    int s = -q - r;

    if (r < -n) return 0;
    if (q > n) return 1;
    if (s < -n) return 2;
    if (r > n) return 3;
    if (q < -n) return 4;
    if (s > n) return 5;
    return -1;
}

/* index[(r + 2n) * width + (q + 2n)]: the cell at (q, r), or -1. */
static int32_t *number_cells(int n, int *cells)
{
    int width = 4 * n + 1, count = 0;
    int32_t *index = malloc(sizeof *index * (size_t)width * (size_t)width);

    if (!index)
        return NULL;
    for (int r = -2 * n; r <= 2 * n; r++)
        for (int q = -2 * n; q <= 2 * n; q++)
            index[(r + 2 * n) * width + q + 2 * n] = in_star(n, q, r) ? count++ : -1;
    *cells = count;
    return index;
}

/* Links every cell to its neighbours and fills the display coordinates. */
static void link_cells(eg_board *b, int n, const int32_t *index)
{
    int width = 4 * n + 1;

    for (int r = -2 * n; r <= 2 * n; r++)
        for (int q = -2 * n; q <= 2 * n; q++) {
            int c = index[(r + 2 * n) * width + q + 2 * n];
            if (c < 0)
                continue;
            b->x[c] = 2 * q + r + 3 * n;
            b->y[c] = r + 2 * n;
            for (int d = 0; d < 6; d++) {
                int q2 = q + step_q[d], r2 = r + step_r[d];
                if (q2 >= -2 * n && q2 <= 2 * n && r2 >= -2 * n && r2 <= 2 * n)
                    b->next[c * 6 + d] = index[(r2 + 2 * n) * width + q2 + 2 * n];
            }
        }
}

/* Fills home and goal of every player from the points' cells: player p's
** home is point seat[p], its goal the opposite point. */
static void seat_players(eg_board *b, int n, const int32_t *index, const int *seat)
{
    int width = 4 * n + 1, filled[6] = {0};
    int32_t *cells_of[6] = {0};

    for (int p = 0; p < b->players; p++)
        cells_of[seat[p]] = b->home[p];
    for (int p = 0; p < b->players; p++)
        if (!cells_of[(seat[p] + 3) % 6])
            cells_of[(seat[p] + 3) % 6] = b->goal[p];
    for (int r = -2 * n; r <= 2 * n; r++)
        for (int q = -2 * n; q <= 2 * n; q++) {
            int c = index[(r + 2 * n) * width + q + 2 * n], t = c < 0 ? -1 : point_of(n, q, r);
            if (t >= 0 && cells_of[t])
                cells_of[t][filled[t]++] = c;
        }
    /* A goal that is another player's home was filled as that home. */
    for (int p = 0; p < b->players; p++) {
        int opposite = (seat[p] + 3) % 6;
        for (int o = 0; o < b->players; o++)
            if (seat[o] == opposite)
                for (int i = 0; i < b->pieces; i++)
                    b->goal[p][i] = b->home[o][i];
    }
}

/* Bars each player from the points that are neither its home nor its goal
** (b->barred); returns 0, or -1 when memory runs out. */
static int bar_neutral_zones(eg_board *b, int n, const int32_t *index, const int *seat)
{
    int width = 4 * n + 1;

    b->barred = calloc((size_t)b->cells, 1);
    if (!b->barred)
        return -1;
    for (int r = -2 * n; r <= 2 * n; r++)
        for (int q = -2 * n; q <= 2 * n; q++) {
            int c = index[(r + 2 * n) * width + q + 2 * n], t = c < 0 ? -1 : point_of(n, q, r);
            for (int p = 0; t >= 0 && p < b->players; p++)
                if (t != seat[p] && t != (seat[p] + 3) % 6)
                    b->barred[c] |= (uint8_t)(1u << p);
        }
    return 0;
}

/* 1 when points[0..players-1] are distinct points 0..5. */
static int valid_points(int players, const int *points)
{
    int used = 0;

    for (int p = 0; p < players; p++) {
        if (points[p] < 0 || points[p] > 5 || (used >> points[p] & 1))
            return 0;
        used |= 1 << points[p];
    }
    return 1;
}

eg_board *eg_star_seated(int size, int players, const int points[], int neutral)
{
    int cells;

    if (size < 3 || size > 63 || players < 2 || players > 6 || !valid_points(players, points))
        return NULL;
    int32_t *index = number_cells(size, &cells);
    eg_board *b = index ? eg_board_new(cells, 6) : NULL;
    if (!b || eg_board_seat(b, players, size * (size + 1) / 2) != 0) {
        free(index);
        eg_board_free(b);
        return NULL;
    }
    link_cells(b, size, index);
    seat_players(b, size, index, points);
    if (neutral && bar_neutral_zones(b, size, index, points) != 0) {
        free(index);
        eg_board_free(b);
        return NULL;
    }
    free(index);
    snprintf(b->name, sizeof b->name, "star %d, %d players%s", size, players, neutral ? ", neutral zones" : "");
    eg_board_finish(b);
    return b;
}

eg_board *eg_star(int size, int players)
{
    if (players < 2 || players > 6)
        return NULL;
    return eg_star_seated(size, players, seats[players], 0);
}

int eg_cell_at(const eg_board *b, int x, int y)
{
    for (int c = 0; c < b->cells; c++)
        if (b->x[c] == x && b->y[c] == y)
            return c;
    return -1;
}

int eg_star_to_challenge(const eg_board *b, int size, int cell, long *row, long *col)
{
    if (cell < 0 || cell >= b->cells)
        return -1;
    *row = b->y[cell];
    *col = (b->x[cell] - 3 * size + (b->y[cell] & 1)) / 2;
    return 0;
}

int eg_star_from_challenge(const eg_board *b, int size, long row, long col, int *cell)
{
    if (row < 0 || row > 4L * size || col < -4L * size || col > 4L * size)
        return -1;
    *cell = eg_cell_at(b, (int)(3 * size + 2 * col - (row & 1)), (int)row);
    return *cell < 0 ? -1 : 0;
}
