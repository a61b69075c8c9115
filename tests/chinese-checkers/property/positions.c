/*
** positions.c -- property test of the required functions, position by
** position.
**
** Usage: positions BASE_SEED GAMES
**
** Plays the sessions of seeds BASE_SEED .. BASE_SEED+GAMES-1 (sessiongen.c)
** through the transcript model (model.c).  At every position the model
** reaches, the_board is set to it and the functions linked in -- the
** reference's solution/chinese-checkers/checkers.c, or any other checkers.c -- are asked:
**
**   check_neighbor, check_move(RE, ...), check_move(GR, ...), and
**   check_jump where the landing is EM (the header leaves check_jump's
**   view of an occupied landing open), for: every pair of the board's 121
**   spaces at one position in ALL_PAIRS_EVERY and at each game's last;
**   and at every position, each cell of the array with the six step and
**   six jump offsets (reaching off the array at its edges), each marble
**   with every offset up to two rows and four columns (the near misses),
**   and WILD_PAIRS random pairs reaching far off the array, up to INT_MIN
**   and INT_MAX (is_jumper is called on those too, for crashes only);
**   is_jumper after every jump either colour could make there (made on
**   the_board, then undone), and after each jump the game really makes;
**   and that no call changes the_board.
**
** The expected answers come from rules.c only.  Built with
** -fsanitize=address,undefined, an out-of-bounds access or an overflow
** on a wild coordinate stops the run.  On a disagreement it prints the
** seed, the position (with the board), the call and both answers, and
** exits 1; it stops after MAX_FAILED_GAMES failed games.  The model and
** the generator must also agree on what each session contains (moves,
** refused entries, chains ended, quit or end of input); a disagreement
** there is a bug in the tests and is reported as such.  When a sanitizer
** stops the run instead, the handler of SIGABRT (the sanitizers are told
** to abort) names the seed, the position and the call that was running.
*/
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chinese-checkers.h"
#include "model.h"
#include "rng.h"
#include "rules.h"
#include "sessiongen.h"

#define MAX_FAILED_GAMES 3
#define WILD_PAIRS 300
#define ALL_PAIRS_EVERY 8

enum function { NEIGHBOR, JUMP, MOVE, JUMPER };

struct call { enum function fn; int colour, xf, yf, xt, yt; };

struct run {
    uint64_t seed;                  /* of the game being played        */
    long game, games;
    long positions, calls, failed_games;
    int failed;                     /* this game has failed            */
    long moves;                     /* position = after this many moves */
    struct model_move last;
    int colour;                     /* to move at this position        */
    struct board board;             /* the position under test         */
    struct rng rng;                 /* for the sampled pairs           */
};

struct space { int x, y; };
static struct space spaces[121];
static int space_count;

/* What was running, for the last words when a sanitizer aborts. */
static const struct run *current_run;
static struct call in_progress;
static int calling;             /* in_progress is set */

/* ------------------------------------------------------------ reports */

static const char *colour_name(int colour)
{
    return colour == RE ? "RE" : colour == GR ? "GR" : "?";
}

static const char *answer_name(enum function fn, int value)
{
    if (fn == JUMPER)
        return value == TRUE ? "TRUE" : value == FALSE ? "FALSE" : "neither TRUE nor FALSE";
    return value == VALID_MOVE ? "VALID_MOVE"
         : value == INVALID_MOVE ? "INVALID_MOVE" : "neither VALID_MOVE nor INVALID_MOVE";
}

static void print_call(const struct call *c)
{
    static const char *const NAMES[] = {"check_neighbor", "check_jump",
                                        "check_move", "is_jumper"};
    printf("%s(", NAMES[c->fn]);
    if (c->fn == MOVE)
        printf("%s, ", colour_name(c->colour));
    printf("%d, %d, %d, %d)", c->xf, c->yf, c->xt, c->yt);
}

static void print_where(const struct run *r)
{
    printf("FAIL: seed %llu (game %ld of %ld), position after %ld move%s",
           (unsigned long long)r->seed, r->game + 1, r->games, r->moves,
           r->moves == 1 ? "" : "s");
    if (r->moves > 0)
        printf(" (the last: %lld %lld %lld %lld)", r->last.x_from,
               r->last.y_from, r->last.x_to, r->last.y_to);
    printf(", %s to move\n", r->colour == RE ? "RED" : "GREEN");
}

