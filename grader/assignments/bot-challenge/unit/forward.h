/*
** forward.h -- the submission's four functions as the unit build names
** them, and the CPU limit of its move calls.
**
** The unit build (grader/run/build.c) renames every function of the
** descriptor's `.forwarded` list from NAME to student_NAME in the
** submission's object; forward.c defines NAME, with the header's
** signature, to run student_NAME in the callee process
** (grader/unit/callee.h), where the nonce never is.  stubs.c holds weak
** student_NAME stand-ins for the functions a submission lacks.
*/
#ifndef BOT_FORWARD_H
#define BOT_FORWARD_H

#include "chinese_checkers_bot.h"

void student_InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex);
void student_YourMove(Position *from, Position *to);
void student_OpponentMove(long opponent, Position from, Position to);
void student_TermChineseCheckers(void);

/* From now on, a YourMove or OpponentMove call that uses more than
** `seconds` of CPU is stopped and fails the test, naming the call and
** the limit; 0: the test's own limit.  support.c sets the handout's
** per-call limit (bc_call_limit) before every game.  InitChineseCheckers
** and TermChineseCheckers always have the test's limit: what they set up
** and free grows with the board, which the handout times only on size 5. */
void bc_forward_move_limit(double seconds);

#endif /* BOT_FORWARD_H */
