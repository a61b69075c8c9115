/*
** support.h -- what the game-search unit tests share besides the harness
** (grader/unit/graded_test.h): positions, the rules and searches written
** here apart from the reference, the evaluations the tests pass to the
** students' functions (counting their calls), and timing.
**
** Nothing here calls the board library (board.c): a submission carries
** its own copy, which the tests never trust.  The rules below follow
** game_search.h's text: pieces found by coordinates, hop chains by a
** depth-first walk.  The expected values come from the kit's own
** alpha-beta over these rules (minimax's value at the root, cheaply), so
** a test's expectation never depends on the code graded.
**
** Evaluations.  eval_plain is game_search.h's prescribed evaluation.
** eval_secret is the hidden tests' own: the prescribed one times 8 plus a
** keyed noise in -7..7, the key drawn from /dev/urandom when the test
** starts (eval_new_key), so no submission can compute it by itself: it
** must call the function it is given.  Both count their calls, in total
** and per thread, and are thread-safe.
**
** The tests call minimax, alphabeta, parallel_search and choose_move as
** always; forward.c runs each in the callee process, the evaluations with
** it (see "the evaluations' state" below).
*/
#ifndef GAME_SEARCH_UNIT_SUPPORT_H
#define GAME_SEARCH_UNIT_SUPPORT_H

#include "game_search.h"

#define COUNT(table) (sizeof (table) / sizeof (table)[0])

/* ---- positions ---- */

/* The start, WHITE to move. */
void pos_start(gs_position *p);

/* The position after `plies` moves from the start, each chosen by a
** seeded generator (mostly forward moves, as in a real game), stopping
** early if a game ends: mid-game positions like the report's. */
void pos_played(gs_position *p, unsigned seed, int plies);

/* A position from 8 rows of 'W', 'B', '.' joined in one string, and the
** player to move. */
void pos_from_text(gs_position *p, const char *rows, int side);

/* Two positions the tests' leaves need: WHITE's only piece walled in on
** a1 (no move for WHITE; `side` to move), and a game WHITE has won, BLACK
** to move (BLACK would have moves). */
void pos_walled_in(gs_position *p, int side);
void pos_white_won(gs_position *p);

/* 1 if a and b are the same position (cells and side). */
int pos_equal(const gs_position *a, const gs_position *b);

/* A short description for messages: "position 3 of seed 11 (24 plies)"
** is the caller's; this writes the rows and side, for the report. */
const char *pos_text(const gs_position *p);

/* ---- the rules and searches, written here ---- */

/* The moves of the player to move, as game_search.h defines them, in
** the library's order (start cell, then end cell); returns how many. */
int rules_moves(const gs_position *p, gs_move *out);
int rules_winner(const gs_position *p);
int rules_is_move(const gs_position *p, gs_move m);
void rules_play(gs_position *p, gs_move m);
void rules_undo(gs_position *p, gs_move m);

/* The value of p at depth with `eval` (minimax's, found by the kit's
** alpha-beta; its evaluations are counted, so call it before
** eval_reset), and how many leaves minimax's tree has. */
int expect_value(gs_position *p, int depth, gs_eval_fn *eval);
long expect_leaves(gs_position *p, int depth);
/* The leaves below the root's first moves, one root move's subtree at a
** time, until they number more than `enough` (then at least that many),
** else all of them: a pruning test needs the whole count only when the
** search made nearly as many evaluations. */
long leaves_beyond(gs_position *p, int depth, long enough);

/* A reference alpha-beta and a parallel search on `threads` threads
** (shared best value at the root), for the speed-up test's yardstick. */
int yardstick_alphabeta(gs_position *p, int depth, gs_eval_fn *eval);
int yardstick_parallel(gs_position *p, int depth, int threads, gs_eval_fn *eval);

/* The kit's greedy player: the move that brings a piece furthest towards
** its goal corner, the first in the library's order among equals. */
gs_move greedy_move(const gs_position *p);

/* ---- evaluations ---- */

int eval_plain(const gs_position *p);
/* The games' evaluation: the prescribed one times 4096 plus a fixed
** hash of the cells in 0..4095 (wins +-999,000).  Its key was chosen so
** that on the games' paths no two moves tie at depth 2: every correct
** chooser plays alike. */
int eval_game(const gs_position *p);
int eval_secret(const gs_position *p);
/* A fresh key for eval_secret (the test fails if /dev/urandom cannot be
** read). */
void eval_new_key(void);
/* Zeroes the counts. */
void eval_reset(void);
/* Calls since the last reset, in all, and by how many distinct threads. */
long eval_calls(void);
int eval_threads(void);
/* The most calls one thread made since the last reset: the length of
** the search's longest thread in evaluations, whatever the machine. */
long eval_busiest(void);

/* ---- the evaluations' state, carried to the callee and back ---- */

/* The students' functions run in the callee process (forward.c,
** grader/unit/callee.h), and so do the evaluations they call: what an
** evaluation reads (eval_secret's key) and updates (the counts) travels
** with each call in this block.  forward.c fills it with eval_state_save
** before the call; in the callee the thunk puts it in place with
** eval_state_load, calls the function and saves it again; back in the
** worker eval_counts_load takes the counts alone (the key and the
** generation stay the worker's), each clamped to 0..EVAL_COUNT_MAX or
** 0..EVAL_THREADS_MAX: the callee runs the code under test, and what it
** sends back is not trusted to be sane.  It can forge the counts, as it
** could when it shared the tests' memory; it cannot touch the values the
** tests compute here. */
#define EVAL_SLOTS 64
#define EVAL_COUNT_MAX (1L << 40)
#define EVAL_THREADS_MAX (1 << 20)
struct eval_state {
    long calls, per_slot[EVAL_SLOTS];   /* in all, and by thread slot */
    int generation, threads_seen;       /* bumped by each reset; threads */
    unsigned long long key;             /* eval_secret's */
};
void eval_state_save(struct eval_state *s);
void eval_state_load(const struct eval_state *s);
void eval_counts_load(const struct eval_state *s);

/* ---- threads ---- */

/* How many threads this process has now (/proc/self/status), or -1. */
int threads_running(void);

/* The callee's threads around the last parallel_search (forward.c):
** *before, just before it was called, and *after, once it returned and
** the callee had waited up to a second for any thread beyond *before to
** end (a joined thread may be counted for a moment while the system takes
** it down).  -1 when the callee could not read /proc/self/status, and
** both -1 before the first call. */
void parallel_threads(int *before, int *after);

/* ---- checked calls of the students' functions ---- */

/* Each calls the function on a copy of *p with `eval`, fails the test
** with a full message (naming `what`, the depth, the position) unless the
** result is the value plain minimax gives and the position is unchanged,
** and returns how many evaluations the call made.  check_minimax also
** requires exactly one evaluation per leaf; check_alphabeta uses the full
** window and requires no more evaluations than there are leaves;
** check_choose requires a legal move whose position after it has the
** value, and returns the move in *chosen (NULL: not wanted). */
long check_minimax(const gs_position *p, int depth, gs_eval_fn *eval, const char *what);
long check_alphabeta(const gs_position *p, int depth, gs_eval_fn *eval, const char *what);
long check_parallel(const gs_position *p, int depth, int threads, gs_eval_fn *eval,
                    const char *what);
long check_choose(const gs_position *p, int depth, gs_eval_fn *eval, const char *what,
                  gs_move *chosen);

/* ---- time ---- */

/* Wall-clock seconds (monotonic) and this process's CPU seconds. */
double now_wall(void);
double now_cpu(void);

#endif /* GAME_SEARCH_UNIT_SUPPORT_H */
