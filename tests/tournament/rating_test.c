/*
** rating_test.c -- Criterion tests of the tournament's ratings
** (grader/tournament/rating.h): ranks and outcomes with draws and
** disqualifications, the Elo fit (symmetry, 75% = +191, error bars
** shrinking as 1/sqrt(n), anchoring, the degenerate cases), Weng-Lin
** updates checked against hand computations, and the challenge's score.
**
** Build and run:  make build/tests/tournament/rating_test &&
**                 build/tests/tournament/rating_test
*/
#include <criterion/criterion.h>
#include <errno.h>
#include <math.h>
#include <string.h>

#include "tournament/rating.h"

/* Elo points per natural unit, 400 / ln 10. */
#define K_ELO 173.71779276130073
#define ELO_75 190.84850188786498        /* 400 log10(3) */

/* A two-player game: a beats b (or draws with `draw`). */
static struct trating_game duel(int a, int b, int draw)
{
    struct trating_game g = {2, {a, b}, {1, draw ? 1 : 2}, {0}, {0}};
    return g;
}

static void expect_near(double actual, double expected, double tolerance, const char *what)
{
    cr_assert(fabs(actual - expected) <= tolerance, "%s: %.9f, expected %.9f (+- %g)",
              what, actual, expected, tolerance);
}

/* ---- Ranks and outcomes ------------------------------------------------ */

Test(outcome, disqualified_seats_rank_below_the_others)
{
    struct trating_game g = {3, {0, 1, 2}, {1, 2, 2}, {1, 0, 0}, {0}};
    int ranks[TRATING_MAX_PLAYERS];

    cr_assert_eq(trating_effective_ranks(&g, 3, ranks), 0);
    cr_assert(ranks[0] == 3 && ranks[1] == 2 && ranks[2] == 2, "ranks %d %d %d", ranks[0], ranks[1], ranks[2]);
    cr_assert_eq(trating_outcome(&g, 3, 0), TRATING_LOSS);
    cr_assert_eq(trating_outcome(&g, 3, 1), TRATING_DRAW, "the two left share the best rank");
    cr_assert_eq(trating_outcome(&g, 3, 2), TRATING_DRAW);
}

Test(outcome, sole_winner_wins_and_shared_first_rank_draws)
{
    struct trating_game win = {4, {3, 1, 0, 2}, {1, 2, 2, 2}, {0}, {0}};
    struct trating_game tie = {4, {3, 1, 0, 2}, {1, 1, 2, 2}, {0}, {0}};

    cr_assert_eq(trating_outcome(&win, 4, 0), TRATING_WIN);
    cr_assert_eq(trating_outcome(&win, 4, 3), TRATING_LOSS);
    cr_assert_eq(trating_outcome(&tie, 4, 1), TRATING_DRAW);
    cr_assert_eq(trating_outcome(&tie, 4, 2), TRATING_LOSS);
}

Test(outcome, everyone_disqualified_everyone_loses)
{
    struct trating_game g = {2, {0, 1}, {1, 1}, {1, 1}, {0}};

    cr_assert_eq(trating_outcome(&g, 2, 0), TRATING_LOSS);
    cr_assert_eq(trating_outcome(&g, 2, 1), TRATING_LOSS);
}

Test(outcome, invalid_games_are_refused)
{
    struct trating_game bad[] = {
        {1, {0}, {1}, {0}, {0}},                   /* one player */
        {2, {0, 0}, {1, 2}, {0}, {0}},             /* a bot twice */
        {2, {0, 5}, {1, 2}, {0}, {0}},             /* no bot 5 */
        {2, {0, 1}, {0, 2}, {0}, {0}},             /* rank 0 */
        {2, {0, 1}, {1, 2}, {0}, {-1, 0}},         /* negative CPU */
        {2, {0, 1}, {1, 2}, {0}, {NAN, 0}},        /* CPU not a number */
    };
    struct trating_score scores[3];
    struct trating_elo elo[3];
    struct trating_wl wl[3];

    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        errno = 0;
        cr_assert_eq(trating_outcome(&bad[i], 3, 0), -1, "game %zu accepted", i);
        cr_assert_eq(errno, EINVAL, "game %zu", i);
        cr_assert_eq(trating_scores(&bad[i], 1, 3, scores), -1, "game %zu", i);
        cr_assert_eq(trating_elo_fit(&bad[i], 1, 3, -1, 1500, elo), -1, "game %zu", i);
        cr_assert_eq(trating_wl_fit(&bad[i], 1, 3, NULL, wl), -1, "game %zu", i);
    }
}

/* ---- Elo --------------------------------------------------------------- */

