/*
** random_game.c -- prints a random scripted session of the game: a stream
** of moves that the reference accepts, for a given seed and length.
**
** Usage: random_game SEED MOVES [--junk] [--messy] [--eof-mid-move] [--stats]
**   SEED           any unsigned 64-bit number; the same seed and options
**                  print the same session on every machine.
**   MOVES          how many legal steps and jumps to play (the -1 -1 -1 -1
**                  that ends a chain and any bad entry are not counted).
**   --junk         before about one prompt in six, add a bad entry first:
**                  an invalid move (off the array, dead area, not your
**                  marble, occupied landing, jump over nothing, chain
**                  rules broken...) or a token that is not a number.
**   --messy        vary the layout: several moves on one line, moves split
**                  across lines, tabs and runs of spaces, numbers spelled
**                  "+7" or "007".
**   --eof-mid-move stop in the middle of a move instead of quitting.
**   --stats        print counts (moves, jumps, chains, bad entries) to
**                  standard error.
** Without --eof-mid-move the session ends with -1 -1 -1 -1 (twice when a
** chain is still open: the first ends the chain, the second quits).
**
** The moves come from movegen.c, a model of the rules separate from the
** reference solution; the choices come from a seeded splitmix64 stream,
** never from rand(), so a session is reproducible from its command line.
*/
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bad_entry.h"
#include "movegen.h"
#include "rng.h"
#include "writer.h"

/* How the random player behaves; each is a chance "num in den". */
static const struct policy {
    int go_on_num, go_on_den;       /* continue a chain rather than end it */
    int jump_num, jump_den;         /* pick among jumps when there are any */
    int forward_num, forward_den;   /* pick among forward moves            */
    int bad_num, bad_den;           /* --junk: a bad entry before a prompt */
} POLICY = {3, 4, 1, 2, 2, 3, 1, 6};

/* Far more than any session needs; keeps a typo from writing gigabytes. */
#define MAX_MOVES 1000000

struct options {
    uint64_t seed;
    long moves;
    int junk, messy, eof_mid_move, stats;
};

struct stats { long moves, jumps, chain_quits, longest_chain, bad; };

static void usage(const char *name)
{
    fprintf(stderr, "usage: %s SEED MOVES [--junk] [--messy] "
                    "[--eof-mid-move] [--stats]\n"
                    "  SEED: 0..2^64-1, MOVES: 0..%d\n", name, MAX_MOVES);
    exit(2);
}

/* Reads a whole decimal number no larger than `max`, or fails with the
** usage message (strtoull alone would accept "-5" and wrap it). */
static uint64_t parse_count(const char *text, const char *name, uint64_t max)
{
    char *end;
    if (text[0] < '0' || text[0] > '9')
        usage(name);
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (*end != '\0' || errno == ERANGE || value > max)
        usage(name);
    return (uint64_t)value;
}

static void parse_options(int argc, char **argv, struct options *o)
{
    static const char *flags[] = {"--junk", "--messy", "--eof-mid-move", "--stats"};
    int *fields[] = {&o->junk, &o->messy, &o->eof_mid_move, &o->stats};
    int positional = 0;

    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        int matched = 0;
        for (int f = 0; f < 4; f++)
            if (strcmp(argv[i], flags[f]) == 0)
                *fields[f] = matched = 1;
        if (matched)
            continue;
        if (positional == 0)
            o->seed = parse_count(argv[i], argv[0], UINT64_MAX);
        else if (positional == 1)
            o->moves = (long)parse_count(argv[i], argv[0], MAX_MOVES);
        else
            usage(argv[0]);
        positional++;
    }
    if (positional != 2)
        usage(argv[0]);
}

/* Does the move head for the other side (down for red, up for green)? */
static int is_forward(const struct mg_game *g, const struct mg_move *m)
{
    return g->color == RE ? m->y_to > m->y_from : m->y_to < m->y_from;
}

static int is_jump_move(const struct mg_game *g, const struct mg_move *m)
{
    (void)g;
    return mg_is_jump(m);
}

/* Narrows pool[0..*n) to the moves passing `keep`, unless none would. */
static void narrow(const struct mg_game *g, struct mg_move *pool, int *n,
                   int (*keep)(const struct mg_game *, const struct mg_move *))
{
    int kept = 0;
    for (int i = 0; i < *n; i++)
        kept += keep(g, &pool[i]);
    if (kept == 0)
        return;
    kept = 0;
    for (int i = 0; i < *n; i++)
        if (keep(g, &pool[i]))
            pool[kept++] = pool[i];
    *n = kept;
}

