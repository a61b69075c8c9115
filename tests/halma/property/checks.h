/*
** checks.h -- the comparisons of the property tests: one implementation of
** halma.h (linked in) against the model (model.h) at one position.
**
** Every disagreement is reported on stdout as a "FAIL: " line that names
** the position's seed and what was being done (check_context), followed by
** the position; after CHECK_MAX_REPORTS reports the program exits 1.
*/
#ifndef HALMA_CHECKS_H
#define HALMA_CHECKS_H

#include "halma.h"
#include "model.h"

#define CHECK_MAX_REPORTS 5

/* How many calls were compared, and how many disagreed. */
extern long long check_calls;
extern int check_failures;

/* Says what the reports that follow are about ("seed 7, 4 players, ply
** 12") and which position they show. */
void check_context(const struct model *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Reports a disagreement (printf-style). */
void check_report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The square number of a spot and back. */
int check_square(struct spot p);
struct spot check_spot(int s);

/* *b := the model's position as halma.h describes an h_board, written here
** bit by bit (no function under test is called). */
void check_model_to_board(const struct model *m, h_board *b);

/* Reports every way *b differs from the model: players, pieces, each
** square's three bits, each piece's list entry.  `what` names what made
** *b (e.g. "after apply_move(b, 5, 21)").  Returns 1 if they agree. */
int check_board(const h_board *b, const struct model *m, const char *what);

/*
** Compares, on the position *m (*b must be the same position):
**   is_empty and owner of every square and of numbers naming none;
**   check_step and check_hop (with and without Kangaroo) of every pair of
**   squares when `all_pairs`, else from every piece and from 16 random
**   squares to every square, and pairs with numbers naming no square;
**   winner;
** and that none of these calls changed *b.
*/
void check_position(const h_board *b, const struct model *m, int all_pairs,
                    unsigned (*random_below)(unsigned));

/* Compares, for every piece of `player`, the squares it can move to as
** the game finds them with check_step, check_hop and apply_move (on a
** copy, never onto a square the piece stood on during the move) with the
** model's. */
void check_moves(const h_board *b, const struct model *m, int player, int kangaroo);

/* Counts the (from, to) moves of `depth` plies from *b as check_moves
** finds them, `player` first. */
long long check_perft(const h_board *b, int player, int depth, int kangaroo);

#endif /* HALMA_CHECKS_H */
