/*
** support.h -- what the Halma unit tests share besides the harness
** (grader/unit/graded_test.h): boards set up by the tests' own code, the
** eight directions, names for players and results in messages, and
** checked calls of the required functions.
**
** Everything here follows the rules written in halma.h, never a reference
** implementation: a set of squares is bit s % 32 of word s / 32, a camp is
** the shape the header describes, and a square's player is read from the
** colour planes as the header defines them.  The tests never build a board
** with the functions they grade, so that a bug in add_piece or
** bitset_include costs the tests of those functions and no others.
**
** A board built here keeps the header's invariants for the pieces it
** holds: occupied and the colour planes agree, and position[p][i] is the
** square of each piece placed.  Entries of pieces not placed are 0.
** Boards for apply_move tests start from board_start() and so hold every
** piece of every player.
*/
#ifndef HALMA_UNIT_SUPPORT_H
#define HALMA_UNIT_SUPPORT_H

#include <stddef.h>

#include "halma.h"

#define COUNT(table) (sizeof (table) / sizeof (table)[0])

/* A neighbour offset: (x + dx, y + dy) is the neighbour in direction
** `name`. */
struct direction {
    int dx, dy;
    const char *name;
};

/* left, right, up, down, up-left, up-right, down-left, down-right. */
extern const struct direction DIRECTIONS[8];

/* A square far enough from every edge for a hop in any direction. */
#define CENTRE_X 7
#define CENTRE_Y 7

/* 1 if (x, y) is a square of the board, else 0. */
int on_board(long long x, long long y);

/* The sets of squares, written by the tests' own code.  set_put and
** set_take fail the test (a test bug) for a number that names no square;
** set_has answers 0 for one. */
void set_clear(h_bitset set);
void set_fill(h_bitset set);
void set_put(h_bitset set, int s);
void set_take(h_bitset set, int s);
int set_has(const h_bitset set, int s);

/* 1 if (x, y) is a square of the camp of `player` in a game of `players`
** players, by the header's rule (rows of 5, 5, 4, 3, 2 or 4, 4, 3, 2
** counted from the player's corner), else 0. */
int camp_has(int players, int player, int x, int y);

/* The player whose camp is the goal of `player`. */
int goal_of(int player);

/* b := no piece on any square, players and pieces set for `players`,
** every position entry 0. */
void board_blank(h_board *b, int players);

/* b := the start of a game of `players` players, by the header's rule,
** each player's pieces numbered in increasing order of their squares. */
void board_start(h_board *b, int players);

/* Puts piece `piece` of `player` on the empty square s, in the bitsets
** and in position[][].  A test bug (fails the test) when s names no square
** or is occupied, or player or piece is out of range for the board. */
void board_place(h_board *b, int player, int piece, int s);

/* Puts a piece of `player` on the empty square s, numbered after the
** player's pieces already on the board.  Returns that number. */
int board_put(h_board *b, int player, int s);

/* Puts a piece on the empty square s, of whichever player has the fewest
** on the board (so a board may hold up to players * pieces of them). */
void board_put_any(h_board *b, int s);

/* Moves the piece on `from` to the empty square `to`, both lists and
** bitsets; a test bug unless from holds a piece and to is empty. */
void board_move(h_board *b, int from, int to);

/* Takes the piece off square s (its position entry is left as it was):
** for boards that only the bitsets describe. */
void board_take(h_board *b, int s);

/* The player on s by the header's definition, or NO_PLAYER. */
int board_player_at(const h_board *b, int s);

/* Fills a board or a set with a byte pattern, so that a function that
** should change nothing, or should start afresh, is seen to. */
void scribble(void *p, size_t size);

/* Text for messages; each result lives in a small rotating buffer, good
** for a few uses in one message. */
const char *player_name(int player);          /* "WHITE", ..., "NO_PLAYER" */
const char *move_result_name(int result);     /* "VALID_MOVE", ...        */
const char *square_name(long long s);         /* "37 (5,2)", "256 (no square)" */
const char *square_text(const h_board *b, long long s); /* ... "holds BLACK" */

/*
** Checked calls: each calls the function, and fails the test unless the
** result is `expected`, with a message that shows the call, the value got,
** the value expected, what the board holds where it matters, and `why`,
** a few words saying what the case is.  (A function taking a const board
** or set that changes it fails the test in forward.c, whoever calls it.)
*/
void assert_contains(const h_bitset set, int s, int expected, const char *why);
void assert_empty(const h_board *b, int s, int expected, const char *why);
void assert_owner(const h_board *b, int s, int expected, const char *why);
void assert_step(const h_board *b, int from, int to, int expected, const char *why);
void assert_hop(const h_board *b, int from, int to, int kangaroo, int expected,
                const char *why);
void assert_winner(const h_board *b, int expected, const char *why);

/* These change the board; the test then compares it with what it should
** be (assert_board_equals). */
void assert_init(h_board *b, int players, int expected, const char *why);
void assert_add(h_board *b, int player, int piece, int s, int expected,
                const char *why);
void assert_apply(h_board *b, int from, int to, int expected, const char *why);

/* Fails the test unless the sets are equal, naming the first square that
** differs.  `what` says what should have made them so. */
void assert_set_equals(const h_bitset got, const h_bitset expected, const char *what);

/* Fails the test unless the boards agree: players, pieces, the three
** bitsets and position[p][i] for p < players and i < pieces (the other
** entries are unused).  Names the first difference. */
void assert_board_equals(const h_board *got, const h_board *expected, const char *what);

/* Fails the test unless `got` is byte for byte `before` (a call that should
** have changed nothing), naming the first difference. */
void assert_board_untouched(const h_board *got, const h_board *before, const char *what);

#endif /* HALMA_UNIT_SUPPORT_H */
