/*
** game_search.h -- the required interface of the game-tree search
** assignment: minimax, alpha-beta, a parallel search and a move chooser
** for Halma on an 8x8 board.
**
** This header is your manual.  It has two parts.  The first is the board
** library, which the kit gives you already written (board.c): positions,
** moves, the rules and the prescribed evaluation.  The second is what you
** write, in search.c: four functions.  Every submission is compiled
** against these declarations.  You may add your own to your copy
** (constants, prototypes of your helpers): the grader checks your copy and
** keeps it.  Do not change a name, a value or a prototype given here.
**
** THE BOARD
**   8 x 8 cells.  x is the column, 0..7 from the left, written a..h; y is
**   the row, 0..7 from the top, written 1..8.  Cell (x, y) has the number
**   GS_CELL(x, y) = 8 * y + x: cell 0 is "a1", the top-left corner, cell
**   63 is "h8", the bottom-right one.
**
** PLAYERS, CAMPS AND THE GOAL
**   Two players with 10 pieces each.  WHITE starts in the top-left camp,
**   the cells with x + y <= 3 (rows of 4, 3, 2 and 1 cells counted from
**   the corner); BLACK in the bottom-right camp, the cells with
**   (7 - x) + (7 - y) <= 3.  Each one's goal is the other's camp.  WHITE
**   moves first; the players alternate.  A player wins when all its pieces
**   (ten from the start; a position read by gs_read may have fewer) stand
**   in its goal; the game is then over.
**
** MOVES
**   A move takes one piece of the player to move and is either a step to
**   one of the eight neighbouring cells, which must be empty, or a chain
**   of hops: each hop jumps over the neighbour in one of the eight
**   directions, which must hold a piece (of either colour), onto the empty
**   cell right behind it.  The piece has left its start cell, so no hop
**   jumps over it, and a chain never lands on a cell it already stood on.
**   A move is known by its start and end cells alone: a chain and a step
**   that end on the same cell are the same move.  There is no passing.
**
** VALUES
**   Every value is seen from WHITE's side: higher is better for WHITE.
**   WHITE is the maximising player, BLACK the minimising one, whichever is
**   to move at the root.  The value of a position at depth d is
**     - eval(position) when it is a leaf: d == 0, or the game is over
**       (gs_winner() is not GS_EMPTY), or the player to move has no move;
**     - otherwise the largest (WHITE to move) or the smallest (BLACK to
**       move) of the values of the positions after each move, at depth
**       d - 1.
**   The search functions take the evaluation as a parameter, eval.  The
**   prescribed one is gs_manhattan() below; the grader also passes
**   evaluations of its own with the same signature (its hidden tests use
**   one you cannot guess), so call eval for every leaf, trust nothing of
**   its values but that they lie strictly between -GS_INF and GS_INF, and
**   never compute an evaluation yourself.  The grader counts its calls:
**   that is how it knows that alpha-beta prunes.
**
** THREADS
**   eval may be called from several threads at once.  The library's
**   functions change only the position they are given, so threads that
**   each work on their own copy of a position (a gs_position is a plain
**   struct: `gs_position mine = *p;` copies it) need no locks for it.
**
** GRADING
**   Unit tests call your four functions directly on positions of their own
**   (category "unit"); scripted sessions run the program (main.c, given)
**   and compare its output byte for byte (category "transcript"); your
**   program also runs under AddressSanitizer, Valgrind and
**   ThreadSanitizer.  See the handout for the points.
*/
#ifndef GAME_SEARCH_H
#define GAME_SEARCH_H

#include <stdio.h>

/* ------------------------------------------------------------------ */
/* Part 1: the board library (board.c, given).                          */
/* ------------------------------------------------------------------ */

#define GS_SIDE 8
#define GS_CELLS (GS_SIDE * GS_SIDE)
#define GS_CELL(x, y) (GS_SIDE * (y) + (x))
#define GS_PIECES 10

/* What stands on a cell, and who is to move. */
#define GS_EMPTY 0
#define GS_WHITE 1
#define GS_BLACK 2

/* gs_manhattan()'s value of a game WHITE has won (-GS_WIN: BLACK has). */
#define GS_WIN 10000
/* Larger than any evaluation: alphabeta(p, d, -GS_INF, GS_INF, eval) is
** the full window. */
#define GS_INF 1000000

/* No position has more moves than this (10 pieces, 44 empty cells). */
#define GS_MAX_MOVES 440
/* parallel_search() is asked for 1..GS_MAX_THREADS threads. */
#define GS_MAX_THREADS 16
/* The cell of "no move" (choose_move at a leaf). */
#define GS_NO_CELL 255

