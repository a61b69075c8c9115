/*
** moves.c -- move generation and perft (position.h).
**
** Two generators give the same moves in the same order: the bitset one
** (fast.c) for boards with tables and no Kangaroo hops, and the general
** one below for every board and rule.
**
** The general generator: the destinations of one piece are found by a search over the cells its
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

/* The landing cell of a Kangaroo hop from c in direction d: k >= 1 empty
** cells, a piece, k empty cells, then the empty landing cell; or -1. */
static int long_hop(const eg_position *pos, int c, int d)
{
    int k = 0;

    /* A map's bends may close a line into a ring: an empty ring has no
    ** piece to jump, and a walk of more than `cells` cells has gone
    ** round it. */
    for (walk(pos->board, &c, &d); c >= 0 && pos->owner[c] < 0 && k <= pos->board->cells;
         walk(pos->board, &c, &d))
        k++;
    if (c < 0 || k > pos->board->cells)
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

/* Sorts a piece's moves by destination (insertion sort: a piece has few). */
static void sort_by_destination(eg_move *m, int n)
{
    for (int i = 1; i < n; i++) {
        eg_move x = m[i];
        int j = i;
        for (; j > 0 && m[j - 1].to > x.to; j--)
            m[j] = m[j - 1];
        m[j] = x;
    }
}

/* Adds to out[] every cell the piece on `from` can reach, in increasing
** order; returns the number added (out NULL: only counts them).  Hops first: their landings, marked with the stamp, are
** both the chain's visited cells and the destinations listed; then the
** steps whose cell no chain reached.  The piece is lifted meanwhile. */
static int piece_moves(eg_position *pos, int from, eg_move *out)
{
    const eg_board *b = pos->board;
    uint32_t stamp = next_stamp(pos);
    int n = 0, top = 0, player = pos->owner[from];
    uint8_t bar = (uint8_t)(1u << player);

    if (b->barred && (b->barred[from] & bar))
        return 0;

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
            if (b->barred && (b->barred[to] & bar))
                continue;
            if (out)
                out[n] = (eg_move){from, to};
            n++;
        }
    }
    for (int d = 0; d < b->dirs; d++) {
        int to = eg_next(b, from, d);
        if (to >= 0 && pos->owner[to] < 0 && pos->seen[to] != stamp &&
            !(b->barred && (b->barred[to] & bar))) {
            pos->seen[to] = stamp;
            if (out)
                out[n] = (eg_move){from, to};
            n++;
        }
    }
    pos->owner[from] = (int8_t)player;
    if (out)
        sort_by_destination(out, n);
    return n;
}

/* The bitset generator's moves (fast.h); out NULL: only counts them. */
static int fast_moves(const eg_position *pos, eg_move *out)
{
    const eg_fast *f = pos->board->fast;
    const int32_t *piece = pos->piece[pos->to_move];
    int32_t to[EG_FAST_CELLS];
    int n = 0;

    if (!out)
        return (int)eg_fast_count(f, pos->occ, piece, pos->board->pieces);
    for (int i = 0; i < pos->board->pieces; i++) {
        int k = eg_fast_moves(f, pos->occ, piece[i], to);
        for (int j = 0; j < k; j++)
            out[n++] = (eg_move){piece[i], to[j]};
    }
    return n;
}

int eg_moves(eg_position *pos, eg_move *out)
{
    const eg_board *b = pos->board;
    int n = 0;

    if (pos->generator != EG_GENERAL && b->fast && !pos->kangaroo && !b->barred)
        return fast_moves(pos, out);
    for (int i = 0; i < b->pieces; i++)
        n += piece_moves(pos, pos->piece[pos->to_move][i], out ? out + n : NULL);
    return n;
}

/* 1 if cell c is in the bitset. */
static int has(const uint64_t *set, int c)
{
    return (int)((set[c >> 6] >> (c & 63)) & 1);
}

