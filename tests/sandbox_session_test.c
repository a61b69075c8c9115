/*
** sandbox_session_test.c -- Criterion tests of sandbox sessions
** (grader/sandbox/sandbox_session*.c, grader/exec/serve*.c): many jobs in one
** sandbox, each with every guarantee sandbox_run() gives.
**
** Part one is every test of tests/sandbox/ again, each job run in a
** session (tests/sandbox/harness.h says how: their list, sandbox_test.c,
** is included here with SANDBOX_TEST_SESSION set): the same outputs, exit
** statuses (exit(139) against SIGSEGV), verdicts for wall and CPU time,
** output, file size, memory and process limits, fork bombs and daemons
** killed, escapes that fail.  Part two is what only a session could get
** wrong: what one job leaves must not reach the next; one sandbox must
** really serve them all; a dead, dying or tampered-with session must cost
** no result.  Its jobs are shell command lines, each in a fresh scratch
** directory, as grade.c gives each run one.
*/
#define SANDBOX_TEST_SESSION 1
#include "sandbox_test.c"

#include <poll.h>

/* ---- part two: helpers ---------------------------------------------- */

/* Runs the shell command line `line` through the session in a fresh
** scratch directory, which it returns (free it). */
static char *shell_in(struct sandbox_result *res, const char *line)
{
    const char *argv[] = { "/bin/sh", "-c", line, marker, NULL };
    char *dir = sandbox_scratch_new();
    struct sandbox_job job = { .argv = argv, .scratch = dir, .limits = limits() };

    cr_assert_not_null(dir);
    cr_assert_eq(sandbox_session_run(session, &job, res), 0, "%s: the grader failed", line);
    return dir;
}

static void shell(struct sandbox_result *res, const char *line)
{
    sandbox_scratch_free(shell_in(res, line));
}

/* "pid:[N]\n" for the session's pid namespace, as readlink prints it. */
static const char *session_namespace(void)
{
    static char text[64];

    snprintf(text, sizeof text, "pid:[%llu]\n", (unsigned long long)session->pid_ns);
    return text;
}

/* ---- part two: one job cannot reach the next ------------------------ */

/* Job 1 writes in its cwd, /tmp and /dev/shm; job 2, in a scratch
** directory of its own, finds none of it, not even by job 1's paths.
** (Without bubblewrap, only the cwd: the file system is the machine's.) */
BOTH(what_a_job_writes_is_not_seen_by_the_next)
{
    struct sandbox_result r;
    char line[PATH_MAX + 256], *first;

    snprintf(line, sizeof line, "echo x > left%s", mode == BWRAP
             ? " && echo x > /tmp/left && echo x > /dev/shm/left" : "");
    first = shell_in(&r, line);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", r.err);
    sandbox_result_free(&r);
    snprintf(line, sizeof line, "%s/left", first);
    cr_assert_eq(access(line, F_OK), 0, "the job's file is not in its scratch directory");
    snprintf(line, sizeof line, "for f in left%s%s%s; do test -e $f && echo $f; done; true",
             mode == BWRAP ? " " : "", mode == BWRAP ? first : "",
             mode == BWRAP ? "/left /tmp/left /dev/shm/left" : "");
    shell(&r, line);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", r.err);
    cr_assert_str_eq(r.out, "", "left by the job before");
    sandbox_result_free(&r);
    sandbox_scratch_free(first);
}

/* System V IPC objects belong to the IPC namespace, not to a process. */
TEST_IN(session_bwrap, ipc_objects_do_not_outlive_their_job, .fini = leave)
{
    struct sandbox_result r;

    enter(BWRAP);
    shell(&r, "ipcmk -M 4096 && ipcmk -Q && ipcmk -S 1");
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", r.err);
    sandbox_result_free(&r);
    shell(&r, "ipcs -m -q -s | grep -c '^0x'");
    cr_assert_str_eq(r.out, "0\n", "left over: %s", r.out);
    sandbox_result_free(&r);
}

/* The CPU time of a grandchild counts, also of an orphan (reaped by the
** sandbox's init, or by the supervisor), not only of a waited-for child.
** Uncounted, the orphan's job would cost a few milliseconds: the shell
** and cat. */
BOTH(grandchildren_cpu_is_counted)
{
    const char *loop = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done";
    char alone[200], orphan[300];
    struct sandbox_result r;
    double one;

    snprintf(alone, sizeof alone, "sh -c '%s'", loop);
    snprintf(orphan, sizeof orphan, "( sh -c '%s; echo done' & ) | cat", loop);
    shell(&r, alone);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", r.err);
    one = r.cpu_seconds;
    sandbox_result_free(&r);
    cr_assert(one > 0.05, "the loop is too short to measure: %.3f s", one);
    shell(&r, orphan);
    cr_assert_str_eq(r.out, "done\n", "%s", r.err);
    cr_assert(r.cpu_seconds > 0.4 * one, "orphan's CPU: %.3f s of %.3f s", r.cpu_seconds, one);
    sandbox_result_free(&r);
}

/* ---- part two: one sandbox for many jobs ---------------------------- */

BOTH(many_jobs_share_one_sandbox)
{
    struct sandbox_result r;
    uint64_t before = session->reply.jobs;

    for (int i = 0; i < 200; i++) {
        shell(&r, "readlink /proc/self/ns/pid");
        cr_assert_eq(r.verdict, SANDBOX_OK, "job %d: %s", i, r.err);
        if (mode == BWRAP)
            cr_assert_str_eq(r.out, session_namespace(), "job %d ran in another sandbox", i);
        sandbox_result_free(&r);
    }
    if (mode == BWRAP)
        cr_assert_eq(session->reply.jobs, before + 200, "the server ran %llu jobs",
                     (unsigned long long)(session->reply.jobs - before));
}

