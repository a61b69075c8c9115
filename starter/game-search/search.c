/*
** search.c -- your search: the four functions of game_search.h, part 2.
**
** Each is a stub that compiles and returns a value no test accepts.
** Replace them one by one, in this order: minimax, alphabeta, choose_move,
** parallel_search.  Helpers of your own go here too, as static functions.
*/
#include "game_search.h"

/* TODO: a leaf (depth 0, gs_winner() != GS_EMPTY, or no move) is worth
** eval(p).  Otherwise play each move of gs_moves() with gs_play, take the
** value of the position after it one ply less deep, and gs_undo.  WHITE
** keeps the largest value, BLACK the smallest. */
int minimax(gs_position *p, int depth, gs_eval_fn *eval)
{
    (void)p, (void)depth, (void)eval;
    return GS_INF;
}

/* TODO: minimax, but stop trying moves at a node as soon as alpha >=
** beta: the player above will never let the game come here.  Try the
** most promising moves first and you will cut more. */
int alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    (void)p, (void)depth, (void)alpha, (void)beta, (void)eval;
    return GS_INF;
}

/* TODO: share the moves of the root among `threads` POSIX threads, each
** searching its own copy of the position.  Protect what they share (the
** next move to take, the best value so far) with a mutex. */
int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    (void)p, (void)depth, (void)threads, (void)eval;
    return GS_INF;
}

/* TODO: the root of a search that also remembers which move gave the best
** value. */
int choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best)
{
    (void)p, (void)depth, (void)eval;
    best->from = best->to = GS_NO_CELL;
    return GS_INF;
}
