/*
** results.c -- scores, ratings and crosstable of a tournament
** (results.h), and their text and CSV files.
*/
#define _DEFAULT_SOURCE
#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/csv.h"
#include "../report/visible.h"

static const struct tresults *sorting;  /* qsort has no argument: one sort at a time */

static int by_order(const void *a, const void *b)
{
    size_t x = ((const struct tjournal_game *)a)->order, y = ((const struct tjournal_game *)b)->order;
    return (x > y) - (x < y);
}

static int by_score(const void *a, const void *b)
{
    int i = *(const int *)a, j = *(const int *)b;
    const struct trating_score *x = &sorting->score[i], *y = &sorting->score[j];

    if (sorting->entrants[i].ready != sorting->entrants[j].ready)
        return sorting->entrants[j].ready - sorting->entrants[i].ready;    /* bots that play first */
    if (x->score != y->score)
        return x->score < y->score ? 1 : -1;
    if (x->wins != y->wins)
        return x->wins < y->wins ? 1 : -1;
    return strcmp(sorting->names[i], sorting->names[j]);
}

static int count_index(const struct tconfig *c, int players)
{
    for (int k = 0; k < c->n_counts; k++)
        if (c->counts[k] == players)
            return k;
    return -1;
}

/* The rating code's view of a journal game. */
static void as_rating(const struct tjournal_game *g, struct trating_game *t)
{
    memset(t, 0, sizeof *t);
    t->players = g->players;
    for (int s = 0; s < g->players; s++) {
        t->bots[s] = g->bots[s];
        t->ranks[s] = g->rank[s];
        t->disqualified[s] = g->outcome[s] == TJOURNAL_OUT;
        t->cpu_seconds[s] = g->cpu[s];
    }
}

/* Per-count games and the pairwise crosstable. */
static void tally(struct tresults *r, const struct trating_game *t)
{
    int n = r->conf->n_bots;

    for (size_t i = 0; i < r->n_games; i++) {
        int k = count_index(r->conf, t[i].players), ranks[TRATING_MAX_PLAYERS];
        if (k < 0 || trating_effective_ranks(&t[i], n, ranks) != 0)
            continue;
        for (int s = 0; s < t[i].players; s++) {
            r->per_count[(size_t)k * n + t[i].bots[s]]++;
            for (int o = 0; o < t[i].players; o++) {
                if (o == s)
                    continue;
                int how = ranks[s] < ranks[o] ? TRESULTS_AHEAD : ranks[s] == ranks[o] ? TRESULTS_LEVEL
                        : TRESULTS_BEHIND;
                r->cross[(((size_t)k * n + t[i].bots[s]) * n + t[i].bots[o]) * 3 + how]++;
            }
        }
    }
}

int tresults_compute(struct tresults *r)
{
    int n = r->conf->n_bots, status = -1;
    size_t n2 = 0, nm = 0, k = (size_t)r->conf->n_counts;
    struct trating_game *t = malloc((r->n_games + 1) * sizeof *t), *two = malloc((r->n_games + 1) * sizeof *t),
                        *many = malloc((r->n_games + 1) * sizeof *t);

    qsort(r->games, r->n_games, sizeof *r->games, by_order);
    r->score = calloc((size_t)n, sizeof *r->score);
    r->elo = calloc((size_t)n, sizeof *r->elo);
    r->wl = calloc((size_t)n, sizeof *r->wl);
    r->wl_games = calloc((size_t)n, sizeof *r->wl_games);
    r->order = calloc((size_t)n, sizeof *r->order);
    r->cross = calloc(k * n * n * 3, sizeof *r->cross);
    r->per_count = calloc(k * n, sizeof *r->per_count);
    if (!t || !two || !many || !r->score || !r->elo || !r->wl || !r->wl_games || !r->order || !r->cross ||
        !r->per_count) {
        visible_printf(stderr, "tournament: out of memory for the results\n");
        goto done;
    }
    for (size_t i = 0; i < r->n_games; i++) {
        as_rating(&r->games[i], &t[i]);
        if (t[i].players == 2)
            two[n2++] = t[i];
        else
            many[nm++] = t[i];
        for (int s = 0; t[i].players > 2 && s < t[i].players; s++)
            r->wl_games[t[i].bots[s]]++;
    }
    trating_wl_init(r->wl, n, NULL);
    if (trating_scores(t, r->n_games, n, r->score) != 0 ||
        (n2 && trating_elo_fit(two, n2, n, -1, 1500, r->elo) != 0) ||
        (nm && trating_wl_fit(many, nm, n, NULL, r->wl) != 0)) {
        visible_printf(stderr, "tournament: the ratings cannot be computed: %s\n", strerror(errno));
        goto done;
    }
    r->have_elo = n2 > 0;
    r->have_wl = nm > 0;
    tally(r, t);
    for (int b = 0; b < n; b++)
        r->order[b] = b;
    sorting = r;
    qsort(r->order, (size_t)n, sizeof *r->order, by_score);
    status = 0;
done:
    free(t), free(two), free(many);
    return status;
}

