/*
** rating_elo.c -- Elo ratings with error bars from two-player games: a
** Bradley-Terry maximum-likelihood fit (rating.h's trating_elo_fit).
**
** The Elo fit works in natural units, theta = R ln(10) / 400, where
** P(i beats j) = logistic(theta_i - theta_j).  The likelihood depends on
** differences only, so it is maximised under the constraint that the
** fitted thetas sum to 0 (a Lagrange multiplier: the "bordered" system
** [I 1; 1' 0]); the top-left block of that matrix's inverse is the
** covariance of the thetas in that gauge, from which any anchoring's
** errors follow (Var(theta_i - theta_a) = C_ii + C_aa - 2 C_ia).
*/
#include "rating.h"
#include "rating_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Elo points per natural unit: 400 / ln 10. */
#define ELO_PER_THETA (400.0 / 2.302585092994045684)
#define Z95 1.959963984540054
#define NEWTON_ITERATIONS 200
#define NEWTON_TOLERANCE 1e-10

/* ---- Elo --------------------------------------------------------------- */

/* The two-player results among the n bots that played one: points[i*n+j]
** is what fitted bot i scored against j, games[i*n+j] their games. */
struct elo_fit {
    int n;
    int *index;              /* bot id -> fitted index, or -1 */
    double *points, *games;
    double *theta;           /* n, summing to 0                */
    double prior;            /* virtual draws per bot: 0 or 1  */
    double *matrix;          /* (n+1)^2: the bordered system   */
};

static double logistic(double x)
{
    return 1 / (1 + exp(-x));
}

/* Gauss-Jordan inverse of the m x m matrix a, in place, with partial
** pivoting on [a | identity].  0, or -1 when singular or out of memory. */
static int invert(double *a, int m)
{
    int w = 2 * m;
    double *aug = calloc((size_t)m * (size_t)w, sizeof *aug);

    for (int r = 0; aug && r < m; r++) {
        memcpy(aug + r * w, a + r * m, sizeof *a * (size_t)m);
        aug[r * w + m + r] = 1;
    }
    for (int c = 0; aug && c < m; c++) {
        int p = c;
        for (int r = c + 1; r < m; r++)
            p = fabs(aug[r * w + c]) > fabs(aug[p * w + c]) ? r : p;
        if (fabs(aug[p * w + c]) < 1e-300)
            break;
        double pivot = aug[p * w + c];
        for (int k = 0; k < w; k++) {   /* swap rows c and p, scale row c */
            double t = aug[p * w + k];
            aug[p * w + k] = aug[c * w + k];
            aug[c * w + k] = t / pivot;
        }
        for (int r = 0; r < m; r++) {
            double f = aug[r * w + c];
            for (int k = 0; k < w && r != c && f != 0; k++)
                aug[r * w + k] -= f * aug[c * w + k];
        }
        if (c == m - 1) {
            for (int r = 0; r < m; r++)
                memcpy(a + r * m, aug + r * w + m, sizeof *a * (size_t)m);
            free(aug);
            return 0;
        }
    }
    free(aug);
    return -1;
}

/* The log-likelihood of theta, the virtual draws included. */
static double elo_loglik(const struct elo_fit *f, const double *theta)
{
    double ll = 0;

    for (int i = 0; i < f->n; i++) {
        for (int j = 0; j < f->n; j++)
            if (f->points[i * f->n + j] > 0)
                ll += f->points[i * f->n + j] * log(logistic(theta[i] - theta[j]));
        ll += f->prior * 0.5 * (log(logistic(theta[i])) + log(logistic(-theta[i])));
    }
    return ll;
}

/* Fills f->matrix with the inverse of [I 1; 1' 0] at f->theta (I the
** Fisher information) and grad with the log-likelihood's gradient.
** 0, or -1 when singular. */
static int elo_information(struct elo_fit *f, double *grad)
{
    int n = f->n, m = n + 1;
    double *a = f->matrix;

    memset(a, 0, sizeof *a * (size_t)m * (size_t)m);
    for (int i = 0; i < n; i++) {
        double p0 = logistic(f->theta[i]);
        grad[i] = f->prior * (0.5 - p0);
        a[i * m + i] = f->prior * p0 * (1 - p0);
        for (int j = 0; j < n; j++) {
            double played = f->games[i * n + j], p = logistic(f->theta[i] - f->theta[j]);
            if (j == i || played == 0)
                continue;
            grad[i] += f->points[i * n + j] - played * p;
            a[i * m + i] += played * p * (1 - p);
            a[i * m + j] -= played * p * (1 - p);
        }
        a[i * m + n] = a[n * m + i] = 1;
    }
    return invert(a, m);
}

/* Newton's method under sum(theta) = 0, halving a step that lowers the
** likelihood (the log-likelihood is concave, so this is a safeguard).
** Leaves f->matrix holding the covariance at the optimum.  0, or -1. */
static int elo_maximise(struct elo_fit *f)
{
    int n = f->n, m = n + 1;
    double *grad = calloc((size_t)n, sizeof *grad), *step = calloc((size_t)n, sizeof *step);
    double *trial = calloc((size_t)n, sizeof *trial);
    int rc = -1;

    errno = grad && step && trial ? EDOM : ENOMEM;
    for (int it = 0; errno == EDOM && it < NEWTON_ITERATIONS; it++) {
        if (elo_information(f, grad) < 0)
            break;
        double largest = 0, before = elo_loglik(f, f->theta);
        for (int i = 0; i < n; i++) {
            step[i] = 0;
            for (int j = 0; j < n; j++)
                step[i] += f->matrix[i * m + j] * grad[j];
            largest = fmax(largest, fabs(step[i]));
        }
        if (largest < NEWTON_TOLERANCE) {
            rc = 0;
            break;
        }
        for (double scale = 1;; scale /= 2) {
            for (int i = 0; i < n; i++)
                trial[i] = f->theta[i] + scale * step[i];
            if (elo_loglik(f, trial) >= before - 1e-12 || scale < 1e-6)
                break;
        }
        memcpy(f->theta, trial, sizeof *trial * (size_t)n);
    }
    free(grad);
    free(step);
    free(trial);
    return rc;
}

