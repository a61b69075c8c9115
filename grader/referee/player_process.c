/*
** player_process.c -- a bot program in the grader's sandbox, spoken to
** over the line protocol (protocol.h): rplayer_process().
**
** Each call writes its request and waits for the reply line with poll(),
** up to the call's wall-clock deadline, reading whatever the pipe holds
** into a buffer of PROTOCOL_LINE_MAX bytes (a byte read after a reply
** line is kept as the start of the next reply, exactly as if the pipe
** were read a byte at a time).  The CPU the bot used is read by the
** sandbox (sandbox_conv_cpu: the bot's control group, every process it
** ever ran, children the kernel reaped included), never from the bot, once per
** call, after its reply (see ask()); the bot's liveness and its CPU
** limit are checked every WAIT_TICK_MS while a reply is awaited.  When
** the bot fails -- no reply in time, an end of file, a reply that is not
** what the protocol allows -- the conversation is finished at once and
** the sandbox's verdict (signal, exit, memory, output cap, timeout)
** becomes the player's.  The time each call waits is added up: a call
** may wait no longer than what is left of the game's wall budget
** (player_process.h), and a bot is stopped as soon as it has answered
** Term or left the game.
*/
#define _POSIX_C_SOURCE 200809L
#include "calls.h"
#include "player_process.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "game.h"
#include "protocol.h"

struct process_player {
    struct rplayer base;
    struct sandbox_conv *conv;
    char *scratch;
    double call_wall;                   /* seconds a call may take        */
    double game_wall;                   /* seconds all calls may take; 0: no cap */
    double game_cpu;                    /* the sandbox's CPU limit; 0: none */
    double waited;                      /* seconds its calls took so far  */
    double cpu;                         /* the last figure read           */
    struct sandbox_result result;       /* once finished                  */
    int finished;
    int have_result;                    /* the sandbox gave a result      */
    int asked;                          /* a request has been answered    */
    char pending[PROTOCOL_LINE_MAX];    /* read, not yet taken as a reply */
    size_t npending;
};

/* How a read of a reply failed: the verdict it gives when the sandbox
** has none of its own (the bot still ran, or exited normally). */
struct read_failure {
    enum rplayer_verdict verdict;
    const char *why;
    int ended;          /* the job had ended (by itself or at a limit) */
};

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Ends the conversation (once) and keeps its result. */
static void finish(struct process_player *pp, double grace)
{
    if (pp->finished)
        return;
    pp->finished = 1;
    pp->have_result = sandbox_conv_finish(pp->conv, grace, &pp->result) == 0;
    if (pp->have_result && pp->result.cpu_seconds > pp->cpu)
        pp->cpu = pp->result.cpu_seconds;
    pp->conv = NULL;
}

