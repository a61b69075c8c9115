/*
** tournament_main.c -- build/tournament: a bot-challenge tournament,
** played on every core, resumable, shardable, with its tables and pages.
**
** usage: tournament CONFIG -o OUTDIR [-j N] [--shard I/N] [--quiet]
**        tournament --merge IN1 IN2 ... -o OUT
**
** CONFIG is described in grader/tournament/config.h and README.md.  A run
** builds the submissions, makes the schedule, plays every scheduled game
** that OUTDIR's journal lacks (only those whose index in the schedule is
** I modulo N with --shard I/N, I counted from 0) on N worker processes
** (-j, default: the online cores, at most what the sandbox's 64 uid slots
** allow), then writes the outputs from the journal.  Run it again on the
** same OUTDIR, after a kill or a crash, to play what is missing.
**
** Exit status: 0 every game of the run played; 1 some game could not be
** played (the grader's failure, said on stderr: run again); 2 a bad
** command line or configuration, or the grader's own failure.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../sandbox/sandbox.h"
#include "../tournament/merge.h"
#include "../tournament/outdir.h"
#include "../tournament/runner.h"
#include "../report/visible.h"

#define MAX_INPUTS 1024

struct options {
    const char *config, *outdir;
    const char *inputs[MAX_INPUTS];
    int n_inputs, merge, jobs, quiet;
    long shard, shards;
};

static int usage(void)
{
    visible_printf(stderr, "usage: tournament CONFIG -o OUTDIR [-j N] [--shard I/N] [--quiet]\n"
                    "       tournament --merge IN1 IN2 ... -o OUT\n"
                    "(CONFIG: see grader/tournament/README.md)\n");
    return 2;
}

static int parse(int argc, char **argv, struct options *o)
{
    memset(o, 0, sizeof *o);
    o->shards = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        char *end;
        if (strcmp(a, "-o") == 0 && more)
            o->outdir = argv[++i];
        else if (strcmp(a, "-j") == 0 && more)
            o->jobs = (int)strtol(argv[++i], &end, 10), o->jobs = *end || o->jobs < 1 ? -1 : o->jobs;
        else if (strcmp(a, "--shard") == 0 && more) {
            if (sscanf(argv[++i], "%ld/%ld", &o->shard, &o->shards) != 2 || o->shards < 1 || o->shard < 0 ||
                o->shard >= o->shards)
                return -1;
        } else if (strcmp(a, "--merge") == 0)
            o->merge = 1;
        else if (strcmp(a, "--quiet") == 0)
            o->quiet = 1;
        else if (a[0] == '-')
            return -1;
        else if (o->merge && o->n_inputs < MAX_INPUTS)
            o->inputs[o->n_inputs++] = a;
        else if (!o->merge && !o->config)
            o->config = a;
        else
            return -1;
    }
    if (!o->outdir || o->jobs < 0 || (o->merge ? o->n_inputs < 1 : !o->config))
        return -1;
    return 0;
}

/* The folder of this program (build/): the house bot program and the kit
** are found from it. */
static int kit_build(char *buf, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);

    if (n <= 0)
        return -1;
    exe[n] = '\0';
    snprintf(buf, size, "%s", dirname(exe));
    return 0;
}

/* Workers: the cores, and no more than the uid slots allow (a worker
** takes one, each bot of its game one more; 64 on the machine, some left
** for others). */
static int default_jobs(const struct tconfig *c)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int most = 2;

    for (int k = 0; k < c->n_counts; k++)
        most = c->counts[k] > most ? c->counts[k] : most;
    int slots = 48 / (most + 1);
    return cores < 1 ? 1 : cores > slots ? slots : (int)cores;
}

static int play(const struct options *opt, const char *build)
{
    struct tconfig conf;
    struct toutdir o = {.lock_fd = -1};
    char why[600];
    int jobs, status = 2;

    if (sandbox_init() != 0)
        return 2;
    if (tconfig_read(opt->config, &conf, why, sizeof why) != 0) {
        visible_printf(stderr, "tournament: %s\n", why);
        return 2;
    }
    jobs = opt->jobs ? opt->jobs : default_jobs(&conf);
    if (toutdir_open(&o, opt->outdir, &conf, build, 1, why, sizeof why) != 0 ||
        toutdir_load(&o, 1, why, sizeof why) != 0)
        goto fail;
    unsigned char *done = calloc(o.sched.count + 1, 1);
    size_t *todo = malloc((o.sched.count + 1) * sizeof *todo), n_todo = 0;
    if (!done || !todo) {
        free(done), free(todo);
        snprintf(why, sizeof why, "out of memory");
        goto fail;
    }
    for (size_t i = 0; i < o.n_games; i++)
        done[o.games[i].order] = 1;
    for (size_t i = 0; i < o.sched.count; i++)
        if (!done[i] && (long)(i % (size_t)opt->shards) == opt->shard)
            todo[n_todo++] = i;
    visible_printf(stderr, "tournament: %zu scheduled games, %zu already played, %zu to play on %d workers\n",
            o.sched.count, o.n_games, n_todo, jobs);
    struct trunner r = {&o.conf, o.entrants, o.playing, o.names, o.sched.games, o.sched.count, todo, n_todo,
                        o.path, jobs, opt->quiet};
    struct trunner_tally t;
    int ran = trunner_run(&r, &t);
    free(done), free(todo);
    if (toutdir_load(&o, 0, why, sizeof why) != 0 || toutdir_outputs(&o, why, sizeof why) != 0)
        goto fail;
    visible_printf(stderr, "tournament: %zu games played now, %zu not (run again to play them); outputs in %s\n",
            t.played, n_todo - t.played, o.path);
    status = ran != 0 ? 2 : t.played < n_todo ? 1 : 0;
    toutdir_close(&o);
    return status;
fail:
    visible_printf(stderr, "tournament: %s\n", why);
    toutdir_close(&o);
    return 2;
}

int main(int argc, char **argv)
{
    struct options opt;
    char build[PATH_MAX], why[600];

    visible_stderr();   /* messages name bots, files and folders */
    if (parse(argc, argv, &opt) != 0)
        return usage();
    if (kit_build(build, sizeof build) != 0) {
        visible_printf(stderr, "tournament: cannot find my own folder: %s\n", strerror(errno));
        return 2;
    }
    if (!opt.merge)
        return play(&opt, build);
    if (tmerge_run(opt.inputs, opt.n_inputs, opt.outdir, build, why, sizeof why) != 0) {
        visible_printf(stderr, "tournament: %s\n", why);
        return 2;
    }
    visible_printf(stderr, "tournament: merged %d folders into %s\n", opt.n_inputs, opt.outdir);
    return 0;
}
