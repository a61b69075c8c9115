/*
** descriptor.c -- the game-tree search assignment, as the grader sees it
** (assignment.h): minimax, alpha-beta, a parallel search and a move
** chooser for 8x8 Halma.  Its program answers commands line by line and
** prints no board the report could draw, so there is no protocol: the
** report shows the lines that differ.
*/
#include "../../assignment.h"

static const char *const required[] = {
    "minimax", "alphabeta", "parallel_search", "choose_move", NULL
};

/* All four run in the callee process (grader/unit/callee.h): the build
** renames each to student_NAME, and unit/forward.c defines NAME, which
** sends its arguments, the position and the evaluations' state there and
** back. */
static const char *const forwarded[] = {
    "minimax", "alphabeta", "parallel_search", "choose_move", NULL
};

/* The board library and the program, given to students ready-made: a
** student who hands in search.c alone is graded with the kit's copies. */
static const char *const given[] = {"board.c", "board_text.c", "main.c", NULL};

const struct assignment game_search_assignment = {
    .id = "game-search",
    .title = "Game-tree search",
    .header = "game_search.h",
    .header_aliases = NULL,
    .required = required,
    .forwarded = forwarded,
    .given = given,
    .program = "game-search",
    .echo_option = NULL,
    .protocol = NULL,
};
