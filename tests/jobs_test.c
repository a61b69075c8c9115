/*
** jobs_test.c -- Criterion tests of grader/run/jobs.c: the order jobs start
** in and the rules for giving up on a hopeless program (jobs.h).
**
** The jobs are ordinary system commands run in the rlimit sandbox (the
** give-up rules do not depend on the sandbox's mode): `sleep` past a short
** wall-clock limit times out, `sort /dev/zero` under a small memory cap
** runs out of memory and says so, a shell loop burns CPU until its limit,
** `true` is a job that passes.  The policies are small so that each test
** takes a few seconds at most.  One worker runs the jobs in the queue's order,
** which makes "what ran before what" exact; one test uses two workers.
*/
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

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

static const char *const SLEEP[] = { "/bin/sleep", "5", NULL };
static const char *const HOG[] = { "/usr/bin/sort", "/dev/zero", NULL };
static const char *const SPIN[] = { "/bin/sh", "-c", "while :; do :; done", NULL };
static const char *const NOOP[] = { "/bin/true", NULL };

/* A job running `argv` in group `group` at `priority`. */
static struct job job(const char *const *argv, int group, int priority, int budgeted)
{
    struct job j = { .group = group, .priority = priority, .budgeted = budgeted };
    j.spec.argv = argv;
    j.spec.scratch = scratch;
    j.spec.limits = (struct sandbox_limits){ .wall_seconds = 0.3, .max_processes = 16 };
    if (argv == HOG)
        j.spec.limits.memory_bytes = (size_t)64 << 20;
    /* A spinner ends at its CPU limit, whatever the load: on a machine
    ** busy enough to give it a fifth of a core, 1 s of CPU takes 5 s, and a
    ** wall limit that near would end it first, with less CPU spent than
    ** the budget tests count on. */
    if (argv == SPIN)
        j.spec.limits = (struct sandbox_limits){ .cpu_seconds = 1, .wall_seconds = 120,
                                                 .max_processes = 16 };
    return j;
}

static void expect(const struct job *j, int skipped, enum sandbox_verdict verdict, const char *what)
{
    cr_expect_eq(j->skipped, skipped, "%s: skipped %d, expected %d", what, j->skipped, skipped);
    cr_expect_eq(j->result.verdict, verdict, "%s: %s, expected %s", what,
                 sandbox_verdict_name(j->result.verdict), sandbox_verdict_name(verdict));
}

TestSuite(jobs, .init = enter, .fini = leave);

Test(jobs, two_timeouts_end_the_group_and_every_slower_one)
{
    struct job j[] = {
        job(SLEEP, 1, 9, 0), job(SLEEP, 1, 8, 0), job(SLEEP, 1, 7, 0),
        job(NOOP, 2, 6, 0), job(NOOP, 3, 5, 0), job(NOOP, 0, 4, 0),
    };
    const struct jobs_policy p = { 2, 0, 0, 0 };

    cr_assert_eq(jobs_run(j, 6, 1, &p), 0);
    expect(&j[0], JOBS_RAN, SANDBOX_TIMEOUT, "first sleeper");
    expect(&j[1], JOBS_RAN, SANDBOX_TIMEOUT, "second sleeper");
    expect(&j[2], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "third sleeper");
    expect(&j[3], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "group 2, slower");
    expect(&j[4], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "group 3, slower");
    expect(&j[5], JOBS_RAN, SANDBOX_OK, "group 0 never gives up");
    jobs_free_results(j, 6);
}

Test(jobs, hits_in_a_slower_group_spare_the_faster_ones)
{
    /* Group 2 runs first here, by priority, and gives up; group 1 after
    ** it must still run, and one hit alone ends nothing. */
    struct job j[] = {
        job(SLEEP, 2, 9, 0), job(SLEEP, 2, 8, 0), job(NOOP, 2, 7, 0),
        job(SLEEP, 1, 6, 0), job(NOOP, 1, 5, 0),
    };
    const struct jobs_policy p = { 2, 0, 0, 0 };

    cr_assert_eq(jobs_run(j, 5, 1, &p), 0);
    expect(&j[2], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "group 2 after two timeouts");
    expect(&j[3], JOBS_RAN, SANDBOX_TIMEOUT, "group 1's only timeout");
    expect(&j[4], JOBS_RAN, SANDBOX_OK, "group 1 after one timeout");
    jobs_free_results(j, 5);
}

