/*
** batch_run.c -- batch_grade(): list the class, skip the unchanged, keep
** N workers busy, enforce the per-student timeout, write the gradebook.
**
** Theory of operation.  The parent never grades and never unpacks: it
** forks one worker per student (batch_worker.c) and waits.  It blocks
** SIGCHLD, SIGINT, SIGTERM and SIGHUP and collects them with
** sigtimedwait(), so a finished worker wakes it at once, a timeout is
** checked at least every 200 ms, and an interruption is handled in one
** place: every worker is killed (and with it its grader and the
** grader's jobs) before grade-all leaves.  Whatever the parent learns
** about a student it learns from the student's status.json, written by
** the worker; only when the worker could not write it (killed for the
** timeout, crashed) does the parent write it instead.
**
** OUTDIR is locked (flock on OUTDIR/.lock) for the run, so two runs on
** one OUTDIR cannot interleave; the lock dies with the process, so a
** killed run never leaves it stuck.
**
** Each worker's grader gets a TMPDIR of its own, a folder of the run's
** temporary folder ($TMPDIR or /tmp, cc-grade-all-XXXXXX): a grader
** killed for the timeout dies without removing its jobs' scratch
** directories, which would pile up in /tmp, a few dozen a student.  A
** worker that ended by itself had waited for its grader, so its folder
** goes at once; a killed worker's grader dies after it (with its parent,
** batch_worker.c), so grade-all is the subreaper of its descendants,
** reaps them all at the end (waiting a few seconds at most), and then
** removes the whole temporary folder.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch_internal.h"
#include "late.h"
#include "lms.h"
#include "../report/visible.h"

#define WAIT_SLICE_NS 200000000L   /* wake at least this often */

struct run {
    const struct batch_options *o;
    struct batch_class c;
    struct batch_progress p;
    sigset_t signals;
    int lock;
    size_t next, running;
    char tmp[4096];     /* the run's temporary folder, "" when none */
};

/* Makes the run's temporary folder, searchable but not listable by the
** sandbox's uids (their scratch directories are made in it).  Without
** one the graders use the usual TMPDIR, so this only warns. */
static void make_tmp(struct run *r)
{
    const char *base = getenv("TMPDIR");
    if (!base || base[0] != '/')
        base = "/tmp";
    snprintf(r->tmp, sizeof r->tmp, "%s/cc-grade-all-XXXXXX", base);
    if (!mkdtemp(r->tmp) || chmod(r->tmp, 0711) != 0) {
        visible_printf(stderr, "grade-all: cannot make a temporary folder in %s: %s\n", base, strerror(errno));
        if (strstr(r->tmp, "XXXXXX") == NULL)
            rmdir(r->tmp);
        r->tmp[0] = '\0';
    }
}

/* The temporary folder of student `s`'s grader (""  when the run has
** none). */
static void student_tmp(const struct run *r, const struct batch_student *s, char *buf, size_t size)
{
    if (!r->tmp[0] || snprintf(buf, size, "%s/%zu", r->tmp, (size_t)(s - r->c.s)) >= (int)size)
        buf[0] = '\0';
}

static int lock_outdir(const char *outdir)
{
    char path[4096];
    if (batch_mkdir(outdir) != 0 || batch_path(path, sizeof path, outdir, BATCH_LOCK) != 0)
        return -1;
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    visible_printf(stderr, "grade-all: %s: %s\n", outdir,
            fd >= 0 && errno == EWOULDBLOCK ? "another grade-all is writing there"
                                            : strerror(errno));
    if (fd >= 0)
        close(fd);
    return -1;
}

/* Whether the student's last result still stands (batch.h, FINGERPRINT). */
static int unchanged(const char *outdir, struct batch_student *s)
{
    char sdir[4096], path[4096];
    if (batch_path(sdir, sizeof sdir, outdir, s->id) != 0
        || batch_path(path, sizeof path, sdir, BATCH_FINGERPRINT) != 0)
        return 0;
    char *fp = batch_read(path, 256);
    int same = fp && strcmp(strtok(fp, "\n") ? fp : "", s->fingerprint) == 0;
    free(fp);
    if (!same || batch_load_status(sdir, s) != 0 || !batch_status_is_verdict(s->status))
        return 0;
    if (strncmp(s->status, "bad archive", 11) == 0)
        return 1;
    return batch_path(path, sizeof path, sdir, BATCH_RESULT) == 0 && access(path, R_OK) == 0;
}

