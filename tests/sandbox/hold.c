/*
** hold.c -- sandbox tests of what a job may hold besides CPU time and
** address space: keys (the caller's, or notes for a later job), memory
** outside its address space (memory files), disk in its scratch
** directory.  Each hostile action is tests/sandbox_progs/hold.c's.
** Included by tests/sandbox_test.c (the set-up is in harness.h).
*/
#include "harness.h"

#include <linux/keyctl.h>
#include <sys/statvfs.h>
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

/* ---- memory outside the address space --------------------------------- */

/* 1 when this machine has a v1 memory hierarchy (a hybrid or v1 one):
** root can then always hold a job's memory. */
static int has_v1_memory(void)
{
    char line[1024];
    int found = 0;
    FILE *f = fopen("/proc/self/cgroup", "re");

    while (f && !found && fgets(line, sizeof line, f))
        found = strstr(line, ":memory:") != NULL;
    if (f)
        fclose(f);
    return found;
}

/* 1 when the job's memory is held by a control group here (sandbox_mode()
** says so).  The tests of it skip otherwise -- sandbox.h promises less --
** unless root on a machine with a v1 memory hierarchy, where it must be
** (but for GRADER_SANDBOX_MEMORY or GRADER_SANDBOX_CGROUP=none). */
static int memory_is_held(void)
{
    if (strstr(sandbox_mode(), "memory held by cgroup"))
        return 1;
    const char *cg = getenv("GRADER_SANDBOX_CGROUP");
    cr_assert(geteuid() != 0 || !has_v1_memory() || getenv("GRADER_SANDBOX_MEMORY")
              || (cg && strcmp(cg, "none") == 0),
              "root, a v1 memory controller, and no memory held: %s", sandbox_mode());
    return 0;
}

BOTH(memory_files_count_against_the_memory_limit)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    if (!memory_is_held()) {
        leave();
        cr_skip_test("no memory controller: %s", sandbox_mode());
    }
    lim.memory_bytes = 64 * MiB;
    run(&r, lim, NULL, "hold", "memfd", "1024", NULL);
    cr_assert_eq(r.verdict, SANDBOX_MEMORY, "%s: %s", sandbox_verdict_name(r.verdict), r.out);
    cr_assert_null(strstr(r.out, "held 1024"), "it held 1 GiB: %s", r.out);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(memory_files_within_the_limit_are_fine)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.memory_bytes = 64 * MiB;
    run(&r, lim, NULL, "hold", "memfd", "32", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s", sandbox_verdict_name(r.verdict), r.err);
    cr_assert_not_null(strstr(r.out, "held 32 MiB"), "%s", r.out);
    sandbox_result_free(&r);
}

/* ---- disk --------------------------------------------------------------- */

BOTH(a_job_that_fills_its_scratch_gets_the_output_verdict)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;
    struct statvfs fs;
    struct stat tmp, st;
    long wrote = -1;

    if (geteuid() != 0) {
        leave();
        cr_skip_test("only root mounts a scratch file system");
    }
    lim.file_bytes = 2 * MiB;   /* each file is within its cap */
    run(&r, lim, NULL, "hold", "disk", "2048", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT, "%s: %s", sandbox_verdict_name(r.verdict), r.out);
    cr_assert(sscanf(r.out, "wrote %ld", &wrote) == 1 && wrote < 1024, "%s", r.out);
    sandbox_result_free(&r);
    /* It wrote on a file system of its own, none of the host's disk. */
    cr_assert(stat("/tmp", &tmp) == 0 && stat(scratch, &st) == 0);
    cr_assert_neq(st.st_dev, tmp.st_dev, "the scratch directory is on /tmp's disk");
    sandbox_scratch_free(scratch);
    scratch = sandbox_scratch_new();
    cr_assert(statvfs(scratch, &fs) == 0);
    cr_assert(fs.f_bfree * fs.f_frsize > fs.f_blocks * fs.f_frsize - 4 * MiB,
              "the job's files are still there");
    assert_no_survivors();
}
