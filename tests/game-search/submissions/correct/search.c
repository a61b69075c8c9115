/*
** search.c -- minimax, alpha-beta, a parallel search and a move chooser
** for 8x8 Halma (game_search.h, part 2).
**
** Each search has one routine for WHITE's nodes, which take the largest
** value below them, and one for BLACK's, which take the smallest; the two
** call each other, as the players alternate.  Alpha-beta tries the moves
** that go furthest towards the mover's goal first: a good move found
** early makes the cuts that follow.  The parallel search deals the root's
** moves out like cards, move i to worker i % threads; each worker keeps
** its own best and searches its moves against it, and the best of the
** workers' bests is the value.  Workers share nothing they write, so they
** need no lock.
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

/* One worker's share: root moves first, first + stride, ... */
struct share {
    gs_position position;        /* the worker's own copy of the root */
    const gs_move *list;
    int count, first, stride, depth;
    gs_eval_fn *eval;
    int best;                    /* out: the best value of its moves  */
};

static void *search_share(void *arg)
{
    struct share *s = arg;
    int side = s->position.side;

    s->best = side == GS_WHITE ? -GS_INF : GS_INF;
    for (int i = s->first; i < s->count; i += s->stride) {
        int value = after_move(&s->position, s->list[i], s->depth, s->best, s->eval);
        if (better(side, value, s->best))
            s->best = value;
    }
    return NULL;
}

int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    gs_move list[GS_MAX_MOVES];
    int count = moves_below(p, depth, list);

    if (count == 0)
        return eval(p);
    if (threads > count)
        threads = count;
    if (threads < 1)
        threads = 1;
    if (threads > GS_MAX_THREADS)
        threads = GS_MAX_THREADS;

    /* Freed below; the caller's thread takes share 0 itself. */
    struct share *shares = malloc((size_t)threads * sizeof *shares);
    pthread_t *ids = malloc((size_t)threads * sizeof *ids);
    char *started = calloc((size_t)threads, 1);
    if (!shares || !ids || !started) {
        free(shares), free(ids), free(started);
        return alphabeta(p, depth, -GS_INF, GS_INF, eval);
    }
    for (int t = 0; t < threads; t++) {
        shares[t] = (struct share){*p, list, count, t, threads, depth, eval, 0};
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
    int best = shares[0].best;
    for (int t = 1; t < threads; t++)
        if (better(p->side, shares[t].best, best))
            best = shares[t].best;
    free(shares);
    free(ids);
    free(started);
    return best;
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
