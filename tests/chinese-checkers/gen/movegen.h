/*
** movegen.h -- an independent model of the game's rules, for test tools.
**
** This is a second implementation of the rules written in the header
** solution/chinese-checkers/chinese-checkers.h and the game loop's chain rules, kept apart
** from the reference solution on purpose: a tool that generates sessions
** (tests/chinese-checkers/gen/random_game.c) or checks properties should not trust the code
** it is testing.  It shares only the constants of the required header.
**
** A struct mg_game holds the board, the player to move and the multi-jump
** chain in progress, if any.  mg_legal answers "would the reference accept
** this move now?"; mg_list_moves lists every move it would accept (the
** chain-ending -1 -1 -1 -1 is not a move and is never listed); mg_play makes
** one of them and works out whose turn it is next.
*/
#ifndef MOVEGEN_H
#define MOVEGEN_H

#include "chinese-checkers.h"

/* A player never has more than 10 marbles x (6 steps + 6 jumps) moves. */
#define MG_MAX_MOVES 120

struct mg_move { int x_from, y_from, x_to, y_to; };

struct mg_game {
    int board[BOARD_SIZE_Y][BOARD_SIZE_X];
    int color;                /* RE or GR: whose prompt is showing        */
    int in_chain;             /* the last move was a jump that may go on  */
    int chain_x, chain_y;     /* where the chaining marble stands         */
    int back_x, back_y;       /* where it jumped from: it may not go back */
};

/* The six neighbour offsets, in the order of the header's NEIGHBOURS. */
extern const int mg_offsets[6][2];

/* Sets up the starting position with RED to move and no chain. */
void mg_start(struct mg_game *g);

/* The cell at (x, y), or DA for any coordinate off the array. */
int mg_cell(const struct mg_game *g, int x, int y);

/* 1 if (x, y) is one of the 121 spaces of the star, 0 otherwise. */
int mg_is_space(int x, int y);

/* Which offset of mg_offsets the move is a step (or, with mg_jump_dir, a
** jump) along: 0..5, or -1 if it is none.  Geometry only; safe for any
** int, however large. */
int mg_step_dir(const struct mg_move *m);
int mg_jump_dir(const struct mg_move *m);

/* 1 if the reference game would accept `m` from the player to move now,
** chain rules included; 0 otherwise.  -1 -1 -1 -1 is never legal here. */
int mg_legal(const struct mg_game *g, const struct mg_move *m);

/* Writes every legal move of the player to move into out[] (room for
** MG_MAX_MOVES) and returns how many.  Order: marbles by row then column,
** each marble's steps then jumps in mg_offsets order -- so a caller with
** a seeded random choice gets the same session on every machine. */
int mg_list_moves(const struct mg_game *g, struct mg_move *out);

/* 1 if `m` is a jump, 0 if it is a step.  `m` must be legal. */
int mg_is_jump(const struct mg_move *m);

/* Makes the legal move `m`.  After a jump from which the marble can jump
** again (anywhere but straight back), the same player keeps the prompt
** and g->in_chain is set; otherwise the other player is to move. */
void mg_play(struct mg_game *g, const struct mg_move *m);

/* What -1 -1 -1 -1 does inside a chain: ends it and passes the turn. */
void mg_end_chain(struct mg_game *g);

#endif /* MOVEGEN_H */
