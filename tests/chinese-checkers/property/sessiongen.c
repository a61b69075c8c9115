/*
** sessiongen.c -- seeded random sessions (see sessiongen.h): a plan drawn
** from the seed (length, refused entries, layout, ending), a random
** player on top of tests/gen's move model, and a last pass that swaps
** some blanks for other whitespace.
*/
#include <stdlib.h>
#include <string.h>

#include "sessiongen.h"

#include "bad_entry.h"
#include "movegen.h"
#include "rng.h"
#include "writer.h"

enum ending {
    END_QUIT,            /* -1 -1 -1 -1 (twice inside a chain)         */
    END_QUIT_THEN_MORE,  /* a quit, then text the game never reads     */
    END_AT_PROMPT,       /* the input just stops                       */
    END_MID_MOVE,        /* one to three numbers of a move, then stops */
    END_MID_CHAIN,       /* stops while a chain is open                */
    END_AFTER_JUNK,      /* a junk token with no newline is the last   */
    END_KINDS
};

struct plan {
    long moves;
    int junk;        /* refused entries now and then           */
    int messy;       /* tests/gen's messy layout               */
    int spice;       /* some blanks become \t \v \f \r         */
    int crlf;        /* every line ends in \r\n                */
    enum ending ending;
};

struct session {
    struct plan plan;
    struct rng rng;
    struct writer w;
    struct mg_game game;
    struct session_counts *counts;
};

/* Entries refused in any position: none reads as -1 -1 -1 -1, and every
** numeric one has a coordinate off the array. */
static const char *const ALWAYS_REFUSED[] = {
    "-1 -1 -1 0", "-1 -1 -1 -2", "1 -1 -1 -1", "-1 -1 +1 -1", "-1 -1 -1 x",
    "--1 -1 -1 -1", "-1.0 -1 -1 -1", "-0 -0 -0 -0", "4294967305 3 10 4",
    "-4294967297 -1 -1 -1", "123456789012345678901234567890 3 10 4",
    "12\xc2\xbd", "\xd9\xa9 3 10 4", "\x7f", "9,3 10 4", "0x9 3 10 4",
    "1e1 3 10 4", "2147483647 2147483647 -2147483648 -2147483648",
    "25 4 24 5", "12 17 12 15", "+ 9 3 10 4",
};
#define ALWAYS_REFUSED_COUNT (sizeof ALWAYS_REFUSED / sizeof *ALWAYS_REFUSED)

/* ------------------------------------------------------------ the plan */

static long pick_length(struct rng *r)
{
    uint64_t kind = rng_below(r, 10);
    if (kind == 0)
        return (long)rng_below(r, 4);
    if (kind < 8)
        return 4 + (long)rng_below(r, 24);
    return 30 + (long)rng_below(r, 120);
}

static struct plan pick_plan(struct rng *r)
{
    struct plan p;
    p.moves = pick_length(r);
    p.junk = rng_chance(r, 1, 2);
    p.messy = rng_chance(r, 1, 2);
    p.spice = p.messy && rng_chance(r, 1, 2);
    p.crlf = rng_chance(r, 1, 8);
    p.ending = (enum ending)rng_below(r, END_KINDS);
    return p;
}

/* ---------------------------------------------------------- the player */

static int is_jump(const struct mg_game *g, const struct mg_move *m)
{
    (void)g;
    return mg_is_jump(m);
}

static int heads_across(const struct mg_game *g, const struct mg_move *m)
{
    return g->color == RE ? m->y_to > m->y_from : m->y_to < m->y_from;
}

/* Keeps the moves of pool[0..*n) that pass `keep`, if any does. */
static void prefer(const struct mg_game *g, struct mg_move *pool, int *n,
                   int (*keep)(const struct mg_game *, const struct mg_move *))
{
    int kept = 0;
    for (int i = 0; i < *n; i++)
        if (keep(g, &pool[i]))
            pool[kept++] = pool[i];
    if (kept > 0)
        *n = kept;
}

enum choice { PLAY, END_CHAIN, STUCK };

static enum choice choose(struct session *s, struct mg_move *m, int want_jump)
{
    struct mg_move pool[MG_MAX_MOVES];
    int n = mg_list_moves(&s->game, pool);

    if (n == 0)
        return s->game.in_chain ? END_CHAIN : STUCK;
    if (s->game.in_chain && rng_chance(&s->rng, 1, 3))
        return END_CHAIN;
    if (want_jump || rng_chance(&s->rng, 1, 2))
        prefer(&s->game, pool, &n, is_jump);
    if (rng_chance(&s->rng, 2, 3))
        prefer(&s->game, pool, &n, heads_across);
    *m = pool[rng_below(&s->rng, (uint64_t)n)];
    return PLAY;
}

static void write_move(struct session *s, const struct mg_move *m)
{
    int v[4] = {m->x_from, m->y_from, m->x_to, m->y_to};
    for (int i = 0; i < 4; i++)
        writer_number(&s->w, v[i], i > 0);
    writer_end_move(&s->w);
}

static void write_text(struct session *s, const char *entry)
{
    char token[64];     /* longer than any token of this file */
    const char *at = entry;
    while (*at) {
        size_t n = strcspn(at, " ");
        memcpy(token, at, n);
        token[n] = '\0';
        writer_token(&s->w, token, 0);
        at += n + (at[n] == ' ');
    }
}