typedef struct gs_position {
    unsigned char cell[GS_CELLS];  /* GS_EMPTY, GS_WHITE or GS_BLACK       */
    int side;                      /* GS_WHITE or GS_BLACK: who is to move */
} gs_position;

typedef struct gs_move {
    unsigned char from, to;        /* cell numbers                         */
} gs_move;

/* An evaluation: a position's worth for WHITE, strictly between -GS_INF
** and GS_INF, the same every time for the same position.  Thread-safe. */
typedef int gs_eval_fn(const gs_position *p);

/* The start: both camps full, WHITE to move. */
void gs_start(gs_position *p);

/* Writes the moves of the player to move into out[0..n-1] (room for
** GS_MAX_MOVES) and returns n: ordered by start cell, then by end cell,
** each (from, to) pair once.  0 when the player has no move; the moves
** are generated even when the game is over (gs_winner() says that). */
int gs_moves(const gs_position *p, gs_move *out);

/* Plays move m (one of gs_moves(p)) and gives the turn to the other
** player; gs_undo(p, m) right after takes it back exactly.  Neither
** checks m: a move that is not legal leaves p undefined. */
void gs_play(gs_position *p, gs_move m);
void gs_undo(gs_position *p, gs_move m);

/* GS_WHITE or GS_BLACK when that player has all its pieces, at least
** one, in its goal (WHITE is checked first), else GS_EMPTY. */
int gs_winner(const gs_position *p);

/* The sum over a player's pieces of their distance to its goal corner:
** (7 - x) + (7 - y) for WHITE's pieces, x + y for BLACK's. */
int gs_distance(const gs_position *p, int player);

/* The prescribed evaluation: GS_WIN if WHITE has won, -GS_WIN if BLACK
** has, else gs_distance(BLACK) - gs_distance(WHITE). */
int gs_manhattan(const gs_position *p);

/* Cells and moves as text: "c5" is cell GS_CELL(2, 4); a move is
** "c5-e7".  gs_parse_cell returns the cell or -1; gs_parse_move returns 0
** or -1 (the syntax only: not whether the move is legal). */
void gs_cell_name(int cell, char name[3]);
int gs_parse_cell(const char *text);
int gs_parse_move(const char *text, gs_move *m);

/* A position as text: 8 rows of 8 characters ('W', 'B' or '.'), then
** "white" or "black" (who is to move), one per line.  gs_read skips blank
** lines before it and returns 0, or -1 with a one-line reason in
** why[0..99] (a bad character, a short row, too many pieces, ...). */
int gs_read(gs_position *p, FILE *in, char why[100]);
void gs_write(const gs_position *p, FILE *out);

/* ------------------------------------------------------------------ */
/* Part 2: what you write (search.c).                                   */
/* ------------------------------------------------------------------ */

/* The value of p at `depth` (>= 0), as defined under VALUES above, by
** visiting every move.  Calls eval exactly once for each leaf of the tree
** and at no other node.  p is unchanged on return.
** Graded by the unit suite "minimax". */
int minimax(gs_position *p, int depth, gs_eval_fn *eval);

/* The same value, with alpha-beta pruning, in the window (alpha, beta),
** alpha < beta: returns v, the value of p at depth, when alpha < v <
** beta; a result <= alpha when v <= alpha; a result >= beta when v >=
** beta.  So with the full window (-GS_INF, GS_INF) it returns v.  Calls
** eval at most once per leaf it visits, and no more often than minimax:
** with the full window, strictly less often whenever some move can be
** cut.  The order in which you try the moves is yours to choose.  p is
** unchanged on return.  Graded by the unit suite "alphabeta". */
int alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval);

/* The value of p at `depth`, found by `threads` threads working at once
** (1..GS_MAX_THREADS; POSIX threads), and faster than your alphabeta on a
** machine with several cores.  Every thread is joined, everything freed,
** before it returns; p is unchanged.  Graded by the unit suite
** "parallel", under ThreadSanitizer too. */
int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval);

/* A best move for the player to move: writes into *best a move whose
** position after it has, at depth - 1, the value of p at depth, and
** returns that value.  Called with depth >= 1 only (neither the tests nor
** main.c pass less).  When several moves are best, any of them.  At a leaf (game over, or no move) writes GS_NO_CELL into both
** cells and returns eval(p).  p is unchanged.  This is what plays the
** games against the kit's greedy player.  Graded by the unit suite
** "choose_move". */
int choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best);

#endif /* GAME_SEARCH_H */
