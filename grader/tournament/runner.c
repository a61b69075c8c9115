/*
** runner.c -- the worker processes that play a tournament's games
** (runner.h).
*/
#define _GNU_SOURCE
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../referee/match.h"
#include "journal.h"
#include "../report/visible.h"

unsigned long long trunner_seed(unsigned long long seed, const char *id, int seat)
{
    unsigned long long h = 1469598103934665603ULL ^ seed;   /* FNV-1a over id and seat */

    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 1099511628211ULL;
    h = (h ^ (unsigned)seat) * 1099511628211ULL;
    return h >> 1;      /* the house program reads it with strtoull */
}

/* The journal's view of a finished game. */
static void to_journal(const struct tsched_game *g, const int *playing, const struct rmatch_outcome *o,
                       struct rplayer *const *seat, struct tjournal_game *j)
{
    static const enum tjournal_outcome outcome[] = {
        [RGAME_WIN] = TJOURNAL_WIN, [RGAME_DRAW] = TJOURNAL_DRAW, [RGAME_LOSS] = TJOURNAL_LOSS,
        [RGAME_OUT] = TJOURNAL_OUT};

    memset(j, 0, sizeof *j);
    snprintf(j->id, sizeof j->id, "%s", g->id);
    snprintf(j->end, sizeof j->end, "%s", rgame_end_name(o->result.end));
    j->size = g->size, j->players = g->players, j->turns = o->result.turns;
    for (int s = 0; s < g->players; s++) {
        j->bots[s] = playing[g->seats[s]];
        j->rank[s] = o->result.rank[s];
        j->outcome[s] = outcome[o->result.outcome[s]];
        j->cpu[s] = o->cpu[s];
        if (o->verdict[s] != RPLAYER_PLAYING) {
            snprintf(j->out[s], sizeof j->out[s], "%s", rplayer_verdict_name(o->verdict[s]));
            /* Cut at a character's start: games.jsonl stays UTF-8. */
            visible_cut(j->detail[s], sizeof j->detail[s], seat[s]->detail);
        }
    }
}

/* Plays game g and journals it.  Returns '+' (journaled) or '!' (not:
** the grader's failure, said on stderr). */
static char play(const struct trunner *r, const struct tsched_game *g)
{
    struct rplayer *seat[TSCHED_MAX_PLAYERS] = {0};
    const char *names[TSCHED_MAX_PLAYERS];
    struct rmatch_config cfg = {g->id, g->size, g->players, {0}, r->conf->turn_cap};
    struct rmatch_outcome o;
    struct tjournal_game j;
    cJSON *rec = NULL;
    char result = '!', path[4096], *text = NULL;
    int ok = 1;

    for (int s = 0; s < g->players; s++) {
        int b = r->playing[g->seats[s]];
        names[s] = r->names[b];
        cfg.points[s] = g->points[s];
        ok = ok && (seat[s] = tentrant_player(&r->entrants[b], r->conf, trunner_seed(r->conf->seed, g->id, s)));
    }
    if (ok && rmatch_play(&cfg, seat, names, &o, &rec) == 0) {
        for (int s = 0; s < g->players; s++)
            if (o.verdict[s] == RPLAYER_FAILED) {
                visible_printf(stderr, "tournament: game %s not counted: %s (the grader's failure; a later run plays it)\n",
                        g->id, seat[s]->detail);
                goto done;
            }
        to_journal(g, r->playing, &o, seat, &j);
        snprintf(path, sizeof path, "%s/games/%s.json", r->outdir, g->id);
        if ((text = cJSON_PrintUnformatted(rec)) != NULL && tjournal_write_file(path, text, strlen(text)) == 0 &&
            snprintf(path, sizeof path, "%s/games.jsonl", r->outdir) < (int)sizeof path &&
            tjournal_append(path, &j, r->names) == 0)
            result = '+';
    }
done:
    if (result == '+' && !r->quiet) {
        /* One write(2), so that the workers' lines never mix; names made
        ** visible, as on every line the kit prints. */
        char *line = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&line, &len);
        if (m) {
            visible_printf(m, "game %s: %s after %d turns:", g->id, j.end, j.turns);
            for (int s = 0; s < g->players; s++)
                visible_printf(m, s + 1 < g->players ? " %s %s," : " %s %s\n", names[s],
                               tjournal_outcome_name(j.outcome[s]));
            if (fclose(m) == 0 && write(1, line, len) < 0) {
                /* stdout gone: the game counts all the same */
            }
            free(line);
        }
    }
    free(text);
    cJSON_Delete(rec);
    for (int s = 0; s < g->players; s++)
        rplayer_close(seat[s]);
    return result;
}

/* A worker: reads indices until the pipe is empty and closed. */
static void worker(const struct trunner *r, int in, int report, pid_t parent)
{
    size_t index;

    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(1);           /* the parent died before the line above */
    while (read(in, &index, sizeof index) == (ssize_t)sizeof index) {
        char result = index < r->n_games ? play(r, &r->games[index]) : '!';
        if (write(report, &result, 1) != 1)
            _exit(2);
    }
    _exit(0);
}

/* Hands out the indices and counts the reports, until every worker has
** closed its end.  Both pipes are polled, so neither side can block the
** other whatever the number of games. */
static void serve(const struct trunner *r, int out, int reports, struct trunner_tally *t)
{
    size_t next = 0;

    fcntl(out, F_SETFL, O_NONBLOCK);
    for (;;) {
        struct pollfd p[2] = {{reports, POLLIN, 0}, {next < r->n_todo ? out : -1, POLLOUT, 0}};
        if (poll(p, 2, -1) < 0 && errno != EINTR)
            break;
        while (next < r->n_todo && write(out, &r->todo[next], sizeof r->todo[next]) == (ssize_t)sizeof(size_t))
            next++;
        if (next == r->n_todo && out >= 0) {
            close(out);
            out = -1;
        }
        if (p[0].revents) {
            char buf[256];
            ssize_t n = read(reports, buf, sizeof buf);
            if (n <= 0)
                break;
            for (ssize_t i = 0; i < n; i++)
                buf[i] == '+' ? t->played++ : t->failed++;
        }
    }
    if (out >= 0)
        close(out);
}

int trunner_run(const struct trunner *r, struct trunner_tally *t)
{
    int work[2], reports[2], workers = r->jobs < 1 ? 1 : r->jobs, started = 0, status = 0;

    memset(t, 0, sizeof *t);
    if (r->n_todo == 0)
        return 0;
    if ((size_t)workers > r->n_todo)
        workers = (int)r->n_todo;
    if (pipe2(work, O_CLOEXEC) != 0 || pipe2(reports, O_CLOEXEC) != 0) {
        perror("tournament: pipe");
        return -1;
    }
    fflush(NULL);
    /* A worker gone with indices left: a failed write, not a death. */
    signal(SIGPIPE, SIG_IGN);
    pid_t parent = getpid();
    for (; started < workers; started++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("tournament: fork");
            status = -1;
            break;
        }
        if (pid == 0) {
            close(work[1]), close(reports[0]);
            worker(r, work[0], reports[1], parent);
        }
    }
    close(work[0]), close(reports[1]);
    if (started > 0)
        serve(r, work[1], reports[0], t);
    else
        close(work[1]);
    close(reports[0]);
    for (int w = 0; w < started; w++) {
        int st;
        if (wait(&st) > 0 && !(WIFEXITED(st) && WEXITSTATUS(st) == 0))
            visible_printf(stderr, "tournament: a worker ended abnormally (status %#x): its game is played by a later run\n", st);
    }
    return status;
}
