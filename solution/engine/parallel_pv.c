/*
** parallel_pv.c -- principal-variation splitting over iterative
** deepening (search.h's eg_pv_split, eg_parallel's EG_SPLIT_PV).
**
** Theory of operation.  Each iteration of the deepening walks down its
** principal variation: at a node of the PV, the eldest brother (the
** table's best move from the last iteration, else the most advancing) is
** searched first, alone, by the same PV walk, one ply deeper; that gives
** the node a bound.  Then the node's younger brothers are shared out: the
** calling thread and the helpers take the next move from a common
** counter, each searches it on its own copy of the node's position with
** deepen.c's sequential search in the window (best so far, beta), and
** they merge their results under one lock.  With good ordering, almost
** all of a search is younger brothers refuted against a bound, so the
** threads are busy nearly all the time; the part searched alone is one
** path.  Only one split is open at a time: the deepest PV node not yet
** finished.
**
** The values are exact: every younger brother is searched fail-soft
** against a bound that some searched move really reaches, so the best of
** the results is the node's value (as in parallel.c), and table entries
** cut a search short only at the same remaining depth (deepen.c).  All
** threads share one lockless table (tt.c); the helpers' entries speed up
** everybody's later searches.
*/
#include "search.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#define INF LONG_MAX

/* Nodes with fewer plies left are searched whole by one thread: their
** younger brothers are too small to be worth a split.  Measured on 8x8
** Halma at depth 7 (make bench-search, two idle cores): 2-thread speed-up
** x1.67 with 2, x1.56 with 3, x1.94 with 4, x1.83 with 5, x1.78 with 6.
** The root splits at any depth from 2, so that short searches (the
** tests', under ThreadSanitizer) share work too. */
#define SPLIT_DEPTH 4

/* The one open split, and the helpers waiting for it. */
struct pool {
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    eg_tt *table;
    /* the split: guarded by lock */
    eg_position *node;          /* a copy of the split node's position    */
    const eg_move *moves;       /* its younger brothers                   */
    int n, next, active, depth, ply;
    long alpha, beta, value;
    eg_move best;
    unsigned generation;
    int quit, failed;
};

struct helper {
    struct pool *pool;
    eg_eval eval;               /* a copy: own counter, shared distances  */
    eg_position *pos;
    char apart[64];             /* keeps the next helper's counter off   */
};                              /* this one's cache line                 */

/* Takes the split's moves one at a time until none is left or the node
** fails high; called and returns with the lock held.  `pos` is the
** caller's copy of the split node. */
static void take_moves(struct pool *p, eg_eval *e, eg_position *pos)
{
    while (p->next < p->n && p->alpha < p->beta && !p->failed) {
        eg_move m = p->moves[p->next++], ignored;
        long alpha = p->alpha, beta = p->beta;
        int depth = p->depth, ply = p->ply, failed = 0;
        pthread_mutex_unlock(&p->lock);
        eg_make(pos, m);
        long v = -eg_deepen_window(e, pos, depth - 1, ply + 1, -beta, -alpha, p->table, &ignored,
                                   &failed);
        eg_unmake(pos, m);
        pthread_mutex_lock(&p->lock);
        p->failed |= failed;
        if (v > p->value)
            p->value = v, p->best = m;
        if (v > p->alpha)
            p->alpha = v;
    }
}

