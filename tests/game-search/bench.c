/*
** bench.c -- the parallel-minimax report's experiment, run with the
** reference of the game-tree search assignment (solution/game-search/,
** compiled in: not main.c), for the handout's last section.
**
**   game-search-bench [REPEATS]
**
** prints a Markdown section: the time one move's search takes at depth 3
** and 4 by minimax, alphabeta, a root split with no shared bound (the
** report's "top-level" scheme, written here on top of the reference's
** alphabeta) and the reference's parallel_search on 1, 2 and all cores'
** threads; how many evaluations each made; the speed-ups; and the
** report's own figures beside ours.  REPEATS (default 5) is how many
** times each search runs per position.  It takes a few seconds.
**
** What is measured.  Three seeded mid-game positions (below), evaluated
** with gs_manhattan, the report's evaluation.  A search's time on a
** position is the median of its REPEATS runs; the time printed is the
** median of those over the positions, and so is the count of
** evaluations, which a separate, untimed run makes with a counting
** evaluation (an atomic counter would slow the parallel runs down).
** Speed-ups are ratios of the printed medians.
**
** Nothing here is asserted about time: a loaded or a one-core machine
** prints slow figures and that is all.  What is checked is that every
** search gives the same value on each position (exit status 1 if not).
*/
#define _POSIX_C_SOURCE 200809L
#include "game_search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define POSITIONS 3
#define MAX_REPEATS 25

/* ---- positions ---- */

/* How far move m brings the mover's piece towards its goal corner. */
static int ahead(int side, gs_move m)
{
    int gain = m.to % GS_SIDE + m.to / GS_SIDE - m.from % GS_SIDE - m.from / GS_SIDE;

    return side == GS_WHITE ? gain : -gain;
}

/* The start after `plies` moves drawn by a generator seeded with `seed`:
** four times in five the most forward move (the first such in the
** library's order), else any move.  The armies meet after about twenty
** plies, which is the kind of board the report measured. */
static void mid_game(gs_position *p, unsigned seed, int plies)
{
    gs_move moves[GS_MAX_MOVES];
    unsigned long long state = 0x9e3779b97f4a7c15ull * (seed + 1);

    gs_start(p);
    for (int i = 0; i < plies && gs_winner(p) == GS_EMPTY; i++) {
        int n = gs_moves(p, moves);
        if (n == 0)
            break;
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        int pick = (int)((state >> 33) % (unsigned)n);
        if ((state >> 60) % 5 != 0)
            for (int k = 0; k < n; k++)
                if (ahead(p->side, moves[k]) > ahead(p->side, moves[pick]))
                    pick = k;
        gs_play(p, moves[pick]);
    }
}

/* ---- evaluations ---- */

static atomic_long evaluations;

static int counted(const gs_position *p)
{
    atomic_fetch_add_explicit(&evaluations, 1, memory_order_relaxed);
    return gs_manhattan(p);
}

/* ---- the report's top-level scheme ---- */

/* Every root move searched by alphabeta in the full window, the moves
** handed out one at a time to `threads` threads, the values combined at
** the end: no thread learns the others' results, so nothing is cut at
** the root. */
struct split {
    gs_position root;
    gs_move moves[GS_MAX_MOVES];
    int value[GS_MAX_MOVES];
    int n, depth;
    gs_eval_fn *eval;
    atomic_int next;
};

static void *split_worker(void *arg)
{
    struct split *s = arg;
    gs_position mine = s->root;

    for (int i; (i = atomic_fetch_add(&s->next, 1)) < s->n;) {
        gs_play(&mine, s->moves[i]);
        s->value[i] = alphabeta(&mine, s->depth - 1, -GS_INF, GS_INF, s->eval);
        gs_undo(&mine, s->moves[i]);
    }
    return NULL;
}

static int top_level_split(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    static struct split s;
    pthread_t id[GS_MAX_THREADS];
    int started = 0;

    s.root = *p;
    s.n = gs_moves(p, s.moves);
    if (depth == 0 || s.n == 0 || gs_winner(p) != GS_EMPTY)
        return eval(p);
    s.depth = depth;
    s.eval = eval;
    atomic_store(&s.next, 0);
    for (int t = 1; t < threads; t++)
        if (pthread_create(&id[started], NULL, split_worker, &s) == 0)
            started++;
    split_worker(&s);
    for (int t = 0; t < started; t++)
        pthread_join(id[t], NULL);
    int white = p->side == GS_WHITE, best = s.value[0];
    for (int i = 1; i < s.n; i++)
        if (white ? s.value[i] > best : s.value[i] < best)
            best = s.value[i];
    return best;
}

