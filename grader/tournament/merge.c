/*
** merge.c -- tournament folders joined (merge.h).  Everything is checked
** before anything is written but a class line's intake (class.h).
*/
#define _DEFAULT_SOURCE
#include "merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "class.h"
#include "config.h"
#include "journal.h"
#include "outdir.h"
#include "../report/visible.h"

/* A whole small file, malloc'd and NUL-terminated (*len bytes); NULL when
** it cannot be read. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    struct stat st;

    if (f && fstat(fileno(f), &st) == 0 && (text = malloc((size_t)st.st_size + 1)) != NULL) {
        *len = fread(text, 1, (size_t)st.st_size, f);
        text[*len] = '\0';
    }
    if (f)
        fclose(f);
    return text;
}

/* The canonical text of IN/tournament.conf; c filled when not NULL. */
static char *canonical(const char *in, struct tconfig *c, char *why, size_t whylen)
{
    char path[4200], *text = NULL;
    size_t len;
    struct tconfig mine;
    FILE *mem;

    snprintf(path, sizeof path, "%s/tournament.conf", in);
    if (tconfig_read(path, &mine, why, whylen) != 0)
        return NULL;
    if ((mem = open_memstream(&text, &len)) != NULL) {
        tconfig_write(&mine, mem);
        fclose(mem);
    }
    if (c)
        *c = mine;
    else
        tconfig_free(&mine);
    return text;
}

/* Whether a build.txt of `len` bytes says the bot was built ("ok"). */
static int built(const char *text, size_t len)
{
    return (len == 2 || (len == 3 && text[2] == '\n')) && memcmp(text, "ok", 2) == 0;
}

/* Every input's submissions built alike (both built, or both not);
** copies IN0's verdicts to OUT. */
static int same_builds(const char *const *in, int n, const char *out, const struct tconfig *c, int copy, char *why,
                       size_t whylen)
{
    for (int b = 0; b < c->n_bots; b++) {
        const char *file = c->bots[b].file;
        char path[4200], *first;
        size_t len, len2;
        if (c->bots[b].kind != TCONFIG_SUBMISSION)
            continue;
        snprintf(path, sizeof path, "%s/bots/%s/build.txt", in[0], file);
        if (!(first = read_all(path, &len)))
            return snprintf(why, whylen, "%s: %s", path, strerror(errno)), -1;
        for (int i = 1; i < n; i++) {
            snprintf(path, sizeof path, "%s/bots/%s/build.txt", in[i], file);
            char *other = read_all(path, &len2);
            /* What matters is whether it plays: two failed builds may
            ** say so in other words (the verdict kept is IN0's). */
            int same = other && ((len == len2 && memcmp(first, other, len) == 0) ||
                                 (!built(first, len) && !built(other, len2)));
            free(other);
            if (!same) {
                free(first);
                return snprintf(why, whylen, "bot %s was built differently in %s and %s", c->bots[b].name, in[0], in[i]),
                       -1;
            }
        }
        for (int k = 0; copy && k < 2; k++) {
            static const char *const names[] = {"build.txt", "build.log"};
            char *text;
            snprintf(path, sizeof path, "%s/bots", out);   /* the first submission makes it */
            mkdir(path, 0755);
            snprintf(path, sizeof path, "%s/bots/%s", out, file);
            mkdir(path, 0755);
            snprintf(path, sizeof path, "%s/bots/%s/%s", in[0], file, names[k]);
            if ((text = read_all(path, &len2)) != NULL) {
                snprintf(path, sizeof path, "%s/bots/%s/%s", out, file, names[k]);
                tjournal_write_file(path, text, len2);
            }
            free(text);
        }
        free(first);
    }
    return 0;
}

struct line {
    struct tjournal_game g;
    int input;
};

static int by_id(const void *a, const void *b)
{
    return strcmp(((const struct line *)a)->g.id, ((const struct line *)b)->g.id);
}

