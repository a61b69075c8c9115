/*
** support.h -- the bot challenge's unit tests' world: games between the
** submission's four functions (one seat) and the kit's house bots (the
** others), refereed by the kit's rules (grader/referee/game.h) -- never
** by anything of the submission -- with checked calls and full messages.
**
** The submission is one bot per process (its functions keep their state
** in globals), so it takes one seat of a game; the others are house bots
** (grader/referee/house.h) in this process.  Its functions run in the
** test's callee process (forward.c, grader/unit/callee.h), which keeps
** their state from call to call for the whole test.  Every move it claims
** goes through the referee: an illegal one fails the test with the move,
** the reason and the turn.  The CPU time of each call is the callee's
** (callee_last_cpu); a YourMove or OpponentMove call past the handout's
** per-call limit (bc_call_limit) is stopped there and fails the test.
*/
#ifndef BOT_SUPPORT_H
#define BOT_SUPPORT_H

#include <stdint.h>

#include "chinese_checkers_bot.h"
#include "game.h"
#include "house.h"

struct bc_game {
    int size, players, me;          /* the submission's seat              */
    int points[6];
    enum hbot_kind house[6];        /* the other seats' bots              */
    int strength;                   /* the strong bots' depth             */
    uint64_t seed;
    int cap;                        /* 0: the rules' default              */
    int out_after;                  /* > 0: the house bot at seat
                                    ** (me + 1) % players is put out after
                                    ** this many of its turns             */
    int junk;                       /* 1: after each move the submission
                                    ** hears of, calls that change nothing
                                    ** (the header's OpponentMove): that
                                    ** piece to and from positions off the
                                    ** board, a pass of each of its pieces */
};

struct bc_result {
    struct rgame_result result;
    int moves;                      /* the submission's moves             */
    double cpu_total, cpu_max;      /* the submission's calls, seconds    */
    double house_cpu;               /* the house bots' move calls         */
    int house_moves;
};

/* The challenge's default points for n players into points[]. */
void bc_default_points(int players, int points[6]);

/* Plays the game to its end; fails the test (cr_assert) at the first
** illegal move of the submission, saying which and why, and
** (callee_call) at a call that crashes or runs past its limit. */
void bc_play(const struct bc_game *game, struct bc_result *out);

/* Calls InitChineseCheckers for seat `me` and checks that YourMove then
** gives a legal move of the start (for that seat, as if it moved first),
** then TermChineseCheckers. */
void bc_first_move(int size, int players, const int points[6], int me);

/* The handout's limit on the CPU time of one call ("How you are
** graded", Time): 300 times the greedy house bot's CPU time per move on
** the same board, at least 0.5 s; greedy_per_move in seconds. */
double bc_call_limit(double greedy_per_move);

/* A line for messages: "size 4, 2 players, seat 1 vs greedy". */
const char *bc_describe(const struct bc_game *game);

/* The record of the last game bc_play() played (or is playing: it stops
** at the illegal move that failed a test), in the referee's format
** (grader/referee/RECORD.md), as one line of JSON, behind a sentence that
** says how to watch it: saved as game.json, `build/replay-html game.json
** game.html` draws it, `build/referee --replay game.json` checks it.  It
** lives until the next game; "" before any. */
const char *bc_last_record(void);

/* Writes a record (bc_last_record's text) on stderr, where the grader's
** report shows it with the failing test's message: a test calls it just
** before an assertion that fails (Criterion cuts assertion messages at
** about a kilobyte; a record is longer). */
void bc_show_record(const char *text);

#endif /* BOT_SUPPORT_H */