Test(elo, symmetric_results_give_equal_ratings)
{
    /* A cycle: 0 beats 1, 1 beats 2, 2 beats 0, and a drawn round. */
    struct trating_game g[] = {duel(0, 1, 0), duel(1, 2, 0), duel(2, 0, 0),
                               duel(1, 0, 1), duel(2, 1, 1), duel(0, 2, 1)};
    struct trating_elo r[3];

    cr_assert_eq(trating_elo_fit(g, 6, 3, -1, 1500, r), 0);
    for (int b = 0; b < 3; b++) {
        expect_near(r[b].rating, 1500, 1e-6, "rating");
        cr_assert_eq(r[b].flags, 0u, "bot %d flags %u", b, r[b].flags);
        expect_near(r[b].std_error, r[0].std_error, 1e-9, "equal errors");
    }
}

/* 3 of 4 points: P = 3/4 = 1 / (1 + 10^(-D/400)) gives D = 400 log10 3. */
Test(elo, seventy_five_percent_is_191_elo)
{
    struct trating_game wins[] = {duel(0, 1, 0), duel(0, 1, 0), duel(1, 0, 0), duel(0, 1, 0)};
    struct trating_game draws[] = {duel(0, 1, 0), duel(1, 0, 1), duel(0, 1, 1), duel(1, 0, 0), duel(0, 1, 0)};
    struct trating_elo r[2];

    cr_assert_eq(trating_elo_fit(wins, 4, 2, -1, 1500, r), 0);
    expect_near(r[0].rating - r[1].rating, ELO_75, 1e-6, "3 wins 1 loss");
    expect_near(r[0].rating + r[1].rating, 3000, 1e-6, "mean 1500");
    cr_assert_eq(r[0].games, 4);
    cr_assert_eq(r[0].points, 3);
    /* A win, two draws, a loss: 2 of 4, level; one more win: 3 of 5,
    ** odds 3/2, a difference of 400 log10 1.5. */
    cr_assert_eq(trating_elo_fit(draws, 4, 2, -1, 1500, r), 0);
    expect_near(r[0].rating - r[1].rating, 0, 1e-6, "1 win, 1 loss, 2 draws");
    cr_assert_eq(trating_elo_fit(draws, 5, 2, -1, 1500, r), 0);
    expect_near(r[0].rating - r[1].rating, 400 * log10(1.5), 1e-6, "draws count half");
}

/* 0 scores 3/4 against 1, 1 scores 3/4 against 2 and 0 scores 9/10
** against 2 (odds 9 = 3 * 3): the model fits exactly, every gradient
** term (points - games * p) is 0, so the ratings are 1500 + 191 * (1, 0, -1). */
Test(elo, consistent_results_fit_exactly)
{
    struct trating_game g[18];
    struct trating_elo r[3];
    int n = 0;

    for (int i = 0; i < 4; i++) {
        g[n++] = i < 3 ? duel(0, 1, 0) : duel(1, 0, 0);
        g[n++] = i < 3 ? duel(1, 2, 0) : duel(2, 1, 0);
    }
    for (int i = 0; i < 10; i++)
        g[n++] = i < 9 ? duel(0, 2, 0) : duel(2, 0, 0);
    cr_assert_eq(trating_elo_fit(g, 18, 3, -1, 1500, r), 0);
    expect_near(r[0].rating, 1500 + ELO_75, 1e-6, "bot 0");
    expect_near(r[1].rating, 1500, 1e-6, "bot 1");
    expect_near(r[2].rating, 1500 - ELO_75, 1e-6, "bot 2");
}

/* n games at 75% between two bots: the information is n p q (1 -1; -1 1),
** p q = 3/16; with the mean fixed each error is 1 / (2 sqrt(n p q))
** natural units: n = 4 gives 173.72 / (2 sqrt(0.75)) = 100.296 Elo, and
** every fourfold n halves it. */
Test(elo, error_bars_shrink_as_one_over_root_n)
{
    struct trating_game g[256];
    struct trating_elo r[2];
    double last = 0;

    for (int n = 4; n <= 256; n *= 4) {
        for (int i = 0; i < n; i++)
            g[i] = i % 4 == 3 ? duel(1, 0, 0) : duel(0, 1, 0);
        cr_assert_eq(trating_elo_fit(g, (size_t)n, 2, -1, 1500, r), 0);
        expect_near(r[0].std_error, K_ELO / (2 * sqrt(n * 3.0 / 16)), 1e-6, "std_error");
        expect_near(r[0].high - r[0].rating, 1.959964 * r[0].std_error, 1e-4, "95% half-width");
        expect_near(r[0].rating - r[0].low, 1.959964 * r[0].std_error, 1e-4, "95% half-width");
        if (last > 0)
            expect_near(last / r[0].std_error, 2, 1e-9, "error ratio for 4x the games");
        last = r[0].std_error;
    }
}

