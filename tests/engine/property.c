/*
** property.c -- the board library against the independent model (model.c)
** on random positions.
**
** usage: engine-property SEED ITEMS
** For each board of the list below and ITEMS seeds from SEED: a random
** position (every player's pieces on random cells, a random player to
** move) and a position reached by random moves from the start; on each,
** with and without Kangaroo: the library's moves and the model's are the
** same set; every move, made, leaves the incremental hash equal to the
** hash computed afresh and the piece lists in step with the cells, and
** unmade restores the position exactly.  On stars, the challenge's
** numbering goes there and back.  Prints one line per failure and
** a summary; exit status 1 on any failure, 2 on a usage error.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "map.h"
#include "model.h"
#include "position.h"
#include "walk.h"

static int failures;
static void fail(const char *board, uint64_t seed, const char *what)
{
    if (++failures <= 20)
        printf("FAIL %s, seed %llu: %s\n", board, (unsigned long long)seed, what);
}

static int by_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;

    return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

/* The library's moves as sorted (from, to) int pairs; returns the count. */
static int library_moves(eg_position *pos, int *pairs)
{
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));
    int n = eg_moves(pos, moves);

    for (int i = 0; i < n; i++)
        pairs[2 * i] = moves[i].from, pairs[2 * i + 1] = moves[i].to;
    free(moves);
    qsort(pairs, (size_t)n, 2 * sizeof *pairs, by_pair);
    return n;
}

static int model_pairs(struct model *m, const eg_position *pos, int *pairs)
{
    struct model_move *moves = malloc(sizeof *moves * (size_t)m->points * (size_t)m->points);

    memcpy(m->owner, pos->owner, (size_t)m->points);
    int n = model_moves(m, pos->to_move, pos->kangaroo, moves);
    for (int i = 0; i < n; i++)
        pairs[2 * i] = moves[i].from, pairs[2 * i + 1] = moves[i].to;
    free(moves);
    qsort(pairs, (size_t)n, 2 * sizeof *pairs, by_pair);
    return n;
}

/* 1 if every piece list entry names a cell its player owns, and slot[]
** points back to it. */
static int lists_in_step(const eg_position *pos)
{
    const eg_board *b = pos->board;

    for (int p = 0; p < b->players; p++)
        for (int i = 0; i < b->pieces; i++) {
            int c = pos->piece[p][i];
            if (pos->owner[c] != p || pos->slot[c] != i)
                return 0;
        }
    return 1;
}

/* Compares the moves of pos with the model's, then makes and unmakes each. */
static void check_position(struct model *m, eg_position *pos, const char *name, uint64_t seed)
{
    const eg_board *b = pos->board;
    int *mine = malloc(sizeof *mine * 2 * (size_t)b->cells * (size_t)b->cells);
    int *theirs = malloc(sizeof *theirs * 2 * (size_t)b->cells * (size_t)b->cells);
    int n = library_moves(pos, mine);

    if (n != model_pairs(m, pos, theirs) || memcmp(mine, theirs, sizeof *mine * 2 * (size_t)n) != 0)
        fail(name, seed, pos->kangaroo ? "moves differ from the model's (Kangaroo)" : "moves differ from the model's");
    if (pos->hash != eg_hash_of(pos))
        fail(name, seed, "hash differs from the hash computed afresh");
    char *before = malloc((size_t)b->cells);
    memcpy(before, pos->owner, (size_t)b->cells);
    uint64_t hash = pos->hash;
    for (int i = 0; i < n; i++) {
        eg_move mv = {mine[2 * i], mine[2 * i + 1]};
        eg_make(pos, mv);
        if (pos->hash != eg_hash_of(pos) || !lists_in_step(pos))
            fail(name, seed, "after a move: hash or piece lists wrong");
        eg_unmake(pos, mv);
        if (pos->hash != hash || memcmp(before, pos->owner, (size_t)b->cells) != 0)
            fail(name, seed, "unmake did not restore the position");
    }
    free(before);
    free(mine);
    free(theirs);
}

