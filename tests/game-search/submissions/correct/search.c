/*
** search.c -- minimax, alpha-beta, a parallel search and a move chooser
** for 8x8 Halma (game_search.h, part 2).
**
** Each search has one routine for WHITE's nodes, which take the largest
** value below them, and one for BLACK's, which take the smallest; the two
** call each other, as the players alternate.  Alpha-beta tries the moves
** that go furthest towards the mover's goal first: a good move found
** early makes the cuts that follow.  The parallel search searches the root's
** first move alone, for a bound, then deals the other moves out like
** cards, move i to worker i % threads; the workers share one bound, the
** best value any of them has found, which each reads before a move and
** raises after it, under a lock.  The bound is always a value some move
** reaches, so when the workers are done it is the value.
*/
#include "game_search.h"

#include <pthread.h>
#include <stdlib.h>

/* Writes into list the moves to search below p and returns how many: 0
** when p is a leaf at this depth (no depth left, a game over, no move),
** which the caller then evaluates. */
static int moves_below(const gs_position *p, int depth, gs_move *list)
{
    int count = depth > 0 ? gs_moves(p, list) : 0;

    return gs_winner(p) == GS_EMPTY ? count : 0;
}

/* ---- minimax ---- */

static int minimax_white(gs_position *p, int depth, gs_eval_fn *eval);
static int minimax_black(gs_position *p, int depth, gs_eval_fn *eval);

/* The value of p, whoever is to move. */
static int minimax_node(gs_position *p, int depth, gs_eval_fn *eval)
{
    return p->side == GS_WHITE ? minimax_white(p, depth, eval) : minimax_black(p, depth, eval);
}

static int minimax_white(gs_position *p, int depth, gs_eval_fn *eval)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0)
        return eval(p);
    int most = -GS_INF;
    for (int i = 0; i < count; i++) {
        gs_play(p, list[i]);
        int value = minimax_black(p, depth - 1, eval);
        gs_undo(p, list[i]);
        if (value > most)
            most = value;
    }
    return most;
}

static int minimax_black(gs_position *p, int depth, gs_eval_fn *eval)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0)
        return eval(p);
    int least = GS_INF;
    for (int i = 0; i < count; i++) {
        gs_play(p, list[i]);
        int value = minimax_white(p, depth - 1, eval);
        gs_undo(p, list[i]);
        if (value < least)
            least = value;
    }
    return least;
}

int minimax(gs_position *p, int depth, gs_eval_fn *eval)
{
    return minimax_node(p, depth, eval);
}

/* ---- alpha-beta ---- */

/* How many rows and columns, together, move m brings the mover nearer to
** its goal corner (negative: further away). */
static int advance(int side, gs_move m)
{
    int before = m.from % GS_SIDE + m.from / GS_SIDE, after = m.to % GS_SIDE + m.to / GS_SIDE;

    return side == GS_WHITE ? after - before : before - after;
}

/* Swaps into list[i] the move of list[i..count-1] that advances most (the
** first such): the moves come out best first, and a node cut early never
** pays for sorting the rest. */
static void bring_best_forward(int side, gs_move *list, int i, int count)
{
    int pick = i;

    for (int k = i + 1; k < count; k++)
        if (advance(side, list[k]) > advance(side, list[pick]))
            pick = k;
    gs_move kept = list[pick];
    for (int k = pick; k > i; k--)      /* shift, so equal moves keep their order */
        list[k] = list[k - 1];
    list[i] = kept;
}

static int alphabeta_white(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval);
static int alphabeta_black(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval);

/* WHITE's node, fail-soft: the exact value when it lies inside (alpha,
** beta), else a bound on the side it lies. */
static int alphabeta_white(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0)
        return eval(p);
    int most = -GS_INF;
    for (int i = 0; i < count; i++) {
        bring_best_forward(GS_WHITE, list, i, count);
        gs_play(p, list[i]);
        int value = alphabeta_black(p, depth - 1, alpha, beta, eval);
        gs_undo(p, list[i]);
        if (value > most)
            most = value;
        if (most >= beta)
            break;              /* BLACK will not let the game come here */
        if (most > alpha)
            alpha = most;
    }
    return most;
}

static int alphabeta_black(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0)
        return eval(p);
    int least = GS_INF;
    for (int i = 0; i < count; i++) {
        bring_best_forward(GS_BLACK, list, i, count);
        gs_play(p, list[i]);
        int value = alphabeta_white(p, depth - 1, alpha, beta, eval);
        gs_undo(p, list[i]);
        if (value < least)
            least = value;
        if (least <= alpha)
            break;              /* WHITE will not let the game come here */
        if (least < beta)
            beta = least;
    }
    return least;
}

int alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    return p->side == GS_WHITE ? alphabeta_white(p, depth, alpha, beta, eval)
                               : alphabeta_black(p, depth, alpha, beta, eval);
}

/* ---- the root: the value after each move ---- */

/* Is `value` better than `than` for the player `side`? */
static int better(int side, int value, int than)
{
    return side == GS_WHITE ? value > than : value < than;
}

/* The value after root move m, searched against `so_far`, the best the
** mover already has: when the move cannot beat it, the result is only a
** bound no better than so_far, which is all the caller needs to know. */
static int after_move(gs_position *p, gs_move m, int depth, int so_far, gs_eval_fn *eval)
{
    int side = p->side, value;

    gs_play(p, m);
    if (side == GS_WHITE)
        value = alphabeta(p, depth - 1, so_far, GS_INF, eval);
    else
        value = alphabeta(p, depth - 1, -GS_INF, so_far, eval);
    gs_undo(p, m);
    return value;
}

/* ---- the parallel search ---- */

/* What the workers share: the best value found so far, behind a lock. */
struct common {
    pthread_mutex_t lock;
    int side;
    int bound;
};

static int read_bound(struct common *c)
{
    pthread_mutex_lock(&c->lock);
    int bound = c->bound;
    pthread_mutex_unlock(&c->lock);
    return bound;
}

/* Raises the bound to `value` if that is better for the mover.  A value
** that is not better may be only a bound itself, and is dropped. */
static void offer(struct common *c, int value)
{
    pthread_mutex_lock(&c->lock);
    if (better(c->side, value, c->bound))
        c->bound = value;
    pthread_mutex_unlock(&c->lock);
}

/* One worker's share: root moves first, first + stride, ... */
struct share {
    gs_position position;        /* the worker's own copy of the root */
    const gs_move *list;
    int count, first, stride, depth;
    gs_eval_fn *eval;
    struct common *common;
};

static void *search_share(void *arg)
{
    struct share *s = arg;

    for (int i = s->first; i < s->count; i += s->stride)
        offer(s->common, after_move(&s->position, s->list[i], s->depth,
                                    read_bound(s->common), s->eval));
    return NULL;
}

/* Searches moves 1..count-1 of list with `threads` workers, the caller's
** thread among them; false when the arrays cannot be had. */
static int share_out(gs_position *p, const gs_move *list, int count, int threads, int depth,
                     gs_eval_fn *eval, struct common *common)
{
    /* Freed below; the caller's thread takes share 0 itself. */
    struct share *shares = malloc((size_t)threads * sizeof *shares);
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    char *started = calloc((size_t)threads, 1);
    if (!shares || !ids || !started) {
        free(shares), free(ids), free(started);
        return 0;
    }
    for (int t = 0; t < threads; t++) {
        shares[t] = (struct share){*p, list, count, 1 + t, threads, depth, eval, common};
        if (t > 0)
            started[t] = pthread_create(&ids[t], NULL, search_share, &shares[t]) == 0;
    }
    search_share(&shares[0]);
    for (int t = 1; t < threads; t++) {
        if (started[t])
            pthread_join(ids[t], NULL);
        else
            search_share(&shares[t]);   /* no thread: do its share here */
    }
    free(shares);
    free(ids);
    free(started);
    return 1;
}

int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0)
        return eval(p);
    if (threads > count - 1)
        threads = count - 1;
    if (threads < 1)
        threads = 1;
    if (threads > GS_MAX_THREADS)
        threads = GS_MAX_THREADS;

    for (int i = 0; i < count; i++)     /* the most promising first */
        bring_best_forward(p->side, list, i, count);
    struct common common = {.side = p->side};
    if (pthread_mutex_init(&common.lock, NULL) != 0)
        return alphabeta(p, depth, -GS_INF, GS_INF, eval);
    /* The first move alone: its exact value is the others' first bound. */
    common.bound = after_move(p, list[0], depth, p->side == GS_WHITE ? -GS_INF : GS_INF, eval);
    int done = share_out(p, list, count, threads, depth, eval, &common);
    pthread_mutex_destroy(&common.lock);
    return done ? common.bound : alphabeta(p, depth, -GS_INF, GS_INF, eval);
}

/* ---- the move chooser ---- */

int choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0) {
        best->from = best->to = GS_NO_CELL;
        return eval(p);
    }
    int side = p->side, value = side == GS_WHITE ? -GS_INF : GS_INF;
    for (int i = 0; i < count; i++) {
        bring_best_forward(side, list, i, count);
        int v = after_move(p, list[i], depth, value, eval);
        if (better(side, v, value)) {     /* strictly better: the first best stays */
            value = v;
            *best = list[i];
        }
    }
    return value;
}
