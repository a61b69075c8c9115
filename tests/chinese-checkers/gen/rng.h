/*
** rng.h -- the seeded random stream of the session generator.
**
** splitmix64 (Steele, Lea and Flood's generator, as used to seed the
** xoshiro family): one 64-bit state, advanced by a constant and mixed.
** It is tiny, has no bad seeds, and gives the same numbers on every
** platform, which rand() does not promise -- a generated session must be
** reproducible from its command line alone.
*/
#ifndef RNG_H
#define RNG_H

#include <stdint.h>

struct rng { uint64_t state; };

/* A stream for `seed`; every seed, 0 included, is fine. */
struct rng rng_seed(uint64_t seed);

/* The next 64 random bits. */
uint64_t rng_next(struct rng *r);

/* A number in 0..n-1, for n >= 1 (uniform up to a bias of n / 2^64). */
uint64_t rng_below(struct rng *r, uint64_t n);

/* 1 with probability num/den, else 0 (0 < den). */
int rng_chance(struct rng *r, int num, int den);

#endif /* RNG_H */