/* The bot failed in `call`: the sandbox's verdict, or `fallback` (also
** when the sandbox itself failed to give a result: then only what the
** referee saw is known). */
static int failed(struct process_player *pp, enum rplayer_verdict fallback, int ended, const char *call,
                  const char *what)
{
    finish(pp, 0.2);
    if (!pp->have_result) {
        rplayer_fail(&pp->base, fallback, "%s: %s", call, what);
        return -1;
    }
    switch (pp->result.verdict) {
    case SANDBOX_TIMEOUT:
        /* The sandbox ended it at a limit -- the game's CPU, its tree's
        ** total, whose last figure may read a little under the limit --
        ** before the referee saw its output end.  A bot still running
        ** when its output ended was killed at the end of our grace: it
        ** keeps what the referee saw. */
        if (fallback == RPLAYER_CRASHED && ended && pp->game_cpu > 0) {
            if (pp->result.cpu_seconds >= 0.9 * pp->game_cpu)
                rplayer_fail(&pp->base, RPLAYER_TIMEOUT, "%s: its processes used more than the %.3f s of CPU "
                             "time a game allows", call, pp->game_cpu);
            else
                rplayer_fail(&pp->base, RPLAYER_TIMEOUT, "%s: stopped at the sandbox's time limit for a game",
                             call);
            break;
        }
        rplayer_fail(&pp->base, fallback, "%s: %s", call, what);
        break;
    case SANDBOX_SIGNAL:
        rplayer_fail(&pp->base, RPLAYER_CRASHED, "%s: killed by signal %d", call, pp->result.signal);
        break;
    case SANDBOX_MEMORY:
        rplayer_fail(&pp->base, RPLAYER_MEMORY, "%s: past its memory limit", call);
        break;
    case SANDBOX_OUTPUT:
        rplayer_fail(&pp->base, RPLAYER_FLOOD, "%s: printed past its output cap", call);
        break;
    case SANDBOX_EXIT:
        rplayer_fail(&pp->base, RPLAYER_CRASHED, "%s: exited with status %d", call, pp->result.exit_code);
        break;
    case SANDBOX_OK:
        if (fallback == RPLAYER_CRASHED)    /* it left by itself, not at our end of its input */
            rplayer_fail(&pp->base, RPLAYER_CRASHED, "%s: exited with status 0 without replying", call);
        else
            rplayer_fail(&pp->base, fallback, "%s: %s", call, what);
        break;
    }
    return -1;
}

/* Writes the whole request before the deadline; 0, or -1 with *f: the
** bot has closed its end (EPIPE) or has not read in time (a full pipe). */
static int send_line(struct process_player *pp, const char *line, double deadline, struct read_failure *f)
{
    size_t len = strlen(line), done = 0;
    int fd = sandbox_conv_in_fd(pp->conv);

    while (done < len) {
        ssize_t n = write(fd, line + done, len - done);
        if (n > 0) {
            done += (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR) {
            *f = (struct read_failure){RPLAYER_CRASHED, "ended before it was sent the request",
                                       !sandbox_conv_running(pp->conv)};
            return -1;
        }
        struct pollfd p = {fd, POLLOUT, 0};
        double left = deadline - now();
        if (left <= 0 || poll(&p, 1, (int)(left * 1000) + 1) < 0) {
            *f = (struct read_failure){RPLAYER_TIMEOUT, "did not read its request in time", 0};
            return -1;
        }
    }
    return 0;
}

/* Takes a whole line from pending[] into line[] (its '\n' dropped, the
** rest kept for the next reply, as if read byte by byte): 1; 0 when no
** line is complete yet; -1 for a line the protocol does not allow. */
static int take_line(struct process_player *pp, char *line, struct read_failure *f)
{
    char *nl = memchr(pp->pending, '\n', pp->npending);

    if (!nl) {
        if (pp->npending < sizeof pp->pending)
            return 0;
        *f = (struct read_failure){RPLAYER_BAD_REPLY, "a reply line longer than the protocol allows", 0};
        return -1;
    }
    size_t len = (size_t)(nl - pp->pending);
    if (memchr(pp->pending, '\0', len)) {
        *f = (struct read_failure){RPLAYER_BAD_REPLY, "a reply line with a NUL byte", 0};
        return -1;
    }
    memcpy(line, pp->pending, len);
    line[len] = '\0';
    pp->npending -= len + 1;
    memmove(pp->pending, nl + 1, pp->npending);
    return 1;
}

/* While no reply has come: whether the bot has ended or passed the call's
** CPU limit (read every WAIT_TICK_MS of waiting, not on every reply). */
static int still_waiting(struct process_player *pp, int fd, double cpu_end, struct read_failure *f)
{
    struct pollfd p = {fd, POLLIN, 0};

    if (!sandbox_conv_running(pp->conv) && poll(&p, 1, 0) == 0) {
        *f = (struct read_failure){RPLAYER_CRASHED, "ended without replying", 1};
        return 0;
    }
    if (pp->base.call_cpu_limit > 0 && sandbox_conv_cpu(pp->conv) > cpu_end) {
        *f = (struct read_failure){RPLAYER_TIMEOUT, "used more CPU time than a call may, without replying", 0};
        return 0;
    }
    return 1;
}

#define WAIT_TICK_MS 50

/* Reads one reply line before the deadline into line[] (PROTOCOL_LINE_MAX
** bytes); 0, or -1 with *f saying what went wrong.  Reads what the pipe
** holds, up to the room left in pending[], so a reply costs a poll() and
** a read() or two, never a read() a byte. */
static int read_line(struct process_player *pp, char *line, double deadline, struct read_failure *f)
{
    double cpu_end = pp->cpu + pp->base.call_cpu_limit;
    int fd = sandbox_conv_out_fd(pp->conv), got;

    while ((got = take_line(pp, line, f)) == 0) {
        double left = deadline - now();
        if (left <= 0) {
            *f = (struct read_failure){RPLAYER_TIMEOUT, "no reply in time", 0};
            return -1;
        }
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, left * 1000 < WAIT_TICK_MS ? (int)(left * 1000) + 1 : WAIT_TICK_MS);
        if (ready == 0 || (ready < 0 && errno == EINTR)) {
            if (!still_waiting(pp, fd, cpu_end, f))
                return -1;
            continue;
        }
        ssize_t n = ready > 0 ? read(fd, pp->pending + pp->npending, sizeof pp->pending - pp->npending) : -1;
        if (n > 0)
            pp->npending += (size_t)n;
        else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            *f = (struct read_failure){RPLAYER_CRASHED, "ended without replying", !sandbox_conv_running(pp->conv)};
            return -1;
        }
    }
    return got > 0 ? 0 : -1;
}

