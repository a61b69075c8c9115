/*
** moves.c -- move generation and perft (position.h).
**
** The destinations of one piece are found by a search over the cells its
** chain of hops can reach, with the piece lifted off its start cell (it
** has left it, so no hop can jump it).  A stamp per cell marks the cells
** reached in this search: it dedupes destinations and stops a chain from
** coming back to a cell.  Stamps grow by one per piece, so the array is
** never cleared (it is, once, when the counter wraps).
*/
#include "position.h"

#include <stdlib.h>
#include <string.h>

/* A fresh stamp: every cell's seen[] differs from it. */
static uint32_t next_stamp(eg_position *pos)
{
    if (++pos->stamp == 0) {
        memset(pos->seen, 0, (size_t)pos->board->cells * sizeof *pos->seen);
        pos->stamp = 1;
    }
    return pos->stamp;
}

/* One cell along a line: from *c in direction *dir to the next cell, the
** direction turning where the board bends the line.  *c becomes -1 at an
** edge. */
static void walk(const eg_board *b, int *c, int *dir)
{
    int i = *c * b->dirs + *dir;

    *c = b->next[i];
    *dir = b->turn[i];
}

/* The landing cell of a Kangaroo hop from c in direction d: k >= 1 empty cells, a piece, k empty cells,
** then the empty landing cell; or -1. */
static int long_hop(const eg_position *pos, int c, int d)
{
    int k = 0;

    for (walk(pos->board, &c, &d); c >= 0 && pos->owner[c] < 0; walk(pos->board, &c, &d))
        k++;
    if (c < 0)
        return -1;
    for (int i = 0; i <= k; i++) {
        walk(pos->board, &c, &d);
        if (c < 0 || pos->owner[c] >= 0)
            return -1;
    }
    return c;
}

/* The cell a hop from c in direction d lands on, or -1: over an occupied
** neighbour, or (Kangaroo) a long hop over an empty one. */
static int hop_landing(const eg_position *pos, int c, int d)
{
    int over = eg_next(pos->board, c, d);

    if (over < 0)
        return -1;
    if (pos->owner[over] >= 0)
        return eg_beyond(pos->board, c, d);
    return pos->kangaroo ? long_hop(pos, c, d) : -1;
}

/* Adds to out[] every cell the piece on `from` can reach; returns the
** number added (out NULL: only counts them).  Hops first: their landings, marked with the stamp, are
** both the chain's visited cells and the destinations listed; then the
** steps whose cell no chain reached.  The piece is lifted meanwhile. */
static int piece_moves(eg_position *pos, int from, eg_move *out)
{
    const eg_board *b = pos->board;
    uint32_t stamp = next_stamp(pos);
    int n = 0, top = 0, player = pos->owner[from];

    pos->owner[from] = -1;
    pos->seen[from] = stamp;
    pos->stack[top++] = from;
    while (top > 0) {
        int c = pos->stack[--top];
        for (int d = 0; d < b->dirs; d++) {
            int to = hop_landing(pos, c, d);
            if (to < 0 || pos->owner[to] >= 0 || pos->seen[to] == stamp)
                continue;
            pos->seen[to] = stamp;
            pos->stack[top++] = to;
            if (out)
                out[n] = (eg_move){from, to};
            n++;
        }
    }
    for (int d = 0; d < b->dirs; d++) {
        int to = eg_next(b, from, d);
        if (to >= 0 && pos->owner[to] < 0 && pos->seen[to] != stamp) {
            pos->seen[to] = stamp;
            if (out)
                out[n] = (eg_move){from, to};
            n++;
        }
    }
    pos->owner[from] = (int8_t)player;
    return n;
}

int eg_moves(eg_position *pos, eg_move *out)
{
    const eg_board *b = pos->board;
    int n = 0;

    for (int i = 0; i < b->pieces; i++)
        n += piece_moves(pos, pos->piece[pos->to_move][i], out ? out + n : NULL);
    return n;
}

uint64_t eg_perft(eg_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)eg_moves(pos, NULL);
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));
    uint64_t total = 0;

    if (!moves)
        return 0;
    int n = eg_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        eg_make(pos, moves[i]);
        total += eg_perft(pos, depth - 1);
        eg_unmake(pos, moves[i]);
    }
    free(moves);
    return total;
}
