/*
** jobs.h -- run many sandboxed jobs on several cores.
**
** Grading a submission means about a hundred short sandboxed runs (every
** session, plain and under AddressSanitizer, Valgrind, the unit tests).
** jobs_run() spreads them over worker processes, heaviest jobs first: the
** parent writes the job numbers, sorted by weight, into a pipe, and each
** idle worker reads the next one (4-byte reads from a pipe are atomic), so
** a slow Valgrind run on one core does not leave the other idle.  Each
** worker is a fork of
** the grader that initialises its own sandbox (so it owns its own uid slot
** and its "kill everything of my uid" cannot touch another worker's jobs),
** runs its share, and writes the results to a private temporary file that
** the parent reads back once every worker has exited.  Files, not pipes,
** so no worker can block on a full pipe while the parent waits on another.
*/
#ifndef GRADER_JOBS_H
#define GRADER_JOBS_H

#include <stddef.h>

#include "sandbox.h"

struct job {
    struct sandbox_job spec;     /* filled by the caller                  */
    struct sandbox_result result;/* filled by jobs_run                    */
    int weight;                  /* expected cost: heavier jobs start first */
    int group;                   /* 0, or jobs of one kind (see below)      */
    int skipped;                 /* set by jobs_run: not run, see below     */
};

/* Giving up on a hopeless program.  Once JOBS_GIVE_UP jobs of the same
** non-zero group have hit the time limit, or the group's runs have used
** JOBS_GROUP_BUDGET seconds of wall time between them, the remaining jobs
** of that group are not run: they get a SANDBOX_TIMEOUT result with
** `skipped` set (1 for the time limit, 2 for the budget).  A program that
** loops forever, or crawls the disk, would otherwise cost its limit on
** every session; skipping fails closed (no points) and keeps a class's
** grading fast.  The reference spends about 3 s in all its runs. */
#define JOBS_GIVE_UP 2
#define JOBS_GROUP_BUDGET 45.0

/* Runs every job in `jobs` on up to `workers` processes (1 runs them in
** this process).  Returns 0 when every job has a result, or -1 when the
** grader itself failed (message on stderr); then no result is usable. */
int jobs_run(struct job *jobs, size_t n, int workers);

/* Frees the results of every job. */
void jobs_free_results(struct job *jobs, size_t n);

#endif /* GRADER_JOBS_H */
