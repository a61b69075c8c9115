/*
** replay.c -- a game record played again on the rules (record.h's
** rrecord_replay).
**
** The record's turns drive a fresh game: each move must be legal and
** made by the seat whose turn it was, each pass a real one, each seat put
** out at most once (after the game's end too: a failed Term); at the end
** the rules' result must equal the one recorded (end, turns, ranks,
** outcomes).  Then the whole record is compared with the one the referee
** would have written for those turns (built with record.c's own
** functions): every field must be that field, no more and no other, each
** key once (a reader that takes the last of two "moves" would draw
** another game than the one checked), numbers whole where the referee
** writes integers, each path the referee's.  What replaying cannot give
** -- the game's id, the bots' names, each seat's reason for leaving and
** its detail, the CPU figures -- is taken from the record once it is
** checked for type and range: an id and names are strings, a reason one
** of the referee's verdicts, a detail at most 199 visible bytes
** (grader/report/visible.h), each CPU figure finite and not negative and
** a seat's total no smaller than its turns' figures.
*/
#include "record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "player.h"
#include "../report/visible.h"

/* An integer member of obj in [lo, hi], or lo - 1. */
static long int_member(const cJSON *obj, const char *name, long lo, long hi)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);

    if (!cJSON_IsNumber(v) || v->valuedouble < (double)lo || v->valuedouble > (double)hi ||
        v->valuedouble != (double)(long)v->valuedouble)
        return lo - 1;
    return (long)v->valuedouble;
}

/* A [row, col] pair of whole numbers; 0, or -1. */
static int rowcol(const cJSON *v, long *row, long *col)
{
    const cJSON *r = cJSON_GetArrayItem(v, 0), *c = cJSON_GetArrayItem(v, 1);

    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(r) || !cJSON_IsNumber(c) ||
        r->valuedouble < -1000 || r->valuedouble > 1000 || c->valuedouble < -1000 || c->valuedouble > 1000 ||
        r->valuedouble != floor(r->valuedouble) || c->valuedouble != floor(c->valuedouble))
        return -1;
    *row = (long)r->valuedouble;
    *col = (long)c->valuedouble;
    return 0;
}

/* A CPU figure: a finite number of seconds, not negative; or -1. */
static double seconds(const cJSON *v)
{
    return cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble >= 0 ? v->valuedouble : -1;
}

/* A figure the record may leave out (the unit tests' records have none):
** its member `name` of obj, 0 when absent, -1 when not a figure. */
static double optional_seconds(const cJSON *obj, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);

    return v ? seconds(v) : 0;
}

/* The last item of an array, in O(1): cJSON's first item points back to
** the last (a game of size 63 has tens of thousands of turns). */
static cJSON *last(const cJSON *array)
{
    return array && array->child ? array->child->prev : NULL;
}

/* Drops from the record-to-be's object `made` the member `name` that
** the record's `given` leaves out. */
static void as_given(cJSON *made, const cJSON *given, const char *name)
{
    if (!cJSON_GetObjectItemCaseSensitive(given, name))
        cJSON_DeleteItemFromObjectCaseSensitive(made, name);
}

/* More members than any object of a record has (the record itself: 9). */
#define MAX_FIELDS 16

/* The first key that appears twice in one object of v, or NULL; an
** object with more than MAX_FIELDS members is refused as if a key
** appeared twice (its key named), so that the check stays cheap. */
static const char *twice(const cJSON *v)
{
    int members = 0;

    for (const cJSON *a = v ? v->child : NULL; a; a = a->next) {
        if (cJSON_IsObject(v) && ++members > MAX_FIELDS)
            return a->string;
        for (const cJSON *b = a->next; cJSON_IsObject(v) && b; b = b->next)
            if (a->string && b->string && strcmp(a->string, b->string) == 0)
                return a->string;
        const char *inner = twice(a);
        if (inner)
            return inner;
    }
    return NULL;
}

/* What a replay builds beside the game: the record the referee would
** have written, and what it takes from the record's own fields. */
struct replay {
    struct rgame *g;
    cJSON *canon;
    long (*path)[2];
    int players;
    const char *out[RGAME_MAX_SEATS];   /* each seat's reason, once out */
    double cpu[RGAME_MAX_SEATS];        /* the seats' turns' CPU, summed */
};

