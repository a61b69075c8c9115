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

/* With other threads on the table, moves are deferred and marked only at
** nodes this deep or deeper: below, a subtree is too small to be worth a
** probe of the busy table. */
#define DEFER_DEPTH 2

struct deepen {
    eg_eval *e;
    eg_position *pos;
    eg_tt *table;
    int shared;                 /* other threads search the same table    */
    eg_move *moves;
    int per_ply;
};

long eg_tt_value_in(long v, int ply)
{
    return v > EG_WIN / 2 ? v + ply : v < -EG_WIN / 2 ? v - ply : v;
}

long eg_tt_value_out(long v, int ply)
{
    return v > EG_WIN / 2 ? v - ply : v < -EG_WIN / 2 ? v + ply : v;
}

void eg_hint_first(eg_move *m, int n, eg_move hint)
{
    for (int i = 1; i < n; i++)
        if (m[i].from == hint.from && m[i].to == hint.to) {
            for (; i > 0; i--)
                m[i] = m[i - 1];
            m[0] = hint;
            return;
        }
}

int eg_tt_cutoff(eg_tt *t, uint64_t key, int depth, int ply, long alpha, long beta, long *v,
                 eg_move *hint)
{
    eg_tt_entry e;

    *hint = (eg_move){-1, -1};
    if (!eg_tt_probe(t, key, &e))
        return 0;
    *v = eg_tt_value_out(e.value, ply);
    *hint = e.move;
    return e.depth == depth && (e.kind == EG_TT_EXACT || (e.kind == EG_TT_LOWER && *v >= beta)
                                || (e.kind == EG_TT_UPPER && *v <= alpha));
}

/* The moves at this node, the table's move (if it is one of them) first. */
static int moves_at(struct deepen *d, int ply, eg_move hint, eg_move **out)
{
    eg_move *m = *out = d->moves + (size_t)ply * (size_t)d->per_ply;
    int n = eg_search_root_moves(d->e, d->pos, m);

    eg_hint_first(m, n, hint);
    return n;
}

static long search(struct deepen *d, int depth, int ply, long alpha, long beta, eg_move *best);

/* Searches move m below a node of `depth` into *v; returns 0 without
** searching when `may_defer` and another thread is searching the position
** it leads to (ABDADA: it is taken up again after the other moves). */
static int child(struct deepen *d, eg_move m, int depth, int ply, long alpha, long beta,
                 int may_defer, long *v)
{
    eg_move ignored;

    eg_make(d->pos, m);
    uint64_t key = d->pos->hash;
    int mark = d->shared && depth >= DEFER_DEPTH;
    if (may_defer && mark && eg_tt_busy(d->table, key)) {
        eg_unmake(d->pos, m);
        return 0;
    }
    if (mark)
        eg_tt_mark(d->table, key);
    *v = -search(d, depth - 1, ply + 1, -beta, -alpha, &ignored);
    if (mark)
        eg_tt_unmark(d->table, key);
    eg_unmake(d->pos, m);
    return 1;
}

/* Fail-soft negamax with the table.  The eldest move is never deferred;
** deferred moves are gathered at the front of m and searched last. */
static long search(struct deepen *d, int depth, int ply, long alpha, long beta, eg_move *best)
{
    int player = d->pos->to_move, w = eg_winner(d->e, d->pos);

    if (w >= 0)
        return w == player ? EG_WIN - ply : -(EG_WIN - ply);
    if (depth == 0)
        return eg_evaluate(d->e, d->pos, player);
    uint64_t key = d->pos->hash;
    eg_move hint;
    long cut;
    if (eg_tt_cutoff(d->table, key, depth, ply, alpha, beta, &cut, &hint)) {
        *best = hint;
        return cut;
    }
    eg_move *m;
    int n = moves_at(d, ply, hint, &m), deferred = 0;
    if (n == 0)
        return eg_evaluate(d->e, d->pos, player);
    long value = -INF, alpha0 = alpha;
    for (int pass = 0; pass < 2; pass++) {
        int count = pass == 0 ? n : deferred;
        for (int i = 0; i < count && alpha < beta; i++) {
            eg_move mi = m[i];
            long v;
            if (!child(d, mi, depth, ply, alpha, beta, pass == 0 && i > 0, &v)) {
                m[deferred++] = mi;
                continue;
            }
            if (d->shared && eg_tt_stopped(d->table))
                return 0;
            if (v > value)
                value = v, *best = mi;
            if (v > alpha)
                alpha = v;
        }
    }
    eg_tt_store(d->table, key, eg_tt_value_in(value, ply), depth,
                value <= alpha0 ? EG_TT_UPPER : value >= beta ? EG_TT_LOWER : EG_TT_EXACT, *best);
    return value;
}

int eg_deepen_iteration(eg_eval *e, eg_position *pos, int depth, eg_tt *t, int shared, long *value,
                        eg_move *best)
{
    struct deepen d = {e, pos, t, shared, NULL, EG_MOVES_MAX(pos->board)};

    *best = (eg_move){-1, -1};
    d.moves = malloc(sizeof *d.moves * (size_t)d.per_ply * (size_t)(depth + 1));
    if (!d.moves)
        return -1;
    *value = search(&d, depth, 0, -INF, INF, best);
    free(d.moves);
    return 0;
}

long eg_deepen_window(eg_eval *e, eg_position *pos, int depth, int ply, long alpha, long beta,
                      eg_tt *t, eg_move *best, int *failed)
{
    struct deepen d = {e, pos, t, 0, NULL, EG_MOVES_MAX(pos->board)};

    *best = (eg_move){-1, -1};
    d.moves = malloc(sizeof *d.moves * (size_t)d.per_ply * (size_t)(ply + depth + 1));
    if (!d.moves) {
        *failed = 1;
        return 0;
    }
    long v = search(&d, depth, ply, alpha, beta, best);
    free(d.moves);
    return v;
}

long eg_deepen(eg_eval *e, eg_position *pos, int depth, int table_bits, eg_move *best)
{
    eg_tt *t = depth >= 0 ? eg_tt_new(table_bits, 0) : NULL;
    long value = 0;

    *best = (eg_move){-1, -1};
    for (int k = depth == 0 ? 0 : 1; t && k <= depth; k++)
        if (eg_deepen_iteration(e, pos, k, t, 0, &value, best) != 0) {
            value = 0;
            *best = (eg_move){-1, -1};
            break;
        }
    eg_tt_free(t);
    return value;
}
