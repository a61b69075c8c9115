/*
** house_search.c -- the strong house bot's search (house_search.h): the
** board library's search at the bot's depth.
*/
#include "house_search.h"

void hbot_search(eg_eval *eval, eg_position *pos, int depth, eg_move *best)
{
    best->from = best->to = -1;
    if (pos->board->players == 2)
        eg_alphabeta(eval, pos, depth, best);
    else
        eg_best_reply(eval, pos, depth, best);
}