Test(jobs, two_memory_hits_end_the_group_as_memory)
{
    struct job j[] = { job(HOG, 1, 9, 0), job(HOG, 1, 8, 0), job(NOOP, 1, 7, 0), job(NOOP, 2, 6, 0) };
    const struct jobs_policy p = { 2, 0, 0, 0 };

    cr_assert_eq(jobs_run(j, 4, 1, &p), 0);
    expect(&j[0], JOBS_RAN, SANDBOX_MEMORY, "first hog");
    expect(&j[1], JOBS_RAN, SANDBOX_MEMORY, "second hog");
    expect(&j[2], JOBS_SKIP_MEMORY, SANDBOX_MEMORY, "same group");
    expect(&j[3], JOBS_SKIP_MEMORY, SANDBOX_MEMORY, "slower group");
    jobs_free_results(j, 4);
}

Test(jobs, the_cpu_budget_ends_every_group)
{
    /* Each spinner burns its 1 s CPU limit (a limit hit, but giving up on
    ** hits is off): the budgeted ones have used 1 s after the first, which
    ** is within the budget, and 2 s after the second, which is past it. */
    struct job j[] = {
        job(SPIN, 1, 9, 1), job(SPIN, 1, 8, 0), job(SPIN, 1, 7, 1),
        job(NOOP, 1, 6, 1), job(NOOP, 3, 5, 0), job(NOOP, 0, 4, 1),
    };
    const struct jobs_policy p = { 0, 1.5, 0, 0 };

    cr_assert_eq(jobs_run(j, 6, 1, &p), 0);
    expect(&j[0], JOBS_RAN, SANDBOX_TIMEOUT, "first spinner");
    expect(&j[1], JOBS_RAN, SANDBOX_TIMEOUT, "an unbudgeted spinner");
    expect(&j[2], JOBS_RAN, SANDBOX_TIMEOUT, "second budgeted spinner");
    expect(&j[3], JOBS_SKIP_BUDGET, SANDBOX_TIMEOUT, "after the budget");
    expect(&j[4], JOBS_SKIP_BUDGET, SANDBOX_TIMEOUT, "an unbudgeted job of a group");
    expect(&j[5], JOBS_RAN, SANDBOX_OK, "group 0 never gives up");
    jobs_free_results(j, 6);
}

Test(jobs, the_wall_budget_catches_sleepers)
{
    struct job j[] = { job(SLEEP, 1, 9, 1), job(SLEEP, 1, 8, 1), job(NOOP, 2, 7, 0) };
    const struct jobs_policy p = { 0, 0, 0.5, 0 };

    cr_assert_eq(jobs_run(j, 3, 1, &p), 0);
    expect(&j[1], JOBS_RAN, SANDBOX_TIMEOUT, "second sleeper, 0.3 s used");
    expect(&j[2], JOBS_SKIP_BUDGET, SANDBOX_TIMEOUT, "after 0.6 s");
    jobs_free_results(j, 3);
}

Test(jobs, two_workers_share_the_counters)
{
    /* Two workers take the four sleepers at once; by the time any true
    ** job is reached, at least two sleepers have timed out. */
    struct job j[8];
    const struct jobs_policy p = { 2, 0, 0, 0 };

    for (int i = 0; i < 4; i++)
        j[i] = job(SLEEP, 1, 9, 0);
    for (int i = 4; i < 8; i++)
        j[i] = job(NOOP, 1, 1, 0);
    cr_assert_eq(jobs_run(j, 8, 2, &p), 0);
    for (int i = 4; i < 8; i++)
        expect(&j[i], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "a true job after the sleepers");
    jobs_free_results(j, 8);
}

Test(jobs, no_policy_means_the_default)
{
    struct job j[] = { job(SLEEP, 1, 9, 0), job(SLEEP, 1, 8, 0), job(NOOP, 1, 7, 0) };
    const struct jobs_policy d = JOBS_POLICY_DEFAULT;

    cr_assert_eq(d.give_up, 2);
    cr_assert_eq(jobs_run(j, 3, 1, NULL), 0);
    expect(&j[2], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "after two timeouts");
    jobs_free_results(j, 3);
}

Test(jobs, priorities_set_the_order)
{
    /* Two sleepers of group 1 end it; a true job of group 1 with a higher
    ** priority than theirs runs before them, one with a lower after. */
    struct job j[] = { job(NOOP, 1, 1, 0), job(SLEEP, 1, 5, 0), job(SLEEP, 1, 5, 0), job(NOOP, 1, 9, 0) };
    const struct jobs_policy p = { 2, 0, 0, 0 };

    cr_assert_eq(jobs_run(j, 4, 1, &p), 0);
    expect(&j[3], JOBS_RAN, SANDBOX_OK, "highest priority, first");
    expect(&j[0], JOBS_SKIP_TIME, SANDBOX_TIMEOUT, "lowest priority, last");
    jobs_free_results(j, 4);
}
