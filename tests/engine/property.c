/*
** property.c -- the board library against the independent model (model.c)
** on random positions.
**
** usage: engine-property SEED ITEMS
** For each board of the list below and ITEMS seeds from SEED (a single
** seed on the stars of sizes 20 and 63): a random position (every
** player's pieces on random cells, a random player to move; not on those
** two stars, where every piece's chains would cross the board) and a
** position reached by random moves from the start; on each, with and without
** Kangaroo: the library's moves and the model's are the same set; where
** the board has the bitset generator, the general generator gives the
** same list in the same order (and where that generator has its BMI2
** path, every check runs again on its portable path); every move, made, leaves the incremental
** hash equal to the hash computed afresh and the piece lists in step with
** the cells, and unmade restores the position exactly (owners, hash,
** bitset occupancy; 500 moves spread over the list where there are more).  On stars, the challenge's numbering goes there and
** back.  Boards: stars 3, 4, 5 and 9 with 2..6 players, 20 with 3, 63
** with 6; Halma 8x8, 16x16 with 2 and 4 players; the maps holes.map and
** bend.map (holes and bends; the model reads the bends from the file).  Prints one line per failure and
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

/* 1 if the general generator lists exactly the moves of the bitset one,
** in the same order (always 1 on a board without bitset tables). */
static int generators_agree(eg_position *pos, const eg_move *moves, int n)
{
    if (pos->generator != EG_BITSET || pos->kangaroo)
        return 1;
    eg_move *general = malloc(sizeof *general * (size_t)EG_MOVES_MAX(pos->board));
    pos->generator = EG_GENERAL;
    int same = eg_moves(pos, general) == n && eg_moves(pos, NULL) == n;
    pos->generator = EG_BITSET;
    same = same && eg_moves(pos, NULL) == n;
    for (int i = 0; same && i < n; i++)
        same = general[i].from == moves[i].from && general[i].to == moves[i].to;
    free(general);
    return same;
}

/* The library's moves as sorted (from, to) int pairs; returns the count. */
static int library_moves(eg_position *pos, int *pairs)
{
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));
    int n = eg_moves(pos, moves);

    if (!generators_agree(pos, moves, n))
        fail(pos->board->name, 0, "the general and bitset generators differ");
    for (int i = 0; i < n; i++)
        pairs[2 * i] = moves[i].from, pairs[2 * i + 1] = moves[i].to;
    free(moves);
    qsort(pairs, (size_t)n, 2 * sizeof *pairs, by_pair);
    return n;
}

static int model_pairs(struct model *m, const eg_position *pos, int *pairs)
{
    struct model_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));

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
    int *mine = malloc(sizeof *mine * 2 * (size_t)EG_MOVES_MAX(b));
    int *theirs = malloc(sizeof *theirs * 2 * (size_t)EG_MOVES_MAX(b));
    int n = library_moves(pos, mine);

    if (n != model_pairs(m, pos, theirs) || memcmp(mine, theirs, sizeof *mine * 2 * (size_t)n) != 0)
        fail(name, seed, pos->kangaroo ? "moves differ from the model's (Kangaroo)" : "moves differ from the model's");
    if (pos->hash != eg_hash_of(pos))
        fail(name, seed, "hash differs from the hash computed afresh");
    char *before = malloc((size_t)b->cells);
    memcpy(before, pos->owner, (size_t)b->cells);
    uint64_t hash = pos->hash, occ[EG_FAST_WORDS];
    memcpy(occ, pos->occ, sizeof occ);
    /* Every move, or 500 spread over the list on a large board (each check
    ** recomputes the hash over every cell). */
    int stride = n > 500 ? n / 500 : 1;
    for (int i = 0; i < n; i += stride) {
        eg_move mv = {mine[2 * i], mine[2 * i + 1]};
        eg_make(pos, mv);
        if (pos->hash != eg_hash_of(pos) || !lists_in_step(pos))
            fail(name, seed, "after a move: hash or piece lists wrong");
        eg_unmake(pos, mv);
        if (pos->hash != hash || memcmp(before, pos->owner, (size_t)b->cells) != 0
            || memcmp(occ, pos->occ, sizeof occ) != 0)
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

/* The bends of a map file, read apart from the library's reader: every
** line "bend X Y IN OUT". */
static void read_bends(struct model *m, const char *path)
{
    char line[1100];
    FILE *f = path ? fopen(path, "r") : NULL;
    struct model_bend k;

    m->bends = 0;
    m->bend = malloc(sizeof *m->bend * 1000);
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, " bend %d %d %d %d", &k.x, &k.y, &k.in, &k.out) == 4 && m->bends < 1000)
            m->bend[m->bends++] = k;
    if (f)
        fclose(f);
}

static void model_of(struct model *m, const eg_board *b, int hex, const char *map)
{
    read_bends(m, map);
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

/* Every check on ITEMS seeds of board b (built from `map`, or NULL). */
static void check_board(eg_board *b, int hex, const char *map, uint64_t seed, int items)
{
    struct model m;

    if (!b) {
        fail("a board", seed, "could not be built");
        return;
    }
    if (hex && strncmp(b->name, "star ", 5) == 0)
        check_numbering(b, atoi(b->name + 5));
    model_of(&m, b, hex, map);
    /* On a board with BMI2 tables, once more with the portable path. */
    int paths = b->fast && b->fast->pext ? 2 : 1;
    for (int run = 0; run < 2 * paths; run++) {
        int kangaroo = run % 2;
        if (b->fast && run >= 2)
            b->fast->pext = 0;
        eg_position *pos = eg_position_new(b, kangaroo);
        eg_position *start = eg_position_new(b, kangaroo);
        for (int i = 0; i < items; i++) {
            walk_seed(seed + (uint64_t)i);
            /* Scattered pieces on a large star make hop chains that cross
            ** the board from every piece: too slow for the model. */
            if (b->cells <= 1000) {
                scatter(pos);
                check_position(&m, pos, b->name, seed + (uint64_t)i);
            }
            eg_position_copy(pos, start);
            walk(pos, (int)(walk_random() % 60));
            check_position(&m, pos, b->name, seed + (uint64_t)i);
        }
        eg_position_free(pos);
        eg_position_free(start);
    }
    free(m.index);
    free(m.owner);
    free(m.bend);
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
    static const int stars[][2] = {
        {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6},
        {5, 2}, {5, 6}, {9, 2}, {9, 3}, {9, 4}, {9, 5}, {9, 6}, {20, 3}, {63, 6},
    };
    static const char *maps[] = {"solution/engine/maps/holes.map", "solution/engine/maps/bend.map"};
    int boards = 0;
    for (size_t i = 0; i < sizeof stars / sizeof stars[0]; i++, boards++)
        check_board(eg_star(stars[i][0], stars[i][1]), 1, NULL, seed, stars[i][0] >= 20 ? 1 : items);
    check_board(eg_square(8, 2), 0, NULL, seed, items);
    check_board(eg_square(16, 2), 0, NULL, seed, items);
    check_board(eg_square(16, 4), 0, NULL, seed, items);
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++, boards++)
        check_board(eg_map_read(maps[i], err, sizeof err), 0, maps[i], seed, items);
    printf("%d failures on %d boards x %d items x 2 positions x 2 rules (seeds %llu+)\n",
           failures, boards + 3, items, (unsigned long long)seed);
    return failures ? 1 : 0;
}