/* 1 when every fitted bot reaches every other along "scored against"
** edges (i -> j when i scored against j): then the MLE is finite.  A
** transitive closure (Warshall), O(n^3) like the fit itself. */
static int elo_strongly_connected(const struct elo_fit *f)
{
    int n = f->n, all = 1;
    char *reach = malloc((size_t)n * (size_t)n);

    if (!reach)
        return 0;
    for (int i = 0; i < n * n; i++)
        reach[i] = f->points[i] > 0;
    for (int via = 0; via < n; via++)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n && reach[i * n + via]; j++)
                reach[i * n + j] |= reach[via * n + j];
    for (int i = 0; i < n * n; i++)
        all &= reach[i] || i % (n + 1) == 0;
    free(reach);
    return all;
}

/* Tallies the two-player games into f and out[].games, .points. */
static void elo_collect(struct elo_fit *f, const struct trating_game *games, size_t n_games,
                        int n_bots, struct trating_elo *out)
{
    for (size_t g = 0; g < n_games; g++) {
        if (games[g].players != 2)
            continue;
        double s = trating_outcome(&games[g], n_bots, 0) / 2.0;  /* 1, 1/2, 0 */
        int a = games[g].bots[0], b = games[g].bots[1];
        out[a].games++;
        out[b].games++;
        out[a].points += s;
        out[b].points += 1 - s;
    }
    for (int b = 0; b < n_bots; b++)
        f->index[b] = out[b].games > 0 ? f->n++ : -1;
    for (size_t g = 0; g < n_games; g++) {
        if (games[g].players != 2)
            continue;
        double s = trating_outcome(&games[g], n_bots, 0) / 2.0;
        int a = f->index[games[g].bots[0]], b = f->index[games[g].bots[1]];
        f->points[a * f->n + b] += s;
        f->points[b * f->n + a] += 1 - s;
        f->games[a * f->n + b] += 1;
        f->games[b * f->n + a] += 1;
    }
}

/* Turns the fitted thetas and covariance into Elo ratings. */
static void elo_report(const struct elo_fit *f, int n_bots, int anchor, double level,
                       struct trating_elo *out)
{
    int m = f->n + 1, a = anchor >= 0 ? f->index[anchor] : -1;
    double shift = a >= 0 ? -f->theta[a] : 0;

    for (int b = 0; b < n_bots; b++) {
        int i = f->index[b];
        struct trating_elo *r = &out[b];
        if (i < 0) {
            r->rating = level + ELO_PER_THETA * shift;
            r->std_error = r->high = INFINITY;
            r->low = -INFINITY;
            r->flags = TRATING_ELO_NO_GAMES;
            continue;
        }
        double var = f->matrix[i * m + i];
        if (a >= 0)
            var += f->matrix[a * m + a] - 2 * f->matrix[i * m + a];
        r->rating = level + ELO_PER_THETA * (f->theta[i] + shift);
        r->std_error = ELO_PER_THETA * sqrt(fmax(var, 0));
        r->low = r->rating - Z95 * r->std_error;
        r->high = r->rating + Z95 * r->std_error;
        r->flags = (r->points == r->games ? TRATING_ELO_ALL_WON : 0)
                   | (r->points == 0 ? TRATING_ELO_ALL_LOST : 0)
                   | (f->prior > 0 ? TRATING_ELO_PRIOR : 0);
    }
}

int trating_elo_fit(const struct trating_game *games, size_t n_games, int n_bots,
                    int anchor, double level, struct trating_elo *out)
{
    if (!trating_games_valid(games, n_games, n_bots) || n_bots < 2 || anchor >= n_bots || !out) {
        errno = EINVAL;
        return -1;
    }
    size_t nn = (size_t)n_bots * (size_t)n_bots, mm = ((size_t)n_bots + 1) * ((size_t)n_bots + 1);
    struct elo_fit f = {0, malloc(sizeof(int) * (size_t)n_bots), calloc(nn, sizeof(double)),
                        calloc(nn, sizeof(double)), calloc((size_t)n_bots, sizeof(double)), 0,
                        malloc(sizeof(double) * mm)};
    struct trating_elo *tally = calloc((size_t)n_bots, sizeof *tally);
    int rc = -1;

    if (!f.index || !f.points || !f.games || !f.theta || !f.matrix || !tally) {
        errno = ENOMEM;
        goto done;
    }
    elo_collect(&f, games, n_games, n_bots, tally);
    if (anchor >= 0 && f.index[anchor] < 0) {
        errno = EINVAL;
        goto done;
    }
    f.prior = f.n >= 2 && elo_strongly_connected(&f) ? 0 : 1;
    if (f.n > 0 && elo_maximise(&f) < 0)
        goto done;
    elo_report(&f, n_bots, anchor, level, tally);
    memcpy(out, tally, sizeof *out * (size_t)n_bots);
    rc = 0;
done:
    free(f.index);
    free(f.points);
    free(f.games);
    free(f.theta);
    free(f.matrix);
    free(tally);
    return rc;
}
