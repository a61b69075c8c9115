/*
** sandbox_test.c -- Criterion tests of grader/sandbox/*.c, run against the
** small hostile programs in tests/sandbox_progs/.
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
** tests/sandbox_session_test.c includes this file with SANDBOX_TEST_SESSION
** set to 1: then every test here runs again with a sandbox session
** (sandbox.h) attached, in suites session_bwrap, session_rlimits and
** session_api, and sandbox_run() takes each job through it.  A job that
** does not fit the session gets a new one shaped for it (run_job()), so
** that every job of these tests runs in a session; between two jobs the
** slot uid runs the session's bubblewrap and server, and nothing else.
*/
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

/* Each test body runs in both modes. */
#define BOTH(name) \
    static void body_##name(void); \
    TEST_IN(SUITE(bwrap), name, .fini = leave) { enter(BWRAP); body_##name(); } \
    TEST_IN(SUITE(rlimits), name, .fini = leave) { enter(RLIMITS); body_##name(); } \
    static void body_##name(void)

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

/* ---- limits ----------------------------------------------------------- */

BOTH(cpu_timeout)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.cpu_seconds = 1;
    run(&r, lim, NULL, "limits", "spin", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT, "%s", sandbox_verdict_name(r.verdict));
    cr_assert(r.wall_seconds < 8, "took %.2f s", r.wall_seconds);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(wall_timeout_while_sleeping)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.wall_seconds = 0.5;
    run(&r, lim, NULL, "limits", "sleep", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT);
    cr_assert(r.wall_seconds >= 0.4 && r.wall_seconds < 4, "%.2f s",
              r.wall_seconds);
    cr_assert_eq(r.signal, 0, "our kill is not the job's signal");
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(wall_timeout_while_trickling_output)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.wall_seconds = 0.5;
    run(&r, lim, NULL, "limits", "trickle", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT);
    cr_assert(r.wall_seconds < 4 && r.out_len > 0, "%.2f s", r.wall_seconds);
    sandbox_result_free(&r);
}

BOTH(process_limit)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;
    int forks = -1;

    lim.max_processes = 8;
    run(&r, lim, NULL, "limits", "forks", "50", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK);
    cr_assert(sscanf(r.out, "forks=%d", &forks) == 1, "%s", r.out);
    /* Without root the uid is shared with the user's other processes,
    ** some maybe invisible to us: the limit is then only approximate. */
    if (geteuid() == 0)   /* exact: the slot uid runs nothing else */
        cr_assert_eq(forks, 7, "%d forks under a limit of 8 processes", forks);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(fork_bomb_is_contained_and_killed)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.max_processes = 16;
    lim.wall_seconds = 1;
    run(&r, lim, NULL, "limits", "bomb", NULL);
    cr_assert_eq(r.verdict, SANDBOX_TIMEOUT);
    assert_no_survivors();
    sandbox_result_free(&r);
}

BOTH(memory_limit)
{
    static const char *const modes[] = { "crash", "report" };
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.memory_bytes = 64 * MiB;
    for (int i = 0; i < 2; i++) {
        run(&r, lim, NULL, "limits", "hog", modes[i], NULL);
        cr_assert_eq(r.verdict, SANDBOX_MEMORY, "%s: %s", modes[i],
                     sandbox_verdict_name(r.verdict));
        sandbox_result_free(&r);
    }
}

/* No address-space cap, but a cap the program keeps itself (ASan's
** hard_rss_limit_mb): a failure with half of it resident reads as the
** memory limit, a small failure as the exit it is. */
BOTH(self_kept_memory_cap)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.rss_bytes = 64 * MiB;
    run(&r, lim, NULL, "limits", "touch", "48", NULL);
    cr_assert_eq(r.verdict, SANDBOX_MEMORY, "48 MiB of 64: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
    run(&r, lim, NULL, "limits", "touch", "1", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "1 MiB of 64: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
    lim.rss_bytes = 0;
    run(&r, lim, NULL, "limits", "touch", "48", NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "no cap: %s", sandbox_verdict_name(r.verdict));
    sandbox_result_free(&r);
}

BOTH(output_floods)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;

    lim.output_bytes = 4096;
    run(&r, lim, NULL, "limits", "flood", "1", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT);
    cr_assert_eq(r.out_len, 4096);
    cr_assert_eq(strlen(r.out), 4096);
    sandbox_result_free(&r);
    run(&r, lim, NULL, "limits", "flood", "2", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT);
    cr_assert_eq(r.err_len, 4096);
    cr_assert_eq(r.out_len, 0);
    sandbox_result_free(&r);
}

BOTH(file_size_limit)
{
    struct sandbox_limits lim = limits();
    struct sandbox_result r;
    struct stat st;
    char path[PATH_MAX];

    lim.file_bytes = MiB;
    run(&r, lim, NULL, "limits", "bigfile", NULL);
    cr_assert_eq(r.verdict, SANDBOX_OUTPUT, "%s", sandbox_verdict_name(r.verdict));
    snprintf(path, sizeof path, "%s/big.bin", scratch);
    cr_assert(stat(path, &st) == 0 && st.st_size <= (off_t)MiB);
    sandbox_result_free(&r);
}

/* ---- escapes ---------------------------------------------------------- */

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

