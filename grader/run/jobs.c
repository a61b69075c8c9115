/*
** jobs.c -- spread sandboxed jobs over worker processes.
**
** Workers take job numbers from a shared pipe until it is empty, and
** append one record per job to their own unlinked temporary file:
**     index, verdict, exit_code, signal, wall, cpu, max_rss, out_len,
**     err_len (fixed-size header), then the out and err bytes.
** The parent reads the files back after waitpid(); a worker that died
** without writing all its records makes the whole call fail, because a
** missing result must never turn into a grade.
**
** Sessions.  Each worker (or the one process of run_here) keeps a sandbox
** session (sandbox.h) for as long as consecutive jobs fit it -- the same
** read-only paths and file size limit; the queue's order groups them: the
** plain and ASan runs of one program, then its Valgrind runs -- and opens
** a new one when a job does not.  The session is attached, so the job
** runs in it through the sandbox_run() of jobs_confirm.c; the twin, the
** reference's run with other read-only paths, does not fit and gets a
** sandbox of its own.
*/
#define _GNU_SOURCE
#include "jobs.h"
#include "jobs_confirm.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

struct record {
    uint64_t index;
    int32_t verdict, exit_code, signal, skipped, rechecked;
    double wall, cpu;
    int64_t max_rss_kb;
    uint64_t out_len, err_len;
};

#define JOBS_GROUPS 16

/* Per group, shared by all workers (an anonymous shared page): limit hits
** seen.  Slot 0, which no group uses for hits, holds the run budget's
** use, in milliseconds, the slowdown measured by twins (jobs_confirm.h)
** and how often the budget had it measured afresh. */
struct group_use { int timeouts, memory_hits, budget_checks; long wall_ms, cpu_ms; struct jobs_slowdown slow; };

/* Before the run budget ends a grading, the slowdown is measured afresh
** this many times at most (a hopeless program is not worth more). */
#define BUDGET_CHECKS 3
static struct group_use *groups;
static struct jobs_policy policy;   /* of the current jobs_run() */
static struct sandbox_session *session;   /* this process's, or NULL */

/* Makes the attached session one that `spec` fits: the current one, or a
** new one.  Without a session (out of memory) jobs run one sandbox each. */
static void session_for(const struct sandbox_job *spec)
{
    if (session && sandbox_session_fits(session, spec))
        return;
    sandbox_session_close(session);
    session = sandbox_session_open(spec);
    sandbox_session_attach(session);
}

static void session_end(void)
{
    sandbox_session_close(session);
    session = NULL;
}

static int write_record(FILE *f, size_t index, const struct sandbox_result *r, int skipped,
                        int rechecked)
{
    struct record rec = {
        .index = index, .verdict = r->verdict, .exit_code = r->exit_code, .skipped = skipped,
        .rechecked = rechecked,
        .signal = r->signal, .wall = r->wall_seconds, .cpu = r->cpu_seconds,
        .max_rss_kb = r->max_rss_kb, .out_len = r->out_len, .err_len = r->err_len,
    };
    return fwrite(&rec, sizeof rec, 1, f) == 1
        && fwrite(r->out ? r->out : "", 1, r->out_len, f) == r->out_len
        && fwrite(r->err ? r->err : "", 1, r->err_len, f) == r->err_len ? 0 : -1;
}

static char *read_bytes(FILE *f, uint64_t len)
{
    if (len > ((uint64_t)1 << 32))
        return NULL;
    char *buf = malloc((size_t)len + 1);
    if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        return NULL;
    }
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* Reads every record of one worker's file into `jobs`. */
static int read_records(FILE *f, struct job *jobs, size_t n, size_t *filled)
{
    struct record rec;
    rewind(f);
    while (fread(&rec, sizeof rec, 1, f) == 1) {
        if (rec.index >= n)
            return -1;
        struct sandbox_result *r = &jobs[rec.index].result;
        jobs[rec.index].skipped = rec.skipped;
        jobs[rec.index].rechecked = rec.rechecked;
        r->verdict = (enum sandbox_verdict)rec.verdict;
        r->exit_code = rec.exit_code;
        r->signal = rec.signal;
        r->wall_seconds = rec.wall;
        r->cpu_seconds = rec.cpu;
        r->max_rss_kb = (long)rec.max_rss_kb;
        r->out = read_bytes(f, rec.out_len);
        r->err = read_bytes(f, rec.err_len);
        if (!r->out || !r->err)
            return -1;
        r->out_len = rec.out_len;
        r->err_len = rec.err_len;
        (*filled)++;
    }
    return 0;
}

