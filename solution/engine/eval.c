/*
** eval.c -- distance tables and the evaluation (search.h).
*/
#include "search.h"

#include <stdlib.h>
#include <string.h>

/* Steps from every cell to the nearest of p's goal cells, by breadth-first
** search from the goal over the board's neighbours (links are two-way on
** built-in boards and maps alike).  A cell that cannot reach the goal
** gets cells + 1. */
static void bfs_from_goal(const eg_board *b, int p, int32_t *dist, int32_t *queue)
{
    int head = 0, tail = 0;

    for (int c = 0; c < b->cells; c++)
        dist[c] = -1;
    for (int i = 0; i < b->pieces; i++) {
        dist[b->goal[p][i]] = 0;
        queue[tail++] = b->goal[p][i];
    }
    while (head < tail) {
        int c = queue[head++];
        for (int d = 0; d < b->dirs; d++) {
            int n = eg_next(b, c, d);
            if (n >= 0 && dist[n] < 0) {
                dist[n] = dist[c] + 1;
                queue[tail++] = n;
            }
        }
    }
    for (int c = 0; c < b->cells; c++)
        if (dist[c] < 0)
            dist[c] = b->cells + 1;
}

/* |dx| + |dy| to the far corner: the goal cell farthest (in |dx| + |dy|)
** from the player's first home cell, the corner of a Halma camp. */
static void manhattan(const eg_board *b, int p, int32_t *dist)
{
    int corner = b->goal[p][0], far = -1;

    for (int i = 0; i < b->pieces; i++) {
        int g = b->goal[p][i], h = b->home[p][0];
        int d = abs(b->x[g] - b->x[h]) + abs(b->y[g] - b->y[h]);
        if (d > far)
            far = d, corner = g;
    }
    for (int c = 0; c < b->cells; c++)
        dist[c] = abs(b->x[c] - b->x[corner]) + abs(b->y[c] - b->y[corner]);
}

eg_eval *eg_eval_new(const eg_board *b, enum eg_eval_kind kind)
{
    eg_eval *e = calloc(1, sizeof *e);
    int32_t *queue = malloc(sizeof *queue * (size_t)b->cells);

    if (!e || !queue || (kind == EG_EVAL_MANHATTAN && b->dirs != 8)) {
        free(queue);
        free(e);
        return NULL;
    }
    e->board = b;
    e->kind = kind;
    for (int p = 0; p < b->players; p++) {
        if (!(e->distance[p] = malloc(sizeof *e->distance[p] * (size_t)b->cells))) {
            free(queue);
            eg_eval_free(e);
            return NULL;
        }
        if (kind == EG_EVAL_BFS)
            bfs_from_goal(b, p, e->distance[p], queue);
        else
            manhattan(b, p, e->distance[p]);
    }
    free(queue);
    return e;
}

void eg_eval_free(eg_eval *e)
{
    if (!e)
        return;
    for (int p = 0; p < EG_MAX_PLAYERS; p++)
        free(e->distance[p]);
    free(e);
}

long eg_distance_sum(const eg_eval *e, const eg_position *pos, int player)
{
    long sum = 0;

    for (int i = 0; i < e->board->pieces; i++)
        sum += e->distance[player][pos->piece[player][i]];
    return sum;
}

int eg_winner(const eg_eval *e, const eg_position *pos)
{
    const eg_board *b = e->board;

    for (int p = 0; p < b->players; p++) {
        int i = 0;
        while (i < b->pieces && pos->owner[b->goal[p][i]] == p)
            i++;
        if (i == b->pieces)
            return p;
    }
    return -1;
}

/* How far `player` is from done, in the evaluation's units: the distance
** sum, and the optional straggler term. */
static long behind(const eg_eval *e, const eg_position *pos, int player)
{
    long sum = 0, last = 0;

    for (int i = 0; i < e->board->pieces; i++) {
        long d = e->distance[player][pos->piece[player][i]];
        sum += d;
        if (d > last)
            last = d;
    }
    return sum + e->straggler * last;
}

/* The moves `player` would have in pos, counted, not listed (the turn is
** put back). */
static long moves_of(eg_position *pos, int player)
{
    int mover = pos->to_move;

    pos->to_move = player;
    int n = eg_moves(pos, NULL);
    pos->to_move = mover;
    return n;
}

long eg_evaluate(eg_eval *e, const eg_position *pos, int player)
{
    int players = e->board->players, w = eg_winner(e, pos);
    long others = 0;

    e->calls++;
    if (w >= 0)
        return w == player ? EG_WIN : -EG_WIN;
    for (int p = 0; p < players; p++)
        if (p != player)
            others += behind(e, pos, p);
    long v = others / (players - 1) - behind(e, pos, player);
    if (e->mobility && players == 2) {
        eg_position *mine = (eg_position *)pos;   /* changed and put back */
        v += e->mobility * (moves_of(mine, player) - moves_of(mine, 1 - player)) / 8;
    }
    return v;
}
