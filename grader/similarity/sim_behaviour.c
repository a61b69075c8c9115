/*
** sim_behaviour.c -- behaviour evidence, beside the code's: pairs of
** students whose programs went wrong in the same way.
**
** Grading left each student's report in CLASS_DIR/ID/result.json.  Every
** test of it that did not pass (categories "build" and "style" aside: a
** build log or a warning says little) gives a signature: the hash of the
** test's name, status, output (what grading showed of the wrong output:
** the differing line and its context), move and boards.  Two programs
** that print byte-identical wrong output, or crash at the same move, in
** the same session share that signature.  The weight of a shared
** signature is ln(R / H), R the students with a report and H those
** holding it: a mistake half the class makes weighs little, one only two
** students make weighs most.  A signature held by at most
** max(2, 5% of R) students is rare; a pair sharing a rare one is flagged
** for its behaviour -- shown beside the code's similarity, never added to
** it.  A student without a readable result.json, or from an earlier term,
** has no behaviour.
*/
#define _XOPEN_SOURCE 700
#include "similarity.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#define MAX_RESULT_BYTES ((size_t)64 << 20)

struct sig {
    uint64_t hash;
    uint32_t sub;
};

static uint64_t fnv64(uint64_t h, const char *s)
{
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull;   /* a field separator */
}

static const char *field(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* The parsed CLASS_DIR/ID/result.json, or NULL. */
static cJSON *read_result(const char *outdir, const char *id)
{
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/%s/result.json", outdir, id) >= sizeof path)
        return NULL;
    FILE *f = fopen(path, "rb");
    long size = -1;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0)
        size = ftell(f);
    if (size < 0 || (size_t)size > MAX_RESULT_BYTES || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;   /* unreadable, or no grader wrote that much */
    }
    char *text = sim_alloc(NULL, (size_t)size + 1);
    size_t n = fread(text, 1, (size_t)size, f);
    fclose(f);
    text[n] = '\0';
    cJSON *root = cJSON_Parse(text);
    free(text);
    return root;
}

/* Appends student i's signatures; returns whether it had a report. */
static int signatures(const char *outdir, const struct sim_submission *s, uint32_t i,
                      struct sig **sigs, size_t *n)
{
    if (s->earlier)
        return 0;   /* graded in another term's folder */
    cJSON *root = read_result(outdir, s->id);
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(root, "tests"), *t;
    if (!cJSON_IsArray(tests)) {
        cJSON_Delete(root);
        return 0;
    }
    cJSON_ArrayForEach(t, tests) {
        const char *status = field(t, "status"), *category = field(t, "category");
        if (!strcmp(status, "passed") || !strcmp(status, "skipped")
            || !strcmp(category, "build") || !strcmp(category, "style"))
            continue;
        uint64_t h = 0xcbf29ce484222325ull;
        h = fnv64(h, field(t, "name"));
        h = fnv64(h, status);
        h = fnv64(h, field(t, "output"));
        h = fnv64(h, field(t, "move"));
        h = fnv64(h, field(t, "actual_board"));
        *sigs = sim_alloc(*sigs, (*n + 1) * sizeof **sigs);
        (*sigs)[(*n)++] = (struct sig){ h, i };
    }
    cJSON_Delete(root);
    return 1;
}

static int by_sig(const void *x, const void *y)
{
    const struct sig *a = x, *b = y;
    if (a->hash != b->hash)
        return (a->hash > b->hash) - (a->hash < b->hash);
    return (a->sub > b->sub) - (a->sub < b->sub);
}

/* Where each pair (a, b) is in c->pairs (a triangular array, -1: not
** reported), so that a signature half the class shares costs one step
** per pair. */
static int32_t *slots;

/* The pair (a, b) among the reported ones, appended when `add` and
** missing; NULL when missing and not added. */
static struct sim_pair *pair_of(struct sim_class *c, uint32_t a, uint32_t b, int add)
{
    int32_t *slot = &slots[sim_pair_slot(c->n, a, b)];
    if (*slot >= 0)
        return &c->pairs[*slot];
    if (!add)
        return NULL;
    *slot = (int32_t)c->npairs;
    c->pairs = sim_alloc(c->pairs, (c->npairs + 1) * sizeof *c->pairs);
    struct sim_pair *p = &c->pairs[c->npairs++];
    memset(p, 0, sizeof *p);
    p->a = a, p->b = b;
    const struct sim_submission *x = &c->s[a], *y = &c->s[b];
    for (size_t i = 0, j = 0; i < x->nfp && j < y->nfp;)
        if (x->fp[i].hash == y->fp[j].hash)
            p->shared++, i++, j++;
        else if (x->fp[i].hash < y->fp[j].hash)
            i++;
        else
            j++;
    if (x->nfp + y->nfp)
        p->similarity = 2.0 * p->shared / (double)(x->nfp + y->nfp);
    return p;
}

/* Adds one shared signature of `holders` students to every pair that
** shares a rare one; others only to pairs reported already. */
static void share(struct sim_class *c, const struct sig *g, size_t holders, size_t rare_cap)
{
    double weight = log((double)c->behaviour_students / (double)holders);
    for (size_t x = 0; x < holders; x++)
        for (size_t y = x + 1; y < holders; y++) {
            struct sim_pair *p = pair_of(c, g[x].sub, g[y].sub, holders <= rare_cap);
            if (!p)
                continue;
            p->same_wrong++;
            p->rare_wrong += holders <= rare_cap;
            p->behaviour_weight += weight;
        }
}

void sim_behaviour(struct sim_class *c, const char *outdir)
{
    struct sig *sigs = NULL;
    size_t n = 0, npairs = c->n > 1 ? c->n * (c->n - 1) / 2 : 1;
    slots = sim_alloc(NULL, npairs * sizeof *slots);
    memset(slots, 0xff, npairs * sizeof *slots);
    for (size_t i = 0; i < c->npairs; i++)
        slots[sim_pair_slot(c->n, c->pairs[i].a, c->pairs[i].b)] = (int32_t)i;
    for (size_t i = 0; i < c->n; i++)
        c->behaviour_students += signatures(outdir, &c->s[i], (uint32_t)i, &sigs, &n);
    qsort(sigs, n, sizeof *sigs, by_sig);
    size_t kept = 0;   /* one signature per student */
    for (size_t i = 0; i < n; i++)
        if (!kept || sigs[kept - 1].hash != sigs[i].hash || sigs[kept - 1].sub != sigs[i].sub)
            sigs[kept++] = sigs[i];
    double cap = ceil(0.05 * (double)c->behaviour_students);
    c->rare_cap = cap > 2 ? (size_t)cap : 2;
    for (size_t from = 0, to; from < kept; from = to) {
        for (to = from + 1; to < kept && sigs[to].hash == sigs[from].hash;)
            to++;
        if (to - from >= 2)
            share(c, sigs + from, to - from, c->rare_cap);
    }
    free(sigs);
    free(slots);
    slots = NULL;
}
