/*
** hidden/memory.c -- the bot when memory runs out.  chinese_checkers_bot.h
** says what it must then do: answer legally or lose the game cleanly --
** no crash, no memory error, and everything it allocated freed by
** TermChineseCheckers.  An illegal move (a pass with moves to make, say)
** only puts it out, as in a tournament.
**
** The interposer: this file defines malloc, calloc, realloc and free for
** the whole test binary, each passing the call on to the next definition
** (the sanitizer's, or the C library's; dlsym(RTLD_NEXT)).  It counts
** only the allocations made while the bot's own function runs (this
** file's thunks call student_NAME, forward.h, inside the window), fails
** the Nth of them (or every one from a point on), and keeps the blocks
** allocated there that are not yet freed.  The bot's functions run in the
** callee process (callee.h), whose binary is linked with the same test
** objects as the worker's (and the submission), so the interposer is
** there too; the test sets and reads its state there through
** callee_call() with thunks of its own.
** The counts come back from the bot's process, as the bot's answers do:
** a bot could forge them only to hide its own leak from this one test,
** and the grader's memory checks still run.
*/
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "callee.h"
#include "forward.h"
#include "graded_test.h"
#include "support.h"

/* ---- The interposer (state of the process the bot runs in) ------------- */

#define LIVE_MAX 4096

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);
static int resolving;

static struct {
    int counting;               /* inside a window                         */
    long count;                 /* allocations counted                     */
    long fail_at;               /* > 0: the count-th allocation fails ...  */
    int fail_rest;              /* ... and, when set, every one after it   */
    long failed;                /* allocations failed                      */
    int live_lost;              /* more live blocks than the table holds   */
    int live;
    void *block[LIVE_MAX];
} mem;

/* The next definitions; while dlsym runs, an allocation it asks for
** fails (it does not need one on this C library's success path). */
static int resolve(void)
{
    if (next_free)
        return 0;
    if (resolving)
        return -1;
    resolving = 1;
    next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
    next_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
    next_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
    next_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
    resolving = 0;
    return next_malloc && next_calloc && next_realloc && next_free ? 0 : -1;
}

/* 1 when the allocation being made must fail. */
static int must_fail(void)
{
    if (!mem.counting)
        return 0;
    mem.count++;
    if (mem.fail_at > 0 && (mem.count == mem.fail_at || (mem.fail_rest && mem.count > mem.fail_at))) {
        mem.failed++;
        return 1;
    }
    return 0;
}

static void keep(void *p)
{
    if (!p || !mem.counting)
        return;
    if (mem.live < LIVE_MAX)
        mem.block[mem.live++] = p;
    else
        mem.live_lost = 1;
}

static void forget(void *p)
{
    for (int i = 0; p && i < mem.live; i++)
        if (mem.block[i] == p) {
            mem.block[i] = mem.block[--mem.live];
            return;
        }
}

void *malloc(size_t n)
{
    if (resolve() != 0 || must_fail())
        return NULL;
    void *p = next_malloc(n);
    keep(p);
    return p;
}

void *calloc(size_t n, size_t size)
{
    if (resolve() != 0 || must_fail())
        return NULL;
    void *p = next_calloc(n, size);
    keep(p);
    return p;
}

void *realloc(void *old, size_t n)
{
    if (resolve() != 0 || must_fail())
        return NULL;
    void *p = next_realloc(old, n);
    if (p && mem.counting) {
        forget(old);
        keep(p);
    }
    return p;
}

void free(void *p)
{
    if (!p || resolve() != 0)
        return;
    if (mem.counting)
        forget(p);
    next_free(p);
}

/* ---- Its control, from the test ------------------------------------------ */

enum mem_op { MEM_RESET, MEM_READ, MEM_FAIL_REST_NOW };

struct mem_args {
    enum mem_op op;
    long fail_at;
    /* out */
    long count, failed;
    int live, live_lost;
};

/* Runs in the bot's process. */
static void mem_thunk(void *p)
{
    struct mem_args *a = p;

    switch (a->op) {
    case MEM_RESET:
        memset(&mem, 0, sizeof mem);
        mem.fail_at = a->fail_at;
        break;
    case MEM_READ:
        break;
    case MEM_FAIL_REST_NOW:
        mem.fail_at = mem.count + 1;
        mem.fail_rest = 1;
        break;
    }
    a->count = mem.count;
    a->failed = mem.failed;
    a->live = mem.live;
    a->live_lost = mem.live_lost;
}
CALLEE_THUNK(mem_thunk);

static struct mem_args mem_do(enum mem_op op, long fail_at)
{
    struct mem_args a = {.op = op, .fail_at = fail_at};

    callee_call("the test's allocation counter", mem_thunk, &a, sizeof a, 0);
    return a;
}

/* ---- The bot's four functions, counted ------------------------------------ */

/* Like forward.c's, but each thunk opens the window around the call of
** the submission's function itself, so that only the bot's own
** allocations are counted, never the callee's.  What comes back is
** plain numbers: YourMove's positions, which the referee judges. */
struct bot_args {
    int op;                     /* 0 Init, 1 YourMove, 2 OpponentMove, 3 Term */
    long players, size, points[6], me, opponent;
    Position from, to;
};

static void bot_thunk(void *p)
{
    struct bot_args *a = p;

    mem.counting = 1;
    if (a->op == 0)
        student_InitChineseCheckers(a->players, a->size, a->points, a->me);
    else if (a->op == 1)
        student_YourMove(&a->from, &a->to);
    else if (a->op == 2)
        student_OpponentMove(a->opponent, a->from, a->to);
    else
        student_TermChineseCheckers();
    mem.counting = 0;
}
CALLEE_THUNK(bot_thunk);

