/*
** registry.c -- every assignment the grader carries (assignment.h).  To add
** one, see README.md in this folder.
*/
#include "../assignment.h"

extern const struct assignment chinese_checkers_assignment;
extern const struct assignment halma_assignment;
extern const struct assignment game_search_assignment;
extern const struct assignment bot_challenge_assignment;

const struct assignment *const assignment_registry[] = {
    &chinese_checkers_assignment,
    &halma_assignment,
    &game_search_assignment,
    &bot_challenge_assignment,
    NULL
};
