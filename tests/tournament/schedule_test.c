/*
** schedule_test.c -- Criterion tests of the tournament schedule
** (grader/tournament/schedule.h): the three fairness properties for
** every bot count 2..8 and player count 2..6, the prime and sampled
** designs beyond the cap, determinism, stable and unique ids, the star
** points, and the configurations refused.
**
** Build and run:  make build/tests/tournament/schedule_test &&
**                 build/tests/tournament/schedule_test
*/
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournament/schedule.h"

#define MAX_BOTS_TESTED 32

/* How often things happen in the games of one player count. */
struct tally {
    long games[MAX_BOTS_TESTED];
    long seat[MAX_BOTS_TESTED][TSCHED_MAX_PLAYERS];
    long pair[MAX_BOTS_TESTED][MAX_BOTS_TESTED];
};

static long binomial(int n, int k)
{
    long c = 1;

    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* Builds the tournament of `bots`, one count k, one size, `rounds`. */
static struct tsched_schedule build(int bots, int k, int rounds, uint64_t seed, long cap)
{
    int counts[1] = {k}, sizes[1] = {4};
    struct tsched_config cfg = {bots, counts, 1, sizes, 1, rounds, seed, cap};
    struct tsched_schedule s;

    cr_assert_eq(tsched_build(&cfg, &s), 0, "tsched_build(B=%d, k=%d) failed", bots, k);
    return s;
}

/* Counts games, seats and pairs of the k-player games, checking each
** game's seats are distinct bots and its points the default ones. */
static void tally_games(const struct tsched_schedule *s, int bots, int k, struct tally *t)
{
    memset(t, 0, sizeof *t);
    for (size_t g = 0; g < s->count; g++) {
        const struct tsched_game *game = &s->games[g];
        if (game->players != k)
            continue;
        for (int i = 0; i < k; i++) {
            int a = game->seats[i];
            cr_assert(a >= 0 && a < bots, "%s: seat %d holds bot %d", game->id, i, a);
            cr_assert_eq(game->points[i], tsched_points(k)[i], "%s: point of seat %d", game->id, i);
            t->games[a]++;
            t->seat[a][i]++;
            for (int j = 0; j < i; j++) {
                cr_assert_neq(game->seats[j], a, "%s: bot %d sits twice", game->id, a);
                t->pair[a][game->seats[j]]++;
                t->pair[game->seats[j]][a]++;
            }
        }
    }
}

/* Every bot plays `games`, sits `seat` times at each seat; when
** pair >= 0 every pair meets exactly `pair` times. */
static void expect_balance(const struct tally *t, int bots, int k, long games, long seat, long pair)
{
    for (int a = 0; a < bots; a++) {
        cr_assert_eq(t->games[a], games, "B=%d k=%d: bot %d plays %ld games, expected %ld",
                     bots, k, a, t->games[a], games);
        for (int i = 0; i < k; i++)
            cr_assert_eq(t->seat[a][i], seat, "B=%d k=%d: bot %d at seat %d %ld times, expected %ld",
                         bots, k, a, i, t->seat[a][i], seat);
        for (int b = 0; b < a && pair >= 0; b++)
            cr_assert_eq(t->pair[a][b], pair, "B=%d k=%d: bots %d and %d meet %ld times, expected %ld",
                         bots, k, a, b, t->pair[a][b], pair);
    }
}

Test(schedule, full_design_is_fair_for_every_small_tournament)
{
    for (int bots = 2; bots <= 8; bots++)
        for (int k = 2; k <= 6 && k <= bots; k++) {
            struct tsched_schedule s = build(bots, k, 1, 7, 0);
            struct tally t;
            cr_assert_eq(tsched_design(bots, k, 0), TSCHED_FULL);
            cr_assert_eq((long)s.count, k * binomial(bots, k), "B=%d k=%d: %zu games", bots, k, s.count);
            cr_assert_eq(tsched_block_games(bots, k, 0), (long)s.count);
            tally_games(&s, bots, k, &t);
            expect_balance(&t, bots, k, k * binomial(bots - 1, k - 1), binomial(bots - 1, k - 1),
                           k * binomial(bots - 2, k - 2));
            tsched_free(&s);
        }
}

Test(schedule, fairness_holds_per_count_over_rounds_sizes_and_mixed_counts)
{
    int counts[3] = {3, 2, 5}, sizes[2] = {4, 5}, bots = 7;
    struct tsched_config cfg = {bots, counts, 3, sizes, 2, 3, 11, 0};
    struct tsched_schedule s;
    struct tally t;

    cr_assert_eq(tsched_build(&cfg, &s), 0);
    for (int c = 0; c < 3; c++) {
        int k = counts[c];
        long blocks = 2 * 3;
        tally_games(&s, bots, k, &t);
        expect_balance(&t, bots, k, blocks * k * binomial(bots - 1, k - 1),
                       blocks * binomial(bots - 1, k - 1), blocks * k * binomial(bots - 2, k - 2));
    }
    tsched_free(&s);
}

Test(schedule, prime_design_beyond_the_cap_is_exactly_fair)
{
    static const int primes[] = {5, 7, 11, 13, 17, 19, 23, 29, 31};

    for (size_t p = 0; p < sizeof primes / sizeof *primes; p++)
        for (int k = 3; k <= 6 && k < primes[p]; k++) {
            int bots = primes[p];
            struct tsched_schedule s = build(bots, k, 2, 3, 1);
            struct tally t;
            cr_assert_eq(tsched_design(bots, k, 1), TSCHED_PRIME, "B=%d k=%d", bots, k);
            cr_assert_eq((long)s.count, 2L * bots * (bots - 1) / 2, "B=%d k=%d", bots, k);
            tally_games(&s, bots, k, &t);
            expect_balance(&t, bots, k, 2L * k * (bots - 1) / 2, 2L * (bots - 1) / 2,
                           2L * k * (k - 1) / 2);
            tsched_free(&s);
        }
}

/* The sampled design: games and seats exact, every pair meets, and
** meetings stay within 3 of each other (schedule.h's claim; measured
** over 20 seeds for B up to 60, never more than 3 apart). */
Test(schedule, sampled_design_beyond_the_cap_balances_games_and_seats)
{
    static const int composite[] = {6, 8, 9, 10, 12, 14, 15, 16, 20, 21, 25, 30, 32};

    for (size_t c = 0; c < sizeof composite / sizeof *composite; c++)
        for (int k = 3; k <= 6 && k < composite[c]; k++) {
            int bots = composite[c];
            struct tsched_schedule s = build(bots, k, 1, 5, 1);
            struct tally t;
            long m = (4L * (bots / 2) + k * (k - 1) / 2 - 1) / (k * (k - 1) / 2);
            long low = 1L << 30, high = 0;
            cr_assert_eq(tsched_design(bots, k, 1), TSCHED_SAMPLED, "B=%d k=%d", bots, k);
            cr_assert_eq((long)s.count, m * bots, "B=%d k=%d", bots, k);
            tally_games(&s, bots, k, &t);
            expect_balance(&t, bots, k, k * m, m, -1);
            for (int a = 0; a < bots; a++)
                for (int b = 0; b < a; b++) {
                    low = t.pair[a][b] < low ? t.pair[a][b] : low;
                    high = t.pair[a][b] > high ? t.pair[a][b] : high;
                }
            cr_assert(low >= 1 && high - low <= 3, "B=%d k=%d: pairs meet %ld..%ld times",
                      bots, k, low, high);
            tsched_free(&s);
        }
}

Test(schedule, two_players_always_use_the_full_design)
{
    cr_assert_eq(tsched_design(200, 2, 1), TSCHED_FULL);
    cr_assert_eq(tsched_block_games(200, 2, 1), 200L * 199);
}

Test(schedule, header_example_three_bots_two_players)
{
    struct tsched_schedule s = build(3, 2, 1, 0, 0);
    int seen[3][3] = {{0}};

    cr_assert_eq(s.count, 6u);
    for (size_t g = 0; g < 6; g++) {
        char id[TSCHED_ID_MAX];
        snprintf(id, sizeof id, "s4-p2-r0-g%04zu", g);
        cr_assert_str_eq(s.games[g].id, id);
        seen[s.games[g].seats[0]][s.games[g].seats[1]]++;
    }
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            cr_assert_eq(seen[a][b], a != b, "ordered pair (%d, %d) played %d times", a, b, seen[a][b]);
    tsched_free(&s);
}

Test(schedule, same_configuration_gives_the_same_games)
{
    for (long cap = 0; cap <= 1; cap++) {
        struct tsched_schedule a = build(12, 4, 2, 99, cap), b = build(12, 4, 2, 99, cap);
        cr_assert_eq(a.count, b.count);
        cr_assert(memcmp(a.games, b.games, sizeof *a.games * a.count) == 0, "cap %ld: runs differ", cap);
        tsched_free(&a);
        tsched_free(&b);
    }
}

Test(schedule, another_seed_changes_the_seat_orders)
{
    struct tsched_schedule a = build(6, 3, 1, 1, 0), b = build(6, 3, 1, 2, 0);
    size_t differ = 0;

    cr_assert_eq(a.count, b.count);
    for (size_t g = 0; g < a.count; g++)
        differ += memcmp(a.games[g].seats, b.games[g].seats, sizeof a.games[g].seats) != 0;
    cr_assert_gt(differ, 0u);
    tsched_free(&a);
    tsched_free(&b);
}

static const struct tsched_game *find(const struct tsched_schedule *s, const char *id)
{
    for (size_t g = 0; g < s->count; g++)
        if (strcmp(s->games[g].id, id) == 0)
            return &s->games[g];
    return NULL;
}

Test(schedule, ids_are_unique_and_survive_a_larger_configuration)
{
    int counts_small[2] = {2, 4}, counts_large[3] = {3, 4, 2};
    int sizes_small[1] = {4}, sizes_large[2] = {5, 4};
    struct tsched_config small = {9, counts_small, 2, sizes_small, 1, 2, 42, 60};
    struct tsched_config large = {9, counts_large, 3, sizes_large, 2, 4, 42, 60};
    struct tsched_schedule a, b;

    cr_assert_eq(tsched_build(&small, &a), 0);
    cr_assert_eq(tsched_build(&large, &b), 0);
    for (size_t g = 0; g < b.count; g++)
        for (size_t h = 0; h < g; h++)
            cr_assert_str_neq(b.games[g].id, b.games[h].id);
    for (size_t g = 0; g < a.count; g++) {
        const struct tsched_game *same = find(&b, a.games[g].id);
        cr_assert_not_null(same, "game %s is gone", a.games[g].id);
        cr_assert(memcmp(same, &a.games[g], sizeof *same) == 0, "game %s changed", a.games[g].id);
    }
    tsched_free(&a);
    tsched_free(&b);
}

Test(schedule, default_star_points)
{
    static const int expected[7][6] = {
        [2] = {0, 3}, [3] = {0, 2, 4}, [4] = {1, 2, 4, 5}, [5] = {0, 1, 2, 3, 4}, [6] = {0, 1, 2, 3, 4, 5},
    };

    for (int k = 2; k <= 6; k++)
        cr_assert(memcmp(tsched_points(k), expected[k], sizeof(int) * (size_t)k) == 0, "k=%d", k);
    cr_assert_null(tsched_points(1));
    cr_assert_null(tsched_points(7));
}

Test(schedule, refuses_configurations_out_of_range)
{
    int ok_counts[1] = {3}, big[1] = {5}, twice[2] = {3, 3}, sizes[1] = {4}, no_size[1] = {0};
    struct tsched_config bad[] = {
        {1, ok_counts, 1, sizes, 1, 1, 0, 0},      /* one bot */
        {4, big, 1, sizes, 1, 1, 0, 0},            /* k > B */
        {8, twice, 2, sizes, 1, 1, 0, 0},          /* count repeated */
        {8, ok_counts, 1, no_size, 1, 1, 0, 0},    /* size 0 */
        {8, ok_counts, 1, sizes, 1, 0, 0, 0},      /* no round */
        {8, ok_counts, 0, sizes, 1, 1, 0, 0},      /* no count */
        {8, ok_counts, 1, sizes, 1, 1, 0, -1},     /* negative cap */
    };

    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct tsched_schedule s = {(struct tsched_game *)1, 1};
        errno = 0;
        cr_assert_eq(tsched_build(&bad[i], &s), -1, "configuration %zu accepted", i);
        cr_assert_eq(errno, EINVAL, "configuration %zu", i);
        cr_assert(s.games == NULL && s.count == 0, "configuration %zu", i);
    }
    cr_assert_eq(tsched_design(8, 7, 0), -1);
    cr_assert_eq(tsched_block_games(1, 2, 0), -1);
    tsched_free(NULL);
}
