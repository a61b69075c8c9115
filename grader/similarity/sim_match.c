/*
** sim_match.c -- a reported pair's matched regions, grown from the
** fingerprints the two sides share.
**
** Each shared fingerprint names a k-gram of side A and one of side B.
** The two are checked token for token (a hash collision gives no
** region), then grown backwards and forwards while the normalised tokens
** agree, neither side leaves its file and neither enters base code.  A
** fingerprint whose k-gram on side A already lies in a region adds
** nothing, so A's regions never overlap (B's may: two places of A matching
** one of B).  Each side's share is its own tokens (base code excluded)
** covered by regions over all its own tokens; the longest run is the
** longest region, in tokens.
*/
#include "similarity.h"

#include <stdlib.h>
#include <string.h>

/* Whether a[i] and b[j] are the same token for matching purposes. */
static int agree(const struct sim_submission *a, size_t i,
                 const struct sim_submission *b, size_t j)
{
    return a->tok[i].sym == b->tok[j].sym && !a->base[i] && !b->base[j];
}

/* The region grown from the k-gram pair (pa, pb); 0 when they differ. */
static int grow(const struct sim_submission *a, const struct sim_submission *b,
                size_t pa, size_t pb, size_t k, struct sim_region *r)
{
    for (size_t i = 0; i < k; i++)
        if (a->tok[pa + i].sym != b->tok[pb + i].sym)
            return 0;
    size_t fa = pa, fb = pb, ta = pa + k, tb = pb + k;
    while (fa > 0 && fb > 0 && a->tok[fa - 1].file == a->tok[pa].file
           && b->tok[fb - 1].file == b->tok[pb].file && agree(a, fa - 1, b, fb - 1))
        fa--, fb--;
    while (ta < a->ntok && tb < b->ntok && a->tok[ta].file == a->tok[pa].file
           && b->tok[tb].file == b->tok[pb].file && agree(a, ta, b, tb))
        ta++, tb++;
    *r = (struct sim_region){ (uint32_t)fa, (uint32_t)ta, (uint32_t)fb, (uint32_t)tb };
    return 1;
}

static void add_region(struct sim_pair *p, const struct sim_region *r, unsigned char *in_a)
{
    p->regions = sim_alloc(p->regions, (p->nregions + 1) * sizeof *p->regions);
    p->regions[p->nregions++] = *r;
    memset(in_a + r->a_from, 1, r->a_to - r->a_from);
    if (r->a_to - r->a_from > p->longest)
        p->longest = r->a_to - r->a_from;
}

/* Own tokens of s marked in `in` over its own tokens. */
static double share(const struct sim_submission *s, const unsigned char *in)
{
    size_t covered = 0;
    for (size_t i = 0; i < s->ntok; i++)
        covered += in[i] && !s->base[i];
    return s->own_tokens ? (double)covered / (double)s->own_tokens : 0;
}

static int by_a(const void *x, const void *y)
{
    const struct sim_region *r = x, *q = y;
    return (r->a_from > q->a_from) - (r->a_from < q->a_from);
}

void sim_match(const struct sim_class *c, struct sim_pair *p)
{
    const struct sim_submission *a = &c->s[p->a], *b = &c->s[p->b];
    unsigned char *in_a = sim_alloc(NULL, a->ntok + 1), *in_b = sim_alloc(NULL, b->ntok + 1);
    memset(in_a, 0, a->ntok + 1);
    memset(in_b, 0, b->ntok + 1);
    for (size_t i = 0, j = 0; i < a->nfp && j < b->nfp;) {
        if (a->fp[i].hash < b->fp[j].hash)
            i++;
        else if (a->fp[i].hash > b->fp[j].hash)
            j++;
        else {
            struct sim_region r;
            if (!in_a[a->fp[i].pos] && grow(a, b, a->fp[i].pos, b->fp[j].pos, (size_t)c->opt.k, &r)) {
                add_region(p, &r, in_a);
                memset(in_b + r.b_from, 1, r.b_to - r.b_from);
            }
            i++, j++;
        }
    }
    qsort(p->regions, p->nregions, sizeof *p->regions, by_a);
    p->share_a = share(a, in_a);
    p->share_b = share(b, in_b);
    free(in_a);
    free(in_b);
}
