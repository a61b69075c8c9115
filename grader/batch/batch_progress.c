/*
** batch_progress.c -- what grade-all tells the person waiting, on stderr.
**
** On a terminal: one bar, redrawn in place twice a second --
**     [##########..........]  37/100  2 failed  ETA 1m23s
** -- with a line above it for each student whose status is not plain
** "graded".  Elsewhere (a log file, CI, a Slurm job): one line per
** student, "[ 37/100] alice: graded (12.3 s)" or "... skipped
** (unchanged)", which is greppable and never carries escape sequences:
** ids and statuses, which hold names the students chose (entries,
** archive members, what the grader said), are written visible
** (report/visible.h), every control byte as "\xHH".
** "failed" counts the students without a verdict (grader error, timeout,
** duplicate).  The ETA divides the wall time spent so far by the students
** graded in it, so it already accounts for the parallel workers.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "batch_internal.h"
#include "../report/visible.h"

#define BAR_WIDTH 24
#define REDRAW_SECONDS 0.5

/* The kinds counted in the closing line, by status prefix. */
static const char *const kinds[] = {
    "graded", "build failed", "bad archive", "duplicate", "grader error", "grader timeout",
};
#define NKINDS (sizeof kinds / sizeof *kinds)

static void duration(double s, char *buf, size_t size)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, size, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, size, "%lds", t);
}

static void draw(struct batch_progress *p)
{
    char bar[BAR_WIDTH + 1], eta[32] = "--";
    size_t full = p->total ? p->done * BAR_WIDTH / p->total : BAR_WIDTH;
    for (size_t i = 0; i < BAR_WIDTH; i++)
        bar[i] = i < full ? '#' : '.';
    bar[BAR_WIDTH] = '\0';
    double now = batch_now();
    if (p->graded_now > 0) {
        double each = (now - p->grading_start) / (double)p->graded_now;
        duration(each * (double)(p->to_grade - p->graded_now), eta, sizeof eta);
    }
    visible_printf(stderr, "\r\033[K[%s] %zu/%zu  %zu failed  ETA %s", bar, p->done,
            p->total, p->failed, p->done == p->total ? "0s" : eta);
    fflush(stderr);
    p->last_draw = now;
}

void progress_begin(struct batch_progress *p, int tty, size_t total,
                    size_t to_grade, size_t unchanged, int workers)
{
    memset(p, 0, sizeof *p);
    p->tty = tty;
    p->total = total;
    p->to_grade = to_grade;
    p->start = p->grading_start = batch_now();
    visible_printf(stderr, "grade-all: %zu students: %zu to grade with %d worker%s, %zu unchanged, "
            "%zu not gradable\n", total, to_grade, workers, workers == 1 ? "" : "s",
            unchanged, total - to_grade - unchanged);
    if (tty)
        draw(p);
}

void progress_student(struct batch_progress *p, const struct batch_student *s)
{
    p->done++;
    if (!s->skipped && s->entry != ENTRY_NONE && p->graded_now < p->to_grade)
        p->graded_now++;
    if (!batch_status_is_verdict(s->status))
        p->failed++;
    int width = snprintf(NULL, 0, "%zu", p->total);
    int plain = s->skipped || strcmp(s->status, "graded") == 0;
    if (p->tty && plain) {
        draw(p);
        return;
    }
    if (p->tty)
        fputs("\r\033[K", stderr);
    if (s->skipped)
        visible_printf(stderr, "[%*zu/%zu] %s: skipped (unchanged: %s)\n", width, p->done,
                p->total, s->id, s->status);
    else
        visible_printf(stderr, "[%*zu/%zu] %s: %s (%.1f s)\n", width, p->done, p->total,
                s->id, s->status, s->seconds);
    if (p->tty)
        draw(p);
    else
        fflush(stderr);
}

void progress_tick(struct batch_progress *p)
{
    if (p->tty && batch_now() - p->last_draw >= REDRAW_SECONDS)
        draw(p);
}

void progress_end(struct batch_progress *p, const struct batch_class *c,
                  const char *outdir)
{
    size_t count[NKINDS] = {0};
    char took[32];
    for (size_t i = 0; i < c->n; i++)
        for (size_t k = 0; k < NKINDS; k++)
            if (strncmp(c->s[i].status, kinds[k], strlen(kinds[k])) == 0)
                count[k]++;
    if (p->tty)
        fputs("\r\033[K", stderr);
    duration(batch_now() - p->start, took, sizeof took);
    visible_printf(stderr, "grade-all: done in %s:", took);
    const char *sep = " ";
    for (size_t k = 0; k < NKINDS; k++)
        if (count[k]) {
            visible_printf(stderr, "%s%zu %s", sep, count[k], kinds[k]);
            sep = ", ";
        }
    visible_printf(stderr, "%s\ngrade-all: gradebook %s/%s, summary %s/%s\n",
            c->n ? "" : " no students", outdir, BATCH_CSV, outdir, BATCH_SUMMARY);
}
