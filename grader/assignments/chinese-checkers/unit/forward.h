/*
** forward.h -- the submission's five required functions under the names
** the unit build gives them: grader/run/build.c renames each NAME listed in
** descriptor.c's .forwarded to student_NAME in the submission's object, so
** that the tests' calls of NAME reach forward.c, which runs student_NAME in
** the callee process (grader/unit/callee.h).  Each is declared with its
** header's own type, so a mismatch in forward.c or stubs.c is a compile
** error.  stubs.c defines weak stand-ins for them.
*/
#ifndef UNIT_FORWARD_H
#define UNIT_FORWARD_H

#include "chinese-checkers.h"

extern int student_the_board[BOARD_SIZE_Y][BOARD_SIZE_X];
extern __typeof__(print_board) student_print_board;
extern __typeof__(check_neighbor) student_check_neighbor;
extern __typeof__(check_jump) student_check_jump;
extern __typeof__(check_move) student_check_move;
extern __typeof__(is_jumper) student_is_jumper;

#endif /* UNIT_FORWARD_H */
