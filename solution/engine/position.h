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

#include <stdint.h>

#include "board.h"

typedef struct { int32_t from, to; } eg_move;

typedef struct eg_position {
    const eg_board *board;
    int8_t *owner;              /* owner[c]: player on cell c, or -1       */
    int32_t *piece[EG_MAX_PLAYERS]; /* piece[p][i]: cell of piece i of p   */
    int32_t *slot;              /* slot[c]: i such that piece[owner][i] == c */
    int to_move;                /* the player whose turn it is             */
    int kangaroo;               /* long hops allowed                       */
    uint64_t hash;              /* Zobrist hash of owner[] and to_move     */
    /* Scratch for move generation: a stamp per cell and a stack. */
    uint32_t *seen, stamp;
    int32_t *stack;
} eg_position;

/* Most moves a position of board b can have: every piece to every cell. */
#define EG_MOVES_MAX(b) ((b)->pieces * (b)->cells)

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
** them); returns how many. */
int eg_moves(eg_position *pos, eg_move *out);

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
** cells). */
uint64_t eg_perft(eg_position *pos, int depth);

#endif /* EG_POSITION_H */