/* Reads the next job number from the queue; 0 when the queue is empty. */
static int next_job(int queue, uint32_t *index)
{
    ssize_t got;
    do
        got = read(queue, index, sizeof *index);
    while (got < 0 && errno == EINTR);
    return got == (ssize_t)sizeof *index;
}

static int load(const int *counter)
{
    return __atomic_load_n(counter, __ATOMIC_SEQ_CST);
}

static long load_ms(const long *counter)
{
    return __atomic_load_n(counter, __ATOMIC_SEQ_CST);
}

double jobs_slowdown(void)
{
    return groups ? jobs_slowdown_wall(&groups[0].slow) : 1.0;
}

/* Has the run budget, scaled by the slowdown (CPU by CPU, wall by wall),
** been used up? */
static int budget_spent(void)
{
    double cpu = jobs_slowdown_cpu(&groups[0].slow), wall = jobs_slowdown_wall(&groups[0].slow);
    return (policy.budget_cpu > 0 && load_ms(&groups[0].cpu_ms) >= policy.budget_cpu * cpu * 1000)
        || (policy.budget_wall > 0 && load_ms(&groups[0].wall_ms) >= policy.budget_wall * wall * 1000);
}

/* Why job `j` of group `g` is not to be run (JOBS_SKIP_*), or JOBS_RAN;
** -1 on the grader's failure.  A spent budget is confirmed by measuring
** the slowdown with the job's twin first, a few times at most. */
static int skip_reason(const struct job *j, int g)
{
    for (int k = 1; k <= g && policy.give_up > 0; k++) {
        if (load(&groups[k].timeouts) >= policy.give_up)
            return JOBS_SKIP_TIME;
        if (load(&groups[k].memory_hits) >= policy.give_up)
            return JOBS_SKIP_MEMORY;
    }
    if (!g || !budget_spent())
        return JOBS_RAN;
    if (j->twin && policy.confirm_factor > 0
        && __atomic_add_fetch(&groups[0].budget_checks, 1, __ATOMIC_SEQ_CST) <= BUDGET_CHECKS) {
        if (jobs_confirm_measure(j, &groups[0].slow) != 0)
            return -1;
        if (!budget_spent())
            return JOBS_RAN;
    }
    return JOBS_SKIP_BUDGET;
}

/* Runs job `j`, or gives up on it (see jobs.h); returns -1 on the
** grader's failure. */
static int run_or_skip(struct job *j, struct sandbox_result *r, int *skipped)
{
    int g = j->group > 0 && j->group < JOBS_GROUPS ? j->group : 0;
    *skipped = skip_reason(j, g);
    if (*skipped < 0)
        return -1;
    if (*skipped) {
        memset(r, 0, sizeof *r);
        r->verdict = *skipped == JOBS_SKIP_MEMORY ? SANDBOX_MEMORY : SANDBOX_TIMEOUT;
        r->out = strdup("");
        r->err = strdup("");
        return r->out && r->err ? 0 : -1;
    }
    session_for(&j->spec);
    if (jobs_confirm_run(j, &policy, &groups[0].slow, r) != 0)
        return -1;
    if (g && r->verdict == SANDBOX_TIMEOUT)
        __atomic_add_fetch(&groups[g].timeouts, 1, __ATOMIC_SEQ_CST);
    if (g && r->verdict == SANDBOX_MEMORY)
        __atomic_add_fetch(&groups[g].memory_hits, 1, __ATOMIC_SEQ_CST);
    if (j->budgeted) {
        __atomic_add_fetch(&groups[0].wall_ms, (long)(r->wall_seconds * 1000), __ATOMIC_SEQ_CST);
        __atomic_add_fetch(&groups[0].cpu_ms, (long)(r->cpu_seconds * 1000), __ATOMIC_SEQ_CST);
    }
    return 0;
}