enum choice { PLAY_MOVE, END_CHAIN, NO_MOVE };

/* The random player: what to type at the current prompt. */
static enum choice choose(const struct mg_game *g, struct rng *r,
                          struct mg_move *m)
{
    struct mg_move pool[MG_MAX_MOVES];
    int n = mg_list_moves(g, pool);

    if (n == 0)
        return g->in_chain ? END_CHAIN : NO_MOVE;
    if (g->in_chain && !rng_chance(r, POLICY.go_on_num, POLICY.go_on_den))
        return END_CHAIN;
    if (rng_chance(r, POLICY.jump_num, POLICY.jump_den))
        narrow(g, pool, &n, is_jump_move);
    if (rng_chance(r, POLICY.forward_num, POLICY.forward_den))
        narrow(g, pool, &n, is_forward);
    *m = pool[rng_below(r, (uint64_t)n)];
    return PLAY_MOVE;
}

static void write_move(struct writer *w, const struct mg_move *m)
{
    int v[4] = {m->x_from, m->y_from, m->x_to, m->y_to};
    for (int i = 0; i < 4; i++)
        writer_number(w, v[i], i > 0);
    writer_end_move(w);
}

static void write_quit(struct writer *w)
{
    static const char *quit[4] = {"-1", "-1", "-1", "-1"};
    writer_tokens(w, quit, 4, 0);
    writer_end_line(w);
}

/* --eof-mid-move: one to three tokens of a legal move, then nothing. */
static void write_partial_move(struct writer *w, const struct mg_game *g)
{
    struct mg_move pool[MG_MAX_MOVES];
    int n = mg_list_moves(g, pool);
    struct mg_move m = n > 0 ? pool[rng_below(w->rng, (uint64_t)n)]
                             : (struct mg_move){12, 8, 12, 8};
    int v[3] = {m.x_from, m.y_from, m.x_to};
    int count = 1 + (int)rng_below(w->rng, 3);
    for (int i = 0; i < count; i++)
        writer_number(w, v[i], i > 0);
    if (rng_chance(w->rng, 1, 2))
        writer_end_line(w);
}

static void play(const struct options *o, struct rng *r, struct writer *w,
                 struct stats *s)
{
    struct mg_game g;
    struct mg_move m;
    long chain = 0;

    mg_start(&g);
    while (s->moves < o->moves) {
        if (o->junk && rng_chance(r, POLICY.bad_num, POLICY.bad_den))
            s->bad += bad_entry_write(w, &g);
        enum choice c = choose(&g, r, &m);
        if (c == NO_MOVE) {
            fprintf(stderr, "random_game: no legal move after %ld moves; "
                            "the session ends early\n", s->moves);
            break;
        }
        if (c == END_CHAIN) {
            write_quit(w);
            mg_end_chain(&g);
            s->chain_quits++;
            chain = 0;
            continue;
        }
        write_move(w, &m);
        chain = mg_is_jump(&m) ? chain + 1 : 0;
        s->jumps += mg_is_jump(&m);
        s->longest_chain = chain > s->longest_chain ? chain : s->longest_chain;
        mg_play(&g, &m);
        if (!g.in_chain)
            chain = 0;
        s->moves++;
    }
    if (o->eof_mid_move) {
        write_partial_move(w, &g);
        return;
    }
    if (g.in_chain) {
        write_quit(w);
        s->chain_quits++;
    }
    write_quit(w);
}

int main(int argc, char **argv)
{
    struct options o;
    struct stats s = {0, 0, 0, 0, 0};

    parse_options(argc, argv, &o);
    struct rng r = rng_seed(o.seed);
    struct writer w = writer_start(stdout, &r, o.messy);
    play(&o, &r, &w, &s);
    if (o.stats)
        fprintf(stderr, "moves %ld  jumps %ld  chains ended by -1: %ld  "
                        "longest chain %ld  bad entries %ld\n",
                s.moves, s.jumps, s.chain_quits, s.longest_chain, s.bad);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("random_game: stdout");
        return 1;
    }
    return 0;
}
