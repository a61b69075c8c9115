/*
** model.c -- a slow, plain model of the move rules, written apart from the
** board library to check it (tests/engine/property.c).
**
** It sees a board only as a set of (x, y) points on a grid and the owner
** of each: hex boards in the star's display grid (neighbours at (x+-2, y)
** and (x+-1, y+-1)), square boards with eight neighbours.  Lines are
** walked one point at a time, turning where a bend says so.  Moves come
** from walking the grid, not from the library's neighbour tables.
*/
#include "model.h"

#include <stdlib.h>
#include <string.h>

static const int hex_dx[6] = {2, -2, 1, -1, 1, -1}, hex_dy[6] = {0, 0, 1, -1, -1, 1};
static const int sq_dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, sq_dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

/* The index of the point (x, y), or -1 when the grid has no point there. */
static int at(const struct model *m, int x, int y)
{
    if (x < 0 || y < 0 || x >= MODEL_SIDE || y >= MODEL_SIDE)
        return -1;
    return m->index[y][x];
}

/* One point along a line: from (*x, *y) going in direction *dir to the
** next point, which becomes (*x, *y); *dir turns if a bend is there.
** Returns the point, or -1 off the grid's points. */
static int step(const struct model *m, int *x, int *y, int *dir)
{
    const int *dx = m->hex ? hex_dx : sq_dx, *dy = m->hex ? hex_dy : sq_dy;

    *x += dx[*dir], *y += dy[*dir];
    for (int i = 0; i < m->bends; i++)
        if (m->bend[i].x == *x && m->bend[i].y == *y && m->bend[i].in == *dir) {
            *dir = m->bend[i].out;
            break;
        }
    return at(m, *x, *y);
}

/* A hop from (x, y) in direction dir: over the first piece on the line at
** distance j (only j = 1 without Kangaroo) onto distance 2j, every other
** point on the way empty.  Returns the landing point or -1. */
static int hop(const struct model *m, int x, int y, int dir, int kangaroo)
{
    int j = 1, p;

    /* A line bent into a ring and empty has no piece to jump: give up
    ** once the walk is longer than the board. */
    while ((p = step(m, &x, &y, &dir)) >= 0 && m->owner[p] < 0 && j <= m->points)
        j++;
    if (p < 0 || j > m->points || (!kangaroo && j > 1))
        return -1;
    for (int k = 0; k < j; k++)
        if ((p = step(m, &x, &y, &dir)) < 0 || m->owner[p] >= 0)
            return -1;
    return p;
}

int model_moves(struct model *m, int player, int kangaroo, struct model_move *out)
{
    int n = 0, dirs = m->hex ? 6 : 8;
    char *reached = malloc((size_t)m->points);
    int *stack = malloc(sizeof *stack * (size_t)m->points);

    for (int from = 0; from < m->points && reached && stack; from++) {
        if (m->owner[from] != player)
            continue;
        memset(reached, 0, (size_t)m->points);
        m->owner[from] = -1;            /* the piece has left its start */
        reached[from] = 1;
        int top = 0;
        stack[top++] = from;
        while (top > 0) {
            int c = stack[--top];
            for (int d = 0; d < dirs; d++) {
                int to = hop(m, m->x[c], m->y[c], d, kangaroo);
                if (to >= 0 && !reached[to]) {
                    reached[to] = 1;
                    stack[top++] = to;
                    out[n++] = (struct model_move){from, to};
                }
            }
        }
        for (int d = 0; d < dirs; d++) {
            int x = m->x[from], y = m->y[from], dir = d;
            int to = step(m, &x, &y, &dir);
            if (to >= 0 && m->owner[to] < 0 && !reached[to]) {
                reached[to] = 1;
                out[n++] = (struct model_move){from, to};
            }
        }
        m->owner[from] = (signed char)player;
    }
    free(reached);
    free(stack);
    return n;
}
