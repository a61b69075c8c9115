/*
** search.c -- your search: the four functions of game_search.h, part 2.
**
** Each is a stub that compiles and returns a value no test accepts.
** Replace them one by one, in this order: minimax, alphabeta, choose_move,
** parallel_search, and run `make test` after each.  Helpers of your own go
** here too, as static functions.
**
** Two rules hold for all four.  Call eval() for every leaf and never
** compute a value yourself (the hidden tests pass an evaluation you
** cannot know).  Leave *p as you found it: every gs_play() is undone by a
** gs_undo() of the same move before you return.
*/
#include "game_search.h"

/* TODO: a leaf -- depth 0, gs_winner(p) != GS_EMPTY, or no move at all
** (gs_moves() returns 0) -- is worth eval(p), and is the only place eval
** is called.  Otherwise play each move of gs_moves() with gs_play, take
** the value of the position after it at depth - 1, and gs_undo.  WHITE
** (p->side == GS_WHITE) keeps the largest value, BLACK the smallest.
** Check: from the start, depth 1, 2, 3 evaluate 24, 576, 20050 leaves
** (`make run`, then `start` and `minimax 3`). */
int minimax(gs_position *p, int depth, gs_eval_fn *eval)
{
    (void)p, (void)depth, (void)eval;
    return GS_INF;
}

/* TODO: minimax that stops trying moves at a node as soon as alpha >=
** beta: the player above already has something better and will never let
** the game come here.  WHITE raises alpha, BLACK lowers beta; pass the
** narrowed window down.  At a leaf, eval(p) may be returned as it is or
** clamped into [alpha, beta]: both keep the contract.  Try the most
** promising moves first (those that bring a piece furthest towards its
** goal corner) and you will cut much more. */
int alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    (void)p, (void)depth, (void)alpha, (void)beta, (void)eval;
    return GS_INF;
}

/* TODO: the root of alphabeta that also remembers which move gave the
** best value so far (of equal ones any will do; keeping the first is the
** simplest).  At a leaf, write GS_NO_CELL into best->from and best->to
** and return eval(p). */
int choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best)
{
    (void)p, (void)depth, (void)eval;
    best->from = best->to = GS_NO_CELL;
    return GS_INF;
}

/* TODO: share the root's moves among `threads` POSIX threads
** (pthread_create, then pthread_join for every one started).  Each thread
** searches its own copy of the position (`gs_position mine = *p;`) with
** your alphabeta.  What they share -- the next move to take, the best
** value so far -- is read and written only under one pthread_mutex_t.
** Search the first move alone, then give each later move the best value
** so far as its bound: that is what makes the parallel search faster than
** alphabeta, not only busier.  Print nothing from a thread. */
int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    (void)p, (void)depth, (void)threads, (void)eval;
    return GS_INF;
}
