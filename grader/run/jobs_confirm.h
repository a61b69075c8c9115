/*
** jobs_confirm.h -- the part of jobs.c that confirms a time limit against
** a fresh run of the reference (jobs.h, "Confirming a time limit").
** Internal to jobs.c.
*/
#ifndef GRADER_JOBS_CONFIRM_H
#define GRADER_JOBS_CONFIRM_H

#include "jobs.h"

/* How much slower than calibrated the twins have shown the machine to be,
** in thousandths (0 or 1000: not slower), shared by all workers and only
** ever raised.  The two are kept apart because they scale different
** limits: a CPU limit grows only with the CPU a twin costs, so load on
** the machine -- which stretches wall time, and which a submission's own
** processes can add while a twin runs -- never buys a program more CPU. */
struct jobs_slowdown {
    long cpu_milli;    /* the twin's CPU time / its calibrated CPU time   */
    long wall_milli;   /* the twin's wall time / its calibrated wall time */
};

/* The factor that scales CPU limits and the CPU budget (1: none). */
double jobs_slowdown_cpu(const struct jobs_slowdown *s);

/* The factor that scales wall-clock limits and the wall budget: the
** larger of the two, since a wall limit must leave room for the CPU limit
** (1: none). */
double jobs_slowdown_wall(const struct jobs_slowdown *s);

/* Runs job `j` into `r` with its limits scaled by the shared slowdown `s`,
** and, when it hits its time limit and has a twin, confirms the verdict
** (jobs.h): may run the twin and the job once more, and raises `s` to what
** the twin shows.  Returns 0, or -1 when the grader itself failed (message
** on stderr). */
int jobs_confirm_run(struct job *j, const struct jobs_policy *p, struct jobs_slowdown *s,
                     struct sandbox_result *r);

/* Runs the twin of `j`, if it has one, only to measure the slowdown into
** `s`.  Returns 0 (also when there is no twin), or -1 on the grader's
** failure. */
int jobs_confirm_measure(const struct job *j, struct jobs_slowdown *s);

#endif /* GRADER_JOBS_CONFIRM_H */