/* Every input's journal, refused when an id is in two. */
static int gather(const char *const *in, int n, const struct tconfig *c, const char **names, struct line **lines,
                  size_t *count, char *why, size_t whylen)
{
    *lines = NULL, *count = 0;
    for (int i = 0; i < n; i++) {
        char path[4200];
        struct tjournal_game *g;
        size_t k;
        snprintf(path, sizeof path, "%s/games.jsonl", in[i]);
        if (tjournal_load(path, names, c->n_bots, 0, &g, &k) != 0)
            return snprintf(why, whylen, "cannot read %s", path), -1;
        struct line *grown = realloc(*lines, (*count + k + 1) * sizeof *grown);
        if (!grown) {
            free(g);
            return snprintf(why, whylen, "out of memory"), -1;
        }
        *lines = grown;
        for (size_t j = 0; j < k; j++)
            (*lines)[(*count)++] = (struct line){g[j], i};
        free(g);
    }
    qsort(*lines, *count, sizeof **lines, by_id);
    for (size_t j = 1; j < *count; j++)
        if (strcmp((*lines)[j - 1].g.id, (*lines)[j].g.id) == 0)
            return snprintf(why, whylen, "game %s is in both %s and %s: merge each shard once", (*lines)[j].g.id,
                            in[(*lines)[j - 1].input], in[(*lines)[j].input]), -1;
    return 0;
}

/* Records copied, then the journal written whole. */
static int write_games(const char *const *in, const struct line *lines, size_t count, const char *out,
                       const char **names, char *why, size_t whylen)
{
    char *journal = NULL, path[4200];
    size_t len = 0;
    FILE *mem = open_memstream(&journal, &len);
    int status = mem ? 0 : -1;

    for (size_t j = 0; j < count && status == 0; j++) {
        size_t n;
        char *line = tjournal_line(&lines[j].g, names), *record;
        snprintf(path, sizeof path, "%s/games/%s.json", in[lines[j].input], lines[j].g.id);
        if ((record = read_all(path, &n)) != NULL) {
            snprintf(path, sizeof path, "%s/games/%s.json", out, lines[j].g.id);
            status = tjournal_write_file(path, record, n);
        } else {
            visible_printf(stderr, "tournament: %s is missing: game %s has no replay\n", path, lines[j].g.id);
        }
        if (!line || fputs(line, mem) < 0)
            status = -1;
        free(line), free(record);
    }
    if (mem && fclose(mem) != 0)
        status = -1;
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    if (status == 0)
        status = tjournal_write_file(path, journal ? journal : "", len);
    free(journal);
    if (status != 0)
        snprintf(why, whylen, "cannot write the merged games into %s", out);
    return status;
}

/* OUT must not be an input: its journal is replaced. */
static int distinct(const char *const *in, int n, const char *out, char *why, size_t whylen)
{
    char *o = realpath(out, NULL);
    int status = 0;

    for (int i = 0; o && i < n && status == 0; i++) {
        char *p = realpath(in[i], NULL);
        if (p && strcmp(p, o) == 0)
            status = (snprintf(why, whylen, "the merge's output %s is one of its inputs", out), -1);
        free(p);
    }
    free(o);
    return status;
}

int tmerge_run(const char *const *in, int n, const char *out, const char *kit_build, char *why, size_t whylen)
{
    struct tconfig c;
    struct toutdir o = {.lock_fd = -1};
    struct line *lines = NULL;
    size_t count = 0;
    char *first = canonical(in[0], &c, why, whylen);
    int status = -1;

    if (!first)
        return -1;
    for (int i = 1; i < n; i++) {
        char *other = canonical(in[i], NULL, why, whylen);
        int same = other && strcmp(first, other) == 0;
        free(other);
        if (!same) {
            snprintf(why, whylen, "%s and %s are not of the same tournament (tournament.conf differs)", in[0], in[i]);
            goto done;
        }
    }
    if (distinct(in, n, out, why, whylen) != 0)
        goto done;
    /* A class line's students are bots of every input: the class is taken
    ** in (into OUT, the one thing written before the checks) first. */
    if (c.class_path && (mkdir(out, 0755), tclass_take(&c, out, why, whylen) != 0))
        goto done;
    const char **names = calloc((size_t)c.n_bots, sizeof *names);
    for (int b = 0; names && b < c.n_bots; b++)
        names[b] = c.bots[b].name;
    if (!names || same_builds(in, n, out, &c, 0, why, whylen) != 0 ||
        gather(in, n, &c, names, &lines, &count, why, whylen) != 0) {
        free(names);
        goto done;
    }
    mkdir(out, 0755);
    if (same_builds(in, n, out, &c, 1, why, whylen) == 0 &&
        toutdir_open(&o, out, &c, kit_build, 0, why, whylen) == 0 &&
        write_games(in, lines, count, out, names, why, whylen) == 0 && toutdir_load(&o, 0, why, whylen) == 0 &&
        toutdir_outputs(&o, why, whylen) == 0)
        status = 0;
    free(names);
done:
    toutdir_close(&o);
    tconfig_free(&c);
    free(first), free(lines);
    return status;
}
