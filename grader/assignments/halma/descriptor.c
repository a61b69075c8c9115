/*
** descriptor.c -- the Halma assignment, as the grader sees it
** (assignment.h): 2 or 4 players on a 16x16 board held in bitsets.
*/
#include "../../assignment.h"
#include "board_html.h"

static const char *const required[] = {
    "bitset_include", "bitset_exclude", "bitset_contains", "board_init",
    "add_piece", "is_empty", "owner", "check_step", "check_hop",
    "apply_move", "winner", NULL
};

/* "WHITE's move:  " before each move of four numbers; a board is its
** column header and 16 rows. */
static const struct assignment_protocol protocol = {
    .moves = { "'s move:  ", 4 },
    .board_header = "    0  1  2  3  4",
    .board_lines = 17,
    .board_section = halma_board_section,
};

const struct assignment halma_assignment = {
    .id = "halma",
    .title = "Halma",
    .header = "halma.h",
    .header_aliases = NULL,
    .required = required,
    /* Every required name is a function, and every one runs in the callee
    ** (unit/forward.c). */
    .forwarded = required,
    .program = "halma",
    .echo_option = "--echo",
    .protocol = &protocol,
};
