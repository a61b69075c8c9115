/*
** parallel.c -- root-splitting parallel search (search.h's eg_parallel);
** EG_SPLIT_LAZY is handed to parallel_lazy.c, EG_SPLIT_PV to parallel_pv.c.
**
** The root's moves are generated and ordered once; workers search them.
** Shared state is three things under one mutex: the next move to take,
** the best value so far and its move.  Each worker owns a copy of the
** position and of the evaluation (its counter), so the searches below the
** root share nothing.
*/
#include "search.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#define INF LONG_MAX

struct shared {
    pthread_mutex_t lock;
    const eg_move *moves;
    int count, next, threads, depth;
    enum eg_split split;
    long value;                 /* best root value so far               */
    int best;                   /* its index in moves, or -1            */
};

struct worker {
    struct shared *sh;
    eg_eval eval;               /* a copy: own counter, shared tables   */
    eg_position *pos;
    int id;
};

/* The next root move index for worker w, or -1 when none is left. */
static int take(struct worker *w, int *seq)
{
    struct shared *sh = w->sh;

    if (sh->split == EG_SPLIT_STATIC) {
        int i = w->id + (*seq)++ * sh->threads;
        return i < sh->count ? i : -1;
    }
    pthread_mutex_lock(&sh->lock);
    int i = sh->next < sh->count ? sh->next++ : -1;
    pthread_mutex_unlock(&sh->lock);
    return i;
}

/* Records the value of root move i; keeps the best (the lowest index on
** a tie, so that the move does not depend on timing where it can help). */
static void report(struct shared *sh, int i, long v)
{
    pthread_mutex_lock(&sh->lock);
    if (v > sh->value || (v == sh->value && sh->best > i)) {
        sh->value = v;
        sh->best = i;
    }
    pthread_mutex_unlock(&sh->lock);
}

static long bound(struct shared *sh)
{
    pthread_mutex_lock(&sh->lock);
    long v = sh->value;
    pthread_mutex_unlock(&sh->lock);
    return v;
}

/* Searches root move i: a full window for the static split, else against
** the best so far (a move that cannot beat it fails low and is dropped). */
static void search_move(struct worker *w, int i)
{
    struct shared *sh = w->sh;
    long alpha = sh->split == EG_SPLIT_STATIC ? -INF : bound(sh);

    eg_make(w->pos, sh->moves[i]);
    long v = -eg_search_window(&w->eval, w->pos, sh->depth - 1, 1, -INF, alpha == -INF ? INF : -alpha);
    eg_unmake(w->pos, sh->moves[i]);
    if (v > alpha || alpha == -INF)
        report(sh, i, v);
}

static void *work(void *arg)
{
    struct worker *w = arg;
    int seq = 0, i;

    while ((i = take(w, &seq)) >= 0)
        search_move(w, i);
    return NULL;
}

/* Starts the workers, waits for them, adds their evaluation counts. */
static int run_workers(struct shared *sh, eg_eval *e, const eg_position *pos)
{
    struct worker *w = calloc((size_t)sh->threads, sizeof *w);
    pthread_t *tid = calloc((size_t)sh->threads, sizeof *tid);
    int started = 0, ok = w && tid;

    for (int t = 0; ok && t < sh->threads; t++) {
        w[t] = (struct worker){sh, *e, eg_position_new(pos->board, pos->kangaroo), t};
        w[t].eval.calls = 0;
        ok = w[t].pos != NULL;
        if (ok) {
            eg_position_copy(w[t].pos, pos);
            ok = pthread_create(&tid[t], NULL, work, &w[t]) == 0;
            started += ok;
        }
    }
    for (int t = 0; t < started; t++) {
        pthread_join(tid[t], NULL);
        e->calls += w[t].eval.calls;
    }
    for (int t = 0; w && t < sh->threads; t++)
        eg_position_free(w[t].pos);
    free(w);
    free(tid);
    return ok ? 0 : -1;
}

long eg_parallel(eg_eval *e, eg_position *pos, int depth, int threads, enum eg_split split,
                 eg_move *best)
{
    if (split == EG_SPLIT_LAZY)
        return eg_lazy_smp(e, pos, depth, threads, 20, best);
    if (split == EG_SPLIT_PV)
        return eg_pv_split(e, pos, depth, threads, 20, best);
    *best = (eg_move){-1, -1};
    if (threads < 1 || threads > 64 || depth < 1)
        return depth < 1 ? eg_alphabeta(e, pos, depth, best) : 0;
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));
    if (!moves)
        return 0;
    struct shared sh = {.moves = moves, .count = 0, .threads = threads, .depth = depth,
                        .split = split, .value = -INF, .best = -1};
    pthread_mutex_init(&sh.lock, NULL);
    sh.count = eg_search_root_moves(e, pos, moves);
    if (sh.count == 0 || eg_winner(e, pos) >= 0) {
        free(moves);
        pthread_mutex_destroy(&sh.lock);
        return eg_alphabeta(e, pos, depth, best);
    }
    if (split == EG_SPLIT_YBW) {        /* the eldest brother first, alone */
        struct worker w = {&sh, *e, pos, 0};
        w.eval.calls = 0;
        search_move(&w, 0);
        e->calls += w.eval.calls;
        sh.next = 1;
    }
    int failed = run_workers(&sh, e, pos);
    pthread_mutex_destroy(&sh.lock);
    if (!failed && sh.best >= 0)
        *best = moves[sh.best];
    free(moves);
    return failed ? 0 : sh.value;
}
