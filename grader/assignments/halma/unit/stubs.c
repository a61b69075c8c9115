/*
** stubs.c -- weak stand-ins for the required functions of halma.h, under
** the names the submission's have in a unit binary (student_NAME,
** forward.h), linked after a submission so that one missing function fails
** only its own tests instead of the whole link.  A submission's own
** definitions always win over these.  forward.c calls them in the callee
** like the submission's.  Each stand-in changes nothing and returns a
** value no test accepts: -1 where the answers are 0 and 1, -2 where -1 is
** an answer (board_init, add_piece, apply_move, and owner and winner,
** whose -1 is NO_PLAYER).
*/
#include "forward.h"

__attribute__((weak)) void student_bitset_include(h_bitset set, int s)
{
    (void)set, (void)s;
}

__attribute__((weak)) void student_bitset_exclude(h_bitset set, int s)
{
    (void)set, (void)s;
}

__attribute__((weak)) int student_bitset_contains(const h_bitset set, int s)
{
    (void)set, (void)s;
    return -1;
}

__attribute__((weak)) int student_board_init(h_board *b, int players)
{
    (void)b, (void)players;
    return -2;
}

__attribute__((weak)) int student_add_piece(h_board *b, int player, int piece, int s)
{
    (void)b, (void)player, (void)piece, (void)s;
    return -2;
}

__attribute__((weak)) int student_is_empty(const h_board *b, int s)
{
    (void)b, (void)s;
    return -1;
}

__attribute__((weak)) int student_owner(const h_board *b, int s)
{
    (void)b, (void)s;
    return -2;
}

__attribute__((weak)) int student_check_step(const h_board *b, int from, int to)
{
    (void)b, (void)from, (void)to;
    return -1;
}

__attribute__((weak)) int student_check_hop(const h_board *b, int from, int to, int kangaroo)
{
    (void)b, (void)from, (void)to, (void)kangaroo;
    return -1;
}

__attribute__((weak)) int student_apply_move(h_board *b, int from, int to)
{
    (void)b, (void)from, (void)to;
    return -2;
}

__attribute__((weak)) int student_winner(const h_board *b)
{
    (void)b;
    return -2;
}