/* ---- the searches measured ---- */

enum kind { MINIMAX, ALPHABETA, SPLIT, PARALLEL };

struct search {
    enum kind kind;
    int threads;
    const char *report;   /* the report's row beside it, "" for none */
    double seconds;       /* median over the positions               */
    long evaluations;     /* median over the positions               */
};

static int run(const struct search *s, gs_position *p, int depth, gs_eval_fn *eval)
{
    switch (s->kind) {
    case MINIMAX: return minimax(p, depth, eval);
    case ALPHABETA: return alphabeta(p, depth, -GS_INF, GS_INF, eval);
    case SPLIT: return top_level_split(p, depth, s->threads, eval);
    case PARALLEL: return parallel_search(p, depth, s->threads, eval);
    }
    return 0;
}

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Measures the searches s[0..n-1] at `depth` on every position: first
** one counted run of each, whose value must be want[k] on position k,
** then `repeats` rounds in which each search runs once in turn, so that a
** change in the machine's load touches them all alike.  Returns 0, or -1
** when a value differs. */
static int measure(struct search *s, int n, const gs_position *positions, int depth,
                   int repeats, const int *want)
{
    static double runs[8][MAX_REPEATS], per_position[8][POSITIONS], counts[8][POSITIONS];

    for (int k = 0; k < POSITIONS; k++) {
        for (int i = 0; i < n; i++) {
            gs_position p = positions[k];
            atomic_store(&evaluations, 0);
            int v = run(&s[i], &p, depth, counted);
            if (v != want[k]) {
                fprintf(stderr, "game-search-bench: position %d, depth %d: search %d on %d "
                        "thread(s) gave %d, the value is %d\n", k, depth, (int)s[i].kind,
                        s[i].threads, v, want[k]);
                return -1;
            }
            counts[i][k] = (double)atomic_load(&evaluations);
        }
        for (int r = 0; r < repeats; r++)
            for (int i = 0; i < n; i++) {
                gs_position p = positions[k];
                double t = now();
                run(&s[i], &p, depth, gs_manhattan);
                runs[i][r] = now() - t;
            }
        for (int i = 0; i < n; i++)
            per_position[i][k] = median(runs[i], repeats);
    }
    for (int i = 0; i < n; i++) {
        s[i].seconds = median(per_position[i], POSITIONS);
        s[i].evaluations = (long)median(counts[i], POSITIONS);
    }
    return 0;
}

/* ---- the table ---- */

/* The load average over the last minute, as /proc/loadavg gives it, or
** NULL where there is none: figures taken on a busy machine say so. */
static const char *load_average(void)
{
    static char text[16];
    FILE *f = fopen("/proc/loadavg", "r");
    int ok = f && fscanf(f, "%15s", text) == 1;

    if (f)
        fclose(f);
    return ok ? text : NULL;
}

static const char *name(const struct search *s, char *buf, size_t n)
{
    switch (s->kind) {
    case MINIMAX: return "`minimax`";
    case ALPHABETA: return "`alphabeta`";
    case SPLIT: snprintf(buf, n, "root split, no shared bound, %d threads", s->threads); break;
    case PARALLEL: snprintf(buf, n, "`parallel_search`, %d thread%s", s->threads,
                            s->threads == 1 ? "" : "s"); break;
    }
    return buf;
}

static void print_time(double seconds)
{
    if (seconds >= 1)
        printf(" %.2f s |", seconds);
    else
        printf(" %.1f ms |", seconds * 1e3);
}