/* A new game and its record-to-be from the record's header; 0, or -1
** with why[] set. */
static int start(struct replay *r, const cJSON *rec, char *why, size_t whylen)
{
    int size = (int)int_member(rec, "size", 3, 63), points[RGAME_MAX_SEATS];
    int cap = (int)int_member(rec, "turn_cap", 1, 100000000);
    const cJSON *pts = cJSON_GetObjectItemCaseSensitive(rec, "points");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "id"), *bots = cJSON_GetObjectItemCaseSensitive(rec, "bots");
    const char *names[RGAME_MAX_SEATS];

    r->players = (int)int_member(rec, "players", 2, 6);
    if (size < 3 || cap < 1 || r->players < 2 || !cJSON_IsArray(pts) || cJSON_GetArraySize(pts) != r->players) {
        snprintf(why, whylen, "the record's size, players, points or turn_cap is missing or out of range");
        return -1;
    }
    if (!cJSON_IsString(id) || !cJSON_IsArray(bots) || cJSON_GetArraySize(bots) != r->players) {
        snprintf(why, whylen, "the record's id or bots is missing, or not a name for each seat");
        return -1;
    }
    for (int p = 0; p < r->players; p++) {
        const cJSON *v = cJSON_GetArrayItem(pts, p), *b = cJSON_GetArrayItem(bots, p);
        points[p] = cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) && fabs(v->valuedouble) < 100
                  ? (int)v->valuedouble : -1;
        names[p] = cJSON_IsString(b) ? b->valuestring : NULL;
        if (!names[p]) {
            snprintf(why, whylen, "bot %d's name is not a string", p);
            return -1;
        }
    }
    r->g = rgame_new(size, r->players, points, cap);
    if (!r->g) {
        snprintf(why, whylen, "the record's points are not distinct points 0..5 (or no memory)");
        return -1;
    }
    r->canon = rrecord_new(id->valuestring, size, r->players, points, names, cap);
    r->path = malloc(sizeof *r->path * (size_t)rgame_cells(r->g));
    if (!r->canon || !r->path) {
        snprintf(why, whylen, "the referee ran out of memory");
        return -1;
    }
    return 0;
}

/* The referee's own spelling of a verdict named `name`, or NULL. */
static const char *verdict(const char *name)
{
    for (int v = RPLAYER_ILLEGAL; v <= RPLAYER_FAILED; v++)
        if (strcmp(name, rplayer_verdict_name((enum rplayer_verdict)v)) == 0)
            return rplayer_verdict_name((enum rplayer_verdict)v);
    return NULL;
}

static int no_memory(char *why, size_t whylen)
{
    snprintf(why, whylen, "the referee ran out of memory");
    return -1;
}

/* Turn i: seat `seat` leaves the game; 0, or -1 with why[] set. */
static int play_out(struct replay *r, const cJSON *t, int i, int seat, double cpu, char *why, size_t whylen)
{
    const cJSON *out = cJSON_GetObjectItemCaseSensitive(t, "out"), *detail = cJSON_GetObjectItemCaseSensitive(t, "detail");
    char shown[200];

    if (rgame_is_out(r->g, seat)) {
        snprintf(why, whylen, "turn %d: seat %d put out twice", i, seat);
        return -1;
    }
    if (!cJSON_IsString(out) || !verdict(out->valuestring)) {
        snprintf(why, whylen, "turn %d: \"out\" is not one of the referee's verdicts", i);
        return -1;
    }
    if (!cJSON_IsString(detail) || visible_cut(shown, sizeof shown, detail->valuestring) != strlen(shown) ||
        strcmp(shown, detail->valuestring) != 0) {
        snprintf(why, whylen, "turn %d: the detail is not a string of at most 199 visible bytes", i);
        return -1;
    }
    rgame_out(r->g, seat);
    r->out[seat] = verdict(out->valuestring);
    return rrecord_out(r->canon, seat, r->out[seat], detail->valuestring, cpu) == 0 ? 0 : no_memory(why, whylen);
}

