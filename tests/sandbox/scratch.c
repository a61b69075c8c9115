/*
** scratch.c -- sandbox tests of scratch directories (private to the job,
** freed whatever the job left in them, never swapped for a symbolic link)
** and of the API's edges.  Included by tests/sandbox_test.c (the set-up is
** in harness.h).
*/
#include "harness.h"

/* ---- scratch directories and the API's edges --------------------------- */

BOTH(swapped_scratch_fails_closed)
{
    struct sandbox_result r;
    const char *argv[] = { prog("escape"), "swapcwd", NULL };
    struct sandbox_job job = { .argv = argv, .scratch = scratch,
                               .limits = limits() };
    char moved[PATH_MAX];
    int rc;

    snprintf(moved, sizeof moved, "%s.moved", scratch);
    rc = run_job(&job, &r);
    /* The symbolic link is in the scratch directory's place (the directory
    ** itself is beside it, or, in a session, was in the session's folder). */
    if (is_symlink(scratch)) {    /* the swap worked: must be refused */
        cr_assert_eq(rc, -1);
        cr_assert_null(r.out);
        if (exists(moved))
            sandbox_scratch_free(strdup(moved));
    } else {
        cr_assert_eq(rc, 0);
        cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s", r.out);
    }
    sandbox_result_free(&r);
}

BOTH(scratch_is_private_to_the_job)
{
    struct stat st;

    cr_assert(lstat(scratch, &st) == 0 && S_ISDIR(st.st_mode));
    cr_assert_eq(st.st_mode & 07777, sbx.as_root ? 0770 : 0700);
    cr_assert_eq(st.st_uid, sbx.as_root ? sbx.uid : geteuid());
    cr_assert_eq(st.st_gid, sbx.as_root ? sbx.gid : getegid());
    cr_assert_not_null(strstr(scratch, "/cc-grade-"));
}

/* Fills a scratch directory the hostile way, then frees it. */
BOTH(scratch_free_is_thorough_and_follows_no_symlink)
{
    char keep[] = "/tmp/cc-sbx-keep-XXXXXX", path[PATH_MAX], file[PATH_MAX];
    char *copy = strdup(scratch);
    int fd;

    cr_assert(copy && mkdtemp(keep));
    snprintf(file, sizeof file, "%s/precious", keep);
    fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    cr_assert(fd >= 0 && close(fd) == 0);
    snprintf(path, sizeof path, "%s/link", scratch);
    cr_assert(symlink(keep, path) == 0);
    snprintf(path, sizeof path, "%s/locked", scratch);
    cr_assert(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/locked/f", scratch);
    cr_assert(close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) == 0);
    snprintf(path, sizeof path, "%s/locked", scratch);
    cr_assert(chmod(path, 0) == 0);
    /* Deeper than the remover's recursion limit. */
    snprintf(path, sizeof path, "%s", scratch);
    cr_assert(chdir(path) == 0);
    for (int i = 0; i < 300; i++)
        cr_assert(mkdir("d", 0700) == 0 && chdir("d") == 0);
    cr_assert(chdir("/") == 0);
    sandbox_scratch_free(scratch);
    scratch = NULL;
    cr_assert(!exists(copy), "scratch survived");
    cr_assert(exists(file), "removal followed a symlink");
    cr_assert(unlink(file) == 0 && rmdir(keep) == 0);
    free(copy);
}

TEST_IN(SUITE(api), bad_jobs_fail_without_a_verdict, .fini = leave)
{
    const char *rel[] = { "basic", NULL };
    struct sandbox_job job = { .argv = rel };
    struct sandbox_result r;

    enter(RLIMITS);
    job.scratch = scratch;
    cr_assert_eq(run_job(&job, &r), -1);
    cr_assert(r.out == NULL && r.verdict == SANDBOX_OK && r.exit_code == 0);
    sandbox_result_free(&r);
    sandbox_scratch_free(NULL);
}

TEST_IN(SUITE(api), names_and_modes, .fini = leave)
{
    enter(RLIMITS);
    cr_assert_str_eq(sandbox_verdict_name(SANDBOX_TIMEOUT), "timeout");
    cr_assert_str_eq(sandbox_verdict_name(SANDBOX_MEMORY), "memory limit");
    cr_assert_str_eq(sandbox_verdict_name(SANDBOX_OUTPUT), "output limit");
    cr_assert_eq(strncmp(sandbox_mode(), "rlimits only: ", 14), 0);
    cr_assert_not_null(strstr(sandbox_mode(), "NOT hidden"));
}