/* Anchored at bot 1 = 1000: bot 1 has no error, bot 0's is that of the
** difference, 1 / sqrt(n p q) = 173.72 / sqrt(0.75) = 200.59 Elo. */
Test(elo, anchored_bot_is_fixed)
{
    struct trating_game g[] = {duel(0, 1, 0), duel(0, 1, 0), duel(1, 0, 0), duel(0, 1, 0)};
    struct trating_elo r[2];

    cr_assert_eq(trating_elo_fit(g, 4, 2, 1, 1000, r), 0);
    expect_near(r[1].rating, 1000, 1e-9, "anchor");
    expect_near(r[1].std_error, 0, 1e-9, "anchor's error");
    expect_near(r[0].rating, 1000 + ELO_75, 1e-6, "bot 0");
    expect_near(r[0].std_error, K_ELO / sqrt(0.75), 1e-6, "bot 0's error");
}

/* Bot 0 wins all 4: no finite MLE, so each bot gets one virtual draw
** against the mean.  With theta = (x, -x) the log-likelihood is
** 4 log s(2x) + log s(x) + log s(-x) (s the logistic), whose derivative
** 8 (1 - s(2x)) + 1 - 2 s(x) vanishes at x = 1.2865453 (bisection by
** hand): ratings 1500 +- 223.496, a difference of 446.99. */
Test(elo, perfect_score_is_finite_and_flagged)
{
    struct trating_game g[] = {duel(0, 1, 0), duel(0, 1, 0), duel(0, 1, 0), duel(0, 1, 0)};
    struct trating_elo r[2];

    cr_assert_eq(trating_elo_fit(g, 4, 2, -1, 1500, r), 0);
    cr_assert_eq(r[0].flags, (unsigned)(TRATING_ELO_ALL_WON | TRATING_ELO_PRIOR));
    cr_assert_eq(r[1].flags, (unsigned)(TRATING_ELO_ALL_LOST | TRATING_ELO_PRIOR));
    expect_near(r[0].rating, 1723.4958, 1e-3, "winner");
    expect_near(r[1].rating, 1276.5042, 1e-3, "loser");
    cr_assert(isfinite(r[0].std_error) && r[0].std_error > 0);
}

/* No bot is perfect, but {0, 1} won every game against {2, 3}: still no
** finite MLE, so the prior applies to all, and the order is kept. */
Test(elo, dominating_group_needs_the_prior)
{
    struct trating_game g[] = {duel(0, 1, 0), duel(1, 0, 0), duel(2, 3, 0), duel(3, 2, 0),
                               duel(0, 2, 0), duel(1, 3, 0), duel(0, 3, 0), duel(1, 2, 0)};
    struct trating_elo r[4];

    cr_assert_eq(trating_elo_fit(g, 8, 4, -1, 1500, r), 0);
    for (int b = 0; b < 4; b++) {
        cr_assert_eq(r[b].flags, (unsigned)TRATING_ELO_PRIOR, "bot %d flags %u", b, r[b].flags);
        cr_assert(isfinite(r[b].rating) && isfinite(r[b].std_error), "bot %d", b);
    }
    expect_near(r[0].rating, r[1].rating, 1e-6, "equal winners");
    cr_assert_gt(r[1].rating, r[2].rating);
    expect_near(r[0].rating + r[1].rating + r[2].rating + r[3].rating, 6000, 1e-6, "mean 1500");
}

/* A bot that played no two-player game is left out; the others' fit is
** the plain one (no prior), multi-player games are ignored. */
Test(elo, bot_without_games_is_flagged_and_ignored)
{
    struct trating_game g[] = {duel(0, 1, 0), duel(0, 1, 0), duel(1, 0, 0), duel(0, 1, 0),
                               {3, {2, 1, 0}, {1, 2, 3}, {0}, {0}}};
    struct trating_elo r[3];

    cr_assert_eq(trating_elo_fit(g, 5, 3, -1, 1500, r), 0);
    cr_assert_eq(r[2].flags, (unsigned)TRATING_ELO_NO_GAMES);
    cr_assert(isinf(r[2].std_error));
    expect_near(r[2].rating, 1500, 1e-9, "no games: the mean");
    cr_assert_eq(r[0].flags, 0u);
    expect_near(r[0].rating - r[1].rating, ELO_75, 1e-6, "the two who played");
    errno = 0;
    cr_assert_eq(trating_elo_fit(g, 5, 3, 2, 1500, r), -1, "anchor without games");
    cr_assert_eq(errno, EINVAL);
}

