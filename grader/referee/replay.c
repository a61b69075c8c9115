/*
** replay.c -- a game record played again on the rules (record.h's
** rrecord_replay).
**
** The record's turns drive a fresh game: each move must be legal and
** made by the seat whose turn it was, each pass a real one, each seat put
** out at most once; at the end the rules' result must equal the one
** recorded (end, turns, ranks, outcomes).  CPU figures are the referee's
** measurements and are not checked.
*/
#include "record.h"

#include <stdio.h>
#include <string.h>

/* An integer member of obj in [lo, hi], or lo - 1. */
static long int_member(const cJSON *obj, const char *name, long lo, long hi)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);

    if (!cJSON_IsNumber(v) || v->valuedouble < (double)lo || v->valuedouble > (double)hi ||
        v->valuedouble != (double)(long)v->valuedouble)
        return lo - 1;
    return (long)v->valuedouble;
}

/* A [row, col] pair of integers; 0, or -1. */
static int rowcol(const cJSON *v, long *row, long *col)
{
    const cJSON *r = cJSON_GetArrayItem(v, 0), *c = cJSON_GetArrayItem(v, 1);

    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(r) || !cJSON_IsNumber(c) ||
        r->valuedouble < -1000 || r->valuedouble > 1000 || c->valuedouble < -1000 || c->valuedouble > 1000)
        return -1;
    *row = (long)r->valuedouble;
    *col = (long)c->valuedouble;
    return 0;
}

/* A new game from the record's header, or NULL with why[] set. */
static struct rgame *start(const cJSON *rec, int *players, char *why, size_t whylen)
{
    int size = (int)int_member(rec, "size", 3, 63), points[RGAME_MAX_SEATS];
    int cap = (int)int_member(rec, "turn_cap", 1, 100000000);
    const cJSON *pts = cJSON_GetObjectItemCaseSensitive(rec, "points");

    *players = (int)int_member(rec, "players", 2, 6);
    if (size < 3 || cap < 1 || *players < 2 || !cJSON_IsArray(pts) || cJSON_GetArraySize(pts) != *players) {
        snprintf(why, whylen, "the record's size, players, points or turn_cap is missing or out of range");
        return NULL;
    }
    for (int p = 0; p < *players; p++) {
        const cJSON *v = cJSON_GetArrayItem(pts, p);
        points[p] = cJSON_IsNumber(v) ? (int)v->valuedouble : -1;
    }
    struct rgame *g = rgame_new(size, *players, points, cap);
    if (!g)
        snprintf(why, whylen, "the record's points are not distinct points 0..5 (or no memory)");
    return g;
}

/* Plays turn i of the record on g; 0, or -1 with why[] set. */
static int play_turn(struct rgame *g, const cJSON *t, int i, int players, char *why, size_t whylen)
{
    long seat = int_member(t, "p", 0, players - 1), r1, c1, r2, c2;
    const cJSON *pass = cJSON_GetObjectItemCaseSensitive(t, "pass");
    char reason[200];

    if (seat < 0) {
        snprintf(why, whylen, "turn %d: no seat", i);
        return -1;
    }
    if (cJSON_GetObjectItemCaseSensitive(t, "out")) {
        if (rgame_is_out(g, (int)seat)) {
            snprintf(why, whylen, "turn %d: seat %ld put out twice", i, seat);
            return -1;
        }
        rgame_out(g, (int)seat);
        return 0;
    }
    if (rgame_to_move(g) != seat) {
        snprintf(why, whylen, "turn %d: seat %ld moved, but it was seat %d's turn", i, seat, rgame_to_move(g));
        return -1;
    }
    if (pass ? rowcol(pass, &r1, &c1) != 0
             : rowcol(cJSON_GetObjectItemCaseSensitive(t, "from"), &r1, &c1) != 0 ||
                   rowcol(cJSON_GetObjectItemCaseSensitive(t, "to"), &r2, &c2) != 0) {
        snprintf(why, whylen, "turn %d: no move, pass or out", i);
        return -1;
    }
    if (pass) {
        r2 = r1;
        c2 = c1;
    }
    enum rgame_claim c = rgame_claim(g, r1, c1, r2, c2, NULL, NULL, reason, sizeof reason);
    if (c == RGAME_ILLEGAL || (c == RGAME_PASSED) != (pass != NULL)) {
        snprintf(why, whylen, "turn %d (seat %ld): %s", i, seat, c == RGAME_ILLEGAL ? reason : "not what was recorded");
        return -1;
    }
    return 0;
}

/* 0 when the recorded result is the one the rules give. */
static int same_result(const struct rgame *g, const cJSON *rec, int players, char *why, size_t whylen)
{
    struct rgame_result r;
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(rec, "result");
    const cJSON *end = cJSON_GetObjectItemCaseSensitive(res, "end");
    const cJSON *rank = cJSON_GetObjectItemCaseSensitive(res, "rank");
    const cJSON *outcome = cJSON_GetObjectItemCaseSensitive(res, "outcome");

    rgame_result(g, &r);
    if (r.end == RGAME_PLAYING) {
        snprintf(why, whylen, "the record ends while the game is still on");
        return -1;
    }
    if (!cJSON_IsString(end) || strcmp(end->valuestring, rgame_end_name(r.end)) != 0 ||
        int_member(res, "turns", 0, 100000000) != r.turns) {
        snprintf(why, whylen, "the game ends by \"%s\" after %d turns, not as recorded", rgame_end_name(r.end), r.turns);
        return -1;
    }
    for (int p = 0; p < players; p++) {
        const cJSON *k = cJSON_GetArrayItem(rank, p), *o = cJSON_GetArrayItem(outcome, p);
        if (!cJSON_IsNumber(k) || (int)k->valuedouble != r.rank[p] || !cJSON_IsString(o) ||
            strcmp(o->valuestring, rgame_outcome_name(r.outcome[p])) != 0) {
            snprintf(why, whylen, "seat %d: rank %d, %s, not as recorded", p, r.rank[p],
                     rgame_outcome_name(r.outcome[p]));
            return -1;
        }
    }
    return 0;
}

int rrecord_replay(const cJSON *rec, char *why, size_t whylen)
{
    int players, i = 0, status = 0;
    struct rgame *g = start(rec, &players, why, whylen);
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(rec, "moves"), *t;

    if (!g)
        return -1;
    if (!cJSON_IsArray(moves)) {
        snprintf(why, whylen, "the record has no moves");
        status = -1;
    }
    cJSON_ArrayForEach(t, moves) {
        if (status == 0 && rgame_to_move(g) < 0 && !cJSON_GetObjectItemCaseSensitive(t, "out")) {
            snprintf(why, whylen, "turn %d: played after the end of the game", i);
            status = -1;
        }
        if (status == 0)
            status = play_turn(g, t, i++, players, why, whylen);
    }
    if (status == 0)
        status = same_result(g, rec, players, why, whylen);
    rgame_free(g);
    return status;
}
