/*
** search_main.c -- build/engine-search: the search methods side by side on
** a suite of positions, for tests and benchmarks.
**
** usage: engine-search star SIZE PLAYERS | square SIDE PLAYERS
**                      DEPTH POSITIONS SEED [bfs|manhattan [no-minimax | bench REPEATS [lazy|pv]]]
** Positions: POSITIONS positions reached by 10..40 random moves from the
** start (seeded).  For each, one line:
**   pos I value minimax M alphabeta A paranoid P plain-paranoid Q best-ok K
**       evals EM EA EP
** M, A, P the values (P equals the others only with two players); Q the
** paranoid value by a plain search without pruning, written here; best-ok
** 1 when alpha-beta's move, made, has minimax's value one ply deeper;
** EM, EA, EP the evaluations each made; then "parallel" and the values of
** eg_parallel for the static, shared and YBW splits on 1, 2 and 4 threads
** (nine values, all equal to A); then "lazy" and the values of Lazy SMP
** on 1, 2 and 3 threads (equal to A), and "pv" and those of the PV split;
** then "deepening V evals E", the value
** and evaluations of iterative deepening with a transposition table; then
** "best-reply B plain-best-reply Q": best-reply search, and the same by a
** plain search without pruning written here.  Then a line of medians of time.
** no-minimax skips minimax and the plain paranoid search (their values
** are printed as alpha-beta's and paranoid's), for deep benchmarks.
**
** With "bench REPEATS" in place of no-minimax, only measures: each
** position searched REPEATS times by alpha-beta, iterative deepening (2^20
** table entries) and Lazy SMP (or, with "pv", the PV split; the names
** below are then pv1 and pv2) on 1 and 2 threads, in turn, so that a
** change in the machine's load falls on all alike.  One line a position:
**   bench I alphabeta W C E deepen W C E lazy1 W C E lazy2 W C E
**         cores X values-agree K
** medians over the repeats: W wall seconds, C CPU seconds of the calling
** thread (Lazy SMP: its main thread), E evaluations; X the CPU seconds of
** the whole process over the wall seconds of the 2-thread run (how many
** cores it really had); K 1 when all gave the same value every time.
** Then the medians over the positions:
**   median alphabeta W C E ... lazy2 W C E speedup S1 S2
**          cpu-speedup C1 C2 cores X
** S1, S2: the best sequential wall time on the position (alpha-beta or
** deepening, the faster) over Lazy SMP's on 1 and 2 threads; C1, C2 the
** same with the calling thread's CPU time, a measure that a loaded machine
** disturbs less (on an idle one, the main thread's CPU time is its wall
** time).
** Exit status 2 for a bad command line.
*/
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "search.h"
#include "walk.h"

/* Paranoid search written plainly, without pruning or move order: the
** root player maximises, the others minimise its evaluation. */
static long plain_paranoid(eg_eval *e, eg_position *pos, int root, int depth, int ply)
{
    int w = eg_winner(e, pos);

    if (w >= 0)
        return w == root ? EG_WIN - ply : -(EG_WIN - ply);
    eg_move *m = malloc(sizeof *m * (size_t)EG_MOVES_MAX(pos->board));
    int n = depth > 0 ? eg_moves(pos, m) : 0;
    long best = pos->to_move == root ? -EG_WIN * 2L : EG_WIN * 2L;
    for (int i = 0; i < n; i++) {
        int maximise = pos->to_move == root;
        eg_make(pos, m[i]);
        long v = plain_paranoid(e, pos, root, depth - 1, ply + 1);
        eg_unmake(pos, m[i]);
        best = maximise ? (v > best ? v : best) : (v < best ? v : best);
    }
    free(m);
    return n == 0 ? eg_evaluate(e, pos, root) : best;
}