static const char *const bot_names[] = {"InitChineseCheckers", "YourMove", "OpponentMove", "TermChineseCheckers"};

static void bot_call(struct bot_args *a)
{
    struct bot_args copy = *a;

    callee_call(bot_names[a->op], bot_thunk, &copy, sizeof copy, 0);
    if (a->op == 1) {
        a->from = copy.from;
        a->to = copy.to;
    }
}

/* ---- A game ---------------------------------------------------------------- */

struct run {
    int size, players, me, cap;
    long fail_at;               /* the Nth allocation fails (0: none)      */
    int oom_after_init;         /* every allocation after Init fails       */
    /* out */
    int out;                    /* the bot moved illegally: put out        */
    int moves;
    char why[200];
    struct mem_args end;        /* the counter after TermChineseCheckers   */
};

static void play(struct run *run)
{
    int points[6];
    long pts[6] = {0};
    struct hbot *bots[6] = {0};
    struct rgame *g;

    bc_default_points(run->players, points);
    for (int s = 0; s < run->players; s++)
        pts[s] = points[s];
    g = rgame_new(run->size, run->players, points, run->cap);
    cr_assert_not_null(g, "the kit could not set up the game");
    for (int s = 0; s < run->players; s++)
        if (s != run->me) {
            bots[s] = hbot_new(HBOT_GREEDY, 1, 40 + (uint64_t)s);
            cr_assert(bots[s] && hbot_init(bots[s], run->players, run->size, pts, s) == 0,
                      "the kit could not start its bots");
        }
    mem_do(MEM_RESET, run->fail_at);
    struct bot_args init = {.op = 0, .players = run->players, .size = run->size, .me = run->me};
    memcpy(init.points, pts, sizeof init.points);
    bot_call(&init);
    if (run->oom_after_init)
        mem_do(MEM_FAIL_REST_NOW, 0);
    for (int s; (s = rgame_to_move(g)) >= 0;) {
        long mv[4];
        if (s == run->me) {
            struct bot_args move = {.op = 1, .from = {-1, -1}, .to = {-1, -1}};
            bot_call(&move);
            mv[0] = move.from.row, mv[1] = move.from.col, mv[2] = move.to.row, mv[3] = move.to.col;
            run->moves++;
        } else {
            hbot_move(bots[s], &mv[0], &mv[1], &mv[2], &mv[3]);
        }
        if (rgame_claim(g, mv[0], mv[1], mv[2], mv[3], NULL, NULL, run->why, sizeof run->why) == RGAME_ILLEGAL) {
            cr_assert(s == run->me, "a house bot moved illegally (%s): a fault of the kit", run->why);
            run->out = 1;
            rgame_out(g, s);
            continue;
        }
        for (int t = 0; t < run->players; t++) {
            if (t == s || rgame_is_out(g, t))
                continue;
            if (t != run->me) {
                hbot_opponent(bots[t], s, mv[0], mv[1], mv[2], mv[3]);
                continue;
            }
            struct bot_args told = {.op = 2, .opponent = s, .from = {mv[0], mv[1]}, .to = {mv[2], mv[3]}};
            bot_call(&told);
        }
    }
    struct bot_args term = {.op = 3};
    bot_call(&term);
    run->end = mem_do(MEM_READ, 0);
    for (int s = 0; s < run->players; s++)
        hbot_free(bots[s]);
    rgame_free(g);
}

static void assert_clean(const struct run *run, const char *what)
{
    cr_assert(!run->end.live_lost && run->end.live == 0, "size %d, %d players, your seat %d, %s: after "
              "TermChineseCheckers, %s%d blocks your bot allocated are still allocated (a bot must free what it "
              "allocated, also after a failed allocation)", run->size, run->players, run->me, what,
              run->end.live_lost ? "more than " : "", run->end.live);
}

/* A game of size 3 with no allocation failing: it must be legal and
** leave nothing allocated (so that a bot that never answers legally gets
** nothing from this suite); returns the allocations it made. */
static long a_clean_game(void)
{
    struct run first = {.size = 3, .players = 2, .me = 1, .cap = 60};

    play(&first);
    cr_assert(!first.out, "size 3, 2 players, your seat 1, no allocation failing: your move %d was illegal: %s",
              first.moves, first.why);
    assert_clean(&first, "no allocation failing");
    return first.end.count;
}

/* The Nth allocation fails, for every N up to what a whole game takes
** (the first 40, then 24 spread over the rest): each time the bot must
** answer legally to the end or lose cleanly. */
GRADED_TEST(memory, an_allocation_fails)
{
    long tries[64], total = a_clean_game();
    int n = 0;

    for (long k = 1; k <= total && k <= 40; k++)
        tries[n++] = k;
    for (int i = 1; total > 40 && i <= 24; i++)
        tries[n++] = 40 + (total - 40) * i / 24;
    for (int i = 0; i < n; i++) {
        struct run run = {.size = 3, .players = 2, .me = 1, .cap = 60, .fail_at = tries[i]};
        char what[64];

        play(&run);
        snprintf(what, sizeof what, "allocation %ld of %ld failing", tries[i], total);
        cr_assert_eq(run.end.failed, 1, "the kit's interposer failed %ld allocations, not 1: a fault of the test",
                     run.end.failed);
        assert_clean(&run, what);
    }
}

/* Memory runs out once the game has started: every allocation after
** InitChineseCheckers fails, in a game long enough that a bot's lists
** grow past their first sizes (the reference's list of moves passes
** 1,024 on this board within 200 rounds). */
GRADED_TEST(memory, memory_runs_out_in_a_long_game)
{
    struct run run = {.size = 10, .players = 2, .me = 0, .cap = 200, .oom_after_init = 1};

    a_clean_game();
    play(&run);
    assert_clean(&run, "every allocation after InitChineseCheckers failing");
}
