/*
** board.c -- allocating, seating and hashing a board (board.h).
*/
#include "board.h"

#include "fast.h"

#include <stdlib.h>
#include <string.h>

eg_board *eg_board_new(int cells, int dirs)
{
    if (dirs < 1 || dirs > EG_MAX_DIRS || cells < 1 || cells > 1000000)
        return NULL;
    eg_board *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->cells = cells;
    b->dirs = dirs;
    b->next = malloc(sizeof *b->next * (size_t)cells * (size_t)dirs);
    b->turn = malloc(sizeof *b->turn * (size_t)cells * (size_t)dirs);
    b->x = calloc((size_t)cells, sizeof *b->x);
    b->y = calloc((size_t)cells, sizeof *b->y);
    b->zobrist = calloc((size_t)cells * EG_MAX_PLAYERS, sizeof *b->zobrist);
    if (!b->next || !b->turn || !b->x || !b->y || !b->zobrist) {
        eg_board_free(b);
        return NULL;
    }
    for (int i = 0; i < cells * dirs; i++) {
        b->next[i] = -1;
        b->turn[i] = (int8_t)(i % dirs);
    }
    return b;
}

void eg_board_free(eg_board *b)
{
    if (!b)
        return;
    for (int p = 0; p < EG_MAX_PLAYERS; p++) {
        free(b->home[p]);
        free(b->goal[p]);
    }
    free(b->next);
    free(b->turn);
    free(b->x);
    free(b->y);
    free(b->zobrist);
    free(b->barred);
    eg_fast_free(b->fast);
    free(b);
}

int eg_board_seat(eg_board *b, int players, int pieces)
{
    if (players < 1 || players > EG_MAX_PLAYERS || pieces < 1 || pieces > b->cells)
        return -1;
    b->players = players;
    b->pieces = pieces;
    for (int p = 0; p < players; p++) {
        b->home[p] = calloc((size_t)pieces, sizeof *b->home[p]);
        b->goal[p] = calloc((size_t)pieces, sizeof *b->goal[p]);
        if (!b->home[p] || !b->goal[p])
            return -1;
    }
    return 0;
}

/* splitmix64: a fixed, well-mixed stream from a 64-bit state. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));

    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void eg_board_hash_keys(eg_board *b)
{
    uint64_t state = UINT64_C(0x48616c6d61);

    for (int i = 0; i < b->cells * EG_MAX_PLAYERS; i++)
        b->zobrist[i] = splitmix64(&state);
    for (int p = 0; p < EG_MAX_PLAYERS; p++)
        b->zobrist_turn[p] = splitmix64(&state);
}

void eg_board_finish(eg_board *b)
{
    eg_board_hash_keys(b);
    eg_fast_free(b->fast);
    b->fast = eg_fast_new(b->cells, b->dirs, b->next, b->turn);
}
