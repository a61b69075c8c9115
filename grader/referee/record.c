/*
** record.c -- game records (record.h, RECORD.md): built with cJSON,
** written atomically, read and replayed on the rules of game.h.
**
** A replay trusts nothing in the file: every field is checked for type
** and range before use, so a damaged or forged record is refused with a
** sentence, never a crash.
*/
#define _POSIX_C_SOURCE 200809L
#include "record.h"
#include "../report/json_strict.h"
#include "../report/visible.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cJSON *rrecord_new(const char *id, int size, int players, const int points[], const char *const *names,
                   int turn_cap)
{
    cJSON *rec = cJSON_CreateObject(), *bots = cJSON_CreateArray();
    int ok = rec && bots;

    ok = ok && cJSON_AddStringToObject(rec, "format", RRECORD_FORMAT);
    ok = ok && cJSON_AddStringToObject(rec, "id", id ? id : "game");
    ok = ok && cJSON_AddNumberToObject(rec, "size", size);
    ok = ok && cJSON_AddNumberToObject(rec, "players", players);
    ok = ok && cJSON_AddItemToObject(rec, "points", cJSON_CreateIntArray(points, players));
    for (int p = 0; ok && p < players; p++)
        ok = cJSON_AddItemToArray(bots, cJSON_CreateString(names[p]));
    ok = ok && cJSON_AddItemToObject(rec, "bots", bots);
    if (ok)
        bots = NULL;
    ok = ok && cJSON_AddNumberToObject(rec, "turn_cap", turn_cap);
    ok = ok && cJSON_AddArrayToObject(rec, "moves");
    cJSON_Delete(bots);
    if (!ok) {
        cJSON_Delete(rec);
        return NULL;
    }
    return rec;
}

static cJSON *pair(long a, long b)
{
    cJSON *p = cJSON_CreateArray();

    if (p && (!cJSON_AddItemToArray(p, cJSON_CreateNumber((double)a)) ||
              !cJSON_AddItemToArray(p, cJSON_CreateNumber((double)b)))) {
        cJSON_Delete(p);
        return NULL;
    }
    return p;
}

/* Appends a turn object with the seat and cpu set; NULL on no memory. */
static cJSON *add_turn(cJSON *rec, int seat, double cpu)
{
    cJSON *t = cJSON_CreateObject();

    if (!t || !cJSON_AddNumberToObject(t, "p", seat) || !cJSON_AddNumberToObject(t, "cpu", cpu) ||
        !cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(rec, "moves"), t)) {
        cJSON_Delete(t);
        return NULL;
    }
    return t;
}

int rrecord_move(cJSON *rec, int seat, const long (*path)[2], int n, double cpu)
{
    cJSON *t = add_turn(rec, seat, cpu), *way = cJSON_CreateArray();

    if (!t || !way || n < 2) {
        cJSON_Delete(way);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (!cJSON_AddItemToArray(way, pair(path[i][0], path[i][1]))) {
            cJSON_Delete(way);
            return -1;
        }
    if (!cJSON_AddItemToObject(t, "from", pair(path[0][0], path[0][1])) ||
        !cJSON_AddItemToObject(t, "to", pair(path[n - 1][0], path[n - 1][1])) ||
        !cJSON_AddItemToObject(t, "path", way)) {
        cJSON_Delete(way);
        return -1;
    }
    return 0;
}

int rrecord_pass(cJSON *rec, int seat, long row, long col, double cpu)
{
    cJSON *t = add_turn(rec, seat, cpu);

    return t && cJSON_AddItemToObject(t, "pass", pair(row, col)) ? 0 : -1;
}

int rrecord_out(cJSON *rec, int seat, const char *why, const char *detail, double cpu)
{
    cJSON *t = add_turn(rec, seat, cpu);

    return t && cJSON_AddStringToObject(t, "out", why) && cJSON_AddStringToObject(t, "detail", detail) ? 0
                                                                                                        : -1;
}

int rrecord_result(cJSON *rec, const struct rgame_result *r, int players, const char *const *out,
                   const double *cpu)
{
    cJSON *res = cJSON_CreateObject(), *rank = cJSON_CreateIntArray(r->rank, players);
    cJSON *outcome = cJSON_CreateArray(), *outs = cJSON_CreateArray(), *cpus = cJSON_CreateDoubleArray(cpu, players);
    int ok = res && rank && outcome && outs && cpus;

    for (int p = 0; ok && p < players; p++) {
        ok = cJSON_AddItemToArray(outcome, cJSON_CreateString(rgame_outcome_name(r->outcome[p])));
        ok = ok && cJSON_AddItemToArray(outs, out[p] ? cJSON_CreateString(out[p]) : cJSON_CreateNull());
    }
    ok = ok && cJSON_AddStringToObject(res, "end", rgame_end_name(r->end));
    ok = ok && cJSON_AddNumberToObject(res, "turns", r->turns);
    if (ok && cJSON_AddItemToObject(res, "rank", rank))
        rank = NULL;
    if (ok && cJSON_AddItemToObject(res, "outcome", outcome))
        outcome = NULL;
    if (ok && cJSON_AddItemToObject(res, "out", outs))
        outs = NULL;
    if (ok && cJSON_AddItemToObject(res, "cpu", cpus))
        cpus = NULL;
    ok = ok && !rank && !outcome && !outs && !cpus;
    cJSON_Delete(rank);
    cJSON_Delete(outcome);
    cJSON_Delete(outs);
    cJSON_Delete(cpus);
    cJSON_DeleteItemFromObjectCaseSensitive(rec, "result");
    if (!ok || !cJSON_AddItemToObject(rec, "result", res)) {
        cJSON_Delete(res);
        return -1;
    }
    return 0;
}

int rrecord_write(const cJSON *rec, const char *path)
{
    char *text = cJSON_PrintUnformatted(rec), tmp[4096];
    FILE *f = NULL;
    int ok = text && snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) < (int)sizeof tmp;

    if (ok && (f = fopen(tmp, "w")) != NULL) {
        /* Flushed to the disk before the rename, so that a machine that
        ** stops right after never shows a record with nothing in it. */
        ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF && fflush(f) == 0 && fsync(fileno(f)) == 0;
        ok = fclose(f) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
        if (!ok)
            remove(tmp);
    } else {
        ok = 0;
    }
    if (!ok)
        visible_printf(stderr, "referee: cannot write the record %s\n", path);
    free(text);
    return ok ? 0 : -1;
}

cJSON *rrecord_read(const char *path, char *why, size_t whylen)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long len = -1;
    cJSON *rec = NULL;

    if (f && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && len < 64L << 20 &&
        fseek(f, 0, SEEK_SET) == 0 && (text = malloc((size_t)len + 1)) != NULL &&
        fread(text, 1, (size_t)len, f) == (size_t)len) {
        char problem[120];
        rec = json_strict_parse(text, (size_t)len, problem, sizeof problem);
        const cJSON *format = rec ? cJSON_GetObjectItemCaseSensitive(rec, "format") : NULL;
        if (!rec)
            snprintf(why, whylen, "%s is not one JSON record: %s", path, problem);
        else if (!cJSON_IsString(format) || strcmp(format->valuestring, RRECORD_FORMAT) != 0) {
            snprintf(why, whylen, "%s is not a game record (\"format\": \"%s\" expected)", path, RRECORD_FORMAT);
            cJSON_Delete(rec);
            rec = NULL;
        }
    } else {
        snprintf(why, whylen, "cannot read %s", path);
    }
    if (f)
        fclose(f);
    free(text);
    return rec;
}