/* A random position: each player's pieces on random empty cells. */
static void scatter(eg_position *pos)
{
    const eg_board *b = pos->board;
    int8_t *owner = malloc((size_t)b->cells);

    memset(owner, -1, (size_t)b->cells);
    for (int p = 0; p < b->players; p++)
        for (int i = 0; i < b->pieces; i++) {
            int c;
            do
                c = (int)(walk_random() % (uint64_t)b->cells);
            while (owner[c] >= 0);
            owner[c] = (int8_t)p;
        }
    if (eg_position_set(pos, owner, (int)(walk_random() % (uint64_t)b->players)) != 0)
        fail(b->name, 0, "eg_position_set refused a good position");
    free(owner);
}

static void model_of(struct model *m, const eg_board *b, int hex)
{
    m->hex = hex;
    m->points = b->cells;
    m->x = b->x, m->y = b->y;
    m->index = malloc(sizeof *m->index * MODEL_SIDE);
    m->owner = malloc((size_t)b->cells);
    memset(m->index, -1, sizeof *m->index * MODEL_SIDE);
    for (int c = 0; c < b->cells; c++)
        m->index[b->y[c]][b->x[c]] = c;
}

/* The challenge's numbering of a star goes there and back for every cell,
** and names no cell just outside each row. */
static void check_numbering(const eg_board *b, int size)
{
    long row, col;
    int back;

    for (int c = 0; c < b->cells; c++)
        if (eg_star_to_challenge(b, size, c, &row, &col) != 0
            || eg_star_from_challenge(b, size, row, col, &back) != 0 || back != c)
            fail(b->name, 0, "the challenge's numbering does not go there and back");
    for (long r = -1; r <= 4L * size + 1; r++) {
        long lo = 0, hi = 0;
        for (int c = 0; c < b->cells; c++)
            if (eg_star_to_challenge(b, size, c, &row, &col) == 0 && row == r) {
                lo = col < lo ? col : lo;
                hi = col > hi ? col : hi;
            }
        if (eg_star_from_challenge(b, size, r, lo - 1, &back) == 0
            || eg_star_from_challenge(b, size, r, hi + 1, &back) == 0)
            fail(b->name, 0, "the challenge's numbering names a cell outside a row");
    }
}

static void check_board(eg_board *b, int hex, uint64_t seed, int items)
{
    struct model m;

    if (!b) {
        fail("a board", seed, "could not be built");
        return;
    }
    if (hex && strncmp(b->name, "star ", 5) == 0)
        check_numbering(b, atoi(b->name + 5));
    model_of(&m, b, hex);
    for (int kangaroo = 0; kangaroo <= 1; kangaroo++) {
        eg_position *pos = eg_position_new(b, kangaroo);
        eg_position *start = eg_position_new(b, kangaroo);
        for (int i = 0; i < items; i++) {
            walk_seed(seed + (uint64_t)i);
            scatter(pos);
            check_position(&m, pos, b->name, seed + (uint64_t)i);
            eg_position_copy(pos, start);
            walk(pos, (int)(walk_random() % 60));
            check_position(&m, pos, b->name, seed + (uint64_t)i);
        }
        eg_position_free(pos);
        eg_position_free(start);
    }
    free(m.index);
    free(m.owner);
    eg_board_free(b);
}

int main(int argc, char **argv)
{
    char err[300];

    if (argc != 3) {
        fprintf(stderr, "usage: %s SEED ITEMS\n", argv[0]);
        return 2;
    }
    uint64_t seed = strtoull(argv[1], NULL, 10);
    int items = atoi(argv[2]);
    static const int stars[][2] = {{3, 2}, {3, 6}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {5, 6}, {9, 2}};
    for (size_t i = 0; i < sizeof stars / sizeof stars[0]; i++)
        check_board(eg_star(stars[i][0], stars[i][1]), 1, seed, items);
    check_board(eg_square(8, 2), 0, seed, items);
    check_board(eg_square(16, 2), 0, seed, items);
    check_board(eg_square(16, 4), 0, seed, items);
    check_board(eg_map_read("solution/engine/maps/holes.map", err, sizeof err), 0, seed, items);
    printf("%d failures on %d boards x %d items x 2 positions x 2 rules (seeds %llu+)\n",
           failures, (int)(sizeof stars / sizeof stars[0]) + 4, items, (unsigned long long)seed);
    return failures ? 1 : 0;
}
