/*
** journal.c -- the journal of finished games (journal.h) and atomic
** files.
*/
#define _DEFAULT_SOURCE
#include "journal.h"
#include "../report/visible.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

static const char *const outcome_names[] = {"win", "draw", "loss", "out"};

const char *tjournal_outcome_name(enum tjournal_outcome o)
{
    return o <= TJOURNAL_OUT ? outcome_names[o] : "?";
}

int tjournal_outcome_of(const char *word)
{
    for (int o = 0; o <= TJOURNAL_OUT; o++)
        if (word && strcmp(word, outcome_names[o]) == 0)
            return o;
    return -1;
}

char *tjournal_line(const struct tjournal_game *g, const char *const *names)
{
    cJSON *o = cJSON_CreateObject(), *a[7];
    static const char *const keys[] = {"bots", "rank", "outcome", "out", "detail", "cpu"};
    int ok = o && cJSON_AddStringToObject(o, "id", g->id) && cJSON_AddNumberToObject(o, "size", g->size) &&
             cJSON_AddNumberToObject(o, "players", g->players) && cJSON_AddStringToObject(o, "end", g->end) &&
             cJSON_AddNumberToObject(o, "turns", g->turns);

    for (int k = 0; k < 6 && ok; k++)
        ok = (a[k] = cJSON_AddArrayToObject(o, keys[k])) != NULL;
    for (int s = 0; s < g->players && ok; s++) {
        cJSON *item[6] = {
            cJSON_CreateString(names[g->bots[s]]), cJSON_CreateNumber(g->rank[s]),
            cJSON_CreateString(tjournal_outcome_name(g->outcome[s])),
            g->out[s][0] ? cJSON_CreateString(g->out[s]) : cJSON_CreateNull(),
            g->detail[s][0] ? cJSON_CreateString(g->detail[s]) : cJSON_CreateNull(),
            cJSON_CreateNumber(g->cpu[s])};
        for (int k = 0; k < 6; k++)
            ok = item[k] && cJSON_AddItemToArray(a[k], item[k]) && ok;
    }
    char *text = ok ? cJSON_PrintUnformatted(o) : NULL, *line = NULL;
    if (text && (line = malloc(strlen(text) + 2)) != NULL)
        strcat(strcpy(line, text), "\n");
    free(text);
    cJSON_Delete(o);
    return line;
}

/* The string at [s] of array key, or NULL (null, missing). */
static const char *string_at(const cJSON *o, const char *key, int s)
{
    const cJSON *item = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, key), s);
    return cJSON_IsString(item) ? item->valuestring : NULL;
}

static int seat_of(const cJSON *o, int s, const char *const *names, int n_names, struct tjournal_game *g)
{
    const char *bot = string_at(o, "bots", s), *out = string_at(o, "out", s), *detail = string_at(o, "detail", s);
    const cJSON *rank = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "rank"), s);
    const cJSON *cpu = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(o, "cpu"), s);
    int outcome = tjournal_outcome_of(string_at(o, "outcome", s));

    g->bots[s] = -1;
    for (int b = 0; bot && b < n_names; b++)
        if (strcmp(names[b], bot) == 0)
            g->bots[s] = b;
    if (g->bots[s] < 0 || !cJSON_IsNumber(rank) || rank->valueint < 1 || !cJSON_IsNumber(cpu) ||
        cpu->valuedouble < 0 || outcome < 0)
        return -1;
    for (int t = 0; t < s; t++)
        if (g->bots[t] == g->bots[s])
            return -1;
    g->rank[s] = rank->valueint;
    g->cpu[s] = cpu->valuedouble;
    g->outcome[s] = (enum tjournal_outcome)outcome;
    snprintf(g->out[s], sizeof g->out[s], "%s", out ? out : "");
    visible_cut(g->detail[s], sizeof g->detail[s], detail);   /* a line not ours stays UTF-8 too */
    return 0;
}

