/*
** chain_main.c -- build/engine-chain: the challenge's seated stars, their
** neutral zones and eg_chain(), checked on seeded random positions.
**
** usage: engine-chain [POSITIONS]   (default 200 per board)
**
** For stars of sizes 3..6 and every player count, with seatings drawn at
** random, it checks:
**   - zones: each player is barred from exactly the four points that are
**     neither its home nor its goal (4 * pieces cells), and from no cell
**     of its home, its goal or the central hexagon;
**   - generation: the moves on the board with neutral zones are exactly
**     the moves on the same board without them whose two ends are not
**     barred to the mover (same order);
**   - eg_chain(): for every piece of the mover and every cell, it finds a
**     way exactly when the move is generated; the way it gives starts on
**     `from`, ends on `to`, never repeats a cell, and each link is a step
**     (a one-link way only) or a hop over an occupied neighbour onto the
**     empty cell beyond on the same line -- checked here with the
**     challenge's own row/column rules, not the library's tables.
** Prints "ok N positions" or the first disagreement, exit status 1.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "position.h"
#include "walk.h"

static int failures;

#define FAIL(...) do { fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); failures++; return; } while (0)

/* The challenge's neighbour of (r, c) in direction k (west, east, down
** left, down right, up left, up right), by row parity: the same k is the
** same direction on every row, so two links with one k are a line. */
static void neighbour(long r, long c, int k, long *nr, long *nc)
{
    static const int even[6][2] = {{0, -1}, {0, 1}, {1, 0}, {1, 1}, {-1, 0}, {-1, 1}};
    static const int odd[6][2] = {{0, -1}, {0, 1}, {1, -1}, {1, 0}, {-1, -1}, {-1, 0}};
    const int (*t)[2] = (r & 1) ? odd : even;

    *nr = r + t[k][0];
    *nc = c + t[k][1];
}

/* The cell at (r, c) of the star of size n, or -1. */
static int cell_at(const eg_board *b, int n, long r, long c)
{
    int cell;

    return eg_star_from_challenge(b, n, r, c, &cell) == 0 ? cell : -1;
}

/* 1 when a -> c is a hop over an occupied neighbour along a line
** (the neighbour's neighbour in the same challenge direction). */
static int is_hop(const eg_position *pos, int n, int a, int c)
{
    long r, k, r1, k1, r2, k2;

    eg_star_to_challenge(pos->board, n, a, &r, &k);
    for (int d = 0; d < 6; d++) {
        neighbour(r, k, d, &r1, &k1);
        int over = cell_at(pos->board, n, r1, k1);
        if (over < 0)
            continue;
        /* The same direction from the middle cell, whose row parity
        ** differs (its own table gives the column offset). */
        neighbour(r1, k1, d, &r2, &k2);
        if (cell_at(pos->board, n, r2, k2) == c)
            return pos->owner[over] >= 0 && pos->owner[c] < 0;
    }
    return 0;
}

static int is_step(const eg_position *pos, int n, int a, int c)
{
    long r, k, r1, k1;

    eg_star_to_challenge(pos->board, n, a, &r, &k);
    for (int d = 0; d < 6; d++) {
        neighbour(r, k, d, &r1, &k1);
        if (cell_at(pos->board, n, r1, k1) == c)
            return pos->owner[c] < 0;
    }
    return 0;
}

static void check_zones(const eg_board *b, const int *points)
{
    for (int p = 0; p < b->players; p++) {
        int barred = 0;
        for (int c = 0; c < b->cells; c++)
            barred += b->barred[c] >> p & 1;
        if (barred != 4 * b->pieces)
            FAIL("%s: player %d barred from %d cells, expected %d", b->name, p, barred, 4 * b->pieces);
        for (int i = 0; i < b->pieces; i++)
            if ((b->barred[b->home[p][i]] | b->barred[b->goal[p][i]]) >> p & 1)
                FAIL("%s: player %d (point %d) barred from its home or goal", b->name, p, points[p]);
    }
}

/* The way from `from` to `to`, as eg_chain() gave it, checked link by link. */
static void check_way(eg_position *pos, int n, const int32_t *way, int len, int from, int to)
{
    if (way[0] != from || way[len - 1] != to)
        FAIL("%s: way from %d to %d runs from %d to %d", pos->board->name, from, to, way[0], way[len - 1]);
    for (int i = 0; i < len; i++)
        for (int j = 0; j < i; j++)
            if (way[i] == way[j])
                FAIL("%s: way from %d to %d visits %d twice", pos->board->name, from, to, way[i]);
    int piece = pos->owner[from];
    pos->owner[from] = -1;
    for (int i = 1; i < len; i++)
        if (!is_hop(pos, n, way[i - 1], way[i]) && !(len == 2 && is_step(pos, n, way[0], way[1]))) {
            pos->owner[from] = (int8_t)piece;
            FAIL("%s: link %d -> %d of the way from %d to %d is no step or hop", pos->board->name,
                 way[i - 1], way[i], from, to);
        }
    pos->owner[from] = (int8_t)piece;
}

