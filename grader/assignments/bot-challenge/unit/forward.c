/*
** forward.c -- the four functions of chinese_checkers_bot.h as the tests
** call them: each packs its arguments into a struct of plain data and
** runs the submission's function (student_NAME, forward.h) in the callee
** process with callee_call (grader/unit/callee.h).  The bot's state --
** its board, whatever its globals hold -- lives in the callee from
** InitChineseCheckers to TermChineseCheckers and on to the next game of
** the same test (one callee per test worker).
**
** What comes back from the callee is untrusted: only YourMove's two
** Positions are copied out, and they are plain numbers that the kit's
** referee then judges.  InitChineseCheckers's playerPosition[] travels as
** a copy and is not written back, so a bot that scribbles on it cannot
** change the seating the house bots are given.  A call that crashes,
** exits or runs past its limit fails the test inside callee_call, which
** then does not return.
*/
#include <string.h>

#include "callee.h"
#include "forward.h"

static double move_limit;

void bc_forward_move_limit(double seconds)
{
    move_limit = seconds > 0 ? seconds : 0;
}

struct init_args {
    long players, size, points[6], me;
};

static void init_thunk(void *p)
{
    struct init_args *a = p;

    student_InitChineseCheckers(a->players, a->size, a->points, a->me);
}
CALLEE_THUNK(init_thunk);

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    struct init_args a = {.players = numPlayers, .size = gameSize, .me = yourIndex};

    memcpy(a.points, playerPosition, sizeof a.points);
    callee_call("InitChineseCheckers", init_thunk, &a, sizeof a, 0);
}

struct move_args {
    Position from, to;
};

static void move_thunk(void *p)
{
    struct move_args *a = p;

    student_YourMove(&a->from, &a->to);
}
CALLEE_THUNK(move_thunk);

/* The bot sees what the caller put in *from and *to (the tests: -1s) and
** the caller gets what the bot left there. */
void YourMove(Position *from, Position *to)
{
    struct move_args a = {*from, *to};

    callee_call("YourMove", move_thunk, &a, sizeof a, move_limit);
    *from = a.from;
    *to = a.to;
}

struct opponent_args {
    long opponent;
    Position from, to;
};

static void opponent_thunk(void *p)
{
    struct opponent_args *a = p;

    student_OpponentMove(a->opponent, a->from, a->to);
}
CALLEE_THUNK(opponent_thunk);

void OpponentMove(long opponent, Position from, Position to)
{
    struct opponent_args a = {opponent, from, to};

    callee_call("OpponentMove", opponent_thunk, &a, sizeof a, move_limit);
}

/* No arguments; one byte travels, so that the call has a buffer like any
** other. */
struct term_args {
    char unused;
};

static void term_thunk(void *p)
{
    (void)p;
    student_TermChineseCheckers();
}
CALLEE_THUNK(term_thunk);

void TermChineseCheckers(void)
{
    struct term_args a = {0};

    callee_call("TermChineseCheckers", term_thunk, &a, sizeof a, 0);
}
