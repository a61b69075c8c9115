/*
** runs.c -- sandbox tests of ordinary runs: what a program reads and
** writes, its exit status or the signal that ended it, the environment
** and the uid it runs with.  Included by tests/sandbox_test.c (the
** set-up is in harness.h).
*/
#include "harness.h"

/* ---- ordinary runs -------------------------------------------------- */

BOTH(echo_stdin)
{
    struct sandbox_result r;

    run(&r, limits(), "hello\nworld\n", "basic", "echo", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", sandbox_verdict_name(r.verdict));
    cr_assert_str_eq(r.out, "hello\nworld\n");
    cr_assert_eq(r.err_len, 0);
    sandbox_result_free(&r);
}

BOTH(big_stdin_no_deadlock)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;
    char *in = malloc(MiB + 1);

    cr_assert_not_null(in);
    for (size_t i = 0; i < MiB; i++)
        in[i] = (char)('a' + i % 26);
    in[MiB] = '\0';
    lim.output_bytes = 2 * MiB;
    run(&r, lim, in, "basic", "echo", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK);
    cr_assert(r.out_len == MiB && memcmp(r.out, in, MiB) == 0);
    sandbox_result_free(&r);
    free(in);
}

BOTH(exit_status)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "basic", "exit", "42", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT);
    cr_assert_eq(r.exit_code, 42);
    cr_assert_eq(r.signal, 0);
    sandbox_result_free(&r);
}

/* bubblewrap turns a death by signal S into exit status 128+S; the exec
** helper's own report tells a program that called exit(139) from one that
** crashed. */
BOTH(exit_status_above_128_is_an_exit_status)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "basic", "exit", "139", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "verdict %s", sandbox_verdict_name(r.verdict));
    cr_assert_eq(r.exit_code, 139);
    cr_assert_eq(r.signal, 0);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "basic", "exit", "192", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT);
    cr_assert_eq(r.exit_code, 192);
    sandbox_result_free(&r);
}

/* Without the helper (GRADER_SANDBOX_EXEC=none), bubblewrap's status is
** all there is: the mode says that an exit of 129-192 reads as a signal,
** and a crash is still a crash. */
TEST_IN(SUITE(bwrap), without_the_exec_helper_the_mode_says_so, .fini = leave)
{
    struct sandbox_result r;

    cr_assert(setenv("GRADER_SANDBOX_EXEC", "none", 1) == 0);
    enter(BWRAP);
    cr_assert(strstr(sandbox_mode(), "129-192") != NULL, "mode: %s", sandbox_mode());
    run(&r, limits(), NULL, "basic", "segv", NULL);
    cr_assert_eq(r.verdict, SANDBOX_SIGNAL);
    cr_assert_eq(r.signal, SIGSEGV);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "basic", "exit", "139", NULL);
    cr_assert_eq(r.verdict, SANDBOX_SIGNAL, "the ambiguity the helper removes");
    sandbox_result_free(&r);
}

BOTH(crash_is_a_named_signal)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "basic", "segv", NULL);
    cr_assert_eq(r.verdict, SANDBOX_SIGNAL);
    cr_assert_eq(r.signal, SIGSEGV);
    cr_assert_str_eq(sandbox_verdict_name(r.verdict), "signal");
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "basic", "abort", NULL);
    cr_assert_eq(r.verdict, SANDBOX_SIGNAL);
    cr_assert_eq(r.signal, SIGABRT);
    sandbox_result_free(&r);
}

BOTH(environment_is_exact)
{
    const char *env[] = { "A=1", "B=two words", NULL };
    const char *argv[] = { prog("basic"), "env", NULL };
    struct sandbox_job job = { .argv = argv, .scratch = scratch, .env = env,
                               .limits = limits() };
    struct sandbox_result r;

    run(&r, limits(), NULL, "basic", "env", NULL);
    cr_assert_str_eq(r.out, "PATH=/usr/bin:/bin\nLANG=C\n");
    sandbox_result_free(&r);
    cr_assert(run_job(&job, &r) == 0);
    cr_assert_str_eq(r.out, "A=1\nB=two words\n");
    sandbox_result_free(&r);
}

BOTH(runs_as_the_slot_uid)
{
    struct sandbox_result r;
    char want[64];

    if (geteuid() != 0) {
        leave();
        cr_skip_test("only a root grader switches uid");
    }
    run(&r, limits(), NULL, "basic", "id", NULL);
    snprintf(want, sizeof want, "uid=%d gid=%d\n", (int)sbx.uid, (int)sbx.gid);
    cr_assert_str_eq(r.out, want);
    cr_assert(sbx.uid >= SBX_SLOT_UID_BASE
              && sbx.uid < SBX_SLOT_UID_BASE + SBX_SLOT_COUNT);
    sandbox_result_free(&r);
}
