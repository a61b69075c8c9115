/*
** conv.c -- sandbox tests of conversations (sandbox.h, "conversations"):
** a job the grader talks to line by line while it runs, several at once,
** its CPU time read while it runs, its limits over the whole
** conversation, and bots that misbehave -- exit early, never read, flood
** stdout, leave a daemon, kill all they can -- without ever hanging the
** grader or reaching another bot.  As root, each bot runs under a uid of
** its own and nothing of that uid is left after its end.  The bots
** are tests/sandbox_progs/converse.c and the programs the other tests use.
** Included by tests/sandbox_test.c (the set-up is in harness.h); every
** test runs in both modes.
**
** Conversations never go through a session, so sandbox_session_test.c,
** which includes the same list, does not run them again.
*/
#include "harness.h"

#if !SANDBOX_TEST_SESSION

#include <poll.h>

/* Conversations of the running test still open: they share the marker. */
static int open_talks;

/* One conversation under test: its scratch directory, and the part of
** its stdout read but not yet taken as a line. */
struct talk {
    struct sandbox_conv *c;
    char *dir;
    uid_t uid;
    char pending[8192];
    size_t len;
};

/* Starts program NAME with ACTION and ARG (may be NULL) and the marker,
** in a scratch directory of its own. */
static void talk_start(struct talk *t, struct sandbox_limits lim, const char *name,
                       const char *action, const char *arg)
{
    char bin[PATH_MAX], path[PATH_MAX + 16];
    const char *argv[5] = { path, action, arg ? arg : marker, arg ? marker : NULL, NULL };
    struct sandbox_job job = { .argv = argv, .limits = lim };

    memset(t, 0, sizeof *t);
    t->dir = sandbox_scratch_new();
    cr_assert_not_null(t->dir);
    build_prog(name, bin, sizeof bin);
    snprintf(path, sizeof path, "%s/%s", t->dir, name);
    copy_file(bin, path);
    job.scratch = t->dir;
    t->c = sandbox_conv_start(&job);
    cr_assert_not_null(t->c, "sandbox_conv_start %s %s", name, action);
    t->uid = t->c->uid;
    open_talks++;
}

/* Writes `line` and a newline, waiting up to 10 s for room; 0, or the
** errno of the failed write (EPIPE, or EAGAIN when no room came). */
static int say(struct talk *t, const char *line)
{
    char buf[4200];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s\n", line), done = 0;
    struct pollfd pf = { .fd = sandbox_conv_in_fd(t->c), .events = POLLOUT };

    while (done < n) {
        ssize_t w = write(pf.fd, buf + done, n - done);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN)
            return errno;
        if (poll(&pf, 1, 10000) == 0)
            return EAGAIN;
    }
    return 0;
}

/* Reads one line (without its newline) into `line` within `seconds`:
** 1, or 0 at EOF, or -1 when the time ran out. */
static int hear(struct talk *t, char *line, size_t size, double seconds)
{
    struct pollfd pf = { .fd = sandbox_conv_out_fd(t->c), .events = POLLIN };
    int ms = (int)(seconds * 1000);

    for (;;) {
        char *nl = memchr(t->pending, '\n', t->len);
        if (nl) {
            size_t n = (size_t)(nl - t->pending);
            snprintf(line, size, "%.*s", (int)n, t->pending);
            memmove(t->pending, nl + 1, t->len - n - 1);
            t->len -= n + 1;
            return 1;
        }
        cr_assert(t->len < sizeof t->pending, "a line longer than %zu bytes", t->len);
        if (poll(&pf, 1, ms) == 0)
            return -1;
        ssize_t r = read(pf.fd, t->pending + t->len, sizeof t->pending - t->len);
        if (r == 0)
            return 0;
        cr_assert(r > 0 || errno == EAGAIN, "read: %s", strerror(errno));
        t->len += r > 0 ? (size_t)r : 0;
    }
}

/* Sends `line` and expects `reply` back within 20 s. */
static void round_trip(struct talk *t, const char *line, const char *reply)
{
    char got[4096];

    cr_assert_eq(say(t, line), 0, "write %s", line);
    cr_assert_eq(hear(t, got, sizeof got, 20), 1, "no answer to %s", line);
    cr_assert_str_eq(got, reply);
}

/* Waits up to 10 s for sandbox_conv_running() to say 0. */
static void assert_ends(struct talk *t)
{
    for (int i = 0; i < 200 && sandbox_conv_running(t->c); i++)
        usleep(50 * 1000);
    cr_assert(!sandbox_conv_running(t->c), "still running 10 s after its end");
}

