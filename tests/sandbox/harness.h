/*
** harness.h -- the set-up every sandbox test shares (the files beside
** it, listed by tests/sandbox_test.c): modes, a scratch directory, the test
** programs, running one of them, looking for survivors, and BOTH().
**
** Theory of operation.  Every behaviour is tested twice, in suite "bwrap"
** (GRADER_SANDBOX=bwrap; skipped where bubblewrap does not work) and in
** suite "rlimits" (the forced fallback), except what only bubblewrap
** promises: hidden files, no network, a private /tmp.  Criterion runs each
** test in its own process, so each one calls sandbox_init() afresh with
** its mode, and parallel tests claim different uid slots.
**
** The programs are compiled on first use into build/sandbox/progs/ (under
** a lock, since tests run in parallel) and copied into the test's scratch
** directory, which is what the grader does with a submission too.  Run
** from the repository root.  Survivors are found by a marker argument
** that the programs pass on to every process they fork: after a run no
** /proc/PID/cmdline may contain it, and, as root, no process may run
** under the slot uid.  Checks that need root skip when run as a user.
**
** tests/sandbox_session_test.c includes the list of these tests with
** SANDBOX_TEST_SESSION set to 1: then every test runs again with a sandbox
** session (sandbox.h) attached, in suites session_bwrap, session_rlimits
** and session_api, and sandbox_run() takes each job through it.  A job
** that does not fit the session gets a new one shaped for it (run_job()),
** so that every job of these tests runs in a session; between two jobs the
** slot uid runs the session's bubblewrap and server, and nothing else.
**
** One translation unit holds the harness and every test (the Makefile
** builds each tests/NAME_test.c alone), so the helpers are static.
*/
#ifndef SANDBOX_TEST_HARNESS_H
#define SANDBOX_TEST_HARNESS_H

#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/sandbox.h"
#include "sandbox/sandbox_internal.h"   /* sbx.uid, to look for survivors */

#define PROGS_SRC "tests/sandbox_progs"
#define PROGS_BIN "build/sandbox/progs"
#define MiB ((size_t)1 << 20)

#ifndef SANDBOX_TEST_SESSION
#define SANDBOX_TEST_SESSION 0
#endif
#if SANDBOX_TEST_SESSION
#define SUITE(name) session_##name
#else
#define SUITE(name) name
#endif
/* Test() pastes its suite's name: SUITE() must be expanded first. */
#define TEST_IN(suite, ...) Test(suite, __VA_ARGS__)

enum mode { BWRAP, RLIMITS };
static enum mode mode;
static char *scratch;
static char marker[64];
static struct sandbox_session *session;   /* SANDBOX_TEST_SESSION only */

/* ---- helpers -------------------------------------------------------- */

static int fresh(const char *bin, const char *src)
{
    struct stat b, s;

    return stat(bin, &b) == 0 && stat(src, &s) == 0 && b.st_mtime >= s.st_mtime;
}

/* Compiles tests/sandbox_progs/NAME.c once, whichever worker comes first. */
static void build_prog(const char *name, char *bin, size_t n)
{
    static const char *const dirs[] = { "build", "build/sandbox", PROGS_BIN };
    char src[256], tmp[300], cmd[1024];
    int lock;

    snprintf(src, sizeof src, PROGS_SRC "/%s.c", name);
    snprintf(bin, n, PROGS_BIN "/%s", name);
    snprintf(tmp, sizeof tmp, "%s.tmp%d", bin, (int)getpid());
    for (size_t i = 0; i < 3; i++)
        cr_assert(mkdir(dirs[i], 0755) == 0 || errno == EEXIST);
    lock = open(PROGS_BIN "/.lock", O_RDONLY | O_CREAT | O_CLOEXEC, 0644);
    cr_assert(lock >= 0 && flock(lock, LOCK_EX) == 0);
    if (!fresh(bin, src)) {
        snprintf(cmd, sizeof cmd, "cc -std=c11 -O1 -Wall -Wextra -Wpedantic "
                 "-o %s %s", tmp, src);
        cr_assert(system(cmd) == 0, "cannot compile %s", src);
        cr_assert(rename(tmp, bin) == 0);
    }
    cr_assert(close(lock) == 0);
}

static void copy_file(const char *from, const char *to)
{
    char buf[65536];
    ssize_t n;
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);

    cr_assert(in >= 0 && out >= 0, "copy %s -> %s", from, to);
    while ((n = read(in, buf, sizeof buf)) > 0)
        cr_assert(write(out, buf, (size_t)n) == n);
    cr_assert(n == 0 && close(in) == 0 && close(out) == 0);
}

/* The absolute path of program NAME inside the scratch directory. */
static const char *prog(const char *name)
{
    static char path[PATH_MAX];
    char bin[PATH_MAX];

    build_prog(name, bin, sizeof bin);
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    copy_file(bin, path);
    return path;
}

/* Opens and attaches a session shaped like `job` (session mode only).
** Where bubblewrap and the exec helper work, its sandbox must start. */
static void attach_session(const struct sandbox_job *job)
{
    sandbox_session_close(session);
    session = sandbox_session_open(job);
    cr_assert_not_null(session);
    sandbox_session_attach(session);
    if (mode == BWRAP && sbx.exec_helper)
        cr_assert_eq(session->state, SBX_SESSION_LIVE, "the session's sandbox did not start");
}