/* Best-reply search written plainly, without pruning: the root player's
** moves, then one move of any opponent, the root's value minimised. */
static long plain_best_reply(eg_eval *e, eg_position *pos, int root, int depth, int ply)
{
    int w = eg_winner(e, pos), players = pos->board->players, mine = pos->to_move == root;

    if (w >= 0)
        return w == root ? EG_WIN - ply : -(EG_WIN - ply);
    if (depth == 0)
        return eg_evaluate(e, pos, root);
    eg_move *m = malloc(sizeof *m * (size_t)EG_MOVES_MAX(pos->board));
    long best = mine ? -EG_WIN * 2L : EG_WIN * 2L;
    int any = 0, turn = pos->to_move;
    for (int p = 0; p < players; p++) {
        if ((p == root) != mine)
            continue;
        eg_set_turn(pos, p);
        int n = eg_moves(pos, m);
        any |= n > 0;
        for (int i = 0; i < n; i++) {
            eg_make(pos, m[i]);
            eg_set_turn(pos, mine ? (root + 1) % players : root);
            long v = plain_best_reply(e, pos, root, depth - 1, ply + 1);
            eg_set_turn(pos, (p + 1) % players);
            eg_unmake(pos, m[i]);
            best = mine ? (v > best ? v : best) : (v < best ? v : best);
        }
    }
    eg_set_turn(pos, turn);
    free(m);
    return any ? best : eg_evaluate(e, pos, root);
}

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The median of n values (sorts them). */
static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void free_all(eg_position *pos, eg_eval *e, eg_board *b)
{
    eg_position_free(pos);
    eg_eval_free(e);
    eg_board_free(b);
}

/* The methods "bench" times, in the order they run on each repeat, and
** what it measures of each run. */
enum { ALPHABETA, DEEPEN, LAZY1, LAZY2, METHODS };
enum { WALL, CPU, PROCESS_CPU, EVALS, MEASURES };