/* Ends the conversation; nothing of it may survive (nothing of any, once
** the test has ended them all). */
static void talk_end(struct talk *t, double grace, struct sandbox_result *res)
{
    cr_assert_eq(sandbox_conv_finish(t->c, grace, res), 0, "sandbox_conv_finish failed");
    t->c = NULL;
    open_talks--;
    sandbox_scratch_free(t->dir);
    t->dir = NULL;
    if (sbx.as_root && t->uid != getuid()) {
        int n = count_uid(t->uid);
        for (int i = 0; i < 100 && n > 0; i++, usleep(20 * 1000))
            n = count_uid(t->uid);
        cr_assert_eq(n, 0, "uid %d still runs %d processes", (int)t->uid, n);
    }
    if (open_talks == 0)
        assert_no_survivors();
}

static struct sandbox_limits conv_limits(void)
{
    return (struct sandbox_limits){ .wall_seconds = 60, .max_processes = 16 };
}

/* ---- talking ------------------------------------------------------------ */

BOTH(conversation_of_many_round_trips)
{
    struct talk t;
    struct sandbox_result r;
    char line[32];

    talk_start(&t, conv_limits(), "converse", "echo", NULL);
    for (int i = 0; i < 1000; i++) {
        snprintf(line, sizeof line, "move %d", i);
        round_trip(&t, line, line);
    }
    cr_assert(sandbox_conv_running(t.c));
    talk_end(&t, 5, &r);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s", sandbox_verdict_name(r.verdict), r.err);
    cr_assert_eq(r.out_len, 0);
    sandbox_result_free(&r);
}

/* `n` echo conversations open at once, their requests interleaved. */
static void talk_to_many(int n)
{
    struct talk t[6];
    struct sandbox_result r;
    char line[32];

    for (int k = 0; k < n; k++)
        talk_start(&t[k], conv_limits(), "converse", "echo", NULL);
    for (int i = 0; i < 100; i++)
        for (int k = 0; k < n; k++) {
            snprintf(line, sizeof line, "bot %d move %d", k, i);
            round_trip(&t[k], line, line);
        }
    for (int k = 0; k < n; k++) {
        talk_end(&t[k], 5, &r);
        cr_assert_eq(r.verdict, SANDBOX_OK, "bot %d: %s", k, sandbox_verdict_name(r.verdict));
        sandbox_result_free(&r);
    }
}

BOTH(two_conversations_at_once)
{
    talk_to_many(2);
}

BOTH(six_conversations_at_once)
{
    talk_to_many(6);
}

BOTH(conversations_run_as_different_uids)
{
    struct talk a, b;
    struct sandbox_result r;
    char ua[64], ub[64];
    struct stat st;

    if (geteuid() != 0) {
        leave();
        cr_skip_test("only root has uids to give each conversation");
    }
    talk_start(&a, conv_limits(), "converse", "id", NULL);
    talk_start(&b, conv_limits(), "converse", "id", NULL);
    cr_assert(say(&a, "who") == 0 && hear(&a, ua, sizeof ua, 20) == 1);
    cr_assert(say(&b, "who") == 0 && hear(&b, ub, sizeof ub, 20) == 1);
    cr_assert_str_neq(ua, ub, "both bots run as %s", ua);
    cr_assert(atoi(ua + 4) != (int)sbx.uid && atoi(ub + 4) != (int)sbx.uid);
    cr_assert(stat(a.dir, &st) == 0 && st.st_uid == a.uid && (st.st_mode & 07777) == 0700,
              "the scratch directory is not lent to the bot alone");
    cr_assert_eq(sandbox_conv_finish(a.c, 5, &r), 0);
    open_talks--;
    sandbox_result_free(&r);
    cr_assert(stat(a.dir, &st) == 0 && st.st_uid == sbx.uid && (st.st_mode & 07777) == 0770,
              "the scratch directory was not given back");
    sandbox_scratch_free(a.dir);
    talk_end(&b, 5, &r);
    sandbox_result_free(&r);
}

