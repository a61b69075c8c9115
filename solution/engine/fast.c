/*
** fast.c -- bitset move generation for small boards (fast.h).
**
** Theory of operation.  reach_*() lift the piece off `from` (clear its bit
** in the occupancy), then flood: every cell taken from `todo` tries all its
** directions at once against the occupancy -- a hop lands when its over
** cell is occupied and its landing is neither occupied nor visited.  The
** landings join `visited` and `todo`.  So a chain never revisits a cell
** (its start is visited from the outset) and each destination is found
** once however many chains lead to it.  The steps are near[from] less the
** occupancy; the destinations are the visited cells and the steps, less
** `from`.
**
** Two ways to try a cell's directions:
**   pext   gather the occupancy under the cell's over-mask into a pattern
**          a (bit j: the j-th over cell is occupied), gather occupied-or-
**          visited under its land-mask into b; a & ~b has bit j set when
**          the j-th hop lands, and pdep scatters it onto the landings.
**          This needs the j-th over cell and the j-th landing to belong to
**          the same direction: eg_fast_new() checks it (aligned()).
**          Worked example, a star cell with hops E and SE only, over cells
**          10 < 20, landings 11 < 31, 10 occupied, 31 empty: a = 0b01,
**          b = 0b00, a & ~b = 0b01, pdep(0b01, {11, 31}) = {11}.
**   loop   for each direction, test the over bit and the landing bit; the
**          landing's word is chosen by a mask so that nothing is stored to
**          memory inside the loop.
** The word count W (1, 2 or 4) and direction count D (6 or 8) are
** constants in each copy the compiler makes (ALWAYS_INLINE), so the loops
** over words and directions unroll and the bitsets stay in registers.
*/
#include "fast.h"

#include <stdlib.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define HAVE_PEXT 1
#define TARGET_BMI2 __attribute__((target("bmi2,popcnt")))
#else
#define HAVE_PEXT 0
#define TARGET_BMI2
#endif

#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#define BIT(c) (UINT64_C(1) << ((c) & 63))

/* Word i of the set {c}: BIT(c) when c lies in word i, else 0. */
#define WORD_BIT(c, i) ((c) >> 6 == (i) ? BIT(c) : 0)

/* Loops over the W words or D directions, unrolled so that every bitset
** word is a register: an array indexed by a variable would go through
** memory, and a one-word store read back as two words stalls the
** processor. */
#define EACH_WORD(i) _Pragma("GCC unroll 4") for (int i = 0; i < W; i++)
#define EACH_DIR(d) _Pragma("GCC unroll 8") for (int d = 0; d < D; d++)

/* 1 when the processor has BMI2 and popcnt (the pext paths). */
static int cpu_has_bmi2(void)
{
#if HAVE_PEXT
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}

/* 1 if, on cell c, the directions with a landing, listed by increasing
** over cell, have increasing landings too (the pext path's premise). */
static int aligned(const eg_fast_cell *t, int dirs)
{
    for (int d = 0; d < dirs; d++)
        for (int e = 0; e < dirs; e++)
            if (t->land[d] != t->over[d] && t->land[e] != t->over[e]
                && t->over[d] < t->over[e] && t->land[d] >= t->land[e])
                return 0;
    return 1;
}

/* Fills the pext masks of cell c; returns 0 if c is not aligned. */
static int fill_masks(eg_fast *f, int c)
{
    const eg_fast_cell *t = &f->cell[c];
    uint64_t *over = f->mask + (size_t)(2 * c) * (size_t)f->words, *land = over + f->words;
    uint8_t *shift = f->shift + (size_t)(2 * c) * (size_t)f->words;

    for (int d = 0; d < f->dirs; d++)
        if (t->land[d] != t->over[d]) {
            over[t->over[d] / 64] |= BIT(t->over[d]);
            land[t->land[d] / 64] |= BIT(t->land[d]);
        }
    for (int i = 1; i < f->words; i++) {
        shift[i] = (uint8_t)(shift[i - 1] + __builtin_popcountll(over[i - 1]));
        shift[f->words + i] = (uint8_t)(shift[f->words + i - 1] + __builtin_popcountll(land[i - 1]));
    }
    return aligned(t, f->dirs);
}

/* The loop tables of cell c (fast.h: "no hop" points at c itself). */
static void fill_cell(eg_fast *f, int c, const int32_t *next, const int8_t *turn)
{
    for (int d = 0; d < EG_FAST_DIRS; d++) {
        int over = d < f->dirs ? next[c * f->dirs + d] : -1;
        int land = over < 0 ? -1 : next[over * f->dirs + turn[c * f->dirs + d]];
        f->cell[c].over[d] = (uint8_t)(land < 0 ? c : over);
        f->cell[c].land[d] = (uint8_t)(land < 0 ? c : land);
        if (over >= 0)
            f->near[c * f->words + over / 64] |= BIT(over);
    }
}

