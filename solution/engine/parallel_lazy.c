/*
** parallel_lazy.c -- Lazy SMP with ABDADA's deferral (search.h's
** eg_lazy_smp, eg_parallel's EG_SPLIT_LAZY).
**
** Theory of operation.  Every thread runs the same iterative deepening
** (deepen.c), depth 1, 2, ..., on one transposition table (tt.c).  The
** calling thread is the main one: its last iteration is an ordinary,
** complete alpha-beta search whose value and move are returned.  The
** helpers' searches are never read; they matter only through the table,
** where each finished node leaves the exact value or a bound for its
** position at its remaining depth, which any thread may use as its own
** search would have.  An entry cuts a search short only at the same
** remaining depth (deepen.c), so the value is exactly eg_alphabeta's,
** however the threads interleave.
**
** Left to themselves the threads would walk the same tree in the same
** order.  So, as in ABDADA (Weill, 1996), a thread marks the position it
** is searching (at nodes at least DEFER_DEPTH deep) and another thread
** reaching it as a younger brother defers it to after its other moves;
** by then the table usually holds its result.  The eldest brother is
** never deferred, so the threads part only where Young Brothers Wait would
** split.  When the main thread is done it raises the table's stop flag; a
** helper then unwinds at once, storing nothing of the search it leaves.
*/
#include "search.h"

#include <pthread.h>
#include <stdlib.h>

struct helper {
    eg_tt *table;
    eg_eval eval;               /* a copy: own counter, shared distances  */
    eg_position *pos;           /* its own copy of the root               */
    int depth;
    char apart[64];             /* keeps the next helper's counter off   */
};                              /* this one's cache line                 */

static void *help(void *arg)
{
    struct helper *h = arg;
    long ignored_value;
    eg_move ignored_move;

    for (int d = 1; d <= h->depth && !eg_tt_stopped(h->table); d++)
        if (eg_deepen_iteration(&h->eval, h->pos, d, h->table, 1, &ignored_value, &ignored_move) != 0)
            break;
    return NULL;
}

/* Starts up to n helpers on a copy of pos each; returns how many run.
** One that cannot be started is left out: the main thread's search does
** not need it. */
static int start_helpers(struct helper *h, pthread_t *tid, int n, eg_tt *t, const eg_eval *e,
                         const eg_position *pos, int depth)
{
    int started = 0;

    for (int i = 0; i < n; i++) {
        struct helper *x = &h[started];
        *x = (struct helper){t, *e, eg_position_new(pos->board, pos->kangaroo), depth, {0}};
        x->eval.calls = 0;
        if (!x->pos)
            continue;
        eg_position_copy(x->pos, pos);
        if (pthread_create(&tid[started], NULL, help, x) != 0) {
            eg_position_free(x->pos);
            continue;
        }
        started++;
    }
    return started;
}

long eg_lazy_smp(eg_eval *e, eg_position *pos, int depth, int threads, int table_bits, eg_move *best)
{
    *best = (eg_move){-1, -1};
    if (threads < 1 || threads > 64 || depth < 1)
        return depth == 0 && threads >= 1 && threads <= 64 ? eg_alphabeta(e, pos, 0, best) : 0;
    eg_tt *t = eg_tt_new(table_bits, threads > 1);
    struct helper *h = calloc((size_t)threads, sizeof *h);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    long value = 0;
    int failed = !t || !h || !tid;
    int started = failed ? 0 : start_helpers(h, tid, threads - 1, t, e, pos, depth);

    for (int d = 1; !failed && d <= depth; d++)
        failed = eg_deepen_iteration(e, pos, d, t, started > 0, &value, best) != 0;
    if (t)
        eg_tt_stop(t);
    for (int i = 0; i < started; i++) {
        pthread_join(tid[i], NULL);
        e->calls += h[i].eval.calls;
        eg_position_free(h[i].pos);
    }
    eg_tt_free(t);
    free(h);
    free(tid);
    if (failed) {
        *best = (eg_move){-1, -1};
        return 0;
    }
    return value;
}
