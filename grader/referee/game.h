/*
** game.h -- the bot challenge's rules: one game's true state, the moves
** the bots claim checked against it, and how the game ends.
**
** A game is played on the star of `size` (3..63) by `players` seats
** (2..6); seat i's home is the star point points[i] (the challenge's
** playerPosition[], 0..5 clockwise from the top) and its goal the point
** opposite.  Seats move in turn, 0 first.  On its turn a seat claims a
** move by the challenge's coordinates (row, col):
**
**   - a step to an empty neighbour, or a chain of hops (each over an
**     occupied neighbour onto the empty cell beyond it on the same line),
**     reported by its first and last cell: the referee finds the chain
**     (solution/engine/position.h, eg_chain);
**   - neither end in one of the seat's four neutral zones (the points that
**     are neither its home nor its goal); a chain may pass through one;
**   - a pass, from == to on one of its own pieces, only when it has no
**     legal move.
** Anything else is illegal: the caller puts the seat out of the game
** (rgame_out), as for a crash or a timeout.  An out seat's pieces stay
** where they are and its turns are skipped.
**
** The end (the handout's rules, settled where the challenge is silent):
**   - a seat finishes when all its pieces stand in its goal; the game
**     ends when the round in which some seat finished is complete (every
**     seat still in the game has had as many turns as seat 0): the seats
**     that have finished then win -- one alone: "win"; several: "draw";
**   - the turn cap: a game no one has finished after turn_cap rounds is
**     adjudicated: the seats whose pieces are closest to their goal in
**     all (the sum of each piece's distance in steps) win or draw.  A
**     piece parked at home to block an opponent's goal is as far from its
**     own goal as a piece can be, so parking loses the adjudication;
**   - when all seats but one are out, that one wins ("one left"; when
**     that one fails too, in its Init or its Term, no one wins);
**   - the rest are ranked by the same distance (closer ranks higher), and
**     out seats below everyone.
** rgame_default_cap() gives a cap that lets a player who gains one cell
** a turn finish: the sum of its home pieces' distances to its goal, plus
** 4 * size.
**
** Memory: rgame_new() allocates; rgame_free() releases (NULL accepted).
** Not thread-safe: one game per thread.
*/
#ifndef REFEREE_GAME_H
#define REFEREE_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "position.h"

#define RGAME_MAX_SEATS 6

struct rgame;

enum rgame_claim {
    RGAME_MOVED,        /* a legal move, now made                           */
    RGAME_PASSED,       /* a legal pass (the seat had no move)              */
    RGAME_ILLEGAL       /* not legal: the reason is in `why`                */
};

enum rgame_end { RGAME_PLAYING, RGAME_FINISHED, RGAME_TURN_CAP, RGAME_ONE_LEFT };

enum rgame_outcome { RGAME_WIN, RGAME_DRAW, RGAME_LOSS, RGAME_OUT };

struct rgame_result {
    enum rgame_end end;
    int turns;                          /* rounds started (seat 0's turns)  */
    int rank[RGAME_MAX_SEATS];          /* 1 = the winners                  */
    enum rgame_outcome outcome[RGAME_MAX_SEATS];
    long distance[RGAME_MAX_SEATS];     /* pieces' steps to the goal, summed */
};

/* A game at its start, or NULL (size, players or points out of range,
** points not distinct, turn_cap < 1, or no memory). */
struct rgame *rgame_new(int size, int players, const int points[], int turn_cap);
void rgame_free(struct rgame *g);

/* The turn cap that lets a player who gains one cell a turn finish (see
** above); -1 for arguments out of range. */
int rgame_default_cap(int size, int players, const int points[]);

/* The seat whose turn it is (out seats skipped), or -1 once it is over. */
int rgame_to_move(const struct rgame *g);

/* The seat to move claims a move from (r1, c1) to (r2, c2).  RGAME_MOVED
** and RGAME_PASSED make it (the turn passes on; the game may end);
** RGAME_ILLEGAL changes nothing and writes a sentence saying why into
** why[0..whylen-1] ("(3,1) is not one of your pieces", "(12,0) to (9,3):
** no step or chain of hops", ...).  For a move, path[0..*path_len-1]
** receive the cells of the shortest way in the challenge's (row, col)
** (path needs room for rgame_cells() pairs; NULL: not wanted). */
enum rgame_claim rgame_claim(struct rgame *g, long r1, long c1, long r2, long c2, long (*path)[2],
                             int *path_len, char *why, size_t whylen);

/* Sets up a position for tests and puzzles: owner[c] is the seat on cell
** c or -1 (each seat with exactly its number of pieces), seat `to_move`
** moves next, in round `round` (1..turn_cap).  Returns 0, or -1 and
** changes nothing when the position is not one of this game's. */
int rgame_setup(struct rgame *g, const int8_t *owner, int to_move, int round);

/* Puts `seat` out of the game (a verdict of the caller's); its turns are
** skipped from now on.  Harmless for a seat already out.  A seat put out
** after the game has ended (its Init failing after the others' failures
** ended it, its Term failing) is out all the same: the game stays over
** and its result counts the seat out, so a bot that failed never wins. */
void rgame_out(struct rgame *g, int seat);

/* 1 when seat is out. */
int rgame_is_out(const struct rgame *g, int seat);

/* How the game stands or ended; result->end is RGAME_PLAYING until it is
** over (ranks are then those the game would get if it ended now). */
void rgame_result(const struct rgame *g, struct rgame_result *result);

/* The board (cells, homes, goals) and the position, read-only: for house
** bots' and tests' use. */
const eg_board *rgame_board(const struct rgame *g);
const eg_position *rgame_position(const struct rgame *g);
int rgame_cells(const struct rgame *g);

/* The challenge's (row, col) of a cell, and the cell of (row, col) (-1
** when no cell of the board is there).  O(1). */
void rgame_rowcol(const struct rgame *g, int cell, long *row, long *col);
int rgame_cell(const struct rgame *g, long row, long col);

/* "win", "draw", "loss", "out"; "finished", "turn cap", "one left",
** "playing". */
const char *rgame_outcome_name(enum rgame_outcome o);
const char *rgame_end_name(enum rgame_end e);

#endif /* REFEREE_GAME_H */