/* Fingerprints everyone and marks who needs no grading; returns how
** many will be graded, or -1 when the kit cannot be read. */
static long plan(struct run *r)
{
    uint64_t kit;
    long to_grade = 0;
    struct batch_origin *g = &r->c.origin;
    if (batch_kit_hash(r->o, &kit) != 0 || batch_rubric_hash(r->o, g->rubric) != 0 ||
        batch_late_hash(r->o, g->late) != 0)
        return -1;
    snprintf(g->kit, sizeof g->kit, "fnv1a64 %016llx", (unsigned long long)kit);
    g->shard = r->o->shard;
    g->shards = r->o->shards;
    for (size_t i = 0; i < r->c.n; i++) {
        struct batch_student *s = &r->c.s[i];
        if (s->entry == ENTRY_NONE)
            continue;
        if (batch_fingerprint(s, kit) != 0) {
            s->entry = ENTRY_NONE;
            snprintf(s->status, sizeof s->status, "grader error: cannot read the submission");
            continue;
        }
        s->skipped = !r->o->force && unchanged(r->o->outdir, s);
        if (!s->skipped) {
            s->status[0] = '\0';
            to_grade++;
        }
    }
    return to_grade;
}

static void drop_work(const struct run *r, const struct batch_student *s)
{
    char work[4096], path[4096];
    if (batch_path(work, sizeof work, r->o->outdir, BATCH_WORK) == 0
        && batch_path(path, sizeof path, work, s->id) == 0)
        batch_remove_tree(path);
}

/* The worker could not save a status: the parent does, and removes what
** could be mistaken for this grading's result. */
static void save_failure(const struct run *r, struct batch_student *s)
{
    static const char *const stale[] = { BATCH_FINGERPRINT, BATCH_RESULT, BATCH_REPORT, NULL };
    char sdir[4096], path[4096];
    if (batch_path(sdir, sizeof sdir, r->o->outdir, s->id) != 0 || batch_mkdir(sdir) != 0)
        return;
    for (const char *const *n = stale; *n; n++)
        if (batch_path(path, sizeof path, sdir, *n) == 0)
            unlink(path);
    batch_save_status(sdir, s);
}

static void finish(struct run *r, struct batch_student *s, int wstatus)
{
    char sdir[4096];
    double seconds = batch_now() - s->started;
    s->pid = 0;
    r->running--;
    int saved = WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && !s->timed_out
                && batch_path(sdir, sizeof sdir, r->o->outdir, s->id) == 0
                && batch_load_status(sdir, s) == 0;
    if (!saved) {
        if (s->timed_out)
            snprintf(s->status, sizeof s->status, "grader timeout");
        else if (WIFSIGNALED(wstatus))
            snprintf(s->status, sizeof s->status, "grader error: worker killed by signal %d",
                     WTERMSIG(wstatus));
        else
            snprintf(s->status, sizeof s->status, "grader error: worker failed (status %d)",
                     WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1);
        s->seconds = seconds;
        save_failure(r, s);
    }
    drop_work(r, s);
    char tmp[4200];
    student_tmp(r, s, tmp, sizeof tmp);
    if (tmp[0] && !s->timed_out && WIFEXITED(wstatus))
        batch_remove_tree(tmp);
    progress_student(&r->p, s);
}

static void reap(struct run *r)
{
    int wstatus;
    pid_t pid;
    while ((pid = waitpid(-1, &wstatus, WNOHANG)) > 0)
        for (size_t i = 0; i < r->c.n; i++)
            if (r->c.s[i].pid == pid) {
                finish(r, &r->c.s[i], wstatus);
                break;
            }
}

