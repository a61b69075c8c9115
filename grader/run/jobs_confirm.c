/*
** jobs_confirm.c -- confirm a time limit against a fresh run of the
** reference before it becomes a verdict (jobs.h says why and when).
**
** Worked example.  The limits were derived on an idle machine: a plain
** run of the reference cost 0.04 s of CPU and 0.05 s of wall time there,
** so a run may take 1 s of CPU and 2 s of wall time (the rubric's floors;
** ten times the reference is less).  Now the grading runs under a CPU
** quota of a quarter of a core and a student's correct program is stopped
** at 2 s of wall time.  Its twin, the reference on the same session, now
** takes 0.3 s of wall time: ten times that is 3 s, more than the 2 s the
** job had, so the job runs again with 3 s; the slowdown 0.3 / 0.05 = 6
** is shared, and every later job starts with its wall limits multiplied by
** 6.  Its CPU limits stay: the twin cost no more CPU than calibrated, so
** the machine is not slower at computing, only busier.
** Had the twin taken 0.06 s, ten times that (0.6 s) would be under the
** job's limit: the timeout is confirmed, and stands.
*/
#include "jobs_confirm.h"

#include <stdio.h>
#include <string.h>

/* The twin itself gets generous limits: it is the kit's own program, and
** only its cost is wanted. */
#define TWIN_MIN_SECONDS 60.0

static double larger(double a, double b)
{
    return a > b ? a : b;
}

static double factor(long milli)
{
    return milli > 1000 ? milli / 1000.0 : 1.0;
}

double jobs_slowdown_cpu(const struct jobs_slowdown *s)
{
    return factor(__atomic_load_n(&s->cpu_milli, __ATOMIC_SEQ_CST));
}

double jobs_slowdown_wall(const struct jobs_slowdown *s)
{
    return larger(jobs_slowdown_cpu(s), factor(__atomic_load_n(&s->wall_milli, __ATOMIC_SEQ_CST)));
}

/* Raises the shared `*milli` to `ratio` if that is more (workers race;
** the largest value wins). */
static void raise_shared(long *milli, double ratio)
{
    long want = (long)(ratio * 1000), seen = __atomic_load_n(milli, __ATOMIC_SEQ_CST);
    while (want > seen
           && !__atomic_compare_exchange_n(milli, &seen, want, 0, __ATOMIC_SEQ_CST,
                                           __ATOMIC_SEQ_CST))
        ;
}

/* Scales the time limits (0 stays "none") by the slowdown: CPU by the
** CPU factor, wall by the wall factor. */
static void scale(struct sandbox_limits *l, const struct jobs_slowdown *s)
{
    l->cpu_seconds *= jobs_slowdown_cpu(s);
    l->wall_seconds *= jobs_slowdown_wall(s);
}

/* Runs the twin of `j` into `t`; the slowdown it shows goes into `s`. */
static int run_twin(const struct job *j, struct jobs_slowdown *s, struct sandbox_result *t)
{
    struct sandbox_job twin = *j->twin;
    char *scratch = sandbox_scratch_new();
    if (!scratch)
        return -1;
    twin.scratch = scratch;
    twin.limits.cpu_seconds = larger(TWIN_MIN_SECONDS, 10 * j->spec.limits.cpu_seconds);
    twin.limits.wall_seconds = larger(TWIN_MIN_SECONDS, 10 * j->spec.limits.wall_seconds);
    int rc = sandbox_run(&twin, t);
    sandbox_scratch_free(scratch);
    if (rc != 0)
        return -1;
    if (j->twin_cpu > 0)
        raise_shared(&s->cpu_milli, t->cpu_seconds / j->twin_cpu);
    if (j->twin_wall > 0)
        raise_shared(&s->wall_milli, t->wall_seconds / j->twin_wall);
    return 0;
}

int jobs_confirm_measure(const struct job *j, struct jobs_slowdown *s)
{
    struct sandbox_result t;
    if (!j->twin)
        return 0;
    if (run_twin(j, s, &t) != 0)
        return -1;
    sandbox_result_free(&t);
    return 0;
}

/* Raises `limit` (0: none, left alone) to `want`; 1 if it rose. */
static int raise_limit(double *limit, double want)
{
    if (*limit <= 0 || want <= *limit)
        return 0;
    *limit = want;
    return 1;
}

int jobs_confirm_run(struct job *j, const struct jobs_policy *p, struct jobs_slowdown *s,
                     struct sandbox_result *r)
{
    struct sandbox_job spec = j->spec;
    struct sandbox_result t;
    scale(&spec.limits, s);
    if (sandbox_run(&spec, r) != 0)
        return -1;
    if (r->verdict != SANDBOX_TIMEOUT || !j->twin || p->confirm_factor <= 0)
        return 0;
    if (run_twin(j, s, &t) != 0)
        return -1;
    int raised = raise_limit(&spec.limits.cpu_seconds, p->confirm_factor * t.cpu_seconds);
    raised |= raise_limit(&spec.limits.wall_seconds, p->confirm_factor * t.wall_seconds);
    sandbox_result_free(&t);
    if (!raised)
        return 0;          /* the reference is as fast as ever: it stands */
    /* Make the wall limit room for the CPU limit, as the sandbox's own
    ** default does, when only the CPU limit rose. */
    spec.limits.wall_seconds = larger(spec.limits.wall_seconds, spec.limits.cpu_seconds);
    sandbox_result_free(r);
    j->rechecked = 1;
    return sandbox_run(&spec, r);
}