/* One request and its reply line.  The CPU figure is read once, after
** the reply: the bot is idle between calls (blocked on its next request),
** so the figure of the last reply is the one before this call, and
** anything a process of the bot's used meanwhile is charged to this call. */
static int ask(struct process_player *pp, const char *request, char *reply, const char *call)
{
    struct read_failure f;
    double start = now(), wait = pp->call_wall;
    int game_bound = pp->game_wall > 0 && pp->game_wall - pp->waited < wait;
    char why[120];

    if (pp->finished)
        return -1;
    if (game_bound)
        wait = pp->game_wall - pp->waited;
    int status = send_line(pp, request, start + wait, &f) == 0 ? read_line(pp, reply, start + wait, &f) : -1;
    pp->cpu = sandbox_conv_cpu(pp->conv);
    pp->asked = 1;
    pp->waited += now() - start;
    if (status != 0 && f.verdict == RPLAYER_TIMEOUT && game_bound && now() >= start + wait) {
        snprintf(why, sizeof why, "its calls took more than the %.3f s of wall time a game allows them",
                 pp->game_wall);
        f.why = why;
    }
    if (status != 0)
        return failed(pp, f.verdict, f.ended, call, f.why);
    return 0;
}

static int expect_ok(struct process_player *pp, const char *request, const char *call)
{
    char reply[PROTOCOL_LINE_MAX];

    if (ask(pp, request, reply, call) != 0)
        return -1;
    if (strcmp(reply, "ok") != 0) {
        rplayer_fail(&pp->base, RPLAYER_BAD_REPLY, "%s: replied \"%.40s\" instead of ok", call, reply);
        finish(pp, 0);
        return -1;
    }
    return 0;
}

static int proc_init(struct rplayer *p, long players, long size, const long points[6], long me)
{
    char line[PROTOCOL_LINE_MAX];

    snprintf(line, sizeof line, "init %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", players, size, points[0], points[1],
             points[2], points[3], points[4], points[5], me);
    return expect_ok((struct process_player *)p, line, REFEREE_CALL_INIT);
}