/* Attached, the session takes sandbox_run()'s jobs that fit it. */
TEST_IN(session_bwrap, sandbox_run_uses_the_attached_session, .fini = leave)
{
    const char *argv[] = { "/usr/bin/readlink", "/proc/self/ns/pid", NULL };
    struct sandbox_job job = { .argv = argv, .limits = limits() };
    struct sandbox_result r;

    enter(BWRAP);
    job.scratch = scratch;
    cr_assert(sandbox_run(&job, &r) == 0);
    cr_assert_str_eq(r.out, session_namespace());
    sandbox_result_free(&r);
    sandbox_session_attach(NULL);
    cr_assert(sandbox_run(&job, &r) == 0);
    cr_assert_str_neq(r.out, session_namespace(), "not attached: a sandbox of its own");
    sandbox_result_free(&r);
}

BOTH(a_job_that_does_not_fit_runs_by_itself)
{
    const char *argv[] = { "/usr/bin/readlink", "/proc/self/ns/pid", NULL };
    const char *ro[] = { "/usr", NULL };
    struct sandbox_job job = { .argv = argv, .scratch = scratch, .readonly_paths = ro,
                               .limits = limits() };
    struct sandbox_result r;

    cr_assert(!sandbox_session_fits(session, &job), "other read-only paths");
    cr_assert(sandbox_session_run(session, &job, &r) == 0);
    cr_assert_eq(r.verdict, SANDBOX_OK);
    if (mode == BWRAP)
        cr_assert_str_neq(r.out, session_namespace());
    sandbox_result_free(&r);
}

/* ---- part two: a hostile job, a broken session ---------------------- */

/* kill(getppid()) and kill(-1) cannot reach the server, the sandbox's
** init: the next job runs in the same sandbox. */
TEST_IN(session_bwrap, a_job_cannot_kill_the_server, .fini = leave)
{
    struct sandbox_result r;

    enter(BWRAP);
    run(&r, limits(), NULL, "escape", "killall", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s %s", r.out, r.err);
    sandbox_result_free(&r);
    shell(&r, "readlink /proc/self/ns/pid");
    cr_assert_str_eq(r.out, session_namespace(), "the session's sandbox was replaced");
    cr_assert_eq(session->state, SBX_SESSION_LIVE);
    sandbox_result_free(&r);
}

/* The sandbox dies between two jobs: the next job runs by itself, with
** its right result, and the session asks to be replaced. */
TEST_IN(session_bwrap, a_dead_session_falls_back, .fini = leave)
{
    struct sandbox_result r;

    enter(BWRAP);
    cr_assert(kill(session->bwrap, SIGKILL) == 0);
    /* Killing bubblewrap kills the server soon, not at once: wait until
    ** its end of the socket is closed. */
    struct pollfd gone = { .fd = session->sock, .events = POLLIN };
    cr_assert_eq(poll(&gone, 1, 10000), 1);
    cr_assert(gone.revents & POLLHUP, "the server lives on");
    shell(&r, "echo still; exit 139");
    cr_assert(r.verdict == SANDBOX_EXIT && r.exit_code == 139, "%s", sandbox_verdict_name(r.verdict));
    cr_assert_str_eq(r.out, "still\n");
    sandbox_result_free(&r);
    cr_assert_eq(session->state, SBX_SESSION_BROKEN);
    cr_assert(!sandbox_session_fits(session, &(struct sandbox_job){ .argv = NULL }),
              "a broken session must ask for a new one");
}

/* The server dies in the middle of a job (killed from outside): the job
** runs again by itself, and gets the result it deserves. */
TEST_IN(session_bwrap, a_session_dying_during_a_job_falls_back, .fini = leave)
{
    struct sandbox_result r;
    pid_t killer;

    enter(BWRAP);
    killer = fork();
    cr_assert(killer >= 0);
    if (killer == 0) {
        usleep(200000);
        _exit(kill(session->bwrap, SIGKILL) == 0 ? 0 : 1);
    }
    shell(&r, "sleep 1; echo slept");
    cr_assert(waitpid(killer, NULL, 0) == killer);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", sandbox_verdict_name(r.verdict));
    cr_assert_str_eq(r.out, "slept\n");
    cr_assert_eq(session->state, SBX_SESSION_BROKEN);
    sandbox_result_free(&r);
}

/* A job that renices the server, lowers its limits or pins it to one CPU
** would slow or break every later job: the session ends after it. */
TEST_IN(session_bwrap, a_job_that_changes_the_server_ends_the_session, .fini = leave)
{
    static const char *const changes[] = {
        "renice -n 5 -p 1", "prlimit --pid 1 --as=100000000", "taskset -p 1 1",
    };
    struct sandbox_result r;

    enter(BWRAP);
    /* With one CPU, pinning to it changes nothing. */
    size_t n = sizeof changes / sizeof changes[0] - (sysconf(_SC_NPROCESSORS_ONLN) < 2);
    for (size_t i = 0; i < n; i++) {
        attach_session(&(struct sandbox_job){ .argv = NULL });
        shell(&r, changes[i]);
        cr_assert_eq(r.verdict, SANDBOX_OK, "%s: %s", changes[i], r.err);
        sandbox_result_free(&r);
        cr_assert_eq(session->state, SBX_SESSION_BROKEN, "%s went unnoticed", changes[i]);
    }
}
