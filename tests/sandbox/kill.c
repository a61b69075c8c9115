/*
** kill.c -- sandbox tests of what a job's processes can kill and what
** outlives a job: a job that kills its own group, or its parent and all it
** can reach, a setsid daemon, two forked workers whose jobs must not reach
** each other, many short runs that leave nothing to trip the next one's
** process limit.  Included by tests/sandbox_test.c (the set-up is in
** harness.h).
*/
#include "harness.h"

/* ---- kills and survivors ---------------------------------------------- */

BOTH(killing_its_group_is_its_own_signal)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "escape", "killgroup", NULL);
    cr_assert_eq(r.verdict, SANDBOX_SIGNAL);
    cr_assert_eq(r.signal, SIGKILL);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(killing_parent_and_all_spares_the_grader)
{
    struct sandbox_result r;

    need_root_in_fallback();
    run(&r, limits(), NULL, "escape", "killall", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s %s", r.out, r.err);
    assert_no_survivors();
    sandbox_result_free(&r);
    run(&r, limits(), "still here\n", "basic", "echo", NULL);
    cr_assert_str_eq(r.out, "still here\n");
    sandbox_result_free(&r);
}

BOTH(setsid_daemon_dies_with_the_job)
{
    struct sandbox_result r;

    run(&r, limits(), NULL, "escape", "daemon", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", sandbox_verdict_name(r.verdict));
    cr_assert_str_eq(r.out, "daemon ready\n");
    cr_assert(r.wall_seconds < 5, "waited for the daemon: %.2f s", r.wall_seconds);
    assert_no_survivors();
    sandbox_result_free(&r);
}

/* ---- forked workers ---------------------------------------------------- */

static int job_in(const char *dir, const char *const *ro, double wall,
                  struct sandbox_result *r, const char *const *argv)
{
    struct sandbox_job job = { .argv = argv, .scratch = dir,
                               .readonly_paths = ro, .limits = limits() };

    job.limits.wall_seconds = wall;
    return run_job(&job, r);
}

/* What one forked worker does; returns its exit status (0: all good).
** Worker 0 sleeps into a timeout while worker 1 runs jobs that kill(-1)
** and end with the uid-wide kill: with a shared uid, 0's job would die. */
static int worker(int w, const char *shared, const char *dir, uid_t parent)
{
    char basic[PATH_MAX], lim[PATH_MAX], esc[PATH_MAX], file[PATH_MAX];
    const char *ro[] = { shared, NULL };
    const char *id[] = { basic, "id", NULL }, *nap[] = { lim, "sleep", NULL };
    const char *kill_all[] = { esc, "killall", NULL };
    const char *write[] = { basic, "write", file, NULL };
    struct sandbox_result r;
    int bad = 0;

    snprintf(basic, sizeof basic, "%s/basic", shared);
    snprintf(lim, sizeof lim, "%s/limits", shared);
    snprintf(esc, sizeof esc, "%s/escape", shared);
    snprintf(file, sizeof file, "%s/from-worker", dir);
    if (job_in(dir, ro, 5, &r, id) != 0 || r.verdict != SANDBOX_OK)
        return 1;
    bad = geteuid() == 0 && (uid_t)atoi(r.out + 4) == parent;
    sandbox_result_free(&r);
    if (bad)
        return 2;
    if (w == 0) {
        bad = job_in(dir, ro, 1.5, &r, nap) != 0 || r.verdict != SANDBOX_TIMEOUT
              || r.wall_seconds < 1.4;
        sandbox_result_free(&r);
        return bad ? 3 : 0;
    }
    for (int i = 0; i < 5 && !bad; i++) {
        bad = job_in(dir, ro, 5, &r, kill_all) != 0 || r.verdict != SANDBOX_OK;
        sandbox_result_free(&r);
    }
    bad = bad || job_in(dir, ro, 5, &r, write) != 0 || r.verdict != SANDBOX_OK;
    sandbox_result_free(&r);
    return bad ? 4 : 0;
}

BOTH(forked_workers_get_their_own_uid)
{
    static const char *const progs[] = { "basic", "limits", "escape" };
    char bin[PATH_MAX], to[PATH_MAX + 16], file[PATH_MAX + 16], *dirs[2];
    pid_t pid[2];
    struct stat st;
    int status;

    need_root_in_fallback();
    dirs[0] = sandbox_scratch_new();
    dirs[1] = sandbox_scratch_new();
    cr_assert(dirs[0] && dirs[1]);
    for (int i = 0; i < 3; i++) {   /* the "build directory": read-only */
        build_prog(progs[i], bin, sizeof bin);
        snprintf(to, sizeof to, "%s/%s", scratch, progs[i]);
        copy_file(bin, to);
    }
    fflush(NULL);
    for (int w = 0; w < 2; w++) {
        pid[w] = fork();
        cr_assert(pid[w] >= 0);
        if (pid[w] == 0)
            _exit(worker(w, scratch, dirs[w], sbx.uid));
    }
    for (int w = 0; w < 2; w++) {
        cr_assert(waitpid(pid[w], &status, 0) == pid[w]);
        cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "worker %d: status %d", w, status);
    }
    snprintf(file, sizeof file, "%s/from-worker", dirs[1]);
    cr_assert(stat(file, &st) == 0);
    if (sbx.as_root)
        cr_assert_neq(st.st_uid, sbx.uid, "the worker ran jobs as our uid");
    sandbox_scratch_free(dirs[0]);
    sandbox_scratch_free(dirs[1]);
}

/* ---- many runs --------------------------------------------------------- */

/* Many short runs: logs the time per run, and checks that rapid reuse of
** the slot uid never trips RLIMIT_NPROC on leftovers (as root: a user's
** uid is shared, see process_limit). */
BOTH(many_short_runs)
{
    const char *argv[] = { prog("limits"), "forks", "1", NULL };
    struct sandbox_job job = { .argv = argv, .scratch = scratch,
                               .limits = limits() };
    struct sandbox_result r;
    double t0 = sbx_now();

    job.limits.max_processes = geteuid() == 0 ? 2 : 0;
    for (int i = 0; i < 40; i++) {
        cr_assert(run_job(&job, &r) == 0);
        cr_assert_str_eq(r.out, "forks=1\n", "run %d: %s", i, r.out);
        sandbox_result_free(&r);
    }
    cr_log_info("%s: %.1f ms per run", sandbox_mode(),
                (sbx_now() - t0) * 1000 / 40);
}