int tjournal_parse(const char *line, const char *const *names, int n_names, struct tjournal_game *g,
                   char *why, size_t whylen)
{
    cJSON *o = cJSON_Parse(line);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id"), *end = cJSON_GetObjectItemCaseSensitive(o, "end");
    int status = -1;

    memset(g, 0, sizeof *g);
    g->size = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, "size"));
    g->players = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, "players"));
    g->turns = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, "turns"));
    if (!cJSON_IsObject(o) || !cJSON_IsString(id) || strlen(id->valuestring) >= sizeof g->id ||
        !cJSON_IsString(end) || g->players < 2 || g->players > TSCHED_MAX_PLAYERS || g->size < 3) {
        snprintf(why, whylen, "not a game line");
        goto done;
    }
    snprintf(g->id, sizeof g->id, "%s", id->valuestring);
    snprintf(g->end, sizeof g->end, "%s", end->valuestring);
    for (int s = 0; s < g->players; s++)
        if (seat_of(o, s, names, n_names, g) != 0) {
            snprintf(why, whylen, "game %s: seat %d is not a bot of this tournament or is malformed", g->id, s);
            goto done;
        }
    status = 0;
done:
    cJSON_Delete(o);
    return status;
}

int tjournal_append(const char *path, const struct tjournal_game *g, const char *const *names)
{
    char *line = tjournal_line(g, names);
    int fd = line ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
    size_t len = line ? strlen(line) : 0;
    /* One write: a short one would let another worker's line in between. */
    int ok = fd >= 0 && write(fd, line, len) == (ssize_t)len && fsync(fd) == 0;

    if (!ok)
        visible_printf(stderr, "tournament: cannot append game %s to %s: %s\n", g->id, path,
                line ? strerror(errno) : "out of memory");
    if (fd >= 0)
        close(fd);
    free(line);
    return ok ? 0 : -1;
}

/* The whole file into a malloc'd buffer (*len bytes, NUL-terminated);
** a missing file gives an empty one. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t cap = 0;
    int failed = 0;

    *len = 0;
    if (!f)
        return errno == ENOENT ? calloc(1, 1) : NULL;
    for (;;) {
        if (*len + 65536 + 1 > cap) {
            char *grown = realloc(text, cap = 2 * cap + 65536 + 1);
            if (!grown) {
                failed = 1;
                break;
            }
            text = grown;
        }
        size_t n = fread(text + *len, 1, cap - *len - 1, f);
        *len += n;
        if (n == 0)
            break;
    }
    int bad = failed || ferror(f) || !text;
    fclose(f);
    if (bad) {
        free(text);
        return NULL;
    }
    text[*len] = '\0';
    return text;
}

int tjournal_load(const char *path, const char *const *names, int n_names, int repair,
                  struct tjournal_game **games, size_t *n)
{
    size_t len, cap = 0, whole = 0;
    char *text = slurp(path, &len);

    *games = NULL, *n = 0;
    if (!text) {
        visible_printf(stderr, "tournament: cannot read %s: %s\n", path, strerror(errno));
        return -1;
    }
    for (char *line = text, *nl; (nl = memchr(line, '\n', len - (size_t)(line - text))) != NULL; line = nl + 1) {
        char why[200];
        *nl = '\0';
        whole = (size_t)(nl + 1 - text);
        if (*n == cap) {
            struct tjournal_game *grown = realloc(*games, (cap = 2 * cap + 64) * sizeof *grown);
            if (!grown) {
                free(text), free(*games), *games = NULL, *n = 0;
                visible_printf(stderr, "tournament: out of memory reading %s\n", path);
                return -1;
            }
            *games = grown;
        }
        if (tjournal_parse(line, names, n_names, &(*games)[*n], why, sizeof why) == 0)
            (*n)++;
        else if (line[0])
            visible_printf(stderr, "tournament: %s: a line skipped (%s)\n", path, why);
    }
    free(text);
    if (repair && whole < len) {
        visible_printf(stderr, "tournament: %s: a torn last line (%zu bytes) cut off\n", path, len - whole);
        if (truncate(path, (off_t)whole) != 0) {
            visible_printf(stderr, "tournament: cannot repair %s: %s\n", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

int tjournal_write_file(const char *path, const char *data, size_t len)
{
    char tmp[4096], dir[4096];
    int fd = -1, ok = snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) < (int)sizeof tmp &&
                      snprintf(dir, sizeof dir, "%s", path) < (int)sizeof dir;

    if (ok && (fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) >= 0) {
        for (size_t done = 0; ok && done < len;) {
            ssize_t w = write(fd, data + done, len - done);
            ok = w > 0;
            done += ok ? (size_t)w : 0;
        }
        ok = fsync(fd) == 0 && ok;
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
    } else {
        ok = 0;
    }
    if (!ok) {
        visible_printf(stderr, "tournament: cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    int dfd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        fsync(dfd);     /* makes the rename durable; a failure costs only that */
        close(dfd);
    }
    return 0;
}
