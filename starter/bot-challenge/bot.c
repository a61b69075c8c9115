/*
** bot.c -- your bot for the Chinese Checkers bot challenge.
**
** Write the four functions of chinese_checkers_bot.h here (and any helpers
** you like, in this file or others of your own).  As handed out they are
** stubs: the bot builds and answers the referee, but its first move is
** illegal, so it loses every game.
**
** A plan that works (the handout's "Getting started" says more):
**   1. In InitChineseCheckers, build your board: number the positions
**      row by row, remember the row and column of each, and for each its
**      six neighbours (the header's rules by row parity).  Put every
**      player's pieces on its home point.
**   2. In OpponentMove, move the piece on your board.
**   3. In YourMove, list your legal moves (steps, and chains of hops
**      found with a search over the landings), pick one that brings a
**      piece closer to your goal, make it on your board, report it.
**   4. In TermChineseCheckers, free everything.
*/
#include "chinese_checkers_bot.h"

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
}

void YourMove(Position *from, Position *to)
{
    /* A pass on (0, 0): illegal while you have a move (and (0, 0) is
    ** not always yours). */
    from->row = to->row = 0;
    from->col = to->col = 0;
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void)
{
}