static double cpu_now(clockid_t clock)
{
    struct timespec t;

    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The bench's parallel scheme: Lazy SMP, or the PV split when the
** command line says "pv" after the repeats. */
static int pv_scheme;

/* Runs one method on pos; writes its MEASURES into x[0..]. */
static long measured_search(eg_eval *e, eg_position *pos, int depth, int method, double *x)
{
    eg_move best;
    uint64_t c0 = e->calls;
    double w0 = now(), t0 = cpu_now(CLOCK_THREAD_CPUTIME_ID), p0 = cpu_now(CLOCK_PROCESS_CPUTIME_ID);
    long v = method == ALPHABETA ? eg_alphabeta(e, pos, depth, &best)
             : method == DEEPEN ? eg_deepen(e, pos, depth, 20, &best)
             : pv_scheme ? eg_pv_split(e, pos, depth, method == LAZY1 ? 1 : 2, 20, &best)
                         : eg_lazy_smp(e, pos, depth, method == LAZY1 ? 1 : 2, 20, &best);

    x[WALL] = now() - w0;
    x[CPU] = cpu_now(CLOCK_THREAD_CPUTIME_ID) - t0;
    x[PROCESS_CPU] = cpu_now(CLOCK_PROCESS_CPUTIME_ID) - p0;
    x[EVALS] = (double)(e->calls - c0);
    return v;
}

/* The best sequential measure k of position i (alpha-beta or deepening)
** over Lazy SMP's on `lazy`, from the per-position medians m. */
static double speedup(const double *m, int count, int i, int k, int lazy)
{
#define AT(method) m[((method) * MEASURES + k) * count + i]
    double seq = AT(ALPHABETA) < AT(DEEPEN) ? AT(ALPHABETA) : AT(DEEPEN);
    return seq / AT(lazy);
#undef AT
}

/* The "bench REPEATS" mode (see the top of the file).  runs[] holds one
** position's repeats, m[] the medians of every position. */
static int bench(eg_eval *e, eg_position *pos, int depth, int count, uint64_t seed, int repeats)
{
    const char *const names[METHODS] = {"alphabeta", "deepen", pv_scheme ? "pv1" : "lazy1",
                                        pv_scheme ? "pv2" : "lazy2"};
    const eg_board *b = pos->board;
    size_t per_method = (size_t)MEASURES * (size_t)(count > repeats ? count : repeats);
    double *runs = malloc(sizeof *runs * per_method * METHODS), *m = malloc(sizeof *m * per_method * METHODS);
    double *s = malloc(sizeof *s * (size_t)count * 5);

    if (repeats < 1 || !runs || !m || !s) {
        fprintf(stderr, "bench: bad repeat count or no memory\n");
        return 2;
    }
    for (int i = 0; i < count; i++) {
        eg_position *start = eg_position_new(b, 0);
        walk_seed(seed + (uint64_t)i);
        eg_position_copy(pos, start);
        walk(pos, 10 + (int)(walk_random() % 31));
        eg_position_free(start);
        long first = 0;
        int agree = 1;
        for (int r = 0; r < repeats; r++)
            for (int k = 0; k < METHODS; k++) {
                double x[MEASURES];
                long v = measured_search(e, pos, depth, k, x);
                for (int q = 0; q < MEASURES; q++)
                    runs[(k * MEASURES + q) * repeats + r] = x[q];
                first = r == 0 && k == 0 ? v : first;
                agree &= v == first;
            }
        printf("bench %d", i);
        for (int k = 0; k < METHODS; k++) {
            for (int q = 0; q < MEASURES; q++)
                m[(k * MEASURES + q) * count + i] = median(runs + (k * MEASURES + q) * repeats, repeats);
            printf(" %s %.6f %.6f %.0f", names[k], m[(k * MEASURES + WALL) * count + i],
                   m[(k * MEASURES + CPU) * count + i], m[(k * MEASURES + EVALS) * count + i]);
        }
        s[i] = speedup(m, count, i, WALL, LAZY1);
        s[count + i] = speedup(m, count, i, WALL, LAZY2);
        s[2 * count + i] = speedup(m, count, i, CPU, LAZY1);
        s[3 * count + i] = speedup(m, count, i, CPU, LAZY2);
        s[4 * count + i] = m[(LAZY2 * MEASURES + PROCESS_CPU) * count + i] / m[(LAZY2 * MEASURES + WALL) * count + i];
        printf(" cores %.2f values-agree %d\n", s[4 * count + i], agree);
    }
    printf("median");
    for (int k = 0; k < METHODS; k++)
        printf(" %s %.6f %.6f %.0f", names[k], median(m + (k * MEASURES + WALL) * count, count),
               median(m + (k * MEASURES + CPU) * count, count), median(m + (k * MEASURES + EVALS) * count, count));
    printf(" speedup %.3f %.3f cpu-speedup %.3f %.3f cores %.2f\n", median(s, count), median(s + count, count),
           median(s + 2 * count, count), median(s + 3 * count, count), median(s + 4 * count, count));
    free(runs);
    free(m);
    free(s);
    free_all(pos, e, (eg_board *)b);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: %s star|square SIZE PLAYERS DEPTH POSITIONS SEED [bfs|manhattan]\n", argv[0]);
        return 2;
    }
    int size = atoi(argv[2]), players = atoi(argv[3]), depth = atoi(argv[4]), count = atoi(argv[5]);
    int no_minimax = argc > 8 && strcmp(argv[8], "no-minimax") == 0;
    enum eg_eval_kind kind = argc > 7 && strcmp(argv[7], "manhattan") == 0 ? EG_EVAL_MANHATTAN : EG_EVAL_BFS;
    eg_board *b = strcmp(argv[1], "star") == 0 ? eg_star(size, players) : eg_square(size, players);
    eg_eval *e = b ? eg_eval_new(b, kind) : NULL;
    if (!e || depth < 0 || count < 1) {
        fprintf(stderr, "%s: no such board, evaluation or depth\n", argv[0]);
        return 2;
    }
    eg_position *pos = eg_position_new(b, 0);
    pv_scheme = argc > 10 && strcmp(argv[10], "pv") == 0;
    if (argc > 9 && strcmp(argv[8], "bench") == 0)
        return bench(e, pos, depth, count, strtoull(argv[6], NULL, 10), atoi(argv[9]));
    double t[3] = {0}, tp[5][2] = {{0}}, td = 0;
    for (int i = 0; i < count; i++) {
        eg_position *start = eg_position_new(b, 0);
        walk_seed(strtoull(argv[6], NULL, 10) + (uint64_t)i);
        eg_position_copy(pos, start);
        walk(pos, 10 + (int)(walk_random() % 31));
        eg_move bm, ba, bp;
        uint64_t c0 = e->calls;
        double t0 = now();
        long vm = no_minimax ? 0 : eg_minimax(e, pos, depth, &bm);
        uint64_t c1 = e->calls;
        double t1 = now();
        long va = eg_alphabeta(e, pos, depth, &ba);
        uint64_t c2 = e->calls;
        double t2 = now();
        long vp = eg_paranoid(e, pos, depth, &bp);
        uint64_t c3 = e->calls;
        double t3 = now();
        int ok = 1;
        if (depth > 0 && ba.from >= 0 && !no_minimax) {
            eg_move ignored;
            eg_make(pos, ba);
            ok = -eg_minimax(e, pos, depth - 1, &ignored) == vm;
            eg_unmake(pos, ba);
        }
        t[0] += t1 - t0, t[1] += t2 - t1, t[2] += t3 - t2;
        long vq = no_minimax ? vp : plain_paranoid(e, pos, pos->to_move, depth, 0);
        if (no_minimax)
            vm = va;
        /* Every split on 1, 2 and 4 threads; the 1- and 2-thread runs timed. */
        long vpar[9];
        for (int split = 0; split < 3; split++)
            for (int k = 0; k < 3; k++) {
                eg_move bpar;
                double s0 = now();
                vpar[split * 3 + k] = eg_parallel(e, pos, depth, 1 << k, (enum eg_split)split, &bpar);
                if (k < 2)
                    tp[split][k] += now() - s0;
            }
        printf("pos %d value minimax %ld alphabeta %ld paranoid %ld plain-paranoid %ld best-ok %d "
               "evals %llu %llu %llu parallel", i, vm, va, vp, vq, ok, (unsigned long long)(c1 - c0),
               (unsigned long long)(c2 - c1), (unsigned long long)(c3 - c2));
        for (int k = 0; k < 9; k++)
            printf(" %ld", vpar[k]);
        printf(" lazy");
        for (int k = 1; k <= 3; k++) {
            eg_move bl;
            double s0 = now();
            printf(" %ld", eg_parallel(e, pos, depth, k, EG_SPLIT_LAZY, &bl));
            if (k < 3)
                tp[3][k - 1] += now() - s0;
        }
        printf(" pv");
        for (int k = 1; k <= 3; k++) {
            eg_move bv;
            double s0 = now();
            printf(" %ld", eg_parallel(e, pos, depth, k, EG_SPLIT_PV, &bv));
            if (k < 3)
                tp[4][k - 1] += now() - s0;
        }
        eg_move bd;
        uint64_t c4 = e->calls;
        double t4 = now();
        long vd = eg_deepen(e, pos, depth, 18, &bd);
        td += now() - t4;
        printf(" deepening %ld evals %llu", vd, (unsigned long long)(e->calls - c4));
        eg_move bb;
        long vb = eg_best_reply(e, pos, depth, &bb);
        long vbq = no_minimax ? vb : plain_best_reply(e, pos, pos->to_move, depth, 0);
        printf(" best-reply %ld plain-best-reply %ld\n", vb, vbq);
        eg_position_free(start);
    }
    printf("mean seconds: minimax %.6f alphabeta %.6f paranoid %.6f\n",
           t[0] / count, t[1] / count, t[2] / count);
    printf("deepening mean seconds %.6f\n", td / count);
    printf("parallel mean seconds, 1 and 2 threads: static %.6f %.6f shared %.6f %.6f ybw %.6f %.6f"
           " lazy %.6f %.6f pv %.6f %.6f\n", tp[0][0] / count, tp[0][1] / count, tp[1][0] / count,
           tp[1][1] / count, tp[2][0] / count, tp[2][1] / count, tp[3][0] / count, tp[3][1] / count,
           tp[4][0] / count, tp[4][1] / count);
    free_all(pos, e, b);
    return 0;
}
