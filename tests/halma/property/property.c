/*
** property.c -- property tests of an implementation of halma.h, linked in,
** against the model of model.c.
**
**   property SEED COUNT    COUNT items, item i with seed SEED + i
**   property --perft [D]   the model's move counts from both starts
**                          (asserted to depth 3), and the implementation's
**                          to depth D (default 2), which must agree
**
** An item's seed picks 2 or 4 players, Kangaroo or not, and a game or a
** set of scattered positions:
**   a game starts from board_init and plays random moves, most of them
**   greedy (the move that brings the piece nearest its goal), every move
**   also made on the board, a chain hop by hop with apply_move; the
**   mover's moves are compared at each ply, the whole position (checks.h)
**   at every 4th, with every pair of squares at every 16th;
**   scattered positions are built with add_piece in a random order: pieces
**   anywhere, crowded into a corner of the board, strung along lines, a
**   goal filled (a winner) or filled but for one square; each is compared,
**   every player's moves too, and apply_move moves and refusals are tried.
** Exit status 0 when everything agrees, 1 after the first reports (lines
** "FAIL: seed S: ..."; `property S 1` repeats one), 2 for bad usage.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"

static uint64_t rng_state;

/* splitmix64: a small generator that any seed starts well. */
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static unsigned rng_below(unsigned n)
{
    return (unsigned)(rng_next() % n);
}

/* How far (x, y) is from the far corner of the goal of `player`. */
static int distance_to_goal(int player, struct spot p)
{
    int gx = player == 1 || player == 2 ? MODEL_SIDE - 1 : 0;
    int gy = player == 1 || player == 3 ? MODEL_SIDE - 1 : 0;

    /* The goal of 0 is 1's corner, and so on: mirror. */
    gx = MODEL_SIDE - 1 - gx;
    gy = MODEL_SIDE - 1 - gy;
    return abs(p.x - gx) + abs(p.y - gy);
}

/* Picks a move of `player` on *m: mostly the greediest, else any.  Its
** squares, from the last back to the first, go to route[]; returns their
** count, 0 when the player has no move. */
static int pick_move(const struct model *m, int player, int kangaroo, struct spot route[])
{
    static struct spot path[MODEL_SIDE][MODEL_SIDE];
    struct spot best_from = {0, 0}, best_to = {0, 0};
    int best = 0, found = 0, greedy = rng_below(4) != 0, n = 0;

    for (int s = 0; s < SQUARES; s++) {
        struct spot from = check_spot(s);
        int reach[MODEL_SIDE][MODEL_SIDE];

        if (m->who[from.x][from.y] != player)
            continue;
        model_destinations(m, from, kangaroo, reach, NULL);
        for (int t = 0; t < SQUARES; t++) {
            struct spot to = check_spot(t);
            int gain = distance_to_goal(player, from) - distance_to_goal(player, to);

            if (!reach[to.x][to.y])
                continue;
            found++;
            if ((greedy && (found == 1 || gain > best || (gain == best && rng_below(3) == 0)))
                || (!greedy && rng_below((unsigned)found) == 0)) {
                best = gain;
                best_from = from;
                best_to = to;
            }
        }
    }
    if (!found)
        return 0;
    {
        int reach[MODEL_SIDE][MODEL_SIDE];

        model_destinations(m, best_from, kangaroo, reach, path);
    }
    for (struct spot at = best_to; at.x != best_from.x || at.y != best_from.y;
         at = path[at.x][at.y])
        route[n++] = at;
    route[n++] = best_from;
    return n;
}

static void play_game(unsigned long long seed, int players, int kangaroo)
{
    const char *rule = kangaroo ? "Kangaroo" : "no Kangaroo";
    int plies = 40 + (int)rng_below(120), player = 0;
    struct spot route[SQUARES];
    struct model m;
    h_board b, before;
    char what[96];

    model_start(&m, players);
    check_context(&m, "seed %llu: a %d-player game, %s, the start", seed, players, rule);
    if (board_init(&b, players) != 0)
        check_report("board_init(b, %d) did not return 0", players);
    check_board(&b, &m, "after board_init");
    before = b;
    if (board_init(&b, 3) != -1 || memcmp(&b, &before, sizeof b) != 0)
        check_report("board_init(b, 3) should return -1 and change nothing");
    for (int ply = 0; ply < plies && model_winner(&m) < 0; ply++) {
        int n;

        check_context(&m, "seed %llu: a %d-player game, %s, ply %d, player %d to move", seed,
                      players, rule, ply, player);
        if (ply % 4 == 0)
            check_position(&b, &m, ply % 16 == 0, rng_below);
        check_moves(&b, &m, player, kangaroo);
        n = pick_move(&m, player, kangaroo, route);
        for (int i = n - 1; i > 0; i--) {
            int from = check_square(route[i]), to = check_square(route[i - 1]);

            if (apply_move(&b, from, to) != 0)
                check_report("apply_move(b, %d, %d) did not return 0", from, to);
            model_move(&m, route[i], route[i - 1]);
            snprintf(what, sizeof what, "after apply_move(b, %d, %d)", from, to);
            check_board(&b, &m, what);
        }
        player = (player + 1) % players;
    }
    check_context(&m, "seed %llu: a %d-player game, %s, the last position", seed, players, rule);
    check_position(&b, &m, 1, rng_below);
}

