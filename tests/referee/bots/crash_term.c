/* crash_term.c -- a greedy bot that plays a whole game, then dies of
** SIGABRT in TermChineseCheckers: a verdict like any other, so it is out
** of the game it played, whatever its result was. */
#include <stdlib.h>

#include "lib/greedy.h"

void TermChineseCheckers(void)
{
    greedy_term();
    abort();
}