static void write_quit(struct session *s)
{
    write_text(s, "-1 -1 -1 -1");
    writer_end_line(&s->w);
}

/* --junk: sometimes one refused entry before the prompt's real answer. */
static void maybe_refuse(struct session *s)
{
    if (!s->plan.junk || !rng_chance(&s->rng, 1, 5))
        return;
    if (rng_chance(&s->rng, 1, 3)) {
        write_text(s, ALWAYS_REFUSED[rng_below(&s->rng, ALWAYS_REFUSED_COUNT)]);
        writer_end_line(&s->w);
        s->counts->refused++;
    } else
        s->counts->refused += bad_entry_write(&s->w, &s->game);
}

/* Plays one prompt; 0 when the player to move is stuck. */
static int step(struct session *s, int want_jump)
{
    struct mg_move m;

    maybe_refuse(s);
    switch (choose(s, &m, want_jump)) {
    case STUCK:
        return 0;
    case END_CHAIN:
        write_quit(s);
        mg_end_chain(&s->game);
        s->counts->chain_ends++;
        return 1;
    case PLAY:
        break;
    }
    write_move(s, &m);
    mg_play(&s->game, &m);
    s->counts->moves++;
    return 1;
}

/* ------------------------------------------------------------ endings */

/* One to three numbers of a move the player could make, then nothing. */
static void write_part_of_move(struct session *s)
{
    struct mg_move pool[MG_MAX_MOVES];
    int n = mg_list_moves(&s->game, pool);
    struct mg_move m = {12, 8, 12, 8};
    if (n > 0)
        m = pool[rng_below(&s->rng, (uint64_t)n)];
    int v[3] = {m.x_from, m.y_from, m.x_to};
    int count = 1 + (int)rng_below(&s->rng, 3);
    for (int i = 0; i < count; i++)
        writer_number(&s->w, v[i], i > 0);
    if (rng_chance(&s->rng, 1, 2))
        writer_end_line(&s->w);
}

/* Plays on, jumping whenever it can, until a chain is open. */
static void open_a_chain(struct session *s)
{
    for (int tries = 0; tries < 60 && !s->game.in_chain; tries++)
        if (!step(s, 1))
            return;
}

static void quit(struct session *s)
{
    if (s->game.in_chain) {
        write_quit(s);
        mg_end_chain(&s->game);
        s->counts->chain_ends++;
    }
    write_quit(s);
    s->counts->quit = 1;
}

static void finish(struct session *s)
{
    switch (s->plan.ending) {
    case END_QUIT:
        quit(s);
        break;
    case END_QUIT_THEN_MORE:
        quit(s);
        write_text(s, "9 3 10 4 -1 -1 -1 -1 junk");
        writer_end_line(&s->w);
        break;
    case END_AT_PROMPT:
        if (rng_chance(&s->rng, 1, 2))
            writer_end_line(&s->w);
        break;
    case END_MID_MOVE:
        write_part_of_move(s);
        break;
    case END_MID_CHAIN:
        open_a_chain(s);
        if (rng_chance(&s->rng, 1, 2))
            write_part_of_move(s);
        break;
    case END_AFTER_JUNK:
    default:
        writer_token(&s->w, "zz", 0);
        s->counts->refused++;
        break;
    }
}

/* ------------------------------------------------------------- layout */

/* The whole of `f`, from its start, in a malloc'd buffer. */
static unsigned char *read_back(FILE *f, size_t *len)
{
    long size;
    unsigned char *text;

    if (fflush(f) != 0 || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0)
        return NULL;
    rewind(f);
    text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        return NULL;
    }
    *len = (size_t)size;
    return text;
}

/* Whitespace the game must treat like a blank or a line end: some
** blanks become \t \v \f or \r, and with crlf each \n becomes \r\n. */
static unsigned char *respace(struct session *s, unsigned char *text, size_t *len)
{
    static const char OTHER_BLANKS[] = "\t\v\f\r";
    unsigned char *out = malloc(2 * *len + 1);
    size_t n = 0;

    if (!out) {
        free(text);
        return NULL;
    }
    for (size_t i = 0; i < *len; i++) {
        unsigned char c = text[i];
        if (c == ' ' && s->plan.spice && rng_chance(&s->rng, 1, 5))
            c = (unsigned char)OTHER_BLANKS[rng_below(&s->rng, 4)];
        if (c == '\n' && s->plan.crlf)
            out[n++] = '\r';
        out[n++] = c;
    }
    free(text);
    *len = n;
    return out;
}

unsigned char *session_generate(uint64_t seed, size_t *len,
                                struct session_counts *counts)
{
    struct session s;
    struct session_counts zero = {0, 0, 0, 0};
    FILE *f = tmpfile();
    unsigned char *text;

    if (!f)
        return NULL;
    *counts = zero;
    s.rng = rng_seed(seed);
    s.plan = pick_plan(&s.rng);
    s.w = writer_start(f, &s.rng, s.plan.messy);
    s.counts = counts;
    mg_start(&s.game);
    while (counts->moves < s.plan.moves && step(&s, 0))
        ;
    finish(&s);
    text = read_back(f, len);
    fclose(f);
    return text ? respace(&s, text, len) : NULL;
}
