/*
** descriptor.c -- the bot challenge, as the grader sees it (assignment.h):
** a bot of four functions that the kit's driver (driver.c, given) turns
** into a program speaking the referee's line protocol.  Its sessions are
** protocol exchanges with one reply per request; there is no board to
** draw, so no protocol part: the report shows the lines that differ.
** Games against the house bots are unit tests (unit/README.md); a game
** such a test loses is drawn in the report as a replay.
*/
#include "../../assignment.h"
#include "replay_section.h"

static const char *const required[] = {
    "InitChineseCheckers", "YourMove", "OpponentMove", "TermChineseCheckers", NULL
};

/* The driver is the kit's: a submission without it gets the kit's copy. */
static const char *const given[] = {"driver.c", NULL};

const struct assignment bot_challenge_assignment = {
    .id = "bot-challenge",
    .title = "The Chinese Checkers bot challenge",
    .header = "chinese_checkers_bot.h",
    .header_aliases = NULL,
    .required = required,
    .forwarded = required,      /* all four run in the unit tests'
                                ** callee process (unit/forward.c)     */
    .given = given,
    .program = "bot-challenge",
    .echo_option = NULL,
    .protocol = NULL,
    .output_section = bc_replay_section,
};
