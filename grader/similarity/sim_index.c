/*
** sim_index.c -- from fingerprints to pairs: the base code subtracted,
** fragments common to the class ignored, pairs counted through an
** inverted index.
**
** The index is every (fingerprint, submission) entry of the class sorted
** by fingerprint: each run of equal fingerprints is the list of
** submissions holding it.  A run longer than c->common_cap is a common
** fragment: dropped from every holder (and counted).  Any shorter run adds
** one to the shared count of each pair in it.  Work: O(F log F) for F
** fingerprints in the class, plus one step per pair that truly shares a
** fingerprint -- never a comparison of every pair's tokens.  The pair
** counts are one triangular array of n(n-1)/2 counters (300 students:
** 180 KB; 3000: 18 MB).
*/
#include "similarity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    uint64_t hash;
    uint32_t sub;
};

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_fp(const void *a, const void *b)
{
    const struct sim_fingerprint *x = a, *y = b;
    if (x->hash != y->hash)
        return (x->hash > y->hash) - (x->hash < y->hash);
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static int cmp_entry(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->hash != y->hash)
        return (x->hash > y->hash) - (x->hash < y->hash);
    return (x->sub > y->sub) - (x->sub < y->sub);
}

static int in_sorted(const uint64_t *set, size_t n, uint64_t h)
{
    return n && bsearch(&h, set, n, sizeof *set, cmp_u64) != NULL;
}

/* Every k-gram of the base code, sorted, duplicates kept (harmless). */
void sim_index_base(struct sim_class *c, const struct sim_submission *base)
{
    size_t n;
    struct sim_fingerprint *g = sim_kgrams(base, c->opt.k, &n);
    c->base_hashes = sim_alloc(NULL, (n + 1) * sizeof *c->base_hashes);
    for (size_t i = 0; i < n; i++)
        c->base_hashes[i] = g[i].hash;
    qsort(c->base_hashes, n, sizeof *c->base_hashes, cmp_u64);
    c->nbase = n;
    free(g);
}

/* Marks s's tokens inside base k-grams, winnows, drops base fingerprints
** and leaves the rest sorted by hash, one per hash. */
void sim_index_prepare(const struct sim_class *c, struct sim_submission *s)
{
    size_t n, k = (size_t)c->opt.k;
    struct sim_fingerprint *g = sim_kgrams(s, c->opt.k, &n);
    s->base = sim_alloc(NULL, s->ntok + 1);
    memset(s->base, 0, s->ntok + 1);
    for (size_t i = 0; i < n; i++)
        if (in_sorted(c->base_hashes, c->nbase, g[i].hash))
            memset(s->base + g[i].pos, 1, k);
    free(g);
    s->own_tokens = 0;
    for (size_t i = 0; i < s->ntok; i++)
        s->own_tokens += !s->base[i];
    sim_winnow(s, c->opt.k, c->opt.w);
    size_t kept = 0;
    for (size_t i = 0; i < s->nfp; i++)
        if (in_sorted(c->base_hashes, c->nbase, s->fp[i].hash))
            s->removed_base++;
        else
            s->fp[kept++] = s->fp[i];
    qsort(s->fp, kept, sizeof *s->fp, cmp_fp);
    s->nfp = 0;
    for (size_t i = 0; i < kept; i++)
        if (s->nfp == 0 || s->fp[s->nfp - 1].hash != s->fp[i].hash)
            s->fp[s->nfp++] = s->fp[i];
}

size_t sim_pair_slot(size_t n, size_t a, size_t b)
{
    return a * (2 * n - a - 1) / 2 + (b - a - 1);
}

/* Drops the common hashes (sorted) from s's fingerprints. */
static void drop_common(struct sim_submission *s, const uint64_t *common, size_t ncommon)
{
    size_t kept = 0;
    for (size_t i = 0; i < s->nfp; i++)
        if (in_sorted(common, ncommon, s->fp[i].hash))
            s->removed_common++;
        else
            s->fp[kept++] = s->fp[i];
    s->nfp = kept;
}

/* Builds the index, counts pairs into `count`, and drops common
** fragments. */
static void count_pairs(struct sim_class *c, uint32_t *count)
{
    size_t total = 0, ne = 0, ncommon = 0;
    for (size_t i = 0; i < c->n; i++)
        total += c->s[i].nfp;
    struct entry *e = sim_alloc(NULL, (total + 1) * sizeof *e);
    uint64_t *common = sim_alloc(NULL, (total + 1) * sizeof *common);
    for (size_t i = 0; i < c->n; i++)
        for (size_t j = 0; j < c->s[i].nfp; j++)
            e[ne++] = (struct entry){ c->s[i].fp[j].hash, (uint32_t)i };
    qsort(e, ne, sizeof *e, cmp_entry);
    for (size_t from = 0, to; from < ne; from = to) {
        for (to = from + 1; to < ne && e[to].hash == e[from].hash;)
            to++;
        if (to - from > c->common_cap) {
            common[ncommon++] = e[from].hash;
            continue;
        }
        for (size_t x = from; x < to; x++)
            for (size_t y = x + 1; y < to; y++)
                count[sim_pair_slot(c->n, e[x].sub, e[y].sub)]++;
    }
    free(e);
    for (size_t i = 0; i < c->n; i++)
        drop_common(&c->s[i], common, ncommon);
    free(common);
}

static int by_similarity(const void *a, const void *b)
{
    const struct sim_pair *x = a, *y = b;
    if (x->similarity != y->similarity)
        return x->similarity < y->similarity ? 1 : -1;
    if (x->a != y->a)
        return x->a < y->a ? -1 : 1;
    return (x->b > y->b) - (x->b < y->b);
}

/* The reported pairs, best first. */
static void collect_pairs(struct sim_class *c, const uint32_t *count)
{
    size_t cap = 64;
    c->pairs = sim_alloc(NULL, cap * sizeof *c->pairs);
    for (size_t a = 0; a < c->n; a++)
        for (size_t b = a + 1; b < c->n; b++) {
            uint32_t shared = count[sim_pair_slot(c->n, a, b)];
            size_t sum = c->s[a].nfp + c->s[b].nfp;
            double sim = sum ? 2.0 * shared / (double)sum : 0;
            if (shared == 0 || sim < SIM_REPORT_FLOOR || (c->s[a].earlier && c->s[b].earlier))
                continue;
            if (c->npairs == cap)
                c->pairs = sim_alloc(c->pairs, (cap *= 2) * sizeof *c->pairs);
            c->pairs[c->npairs++] = (struct sim_pair){
                .a = (uint32_t)a, .b = (uint32_t)b, .shared = shared, .similarity = sim,
                .flagged = sim >= c->opt.threshold && shared >= SIM_MIN_SHARED };
        }
    qsort(c->pairs, c->npairs, sizeof *c->pairs, by_similarity);
    if (c->npairs > SIM_MAX_REPORTED)
        c->npairs = SIM_MAX_REPORTED;
}

int sim_index_build(struct sim_class *c)
{
    double cap = ceil(c->opt.share * (double)c->n);
    c->common_cap = cap > SIM_COMMON_FLOOR ? (size_t)cap : SIM_COMMON_FLOOR;
    size_t npairs = c->n > 1 ? c->n * (c->n - 1) / 2 : 1;
    uint32_t *count = calloc(npairs, sizeof *count);
    if (!count)
        return -1;
    count_pairs(c, count);
    collect_pairs(c, count);
    free(count);
    return 0;
}