static void print_how_to_repeat(const struct run *r)
{
    printf("  repeat: build/property/positions %llu 1   "
           "(its input: build/property/sessions print %llu)\n",
           (unsigned long long)r->seed, (unsigned long long)r->seed);
}

/* Reports the first disagreement of a game (of call `c`, unless it is
** NULL); the rest of the game is skipped. */
static void fail(struct run *r, const struct call *c, int got, int want,
                 const struct board *shown, const char *note)
{
    if (r->failed)
        return;
    r->failed = 1;
    print_where(r);
    if (c) {
        printf("  ");
        print_call(c);
        printf(" returned %d (%s); the model says %d (%s)\n", got,
               answer_name(c->fn, got), want, answer_name(c->fn, want));
    }
    if (note)
        printf("  %s\n", note);
    printf("  the_board was:\n");
    model_print_board(stdout, shown);
    print_how_to_repeat(r);
}

/* --------------------------------------------------------------- calls */

static void load(const struct board *b)
{
    memcpy(the_board, b->cell, sizeof the_board);
}

static int as_move(int ok) { return ok ? VALID_MOVE : INVALID_MOVE; }

/* Notes the call about to be made, for last_words. */
static void about_to_call(const struct call *c)
{
    in_progress = *c;
    calling = 1;
}

static void expect(struct run *r, const struct call *c, int got, int want)
{
    r->calls++;
    if (got != want)
        fail(r, c, got, want, &r->board, NULL);
}

/* Every function that has a defined answer for (xf, yf) -> (xt, yt). */
static void check_pair(struct run *r, int xf, int yf, int xt, int yt)
{
    const struct board *b = &r->board;
    struct call c = {NEIGHBOR, 0, xf, yf, xt, yt};

    about_to_call(&c);
    expect(r, &c, check_neighbor(xf, yf, xt, yt),
           as_move(rules_neighbours(xf, yf, xt, yt)));
    if (rules_at(b, xt, yt) == EM) {
        c.fn = JUMP;
        about_to_call(&c);
        expect(r, &c, check_jump(xf, yf, xt, yt),
               as_move(rules_jumps_marble(b, xf, yf, xt, yt)));
    }
    c.fn = MOVE;
    for (c.colour = RE; c.colour <= GR; c.colour++) {
        about_to_call(&c);
        expect(r, &c, check_move(c.colour, xf, yf, xt, yt),
               as_move(rules_may_move(b, c.colour, xf, yf, xt, yt)));
    }
}

/* No call may change the_board. */
static void check_unchanged(struct run *r, const char *which)
{
    struct board now;
    char note[120];

    memcpy(now.cell, the_board, sizeof now.cell);
    if (r->failed || memcmp(&now, &r->board, sizeof now) == 0)
        return;
    snprintf(note, sizeof note, "the_board changed during the %s calls "
             "(shown as it was left)", which);
    fail(r, NULL, 0, 0, &now, note);
}

/* ------------------------------------------------------------- samples */

static void all_space_pairs(struct run *r)
{
    for (int i = 0; i < space_count && !r->failed; i++)
        for (int j = 0; j < space_count; j++)
            check_pair(r, spaces[i].x, spaces[i].y, spaces[j].x, spaces[j].y);
    check_unchanged(r, "all-pairs");
}

/* The six step offsets of the header, then twice each: the six jumps. */
static const int STEPS_AND_JUMPS[12][2] = {
    {-2, 0}, {2, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1},
    {-4, 0}, {4, 0}, {-2, -2}, {2, -2}, {-2, 2}, {2, 2},
};