BOTH(bot_that_kills_all_it_can_spares_the_other_bot)
{
    struct talk a, b;
    struct sandbox_result r;
    char line[64];

    need_root_in_fallback();
    talk_start(&a, conv_limits(), "converse", "echo", NULL);
    round_trip(&a, "before", "before");
    talk_start(&b, conv_limits(), "escape", "killall", NULL);
    cr_assert_eq(hear(&b, line, sizeof line, 20), 1);   /* what its kills gave */
    cr_assert_eq(hear(&b, line, sizeof line, 20), 0);
    assert_ends(&b);
    round_trip(&a, "after", "after");
    talk_end(&b, 5, &r);
    sandbox_result_free(&r);
    talk_end(&a, 5, &r);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

/* ---- CPU time ----------------------------------------------------------- */

/* Each request costs the bot `ms` of CPU; each must be charged about that. */
static void charged(const char *action, long ms)
{
    struct talk t;
    struct sandbox_result r;
    char arg[16];

    snprintf(arg, sizeof arg, "%ld", ms);
    talk_start(&t, conv_limits(), "converse", action, arg);
    for (int i = 0; i < 3; i++) {
        double before = sandbox_conv_cpu(t.c);
        round_trip(&t, "go", "go");
        double used = sandbox_conv_cpu(t.c) - before;
        cr_assert(used >= ms / 1000.0 - 0.015 && used <= ms / 1000.0 + 0.1,
                  "%s %ld: charged %.3f s", action, ms, used);
    }
    double total = sandbox_conv_cpu(t.c);
    talk_end(&t, 5, &r);
    cr_assert_eq(r.verdict, SANDBOX_OK);
    cr_assert(r.cpu_seconds >= total, "result %.3f s < %.3f s read", r.cpu_seconds, total);
    sandbox_result_free(&r);
}

BOTH(cpu_of_a_spin_between_replies_is_charged)
{
    charged("spin", 200);
}

BOTH(cpu_of_a_reaped_child_is_charged)
{
    charged("forkspin", 200);
}

BOTH(cpu_of_a_live_child_is_charged)
{
    charged("childspin", 200);
}

BOTH(cpu_reading_never_goes_back)
{
    struct talk t;
    struct sandbox_result r;
    double last = 0;

    talk_start(&t, conv_limits(), "converse", "echo", NULL);
    for (int i = 0; i < 2000; i++) {
        double now = sandbox_conv_cpu(t.c);
        cr_assert(now >= last, "%.9f after %.9f", now, last);
        last = now;
    }
    talk_end(&t, 5, &r);
    sandbox_result_free(&r);
}

/* ---- limits ------------------------------------------------------------- */

/* Runs NAME ACTION ARG under `lim` until a limit ends it, reading its CPU
** time meanwhile as a referee would, and ends it; the verdict must be
** `want` (the result is left in `r`). */
static void end_by_limit(struct sandbox_limits lim, const char *name, const char *action,
                         const char *arg, enum sandbox_verdict want, struct sandbox_result *r)
{
    struct talk t;
    char line[64];

    talk_start(&t, lim, name, action, arg);
    for (int i = 0; i < 600 && sandbox_conv_running(t.c); i++) {
        (void)sandbox_conv_cpu(t.c);
        usleep(50 * 1000);
    }
    cr_assert(!sandbox_conv_running(t.c), "%s %s: still running after 30 s", name, action);
    cr_assert_eq(hear(&t, line, sizeof line, 10), 0, "no EOF on stdout");
    talk_end(&t, 5, r);
    cr_assert_eq(r->verdict, want, "%s %s: %s", name, action, sandbox_verdict_name(r->verdict));
}

BOTH(cpu_limit_ends_the_conversation)
{
    struct sandbox_limits lim = conv_limits();
    struct sandbox_result r;

    lim.cpu_seconds = 1;
    lim.wall_seconds = 25;   /* a busy machine: the CPU limit must end it */
    end_by_limit(lim, "limits", "spin", NULL, SANDBOX_TIMEOUT, &r);
    /* The kernel's RLIMIT_CPU may fire when rusage shows 0.8 s only. */
    cr_assert(r.cpu_seconds >= 0.7 && r.wall_seconds < 20, "cpu %.2f s, wall %.2f s",
              r.cpu_seconds, r.wall_seconds);
    sandbox_result_free(&r);
}

BOTH(cpu_limit_counts_the_whole_tree)
{
    struct talk t;
    struct sandbox_result r;
    struct sandbox_limits lim = conv_limits();

    /* Two children of 0.7 s each: no process reaches RLIMIT_CPU's 1 s,
    ** their sum passes the limit while the second one burns. */
    lim.cpu_seconds = 1;
    lim.wall_seconds = 25;
    talk_start(&t, lim, "converse", "childspin", "700");
    round_trip(&t, "one", "one");
    cr_assert(sandbox_conv_cpu(t.c) < 1 && sandbox_conv_running(t.c));
    cr_assert_eq(say(&t, "two"), 0);
    for (int i = 0; i < 600 && sandbox_conv_running(t.c); i++) {
        (void)sandbox_conv_cpu(t.c);
        usleep(50 * 1000);
    }
    cr_assert(!sandbox_conv_running(t.c), "still running after 30 s");
    talk_end(&t, 5, &r);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "%s", sandbox_verdict_name(r.verdict));
    cr_assert(r.cpu_seconds > 1 && r.wall_seconds < 20, "cpu %.2f s, wall %.2f s",
              r.cpu_seconds, r.wall_seconds);
    sandbox_result_free(&r);
}