/* One row per search; the report's column and the speed-up over minimax
** only where minimax ran (depth 3). */
static void print_table(const struct search *s, int n, int depth, int first)
{
    char buf[80];
    int report = first == 0;

    printf("| search |%s depth %d | evaluations |%s speed-up over `alphabeta` |\n",
           report ? " the report, depth 3 |" : "", depth,
           report ? " speed-up over `minimax` |" : "");
    printf("|---|%s---:|---:|%s---:|\n", report ? "---:|" : "", report ? "---:|" : "");
    for (int i = first; i < n; i++) {
        printf("| %s |", name(&s[i], buf, sizeof buf));
        if (report)
            printf(" %s |", s[i].report);
        print_time(s[i].seconds);
        printf(" %ld |", s[i].evaluations);
        if (report)
            printf(" %.1f |", s[0].seconds / s[i].seconds);
        printf(" %.2f |\n", s[1].seconds / s[i].seconds);
    }
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 5;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int cores = online < 1 ? 1 : online > GS_MAX_THREADS ? GS_MAX_THREADS : (int)online;
    int counts[3] = {1, 2, cores}, threads[3], kinds = 0;
    gs_position positions[POSITIONS];
    gs_move moves[GS_MAX_MOVES];
    int root_moves[POSITIONS], plies[POSITIONS] = {20, 24, 28};

    if (repeats < 1 || repeats > MAX_REPEATS) {
        fprintf(stderr, "usage: game-search-bench [REPEATS, 1..%d]\n", MAX_REPEATS);
        return 2;
    }
    for (int i = 0; i < 3; i++)
        if (kinds == 0 || counts[i] > threads[kinds - 1])
            threads[kinds++] = counts[i];
    for (int k = 0; k < POSITIONS; k++) {
        mid_game(&positions[k], 7u + (unsigned)k, plies[k]);
        root_moves[k] = gs_moves(&positions[k], moves);
    }

    /* The searches, in the order of the report's table.  The report's
    ** chunked scheme shares the bounds found so far between its threads,
    ** as parallel_search shares its best value: its rows sit beside the
    ** latter's. */
    struct search s[8];
    int n = 0;
    s[n++] = (struct search){MINIMAX, 1, "14.81 s", 0, 0};
    s[n++] = (struct search){ALPHABETA, 1, "0.79 s", 0, 0};
    s[n++] = (struct search){SPLIT, threads[kinds - 1], "0.39 s (12 threads)", 0, 0};
    for (int t = 0; t < kinds; t++)
        s[n++] = (struct search){PARALLEL, threads[t],
                                 threads[t] == 1 ? "0.46 s (chunked, 1 thread)"
                                 : threads[t] == 2 ? "0.29 s (chunked, 2 threads)" : "", 0, 0};
    if (threads[kinds - 1] > 2)
        s[n - 1].report = "0.15 s (chunked, 12 threads)";
    struct search deep[8];
    memcpy(deep, s, sizeof s);

    int want[POSITIONS], want_deep[POSITIONS];
    for (int k = 0; k < POSITIONS; k++) {
        gs_position p = positions[k];
        want[k] = minimax(&p, 3, gs_manhattan);
        want_deep[k] = alphabeta(&p, 4, -GS_INF, GS_INF, gs_manhattan);
    }
    /* minimax at depth 4 visits some sixty times as many leaves as at
    ** depth 3: seconds a position, so it is left out there. */
    if (measure(s, n, positions, 3, repeats, want) != 0
        || measure(deep + 1, n - 1, positions, 4, repeats, want_deep) != 0)
        return 1;

    printf("## Measured on the machine that built this handout\n\n");
    printf("The reference (`solution/game-search/`, built with `-O2`) on this machine's %d "
           "core%s; `make bench-game-search` measures again. Three seeded mid-game positions, "
           "%d, %d and %d moves after the start, with %d, %d and %d moves at the root; the "
           "evaluation is `gs_manhattan()`. Each time is the median of %d runs on a position, "
           "then the median over the three positions; each count of evaluations is the median "
           "over the positions too. Speed-ups are ratios of these medians.\n\n",
           cores, cores == 1 ? "" : "s", plies[0], plies[1], plies[2], root_moves[0],
           root_moves[1], root_moves[2], repeats);
    if (load_average())
        printf("The load average was %s when the measurement ended: above 0 means other "
               "programs were running, and a parallel search suffers first from that, since "
               "it waits for its slowest thread.\n\n", load_average());
    print_table(s, n, 3, 0);
    printf("\nOne move deeper, without `minimax`, which would take seconds a position:\n\n");
    print_table(deep, n, 4, 1);
    printf("\nThe root split is written in the kit's benchmark (`tests/game-search/bench.c`) "
           "on top of the reference's `alphabeta`: every root move is searched with the full "
           "window, as in the report's top-level scheme. `parallel_search` is the reference's "
           "own: each root move after the first is searched against the best value found so "
           "far, as the report's chunked scheme searches against its shared bounds.\n");
    return 0;
}
