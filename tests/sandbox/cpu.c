/*
** cpu.c -- sandbox tests of the CPU accounting (sandbox_cgroup.c): a job
** that hides its work in a chain of children the kernel reaps (their
** parents ignore SIGCHLD; tests/sandbox_progs/launder.c) is charged all
** of it and stopped at its CPU limit, by control group v2 or v1; where no
** control group is used (GRADER_SANDBOX_CGROUP=none), a job that needs no
** process of its own cannot make one, threads allowed.  Included by
** tests/sandbox_test.c after conv.c (whose helpers the conversation test
** uses); every test runs in both modes, and again through a session.
**
** The chain burns CPU by its own CPU clocks and reports their sum, so no
** test depends on the machine's speed.  The margin of "charged what it
** used": at least the chain's sum less 10 ms (a link's fork() after its
** last reading), at most 0.25 s more (bubblewrap, the exec helper, the
** first process and the links' forks, a few ms each here).
*/
#include "harness.h"

#define CHAIN_MS "400"
#define CHARGE_SLACK 0.25

/* enter(m) with the accounting `kind` ("v2", "v1", "none", "auto")
** forced; skips the test (which has not entered yet) where that does not
** work -- but the fallback, which must work everywhere. */
static void enter_with(enum mode m, const char *kind)
{
    cr_assert(setenv("GRADER_SANDBOX_CGROUP", kind, 1) == 0);
    mode = m;
    cr_assert(setenv("GRADER_SANDBOX", m == BWRAP ? "bwrap" : "rlimits", 1) == 0);
    if (sandbox_init() != 0) {
        if (strcmp(kind, "none") == 0 && m == RLIMITS)
            cr_assert_fail("the fallback must always work");
        cr_skip_test("GRADER_SANDBOX=%s with cgroup %s does not work here",
                     m == BWRAP ? "bwrap" : "rlimits", kind);
    }
    enter(m);
}

/* The chain's own total from the job's stdout, in seconds; -1 if absent. */
static double chain_total(const struct sandbox_result *r)
{
    const char *p = strstr(r->out, "total_us=");

    return p ? atof(p + 9) / 1e6 : -1;
}

/* A chain of CHAIN_MS ms in 20 ms links, no CPU limit: charged what it
** used, within the margin. */
static void charged_in_full(void)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "launder", "chain", CHAIN_MS, "20", NULL);
    double used = chain_total(&r);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s", sandbox_verdict_name(r.verdict), r.err);
    cr_assert(used >= 0.39, "the chain says it used %.3f s", used);
    cr_assert(r.cpu_seconds >= used - 0.01 && r.cpu_seconds <= used + CHARGE_SLACK,
              "charged %.3f s for a chain that used %.3f s (%s)", r.cpu_seconds, used,
              sandbox_mode());
    assert_no_survivors();
    sandbox_result_free(&r);
}

/* A chain of 3 s under a CPU limit of 0.5 s (and a wall limit it cannot
** reach first): stopped for its CPU time before the chain's end. */
static void stopped_at_the_limit(void)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.cpu_seconds = 0.5;
    lim.wall_seconds = 60;
    run(&r, lim, NULL, "launder", "chain", "3000", "40", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "%s, charged %.3f s, out: %s",
                 sandbox_verdict_name(r.verdict), r.cpu_seconds, r.out);
    cr_assert(chain_total(&r) < 0, "the chain ran to its end: %s", r.out);
    cr_assert(r.cpu_seconds >= 0.5, "charged %.3f s", r.cpu_seconds);
    assert_no_survivors();
    sandbox_result_free(&r);
}

#define BOTH_CGROUP(name, kind, body) \
    TEST_IN(SUITE(bwrap), name, .fini = leave) { enter_with(BWRAP, kind); body(); } \
    TEST_IN(SUITE(rlimits), name, .fini = leave) { enter_with(RLIMITS, kind); body(); }

BOTH_CGROUP(laundered_cpu_is_charged_v2, "v2", charged_in_full)
BOTH_CGROUP(laundered_cpu_is_charged_v1, "v1", charged_in_full)
BOTH_CGROUP(laundered_cpu_stops_at_the_limit_v2, "v2", stopped_at_the_limit)
BOTH_CGROUP(laundered_cpu_stops_at_the_limit_v1, "v1", stopped_at_the_limit)

/* ---- the fallback: no control group ----------------------------------- */

static void run_single(struct sandbox_result *r, const char *action)
{
    struct sandbox_limits lim = limits();

    lim.single_process = 1;
    run(r, lim, NULL, "launder", action, NULL);
}

/* A job that needs no process of its own cannot make one. */
static void fallback_refuses_fork(void)
{
    struct sandbox_result r;

    cr_assert(strstr(sandbox_mode(), "without a cgroup"), "mode: %s", sandbox_mode());
    run_single(&r, "fork");
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s", sandbox_verdict_name(r.verdict));
    cr_assert_eq(r.exit_code, 3);
    cr_assert(strstr(r.err, "Operation not permitted"), "stderr: %s", r.err);
    sandbox_result_free(&r);
    run_single(&r, "thread");
    cr_assert_eq(r.verdict, SANDBOX_OK, "a thread: %s %d: %s", sandbox_verdict_name(r.verdict),
                 r.exit_code, r.err);
    sandbox_result_free(&r);
    assert_no_survivors();
}

/* ... and so the chain cannot start: nothing is laundered. */
static void fallback_stops_the_chain(void)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.single_process = 1;
    run(&r, lim, NULL, "launder", "chain", CHAIN_MS, "20", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s: %s", sandbox_verdict_name(r.verdict), r.out);
    cr_assert(chain_total(&r) < 0, "the chain ran: %s", r.out);
    sandbox_result_free(&r);
    assert_no_survivors();
}

