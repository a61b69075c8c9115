/*
** rating_internal.h -- what rating.c and rating_elo.c share, apart from
** rating.h's public functions.
*/
#ifndef TOURNAMENT_RATING_INTERNAL_H
#define TOURNAMENT_RATING_INTERNAL_H

#include <stddef.h>

#include "rating.h"

/* 1 when every game is well formed for n_bots bots (players 2..6, bots
** in range and distinct in a game, ranks from 1); 0, with errno EINVAL,
** otherwise. */
int trating_games_valid(const struct trating_game *games, size_t n, int n_bots);

#endif /* TOURNAMENT_RATING_INTERNAL_H */
