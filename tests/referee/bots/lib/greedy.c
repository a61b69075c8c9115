/* greedy.c -- the greedy house bot for test bots (greedy.h).  A bot whose
** hbot could not be made passes with (0, 0), which the referee refuses:
** a test that needs legal moves then fails visibly. */
#include "greedy.h"

#include "house.h"

static struct hbot *bot;

void greedy_init(long players, long size, const long points[6], long me)
{
    if (!bot)
        bot = hbot_new(HBOT_GREEDY, 0, 1);
    if (bot)
        hbot_init(bot, players, size, points, me);
}

void greedy_move(Position *from, Position *to)
{
    from->row = from->col = to->row = to->col = 0;
    if (bot)
        hbot_move(bot, &from->row, &from->col, &to->row, &to->col);
}

void greedy_opponent(long seat, Position from, Position to)
{
    if (bot)
        hbot_opponent(bot, seat, from.row, from.col, to.row, to.col);
}

void greedy_term(void)
{
    if (bot)
        hbot_term(bot);
}