static void check_chains(eg_position *pos, int n, const eg_move *moves, int count, int32_t *way)
{
    const eg_board *b = pos->board;
    char *legal = calloc((size_t)b->cells * (size_t)b->cells, 1);

    for (int i = 0; i < count; i++)
        legal[(size_t)moves[i].from * (size_t)b->cells + (size_t)moves[i].to] = 1;
    for (int i = 0; i < b->pieces; i++) {
        int from = pos->piece[pos->to_move][i];
        for (int to = 0; to < b->cells; to++) {
            int len = eg_chain(pos, from, to, way), generated = legal[(size_t)from * (size_t)b->cells + (size_t)to];
            if ((len > 0) != generated) {
                free(legal);
                FAIL("%s: eg_chain(%d, %d) = %d but the move is %sgenerated", b->name, from, to, len,
                     generated ? "" : "not ");
            }
            if (len > 0)
                check_way(pos, n, way, len, from, to);
        }
    }
    free(legal);
}

/* Moves on `zoned` (neutral zones) equal those on `open` whose ends are
** not barred, in the same order. */
static void check_generation(eg_position *zoned, eg_position *open, eg_move *a, eg_move *b_moves)
{
    const eg_board *b = zoned->board;
    int na = eg_moves(zoned, a), nb = eg_moves(open, b_moves), k = 0, p = zoned->to_move;

    for (int i = 0; i < nb; i++) {
        if ((b->barred[b_moves[i].from] | b->barred[b_moves[i].to]) >> p & 1)
            continue;
        if (k >= na || a[k].from != b_moves[i].from || a[k].to != b_moves[i].to)
            FAIL("%s: move %d (%d -> %d) differs from the open board's %d -> %d", b->name, k,
                 k < na ? a[k].from : -1, k < na ? a[k].to : -1, b_moves[i].from, b_moves[i].to);
        k++;
    }
    if (k != na || eg_moves(zoned, NULL) != na)
        FAIL("%s: %d moves, the open board's allowed ones are %d", b->name, na, k);
}

static void random_points(int players, int *points)
{
    int all[6] = {0, 1, 2, 3, 4, 5};

    for (int i = 5; i > 0; i--) {
        int j = (int)(walk_random() % (uint64_t)(i + 1)), t = all[i];
        all[i] = all[j];
        all[j] = t;
    }
    memcpy(points, all, sizeof *points * (size_t)players);
}

static int board_rounds(int size, int players, int positions)
{
    int points[6], done = 0;

    random_points(players, points);
    eg_board *zb = eg_star_seated(size, players, points, 1), *ob = eg_star_seated(size, players, points, 0);
    eg_position *zoned = zb ? eg_position_new(zb, 0) : NULL, *open = ob ? eg_position_new(ob, 0) : NULL;
    eg_move *a = zb ? malloc(sizeof *a * (size_t)EG_MOVES_MAX(zb)) : NULL;
    eg_move *b = zb ? malloc(sizeof *b * (size_t)EG_MOVES_MAX(zb)) : NULL;
    int32_t *way = zb ? malloc(sizeof *way * (size_t)zb->cells) : NULL;
    int8_t *owner = zb ? malloc((size_t)zb->cells) : NULL;

    if (!zoned || !open || !a || !b || !way || !owner) {
        fprintf(stderr, "star %d, %d players: cannot build\n", size, players);
        failures++;
    } else {
        check_zones(zb, points);
        for (int i = 0; i < positions && !failures; i++, done++) {
            walk(zoned, (int)(walk_random() % 60));
            /* Both renumber their pieces by cell, so that the orders match. */
            memcpy(owner, zoned->owner, (size_t)zb->cells);
            eg_position_set(zoned, owner, zoned->to_move);
            eg_position_set(open, owner, zoned->to_move);
            check_generation(zoned, open, a, b);
            check_chains(zoned, size, a, eg_moves(zoned, a), way);
        }
    }
    free(a);
    free(b);
    free(way);
    free(owner);
    eg_position_free(zoned);
    eg_position_free(open);
    eg_board_free(zb);
    eg_board_free(ob);
    return done;
}

int main(int argc, char **argv)
{
    int positions = argc > 1 ? atoi(argv[1]) : 200, total = 0;
    int bad[] = {0, 0};

    walk_seed(20261127);
    if (eg_star_seated(4, 2, bad, 1) || eg_star_seated(2, 2, (int[]){0, 3}, 1) ||
        eg_star_seated(4, 2, (int[]){0, 6}, 1)) {
        fprintf(stderr, "a seating with a point twice, size 2 or point 6 was accepted\n");
        return 1;
    }
    for (int size = 3; size <= 6 && !failures; size++)
        for (int players = 2; players <= 6 && !failures; players++)
            total += board_rounds(size, players, positions / 10 + 1);
    if (failures)
        return 1;
    printf("ok %d positions\n", total);
    return 0;
}