BOTH(writes_outside_scratch_change_nothing)
{
    struct sandbox_result r;
    char in_tmp[128], in_repo[PATH_MAX], cwd[2048];

    need_root_in_fallback();
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    snprintf(in_tmp, sizeof in_tmp, "/tmp/%s-tmp", marker);
    snprintf(in_repo, sizeof in_repo, "%s/" PROGS_BIN "/%s", cwd, marker);
    run(&r, limits(), NULL, "basic", "write", in_repo, NULL);
    cr_assert_neq(r.verdict, SANDBOX_OK, "%s", r.out);
    cr_assert(!exists(in_repo), "the job wrote into the repository");
    sandbox_result_free(&r);
    if (mode == RLIMITS)
        return;   /* the fallback shares /tmp: that is documented */
    run(&r, limits(), NULL, "basic", "write", in_tmp, NULL);
    cr_assert_eq(r.verdict, SANDBOX_OK, "a private /tmp is writable");
    cr_assert(!exists(in_tmp), "the job's /tmp is the real one");
    sandbox_result_free(&r);
}

BOTH(kit_files_are_invisible)
{
    struct sandbox_result r;
    char cwd[2048], dir[] = "/tmp/cc-sbx-secret-XXXXXX", secret[128];
    char sample[PATH_MAX];
    int fd;

    need_bwrap();
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    cr_assert_not_null(mkdtemp(dir));
    snprintf(secret, sizeof secret, "%s/%s.out", dir, marker);
    snprintf(sample, sizeof sample, "%s/sample_io", cwd);
    fd = open(secret, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    cr_assert(fd >= 0 && close(fd) == 0 && chmod(dir, 0755) == 0);
    run(&r, limits(), NULL, "escape", "find", ".out", NULL);
    cr_assert(unlink(secret) == 0 && rmdir(dir) == 0);
    cr_assert_eq(r.verdict, SANDBOX_OK, "%s", r.err);
    cr_assert_null(strstr(r.out, marker), "found %s", r.out);
    cr_assert_null(strstr(r.out, cwd), "the kit is visible: %s", r.out);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "escape", "stat", sample, NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s is visible", sample);
    sandbox_result_free(&r);
    run(&r, limits(), NULL, "escape", "ls", "/", NULL);
    cr_assert_null(strstr(r.out, "work"), "/ holds %s", r.out);
    cr_assert_null(strstr(r.out, "home"), "/ holds %s", r.out);
    sandbox_result_free(&r);
}

/* libc's detached debug file, when libc6-dbg is installed, cannot be read
** inside (sandbox_debuginfo.c). */
BOTH(libc_debug_info_is_masked)
{
    const char *argv[] = { "/usr/bin/wc", "-c", NULL, NULL };
    struct sandbox_job job = { .argv = argv, .limits = limits() };
    struct sandbox_result r;
    struct stat st;
    int i;

    need_bwrap();
    for (i = 0; i + 2 < sbx.nsys_args; i++)
        if (strcmp(sbx.sys_args[i + 1], "/dev/null") == 0)
            break;
    if (access("/usr/share/doc/libc6-dbg/copyright", F_OK) != 0) {
        leave();
        cr_skip_test("libc6-dbg is not installed here");
    }
    cr_assert(i + 2 < sbx.nsys_args, "libc6-dbg is installed, but nothing is masked");
    argv[2] = sbx.sys_args[i + 2];
    cr_assert(strncmp(argv[2], "/usr/lib/debug/.build-id/", 25) == 0, "%s", argv[2]);
    cr_assert(stat(argv[2], &st) == 0 && st.st_size > 0, "%s outside", argv[2]);
    job.scratch = scratch;
    cr_assert(run_job(&job, &r) == 0);
    /* bwrap's binds are nodev, so the device reads as "permission
    ** denied"; an empty read would do as well. */
    cr_assert(r.verdict == SANDBOX_EXIT || (r.verdict == SANDBOX_OK && atoi(r.out) == 0),
              "%s inside: %s %s", argv[2], r.out, r.err);
    sandbox_result_free(&r);
}

BOTH(readonly_paths_are_readonly)
{
    char dir[PATH_MAX], bin[PATH_MAX], target[PATH_MAX + 80];
    const char *ro[] = { dir, NULL };
    const char *argv[] = { bin, "write", target, NULL };
    struct sandbox_job job = { .argv = argv, .scratch = scratch,
                               .readonly_paths = ro, .limits = limits() };
    struct sandbox_result r;

    need_bwrap();
    build_prog("basic", bin, sizeof bin);
    cr_assert_not_null(realpath(bin, dir));
    snprintf(bin, sizeof bin, "%s", dir);    /* run it from the bind */
    *strrchr(dir, '/') = '\0';
    snprintf(target, sizeof target, "%s/%s", dir, marker);
    cr_assert(run_job(&job, &r) == 0);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "%s", r.out);
    cr_assert_eq(r.exit_code, 3);
    cr_assert(!exists(target));
    sandbox_result_free(&r);
}

BOTH(no_network)
{
    struct sockaddr_in a = { .sin_family = AF_INET };
    socklen_t len = sizeof a;
    struct sandbox_result r;
    char port[16];
    int fd;

    need_bwrap();
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    cr_assert(fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0
              && listen(fd, 4) == 0
              && getsockname(fd, (struct sockaddr *)&a, &len) == 0);
    snprintf(port, sizeof port, "%d", ntohs(a.sin_port));
    run(&r, limits(), NULL, "escape", "connect", port, NULL);
    cr_assert_eq(r.verdict, SANDBOX_EXIT, "reached our listener: %s", r.out);
    cr_assert(close(fd) == 0);
    sandbox_result_free(&r);
}

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

/* ---- scratch directories and the API's edges --------------------------- */

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
