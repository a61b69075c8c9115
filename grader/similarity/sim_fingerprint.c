/*
** sim_fingerprint.c -- k-gram hashes and winnowing (Schleimer, Wilkerson
** and Aiken, "Winnowing: local algorithms for document fingerprinting",
** SIGMOD 2003).
**
** A k-gram's hash is the polynomial sum of its K token symbols (a rolling
** hash: one multiply and two adds per step), then mixed so that the order
** of hashes looks random to the winnowing.  K-grams never cross from one
** file of a submission into the next: files are taken in path order,
** which a student may choose freely, so no match may depend on it.
**
** Winnowing keeps, from each window of W consecutive k-grams, the one of
** smallest hash (the rightmost of equals), recording it once however
** many windows choose it.  Two guarantees follow: every shared run of at
** least K + W - 1 tokens gives both sides a common fingerprint, and no
** run of fewer than K tokens does.  A file shorter than K + W - 1 tokens
** (but at least K) still gives one fingerprint, its smallest k-gram.
*/
#include "similarity.h"

#include <stdlib.h>

#define BASE 0x100000001b3ull   /* odd: the polynomial's base */

/* A 64-bit finaliser (from splitmix64): spreads the polynomial's bits. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Calls each(hash, first_token) for every k-gram of the file whose tokens
** are tok[from, to). */
static void each_kgram(const struct sim_token *tok, size_t from, size_t to, int k,
                       void (*each)(uint64_t, size_t, void *), void *arg)
{
    if (to - from < (size_t)k)
        return;
    uint64_t top = 1, h = 0;
    for (int j = 1; j < k; j++)
        top *= BASE;
    for (size_t i = from; i < from + (size_t)k; i++)
        h = h * BASE + tok[i].sym;
    for (size_t i = from;; i++) {
        each(mix(h), i, arg);
        if (i + (size_t)k >= to)
            break;
        h = (h - tok[i].sym * top) * BASE + tok[i + (size_t)k].sym;
    }
}

/* Calls each_kgram on every file's run of tokens. */
static void each_file_kgram(const struct sim_submission *s, int k,
                            void (*each)(uint64_t, size_t, void *), void *arg)
{
    size_t from = 0;
    for (size_t i = 1; i <= s->ntok; i++)
        if (i == s->ntok || s->tok[i].file != s->tok[from].file) {
            each_kgram(s->tok, from, i, k, each, arg);
            from = i;
        }
}

struct grams {
    struct sim_fingerprint *g;
    size_t n;
};

static void add_gram(uint64_t hash, size_t pos, void *arg)
{
    struct grams *gs = arg;
    gs->g[gs->n++] = (struct sim_fingerprint){ hash, (uint32_t)pos };
}

/* Every k-gram of s, in token order; gs->n of them. */
static void all_grams(const struct sim_submission *s, int k, struct grams *gs)
{
    gs->g = sim_alloc(NULL, (s->ntok + 1) * sizeof *gs->g);
    gs->n = 0;
    each_file_kgram(s, k, add_gram, gs);
}

struct sim_fingerprint *sim_kgrams(const struct sim_submission *s, int k, size_t *n)
{
    struct grams gs;
    all_grams(s, k, &gs);
    *n = gs.n;
    return gs.g;
}

/* Winnows the k-grams g[from, to) of one file into s->fp. */
static void winnow_file(struct sim_submission *s, const struct sim_fingerprint *g,
                        size_t from, size_t to, int w)
{
    size_t window = (size_t)w, last = (size_t)-1;
    if (to - from < window)
        window = to - from;
    for (size_t start = from; start + window <= to; start++) {
        size_t best = start;
        for (size_t i = start + 1; i < start + window; i++)
            if (g[i].hash <= g[best].hash)
                best = i;
        if (best != last)
            s->fp[s->nfp++] = g[best];
        last = best;
    }
}

void sim_winnow(struct sim_submission *s, int k, int w)
{
    struct grams gs;
    all_grams(s, k, &gs);
    s->fp = sim_alloc(s->fp, (gs.n + 1) * sizeof *s->fp);
    s->nfp = 0;
    size_t from = 0;
    for (size_t i = 1; i <= gs.n; i++)
        if (i == gs.n || s->tok[gs.g[i].pos].file != s->tok[gs.g[from].pos].file) {
            winnow_file(s, gs.g, from, i, w);
            from = i;
        }
    s->nfp_winnowed = s->nfp;
    free(gs.g);
}
