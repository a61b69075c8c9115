/*
** exec.c -- sandbox tests of limits.exec_once (sandbox_execonce.c): a job
** with it starts, but may run no other program -- execve() fails with
** EPERM -- in every way a job is run: one bubblewrap with the exec helper
** (suite bwrap), the job process of the fallback (suite rlimits), and a
** session's server (tests/sandbox_session_test.c runs these again).
** limits.no_aslr, set alongside (the ThreadSanitizer runs), turns
** address randomisation off in the same places.  Included by
** tests/sandbox_test.c.
*/
#include "harness.h"

/* The test program execs itself ("basic exec PATH"): 0 when that worked,
** 3 with the error on stdout when it did not. */
static void run_exec(struct sandbox_result *r, int exec_once)
{
    struct sandbox_limits lim = limits();
    char self[PATH_MAX];

    snprintf(self, sizeof self, "%s", prog("basic"));
    lim.exec_once = exec_once;
    run(r, lim, NULL, "basic", "exec", self, NULL);
}

BOTH(exec_once_job_starts_but_cannot_exec)
{
    struct sandbox_result r;

    run_exec(&r, 1);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s (%s): %s%s", sandbox_verdict_name(r.verdict),
                 sandbox_mode(), r.out, r.err);
    cr_assert_eq(r.exit_code, 3, "exit %d: %s%s", r.exit_code, r.out, r.err);
    cr_assert(strstr(r.out, "Operation not permitted"), "stdout: %s", r.out);
    sandbox_result_free(&r);
    assert_no_survivors();
}

BOTH(job_without_exec_once_may_exec)
{
    struct sandbox_result r;

    run_exec(&r, 0);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s%s", sandbox_verdict_name(r.verdict), r.out, r.err);
    sandbox_result_free(&r);
}

BOTH(no_aslr_job_runs_without_randomisation)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    run(&r, lim, NULL, "basic", "aslr", NULL);
    cr_assert(strstr(r.out, "aslr on"), "without the flag: %s%s", r.out, r.err);
    sandbox_result_free(&r);
    lim.no_aslr = lim.exec_once = 1;
    run(&r, lim, NULL, "basic", "aslr", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s%s", sandbox_verdict_name(r.verdict), r.out, r.err);
    cr_assert(strstr(r.out, "aslr off"), "with the flag: %s%s", r.out, r.err);
    sandbox_result_free(&r);
}
