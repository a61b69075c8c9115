/*
** bad_entry.c -- makes the bad entries of --junk (see bad_entry.h).
**
** Most kinds are found the same way: look at every cell of the array as a
** source and each of the 12 offsets (6 steps, 6 jumps) from it, keep the
** moves a kind's test accepts, and pick one of them at random (reservoir
** sampling, so nothing is stored).  The tests are written so that, where
** possible, exactly one thing is wrong with the move: an occupied landing
** is a real step onto a marble, a dead-area landing is one offset away
** from the player's own marble, and so on.
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "bad_entry.h"

#define TOKEN_MAX 24
#define BAD_TOKENS 8

struct bad {
    char text[BAD_TOKENS][TOKEN_MAX];
    int count;
    int junk;           /* has a non-number: the rest of its line is lost */
};

/* The four numbers of `m`, as typed. */
static void set_move_text(struct bad *b, const struct mg_move *m)
{
    int v[4] = {m->x_from, m->y_from, m->x_to, m->y_to};
    for (int i = 0; i < 4; i++)
        snprintf(b->text[i], TOKEN_MAX, "%d", v[i]);
    b->count = 4;
}

/* A kind's filter over candidate moves: `m` goes from its source by
** `scale` (1 step, 2 jump) times one of mg_offsets.  Is it of this kind? */
typedef int offset_test(const struct mg_game *g, const struct mg_move *m,
                        int scale);

static int in_array(int x, int y)
{
    return x >= 0 && x < BOARD_SIZE_X && y >= 0 && y < BOARD_SIZE_Y;
}

static int is_marble(int cell) { return cell == RE || cell == GR; }

static int other(int color) { return color == RE ? GR : RE; }

static int own_source(const struct mg_game *g, const struct mg_move *m)
{
    return mg_cell(g, m->x_from, m->y_from) == g->color;
}

static int lands_on_empty(const struct mg_game *g, const struct mg_move *m)
{
    return mg_cell(g, m->x_to, m->y_to) == EM;
}

/* A step, or a jump over a marble: right in shape, whatever the source. */
static int good_shape(const struct mg_game *g, const struct mg_move *m, int scale)
{
    int dir = mg_jump_dir(m);
    return scale == 1 || is_marble(mg_cell(g, m->x_from + mg_offsets[dir][0],
                                           m->y_from + mg_offsets[dir][1]));
}

static int test_dead_landing(const struct mg_game *g, const struct mg_move *m, int scale)
{
    (void)scale;
    return own_source(g, m) && in_array(m->x_to, m->y_to)
        && !mg_is_space(m->x_to, m->y_to);
}

static int test_off_landing(const struct mg_game *g, const struct mg_move *m, int scale)
{
    (void)scale;
    return own_source(g, m) && !in_array(m->x_to, m->y_to);
}

static int test_dead_source(const struct mg_game *g, const struct mg_move *m, int scale)
{
    (void)scale;
    return in_array(m->x_from, m->y_from) && !mg_is_space(m->x_from, m->y_from)
        && lands_on_empty(g, m);
}

static int test_opponent(const struct mg_game *g, const struct mg_move *m, int scale)
{
    return mg_cell(g, m->x_from, m->y_from) == other(g->color)
        && lands_on_empty(g, m) && good_shape(g, m, scale);
}

static int test_empty_source(const struct mg_game *g, const struct mg_move *m, int scale)
{
    return mg_cell(g, m->x_from, m->y_from) == EM && lands_on_empty(g, m)
        && good_shape(g, m, scale);
}

static int test_occupied(const struct mg_game *g, const struct mg_move *m, int scale)
{
    return own_source(g, m) && is_marble(mg_cell(g, m->x_to, m->y_to))
        && good_shape(g, m, scale);
}

static int test_jump_over_empty(const struct mg_game *g, const struct mg_move *m, int scale)
{
    return own_source(g, m) && scale == 2 && lands_on_empty(g, m)
        && !good_shape(g, m, scale);
}

static int is_chain_marble(const struct mg_game *g, const struct mg_move *m)
{
    return m->x_from == g->chain_x && m->y_from == g->chain_y;
}

/* Inside a chain: a move another marble could make on a fresh turn. */
static int test_chain_other(const struct mg_game *g, const struct mg_move *m, int scale)
{
    struct mg_game fresh = *g;
    (void)scale;
    fresh.in_chain = 0;
    return g->in_chain && !is_chain_marble(g, m) && mg_legal(&fresh, m);
}

static int test_chain_step(const struct mg_game *g, const struct mg_move *m, int scale)
{
    return g->in_chain && is_chain_marble(g, m) && scale == 1
        && lands_on_empty(g, m);
}

static int test_chain_back(const struct mg_game *g, const struct mg_move *m, int scale)
{
    (void)scale;
    return g->in_chain && is_chain_marble(g, m)
        && m->x_to == g->back_x && m->y_to == g->back_y;
}

/* Picks uniformly one offset move passing `test`; 0 if there is none. */
static int pick_offset_move(const struct mg_game *g, struct rng *r,
                            offset_test *test, struct mg_move *out)
{
    uint64_t seen = 0;
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            for (int k = 0; k < 12; k++) {
                int scale = 1 + k / 6, dir = k % 6;
                struct mg_move m = {x, y, x + scale * mg_offsets[dir][0],
                                    y + scale * mg_offsets[dir][1]};
                if (test(g, &m, scale) && rng_below(r, ++seen) == 0)
                    *out = m;
            }
    return seen > 0;
}

