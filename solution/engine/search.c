/*
** search.c -- minimax, alpha-beta and paranoid search (search.h).
**
** One context per search: the evaluation, the root player, and a move
** buffer per ply allocated once, so the recursion allocates nothing.
*/
#include "search.h"

#include <limits.h>
#include <stdlib.h>

#define INF LONG_MAX

struct search {
    eg_eval *e;
    eg_position *pos;
    int root;                   /* the root player (paranoid)          */
    int order;                  /* sort moves by the mover's gain      */
    int prune;                  /* cut off with alpha-beta             */
    eg_move *moves;             /* per ply: moves + ply * per_ply      */
    int per_ply;
};

static int start(struct search *s, eg_eval *e, eg_position *pos, int depth, int pruning)
{
    s->e = e;
    s->pos = pos;
    s->root = pos->to_move;
    s->order = s->prune = pruning;
    s->per_ply = EG_MOVES_MAX(pos->board);
    s->moves = malloc(sizeof *s->moves * (size_t)s->per_ply * (size_t)(depth + 1));
    return s->moves ? 0 : -1;
}

/* The value of a won position for `player`, `ply` plies from the root. */
static long win_value(int winner, int player, int ply)
{
    return winner == player ? EG_WIN - ply : -(EG_WIN - ply);
}

/* Orders moves by the mover's gain in distance, largest first; equal
** gains keep their order (insertion sort: short lists). */
static void order_moves(const struct search *s, eg_move *m, int n)
{
    const int32_t *dist = s->e->distance[s->pos->to_move];

    for (int i = 1; i < n; i++) {
        eg_move x = m[i];
        int gain = dist[x.from] - dist[x.to], j = i;
        while (j > 0 && dist[m[j - 1].from] - dist[m[j - 1].to] < gain) {
            m[j] = m[j - 1];
            j--;
        }
        m[j] = x;
    }
}

static int gen(struct search *s, int ply, eg_move **out)
{
    *out = s->moves + (size_t)ply * (size_t)s->per_ply;
    int n = eg_moves(s->pos, *out);
    if (s->order)
        order_moves(s, *out, n);
    return n;
}

/* Negamax: the value for the player to move. */
static long negamax(struct search *s, int depth, int ply, long alpha, long beta, eg_move *best)
{
    int player = s->pos->to_move, w = eg_winner(s->e, s->pos);
    eg_move *m;

    if (w >= 0)
        return win_value(w, player, ply);
    int n = depth > 0 ? gen(s, ply, &m) : 0;
    if (n == 0)
        return eg_evaluate(s->e, s->pos, player);
    long value = -INF;
    for (int i = 0; i < n; i++) {
        eg_make(s->pos, m[i]);
        long v = -negamax(s, depth - 1, ply + 1, -beta, -alpha, NULL);
        eg_unmake(s->pos, m[i]);
        if (v > value) {
            value = v;
            if (best)
                *best = m[i];
        }
        if (v > alpha)
            alpha = v;
        if (s->prune && alpha >= beta)
            break;
    }
    return value;
}

/* Paranoid: the root player's value; it maximises, the others minimise. */
static long paranoid(struct search *s, int depth, int ply, long alpha, long beta, eg_move *best)
{
    int w = eg_winner(s->e, s->pos), maximise = s->pos->to_move == s->root;
    eg_move *m;

    if (w >= 0)
        return win_value(w, s->root, ply);
    int n = depth > 0 ? gen(s, ply, &m) : 0;
    if (n == 0)
        return eg_evaluate(s->e, s->pos, s->root);
    long value = maximise ? -INF : INF;
    for (int i = 0; i < n && alpha < beta; i++) {
        eg_make(s->pos, m[i]);
        long v = paranoid(s, depth - 1, ply + 1, alpha, beta, NULL);
        eg_unmake(s->pos, m[i]);
        if (maximise ? v > value : v < value) {
            value = v;
            if (best)
                *best = m[i];
        }
        if (maximise && v > alpha)
            alpha = v;
        if (!maximise && v < beta)
            beta = v;
    }
    return value;
}

typedef long search_fn(struct search *, int, int, long, long, eg_move *);

static long run(eg_eval *e, eg_position *pos, int depth, eg_move *best, int pruning,
                search_fn *fn)
{
    struct search s;

    *best = (eg_move){-1, -1};
    if (depth < 0 || start(&s, e, pos, depth, pruning) != 0)
        return 0;
    long v = fn(&s, depth, 0, -INF, INF, best);
    free(s.moves);
    return v;
}

int eg_search_root_moves(eg_eval *e, eg_position *pos, eg_move *out)
{
    struct search s = {.e = e, .pos = pos, .order = 1};
    int n = eg_moves(pos, out);

    order_moves(&s, out, n);
    return n;
}

long eg_search_window(eg_eval *e, eg_position *pos, int depth, int ply, long alpha, long beta)
{
    struct search s;
    eg_move ignored;

    if (start(&s, e, pos, depth, 1) != 0)
        return 0;
    long v = negamax(&s, depth, ply, alpha, beta, &ignored);
    free(s.moves);
    return v;
}

long eg_minimax(eg_eval *e, eg_position *pos, int depth, eg_move *best)
{
    return run(e, pos, depth, best, 0, negamax);
}

long eg_alphabeta(eg_eval *e, eg_position *pos, int depth, eg_move *best)
{
    return run(e, pos, depth, best, 1, negamax);
}

long eg_paranoid(eg_eval *e, eg_position *pos, int depth, eg_move *best)
{
    return run(e, pos, depth, best, 1, paranoid);
}
