/*
** deepen.c -- iterative deepening with a transposition table
** (search.h's eg_deepen).
**
** Alpha-beta (negamax, fail-soft) searched at depth 1, 2, ... up to the
** depth asked, each iteration seeding the next through the table: a
** position's best move from the last search is tried first.  A table
** entry cuts a search short only when it was made at exactly the same
** remaining depth, so the value is the fixed-depth alpha-beta value
** (search.h), not a deeper one.  Win values depend on the ply; they are
** stored relative to the entry's own position and put back on probing.
*/
#include "search.h"

#include <limits.h>
#include <stdlib.h>

#define INF LONG_MAX

enum { EXACT, LOWER, UPPER };

struct entry {
    uint64_t key;
    long value;
    int depth, flag;
    eg_move move;
};

struct deepen {
    eg_eval *e;
    eg_position *pos;
    struct entry *table;
    uint64_t mask;
    eg_move *moves;
    int per_ply;
};

static long stored(long v, int ply)
{
    return v > EG_WIN / 2 ? v + ply : v < -EG_WIN / 2 ? v - ply : v;
}

static long loaded(long v, int ply)
{
    return v > EG_WIN / 2 ? v - ply : v < -EG_WIN / 2 ? v + ply : v;
}

/* The moves at this node, the table's move (if it is one of them) first. */
static int moves_at(struct deepen *d, int ply, eg_move hint, eg_move **out)
{
    eg_move *m = *out = d->moves + (size_t)ply * (size_t)d->per_ply;
    int n = eg_search_root_moves(d->e, d->pos, m);

    for (int i = 1; i < n; i++)
        if (m[i].from == hint.from && m[i].to == hint.to) {
            for (; i > 0; i--)
                m[i] = m[i - 1];
            m[0] = hint;
            break;
        }
    return n;
}

static long search(struct deepen *d, int depth, int ply, long alpha, long beta, eg_move *best)
{
    int player = d->pos->to_move, w = eg_winner(d->e, d->pos);

    if (w >= 0)
        return w == player ? EG_WIN - ply : -(EG_WIN - ply);
    if (depth == 0)
        return eg_evaluate(d->e, d->pos, player);
    struct entry *t = &d->table[d->pos->hash & d->mask];
    eg_move hint = {-1, -1};
    if (t->key == d->pos->hash) {
        long v = loaded(t->value, ply);
        hint = t->move;
        if (t->depth == depth && (t->flag == EXACT || (t->flag == LOWER && v >= beta)
                                  || (t->flag == UPPER && v <= alpha))) {
            *best = t->move;
            return v;
        }
    }
    eg_move *m;
    int n = moves_at(d, ply, hint, &m);
    if (n == 0)
        return eg_evaluate(d->e, d->pos, player);
    long value = -INF, alpha0 = alpha;
    eg_move child;
    for (int i = 0; i < n && alpha < beta; i++) {
        eg_make(d->pos, m[i]);
        long v = -search(d, depth - 1, ply + 1, -beta, -alpha, &child);
        eg_unmake(d->pos, m[i]);
        if (v > value)
            value = v, *best = m[i];
        if (v > alpha)
            alpha = v;
    }
    *t = (struct entry){d->pos->hash, stored(value, ply), depth,
                        value <= alpha0 ? UPPER : value >= beta ? LOWER : EXACT, *best};
    return value;
}

long eg_deepen(eg_eval *e, eg_position *pos, int depth, int table_bits, eg_move *best)
{
    struct deepen d = {e, pos, NULL, 0, NULL, EG_MOVES_MAX(pos->board)};
    long value = 0;

    *best = (eg_move){-1, -1};
    if (depth < 0 || table_bits < 1 || table_bits > 30)
        return 0;
    d.table = calloc((size_t)1 << table_bits, sizeof *d.table);
    d.moves = malloc(sizeof *d.moves * (size_t)d.per_ply * (size_t)(depth + 1));
    d.mask = ((uint64_t)1 << table_bits) - 1;
    if (d.table && d.moves) {
        value = depth == 0 ? search(&d, 0, 0, -INF, INF, best) : 0;
        for (int k = 1; k <= depth; k++)
            value = search(&d, k, 0, -INF, INF, best);
    }
    free(d.table);
    free(d.moves);
    return value;
}
