/*
** schedule.c -- the tournament's games (schedule.h): one block per
** (round, size, player count), built by the design schedule.h names.
** Every random choice comes from a splitmix64 stream seeded by the
** tournament's seed and the block's (size, count, round) alone, which is
** what keeps a block, and so its ids, unchanged when other blocks are
** added to the configuration.
*/
#include "schedule.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds that keep every count below in a long (B (B-1) / 2 and the
** sampled design's m B both stay under 2^40). */
#define MAX_BOTS 100000
#define MAX_SIZE 9999
/* Random candidates the sampled design weighs for each base block. */
#define SAMPLED_CANDIDATES 64
/* Passes of the sampled design's local search. */
#define SAMPLED_PASSES 4

static const int default_points[7][TSCHED_MAX_PLAYERS] = {
    [2] = {0, 3}, [3] = {0, 2, 4}, [4] = {1, 2, 4, 5},
    [5] = {0, 1, 2, 3, 4}, [6] = {0, 1, 2, 3, 4, 5},
};

const int *tsched_points(int players)
{
    return players >= 2 && players <= TSCHED_MAX_PLAYERS ? default_points[players] : NULL;
}

/* splitmix64 (Steele, Lea and Flood, 2014): one step of the stream. */
static uint64_t mix_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A number in 0 .. n-1 (n >= 1); the modulo bias, below n / 2^64, is
** of no consequence for a schedule. */
static int mix_below(uint64_t *state, int n)
{
    return (int)(mix_next(state) % (uint64_t)n);
}

/* The stream of one block: depends on nothing but these four values. */
static uint64_t block_stream(uint64_t seed, int size, int players, int round)
{
    uint64_t state = seed;
    uint64_t parts[3] = {(uint64_t)size, (uint64_t)players, (uint64_t)round};

    for (int i = 0; i < 3; i++) {
        state ^= parts[i];
        state = mix_next(&state);
    }
    return state;
}

static void shuffle(int *v, int n, uint64_t *state)
{
    for (int i = n - 1; i > 0; i--) {
        int j = mix_below(state, i + 1), t = v[i];

        v[i] = v[j];
        v[j] = t;
    }
}