static void start_more(struct run *r)
{
    while (r->running < (size_t)r->o->workers && r->next < r->c.n) {
        struct batch_student *s = &r->c.s[r->next++];
        if (s->entry == ENTRY_NONE || s->skipped)
            continue;
        s->started = batch_now();
        char tmp[4200];
        student_tmp(r, s, tmp, sizeof tmp);
        if (tmp[0] && mkdir(tmp, 0711) != 0 && errno != EEXIST)
            tmp[0] = '\0';
        s->pid = batch_worker_start(r->o, s, r->lock, tmp[0] ? tmp : NULL);
        if (s->pid > 0) {
            r->running++;
            continue;
        }
        s->pid = 0;
        snprintf(s->status, sizeof s->status, "grader error: cannot start a worker");
        save_failure(r, s);
        progress_student(&r->p, s);
    }
}

static void kill_overdue(struct run *r)
{
    double now = batch_now();
    for (size_t i = 0; i < r->c.n; i++) {
        struct batch_student *s = &r->c.s[i];
        if (s->pid > 0 && !s->timed_out && now - s->started > r->o->timeout) {
            s->timed_out = 1;
            kill(s->pid, SIGKILL);   /* its grader and jobs follow (batch_worker.c) */
        }
    }
}

/* Kills and reaps every worker (their graders follow; drain() reaps
** those). */
static void kill_all(struct run *r)
{
    for (size_t i = 0; i < r->c.n; i++)
        if (r->c.s[i].pid > 0)
            kill(r->c.s[i].pid, SIGKILL);
    for (size_t i = 0; i < r->c.n; i++)
        while (r->c.s[i].pid > 0 && waitpid(r->c.s[i].pid, NULL, 0) < 0 && errno == EINTR)
            ;
}

/* Reaps the descendants left (the graders of killed workers, orphaned
** to us), for at most a few seconds, then removes the run's temporary
** folder. */
#define DRAIN_SECONDS 10.0
static void drain(struct run *r)
{
    double until = batch_now() + DRAIN_SECONDS;
    const struct timespec pause = { 0, 20000000L };
    while (batch_now() < until) {
        pid_t pid = waitpid(-1, NULL, WNOHANG);
        if (pid < 0 && errno != EINTR)
            break;              /* ECHILD: none left */
        if (pid == 0)
            nanosleep(&pause, NULL);
    }
    if (r->tmp[0])
        batch_remove_tree(r->tmp);
}

/* Runs the workers; returns 0, or the signal that interrupted us. */
static int run_workers(struct run *r)
{
    const struct timespec slice = { 0, WAIT_SLICE_NS };
    siginfo_t info;
    start_more(r);
    while (r->running > 0) {
        int sig = sigtimedwait(&r->signals, &info, &slice);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            kill_all(r);
            return sig;
        }
        reap(r);
        kill_overdue(r);
        start_more(r);
        progress_tick(&r->p);
    }
    return 0;
}

/* Students decided without a worker: listing problems, unchanged ones. */
static void report_decided(struct run *r, size_t to_grade)
{
    size_t unchanged = 0;
    for (size_t i = 0; i < r->c.n; i++)
        unchanged += r->c.s[i].skipped;
    progress_begin(&r->p, r->o->tty, r->c.n, to_grade, unchanged, r->o->workers);
    for (size_t i = 0; i < r->c.n; i++)
        if (r->c.s[i].entry == ENTRY_NONE || r->c.s[i].skipped)
            progress_student(&r->p, &r->c.s[i]);
}

static int exit_status(const struct batch_class *c)
{
    for (size_t i = 0; i < c->n; i++)
        if (!batch_status_is_verdict(c->s[i].status))
            return 1;
    return 0;
}

/* --list's line of a student: id, status, and with a late policy what it
** says of the student (late.h). */
static void list_student(const struct batch_student *s, const struct late_plan *late)
{
    char says[300];
    visible_printf(stdout, "student %s\t%s", s->id, s->status[0] ? s->status : "to grade");
    if (late_plan_says(late, s->id, says, sizeof says))
        visible_printf(stdout, "\tlate policy: %s", says);
    fputc('\n', stdout);
}

