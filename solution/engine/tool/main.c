/*
** main.c -- build/engine: the best move of a position, for TAs and bots.
**
** usage: engine [-m METHOD] [-d DEPTH] [-t SECONDS] [-j THREADS] [-s SCHEME] [-e EVAL]
**               [-S N] [-M N] [-w BOARD] [FILE]
**   -m  minimax | alphabeta (default) | paranoid | best-reply | deepen |
**       parallel
**   -d  depth in plies (default 3); with -t, the deepest to try
**   -t  seconds for the move: deepen one ply at a time while the next
**       iteration is likely to finish in time (-m deepen)
**   -j  threads for -m parallel
**   -s  the scheme of -m parallel: pv (default: principal-variation
**       splitting, the fastest) | lazy (Lazy SMP) | ybw (Young Brothers
**       Wait at the root) | shared | static (the report's root splits);
**       solution/engine/search.h
**   -e  bfs (default) | manhattan
**   -S  the straggler term's weight (search.h; default 1 with bfs, which
**       measured stronger at no cost, 0 with manhattan, the report's)
**   -M  the mobility term's weight in eighths (default 0: it wins at equal
**       depth but costs more time than a ply; make bench-eval)
**   -w  write the position back as text instead of searching, with BOARD
**       (e.g. "star 4 2") as its board line
** The position is read from FILE or standard input (solution/engine/
** README.md, "Positions as text").  Prints one line:
**   best FROM TO (X,Y) -> (X,Y) value V depth D evaluations N seconds S
** or "best none" when the player to move has no move.  Exit status 2 with
** a message for a bad command line or position.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "position_text.h"
#include "search.h"

struct options {
    const char *method, *eval, *file, *write, *scheme;
    int depth, threads;
    double seconds;
    int straggler, mobility;    /* -S, -M; -1: the evaluation's default */
};

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int is_method(const char *m)
{
    static const char *const methods[] = {"minimax", "alphabeta", "paranoid", "best-reply",
                                          "deepen", "parallel"};

    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(m, methods[i]) == 0)
            return 1;
    return 0;
}

/* The schemes of -s, in eg_split's order. */
static const char *const schemes[] = {"static", "shared", "ybw", "lazy", "pv"};

/* The eg_split named s, or -1. */
static int scheme_of(const char *s)
{
    for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
        if (strcmp(s, schemes[i]) == 0)
            return (int)i;
    return -1;
}

static int usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [-m minimax|alphabeta|paranoid|best-reply|deepen|parallel] [-d DEPTH] "
            "[-t SECONDS] [-j THREADS] [-s pv|lazy|ybw|shared|static] [-e bfs|manhattan] [-S N] [-M N] "
            "[-w BOARD] [FILE]\n", argv0);
    return 2;
}

/* A weight of -S or -M: 0..1000, or -2 for anything else. */
static int weight(const char *text)
{
    char *end;
    long w = strtol(text, &end, 10);

    return end != text && *end == '\0' && w >= 0 && w <= 1000 ? (int)w : -2;
}

static int parse(int argc, char **argv, struct options *o)
{
    int c;

    *o = (struct options){"alphabeta", "bfs", NULL, NULL, "pv", 3, 1, 0, -1, -1};
    while ((c = getopt(argc, argv, "m:d:t:j:s:e:w:S:M:")) != -1) {
        switch (c) {
        case 'm': o->method = optarg; break;
        case 'd': o->depth = atoi(optarg); break;
        case 't': o->seconds = atof(optarg); break;
        case 'j': o->threads = atoi(optarg); break;
        case 's': o->scheme = optarg; break;
        case 'e': o->eval = optarg; break;
        case 'w': o->write = optarg; break;
        case 'S': o->straggler = weight(optarg); break;
        case 'M': o->mobility = weight(optarg); break;
        default: return -1;
        }
    }
    o->file = optind < argc ? argv[optind] : NULL;
    if (o->straggler == -1)
        o->straggler = strcmp(o->eval, "manhattan") == 0 ? 0 : 1;
    if (o->mobility == -1)
        o->mobility = 0;
    return o->depth >= 1 && o->depth <= 64 && o->threads >= 1 && o->threads <= 64
           && o->straggler >= 0 && o->mobility >= 0
           && scheme_of(o->scheme) >= 0 && optind >= argc - 1 ? 0 : -1;
}

