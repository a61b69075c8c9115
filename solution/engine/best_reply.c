/*
** best_reply.c -- best-reply search (search.h's eg_best_reply).
**
** Levels alternate: the root player moves (maximising its evaluation),
** then the opponents' moves are searched together as one minimising
** level, each opponent given the turn for its own moves; after the reply
** the turn goes back to the root player.  Turns are set explicitly around
** each move, so the order of seats never matters here.
*/
#include "search.h"

#include <limits.h>
#include <stdlib.h>

#define INF LONG_MAX

struct brs {
    eg_eval *e;
    eg_position *pos;
    int root;
    eg_move *moves;
    int per_ply;
};

/* Makes move m as `player`; the turn after it is `next`. */
static void play(eg_position *pos, int player, eg_move m, int next)
{
    eg_set_turn(pos, player);
    eg_make(pos, m);
    eg_set_turn(pos, next);
}

/* Takes move m (made as `player`) back; the turn is `player`'s again. */
static void take_back(eg_position *pos, int player, eg_move m)
{
    eg_set_turn(pos, (player + 1) % pos->board->players);
    eg_unmake(pos, m);
}

static long level(struct brs *s, int depth, int ply, long alpha, long beta, eg_move *best);

/* The moves of `player` at this ply, in alpha-beta's order. */
static int moves_of(struct brs *s, int player, int ply, eg_move **out)
{
    *out = s->moves + (size_t)ply * (size_t)s->per_ply;
    eg_set_turn(s->pos, player);
    return eg_search_root_moves(s->e, s->pos, *out);
}

/* The opponents' level: the lowest value over every opponent's moves. */
static long replies(struct brs *s, int depth, int ply, long alpha, long beta)
{
    long value = INF;
    int any = 0;

    for (int o = 0; o < s->pos->board->players && alpha < beta; o++) {
        if (o == s->root)
            continue;
        eg_move *m;
        int n = moves_of(s, o, ply, &m);
        any |= n > 0;
        for (int i = 0; i < n && alpha < beta; i++) {
            play(s->pos, o, m[i], s->root);
            long v = level(s, depth - 1, ply + 1, alpha, beta, NULL);
            take_back(s->pos, o, m[i]);
            if (v < value)
                value = v;
            if (v < beta)
                beta = v;
        }
    }
    eg_set_turn(s->pos, (s->root + 1) % s->pos->board->players);
    return any ? value : eg_evaluate(s->e, s->pos, s->root);
}

/* A level: the root player's when the turn is its, else the opponents'. */
static long level(struct brs *s, int depth, int ply, long alpha, long beta, eg_move *best)
{
    int w = eg_winner(s->e, s->pos);

    if (w >= 0)
        return w == s->root ? EG_WIN - ply : -(EG_WIN - ply);
    if (depth == 0)
        return eg_evaluate(s->e, s->pos, s->root);
    if (s->pos->to_move != s->root)
        return replies(s, depth, ply, alpha, beta);
    eg_move *m;
    int n = moves_of(s, s->root, ply, &m);
    if (n == 0)
        return eg_evaluate(s->e, s->pos, s->root);
    long value = -INF;
    int opponents_turn = (s->root + 1) % s->pos->board->players;
    for (int i = 0; i < n && alpha < beta; i++) {
        play(s->pos, s->root, m[i], opponents_turn);
        long v = level(s, depth - 1, ply + 1, alpha, beta, NULL);
        take_back(s->pos, s->root, m[i]);
        if (v > value) {
            value = v;
            if (best)
                *best = m[i];
        }
        if (v > alpha)
            alpha = v;
    }
    return value;
}

long eg_best_reply(eg_eval *e, eg_position *pos, int depth, eg_move *best)
{
    struct brs s = {e, pos, pos->to_move, NULL, EG_MOVES_MAX(pos->board)};

    *best = (eg_move){-1, -1};
    if (depth < 0 || !(s.moves = malloc(sizeof *s.moves * (size_t)s.per_ply * (size_t)(depth + 1))))
        return 0;
    long v = level(&s, depth, 0, -INF, INF, best);
    eg_set_turn(pos, s.root);
    free(s.moves);
    return v;
}