/* ---- Weng-Lin ---------------------------------------------------------- */

/* Each bot's (mu, sigma) is the one expected, to 1e-6. */
static void expect_wl(const struct trating_wl *r, int n, const double mu[], const double sigma[])
{
    for (int b = 0; b < n; b++)
        cr_assert(fabs(r[b].mu - mu[b]) <= 1e-6 && fabs(r[b].sigma - sigma[b]) <= 1e-6,
                  "bot %d: (%.7f, %.7f), expected (%.7f, %.7f)", b, r[b].mu, r[b].sigma, mu[b], sigma[b]);
}

/* Hand computation, two players at (25, 25/3), beta 25/6, 0 beats 1:
**   c^2 = 2 (625/9 + 625/36) = 3125/18, c = 13.176157
**   equal mu: C_0 = 2E, C_1 = E (E = exp(25/c)); p(0,0) = 1/2,
**   p(1,0) = 1/2, p(1,1) = 1
**   Omega_0 = sigma^2/c (1 - 1/2) = 5.270463 / 2 = 2.635231
**   Omega_1 = sigma^2/c ((0 - 1/2) + (1 - 1)) = -2.635231
**   gamma = sigma/c = sqrt(0.4); sigma^2/c^2 = 0.4
**   Delta_0 = sqrt(0.4) 0.4 (1/2)(1/2) = 0.0632456
**   Delta_1 = sqrt(0.4) 0.4 ((1/2)(1/2) + 1 * 0) = 0.0632456
**   sigma' = sqrt(625/9 (1 - 0.0632456)) = 8.065506
** so mu 27.635231 and 22.364769, both sigma 8.065506. */
Test(weng_lin, two_player_win_matches_hand_computation)
{
    struct trating_game g = duel(0, 1, 0);
    struct trating_wl r[2];

    cr_assert_eq(trating_wl_fit(&g, 1, 2, NULL, r), 0);
    expect_wl(r, 2, (double[]){27.635231, 22.364769}, (double[]){8.065506, 8.065506});
    expect_near(trating_wl_conservative(r[0]), 27.635231 - 3 * 8.065506, 1e-5, "mu - 3 sigma");
}

/* A draw (both rank 1): A_q = 2, C_0 = C_1 = 2E, p = 1/2 throughout.
**   Omega_0 = sigma^2/c ((1 - 1/2)/2 + (0 - 1/2)/2) = 0: mu stays 25
**   Delta_0 = gamma 0.4 ((1/2)(1/2)/2 + (1/2)(1/2)/2) = 0.0632456
** so sigma 8.065506 as after a decided game. */
Test(weng_lin, draw_keeps_mu_and_shrinks_sigma)
{
    struct trating_game g = duel(0, 1, 1);
    struct trating_wl r[2];

    cr_assert_eq(trating_wl_fit(&g, 1, 2, NULL, r), 0);
    expect_wl(r, 2, (double[]){25, 25}, (double[]){8.065506, 8.065506});
}

/* Three players at the defaults, ranks 1, 2, 3 for bots 0, 1, 2:
**   c^2 = 3 * 3125/36, c = 16.137431, sigma^2/c = 4.303315,
**   gamma = 0.516398, sigma^2/c^2 = 4/15; C = 3E, 2E, E
**   Omega_0 = 4.303315 (1 - 1/3)              =  2.868877
**   Omega_1 = 4.303315 (-1/3 + 1 - 1/2)       =  0.717219
**   Omega_2 = 4.303315 (-1/3 - 1/2 + 1 - 1)   = -3.586096
**   Delta_0 = 0.516398 (4/15) (2/9)           = 0.0306013
**   Delta_1 = Delta_2 = 0.516398 (4/15) (2/9 + 1/4) = 0.0650279
**   sigma' = 8.204837, 8.057830, 8.057830.
** Ranks 1, 2, 2 (bots 1 and 2 tie): C = 3E, 2E, 2E, A = 1, 2, 2;
**   Omega_1 = 4.303315 (-1/3 + (1 - 1/2)/2 + (-1/2)/2) = -1.434438
**   Delta_1 = 0.516398 (4/15) (2/9 + 2 (1/2)(1/2)/2)  = 0.0650279. */
Test(weng_lin, three_players_with_and_without_ties)
{
    struct trating_game order = {3, {0, 1, 2}, {1, 2, 3}, {0}, {0}};
    struct trating_game tied = {3, {0, 1, 2}, {1, 2, 2}, {0}, {0}};
    struct trating_wl r[3];

    cr_assert_eq(trating_wl_fit(&order, 1, 3, NULL, r), 0);
    expect_wl(r, 3, (double[]){27.868877, 25.717219, 21.413904}, (double[]){8.204837, 8.057830, 8.057830});
    cr_assert_eq(trating_wl_fit(&tied, 1, 3, NULL, r), 0);
    expect_wl(r, 3, (double[]){27.868877, 23.565562, 23.565562}, (double[]){8.204837, 8.057830, 8.057830});
}

