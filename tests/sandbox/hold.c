/*
** hold.c -- sandbox tests of what a job may hold besides CPU time and
** address space: keys (the caller's, or notes for a later job), memory
** outside its address space (memory files), disk in its scratch
** directory.  Each hostile action is tests/sandbox_progs/hold.c's.
** Included by tests/sandbox_test.c (the set-up is in harness.h).
*/
#include "harness.h"

#include <linux/keyctl.h>
#include <sys/syscall.h>

/* ---- keys ------------------------------------------------------------- */

/* Gives this test process a session keyring of its own (`keyctl session`)
** holding the note cc-note = 777, as an operator's login shell would. */
static void note_in_callers_session(void)
{
    cr_assert(syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, "cc-test") >= 0,
              "no keyrings here");
    cr_assert(system("keyctl add user cc-note 777 @s >/dev/null") == 0,
              "keyctl (keyutils) failed: sh grader/install-deps.sh");
    cr_assert(system("keyctl print %user:cc-note | grep -qx 777") == 0);
}

BOTH(a_job_cannot_read_the_callers_keys)
{
    struct sandbox_result r;

    note_in_callers_session();
    run(&r, limits(), NULL, "hold", "keyread", "cc-note", NULL);
    cr_assert_null(strstr(r.out, "777"), "the job read the caller's key: %s", r.out);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s %s", sandbox_verdict_name(r.verdict), r.err);
    cr_assert_eq(r.exit_code, 3);
    sandbox_result_free(&r);
}

BOTH(jobs_pass_no_notes_through_keyrings)
{
    struct sandbox_result r;

    note_in_callers_session();
    run(&r, limits(), NULL, "hold", "keyadd", "cc-pass", NULL);
    cr_assert_eq(r.exit_code, 3, "a job added a key (%s)", sandbox_verdict_name(r.verdict));
    cr_assert_not_null(strstr(r.err, "Operation not permitted"), "%s", r.err);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "hold", "keyread", "cc-pass", NULL);
    cr_assert_null(strstr(r.out, "note"), "a note passed from job to job: %s", r.out);
    cr_assert_eq(r.exit_code, 3);
    sandbox_result_free(&r);
    cr_assert(system("keyctl search @s user cc-pass >/dev/null 2>&1") != 0,
              "a job left a key in the caller's keyring");
}
