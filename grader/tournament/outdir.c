/*
** outdir.c -- a tournament's folder (outdir.h): lock, configuration
** check, schedule, journal, outputs.
*/
#define _DEFAULT_SOURCE
#include "outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "class.h"
#include "pages.h"
#include "results.h"
#include "../report/visible.h"

/* Takes OUTDIR/.lock, waiting for a run (or its last workers) to end. */
static int lock(struct toutdir *o, char *why, size_t whylen)
{
    char path[4200];

    snprintf(path, sizeof path, "%s/.lock", o->path);
    if ((o->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644)) < 0)
        return snprintf(why, whylen, "%s: %s", path, strerror(errno)), -1;
    if (flock(o->lock_fd, LOCK_EX | LOCK_NB) == 0)
        return 0;
    visible_printf(stderr, "tournament: %s is in use by another run (or its workers are ending): waiting\n", o->path);
    return flock(o->lock_fd, LOCK_EX) == 0 ? 0 : (snprintf(why, whylen, "%s: %s", path, strerror(errno)), -1);
}

/* Half-written records of a killed run (rrecord's and our temporary
** files) go; the game is played again. */
static void sweep(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4400];

    while (d && (e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".json.tmp") && snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            unlink(path);
    if (d)
        closedir(d);
}

/* tournament.conf: written when missing, else it must read the same. */
static int same_config(struct toutdir *o, char *why, size_t whylen)
{
    char path[4200], *text = NULL, old[65536];
    size_t len = 0, n = 0;
    FILE *mem = open_memstream(&text, &len), *f;
    int status = -1;

    snprintf(path, sizeof path, "%s/tournament.conf", o->path);
    if (!mem || tconfig_write(&o->conf, mem) != 0 || fclose(mem) != 0) {
        snprintf(why, whylen, "out of memory");
    } else if ((f = fopen(path, "r")) != NULL) {
        n = fread(old, 1, sizeof old, f);
        fclose(f);
        if (n == len && memcmp(old, text, len) == 0)
            status = 0;
        else
            snprintf(why, whylen, "%s holds another tournament (its tournament.conf differs from this "
                     "configuration): use another folder, or the same configuration", o->path);
    } else if (tjournal_write_file(path, text, len) == 0) {
        status = 0;
    } else {
        snprintf(why, whylen, "cannot write %s", path);
    }
    free(text);
    return status;
}

static int schedule(struct toutdir *o, char *why, size_t whylen)
{
    int counts[TCONFIG_MAX_LIST], n_counts = 0;

    for (int b = 0; b < o->conf.n_bots; b++)
        if (o->entrants[b].ready)
            o->playing[o->n_playing++] = b;
    for (int k = 0; k < o->conf.n_counts; k++)
        if (o->conf.counts[k] <= o->n_playing)
            counts[n_counts++] = o->conf.counts[k];
    if (n_counts < o->conf.n_counts)
        visible_printf(stderr, "tournament: only %d bots play: player counts above that are left out\n", o->n_playing);
    if (n_counts == 0)
        return 0;
    struct tsched_config sc = {o->n_playing, counts, (size_t)n_counts, o->conf.sizes, (size_t)o->conf.n_sizes,
                               o->conf.rounds, o->conf.seed, 0};
    if (tsched_build(&sc, &o->sched) != 0)
        return snprintf(why, whylen, "the schedule cannot be made: %s", strerror(errno)), -1;
    return 0;
}