/* Puts every piece not yet placed (placed[p] of each player are) on a
** random empty square; `lines` of them first along a few lines. */
static void place_the_rest(struct model *m, int placed[4], int lines)
{
    for (int p = 0; p < m->players; p++)
        while (placed[p] < m->pieces) {
            struct spot s = check_spot((int)rng_below(SQUARES));

            if (lines && rng_below(4) != 0) {
                /* A random row, column or diagonal. */
                int k = (int)rng_below(MODEL_SIDE), t = (int)rng_below(MODEL_SIDE);

                s = lines == 1 ? (struct spot){t, k} : lines == 2 ? (struct spot){k, t}
                                                                   : (struct spot){t, t};
            }
            if (m->who[s.x][s.y] != MODEL_EMPTY)
                continue;
            m->who[s.x][s.y] = p;
            m->which[s.x][s.y] = placed[p]++;
        }
}

/* A scattered position in style 0..5 (see the file's comment). */
static void scatter_position(struct model *m, int players, int style)
{
    int placed[4] = {0, 0, 0, 0}, g = (int)rng_below((unsigned)players);

    model_clear(m, players);
    if (style == 1) {
        /* Crowded into one quarter: many hops and long chains. */
        int x0 = rng_below(2) ? 0 : 8, y0 = rng_below(2) ? 0 : 8;

        for (int p = 0; p < players; p++)
            for (int tries = 0; tries < 400 && placed[p] < m->pieces; tries++) {
                int x = x0 + (int)rng_below(8), y = y0 + (int)rng_below(8);

                if (m->who[x][y] == MODEL_EMPTY && rng_below(2)) {
                    m->who[x][y] = p;
                    m->which[x][y] = placed[p]++;
                }
            }
    } else if (style >= 3) {
        /* g's goal full of g's pieces (style 3), but for one square left
        ** empty (4) or taken by another player (5). */
        struct spot hole = {-1, -1};

        for (int s = 0; s < SQUARES; s++) {
            struct spot q = check_spot(s);

            if (!model_in_camp(players, model_goal_of(g), q.x, q.y))
                continue;
            if (style > 3 && (hole.x < 0 || rng_below(5) == 0))
                hole = q;
        }
        for (int s = 0; s < SQUARES; s++) {
            struct spot q = check_spot(s);

            if (model_in_camp(players, model_goal_of(g), q.x, q.y)
                && (q.x != hole.x || q.y != hole.y)) {
                m->who[q.x][q.y] = g;
                m->which[q.x][q.y] = placed[g]++;
            }
        }
        if (style == 5) {
            int other = (g + 1 + (int)rng_below((unsigned)players - 1)) % players;

            m->who[hole.x][hole.y] = other;
            m->which[hole.x][hole.y] = placed[other]++;
        }
    }
    place_the_rest(m, placed, style == 2 ? 1 + (int)rng_below(3) : 0);
}

/* *b := the model's position made with add_piece, in a random order. */
static void build_with_add_piece(const struct model *m, h_board *b)
{
    int order[SQUARES], n = 0;

    memset(b, 0, sizeof *b);
    b->players = m->players;
    b->pieces = m->pieces;
    for (int s = 0; s < SQUARES; s++)
        if (m->who[check_spot(s).x][check_spot(s).y] != MODEL_EMPTY)
            order[n++] = s;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below((unsigned)i + 1), t = order[i];

        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < n; i++) {
        struct spot q = check_spot(order[i]);

        if (add_piece(b, m->who[q.x][q.y], m->which[q.x][q.y], order[i]) != 0)
            check_report("add_piece(b, %d, %d, %d) did not return 0", m->who[q.x][q.y],
                         m->which[q.x][q.y], order[i]);
    }
}