static void enter(enum mode m)
{
    mode = m;
    cr_assert(setenv("GRADER_SANDBOX", m == BWRAP ? "bwrap" : "rlimits", 1) == 0);
    if (sandbox_init() != 0) {
        cr_assert(m == BWRAP, "the fallback must always work");
        cr_skip_test("bubblewrap does not work here");
    }
    scratch = sandbox_scratch_new();
    cr_assert_not_null(scratch);
    snprintf(marker, sizeof marker, "cc-sbx-mark-%d", (int)getpid());
    if (SANDBOX_TEST_SESSION)
        attach_session(&(struct sandbox_job){ .argv = NULL });
}

static void leave(void)
{
    sandbox_session_close(session);
    session = NULL;
    sandbox_scratch_free(scratch);
    scratch = NULL;
}

/* sandbox_run(); in session mode, in a session that fits the job. */
static int run_job(const struct sandbox_job *job, struct sandbox_result *res)
{
    if (SANDBOX_TEST_SESSION && session && session->owner == getpid()
        && !sandbox_session_fits(session, job))
        attach_session(job);
    return sandbox_run(job, res);
}

static struct sandbox_limits limits(void)
{
    return (struct sandbox_limits){ .wall_seconds = 20, .max_processes = 64 };
}

/* Runs program NAME with up to 5 arguments (NULL-terminated) and the
** marker appended; stdin is `in`. */
static void run(struct sandbox_result *res, struct sandbox_limits lim,
                const char *in, const char *name, ...)
{
    const char *argv[8] = { prog(name) };
    struct sandbox_job job = { .argv = argv, .scratch = scratch,
                               .stdin_data = in, .limits = lim };
    size_t n = 1;
    va_list ap;

    va_start(ap, name);
    while (n < 6 && (argv[n] = va_arg(ap, const char *)) != NULL)
        n++;
    va_end(ap);
    argv[n] = marker;
    job.stdin_len = in ? strlen(in) : 0;
    cr_assert(run_job(&job, res) == 0, "sandbox_run failed");
}

/* Processes whose command line holds `text`. */
static int count_cmdline(const char *text)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    char path[300], buf[4096];
    int found = 0;

    cr_assert_not_null(d);
    while ((e = readdir(d)) != NULL) {
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        int fd = e->d_name[0] >= '1' && e->d_name[0] <= '9'
                 ? open(path, O_RDONLY | O_CLOEXEC) : -1;
        ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
        for (ssize_t i = 0; i < n; i++)
            buf[i] = buf[i] ? buf[i] : ' ';
        found += n > 0 && (buf[n] = '\0', strstr(buf, text) != NULL);
        if (fd >= 0)
            close(fd);
    }
    closedir(d);
    return found;
}

static int count_uid(uid_t uid)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    struct stat st;
    char path[300];
    int found = 0;

    cr_assert_not_null(d);
    while ((e = readdir(d)) != NULL) {
        snprintf(path, sizeof path, "/proc/%s", e->d_name);
        found += e->d_name[0] >= '1' && e->d_name[0] <= '9'
                 && stat(path, &st) == 0 && st.st_uid == uid;
    }
    closedir(d);
    return found;
}

/* What the slot uid runs between two jobs: a live session's bubblewrap
** and server, or nothing. */
static int idle_processes(void)
{
    return session && session->state == SBX_SESSION_LIVE ? 2 : 0;
}

/* The processes of the slot uid once they have settled.  What a job left
** is killed before the call returns, but the kernel may take a moment to
** tear a killed process down (and a session's bubblewrap to exit after its
** session ended), so the count is read again for up to 2 s: a process that
** really survives is still there then. */
static int settled_uid_count(void)
{
    int n = count_uid(sbx.uid);

    for (int i = 0; i < 100 && n != idle_processes(); i++) {
        usleep(20 * 1000);
        n = count_uid(sbx.uid);
    }
    return n;
}

static void assert_no_survivors(void)
{
    cr_assert_eq(count_cmdline(marker), 0, "a process of the job survived");
    if (sbx.as_root) {
        int n = settled_uid_count();

        cr_assert_eq(n, idle_processes(), "the slot uid still runs something: %d processes, "
                     "expected %d", n, idle_processes());
    }
}

/* A skipped test does not run its .fini: clean up before skipping. */
static void need_root_in_fallback(void)
{
    if (mode == RLIMITS && geteuid() != 0) {
        leave();
        cr_skip_test("without root the fallback cannot protect the grader");
    }
}

static void need_bwrap(void)
{
    if (mode != BWRAP) {
        leave();
        cr_skip_test("only bubblewrap hides the file system and the network");
    }
}

/* ---- files ------------------------------------------------------------ */

static int exists(const char *path)
{
    struct stat st;

    return lstat(path, &st) == 0;
}

static int is_symlink(const char *path)
{
    struct stat st;

    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

/* Each test body runs in both modes. */
#define BOTH(name) \
    static void body_##name(void); \
    TEST_IN(SUITE(bwrap), name, .fini = leave) { enter(BWRAP); body_##name(); } \
    TEST_IN(SUITE(rlimits), name, .fini = leave) { enter(RLIMITS); body_##name(); } \
    static void body_##name(void)

#endif /* SANDBOX_TEST_HARNESS_H */