/* A disqualified winner is rated as last: the same as ranks 2, 1. */
Test(weng_lin, disqualified_seat_counts_as_last)
{
    struct trating_game dq = {2, {0, 1}, {1, 2}, {1, 0}, {0}};
    struct trating_wl r[2];

    cr_assert_eq(trating_wl_fit(&dq, 1, 2, NULL, r), 0);
    expect_wl(r, 2, (double[]){22.364769, 27.635231}, (double[]){8.065506, 8.065506});
}

Test(weng_lin, repeated_wins_raise_mu_and_shrink_sigma)
{
    struct trating_wl r[6];
    struct trating_game g = {6, {5, 4, 3, 2, 1, 0}, {1, 2, 3, 4, 5, 6}, {0}, {0}};

    trating_wl_init(r, 6, NULL);
    for (int i = 0; i < 20; i++) {
        struct trating_wl before[6];
        memcpy(before, r, sizeof r);
        cr_assert_eq(trating_wl_update(r, 6, &g, NULL), 0);
        cr_assert_gt(r[5].mu, before[5].mu, "game %d: winner's mu", i);
        cr_assert_lt(r[0].mu, before[0].mu, "game %d: last one's mu", i);
        for (int b = 0; b < 6; b++)
            cr_assert_lt(r[b].sigma, before[b].sigma, "game %d: bot %d's sigma", i, b);
    }
    for (int b = 1; b < 6; b++)
        cr_assert_gt(trating_wl_conservative(r[b]), trating_wl_conservative(r[b - 1]), "order %d", b);
}

Test(weng_lin, parameters_are_used_and_invalid_games_change_nothing)
{
    struct trating_wl_params p = {1000, 100, 50, 1e-4};
    struct trating_game bad = {2, {0, 0}, {1, 2}, {0}, {0}};
    struct trating_wl r[2];

    trating_wl_init(r, 2, &p);
    cr_assert(r[0].mu == 1000 && r[1].sigma == 100);
    cr_assert_eq(trating_wl_update(r, 2, &bad, &p), -1);
    cr_assert(r[0].mu == 1000 && r[0].sigma == 100 && r[1].mu == 1000);
    cr_assert(TRATING_WL_DEFAULT.mu == 25 && TRATING_WL_DEFAULT.beta == TRATING_WL_DEFAULT.sigma / 2);
}

/* ---- The challenge's score -------------------------------------------- */

/* Bot 0: a win (2), a draw (1), a loss, a disqualification, 1.5 s of CPU
** in all: 2 + 1 - 1.5 = 1.5.  Bot 1: loss, draw, win, win (three-player),
** 0.25 s: 1 + 2 + 2 - 0.25 = 4.75.  Bot 2: one three-player loss, 2 s. */
Test(score, two_per_win_one_per_draw_minus_cpu_seconds)
{
    struct trating_game g[] = {
        {2, {0, 1}, {1, 2}, {0}, {0.5, 0.0}},
        {2, {1, 0}, {1, 1}, {0}, {0.0, 0.25}},
        {2, {0, 1}, {1, 2}, {1, 0}, {0.5, 0.25}},
        {3, {2, 1, 0}, {2, 1, 2}, {0}, {2.0, 0.0, 0.25}},
    };
    struct trating_score s[3];

    cr_assert_eq(trating_scores(g, 4, 3, s), 0);
    cr_assert(s[0].games == 4 && s[0].wins == 1 && s[0].draws == 1 && s[0].losses == 2
              && s[0].disqualified == 1, "bot 0: %ld games %ld-%ld-%ld", s[0].games, s[0].wins,
              s[0].draws, s[0].losses);
    expect_near(s[0].cpu_seconds, 1.5, 1e-12, "bot 0 cpu");
    expect_near(s[0].score, 1.5, 1e-12, "bot 0 score");
    cr_assert(s[1].wins == 2 && s[1].draws == 1 && s[1].losses == 1);
    expect_near(s[1].score, 4.75, 1e-12, "bot 1 score");
    expect_near(s[2].score, -2, 1e-12, "bot 2 score");
}
