/*
** walk.h -- seeded random play for the engine's test drivers.
**
** walk_seed(s) starts a xorshift64 stream (the same numbers on every
** machine); walk_random() gives its next number; walk(pos, plies) makes
** up to `plies` random moves of the players in turn (fewer when one has
** no move), giving a position a game can reach.
*/
#ifndef ENGINE_WALK_H
#define ENGINE_WALK_H

#include <stdint.h>

#include "position.h"

void walk_seed(uint64_t seed);
uint64_t walk_random(void);
void walk(eg_position *pos, int plies);

#endif /* ENGINE_WALK_H */
