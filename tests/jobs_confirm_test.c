/*
** jobs_confirm_test.c -- Criterion tests of confirming a time limit
** against a fresh run of the reference (jobs.h, jobs_confirm.c).
**
** A "slow machine" is made without depending on this machine's speed: the
** twin (the reference's run) is a `sleep` whose length the test chooses,
** and the calibrated cost it is compared with is a number the test sets.
** A twin that sleeps 0.2 s against a calibrated 0.02 s says "the machine
** is ten times slower now"; a twin that is `true` against a calibrated
** 1 s says "it is as fast as ever".  The jobs run in the rlimit sandbox.
*/
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdlib.h>

#include "run/jobs.h"
#include "sandbox/sandbox.h"

static char *scratch;

static void enter(void)
{
    cr_assert(setenv("GRADER_SANDBOX", "rlimits", 1) == 0);
    cr_assert_eq(sandbox_init(), 0);
    scratch = sandbox_scratch_new();
    cr_assert_not_null(scratch);
}

static void leave(void)
{
    sandbox_scratch_free(scratch);
}

static const char *const SLEEP_HALF[] = { "/bin/sleep", "0.5", NULL };
static const char *const SLEEP_FIFTH[] = { "/bin/sleep", "0.2", NULL };
static const char *const SLEEP_LONG[] = { "/bin/sleep", "30", NULL };
static const char *const NOOP[] = { "/bin/true", NULL };

static struct sandbox_job spec(const char *const *argv, double wall)
{
    return (struct sandbox_job){ .argv = argv, .scratch = scratch,
                                 .limits = { .wall_seconds = wall, .max_processes = 16 } };
}

/* Job `argv` with a 0.3 s wall limit, and a twin `twin` whose runs cost
** `twin_wall` seconds when the limits were derived. */
static struct job job(const char *const *argv, const struct sandbox_job *twin, double twin_wall)
{
    struct job j = { .group = 1, .priority = 1, .budgeted = 1, .twin = twin, .twin_wall = twin_wall };
    j.spec = spec(argv, 0.3);
    return j;
}

static const struct jobs_policy confirming = { 2, 0, 0, 10 };

TestSuite(jobs_confirm, .init = enter, .fini = leave);

Test(jobs_confirm, a_limit_hit_on_a_slower_machine_is_rerun_with_the_limit_raised)
{
    /* 0.5 s of work against a 0.3 s limit; the reference now takes 0.2 s
    ** where it took 0.02 s: ten times 0.2 s is 2 s, so the job runs again
    ** with 2 s and passes. */
    struct sandbox_job twin = spec(SLEEP_FIFTH, 0);
    struct job j[] = { job(SLEEP_HALF, &twin, 0.02) };
    cr_assert_eq(jobs_run(j, 1, 1, &confirming), 0);
    cr_expect_eq(j[0].result.verdict, SANDBOX_OK, "verdict %s, expected ok",
                 sandbox_verdict_name(j[0].result.verdict));
    cr_expect_eq(j[0].rechecked, 1);
    cr_expect_geq(jobs_slowdown(), 5.0, "slowdown %.2f, expected about 10", jobs_slowdown());
    jobs_free_results(j, 1);
}

Test(jobs_confirm, a_limit_hit_while_the_reference_is_as_fast_as_ever_stands)
{
    /* A factor of 1, so that `true` would have to take 0.3 s -- on no
    ** machine -- for the limit to rise. */
    const struct jobs_policy strict = { 2, 0, 0, 1 };
    struct sandbox_job twin = spec(NOOP, 0);
    struct job j[] = { job(SLEEP_HALF, &twin, 1.0) };
    cr_assert_eq(jobs_run(j, 1, 1, &strict), 0);
    cr_expect_eq(j[0].result.verdict, SANDBOX_TIMEOUT, "verdict %s, expected timeout",
                 sandbox_verdict_name(j[0].result.verdict));
    cr_expect_eq(j[0].rechecked, 0);
    cr_expect_eq(jobs_slowdown(), 1.0, "slowdown %.2f, expected none", jobs_slowdown());
    jobs_free_results(j, 1);
}

Test(jobs_confirm, a_program_that_hangs_times_out_even_with_the_raised_limit)
{
    struct sandbox_job twin = spec(SLEEP_FIFTH, 0);
    struct job j[] = { job(SLEEP_LONG, &twin, 0.02) };
    cr_assert_eq(jobs_run(j, 1, 1, &confirming), 0);
    cr_expect_eq(j[0].result.verdict, SANDBOX_TIMEOUT);
    cr_expect_eq(j[0].rechecked, 1, "it ran again with the raised limit, and hung again");
    jobs_free_results(j, 1);
}

