/*
** rng.c -- splitmix64, the generator's only source of randomness.
** See rng.h for why it is not rand().
*/
#include "rng.h"

struct rng rng_seed(uint64_t seed)
{
    struct rng r = {seed};
    return r;
}

uint64_t rng_next(struct rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
    return rng_next(r) % n;
}

int rng_chance(struct rng *r, int num, int den)
{
    return rng_below(r, (uint64_t)den) < (uint64_t)num;
}