BOTH(memory_limit_gives_memory_verdict)
{
    struct sandbox_limits lim = conv_limits();
    struct sandbox_result r;

    lim.memory_bytes = 64 * MiB;
    end_by_limit(lim, "limits", "hog", "crash", SANDBOX_MEMORY, &r);
    sandbox_result_free(&r);
}

BOTH(stderr_past_its_cap_is_output_verdict)
{
    struct sandbox_limits lim = conv_limits();
    struct sandbox_result r;

    lim.output_bytes = 4096;
    end_by_limit(lim, "limits", "flood", "2", SANDBOX_OUTPUT, &r);
    cr_assert_eq(r.err_len, 4096);
    sandbox_result_free(&r);
}

BOTH(wall_limit_ends_the_conversation_unasked)
{
    struct talk t;
    struct sandbox_result r;
    struct sandbox_limits lim = conv_limits();
    char line[64];
    double t0 = sbx_now();

    lim.wall_seconds = 1;
    talk_start(&t, lim, "converse", "deaf", NULL);
    /* No call to the conversation: the supervisor keeps the time. */
    cr_assert_eq(hear(&t, line, sizeof line, 15), 0, "no EOF on stdout");
    cr_assert(sbx_now() - t0 < 10, "EOF after %.1f s", sbx_now() - t0);
    assert_ends(&t);
    talk_end(&t, 5, &r);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "%s", sandbox_verdict_name(r.verdict));
    cr_assert(r.wall_seconds >= 0.9, "wall %.2f s", r.wall_seconds);
    sandbox_result_free(&r);
}

/* ---- bots that misbehave ----------------------------------------------- */

BOTH(bot_that_exits_early_gives_eof)
{
    struct talk t;
    struct sandbox_result r;
    char line[64];

    talk_start(&t, conv_limits(), "converse", "once", NULL);
    round_trip(&t, "first", "first");
    cr_assert_eq(hear(&t, line, sizeof line, 20), 0, "no EOF after the bot exited");
    /* The kernel may release the bot's stdin a moment after its stdout:
    ** a write or two may still find a reader. */
    int err = 0;
    for (int i = 0; i < 500 && err == 0; i++, usleep(10 * 1000))
        err = say(&t, "anyone?");
    cr_assert_eq(err, EPIPE, "write to a bot that is gone: %s", strerror(err));
    assert_ends(&t);
    talk_end(&t, 0, &r);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

BOTH(bot_that_never_reads_makes_writes_fail_not_hang)
{
    struct talk t;
    struct sandbox_result r;
    static char big[65536];
    size_t sent = 0;
    ssize_t w = 0;

    memset(big, 'x', sizeof big);
    talk_start(&t, conv_limits(), "converse", "deaf", NULL);
    while (sent < 64 * MiB && (w = write(sandbox_conv_in_fd(t.c), big, sizeof big)) > 0)
        sent += (size_t)w;
    cr_assert(w < 0 && errno == EAGAIN, "after %zu bytes: %s", sent, strerror(errno));
    talk_end(&t, 0, &r);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "ended by the grace: %s",
                 sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

BOTH(bot_that_floods_stdout_is_ended)
{
    struct talk t;
    struct sandbox_result r;
    double t0;

    talk_start(&t, conv_limits(), "converse", "flood", NULL);
    usleep(200 * 1000);
    t0 = sbx_now();
    talk_end(&t, 0.5, &r);
    cr_assert(sbx_now() - t0 < 10, "finish took %.1f s", sbx_now() - t0);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "%s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

BOTH(setsid_daemon_dies_with_the_conversation)
{
    struct talk t;
    struct sandbox_result r;
    char line[64];

    talk_start(&t, conv_limits(), "escape", "daemon", NULL);
    cr_assert_eq(hear(&t, line, sizeof line, 20), 1);
    cr_assert_str_eq(line, "daemon ready");
    talk_end(&t, 5, &r);   /* checks that nothing survives */
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

#endif /* !SANDBOX_TEST_SESSION */
