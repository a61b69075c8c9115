/*
** house_bot.c -- a house bot (grader/referee/house.h) as a bot program:
** the challenge's four functions over one hbot object, linked with the
** kit's driver like a student's bot.  Its command line names the kind:
** `house random|greedy|strong [DEPTH] [SEED]` (default greedy).
*/
#include <stdlib.h>

#include "house.h"

typedef struct Position {
    long row;
    long col;
} Position;

void bot_arguments(int argc, char **argv);
void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex);
void YourMove(Position *from, Position *to);
void OpponentMove(long opponent, Position from, Position to);
void TermChineseCheckers(void);

static struct hbot *bot;

void bot_arguments(int argc, char **argv)
{
    int kind = argc > 1 ? hbot_kind_of(argv[1]) : HBOT_GREEDY;

    bot = hbot_new(kind < 0 ? HBOT_GREEDY : (enum hbot_kind)kind, argc > 2 ? atoi(argv[2]) : 2,
                   argc > 3 ? strtoull(argv[3], NULL, 10) : 1);
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    if (bot)
        hbot_init(bot, numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    if (bot)
        hbot_move(bot, &from->row, &from->col, &to->row, &to->col);
}

void OpponentMove(long opponent, Position from, Position to)
{
    if (bot)
        hbot_opponent(bot, opponent, from.row, from.col, to.row, to.col);
}

void TermChineseCheckers(void)
{
    if (bot)
        hbot_term(bot);
}