/* Takes the class in (lms.h) and writes OUTDIR/intake.txt; with --list
** prints it and the class (checked against the late policy) instead of
** grading.  0, 1 (--list done), or -1. */
static int take_in(struct run *r)
{
    char *notes = NULL;
    size_t len = 0;
    if (r->o->canvas_column && (!r->o->roster
                                || lms_canvas_book_check(r->o->roster, r->o->canvas_column) != 0)) {
        if (!r->o->roster)
            visible_printf(stderr, "grade-all: --canvas-column needs --roster, Canvas's gradebook\n");
        return -1;
    }
    if (r->o->roster && lms_moodle_sheet_check(r->o->roster) < 0)
        return -1;
    FILE *out = open_memstream(&notes, &len);
    int rc = out ? lms_intake(r->o->submissions, (enum lms_format)r->o->lms_format,
                              r->o->roster, r->o->outdir, &r->c, out) : -1;
    if (out)
        fclose(out);
    if (rc == 0 && batch_write_text(r->o->outdir, BATCH_INTAKE, notes ? notes : "") != 0)
        rc = -1;
    if (rc == 0 && r->o->list_only) {
        struct late_plan *late = NULL;
        fputs(notes ? notes : "", stdout);
        rc = late_plan_make(r->o, &r->c, &late) < 0 ? -1 : 1;
        for (size_t i = 0; rc > 0 && i < r->c.n; i++)
            list_student(&r->c.s[i], late);
        late_plan_free(late);
    }
    free(notes);
    return rc;
}

/* The late policy (late.h): decided on the whole class, before --shard
** keeps a part, and each kept student's late.json written before anyone
** is graded.  0, or -1 (nothing graded). */
static int plan_late(struct run *r)
{
    struct late_plan *late = NULL;
    if (late_plan_make(r->o, &r->c, &late) < 0)
        return -1;
    if (r->o->shards > 1)
        batch_keep_shard(&r->c, r->o->shard, r->o->shards);
    int rc = late_plan_write(late, r->o->outdir, &r->c);
    late_plan_free(late);
    return rc;
}

static int grade_class(struct run *r)
{
    char work[4096];
    int in = take_in(r);
    if (in != 0)
        return in > 0 ? 0 : 2;
    if (plan_late(r) != 0)
        return 2;
    long to_grade = plan(r);
    if (to_grade < 0)
        return 2;
    if (batch_path(work, sizeof work, r->o->outdir, BATCH_WORK) != 0 || batch_remove_tree(work) != 0)
        return 2;
    report_decided(r, (size_t)to_grade);
    if (to_grade > 0 && batch_calibrate(r->o) != 0)
        visible_printf(stderr, "grade-all: could not measure the reference; see each report's limits\n");
    make_tmp(r);
    int sig = run_workers(r);
    drain(r);
    if (sig) {
        visible_printf(stderr, "\ngrade-all: interrupted by signal %d; run again to finish\n", sig);
        return 2;
    }
    batch_remove_tree(work);
    if (batch_book_write(r->o->outdir, &r->c) != 0)
        return 2;
    if (r->o->canvas_column
        && lms_canvas_book_write(r->o->roster, r->o->canvas_column, r->o->outdir) != 0)
        return 2;
    if ((r->o->roster && lms_moodle_sheet_write(r->o->roster, r->o->outdir) < 0)
        || lms_feedback_write(r->o->outdir, &r->c) != 0)
        return 2;
    progress_end(&r->p, &r->c, r->o->outdir);
    return exit_status(&r->c);
}

int batch_grade(const struct batch_options *o)
{
    struct run r = { .o = o };
    sigset_t old;
    signal(SIGCHLD, SIG_DFL);   /* an inherited SIG_IGN would reap for us */
    prctl(PR_SET_CHILD_SUBREAPER, 1);   /* orphaned graders come to us: drain() */
    signal(SIGPIPE, SIG_IGN);
    sigemptyset(&r.signals);
    sigaddset(&r.signals, SIGCHLD);
    sigaddset(&r.signals, SIGINT);
    sigaddset(&r.signals, SIGTERM);
    sigaddset(&r.signals, SIGHUP);
    if ((r.lock = lock_outdir(o->outdir)) < 0)
        return 2;
    if (batch_claim_assignment(o->outdir, o->assignment->id) != 0) {
        close(r.lock);
        return 2;
    }
    sigprocmask(SIG_BLOCK, &r.signals, &old);
    int rc = grade_class(&r);
    sigprocmask(SIG_SETMASK, &old, NULL);
    batch_class_free(&r.c);
    close(r.lock);
    return rc;
}