/* Own marble to an empty space that is neither a step nor a jump away. */
static int make_not_adjacent(const struct mg_game *g, struct rng *r,
                             struct mg_move *out, struct bad *b)
{
    uint64_t seen = 0;
    for (int from = 0; from < BOARD_SIZE_X * BOARD_SIZE_Y; from++)
        for (int to = 0; to < BOARD_SIZE_X * BOARD_SIZE_Y; to++) {
            struct mg_move m = {from % BOARD_SIZE_X, from / BOARD_SIZE_X,
                                to % BOARD_SIZE_X, to / BOARD_SIZE_X};
            if (own_source(g, &m) && lands_on_empty(g, &m)
                && mg_step_dir(&m) < 0 && mg_jump_dir(&m) < 0
                && rng_below(r, ++seen) == 0)
                *out = m;
        }
    if (seen > 0)
        set_move_text(b, out);
    return seen > 0;
}

/* Any legal move, as a base for the kinds that spoil one token of it. */
static int pick_legal(const struct mg_game *g, struct rng *r, struct mg_move *m)
{
    struct mg_move pool[MG_MAX_MOVES];
    int n = mg_list_moves(g, pool);
    if (n > 0)
        *m = pool[rng_below(r, (uint64_t)n)];
    return n > 0;
}

/* Off the array, spelled as typed, and the int the game reads it as.
** 4294967306 is 2^32 + 10: a reader that wraps instead of saturating
** would see the board column 10. */
static const struct { const char *text; int value; } OFF_ARRAY[] = {
    {"-1", -1}, {"-2", -2}, {"25", 25}, {"17", 17}, {"-1000000", -1000000},
    {"2147483647", INT_MAX}, {"-2147483648", INT_MIN},
    {"99999999999", INT_MAX}, {"-2147483649", INT_MIN},
    {"4294967306", INT_MAX},
};

static int make_off_array(const struct mg_game *g, struct rng *r,
                          struct mg_move *m, struct bad *b)
{
    if (!pick_legal(g, r, m))
        return 0;
    int which = (int)rng_below(r, 4);
    int pick = (int)rng_below(r, sizeof OFF_ARRAY / sizeof *OFF_ARRAY);
    int *coord[4] = {&m->x_from, &m->y_from, &m->x_to, &m->y_to};
    *coord[which] = OFF_ARRAY[pick].value;
    set_move_text(b, m);
    snprintf(b->text[which], TOKEN_MAX, "%s", OFF_ARRAY[pick].text);
    return 1;
}

/* Tokens that are not "optional sign, then digits". */
static const char *const JUNK[] = {
    "x", "abc", "3x", "-", "+", "1.5", "--2", "0x1F", "4,", "#", "R", "+-3",
    "seven", "5-",
};

/* A legal move with one token spoiled; what follows it on the line is
** thrown away by the game, sometimes including a whole legal move. */
static int make_junk(const struct mg_game *g, struct rng *r,
                     struct mg_move *m, struct bad *b)
{
    if (!pick_legal(g, r, m))
        return 0;
    set_move_text(b, m);
    /* Two statements: the order of calls within one expression is
    ** unspecified, and the session must not depend on the compiler. */
    int spoiled = (int)rng_below(r, 4);
    int word = (int)rng_below(r, sizeof JUNK / sizeof *JUNK);
    snprintf(b->text[spoiled], TOKEN_MAX, "%s", JUNK[word]);
    if (rng_chance(r, 1, 3)) {
        struct mg_move again = *m;
        pick_legal(g, r, &again);
        struct bad tail;
        set_move_text(&tail, &again);
        for (int i = 0; i < 4; i++)
            memcpy(b->text[4 + i], tail.text[i], TOKEN_MAX);
        b->count = 8;
    }
    b->junk = 1;
    return 1;
}

static const struct bad_kind {
    int chain_only;       /* makes sense only while a chain is open */
    offset_test *test;    /* an offset kind, or NULL for `make`     */
    int (*make)(const struct mg_game *, struct rng *, struct mg_move *,
                struct bad *);
} KINDS[] = {
    {0, test_dead_landing, NULL},    {0, test_off_landing, NULL},
    {0, test_dead_source, NULL},     {0, test_opponent, NULL},
    {0, test_empty_source, NULL},    {0, test_occupied, NULL},
    {0, test_jump_over_empty, NULL}, {0, NULL, make_off_array},
    {0, NULL, make_junk},            {0, NULL, make_not_adjacent},
    {1, test_chain_other, NULL},     {1, test_chain_step, NULL},
    {1, test_chain_back, NULL},
};
#define KIND_COUNT ((int)(sizeof KINDS / sizeof *KINDS))

static int make_kind(const struct bad_kind *k, const struct mg_game *g,
                     struct rng *r, struct bad *b)
{
    struct mg_move m;
    int made;

    memset(b, 0, sizeof *b);
    if (k->make)
        made = k->make(g, r, &m, b);
    else if ((made = pick_offset_move(g, r, k->test, &m)))
        set_move_text(b, &m);
    /* A junk token is refused whatever the numbers say; a numeric entry
    ** must be checked, as an off-array value for x may land on the board. */
    return made && (b->junk || !mg_legal(g, &m));
}

static int is_quit_text(const struct bad *b)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(b->text[i], "-1") != 0)
            return 0;
    return 1;
}

int bad_entry_write(struct writer *w, const struct mg_game *g)
{
    struct bad b;
    for (int tries = 0; tries < 20; tries++) {
        const struct bad_kind *k = &KINDS[rng_below(w->rng, KIND_COUNT)];
        if ((k->chain_only && !g->in_chain) || !make_kind(k, g, w->rng, &b)
            || is_quit_text(&b))
            continue;
        for (int i = 0; i < b.count; i++)
            writer_token(w, b.text[i], !b.junk && i > 0);
        if (b.junk)
            writer_end_line(w);
        else
            writer_end_move(w);
        return 1;
    }
    return 0;
}