/* A job that may fork (a compiler) still can. */
static void fallback_lets_others_fork(void)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "launder", "fork", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s", sandbox_verdict_name(r.verdict), r.err);
    sandbox_result_free(&r);
}

BOTH_CGROUP(fallback_refuses_fork_threads_allowed, "none", fallback_refuses_fork)
BOTH_CGROUP(fallback_stops_a_laundering_chain, "none", fallback_stops_the_chain)
BOTH_CGROUP(fallback_lets_jobs_that_may_fork_fork, "none", fallback_lets_others_fork)

/* With a control group, single_process changes nothing: the group
** counts the children. */
static void cgroup_lets_single_process_jobs_fork(void)
{
    struct sandbox_result r;

    run_single(&r, "fork");
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s", sandbox_verdict_name(r.verdict), r.err);
    sandbox_result_free(&r);
}

BOTH_CGROUP(single_process_may_fork_when_counted, "auto", cgroup_lets_single_process_jobs_fork)

/* ---- conversations: the figure is the group's cpu.stat ----------------- */

#if !SANDBOX_TEST_SESSION

/* The cpu.stat usage of this process's one live job group (v2), in
** seconds; -1 when there is not exactly one. */
static double group_usage(void)
{
    char prefix[64], path[PATH_MAX + 300], buf[256];
    double usage = -1;
    int found = 0;
    DIR *d = opendir(sbx.cg_cpu);
    struct dirent *e;

    cr_assert_not_null(d, "%s", sbx.cg_cpu);
    snprintf(prefix, sizeof prefix, "cc-sbx-%d-", (int)getpid());
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
            continue;
        found++;
        snprintf(path, sizeof path, "%s/%s/cpu.stat", sbx.cg_cpu, e->d_name);
        FILE *f = fopen(path, "r");
        unsigned long long us;
        if (f && fgets(buf, sizeof buf, f) && sscanf(buf, "usage_usec %llu", &us) == 1)
            usage = (double)us / 1e6;
        if (f)
            fclose(f);
    }
    closedir(d);
    return found == 1 ? usage : -1;
}

/* Between two requests the bot is idle: sandbox_conv_cpu() is the group's
** cpu.stat to the microsecond, and at least what the chain used. */
static void conv_matches_cpu_stat(void)
{
    struct talk t;
    struct sandbox_result r;
    char line[128];

    talk_start(&t, limits(), "launder", "serve", NULL);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(say(&t, "150"), 0);
        cr_assert_eq(hear(&t, line, sizeof line, 30), 1, "no reply");
        double used = atof(line + strlen("total_us=")) / 1e6;
        /* Read between two readings of cpu.stat: the bot may still be
        ** on its way back to read() after its reply, a few microseconds
        ** that either reading may or may not hold. */
        double before = group_usage(), charged = sandbox_conv_cpu(t.c), counted = group_usage();
        cr_assert(before >= 0 && counted >= 0, "the conversation's group was not found in %s", sbx.cg_cpu);
        cr_assert(charged >= before - 1e-6 && charged <= counted + 1e-6,
                  "charged %.6f s, the group's cpu.stat says %.6f s then %.6f s", charged, before, counted);
        cr_assert(charged >= (i + 1) * 0.14 && charged >= used - 0.01,
                  "charged %.3f s after %d chains (the last used %.3f s)", charged, i + 1, used);
    }
    talk_end(&t, 5, &r);
    cr_assert_eq(group_usage(), -1, "the group is still there after the end");
    sandbox_result_free(&r);
}

BOTH_CGROUP(conv_cpu_is_the_groups_cpu_stat, "v2", conv_matches_cpu_stat)

/* ---- litter: the groups of a grader that died ------------------------- */

/* A group named for a process that no longer runs (no pid is above
** 2^22), with a process still in it, as a grader killed mid-job leaves
** it: the next grader's start kills the process and removes the group. */
Test(accounting, stale_groups_of_dead_graders_are_removed)
{
    char dir[SBX_CG_PATH + 64], procs[SBX_CG_PATH + 96], pid_text[24];
    int status;

    if (geteuid() != 0)
        cr_skip_test("only root makes control groups here");
    cr_assert(setenv("GRADER_SANDBOX", "rlimits", 1) == 0);
    cr_assert(setenv("GRADER_SANDBOX_CGROUP", "auto", 1) == 0);
    cr_assert_eq(sandbox_init(), 0);
    if (sbx.cg_kind == SBX_CG_NONE)
        cr_skip_test("no control group works here");
    snprintf(dir, sizeof dir, "%s/cc-sbx-99999999-1-1", sbx.cg_cpu);
    snprintf(procs, sizeof procs, "%s/cgroup.procs", dir);
    cr_assert(mkdir(dir, 0755) == 0, "mkdir %s: %s", dir, strerror(errno));
    pid_t left = fork();
    if (left == 0)
        for (;;)
            pause();
    FILE *f = fopen(procs, "w");
    snprintf(pid_text, sizeof pid_text, "%d", (int)left);
    cr_assert(f && fputs(pid_text, f) >= 0 && fclose(f) == 0, "cannot move %d into %s", (int)left, dir);
    cr_assert_eq(sbx_cgroup_setup(), 0);
    cr_assert(!exists(dir), "%s is still there", dir);
    cr_assert_eq(waitpid(left, &status, 0), left);
    cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the process left in it lives on");
}

#endif
