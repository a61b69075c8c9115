/*
** rating.c -- results of games, Weng-Lin (Plackett-Luce) ratings and the
** challenge's score over an array of game results (rating.h); the Elo
** fit is in rating_elo.c.
*/
#include "rating.h"
#include "rating_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int game_valid(const struct trating_game *g, int n_bots)
{
    if (!g || g->players < 2 || g->players > TRATING_MAX_PLAYERS)
        return 0;
    for (int i = 0; i < g->players; i++) {
        if (g->bots[i] < 0 || g->bots[i] >= n_bots || g->ranks[i] < 1
            || !isfinite(g->cpu_seconds[i]) || g->cpu_seconds[i] < 0)
            return 0;
        for (int j = 0; j < i; j++)
            if (g->bots[j] == g->bots[i])
                return 0;
    }
    return 1;
}

/* 1 when every game is valid; else 0 with errno EINVAL. */
int trating_games_valid(const struct trating_game *games, size_t n, int n_bots)
{
    if (n_bots < 1 || (n > 0 && !games)) {
        errno = EINVAL;
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        if (!game_valid(&games[i], n_bots)) {
            errno = EINVAL;
            return 0;
        }
    return 1;
}

int trating_effective_ranks(const struct trating_game *g, int n_bots, int ranks[TRATING_MAX_PLAYERS])
{
    int worst = 0;

    if (!trating_games_valid(g, 1, n_bots))
        return -1;
    for (int i = 0; i < g->players; i++)
        if (!g->disqualified[i] && g->ranks[i] > worst)
            worst = g->ranks[i];
    for (int i = 0; i < g->players; i++)
        ranks[i] = g->disqualified[i] ? worst + 1 : g->ranks[i];
    return 0;
}

int trating_outcome(const struct trating_game *g, int n_bots, int seat)
{
    int ranks[TRATING_MAX_PLAYERS], best = 0, sharing = 0;

    if (trating_effective_ranks(g, n_bots, ranks) < 0 || seat < 0 || seat >= g->players) {
        errno = EINVAL;
        return -1;
    }
    if (g->disqualified[seat])
        return TRATING_LOSS;
    for (int i = 0; i < g->players; i++)
        if (!g->disqualified[i] && (best == 0 || ranks[i] < best))
            best = ranks[i];
    for (int i = 0; i < g->players; i++)
        sharing += !g->disqualified[i] && ranks[i] == best;
    return ranks[seat] != best ? TRATING_LOSS : sharing > 1 ? TRATING_DRAW : TRATING_WIN;
}

/* ---- Weng-Lin, Plackett-Luce ----------------------------------------- */

void trating_wl_init(struct trating_wl *ratings, int n_bots, const struct trating_wl_params *params)
{
    struct trating_wl_params p = params ? *params : TRATING_WL_DEFAULT;

    for (int b = 0; b < n_bots; b++)
        ratings[b] = (struct trating_wl){p.mu, p.sigma};
}

/* Weng and Lin (2011), the Plackett-Luce update, in their notation:
**   c^2    = sum over seats of (sigma_s^2 + beta^2)
**   C_q    = sum of exp(mu_s / c) over seats s with rank_s >= rank_q
**   A_q    = how many seats share q's rank
**   p(i,q) = exp(mu_i / c) / C_q
**   Omega_i = sigma_i^2 / c * sum over q with rank_q <= rank_i of
**             ([q = i] - p(i,q)) / A_q
**   Delta_i = gamma_i sigma_i^2 / c^2 * sum over the same q of
**             p(i,q) (1 - p(i,q)) / A_q,   gamma_i = sigma_i / c
**   mu_i += Omega_i;  sigma_i^2 *= max(1 - Delta_i, kappa).
** Every seat's update uses the ratings from before the game.  The
** exponentials are taken relative to the largest mu (the p(i,q) are
** unchanged) so that no rating can overflow them. */
int trating_wl_update(struct trating_wl *ratings, int n_bots, const struct trating_game *g,
                      const struct trating_wl_params *params)
{
    struct trating_wl_params p = params ? *params : TRATING_WL_DEFAULT;
    int rank[TRATING_MAX_PLAYERS], k;
    double c2 = 0, top = -INFINITY, strength[TRATING_MAX_PLAYERS], sum_from[TRATING_MAX_PLAYERS];
    struct trating_wl next[TRATING_MAX_PLAYERS];

    if (!ratings || trating_effective_ranks(g, n_bots, rank) < 0)
        return -1;
    k = g->players;
    for (int s = 0; s < k; s++) {
        struct trating_wl r = ratings[g->bots[s]];
        c2 += r.sigma * r.sigma + p.beta * p.beta;
        top = fmax(top, r.mu);
    }
    double c = sqrt(c2);
    for (int s = 0; s < k; s++)
        strength[s] = exp((ratings[g->bots[s]].mu - top) / c);
    for (int q = 0; q < k; q++) {
        sum_from[q] = 0;
        for (int s = 0; s < k; s++)
            sum_from[q] += rank[s] >= rank[q] ? strength[s] : 0;
    }
    for (int i = 0; i < k; i++) {
        struct trating_wl r = ratings[g->bots[i]];
        double var = r.sigma * r.sigma, omega = 0, delta = 0;
        for (int q = 0; q < k; q++) {
            if (rank[q] > rank[i])
                continue;
            int tied = 0;
            for (int s = 0; s < k; s++)
                tied += rank[s] == rank[q];
            double share = strength[i] / sum_from[q];
            omega += ((q == i) - share) / tied;
            delta += share * (1 - share) / tied;
        }
        double gamma = r.sigma / c;
        next[i].mu = r.mu + var / c * omega;
        next[i].sigma = sqrt(var * fmax(1 - gamma * var / c2 * delta, p.kappa));
    }
    for (int i = 0; i < k; i++)
        ratings[g->bots[i]] = next[i];
    return 0;
}

int trating_wl_fit(const struct trating_game *games, size_t n_games, int n_bots,
                   const struct trating_wl_params *params, struct trating_wl *out)
{
    if (!trating_games_valid(games, n_games, n_bots) || !out)
        return -1;
    trating_wl_init(out, n_bots, params);
    for (size_t g = 0; g < n_games; g++)
        trating_wl_update(out, n_bots, &games[g], params);
    return 0;
}

double trating_wl_conservative(struct trating_wl r)
{
    return r.mu - 3 * r.sigma;
}

/* ---- The challenge's score ------------------------------------------- */

int trating_scores(const struct trating_game *games, size_t n_games, int n_bots,
                   struct trating_score *out)
{
    if (!trating_games_valid(games, n_games, n_bots) || !out) {
        errno = EINVAL;
        return -1;
    }
    memset(out, 0, sizeof *out * (size_t)n_bots);
    for (size_t g = 0; g < n_games; g++)
        for (int s = 0; s < games[g].players; s++) {
            struct trating_score *t = &out[games[g].bots[s]];
            int outcome = trating_outcome(&games[g], n_bots, s);
            t->games++;
            t->wins += outcome == TRATING_WIN;
            t->draws += outcome == TRATING_DRAW;
            t->losses += outcome == TRATING_LOSS;
            t->disqualified += games[g].disqualified[s] != 0;
            t->cpu_seconds += games[g].cpu_seconds[s];
        }
    for (int b = 0; b < n_bots; b++)
        out[b].score = 2.0 * out[b].wins + out[b].draws - out[b].cpu_seconds;
    return 0;
}
