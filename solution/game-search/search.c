/*
** search.c -- the reference's search (game_search.h, part 2): minimax,
** alpha-beta with the most promising moves first, a parallel search that
** splits the root's moves among threads sharing the best value found,
** and the move chooser.
*/
#include "game_search.h"

#include <pthread.h>

static int is_leaf(const gs_position *p, int depth, int moves)
{
    return depth == 0 || moves == 0 || gs_winner(p) != GS_EMPTY;
}

int minimax(gs_position *p, int depth, gs_eval_fn *eval)
{
    gs_move moves[GS_MAX_MOVES];
    int n = depth > 0 ? gs_moves(p, moves) : 0;

    if (is_leaf(p, depth, n))
        return eval(p);
    int maximise = p->side == GS_WHITE;
    int best = maximise ? -GS_INF : GS_INF;
    for (int i = 0; i < n; i++) {
        gs_play(p, moves[i]);
        int v = minimax(p, depth - 1, eval);
        gs_undo(p, moves[i]);
        if (maximise ? v > best : v < best)
            best = v;
    }
    return best;
}

/* How far a move brings the mover's piece towards its goal corner. */
static int gain(int side, gs_move m)
{
    int ahead = m.to % GS_SIDE + m.to / GS_SIDE - (m.from % GS_SIDE + m.from / GS_SIDE);

    return side == GS_WHITE ? ahead : -ahead;
}

/* Reorders moves[0..n-1] by gain, largest first, keeping the library's
** order among equals (a counting sort: a gain is -14..14). */
static void order(int side, gs_move *moves, int n)
{
    enum { SPAN = 2 * 2 * (GS_SIDE - 1) + 1 };
    gs_move sorted[GS_MAX_MOVES];
    int start[SPAN + 1] = {0};

    for (int i = 0; i < n; i++)
        start[2 * (GS_SIDE - 1) - gain(side, moves[i]) + 1]++;
    for (int g = 1; g <= SPAN; g++)
        start[g] += start[g - 1];
    for (int i = 0; i < n; i++)
        sorted[start[2 * (GS_SIDE - 1) - gain(side, moves[i])]++] = moves[i];
    for (int i = 0; i < n; i++)
        moves[i] = sorted[i];
}

/* Fail-hard alpha-beta: the result is clamped to [alpha, beta]. */
int alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    gs_move moves[GS_MAX_MOVES];
    int n = depth > 0 ? gs_moves(p, moves) : 0;

    if (is_leaf(p, depth, n)) {
        int v = eval(p);
        return v <= alpha ? alpha : v >= beta ? beta : v;
    }
    int maximise = p->side == GS_WHITE;
    order(p->side, moves, n);
    for (int i = 0; i < n && alpha < beta; i++) {
        gs_play(p, moves[i]);
        int v = alphabeta(p, depth - 1, alpha, beta, eval);
        gs_undo(p, moves[i]);
        if (maximise && v > alpha)
            alpha = v;
        else if (!maximise && v < beta)
            beta = v;
    }
    return maximise ? alpha : beta;
}

/* The root of a search: its ordered moves, the best value and move found
** so far.  The value of a root move is searched in the window between the
** best so far and the far end, so a move that cannot be better costs
** little and one that is better comes back exact. */
struct root {
    gs_position start;
    gs_move moves[GS_MAX_MOVES];
    int n, depth, maximise;
    gs_eval_fn *eval;
    int best;
    gs_move best_move;
    int next;                     /* the next move to search */
    pthread_mutex_t lock;
};

static void root_init(struct root *r, const gs_position *p, int depth, gs_eval_fn *eval)
{
    r->start = *p;
    r->n = gs_moves(p, r->moves);
    order(p->side, r->moves, r->n);
    r->depth = depth;
    r->maximise = p->side == GS_WHITE;
    r->eval = eval;
    r->best = r->maximise ? -GS_INF : GS_INF;
    pthread_mutex_init(&r->lock, NULL);
}

/* Searches move i of the root on `mine`, a copy of the root's position. */
static void root_search(struct root *r, gs_position *mine, int i, int bound)
{
    int v;

    gs_play(mine, r->moves[i]);
    if (r->maximise)
        v = alphabeta(mine, r->depth - 1, bound, GS_INF, r->eval);
    else
        v = alphabeta(mine, r->depth - 1, -GS_INF, bound, r->eval);
    gs_undo(mine, r->moves[i]);
    pthread_mutex_lock(&r->lock);
    if (r->maximise ? v > r->best : v < r->best) {
        r->best = v;
        r->best_move = r->moves[i];
    }
    pthread_mutex_unlock(&r->lock);
}

/* A thread's work: take the next root move until none is left. */
static void *worker(void *arg)
{
    struct root *r = arg;
    gs_position mine = r->start;

    for (;;) {
        pthread_mutex_lock(&r->lock);
        int i = r->next++, bound = r->best;
        pthread_mutex_unlock(&r->lock);
        if (i >= r->n)
            return NULL;
        root_search(r, &mine, i, bound);
    }
}

/* Searches every root move with up to `threads` threads, the caller's
** own among them.  The first move is searched alone, to give the others
** a bound to work against.  A thread that cannot be started leaves its
** share to the others, so the value is exact whatever happens. */
static void root_run(struct root *r, int threads)
{
    pthread_t id[GS_MAX_THREADS];
    gs_position first = r->start;
    int started = 0;

    root_search(r, &first, 0, r->best);
    r->next = 1;
    for (int t = 1; t < threads && t < r->n; t++) {
        if (pthread_create(&id[started], NULL, worker, r) != 0)
            break;
        started++;
    }
    worker(r);
    for (int t = 0; t < started; t++)
        pthread_join(id[t], NULL);
}

int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    struct root r;

    root_init(&r, p, depth, eval);
    if (is_leaf(p, depth, r.n)) {
        pthread_mutex_destroy(&r.lock);
        return eval(p);
    }
    if (threads > GS_MAX_THREADS)
        threads = GS_MAX_THREADS;
    root_run(&r, threads);
    pthread_mutex_destroy(&r.lock);
    return r.best;
}

int choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best)
{
    struct root r;

    root_init(&r, p, depth, eval);
    if (is_leaf(p, depth, r.n)) {
        best->from = best->to = GS_NO_CELL;
        pthread_mutex_destroy(&r.lock);
        return eval(p);
    }
    root_run(&r, 1);
    pthread_mutex_destroy(&r.lock);
    *best = r.best_move;
    return r.best;
}
