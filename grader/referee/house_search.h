/*
** house_search.h -- the strong house bot's search, apart from house.c
** (house.h says what the strong bot is).
**
** A student's kit of the bot challenge leaves the kit's search out --
** this file's house_search.c and the board library's search.c and
** best_reply.c (grader/assignments/bot-challenge/dist.files): handing
** students the kit's search would hand them a strong bot.  house.c names
** hbot_search weakly, so a build without house_search.c still links; it
** then has no strong bot (hbot_has_strong() is 0).
*/
#ifndef REFEREE_HOUSE_SEARCH_H
#define REFEREE_HOUSE_SEARCH_H

#include "search.h"

/* The strong bot's move in `pos` for the side to move, searched `depth`
** plies deep: alpha-beta for two players, best-reply search for more.
** Sets *best ({-1, -1} when the search found none). */
void hbot_search(eg_eval *eval, eg_position *pos, int depth, eg_move *best) __attribute__((weak));

#endif /* REFEREE_HOUSE_SEARCH_H */
