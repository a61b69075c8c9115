/*
** rating.h -- what a tournament's results say about its bots: Elo
** ratings with error bars from the two-player games, Weng-Lin ratings
** from games of any player count, and the challenge's score.  Pure
** functions over an array of game results: no I/O, no global state;
** every output array is the caller's, indexed by bot id 0 .. n_bots-1.
**
** A game's result (struct trating_game) gives, per seat, the bot, its
** rank (1 = winner; equal ranks finished in the same round; only the
** order matters) and whether it was disqualified.  A disqualified seat
** ranks below every other seat, disqualified seats tie among themselves
** (trating_effective_ranks).  Outcome of a seat: a win when it alone has
** the best rank of the seats not disqualified, a draw when it shares it
** with others, a loss otherwise; a disqualified seat always loses.
**
** Every function checks its games and fails with -1 and errno EINVAL,
** touching no output, for: players outside 2..6, a bot id outside
** 0..n_bots-1 or twice in a game, a rank below 1, a CPU time negative
** or not finite.
*/
#ifndef GRADER_TOURNAMENT_RATING_H
#define GRADER_TOURNAMENT_RATING_H

#include <stddef.h>

#define TRATING_MAX_PLAYERS 6

struct trating_game {
    int players;                          /* 2..6                       */
    int bots[TRATING_MAX_PLAYERS];        /* bot id per seat            */
    int ranks[TRATING_MAX_PLAYERS];       /* 1 = best                   */
    int disqualified[TRATING_MAX_PLAYERS];   /* nonzero: out of the game */
    double cpu_seconds[TRATING_MAX_PLAYERS]; /* CPU the bot used        */
};

enum trating_outcome { TRATING_LOSS, TRATING_DRAW, TRATING_WIN };

/* The ranks of the game's seats after disqualification: the others
** keep theirs, disqualified seats share one more than the worst of the
** others'.  Example: ranks {1, 2, 2}, seat 0 disqualified gives
** {3, 2, 2}.  Returns 0, or -1 (EINVAL) for an invalid game. */
int trating_effective_ranks(const struct trating_game *g, int n_bots,
                            int ranks[TRATING_MAX_PLAYERS]);

/* The outcome of `seat` (above), or -1 (EINVAL). */
int trating_outcome(const struct trating_game *g, int n_bots, int seat);

/* ---- (a) Elo from the two-player games ------------------------------
** A Bradley-Terry maximum-likelihood fit: P(i beats j) =
** 1 / (1 + 10^((R_j - R_i) / 400)), a draw counting as half a win and
** half a loss; solved by Newton's method under the anchoring constraint.
** Anchoring: with anchor < 0 the ratings' mean is `level` (e.g. 1500);
** else bot `anchor` is fixed at `level` (its std_error is 0) and the
** others' errors are relative to it.  std_error comes from the inverse
** Fisher information (a generalised inverse, the gauge removed); the
** interval is rating +- 1.96 std_error (95%).  Games of 3..6 players are
** ignored here.
**
** Degenerate results: the maximum-likelihood ratings are finite only
** when every group of bots has scored at least once against the rest
** (the "scored against" graph is strongly connected).  When it is not,
** e.g. a bot won or lost every game, each bot gets a prior of one
** virtual draw against the field's mean rating: every rating is then
** finite (shrunk toward the mean) and carries TRATING_ELO_PRIOR.  Bots
** with no two-player game are left out of the fit: their rating is the
** level of the others' mean, std_error INFINITY, low -INFINITY, high
** INFINITY, flag TRATING_ELO_NO_GAMES -- check it before printing. */
enum {
    TRATING_ELO_NO_GAMES = 1,   /* played no two-player game            */
    TRATING_ELO_ALL_WON = 2,    /* scored every point it played for     */
    TRATING_ELO_ALL_LOST = 4,   /* scored nothing                       */
    TRATING_ELO_PRIOR = 8       /* the fit needed the virtual draws     */
};

struct trating_elo {
    double rating, std_error, low, high;  /* Elo points               */
    double games, points;                 /* two-player games, points */
    unsigned flags;                       /* TRATING_ELO_*            */
};

/* Fits out[0..n_bots-1].  Returns 0; or -1 with errno EINVAL (a game
** invalid, n_bots < 2, anchor >= n_bots or without a two-player game),
** ENOMEM, or EDOM if Newton's method did not converge (never seen).
** Memory: O(n_bots^2) doubles.  Example: bot 0 scores 3 of 4 points
** against bot 1 gives, with anchor -1 and level 1500, 1595.4 and
** 1404.6 (a difference of 400 log10 3 = 190.8). */
int trating_elo_fit(const struct trating_game *games, size_t n_games, int n_bots,
                    int anchor, double level, struct trating_elo *out);

/* ---- (b) Weng-Lin ratings from games of any size --------------------
** Weng and Lin (2011), "A Bayesian approximation method for online
** ranking", JMLR 12, Algorithm with the Plackett-Luce model: each bot's
** skill is N(mu, sigma^2); each game updates every seat in closed form
** from the effective ranks, ties included.  Defaults (TRATING_WL_DEFAULT):
** mu 25, sigma 25/3, beta (the performance noise) sigma/2 = 25/6,
** kappa 1e-4 (the least factor by which one game may scale sigma^2).
** Order bots by trating_wl_conservative(): mu - 3 sigma. */
struct trating_wl_params { double mu, sigma, beta, kappa; };
#define TRATING_WL_DEFAULT ((struct trating_wl_params){25.0, 25.0 / 3, 25.0 / 6, 1e-4})

struct trating_wl { double mu, sigma; };

/* Sets every rating to (params->mu, params->sigma); params NULL: the
** defaults. */
void trating_wl_init(struct trating_wl *ratings, int n_bots, const struct trating_wl_params *params);

/* Updates the ratings of the game's bots by one game.  0, or -1 (EINVAL;
** ratings unchanged). */
int trating_wl_update(struct trating_wl *ratings, int n_bots, const struct trating_game *g,
                      const struct trating_wl_params *params);

/* trating_wl_init(), then every game in order.  0, or -1 (EINVAL, out
** untouched). */
int trating_wl_fit(const struct trating_game *games, size_t n_games, int n_bots,
                   const struct trating_wl_params *params, struct trating_wl *out);

double trating_wl_conservative(struct trating_wl r);

/* ---- (c) The challenge's score --------------------------------------
** 2 points a win, 1 a draw, minus 1 a second of CPU used: score =
** 2 wins + draws - cpu_seconds, over games of every player count. */
struct trating_score {
    long games, wins, draws, losses, disqualified;
    double cpu_seconds, score;
};

/* Fills out[0..n_bots-1].  0, or -1 (EINVAL, out untouched). */
int trating_scores(const struct trating_game *games, size_t n_games, int n_bots,
                   struct trating_score *out);

#endif /* GRADER_TOURNAMENT_RATING_H */
