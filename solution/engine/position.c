/*
** position.c -- positions, make/unmake and hashing (position.h).
*/
#include "position.h"

#include <stdlib.h>
#include <string.h>

/* Sets or clears cell c in the bitset occupancy (boards with tables). */
static void occupy(eg_position *pos, int c, int on)
{
    uint64_t bit = UINT64_C(1) << (c & 63);

    if (pos->board->fast)
        pos->occ[c >> 6] = on ? pos->occ[c >> 6] | bit : pos->occ[c >> 6] & ~bit;
}

static void put(eg_position *pos, int player, int i, int c)
{
    occupy(pos, c, 1);
    pos->owner[c] = (int8_t)player;
    pos->piece[player][i] = c;
    pos->slot[c] = i;
    pos->hash ^= pos->board->zobrist[c * EG_MAX_PLAYERS + player];
}

eg_position *eg_position_new(const eg_board *b, int kangaroo)
{
    eg_position *pos = calloc(1, sizeof *pos);
    size_t n = (size_t)b->cells;

    if (!pos)
        return NULL;
    pos->board = b;
    pos->kangaroo = kangaroo != 0;
    pos->generator = b->fast ? EG_BITSET : EG_GENERAL;
    pos->owner = malloc(n);
    pos->slot = malloc(n * sizeof *pos->slot);
    pos->seen = calloc(n, sizeof *pos->seen);
    pos->stack = malloc(n * sizeof *pos->stack);
    int ok = pos->owner && pos->slot && pos->seen && pos->stack;
    for (int p = 0; p < b->players; p++)
        ok = ok && (pos->piece[p] = malloc((size_t)b->pieces * sizeof *pos->piece[p]));
    if (!ok) {
        eg_position_free(pos);
        return NULL;
    }
    memset(pos->owner, -1, n);
    pos->hash = b->zobrist_turn[0];
    for (int p = 0; p < b->players; p++)
        for (int i = 0; i < b->pieces; i++)
            put(pos, p, i, b->home[p][i]);
    return pos;
}

/* 1 if owner[] gives every player exactly board->pieces cells. */
static int counts_match(const eg_board *b, const int8_t *owner)
{
    int count[EG_MAX_PLAYERS] = {0};

    for (int c = 0; c < b->cells; c++) {
        if (owner[c] >= b->players || owner[c] < -1)
            return 0;
        if (owner[c] >= 0)
            count[owner[c]]++;
    }
    for (int p = 0; p < b->players; p++)
        if (count[p] != b->pieces)
            return 0;
    return 1;
}

int eg_position_set(eg_position *pos, const int8_t *owner, int to_move)
{
    const eg_board *b = pos->board;
    int next[EG_MAX_PLAYERS] = {0};

    if (to_move < 0 || to_move >= b->players || !counts_match(b, owner))
        return -1;
    memset(pos->owner, -1, (size_t)b->cells);
    memset(pos->occ, 0, sizeof pos->occ);
    pos->to_move = to_move;
    pos->hash = b->zobrist_turn[to_move];
    for (int c = 0; c < b->cells; c++)
        if (owner[c] >= 0)
            put(pos, owner[c], next[owner[c]]++, c);
    return 0;
}

void eg_position_free(eg_position *pos)
{
    if (!pos)
        return;
    for (int p = 0; p < EG_MAX_PLAYERS; p++)
        free(pos->piece[p]);
    free(pos->owner);
    free(pos->slot);
    free(pos->seen);
    free(pos->stack);
    free(pos);
}

void eg_position_copy(eg_position *dst, const eg_position *src)
{
    const eg_board *b = src->board;

    memcpy(dst->owner, src->owner, (size_t)b->cells);
    memcpy(dst->slot, src->slot, (size_t)b->cells * sizeof *dst->slot);
    for (int p = 0; p < b->players; p++)
        memcpy(dst->piece[p], src->piece[p], (size_t)b->pieces * sizeof *dst->piece[p]);
    dst->to_move = src->to_move;
    dst->kangaroo = src->kangaroo;
    dst->hash = src->hash;
    memcpy(dst->occ, src->occ, sizeof dst->occ);
}

size_t eg_position_bytes(const eg_board *b)
{
    size_t cells = (size_t)b->cells;

    return sizeof(eg_position) + cells                  /* owner */
         + cells * sizeof(int32_t)                      /* slot */
         + (size_t)b->players * (size_t)b->pieces * sizeof(int32_t)
         + cells * (sizeof(uint32_t) + sizeof(int32_t)); /* seen, stack */
}

/* Moves the piece on `from` to the empty cell `to`; hash included. */
static void shift(eg_position *pos, int from, int to)
{
    int player = pos->owner[from], i = pos->slot[from];
    const uint64_t *z = pos->board->zobrist;

    pos->owner[from] = -1;
    occupy(pos, from, 0);
    occupy(pos, to, 1);
    pos->hash ^= z[from * EG_MAX_PLAYERS + player] ^ z[to * EG_MAX_PLAYERS + player];
    pos->owner[to] = (int8_t)player;
    pos->piece[player][i] = to;
    pos->slot[to] = i;
}

static void pass_turn(eg_position *pos, int next)
{
    const uint64_t *zt = pos->board->zobrist_turn;

    pos->hash ^= zt[pos->to_move] ^ zt[next];
    pos->to_move = next;
}

void eg_set_turn(eg_position *pos, int player)
{
    pass_turn(pos, player);
}

void eg_make(eg_position *pos, eg_move m)
{
    shift(pos, m.from, m.to);
    pass_turn(pos, (pos->to_move + 1) % pos->board->players);
}

void eg_unmake(eg_position *pos, eg_move m)
{
    int players = pos->board->players;

    pass_turn(pos, (pos->to_move + players - 1) % players);
    shift(pos, m.to, m.from);
}

uint64_t eg_hash_of(const eg_position *pos)
{
    const eg_board *b = pos->board;
    uint64_t h = b->zobrist_turn[pos->to_move];

    for (int c = 0; c < b->cells; c++)
        if (pos->owner[c] >= 0)
            h ^= b->zobrist[c * EG_MAX_PLAYERS + pos->owner[c]];
    return h;
}