static void *help(void *arg)
{
    struct helper *h = arg;
    struct pool *p = h->pool;
    unsigned seen = 0;

    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && (p->generation == seen || p->next >= p->n))
            pthread_cond_wait(&p->work, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        p->active++;
        eg_position_copy(h->pos, p->node);
        take_moves(p, &h->eval, h->pos);
        if (--p->active == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Shares out moves[0..n-1], the younger brothers of the node pos, among
** the helpers and the calling thread, from the bound *alpha; merges the
** results into *value, *best and *alpha.  Returns when every one taken is
** searched. */
static void split(struct pool *p, eg_eval *e, eg_position *pos, const eg_move *moves, int n,
                  int depth, int ply, long *alpha, long beta, long *value, eg_move *best)
{
    pthread_mutex_lock(&p->lock);
    eg_position_copy(p->node, pos);
    p->moves = moves;
    p->n = n;
    p->next = 0;
    p->depth = depth;
    p->ply = ply;
    p->alpha = *alpha;
    p->beta = beta;
    p->value = *value;
    p->best = *best;
    p->active = 1;
    p->generation++;
    pthread_cond_broadcast(&p->work);
    take_moves(p, e, pos);
    p->active--;
    while (p->active > 0)
        pthread_cond_wait(&p->done, &p->lock);
    p->n = 0;
    *alpha = p->alpha;
    *value = p->value;
    *best = p->best;
    pthread_mutex_unlock(&p->lock);
}

/* A node of the principal variation: fail-soft negamax like deepen.c's
** search, its eldest brother by this same walk, the others split. */
static long pv_node(struct pool *p, eg_eval *e, eg_position *pos, int depth, int ply, long alpha,
                    long beta, eg_move *best)
{
    int player = pos->to_move, w = eg_winner(e, pos), failed = 0;

    *best = (eg_move){-1, -1};
    if ((depth < SPLIT_DEPTH && (ply > 0 || depth < 2)) || w >= 0) {
        long v = eg_deepen_window(e, pos, depth, ply, alpha, beta, p->table, best, &failed);
        p->failed |= failed;
        return v;
    }
    uint64_t key = pos->hash;
    eg_move hint;
    long cut;
    if (eg_tt_cutoff(p->table, key, depth, ply, alpha, beta, &cut, &hint)) {
        *best = hint;
        return cut;
    }
    eg_move *m = malloc(sizeof *m * (size_t)EG_MOVES_MAX(pos->board)), ignored;
    if (!m) {
        p->failed = 1;
        return 0;
    }
    int n = eg_search_root_moves(e, pos, m);
    eg_hint_first(m, n, hint);
    if (n == 0) {
        free(m);
        return eg_evaluate(e, pos, player);
    }
    long alpha0 = alpha;
    eg_make(pos, m[0]);
    long value = -pv_node(p, e, pos, depth - 1, ply + 1, -beta, -alpha, &ignored);
    eg_unmake(pos, m[0]);
    *best = m[0];
    if (value > alpha)
        alpha = value;
    if (alpha < beta && n > 1)
        split(p, e, pos, m + 1, n - 1, depth, ply, &alpha, beta, &value, best);
    eg_tt_store(p->table, key, eg_tt_value_in(value, ply), depth,
                value <= alpha0 ? EG_TT_UPPER : value >= beta ? EG_TT_LOWER : EG_TT_EXACT, *best);
    free(m);
    return value;
}

/* Starts up to n helpers; returns how many run.  One that cannot be
** started is left out: the splits do without it. */
static int start_helpers(struct pool *p, struct helper *h, pthread_t *tid, int n, const eg_eval *e,
                         const eg_position *pos)
{
    int started = 0;

    for (int i = 0; i < n; i++) {
        struct helper *x = &h[started];
        *x = (struct helper){p, *e, eg_position_new(pos->board, pos->kangaroo), {0}};
        x->eval.calls = 0;
        if (!x->pos)
            continue;
        if (pthread_create(&tid[started], NULL, help, x) != 0) {
            eg_position_free(x->pos);
            continue;
        }
        started++;
    }
    return started;
}

static void stop_helpers(struct pool *p, struct helper *h, pthread_t *tid, int started, eg_eval *e)
{
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < started; i++) {
        pthread_join(tid[i], NULL);
        e->calls += h[i].eval.calls;
        eg_position_free(h[i].pos);
    }
}

long eg_pv_split(eg_eval *e, eg_position *pos, int depth, int threads, int table_bits, eg_move *best)
{
    *best = (eg_move){-1, -1};
    if (threads < 1 || threads > 64 || depth < 1)
        return depth == 0 && threads >= 1 && threads <= 64 ? eg_alphabeta(e, pos, 0, best) : 0;
    struct pool p = {.table = eg_tt_new(table_bits, 0),
                     .node = eg_position_new(pos->board, pos->kangaroo)};
    struct helper *h = calloc((size_t)threads, sizeof *h);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    long value = 0;
    int started = 0;

    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    p.failed = !p.table || !p.node || !h || !tid;
    if (!p.failed)
        started = start_helpers(&p, h, tid, threads - 1, e, pos);
    for (int d = 1; !p.failed && d <= depth; d++)
        value = pv_node(&p, e, pos, d, 0, -INF, INF, best);
    stop_helpers(&p, h, tid, started, e);
    pthread_cond_destroy(&p.done);
    pthread_cond_destroy(&p.work);
    pthread_mutex_destroy(&p.lock);
    eg_tt_free(p.table);
    eg_position_free(p.node);
    free(h);
    free(tid);
    if (p.failed) {
        *best = (eg_move){-1, -1};
        return 0;
    }
    return value;
}