/* Turn i: a move or a pass of seat `seat`; 0, or -1 with why[] set. */
static int play_move(struct replay *r, const cJSON *t, int i, long seat, double cpu, char *why, size_t whylen)
{
    const cJSON *pass = cJSON_GetObjectItemCaseSensitive(t, "pass");
    long r1, c1, r2, c2;
    char reason[200];
    int n = 0;

    if (rgame_to_move(r->g) < 0) {
        snprintf(why, whylen, "turn %d: played after the end of the game", i);
        return -1;
    }
    if (rgame_to_move(r->g) != seat) {
        snprintf(why, whylen, "turn %d: seat %ld moved, but it was seat %d's turn", i, seat, rgame_to_move(r->g));
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
    enum rgame_claim c = rgame_claim(r->g, r1, c1, r2, c2, r->path, &n, reason, sizeof reason);
    if (c == RGAME_ILLEGAL || (c == RGAME_PASSED) != (pass != NULL)) {
        snprintf(why, whylen, "turn %d (seat %ld): %s", i, seat, c == RGAME_ILLEGAL ? reason : "not what was recorded");
        return -1;
    }
    if ((pass ? rrecord_pass(r->canon, (int)seat, r1, c1, cpu)
              : rrecord_move(r->canon, (int)seat, (const long (*)[2])r->path, n, cpu)) != 0)
        return no_memory(why, whylen);
    return 0;
}

/* Plays turn i of the record; 0, or -1 with why[] set. */
static int play_turn(struct replay *r, const cJSON *t, int i, char *why, size_t whylen)
{
    long seat = int_member(t, "p", 0, r->players - 1);
    double cpu = optional_seconds(t, "cpu");
    int status;

    if (seat < 0 || cpu < 0) {
        snprintf(why, whylen, "turn %d: no seat, or no CPU figure (seconds, not negative)", i);
        return -1;
    }
    r->cpu[seat] += cpu;
    status = cJSON_GetObjectItemCaseSensitive(t, "out") ? play_out(r, t, i, (int)seat, cpu, why, whylen)
                                                       : play_move(r, t, i, seat, cpu, why, whylen);
    if (status == 0)
        as_given(last(cJSON_GetObjectItemCaseSensitive(r->canon, "moves")), t, "cpu");
    return status;
}

/* 0 when the recorded result is the one the rules give (then also put
** into the record-to-be, with the record's CPU totals once checked).  A
** record may have no result (a game a unit test cut short), and a result
** no "out" or "cpu" (the unit tests' records): what is there is checked. */
static int same_result(struct replay *r, const cJSON *rec, char *why, size_t whylen)
{
    struct rgame_result g;
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(rec, "result");
    const cJSON *end = cJSON_GetObjectItemCaseSensitive(res, "end");
    const cJSON *rank = cJSON_GetObjectItemCaseSensitive(res, "rank");
    const cJSON *outcome = cJSON_GetObjectItemCaseSensitive(res, "outcome");
    const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(res, "cpu");
    double total[RGAME_MAX_SEATS] = {0};

    if (!res)
        return 0;           /* a game cut short (a unit test's): no result claimed */
    rgame_result(r->g, &g);
    if (g.end == RGAME_PLAYING) {
        snprintf(why, whylen, "the record ends while the game is still on");
        return -1;
    }
    if (!cJSON_IsString(end) || strcmp(end->valuestring, rgame_end_name(g.end)) != 0 ||
        int_member(res, "turns", 0, 100000000) != g.turns) {
        snprintf(why, whylen, "the game ends by \"%s\" after %d turns, not as recorded", rgame_end_name(g.end), g.turns);
        return -1;
    }
    for (int p = 0; p < r->players; p++) {
        const cJSON *k = cJSON_GetArrayItem(rank, p), *o = cJSON_GetArrayItem(outcome, p);
        if (!cJSON_IsNumber(k) || k->valuedouble != g.rank[p] || !cJSON_IsString(o) ||
            strcmp(o->valuestring, rgame_outcome_name(g.outcome[p])) != 0) {
            snprintf(why, whylen, "seat %d: rank %d, %s, not as recorded", p, g.rank[p],
                     rgame_outcome_name(g.outcome[p]));
            return -1;
        }
        /* A total holds every turn's figure (and the seat's OpponentMove
        ** calls besides); a nanosecond's slack for the sums' rounding. */
        total[p] = cpu ? seconds(cJSON_GetArrayItem(cpu, p)) : r->cpu[p];
        if (total[p] < 0 || total[p] + 1e-9 + 1e-9 * total[p] < r->cpu[p]) {
            snprintf(why, whylen, "seat %d: its CPU total is not a number of seconds covering its turns' %.6f s", p,
                     r->cpu[p]);
            return -1;
        }
    }
    if (rrecord_result(r->canon, &g, r->players, r->out, total) != 0)
        return no_memory(why, whylen);
    as_given(cJSON_GetObjectItemCaseSensitive(r->canon, "result"), res, "out");
    as_given(cJSON_GetObjectItemCaseSensitive(r->canon, "result"), res, "cpu");
    return 0;
}

/* Names the first field of rec that is not the record-to-be's. */
static void first_difference(const cJSON *rec, const cJSON *canon, char *why, size_t whylen)
{
    const cJSON *a, *b = cJSON_GetObjectItemCaseSensitive(rec, "moves")->child;
    int i = 0;

    cJSON_ArrayForEach(a, rec)
        if (!cJSON_GetObjectItemCaseSensitive(canon, a->string)) {
            snprintf(why, whylen, "\"%s\" is not a field of a game record", a->string);
            return;
        }
    cJSON_ArrayForEach(a, cJSON_GetObjectItemCaseSensitive(canon, "moves")) {
        if (!cJSON_Compare(a, b, 1)) {
            snprintf(why, whylen, "turn %d is not what the referee records for it (its fields, its path)", i);
            return;
        }
        b = b->next;            /* as many turns as the record's: each one was played */
        i++;
    }
    cJSON_ArrayForEach(a, canon)
        if (!cJSON_Compare(a, cJSON_GetObjectItemCaseSensitive(rec, a->string), 1)) {
            snprintf(why, whylen, "\"%s\" is not what replaying the moves gives", a->string);
            return;
        }
    snprintf(why, whylen, "the record is not what replaying its moves gives");
}

/* Whether every number of `a` is exactly its place's in `b`, a tree
** cJSON_Compare() found equal: it takes numbers within a relative
** DBL_EPSILON as equal, and infinity (a "1e999" read) as equal to any
** number, so a path [[10, 0], [1e999, 0]] passed for [[10, 0], [9, 0]]. */
static int same_numbers(const cJSON *a, const cJSON *b)
{
    if (cJSON_IsNumber(a))
        return a->valuedouble == b->valuedouble;
    for (const cJSON *x = a->child, *y = b->child; x && y; x = x->next, y = y->next) {
        const cJSON *mate = cJSON_IsObject(a) ? cJSON_GetObjectItemCaseSensitive(b, x->string) : y;
        if (!mate || !same_numbers(x, mate))
            return 0;
    }
    return 1;
}

int rrecord_replay(const cJSON *rec, char *why, size_t whylen)
{
    struct replay r = {0};
    int i = 0, status = 0;
    const cJSON *moves = cJSON_GetObjectItemCaseSensitive(rec, "moves"), *t;
    const char *dup = twice(rec);

    if (dup) {
        snprintf(why, whylen, "the key \"%.60s\" appears twice in one object, or past its %d fields", dup,
                 MAX_FIELDS);
        return -1;
    }
    status = start(&r, rec, why, whylen);
    if (status == 0 && !cJSON_IsArray(moves)) {
        snprintf(why, whylen, "the record has no moves");
        status = -1;
    }
    const cJSON *turns = status == 0 ? moves : NULL;
    cJSON_ArrayForEach(t, turns)
        if ((status = play_turn(&r, t, i++, why, whylen)) != 0)
            break;
    if (status == 0)
        status = same_result(&r, rec, why, whylen);
    if (status == 0 && (!cJSON_Compare(rec, r.canon, 1) || !same_numbers(rec, r.canon))) {
        first_difference(rec, r.canon, why, whylen);
        status = -1;
    }
    rgame_free(r.g);
    cJSON_Delete(r.canon);
    free(r.path);
    return status;
}