static int run_share(struct job *jobs, size_t n, int queue, FILE *f)
{
    uint32_t i;
    int rc = 0;
    while (rc == 0 && next_job(queue, &i)) {
        struct sandbox_result r;
        int skipped;
        if (i >= n || run_or_skip(&jobs[i], &r, &skipped) != 0) {
            rc = -1;
            break;
        }
        rc = write_record(f, i, &r, skipped, jobs[i].rechecked);
        sandbox_result_free(&r);
    }
    session_end();
    return rc == 0 && fflush(f) == 0 ? 0 : -1;
}

/* One worker: this process runs the jobs in the queue's order. */
static int run_here(struct job *jobs, size_t n, int queue)
{
    uint32_t i;
    int rc = 0;
    while (rc == 0 && next_job(queue, &i))
        if (i >= n || run_or_skip(&jobs[i], &jobs[i].result, &jobs[i].skipped) != 0)
            rc = -1;
    session_end();
    close(queue);
    return rc;
}

static int share_counters(void)
{
    if (groups)
        return memset(groups, 0, JOBS_GROUPS * sizeof *groups) ? 0 : -1;
    void *page = mmap(NULL, JOBS_GROUPS * sizeof *groups, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED)
        return -1;
    groups = page;
    return 0;
}

static const struct job *sort_base;

/* Higher priority first; equal priorities in the caller's order. */
static int by_priority(const void *a, const void *b)
{
    uint32_t ia = *(const uint32_t *)a, ib = *(const uint32_t *)b;
    int pa = sort_base[ia].priority, pb = sort_base[ib].priority;
    return pa != pb ? (pb > pa) - (pb < pa) : (ia > ib) - (ia < ib);
}

/* A pipe holding every job number in order of priority, its write end
** closed. */
static int fill_queue(const struct job *jobs, size_t n)
{
    int fds[2];
    uint32_t *order = malloc(n * sizeof *order);
    if (!order || n * sizeof *order > 65536 || pipe(fds) != 0) {
        free(order);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    sort_base = jobs;
    qsort(order, n, sizeof *order, by_priority);
    ssize_t put = write(fds[1], order, n * sizeof *order);
    free(order);
    close(fds[1]);
    if (put != (ssize_t)(n * sizeof *order)) {
        close(fds[0]);
        return -1;
    }
    return fds[0];
}

int jobs_run(struct job *jobs, size_t n, int workers, const struct jobs_policy *how)
{
    static const struct jobs_policy fallback = JOBS_POLICY_DEFAULT;
    policy = how ? *how : fallback;
    if (share_counters() != 0) {
        perror("grade: cannot share the timeout counters");
        return -1;
    }
    if (n == 0)
        return 0;
    if ((size_t)workers > n)
        workers = (int)n;

    FILE *files[64];
    pid_t pids[64];
    int started = 0, rc = 0;
    if (workers > 64)
        workers = 64;
    int queue = fill_queue(jobs, n);
    if (queue < 0) {
        fprintf(stderr, "grade: cannot queue %zu jobs\n", n);
        return -1;
    }
    if (workers <= 1)
        return run_here(jobs, n, queue);
    fflush(NULL);
    for (; started < workers; started++) {
        if (!(files[started] = tmpfile()))
            break;
        pids[started] = fork();
        if (pids[started] < 0) {
            fclose(files[started]);
            break;
        }
        if (pids[started] == 0) {
            int ok = sandbox_init() == 0
                  && run_share(jobs, n, queue, files[started]) == 0;
            _exit(ok ? 0 : 1);
        }
    }
    close(queue);
    if (started < workers) {
        perror("grade: cannot start a worker");
        rc = -1;
    }
    size_t filled = 0;
    for (int w = 0; w < started; w++) {
        int status;
        if (waitpid(pids[w], &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
            rc = -1;
        if (rc == 0 && read_records(files[w], jobs, n, &filled) != 0)
            rc = -1;
        fclose(files[w]);
    }
    if (rc == 0 && filled != n)
        rc = -1;
    if (rc != 0) {
        fprintf(stderr, "grade: a sandbox worker failed; no result is kept\n");
        jobs_free_results(jobs, n);
    }
    return rc;
}

void jobs_free_results(struct job *jobs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        sandbox_result_free(&jobs[i].result);
}