/* C(n, k) as a double: only compared with the cap, so rounding is moot. */
static double binomial(int n, int k)
{
    double c = 1;

    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

static int is_prime(int n)
{
    if (n < 2)
        return 0;
    for (int d = 2; (long)d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

/* The sampled design's number of base blocks: a pair meets ~4 times. */
static long sampled_bases(int bots, int players)
{
    long pairs = (long)players * (players - 1) / 2;

    return (4L * (bots / 2) + pairs - 1) / pairs;
}

int tsched_design(int bots, int players, long block_cap)
{
    if (bots < 2 || bots > MAX_BOTS || players < 2 || players > TSCHED_MAX_PLAYERS
        || players > bots || block_cap < 0)
        return -1;
    if (block_cap == 0)
        block_cap = TSCHED_BLOCK_CAP;
    /* Two players: the full design (each ordered pair once) is already
    ** the smallest balanced one for an even B, so the cap is ignored. */
    if (players == 2 || players * binomial(bots, players) <= (double)block_cap)
        return TSCHED_FULL;
    return is_prime(bots) ? TSCHED_PRIME : TSCHED_SAMPLED;
}

long tsched_block_games(int bots, int players, long block_cap)
{
    switch (tsched_design(bots, players, block_cap)) {
    case TSCHED_FULL:    return (long)(players * binomial(bots, players) + 0.5);
    case TSCHED_PRIME:   return (long)bots * (bots - 1) / 2;
    case TSCHED_SAMPLED: return sampled_bases(bots, players) * bots;
    default:             return -1;
    }
}

/* Where a block's games go, and what each shares. */
struct block {
    struct tsched_game *games;
    int size, players, round, next;
};

/* Appends the game seating order[0..players-1]. */
static void emit(struct block *b, const int *order)
{
    struct tsched_game *g = &b->games[b->next];

    memset(g, 0, sizeof *g);
    g->size = b->size;
    g->players = b->players;
    g->round = b->round;
    g->index = b->next++;
    snprintf(g->id, sizeof g->id, "s%d-p%d-r%d-g%04d", g->size, g->players, g->round, g->index);
    memcpy(g->seats, order, sizeof *order * (size_t)b->players);
    memcpy(g->points, tsched_points(b->players), sizeof *order * (size_t)b->players);
}

/* Every k-subset in lexicographic order; each gets a seeded seat order
** and is played in its k cyclic rotations, so each member sits at each
** seat once. */
static void build_full(struct block *b, int bots, uint64_t *state)
{
    int k = b->players, subset[TSCHED_MAX_PLAYERS], order[TSCHED_MAX_PLAYERS];

    for (int i = 0; i < k; i++)
        subset[i] = i;
    for (;;) {
        memcpy(order, subset, sizeof subset);
        shuffle(order, k, state);
        for (int r = 0; r < k; r++) {
            int rotated[TSCHED_MAX_PLAYERS];

            for (int i = 0; i < k; i++)
                rotated[i] = order[(i + r) % k];
            emit(b, rotated);
        }
        int i = k - 1;
        while (i >= 0 && subset[i] == bots - k + i)
            i--;
        if (i < 0)
            return;
        subset[i]++;
        for (int j = i + 1; j < k; j++)
            subset[j] = subset[j - 1] + 1;
    }
}

/* k distinct residues of Z_bots in random order. */
static void random_base(int *base, int k, int bots, uint64_t *state)
{
    for (int i = 0; i < k; i++) {
        int fresh;

        do {
            base[i] = mix_below(state, bots);
            fresh = 1;
            for (int j = 0; j < i; j++)
                fresh &= base[j] != base[i];
        } while (!fresh);
    }
}

/* Plays the translates base * u + t, t = 0 .. bots-1, bots renamed by
** label[]: each bot sits once at each seat. */
static void develop(struct block *b, const int *base, int u, int bots, const int *label)
{
    int order[TSCHED_MAX_PLAYERS];

    for (int t = 0; t < bots; t++) {
        for (int i = 0; i < b->players; i++)
            order[i] = label[(int)(((long)u * base[i] + t) % bots)];
        emit(b, order);
    }
}

static void build_prime(struct block *b, int bots, const int *label, uint64_t *state)
{
    int base[TSCHED_MAX_PLAYERS];

    random_base(base, b->players, bots, state);
    for (int u = 1; u <= (bots - 1) / 2; u++)
        develop(b, base, u, bots, label);
}

/* How often the translates of base put a given pair of bots whose
** numbers differ by +-c together, added (sign +1) or removed (-1) from
** cover[c].  A difference of exactly bots/2 counts twice: the translates
** t and t + bots/2 hold the same pair. */
static void cover_add(long *cover, const int *base, int k, int bots, int sign)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            int d = (base[j] - base[i] + bots) % bots;

            if (d > bots - d)
                d = bots - d;
            cover[d] += sign * (2 * d == bots ? 2 : 1);
        }
}

/* The sum over pairs of bots of their meetings squared: the smaller,
** the more even the meetings (their sum is fixed).  Each difference but
** bots/2 stands for `bots` pairs; bots/2 for half as many. */
static double cover_cost(const long *cover, int bots)
{
    double cost = 0;

    for (int d = 1; d <= bots / 2; d++)
        cost += (2 * d == bots ? 1.0 : 2.0) * (double)cover[d] * (double)cover[d];
    return cost;
}

/* Replaces base (already counted in cover) by the best of itself and
** SAMPLED_CANDIDATES random blocks, and counts the choice in cover. */
static void improve_base(long *cover, int *base, int k, int bots, uint64_t *state)
{
    int candidate[TSCHED_MAX_PLAYERS];

    cover_add(cover, base, k, bots, +1);
    double best_cost = cover_cost(cover, bots);
    cover_add(cover, base, k, bots, -1);
    for (int c = 0; c < SAMPLED_CANDIDATES; c++) {
        random_base(candidate, k, bots, state);
        cover_add(cover, candidate, k, bots, +1);
        double cost = cover_cost(cover, bots);
        cover_add(cover, candidate, k, bots, -1);
        if (cost < best_cost) {
            best_cost = cost;
            memcpy(base, candidate, sizeof candidate);
        }
    }
    cover_add(cover, base, k, bots, +1);
}

/* Greedy choice of each base block in turn, then SAMPLED_PASSES passes
** that take each one out and choose again against all the others: a
** local search on the spread of pair meetings. */
static int build_sampled(struct block *b, int bots, const int *label, uint64_t *state)
{
    int k = b->players;
    long m = sampled_bases(bots, k);
    long *cover = calloc((size_t)bots / 2 + 1, sizeof *cover);
    int (*bases)[TSCHED_MAX_PLAYERS] = malloc(sizeof *bases * (size_t)m);

    if (!cover || !bases) {
        free(cover);
        free(bases);
        return -1;
    }
    for (long i = 0; i < m; i++) {
        random_base(bases[i], k, bots, state);
        improve_base(cover, bases[i], k, bots, state);
    }
    for (int pass = 0; pass < SAMPLED_PASSES; pass++)
        for (long i = 0; i < m; i++) {
            cover_add(cover, bases[i], k, bots, -1);
            improve_base(cover, bases[i], k, bots, state);
        }
    for (long i = 0; i < m; i++)
        develop(b, bases[i], 1, bots, label);
    free(cover);
    free(bases);
    return 0;
}

/* Fills games[0 .. tsched_block_games()-1] with one block; 0 or -1
** (ENOMEM). */
static int build_block(const struct tsched_config *cfg, int size, int players, int round,
                       struct tsched_game *games)
{
    struct block b = {games, size, players, round, 0};
    uint64_t state = block_stream(cfg->seed, size, players, round);
    int design = tsched_design(cfg->bots, players, cfg->block_cap), rc = 0;

    if (design == TSCHED_FULL) {
        build_full(&b, cfg->bots, &state);
        return 0;
    }
    int *label = malloc(sizeof *label * (size_t)cfg->bots);
    if (!label)
        return -1;
    for (int i = 0; i < cfg->bots; i++)
        label[i] = i;
    shuffle(label, cfg->bots, &state);
    if (design == TSCHED_PRIME)
        build_prime(&b, cfg->bots, label, &state);
    else
        rc = build_sampled(&b, cfg->bots, label, &state);
    free(label);
    return rc;
}

/* 1 when v[0..n-1] are all in lo..hi and all different. */
static int distinct_in_range(const int *v, size_t n, int lo, int hi)
{
    for (size_t i = 0; i < n; i++) {
        if (v[i] < lo || v[i] > hi)
            return 0;
        for (size_t j = 0; j < i; j++)
            if (v[j] == v[i])
                return 0;
    }
    return 1;
}

static int config_valid(const struct tsched_config *c)
{
    return c && c->bots >= 2 && c->bots <= MAX_BOTS && c->rounds >= 1 && c->block_cap >= 0
           && c->player_counts && c->n_player_counts >= 1 && c->sizes && c->n_sizes >= 1
           && distinct_in_range(c->player_counts, c->n_player_counts, 2,
                                c->bots < TSCHED_MAX_PLAYERS ? c->bots : TSCHED_MAX_PLAYERS)
           && distinct_in_range(c->sizes, c->n_sizes, 1, MAX_SIZE);
}

/* Games in one round of every (size, count), or -1 past the limit. */
static long games_per_round(const struct tsched_config *c)
{
    long total = 0;

    for (size_t i = 0; i < c->n_player_counts; i++)
        total += tsched_block_games(c->bots, c->player_counts[i], c->block_cap);
    return total > 0 && (double)total * c->rounds * c->n_sizes * sizeof(struct tsched_game)
                        < (double)(SIZE_MAX / 2) ? total : -1;
}

int tsched_build(const struct tsched_config *cfg, struct tsched_schedule *out)
{
    out->games = NULL;
    out->count = 0;
    if (!config_valid(cfg)) {
        errno = EINVAL;
        return -1;
    }
    long per_round = games_per_round(cfg);
    if (per_round < 0) {
        errno = EOVERFLOW;
        return -1;
    }
    size_t total = (size_t)per_round * cfg->n_sizes * (size_t)cfg->rounds;
    struct tsched_game *games = malloc(sizeof *games * total);
    if (!games)
        return -1;
    size_t next = 0;
    for (int r = 0; r < cfg->rounds; r++)
        for (size_t s = 0; s < cfg->n_sizes; s++)
            for (size_t p = 0; p < cfg->n_player_counts; p++) {
                int k = cfg->player_counts[p];
                if (build_block(cfg, cfg->sizes[s], k, r, games + next) < 0) {
                    free(games);
                    return -1;
                }
                next += (size_t)tsched_block_games(cfg->bots, k, cfg->block_cap);
            }
    out->games = games;
    out->count = total;
    return 0;
}

void tsched_free(struct tsched_schedule *s)
{
    if (!s)
        return;
    free(s->games);
    s->games = NULL;
    s->count = 0;
}