/* perft(pos, 2) on the bitset generator, reusing counts: every move m of
** the player to move is followed by the next player's moves, whose count
** is the sum of its pieces' counts.  A piece's count changes only when m
** empties or fills a cell it watches (eg_fast_count_watching), so each is
** computed once here and again only after the moves that touch it. */
static uint64_t perft_two(eg_position *pos, eg_move *moves)
{
    const eg_board *b = pos->board;
    const int32_t *next = pos->piece[(pos->to_move + 1) % b->players];
    int words = b->fast->words, n = eg_moves(pos, moves);
    uint64_t watch[EG_FAST_CELLS][EG_FAST_WORDS], any[EG_FAST_WORDS] = {0}, occ[EG_FAST_WORDS];
    int count[EG_FAST_CELLS];
    uint64_t base = 0, total = 0;

    for (int i = 0; i < b->pieces; i++) {
        count[i] = eg_fast_count_watching(b->fast, pos->occ, next[i], watch[i]);
        base += (uint64_t)count[i];
        for (int j = 0; j < words; j++)
            any[j] |= watch[i][j];
    }
    for (int k = 0; k < n; k++) {
        int from = moves[k].from, to = moves[k].to;
        uint64_t sum = base;
        if (has(any, from) || has(any, to)) {
            for (int j = 0; j < words; j++)
                occ[j] = pos->occ[j];
            occ[from >> 6] ^= UINT64_C(1) << (from & 63);
            occ[to >> 6] ^= UINT64_C(1) << (to & 63);
            for (int i = 0; i < b->pieces; i++)
                if (has(watch[i], from) || has(watch[i], to))
                    sum += (uint64_t)(eg_fast_count(b->fast, occ, &next[i], 1) - count[i]);
        }
        total += sum;
    }
    return total;
}

/* perft below pos with `moves` room for depth - 1 plies of moves; `reuse`:
** perft_two() for the last two plies when it applies. */
static uint64_t perft_from(eg_position *pos, int depth, eg_move *moves, int reuse)
{
    if (depth == 1)
        return (uint64_t)eg_moves(pos, NULL);
    if (depth == 2 && reuse && pos->generator == EG_BITSET && pos->board->fast && !pos->kangaroo &&
        !pos->board->barred)
        return perft_two(pos, moves);
    uint64_t total = 0;
    int n = eg_moves(pos, moves);
    eg_move *below = moves + EG_MOVES_MAX(pos->board);

    for (int i = 0; i < n; i++) {
        eg_make(pos, moves[i]);
        total += perft_from(pos, depth - 1, below, reuse);
        eg_unmake(pos, moves[i]);
    }
    return total;
}

static uint64_t perft(eg_position *pos, int depth, int reuse)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)eg_moves(pos, NULL);
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board) * (size_t)(depth - 1));

    if (!moves)
        return 0;
    uint64_t total = perft_from(pos, depth, moves, reuse);
    free(moves);
    return total;
}

uint64_t eg_perft(eg_position *pos, int depth)
{
    return perft(pos, depth, 1);
}

uint64_t eg_perft_plain(eg_position *pos, int depth)
{
    return perft(pos, depth, 0);
}

/* Breadth-first search of the hop chains from `from` (the piece lifted)
** until `to` is reached; parent[] links each landing to the cell the hop
** left.  Returns 1 when `to` was reached. */
static int chain_search(eg_position *pos, int from, int to, int32_t *parent)
{
    const eg_board *b = pos->board;
    uint32_t stamp = next_stamp(pos);
    int head = 0, tail = 0;

    pos->seen[from] = stamp;
    pos->stack[tail++] = from;
    while (head < tail) {
        int c = pos->stack[head++];
        for (int d = 0; d < b->dirs; d++) {
            int land = hop_landing(pos, c, d);
            if (land < 0 || pos->owner[land] >= 0 || pos->seen[land] == stamp)
                continue;
            pos->seen[land] = stamp;
            parent[land] = c;
            if (land == to)
                return 1;
            pos->stack[tail++] = land;
        }
    }
    return 0;
}

int eg_chain(eg_position *pos, int from, int to, int32_t *path)
{
    const eg_board *b = pos->board;
    int player = from >= 0 && from < b->cells ? pos->owner[from] : -1;

    if (player != pos->to_move || to < 0 || to >= b->cells || to == from || pos->owner[to] >= 0)
        return 0;
    if (b->barred && ((b->barred[from] | b->barred[to]) >> player & 1))
        return 0;
    for (int d = 0; d < b->dirs; d++)
        if (eg_next(b, from, d) == to) {
            if (path) {
                path[0] = from;
                path[1] = to;
            }
            return 2;
        }
    int32_t *parent = malloc(sizeof *parent * (size_t)b->cells);
    if (!parent)
        return -1;
    pos->owner[from] = -1;
    int found = chain_search(pos, from, to, parent), n = 0;
    pos->owner[from] = (int8_t)player;
    if (found) {
        n = 1;
        for (int c = to; c != from; c = parent[c])
            n++;
        for (int i = n - 1, c = to; path && i >= 0; i--) {
            path[i] = c;
            if (i > 0)
                c = parent[c];
        }
    }
    free(parent);
    return n;
}