/* From each cell of the array, the twelve step and jump offsets, which
** also reach off the array from its edges. */
static void step_and_jump_offsets(struct run *r)
{
    for (int y = 0; y < BOARD_SIZE_Y && !r->failed; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            for (int k = 0; k < 12; k++)
                check_pair(r, x, y, x + STEPS_AND_JUMPS[k][0], y + STEPS_AND_JUMPS[k][1]);
    check_unchanged(r, "step-and-jump-offset");
}

/* From each marble, every offset up to 2 rows and 4 columns: the near
** misses (straight up, a knight's move, (3,1), itself...) included. */
static void near_misses(struct run *r)
{
    for (int y = 0; y < BOARD_SIZE_Y && !r->failed; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++) {
            if (r->board.cell[y][x] != RE && r->board.cell[y][x] != GR)
                continue;
            for (int dy = -2; dy <= 2; dy++)
                for (int dx = -4; dx <= 4; dx++)
                    check_pair(r, x, y, x + dx, y + dy);
        }
    check_unchanged(r, "near-miss");
}

/* Coordinates at the edges of the array and of int. */
static const int EXTREMES[] = {
    INT_MIN, INT_MIN + 1, INT_MIN + 2, INT_MIN + 4, -1000000, -5, -4, -3, -2,
    -1, 17, 18, 19, 25, 26, 27, 29, 1000000, INT_MAX - 4, INT_MAX - 2,
    INT_MAX - 1, INT_MAX,
};

static int wild_coordinate(struct rng *g)
{
    switch (rng_below(g, 4)) {
    case 0:
        return EXTREMES[rng_below(g, sizeof EXTREMES / sizeof *EXTREMES)];
    case 1:
        return (int)((long long)rng_below(g, 1ULL << 32) + INT_MIN);
    default:
        return (int)rng_below(g, 35) - 5;       /* -5 .. 29 */
    }
}

/* `base` moved by up to `reach` either way, kept inside int. */
static int nudge(struct rng *g, int base, int reach)
{
    long long v = (long long)base + (long long)rng_below(g, 2 * (uint64_t)reach + 1) - reach;
    return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v;
}

static void wild_pairs(struct run *r)
{
    for (int i = 0; i < WILD_PAIRS && !r->failed; i++) {
        int xf = wild_coordinate(&r->rng);
        int yf = wild_coordinate(&r->rng);
        int near = rng_chance(&r->rng, 1, 2);
        int xt = near ? nudge(&r->rng, xf, 4) : wild_coordinate(&r->rng);
        int yt = near ? nudge(&r->rng, yf, 2) : wild_coordinate(&r->rng);
        check_pair(r, xf, yf, xt, yt);
        /* No defined answer off the board; it must only not crash. */
        struct call c = {JUMPER, 0, xf, yf, xt, yt};
        about_to_call(&c);
        (void)is_jumper(xf, yf, xt, yt);
    }
    check_unchanged(r, "wild-pair and is_jumper");
}

/* ------------------------------------------------------------- jumpers */

/* is_jumper once the jump (xf,yf)->(xt,yt) has been made on `after`. */
static void check_jumper(struct run *r, const struct board *after,
                         int xf, int yf, int xt, int yt, const char *note)
{
    struct call c = {JUMPER, 0, xf, yf, xt, yt};
    int want = rules_can_jump_on(after, xf, yf, xt, yt) ? TRUE : FALSE;
    struct board now;

    load(after);
    about_to_call(&c);
    int got = is_jumper(xf, yf, xt, yt);
    r->calls++;
    if (got != want)
        fail(r, &c, got, want, after, note);
    memcpy(now.cell, the_board, sizeof now.cell);
    if (!r->failed && memcmp(&now, after, sizeof now) != 0)
        fail(r, &c, got, want, &now, "is_jumper changed the_board (shown as it was left)");
}

/* If the marble at (x, y) may jump by (dx, dy), makes that jump on a copy
** of the position and asks is_jumper about it. */
static void try_jump(struct run *r, int x, int y, int dx, int dy)
{
    int colour = r->board.cell[y][x];
    struct board after = r->board;

    if (!rules_may_move(&r->board, colour, x, y, x + dx, y + dy)
        || rules_neighbours(x, y, x + dx, y + dy))
        return;
    after.cell[y + dy][x + dx] = colour;
    after.cell[y][x] = EM;
    check_jumper(r, &after, x, y, x + dx, y + dy,
                 "(the_board below is the position named above "
                 "with the jump of this call made on it)");
}

/* Every jump either colour could make here, made and then asked about. */
static void every_jump(struct run *r)
{
    for (int y = 0; y < BOARD_SIZE_Y && !r->failed; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            for (int k = 6; k < 12; k++)
                try_jump(r, x, y, STEPS_AND_JUMPS[k][0], STEPS_AND_JUMPS[k][1]);
}

/* --------------------------------------------------------------- hooks */

static void on_position(void *ctx, const struct board *b, int colour,
                        long moves, const struct model_move *last)
{
    struct run *r = ctx;

    if (r->failed)
        return;
    r->board = *b;
    r->colour = colour;
    r->moves = moves;
    if (last)
        r->last = *last;
    r->positions++;
    load(b);
    if (moves % ALL_PAIRS_EVERY == (long)(r->seed % ALL_PAIRS_EVERY))
        all_space_pairs(r);
    step_and_jump_offsets(r);
    near_misses(r);
    wild_pairs(r);
    every_jump(r);
}

/* A jump the game really makes, from the position of the last hook. */
static void on_jump(void *ctx, const struct board *after,
                    const struct model_move *m, int goes_on)
{
    struct run *r = ctx;

    (void)goes_on;      /* rules_can_jump_on answers again, in check_jumper */
    if (r->failed)
        return;
    check_jumper(r, after, (int)m->x_from, (int)m->y_from, (int)m->x_to,
                 (int)m->y_to, "(the_board below is the position named above "
                 "after the game's next move, this jump)");
}

/* ------------------------------------------------------ sanitizer stops */

/* Read by the sanitizer runtimes at start-up: abort on an error, so that
** last_words runs (their default is to _exit, which nothing can catch). */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);
const char *__asan_default_options(void) { return "abort_on_error=1"; }
const char *__ubsan_default_options(void) { return "abort_on_error=1:print_stacktrace=1"; }

/* SIGABRT: a sanitizer found an error inside a call of the functions
** under test.  Those are never called from within stdio, so printing
** here cannot meet a stream in the middle of an operation. */
static void last_words(int sig)
{
    (void)sig;
    if (!current_run)
        return;
    print_where(current_run);
    if (calling) {
        printf("  a sanitizer stopped the run (its report is above) in ");
        print_call(&in_progress);
        printf("\n");
    }
    print_how_to_repeat(current_run);
    fflush(stdout);
}

/* ---------------------------------------------------------------- games */

static void print_counts(const char *who, long moves, long refused,
                         long chain_ends, int quit)
{
    printf("  %s: %ld moves, %ld refused entries, %ld chains ended by "
           "-1 -1 -1 -1, ended by %s\n", who, moves, refused, chain_ends,
           quit ? "a quit" : "end of input");
}

/* The generator and the model must read a session the same way. */
static void check_counts(struct run *r, const struct session_counts *meant,
                         const struct model_result *seen)
{
    if (r->failed || (meant->moves == seen->moves && meant->refused == seen->invalid
                      && meant->chain_ends == seen->chain_ends
                      && meant->quit == seen->quit))
        return;
    r->failed = 1;
    printf("TEST BUG: seed %llu: tests/gen's move model and the transcript "
           "model read this session differently\n", (unsigned long long)r->seed);
    print_counts("generator", meant->moves, meant->refused, meant->chain_ends, meant->quit);
    print_counts("model    ", seen->moves, seen->invalid, seen->chain_ends, seen->quit);
    print_how_to_repeat(r);
}

static void play_game(struct run *r, uint64_t seed)
{
    struct session_counts meant;
    struct model_result seen;
    struct model_hooks hooks = {r, on_position, on_jump};
    size_t len;
    unsigned char *text = session_generate(seed, &len, &meant);

    if (!text) {
        perror("positions: making a session");
        exit(2);
    }
    r->seed = seed;
    r->failed = 0;
    r->rng = rng_seed(seed ^ 0x70736974696f6e73u);
    model_run(text, len, NULL, &hooks, &seen);
    if (!r->failed && r->moves % ALL_PAIRS_EVERY != (long)(seed % ALL_PAIRS_EVERY)) {
        load(&r->board);
        all_space_pairs(r);     /* the last position always gets them */
    }
    check_counts(r, &meant, &seen);
    free(text);
    r->failed_games += r->failed;
}

static void list_spaces(void)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            if (rules_is_space(x, y) && space_count < 121)
                spaces[space_count++] = (struct space){x, y};
}

static uint64_t parse_number(const char *text, const char *what)
{
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (*text < '0' || *text > '9' || *end != '\0') {
        fprintf(stderr, "positions: %s must be a whole number, not '%s'\n", what, text);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    struct run r;

    if (argc != 3) {
        fprintf(stderr, "usage: %s BASE_SEED GAMES\n", argv[0]);
        return 2;
    }
    memset(&r, 0, sizeof r);
    uint64_t base = parse_number(argv[1], "BASE_SEED");
    r.games = (long)parse_number(argv[2], "GAMES");
    list_spaces();
    current_run = &r;
    signal(SIGABRT, last_words);
    for (r.game = 0; r.game < r.games && r.failed_games < MAX_FAILED_GAMES; r.game++)
        play_game(&r, base + (uint64_t)r.game);
    printf("%ld games from seed %llu: %ld positions, %ld calls, %ld failed game%s\n",
           r.game, (unsigned long long)base, r.positions, r.calls, r.failed_games,
           r.failed_games == 1 ? "" : "s");
    return r.failed_games > 0;
}
