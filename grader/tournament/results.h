/*
** results.h -- what a tournament's journal says: the challenge's score
** table, the ratings and the crosstable, computed once (tresults_compute)
** and written as text and CSV (tresults_write) or as pages (pages.h).
**
** Bots are the configuration's, by index; a bot that does not play (its
** build failed) has a row with no games and its verdict.  Games count in
** the schedule's order (Weng-Lin's updates depend on order), so the same
** games give the same figures however many workers played them, in
** whatever order they finished.
**
**   scores     trating_scores: games, wins, draws, losses, outs
**              (disqualified), CPU seconds, 2 wins + draws - CPU
**   Elo        trating_elo_fit over the two-player games, mean 1500,
**              95% interval
**   Weng-Lin   trating_wl_fit over the games of 3..6 players
**   crosstable per player count, for each ordered pair (i, j): in the
**              games both played, how often i finished ahead of j, level
**              with j, behind j (effective ranks: an out seat is behind
**              every seat still in)
*/
#ifndef GRADER_TOURNAMENT_RESULTS_H
#define GRADER_TOURNAMENT_RESULTS_H

#include <stddef.h>

#include "config.h"
#include "entrant.h"
#include "journal.h"
#include "rating.h"

enum { TRESULTS_AHEAD, TRESULTS_LEVEL, TRESULTS_BEHIND };

struct tresults {
    /* Given by the caller: */
    const struct tconfig *conf;
    const char *outdir;                 /* where the files go                 */
    const struct tentrant *entrants;    /* conf->n_bots of them               */
    const char *const *names;           /* each bot's name                    */
    struct tjournal_game *games;        /* the games played, sorted here by
                                        ** .order (the schedule's index)      */
    size_t n_games;
    size_t scheduled;                   /* games in the whole schedule        */
    /* Computed: */
    struct trating_score *score;
    struct trating_elo *elo;
    struct trating_wl *wl;
    long *wl_games;                     /* games of 3+ players per bot        */
    int have_elo, have_wl;              /* some game counted for it           */
    int *order;                         /* bots by score, best first (ties:
                                        ** wins, then name)                   */
    long *cross;                        /* [count][i][j][3], see tresults_cross */
    long *per_count;                    /* [count][bot]: games played         */
};

/* Computes the figures.  Returns 0, or -1 (no memory, a game the rating
** code refuses) with a message on stderr. */
int tresults_compute(struct tresults *r);

/* Writes OUTDIR/scores.txt, scores.csv, ratings.txt, ratings.csv,
** crosstable.txt (each atomically).  Returns 0, or -1 with a message. */
int tresults_write(const struct tresults *r);

/* The crosstable cell: how often bot i finished `how` (TRESULTS_AHEAD,
** ...) relative to bot j in games of conf->counts[count]. */
long tresults_cross(const struct tresults *r, int count, int i, int j, int how);

/* Games played in total by bot b in games of conf->counts[count]. */
long tresults_count_games(const struct tresults *r, int count, int b);

void tresults_free(struct tresults *r);

#endif /* GRADER_TOURNAMENT_RESULTS_H */