eg_fast *eg_fast_new(int cells, int dirs, const int32_t *next, const int8_t *turn)
{
    if (cells < 1 || cells > EG_FAST_CELLS || (dirs != 6 && dirs != 8))
        return NULL;
    eg_fast *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->words = cells <= 64 ? 1 : cells <= 128 ? 2 : 4;
    f->dirs = dirs;
    size_t n = (size_t)cells * (size_t)f->words;
    f->cell = calloc((size_t)cells, sizeof *f->cell);
    f->near = calloc(n, sizeof *f->near);
    f->mask = calloc(2 * n, sizeof *f->mask);
    f->shift = calloc(2 * n, sizeof *f->shift);
    if (!f->cell || !f->near || !f->mask || !f->shift) {
        eg_fast_free(f);
        return NULL;
    }
    f->pext = cpu_has_bmi2();
    for (int c = 0; c < cells; c++) {
        fill_cell(f, c, next, turn);
        f->pext &= fill_masks(f, c);
    }
    return f;
}

void eg_fast_free(eg_fast *f)
{
    if (!f)
        return;
    free(f->cell);
    free(f->near);
    free(f->mask);
    free(f->shift);
    free(f);
}

static ALWAYS_INLINE uint64_t bit_of(const uint64_t *set, int c)
{
    return (set[c >> 6] >> (c & 63)) & 1;
}

/* Takes the lowest cell out of todo[]; -1 when it is empty. */
static ALWAYS_INLINE int take(uint64_t *todo, const int W)
{
    EACH_WORD(i)
        if (todo[i]) {
            int c = i * 64 + __builtin_ctzll(todo[i]);
            todo[i] &= todo[i] - 1;
            return c;
        }
    return -1;
}

/* The flood's start: the piece lifted off `from`, which alone is visited. */
static ALWAYS_INLINE void lift(const uint64_t *occ_in, int from, uint64_t *occ, uint64_t *visited,
                               uint64_t *todo, const int W)
{
    EACH_WORD(i) {
        visited[i] = WORD_BIT(from, i);
        occ[i] = occ_in[i] & ~visited[i];
        todo[i] = 0;
    }
}

/* Sets dest[] to the destinations: the visited cells and the steps, less
** `from` (occ has from's bit clear already). */
static ALWAYS_INLINE void finish(const eg_fast *f, const uint64_t *occ, const uint64_t *visited, int from,
                                 uint64_t *dest, const int W)
{
    EACH_WORD(i)
        dest[i] = (visited[i] & ~WORD_BIT(from, i)) | (f->near[from * W + i] & ~occ[i]);
}

/* The loop path: dest[] = every cell the piece on `from` reaches;
** visited[] = the cells its chains stood on, `from` included. */
static ALWAYS_INLINE void reach_loop(const eg_fast *f, const uint64_t *occ_in, int from,
                                     uint64_t *dest, uint64_t *visited, const int W, const int D)
{
    uint64_t occ[EG_FAST_WORDS], todo[EG_FAST_WORDS];

    lift(occ_in, from, occ, visited, todo, W);
    for (int c = from; c >= 0; c = take(todo, W)) {
        const eg_fast_cell *t = &f->cell[c];
        uint64_t blocked[EG_FAST_WORDS], landed[EG_FAST_WORDS];
        EACH_WORD(i)
            blocked[i] = occ[i] | visited[i], landed[i] = 0;
        EACH_DIR(d) {
            int land = t->land[d];
            uint64_t hop = (bit_of(occ, t->over[d]) & ~bit_of(blocked, land)) << (land & 63);
            EACH_WORD(i)
                landed[i] |= (land >> 6) == i ? hop : 0;
        }
        EACH_WORD(i)
            visited[i] |= landed[i], todo[i] |= landed[i];
    }
    finish(f, occ, visited, from, dest, W);
}

#if HAVE_PEXT
/* The pext path: the same result as reach_loop(). */
static ALWAYS_INLINE TARGET_BMI2 void reach_pext(const eg_fast *f, const uint64_t *occ_in, int from,
                                                 uint64_t *dest, uint64_t *visited, const int W)
{
    uint64_t occ[EG_FAST_WORDS], todo[EG_FAST_WORDS];

    lift(occ_in, from, occ, visited, todo, W);
    for (int c = from; c >= 0; c = take(todo, W)) {
        const uint64_t *over = f->mask + (size_t)(2 * c * W), *land = over + W;
        const uint8_t *shift = f->shift + 2 * c * W;
        uint64_t a = 0, b = 0;
        EACH_WORD(i) {
            a |= _pext_u64(occ[i], over[i]) << shift[i];
            b |= _pext_u64(occ[i] | visited[i], land[i]) << shift[W + i];
        }
        uint64_t hops = a & ~b;
        EACH_WORD(i) {
            uint64_t landed = _pdep_u64(hops >> shift[W + i], land[i]);
            visited[i] |= landed, todo[i] |= landed;
        }
    }
    finish(f, occ, visited, from, dest, W);
}

