/*
** position.h -- what changes during a game on an eg_board: who stands
** where, whose turn it is, the Zobrist hash; the moves and how to make and
** unmake them; perft.
**
** A move is a (from, to) pair: a step to an empty neighbour, or a chain of
** hops by one piece (each over an occupied neighbour onto the empty cell
** behind it on the same, possibly bending, line), whatever the chain that
** gets there.  A chain never comes back to a cell it has stood on, its
** start included.  With Kangaroo hops, a hop may also jump a piece at
** distance k >= 1 along a line onto the cell at distance 2k, every other
** cell on the way empty.  Two chains ending on the same cell are one move.
**
** Memory: eg_position_new() allocates a position on a board (which must
** outlive it); eg_position_free() releases it (NULL accepted);
** eg_position_copy() copies one position onto another of the same board.
** eg_moves() writes into a caller's array of at least EG_MOVES_MAX(b)
** entries.
*/
#ifndef EG_POSITION_H
#define EG_POSITION_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "fast.h"

typedef struct { int32_t from, to; } eg_move;

typedef struct eg_position {
    const eg_board *board;
    int8_t *owner;              /* owner[c]: player on cell c, or -1       */
    int32_t *piece[EG_MAX_PLAYERS]; /* piece[p][i]: cell of piece i of p   */
    int32_t *slot;              /* slot[c]: i such that piece[owner][i] == c */
    int to_move;                /* the player whose turn it is             */
    int kangaroo;               /* long hops allowed                       */
    uint64_t hash;              /* Zobrist hash of owner[] and to_move     */
    /* The bitset generator (fast.h): occ is the set of occupied cells,
    ** kept in step by make/unmake on a board with tables (all zero on
    ** another).  generator is EG_BITSET when the board has tables (set by
    ** eg_position_new()); tests set EG_GENERAL to check one generator
    ** against the other (the moves are the same, in the same order). */
    uint64_t occ[EG_FAST_WORDS];
    enum eg_generator { EG_GENERAL, EG_BITSET } generator;
    /* Scratch for the general generator: a stamp per cell and a stack. */
    uint32_t *seen, stamp;
    int32_t *stack;
} eg_position;

/* Most moves a position of board b can have: every piece to every cell. */
#define EG_MOVES_MAX(b) ((b)->pieces * (b)->cells)

/* The bytes a position of board b occupies (the struct and the arrays it
** owns, the generator's scratch included; the board is shared and not
** counted).  For the benchmark's "memory per position". */
size_t eg_position_bytes(const eg_board *b);

/* A position at the start of a game on b: every player's pieces on its
** home, player 0 to move.  NULL when memory runs out. */
eg_position *eg_position_new(const eg_board *b, int kangaroo);
void eg_position_free(eg_position *pos);
void eg_position_copy(eg_position *dst, const eg_position *src);

/* Sets pos to the position where owner[c] (a player, or -1) stands on each
** cell and `to_move` moves next; each player's pieces are numbered in
** increasing order of their cells.  Returns 0, or -1 and leaves pos
** unchanged when a player has not exactly board->pieces cells, an owner is
** out of range, or to_move is not a player. */
int eg_position_set(eg_position *pos, const int8_t *owner, int to_move);

/* Writes the moves of the player to move into out[] (NULL: only counts
** them); returns how many.  Order: piece by piece in the order of
** piece[to_move][], each piece's destinations in increasing cell number
** (the same order whichever generator runs). */
int eg_moves(eg_position *pos, eg_move *out);

/* Whether the player to move may go from `from` to `to` (a step, or a
** chain of hops: one of eg_moves()' moves), found without listing every
** move: a breadth-first search from `from` alone, so a referee checks a
** claimed move on the largest board cheaply.  Returns the number of cells
** of the shortest way (2 for a step or a single hop, k + 1 for k hops)
** and, when path is not NULL, writes them into path[0..n-1] (from first,
** to last; path needs room for board->cells entries); 0 when the move is
** not legal (from not the mover's piece, to occupied or equal to from, a
** barred cell at either end, no step or chain); -1 when memory runs out. */
int eg_chain(eg_position *pos, int from, int to, int32_t *path);

/* Makes a move of the player to move (one eg_moves() gave) and passes the
** turn to the next player.  eg_unmake() takes back the last move made. */
void eg_make(eg_position *pos, eg_move m);
void eg_unmake(eg_position *pos, eg_move m);

/* Gives the turn to `player` (0..players-1), hash included: for searches
** that let players move out of turn (best-reply search). */
void eg_set_turn(eg_position *pos, int player);

/* The hash computed afresh from owner[] and to_move (tests compare it
** with the incremental one). */
uint64_t eg_hash_of(const eg_position *pos);

/* perft: the number of move sequences of `depth` moves from pos (players in
** turn, wins not stopping the count).  Moves at the last ply are counted,
** not made.  pos is unchanged on return.  0 when memory runs out (each
** ply allocates EG_MOVES_MAX entries: meant for boards of a few hundred
** cells).
**
** eg_perft, on the bitset generator, also reuses counts over the last two
** plies: the next player's pieces are counted once per position before
** the last-but-one move, and a piece is counted again only after a move
** that empties or fills a cell its count depends on (moves.c,
** perft_two).  eg_perft_plain counts every last-ply position afresh: the
** figure of the move generator alone.  Both give the same numbers. */
uint64_t eg_perft(eg_position *pos, int depth);
uint64_t eg_perft_plain(eg_position *pos, int depth);

#endif /* EG_POSITION_H */