/* add_piece and apply_move calls that must be refused, and one
** apply_move of a random piece to a random empty square. */
static void try_changes(h_board *b, struct model *m)
{
    int full = -1, empty = -1, empty2 = -1;
    h_board before = *b;

    for (int s = (int)rng_below(SQUARES), i = 0; i < SQUARES; i++, s = (s + 1) % SQUARES) {
        struct spot q = check_spot(s);

        if (m->who[q.x][q.y] != MODEL_EMPTY && full < 0)
            full = s;
        else if (m->who[q.x][q.y] == MODEL_EMPTY)
            empty2 = empty, empty = s;
    }
    if (add_piece(b, 0, 0, full) != -1 || add_piece(b, m->players, 0, empty) != -1
        || add_piece(b, 0, m->pieces, empty) != -1 || add_piece(b, 0, 0, -1) != -1
        || apply_move(b, empty, empty2) != -1 || apply_move(b, full, full) != -1
        || apply_move(b, full, SQUARES) != -1 || memcmp(b, &before, sizeof before) != 0)
        check_report("add_piece or apply_move accepted a call it must refuse (occupied "
                     "%d, empty %d and %d), or a refused call changed the board",
                     full, empty, empty2);
    if (apply_move(b, full, empty) != 0)
        check_report("apply_move(b, %d, %d) did not return 0", full, empty);
    model_move(m, check_spot(full), check_spot(empty));
    check_board(b, m, "after apply_move of a piece to a far square");
}

static void scatter(unsigned long long seed, int players, int kangaroo)
{
    static const char *const style_name[6] = {
        "pieces anywhere", "pieces crowded into a quarter", "pieces along lines",
        "a goal filled", "a goal filled but for an empty square",
        "a goal filled but for another player's piece"};
    const char *rule = kangaroo ? "Kangaroo" : "no Kangaroo";

    for (int style = 0; style < 6; style++) {
        struct model m;
        h_board b;

        scatter_position(&m, players, style);
        check_context(&m, "seed %llu: %d players, %s, %s", seed, players, rule,
                      style_name[style]);
        build_with_add_piece(&m, &b);
        check_board(&b, &m, "after add_piece of every piece");
        check_position(&b, &m, 1, rng_below);
        for (int p = 0; p < players; p++)
            check_moves(&b, &m, p, kangaroo);
        try_changes(&b, &m);
    }
}

static int perft(int depth)
{
    static const long long expected[2][3] = {{40, 1600, 85440}, {32, 1024, 32768}};
    int bad = 0;

    for (int players = 2; players <= 4; players += 2)
        for (int kangaroo = 0; kangaroo <= 1; kangaroo++) {
            struct model m;
            h_board b;

            model_start(&m, players);
            check_model_to_board(&m, &b);
            printf("perft, %d players, %s:", players, kangaroo ? "Kangaroo" : "no Kangaroo");
            for (int d = 1; d <= 3; d++) {
                long long count = model_perft(&m, 0, d, kangaroo);

                printf(" %lld", count);
                if (!kangaroo && count != expected[players / 4][d - 1]) {
                    printf(" (expected %lld)", expected[players / 4][d - 1]);
                    bad = 1;
                }
                if (d <= depth && check_perft(&b, 0, d, kangaroo) != count) {
                    printf(" (the implementation counts %lld)", check_perft(&b, 0, d, kangaroo));
                    bad = 1;
                }
            }
            printf("\n");
        }
    return bad;
}

int main(int argc, char **argv)
{
    unsigned long long seed, count;

    if (argc >= 2 && strcmp(argv[1], "--perft") == 0)
        return perft(argc > 2 ? atoi(argv[2]) : 2) || check_failures ? 1 : 0;
    if (argc != 3) {
        fprintf(stderr, "usage: property SEED COUNT | property --perft [DEPTH]\n");
        return 2;
    }
    seed = strtoull(argv[1], NULL, 10);
    count = strtoull(argv[2], NULL, 10);
    for (unsigned long long i = 0; i < count; i++) {
        unsigned long long s = seed + i;
        int players = s % 2 ? 4 : 2, kangaroo = (int)(s / 2 % 2);

        rng_state = s;
        if (s / 4 % 2)
            scatter(s, players, kangaroo);
        else
            play_game(s, players, kangaroo);
    }
    printf("%llu items from seed %llu: %lld calls compared, %d disagreements\n", count, seed,
           check_calls, check_failures);
    return check_failures ? 1 : 0;
}