static ALWAYS_INLINE TARGET_BMI2 int count_pext(const eg_fast *f, const uint64_t *occ, int from, const int W)
{
    uint64_t dest[EG_FAST_WORDS], visited[EG_FAST_WORDS];
    int n = 0;

    reach_pext(f, occ, from, dest, visited, W);
    EACH_WORD(i)
        n += __builtin_popcountll(dest[i]);
    return n;
}

/* The pext path's count over a list of pieces, one copy per word count. */
static TARGET_BMI2 long count_pext_all(const eg_fast *f, const uint64_t *occ, const int32_t *from, int n)
{
    long total = 0;

    switch (f->words) {
    case 1: for (int i = 0; i < n; i++) total += count_pext(f, occ, from[i], 1); break;
    case 2: for (int i = 0; i < n; i++) total += count_pext(f, occ, from[i], 2); break;
    default: for (int i = 0; i < n; i++) total += count_pext(f, occ, from[i], 4); break;
    }
    return total;
}

static TARGET_BMI2 void reach_pext_any(const eg_fast *f, const uint64_t *occ, int from, uint64_t *dest,
                                       uint64_t *visited)
{
    switch (f->words) {
    case 1: reach_pext(f, occ, from, dest, visited, 1); break;
    case 2: reach_pext(f, occ, from, dest, visited, 2); break;
    default: reach_pext(f, occ, from, dest, visited, 4); break;
    }
}
#endif

/* One case per (words, directions) of the loop path. */
static void reach_loop_any(const eg_fast *f, const uint64_t *occ, int from, uint64_t *dest,
                           uint64_t *visited)
{
    switch (f->words * 10 + f->dirs) {
    case 16: reach_loop(f, occ, from, dest, visited, 1, 6); break;
    case 18: reach_loop(f, occ, from, dest, visited, 1, 8); break;
    case 26: reach_loop(f, occ, from, dest, visited, 2, 6); break;
    case 28: reach_loop(f, occ, from, dest, visited, 2, 8); break;
    case 46: reach_loop(f, occ, from, dest, visited, 4, 6); break;
    default: reach_loop(f, occ, from, dest, visited, 4, 8); break;
    }
}

/* dest[] = the destinations of the piece on `from`, by either path;
** visited[] = the cells its chains stood on. */
static void reach(const eg_fast *f, const uint64_t *occ, int from, uint64_t *dest, uint64_t *visited)
{
#if HAVE_PEXT
    if (f->pext) {
        reach_pext_any(f, occ, from, dest, visited);
        return;
    }
#endif
    reach_loop_any(f, occ, from, dest, visited);
}

static int popcount_words(const uint64_t *set, int words)
{
    int n = 0;

    for (int i = 0; i < words; i++)
        n += __builtin_popcountll(set[i]);
    return n;
}

long eg_fast_count(const eg_fast *f, const uint64_t *occ, const int32_t *from, int n)
{
    uint64_t dest[EG_FAST_WORDS], visited[EG_FAST_WORDS];
    long total = 0;

#if HAVE_PEXT
    if (f->pext)
        return count_pext_all(f, occ, from, n);
#endif
    for (int k = 0; k < n; k++) {
        reach_loop_any(f, occ, from[k], dest, visited);
        total += popcount_words(dest, f->words);
    }
    return total;
}

int eg_fast_count_watching(const eg_fast *f, const uint64_t *occ, int from, uint64_t *watch)
{
    uint64_t dest[EG_FAST_WORDS], visited[EG_FAST_WORDS];

    reach(f, occ, from, dest, visited);
    for (int i = 0; i < f->words; i++)
        watch[i] = f->near[from * f->words + i];
    for (int i = 0; i < f->words; i++)
        for (uint64_t w = visited[i]; w; w &= w - 1) {
            const uint64_t *m = f->mask + (size_t)(2 * (i * 64 + __builtin_ctzll(w)) * f->words);
            for (int j = 0; j < f->words; j++)
                watch[j] |= m[j] | m[f->words + j];
        }
    return popcount_words(dest, f->words);
}

int eg_fast_moves(const eg_fast *f, const uint64_t *occ, int from, int32_t *to)
{
    uint64_t dest[EG_FAST_WORDS], visited[EG_FAST_WORDS];
    int n = 0;

    reach(f, occ, from, dest, visited);
    for (int i = 0; i < f->words; i++)
        for (uint64_t w = dest[i]; w; w &= w - 1)
            to[n++] = i * 64 + __builtin_ctzll(w);
    return n;
}
