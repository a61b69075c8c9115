/*
** descriptor.c -- the Chinese Checkers assignment, as the grader sees it
** (assignment.h): two humans at one terminal on the 121-space star.
*/
#include "../../assignment.h"
#include "board_html.h"

static const char *const aliases[] = { "chinese_checkers.h", NULL };

static const char *const required[] = {
    "the_board", "print_board", "check_neighbor", "check_jump",
    "check_move", "is_jumper", NULL
};

/* The required names the unit tests reach only in the callee process,
** through unit/forward.c: the five functions, and the_board, which the
** tests' process keeps a board of its own for (forward.c carries it along
** with each call).  The submission's the_board is never read or written
** in the tests' process: a symbol can be made to name any address there. */
static const char *const forwarded[] = {
    "the_board", "print_board", "check_neighbor", "check_jump", "check_move", "is_jumper", NULL
};

/* "RED's move:  " before each move of four numbers; a board is its column
** header and 17 rows. */
static const struct assignment_protocol protocol = {
    .moves = { "'s move:  ", 4 },
    .board_header = "    0  1  2  3  4",
    .board_lines = 18,
    .board_section = cc_board_section,
};

const struct assignment chinese_checkers_assignment = {
    .id = "chinese-checkers",
    .title = "Chinese Checkers",
    .header = "chinese-checkers.h",
    .header_aliases = aliases,
    .required = required,
    .forwarded = forwarded,
    .program = "chinese-checkers",
    .echo_option = "--echo",
    .protocol = &protocol,
};