long tresults_cross(const struct tresults *r, int count, int i, int j, int how)
{
    size_t n = (size_t)r->conf->n_bots;
    return r->cross[(((size_t)count * n + (size_t)i) * n + (size_t)j) * 3 + (size_t)how];
}

long tresults_count_games(const struct tresults *r, int count, int b)
{
    return r->per_count[(size_t)count * (size_t)r->conf->n_bots + (size_t)b];
}

void tresults_free(struct tresults *r)
{
    free(r->score), free(r->elo), free(r->wl), free(r->wl_games), free(r->order), free(r->cross);
    free(r->per_count);
    r->score = NULL, r->elo = NULL, r->wl = NULL, r->wl_games = NULL, r->order = NULL, r->cross = NULL;
    r->per_count = NULL;
}

static int name_width(const struct tresults *r)
{
    int w = 3;
    for (int b = 0; b < r->conf->n_bots; b++)
        if ((int)strlen(r->names[b]) > w)
            w = (int)strlen(r->names[b]);
    return w;
}

static void scores(const struct tresults *r, FILE *txt, FILE *csv)
{
    int w = name_width(r);

    visible_printf(txt, "The challenge's score: 2 a win, 1 a draw, minus 1 a second of CPU time.\n"
                 "%zu of %zu scheduled games played.\n\n%4s  %-*s %6s %5s %5s %6s %5s %9s %9s",
            r->n_games, r->scheduled, "rank", w, "bot", "games", "wins", "draws", "losses", "outs", "cpu_s",
            "score");
    fputs("rank,bot,games,wins,draws,losses,outs,cpu_seconds,score", csv);
    for (int k = 0; k < r->conf->n_counts; k++) {
        visible_printf(txt, "  p%d", r->conf->counts[k]);
        fprintf(csv, ",games_p%d", r->conf->counts[k]);
    }
    fputs("  status\n", txt);
    fputs(",status\n", csv);
    for (int i = 0; i < r->conf->n_bots; i++) {
        int b = r->order[i];
        const struct trating_score *s = &r->score[b];
        const char *status = r->entrants[b].ready ? "plays" : r->entrants[b].verdict;
        visible_printf(txt, "%4d  %-*s %6ld %5ld %5ld %6ld %5ld %9.3f %9.3f", i + 1, w, r->names[b], s->games, s->wins,
                s->draws, s->losses, s->disqualified, s->cpu_seconds, s->score);
        fprintf(csv, "%d,", i + 1);
        csv_text(csv, r->names[b]);
        fprintf(csv, ",%ld,%ld,%ld,%ld,%ld,%.6f,%.6f", s->games, s->wins, s->draws, s->losses, s->disqualified,
                s->cpu_seconds, s->score);
        for (int k = 0; k < r->conf->n_counts; k++) {
            visible_printf(txt, " %3ld", tresults_count_games(r, k, b));
            fprintf(csv, ",%ld", tresults_count_games(r, k, b));
        }
        visible_printf(txt, "  %s\n", status);
        fputc(',', csv);
        csv_text(csv, status);
        fputc('\n', csv);
    }
}

