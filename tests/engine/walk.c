/*
** walk.c -- seeded random play (walk.h).
*/
#include "walk.h"

#include <stdlib.h>

static uint64_t state = 1;

void walk_seed(uint64_t seed)
{
    state = seed * UINT64_C(0x9e3779b97f4a7c15) | 1;
}

uint64_t walk_random(void)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return state;
}

void walk(eg_position *pos, int plies)
{
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));

    for (int i = 0; i < plies && moves; i++) {
        int n = eg_moves(pos, moves);
        if (n == 0)
            break;
        eg_make(pos, moves[walk_random() % (uint64_t)n]);
    }
    free(moves);
}