int toutdir_open(struct toutdir *o, const char *path, struct tconfig *conf, const char *kit_build, int build,
                 char *why, size_t whylen)
{
    char dir[4200];

    memset(o, 0, sizeof *o);
    o->lock_fd = -1;
    o->conf = *conf;
    memset(conf, 0, sizeof *conf);
    if (snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path)
        return snprintf(why, whylen, "%s: path too long", path), -1;
    snprintf(dir, sizeof dir, "%s/games", path);
    if ((mkdir(path, 0755) != 0 && errno != EEXIST) || (mkdir(dir, 0755) != 0 && errno != EEXIST))
        return snprintf(why, whylen, "%s: %s", dir, strerror(errno)), -1;
    if (lock(o, why, whylen) != 0 || same_config(o, why, whylen) != 0)
        return -1;
    /* After the check: tournament.conf holds the class line, not its bots. */
    if (tclass_take(&o->conf, path, why, whylen) != 0)
        return -1;
    sweep(dir);
    int n = o->conf.n_bots;
    o->entrants = calloc((size_t)n, sizeof *o->entrants);
    o->names = calloc((size_t)n, sizeof *o->names);
    o->playing = calloc((size_t)n, sizeof *o->playing);
    if (!o->entrants || !o->names || !o->playing)
        return snprintf(why, whylen, "out of memory"), -1;
    for (int b = 0; b < n; b++)
        o->names[b] = o->conf.bots[b].name;
    if (tentrant_prepare(&o->conf, o->path, kit_build, build, o->entrants, why, whylen) != 0)
        return -1;
    return schedule(o, why, whylen);
}

struct id_index {
    const char *id;
    size_t index;
};

static int by_id(const void *a, const void *b)
{
    return strcmp(((const struct id_index *)a)->id, ((const struct id_index *)b)->id);
}

int toutdir_load(struct toutdir *o, int repair, char *why, size_t whylen)
{
    char path[4200];
    struct tjournal_game *all;
    size_t n_all, kept = 0, dropped = 0;
    struct id_index *ids = malloc((o->sched.count + 1) * sizeof *ids);
    unsigned char *seen = calloc(o->sched.count + 1, 1);

    free(o->games);
    o->games = NULL, o->n_games = 0;
    snprintf(path, sizeof path, "%s/games.jsonl", o->path);
    if (!ids || !seen || tjournal_load(path, o->names, o->conf.n_bots, repair, &all, &n_all) != 0) {
        free(ids), free(seen);
        return snprintf(why, whylen, "cannot read the journal %s", path), -1;
    }
    for (size_t i = 0; i < o->sched.count; i++)
        ids[i] = (struct id_index){o->sched.games[i].id, i};
    qsort(ids, o->sched.count, sizeof *ids, by_id);
    for (size_t i = 0; i < n_all; i++) {
        struct id_index key = {all[i].id, 0}, *hit = bsearch(&key, ids, o->sched.count, sizeof *ids, by_id);
        if (!hit || seen[hit->index]) {
            dropped++;
            continue;
        }
        seen[hit->index] = 1;
        all[i].order = hit->index;
        all[kept++] = all[i];
    }
    if (dropped)
        visible_printf(stderr, "tournament: %zu journal lines of games not in this schedule, or repeated, left out\n", dropped);
    free(ids), free(seen);
    o->games = all;
    o->n_games = kept;
    return 0;
}

int toutdir_outputs(struct toutdir *o, char *why, size_t whylen)
{
    struct tresults r = {.conf = &o->conf, .outdir = o->path, .entrants = o->entrants, .names = o->names,
                         .games = o->games, .n_games = o->n_games, .scheduled = o->sched.count};
    int status = tresults_compute(&r) == 0 && tresults_write(&r) == 0 ? 0 : -1;

    if (status == 0 && tpages_write(&r) != 0)
        status = -1;
    tresults_free(&r);
    if (status != 0)
        snprintf(why, whylen, "some outputs in %s could not be written", o->path);
    return status;
}

void toutdir_close(struct toutdir *o)
{
    free(o->games);
    tsched_free(&o->sched);
    tentrant_free(o->entrants, o->conf.n_bots);
    free(o->entrants), free(o->names), free(o->playing);
    tconfig_free(&o->conf);
    if (o->lock_fd >= 0)
        close(o->lock_fd);
    memset(o, 0, sizeof *o);
    o->lock_fd = -1;
}
