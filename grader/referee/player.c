/*
** player.c -- the calls every kind of player shares (player.h), and the
** in-process house bot.
**
** The CPU limit of a call is checked here, from the kind's own cpu()
** figure, so that every kind enforces it the same way.  A process is
** also stopped by the sandbox's limits while it overruns (the wall clock
** of a call, the game's total); a house bot cannot overrun by much.
*/
#define _POSIX_C_SOURCE 200809L
#include "calls.h"
#include "player.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../report/visible.h"

void rplayer_fail(struct rplayer *p, enum rplayer_verdict v, const char *fmt, ...)
{
    char detail[sizeof p->detail];
    va_list ap;

    if (p->verdict != RPLAYER_PLAYING)
        return;
    p->verdict = v;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    /* The detail may quote what the bot replied: records, pages and
    ** terminals get it visible, valid UTF-8 without control bytes. */
    visible_cut(p->detail, sizeof p->detail, detail);
}

const char *rplayer_verdict_name(enum rplayer_verdict v)
{
    static const char *const names[] = {"playing", "illegal move", "crashed", "timeout",
                                        "memory", "bad reply", "flood", "could not start"};

    return names[v];
}

/* Runs a call's result through the CPU limit: `before` is the CPU figure
** when it began. */
static int charged(struct rplayer *p, int status, double before, const char *call)
{
    double used = rplayer_cpu(p) - before;

    if (status == 0 && p->call_cpu_limit > 0 && used > p->call_cpu_limit) {
        rplayer_fail(p, RPLAYER_TIMEOUT, "%s used %.3f s of CPU, more than the %.3f s a call may use",
                     call, used, p->call_cpu_limit);
        return -1;
    }
    return p->verdict == RPLAYER_PLAYING ? status : -1;
}

int rplayer_init(struct rplayer *p, long players, long size, const long points[6], long me)
{
    if (p->verdict != RPLAYER_PLAYING)
        return -1;
    double before = rplayer_cpu(p);
    return charged(p, p->ops->init(p, players, size, points, me), before, REFEREE_CALL_INIT);
}

int rplayer_move(struct rplayer *p, long move[4])
{
    if (p->verdict != RPLAYER_PLAYING)
        return -1;
    double before = rplayer_cpu(p);
    return charged(p, p->ops->move(p, move), before, REFEREE_CALL_MOVE);
}

int rplayer_opponent(struct rplayer *p, long seat, const long move[4])
{
    if (p->verdict != RPLAYER_PLAYING)
        return -1;
    double before = rplayer_cpu(p);
    return charged(p, p->ops->opponent(p, seat, move), before, REFEREE_CALL_OPPONENT);
}

int rplayer_term(struct rplayer *p)
{
    if (p->verdict != RPLAYER_PLAYING)
        return -1;
    double before = rplayer_cpu(p);
    return charged(p, p->ops->term(p), before, REFEREE_CALL_TERM);
}

double rplayer_cpu(struct rplayer *p)
{
    return p->ops->cpu(p);
}

void rplayer_close(struct rplayer *p)
{
    if (p)
        p->ops->close(p);
}

/* ---- a house bot in this process -------------------------------------- */

struct house_player {
    struct rplayer base;
    struct hbot *bot;
    double cpu;                         /* seconds spent in its calls */
};

/* This thread's CPU clock, in seconds. */
static double thread_cpu(void)
{
    struct timespec t;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int house_init(struct rplayer *p, long players, long size, const long points[6], long me)
{
    struct house_player *h = (struct house_player *)p;
    double start = thread_cpu();
    int status = hbot_init(h->bot, players, size, points, me);

    h->cpu += thread_cpu() - start;
    if (status != 0)
        rplayer_fail(p, RPLAYER_CRASHED, "the house bot could not start a game of size %ld", size);
    return status;
}

static int house_move(struct rplayer *p, long move[4])
{
    struct house_player *h = (struct house_player *)p;
    double start = thread_cpu();

    hbot_move(h->bot, &move[0], &move[1], &move[2], &move[3]);
    h->cpu += thread_cpu() - start;
    return 0;
}

static int house_opponent(struct rplayer *p, long seat, const long move[4])
{
    struct house_player *h = (struct house_player *)p;
    double start = thread_cpu();

    hbot_opponent(h->bot, seat, move[0], move[1], move[2], move[3]);
    h->cpu += thread_cpu() - start;
    return 0;
}

static int house_term(struct rplayer *p)
{
    struct house_player *h = (struct house_player *)p;

    hbot_term(h->bot);
    return 0;
}

static double house_cpu(struct rplayer *p)
{
    return ((struct house_player *)p)->cpu;
}

static void house_close(struct rplayer *p)
{
    struct house_player *h = (struct house_player *)p;

    hbot_free(h->bot);
    free(h);
}

static const struct rplayer_ops house_ops = {
    house_init, house_move, house_opponent, house_term, house_cpu, house_close,
};

struct rplayer *rplayer_house(enum hbot_kind kind, int strength, uint64_t seed)
{
    struct house_player *h = calloc(1, sizeof *h);

    if (!h)
        return NULL;
    h->bot = hbot_new(kind, strength, seed);
    if (!h->bot) {
        free(h);
        return NULL;
    }
    h->base.ops = &house_ops;
    return &h->base;
}
