/*
** fast.h -- move generation with bitsets, for boards of at most
** EG_FAST_CELLS cells (star sizes 3..6, both Halma boards, small maps).
**
** Why a second generator: perft and search spend nearly all their time
** finding where one piece can go.  The general generator (moves.c) walks
** arrays of owners and stamps; here a position's occupancy is a bitset of
** 1, 2 or 4 machine words that stays in registers, and each cell has a
** precomputed row of its hop tables, so a piece's chain of hops is a flood
** fill over bitsets with no branch per direction, and the moves of a piece
** are counted with one popcount instead of being listed.
**
** Tables, per cell c and direction d (eg_fast_cell):
**   over[d]   the cell hopped over (eg_next(c, d)), or c itself when there
**             is no hop that way (c is never occupied while it is flooded
**             from: it is the lifted piece's start or an empty landing,
**             so "over c" never hops);
**   land[d]   the landing cell (eg_beyond(c, d)), or c (already visited);
** and near: the bitset of c's neighbours (the steps).  Directions past
** board->dirs are filled the same harmless way.
**
** With x86's BMI2 instructions a cell's hops are found without a loop over
** directions: one gather (pext) of the occupancy under the cells it could
** hop over, one gather of the occupied or visited cells under the
** landings, and one scatter (pdep) of the hops found onto the landings
** (fast.c, "Theory of operation").  Without BMI2 a loop over directions
** does the same with the per-cell tables.
**
** Kangaroo hops are not handled here (their landings depend on how far
** the line is empty): moves.c uses the general generator for them.
**
** The module knows nothing of eg_board: board.c hands it the board's
** neighbour and turn arrays (same layout as board.h's next[] and turn[])
** and keeps the tables it returns.
**
** Memory: eg_fast_new() allocates the tables; eg_fast_free() releases them
** (NULL accepted).  The board owns them (board.c).
*/
#ifndef EG_FAST_H
#define EG_FAST_H

#include <stdint.h>

#define EG_FAST_CELLS 256
#define EG_FAST_WORDS (EG_FAST_CELLS / 64)
#define EG_FAST_DIRS 8

typedef struct eg_fast_cell {
    uint8_t over[EG_FAST_DIRS];
    uint8_t land[EG_FAST_DIRS];
} eg_fast_cell;

typedef struct eg_fast {
    int words;                  /* 1, 2 or 4: bitset words for the cells   */
    int dirs;                   /* 6 or 8 (another count: no fast path)    */
    eg_fast_cell *cell;         /* cell[c]                                 */
    uint64_t *near;             /* near[c * words + i]: c's neighbours     */
    /* The gather/scatter path (x86 BMI2), used when pext is 1: per cell,
    ** mask[(2c) * words + i] the cells hopped over and mask[(2c + 1) *
    ** words + i] the landings, of the directions that have a landing;
    ** shift[] the bits the mask words before word i hold.  pext is 1 when
    ** the processor has BMI2 and, on every cell, listing those directions
    ** by increasing over-cell lists their landings in increasing order
    ** too (true of the star, the squares and maps without bends).  Tests
    ** clear it to run the portable path on the same board. */
    int pext;
    uint64_t *mask;
    uint8_t *shift;
} eg_fast;

/* The tables of a board of `cells` cells and `dirs` directions whose
** next[c * dirs + d] is the neighbour of c in direction d (-1 at an edge)
** and turn[c * dirs + d] the direction the line goes on in after it; or
** NULL when there are more than EG_FAST_CELLS cells, `dirs` is not 6 or 8,
** or memory runs out (the general generator then serves the board alone).
** Example: b->fast = eg_fast_new(b->cells, b->dirs, b->next, b->turn). */
eg_fast *eg_fast_new(int cells, int dirs, const int32_t *next, const int8_t *turn);
void eg_fast_free(eg_fast *f);

/* The number of moves of the n pieces on from[0..n-1]: for each, the
** distinct cells it can reach by a step or a chain of hops (no Kangaroo),
** occ being the bitset of every occupied cell (the pieces' included).
** For perft's last ply: nothing is listed. */
long eg_fast_count(const eg_fast *f, const uint64_t *occ, const int32_t *from, int n);

/* The count of one piece, as eg_fast_count(f, occ, &from, 1), and in
** watch[0..words-1] every cell whose occupancy that count depends on:
** the piece's neighbours, and the over and landing cells of every cell
** its chains stand on.  While none of those cells changes (the piece
** itself staying put), the count stays the same: perft reuses it across
** the opponent's moves (moves.c). */
int eg_fast_count_watching(const eg_fast *f, const uint64_t *occ, int from, uint64_t *watch);

/* The same destinations written into to[] (room for every cell), in
** increasing order; returns how many. */
int eg_fast_moves(const eg_fast *f, const uint64_t *occ, int from, int32_t *to);

#endif /* EG_FAST_H */
