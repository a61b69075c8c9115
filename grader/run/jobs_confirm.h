/*
** jobs_confirm.h -- the part of jobs.c that confirms a time limit against
** a fresh run of the reference (jobs.h, "Confirming a time limit").
** Internal to jobs.c.
*/
#ifndef GRADER_JOBS_CONFIRM_H
#define GRADER_JOBS_CONFIRM_H

#include "jobs.h"

/* Runs job `j` into `r` with its limits scaled by the shared slowdown
** `*slow_milli` (thousandths; 0 or 1000: none), and, when it hits its time
** limit and has a twin, confirms the verdict (jobs.h): may run the twin
** and the job once more, and raises `*slow_milli` to what the twin shows.
** Returns 0, or -1 when the grader itself failed (message on stderr). */
int jobs_confirm_run(struct job *j, const struct jobs_policy *p, long *slow_milli,
                     struct sandbox_result *r);

/* Runs the twin of `j`, if it has one, only to measure the slowdown into
** `*slow_milli`.  Returns 0 (also when there is no twin), or -1 on the
** grader's failure. */
int jobs_confirm_measure(const struct job *j, long *slow_milli);

#endif /* GRADER_JOBS_CONFIRM_H */