Test(jobs_confirm, without_a_twin_a_limit_hit_is_final)
{
    struct job j[] = { job(SLEEP_HALF, NULL, 0) };
    cr_assert_eq(jobs_run(j, 1, 1, &confirming), 0);
    cr_expect_eq(j[0].result.verdict, SANDBOX_TIMEOUT);
    cr_expect_eq(j[0].rechecked, 0);
    jobs_free_results(j, 1);
}

Test(jobs_confirm, a_confirm_factor_of_zero_never_runs_the_twin)
{
    const struct jobs_policy final = { 2, 0, 0, 0 };
    struct sandbox_job twin = spec(SLEEP_FIFTH, 0);
    struct job j[] = { job(SLEEP_HALF, &twin, 0.02) };
    cr_assert_eq(jobs_run(j, 1, 1, &final), 0);
    cr_expect_eq(j[0].result.verdict, SANDBOX_TIMEOUT);
    cr_expect_eq(j[0].rechecked, 0);
    jobs_free_results(j, 1);
}

Test(jobs_confirm, a_spent_budget_is_scaled_by_the_slowdown_a_twin_measures)
{
    /* Three budgeted runs of 0.2 s against a 0.3 s wall budget: the third
    ** would be given up on, but the twin shows a machine ten times slower
    ** than when the budget was set, so the budget is 3 s and all run. */
    const struct jobs_policy budget = { 0, 0, 0.3, 10 };
    struct sandbox_job twin = spec(SLEEP_FIFTH, 0);
    struct job j[3];
    for (int i = 0; i < 3; i++) {
        j[i] = job(SLEEP_FIFTH, &twin, 0.02);
        j[i].spec.limits.wall_seconds = 5;
    }
    cr_assert_eq(jobs_run(j, 3, 1, &budget), 0);
    for (int i = 0; i < 3; i++)
        cr_expect_eq(j[i].skipped, JOBS_RAN, "job %d skipped (%d)", i, j[i].skipped);
    jobs_free_results(j, 3);
}

Test(jobs_confirm, a_spent_budget_on_a_machine_as_fast_as_ever_ends_the_grading)
{
    const struct jobs_policy budget = { 0, 0, 0.3, 10 };
    struct sandbox_job twin = spec(NOOP, 0);
    struct job j[3];
    for (int i = 0; i < 3; i++) {
        j[i] = job(SLEEP_FIFTH, &twin, 1.0);
        j[i].spec.limits.wall_seconds = 5;
    }
    cr_assert_eq(jobs_run(j, 3, 1, &budget), 0);
    cr_expect_eq(j[0].skipped, JOBS_RAN);
    cr_expect_eq(j[1].skipped, JOBS_RAN);
    cr_expect_eq(j[2].skipped, JOBS_SKIP_BUDGET, "job 2: skipped %d", j[2].skipped);
    jobs_free_results(j, 3);
}

static const char *const SPIN[] = { "/bin/sh", "-c", "while :; do :; done", NULL };

Test(jobs_confirm, a_busier_machine_raises_wall_limits_but_never_cpu_limits)
{
    /* The first job's twin sleeps 0.2 s where 0.02 s was calibrated: ten
    ** times the wall time, and no more CPU.  That is a busy machine (or
    ** a submission loading it while the twin ran), not a slower one, so
    ** the second job -- a loop with 0.2 s of CPU -- keeps its CPU limit
    ** and is stopped at about 0.2 s of CPU, not at ten times that. */
    struct sandbox_job twin = spec(SLEEP_FIFTH, 0);
    struct job j[] = { job(SLEEP_HALF, &twin, 0.02), job(SPIN, &twin, 0.02) };
    j[0].priority = 2;
    j[1].twin_cpu = 0.02;
    j[1].spec.limits.cpu_seconds = 0.2;
    j[1].spec.limits.wall_seconds = 30;
    cr_assert_eq(jobs_run(j, 2, 1, &confirming), 0);
    cr_expect_geq(jobs_slowdown(), 5.0, "slowdown %.2f, expected about 10", jobs_slowdown());
    cr_expect_eq(j[1].result.verdict, SANDBOX_TIMEOUT, "verdict %s, expected timeout",
                 sandbox_verdict_name(j[1].result.verdict));
    cr_expect_lt(j[1].result.cpu_seconds, 1.0,
                 "the loop used %.2f s of CPU under a 0.2 s CPU limit",
                 j[1].result.cpu_seconds);
    jobs_free_results(j, 2);
}