static int proc_move(struct rplayer *p, long move[4])
{
    struct process_player *pp = (struct process_player *)p;
    char reply[PROTOCOL_LINE_MAX];

    if (ask(pp, "move\n", reply, REFEREE_CALL_MOVE) != 0)
        return -1;
    if (protocol_move_reply(reply, move) != 0) {
        rplayer_fail(p, RPLAYER_BAD_REPLY, "%s: replied \"%.40s\", not four numbers as the protocol writes them",
                     REFEREE_CALL_MOVE, reply);
        finish(pp, 0);
        return -1;
    }
    return 0;
}

static int proc_opponent(struct rplayer *p, long seat, const long move[4])
{
    char line[PROTOCOL_LINE_MAX];

    snprintf(line, sizeof line, "opponent %ld %ld %ld %ld %ld\n", seat, move[0], move[1], move[2], move[3]);
    return expect_ok((struct process_player *)p, line, REFEREE_CALL_OPPONENT);
}

/* Once it has answered, the bot is stopped at once: nothing it may still
** do (an atexit() handler that sleeps, a loop) is owed any time. */
static int proc_term(struct rplayer *p)
{
    struct process_player *pp = (struct process_player *)p;
    int status = expect_ok(pp, "term\n", REFEREE_CALL_TERM);

    finish(pp, 0);
    return status;
}

/* The figure read after the last reply (see ask()): cheap, so the
** referee may ask before and after every call.  Before the first call it
** is read afresh, so that the bot's start is not charged to its Init. */
static double proc_cpu(struct rplayer *p)
{
    struct process_player *pp = (struct process_player *)p;

    if (!pp->asked && !pp->finished)
        pp->cpu = sandbox_conv_cpu(pp->conv);
    return pp->cpu;
}

static void proc_close(struct rplayer *p)
{
    struct process_player *pp = (struct process_player *)p;

    finish(pp, 0);   /* answered Term or left the game: owed no more time */
    sandbox_result_free(&pp->result);
    sandbox_scratch_free(pp->scratch);
    free(pp);
}

static const struct rplayer_ops process_ops = {
    proc_init, proc_move, proc_opponent, proc_term, proc_cpu, proc_close,
};

struct rplayer *rplayer_process(const struct rplayer_program *prog)
{
    struct process_player *pp = calloc(1, sizeof *pp);

    if (!pp)
        return NULL;
    pp->base.ops = &process_ops;
    pp->base.call_cpu_limit = prog->call_cpu_seconds;
    pp->call_wall = prog->call_wall_seconds > 0 ? prog->call_wall_seconds : 10;
    pp->game_wall = prog->game_wall_seconds;
    pp->game_cpu = prog->limits.cpu_seconds;
    pp->scratch = sandbox_scratch_new();
    struct sandbox_job job = {prog->argv, NULL, pp->scratch, prog->readonly_paths, NULL, 0, prog->limits};
    pp->conv = pp->scratch ? sandbox_conv_start(&job) : NULL;
    if (!pp->conv) {
        pp->finished = 1;
        rplayer_fail(&pp->base, RPLAYER_FAILED, "the bot program %s could not be started", prog->argv[0]);
    }
    return &pp->base;
}

void rplayer_program_limits(struct rplayer_program *prog, double call_cpu, double game_cpu, size_t memory_bytes)
{
    prog->call_cpu_seconds = call_cpu;
    prog->call_wall_seconds = RPLAYER_WALL_FACTOR * call_cpu + 1;
    prog->game_wall_seconds = game_cpu > 0 ? RPLAYER_WALL_FACTOR * game_cpu + 1 : 0;
    prog->limits.cpu_seconds = game_cpu;
    prog->limits.wall_seconds = RGAME_MAX_SEATS * (RPLAYER_WALL_FACTOR * game_cpu + 1) + 30;
    prog->limits.memory_bytes = memory_bytes;
    prog->limits.max_processes = 4;
    prog->limits.single_process = 1;   /* a bot needs no child (sandbox.h) */
    prog->limits.output_bytes = 64 << 10;
}
