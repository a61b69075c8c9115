/*
** forward.h -- the submission's required functions under the names they
** have in a unit binary.  The grader renames each function NAME of halma.h
** that the descriptor forwards (descriptor.c, `.forwarded`) to
** student_NAME in the submission's object (grader/run/build.c), and the
** Makefile does the same to the reference's; forward.c defines NAME, which
** runs student_NAME in the callee process (grader/unit/callee.h); stubs.c
** defines a weak student_NAME for each, used when the submission lacks it.
** The signatures are halma.h's.
*/
#ifndef HALMA_UNIT_FORWARD_H
#define HALMA_UNIT_FORWARD_H

#include "halma.h"

void student_bitset_include(h_bitset set, int s);
void student_bitset_exclude(h_bitset set, int s);
int student_bitset_contains(const h_bitset set, int s);
int student_board_init(h_board *b, int players);
int student_add_piece(h_board *b, int player, int piece, int s);
int student_is_empty(const h_board *b, int s);
int student_owner(const h_board *b, int s);
int student_check_step(const h_board *b, int from, int to);
int student_check_hop(const h_board *b, int from, int to, int kangaroo);
int student_apply_move(h_board *b, int from, int to);
int student_winner(const h_board *b);

#endif /* HALMA_UNIT_FORWARD_H */