static void ratings(const struct tresults *r, FILE *txt, FILE *csv)
{
    int w = name_width(r);

    fputs("bot,elo,elo_low,elo_high,elo_games,elo_flags,wl_mu,wl_sigma,wl_conservative,wl_games\n", csv);
    visible_printf(txt, "Elo from the two-player games (Bradley-Terry fit, mean 1500, 95%% interval):\n");
    if (!r->have_elo)
        fputs("  no two-player game\n", txt);
    for (int i = 0; r->have_elo && i < r->conf->n_bots; i++) {
        int b = r->order[i];
        const struct trating_elo *e = &r->elo[b];
        if (e->flags & TRATING_ELO_NO_GAMES)
            visible_printf(txt, "  %-*s  no two-player game\n", w, r->names[b]);
        else
            visible_printf(txt, "  %-*s %7.1f +- %6.1f  (%4.0f games, %5.1f points)%s\n", w, r->names[b], e->rating,
                    e->high - e->rating, e->games, e->points,
                    e->flags & TRATING_ELO_PRIOR ? "  [virtual draws: no finite fit]" : "");
    }
    visible_printf(txt, "\nWeng-Lin (Plackett-Luce) from the games of 3..6 players, by mu - 3 sigma:\n");
    if (!r->have_wl)
        fputs("  no game of more than two players\n", txt);
    for (int i = 0; r->have_wl && i < r->conf->n_bots; i++) {
        int b = r->order[i];
        visible_printf(txt, "  %-*s mu %6.2f  sigma %5.2f  mu-3sigma %7.2f  (%ld games)\n", w, r->names[b], r->wl[b].mu,
                r->wl[b].sigma, trating_wl_conservative(r->wl[b]), r->wl_games[b]);
    }
    for (int i = 0; i < r->conf->n_bots; i++) {
        int b = r->order[i];
        const struct trating_elo *e = &r->elo[b];
        int elo = r->have_elo && !(e->flags & TRATING_ELO_NO_GAMES);
        csv_text(csv, r->names[b]);
        if (elo)
            fprintf(csv, ",%.1f,%.1f,%.1f,%.0f,%u", e->rating, e->low, e->high, e->games, e->flags);
        else
            fputs(",,,,0,", csv);
        fprintf(csv, ",%.4f,%.4f,%.4f,%ld\n", r->wl[b].mu, r->wl[b].sigma, trating_wl_conservative(r->wl[b]),
                r->wl_games[b]);
    }
}

static void crosstable(const struct tresults *r, FILE *txt)
{
    int w = name_width(r), n = r->conf->n_bots;

    fputs("Crosstable: row against column, finished ahead-level-behind, in the games both played.\n", txt);
    for (int k = 0; k < r->conf->n_counts; k++) {
        visible_printf(txt, "\n%d-player games:\n%-*s", r->conf->counts[k], w, "");
        for (int j = 0; j < n; j++)
            visible_printf(txt, " %11.11s", r->names[r->order[j]]);
        fputc('\n', txt);
        for (int i = 0; i < n; i++) {
            int a = r->order[i];
            visible_printf(txt, "%-*s", w, r->names[a]);
            for (int j = 0; j < n; j++) {
                int b = r->order[j];
                char cell[40] = "-";
                if (a != b)
                    snprintf(cell, sizeof cell, "%ld-%ld-%ld", tresults_cross(r, k, a, b, TRESULTS_AHEAD),
                             tresults_cross(r, k, a, b, TRESULTS_LEVEL), tresults_cross(r, k, a, b, TRESULTS_BEHIND));
                visible_printf(txt, " %11s", cell);
            }
            fputc('\n', txt);
        }
    }
}

/* Closes f, the memory stream of *buf, and writes *buf to OUTDIR/NAME
** atomically. */
static int emit(const char *outdir, const char *name, FILE *f, char **buf, size_t *len)
{
    char path[4096];
    int ok = fclose(f) == 0 && snprintf(path, sizeof path, "%s/%s", outdir, name) < (int)sizeof path &&
             tjournal_write_file(path, *buf, *len) == 0;

    free(*buf);
    *buf = NULL;
    return ok ? 0 : -1;
}

int tresults_write(const struct tresults *r)
{
    char *b[5] = {0};
    size_t len[5] = {0};
    FILE *f[5];
    static const char *const names[5] = {"scores.txt", "scores.csv", "ratings.txt", "ratings.csv", "crosstable.txt"};
    int status = 0;

    for (int i = 0; i < 5; i++)
        if (!(f[i] = open_memstream(&b[i], &len[i]))) {
            visible_printf(stderr, "tournament: out of memory\n");
            while (i--)
                fclose(f[i]), free(b[i]);
            return -1;
        }
    scores(r, f[0], f[1]);
    ratings(r, f[2], f[3]);
    crosstable(r, f[4]);
    for (int i = 0; i < 5; i++)
        if (emit(r->outdir, names[i], f[i], &b[i], &len[i]) != 0)
            status = -1;
    return status;
}