/* Iterative deepening under a time budget: the next depth is tried while
** the time left is more than the last iteration took times the growth seen
** so far (at least 3). */
static long timed(eg_eval *e, eg_position *pos, const struct options *o, int *depth, eg_move *best)
{
    double start = now(), last = 0;
    long value = 0;

    for (int d = 1; d <= o->depth; d++) {
        double t0 = now();
        value = eg_deepen(e, pos, d, 20, best);
        *depth = d;
        double took = now() - t0, growth = last > 0 ? took / last : 3;
        last = took;
        if (now() - start + took * (growth < 3 ? 3 : growth) > o->seconds)
            break;
    }
    return value;
}

static long search(eg_eval *e, eg_position *pos, const struct options *o, int *depth, eg_move *best)
{
    *depth = o->depth;
    if (strcmp(o->method, "minimax") == 0)
        return eg_minimax(e, pos, o->depth, best);
    if (strcmp(o->method, "paranoid") == 0)
        return eg_paranoid(e, pos, o->depth, best);
    if (strcmp(o->method, "best-reply") == 0)
        return eg_best_reply(e, pos, o->depth, best);
    if (strcmp(o->method, "deepen") == 0)
        return o->seconds > 0 ? timed(e, pos, o, depth, best) : eg_deepen(e, pos, o->depth, 20, best);
    if (strcmp(o->method, "parallel") == 0)
        return eg_parallel(e, pos, o->depth, o->threads, (enum eg_split)scheme_of(o->scheme), best);
    return eg_alphabeta(e, pos, o->depth, best);
}

int main(int argc, char **argv)
{
    struct options o;
    char err[300];

    if (parse(argc, argv, &o) != 0 || !is_method(o.method))
        return usage(argv[0]);
    FILE *in = o.file ? fopen(o.file, "r") : stdin;
    if (!in) {
        fprintf(stderr, "%s: cannot open %s\n", argv[0], o.file);
        return 2;
    }
    eg_position *pos = eg_position_read(in, o.file ? o.file : "stdin", err, sizeof err);
    if (o.file)
        fclose(in);
    if (pos && o.write) {
        const eg_board *b = pos->board;
        eg_position_write(stdout, pos, o.write);
        eg_position_free(pos);
        eg_board_free((eg_board *)b);
        return 0;
    }
    eg_eval *e = pos ? eg_eval_new(pos->board, strcmp(o.eval, "manhattan") == 0
                                   ? EG_EVAL_MANHATTAN : EG_EVAL_BFS) : NULL;
    if (!e) {
        fprintf(stderr, "%s: %s\n", argv[0], pos ? "this evaluation does not fit the board" : err);
        return 2;
    }
    e->straggler = o.straggler;
    e->mobility = o.mobility;
    eg_move best;
    int depth;
    double t0 = now();
    long value = search(e, pos, &o, &depth, &best);
    const eg_board *b = pos->board;
    if (best.from < 0)
        printf("best none value %ld depth %d evaluations %llu seconds %.3f\n", value, depth,
               (unsigned long long)e->calls, now() - t0);
    else
        printf("best %d %d (%d,%d) -> (%d,%d) value %ld depth %d evaluations %llu seconds %.3f\n",
               best.from, best.to, b->x[best.from], b->y[best.from], b->x[best.to], b->y[best.to],
               value, depth, (unsigned long long)e->calls, now() - t0);
    eg_eval_free(e);
    eg_position_free(pos);
    eg_board_free((eg_board *)b);
    return 0;
}
