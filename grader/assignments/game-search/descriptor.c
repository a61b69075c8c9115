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

const struct assignment game_search_assignment = {
    .id = "game-search",
    .title = "Game-tree search",
    .header = "game_search.h",
    .header_aliases = NULL,
    .required = required,
    .program = "game-search",
    .echo_option = NULL,
    .protocol = NULL,
};
