/*
** jobs.h -- run many sandboxed jobs on several cores.
**
** Grading a submission means about a hundred short sandboxed runs (every
** session, plain and under AddressSanitizer, Valgrind, the unit tests).
** jobs_run() spreads them over worker processes in order of priority: the
** parent writes the job numbers, sorted, into a pipe, and each idle worker
** reads the next one (4-byte reads from a pipe are atomic).  Each
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

#include "../sandbox/sandbox.h"

struct job {
    struct sandbox_job spec;     /* filled by the caller                  */
    struct sandbox_result result;/* filled by jobs_run                    */
    int priority;                /* higher starts first (see grade.c)      */
    int group;                   /* 0, or jobs of one kind (see below)      */
    int budgeted;                /* 1: draws on the run budget (below)      */
    int skipped;                 /* set by jobs_run: a JOBS_SKIP_* reason   */
    /* Confirming a time limit (below); optional. */
    const struct sandbox_job *twin;  /* the reference's same run, or NULL   */
    double twin_cpu, twin_wall;  /* what runs of its kind cost when the
                                 ** limits were derived (limits.h)         */
    int rechecked;               /* set by jobs_run: 1 if the job ran again
                                 ** with its limits raised                 */
};

/* Giving up on a hopeless program.  A program that loops forever, eats
** memory or crawls the disk would otherwise cost its limit on every
** session; giving up fails closed (no points) and keeps a class's grading
** fast.  Two rules, each leaving the remaining jobs not run, with a result
** of the limit in question and `skipped` set to the reason:
**
**   limit hits  once `give_up` jobs of one non-zero group have hit the
**               time limit (JOBS_SKIP_TIME) or the memory limit
**               (JOBS_SKIP_MEMORY), the rest of that group and of every
**               higher-numbered group.  Groups keep kinds of run apart,
**               numbered from the fastest to the slowest: a program that
**               hangs natively hangs under Valgrind too, but hanging under
**               Valgrind says nothing about the plain program.
**   run budget  once the budgeted jobs have used `budget_cpu` seconds
**               of CPU or `budget_wall` seconds of wall-clock time
**               between them (JOBS_SKIP_BUDGET), the rest of every group.
**               CPU time does not depend on how loaded the machine is; the
**               wall-clock budget catches programs that sleep.
**
** Giving up only saves time if the cheap runs come first: the caller's
** priorities should order the groups fastest first.
**
** The grader derives the budget from the reference's cost (limits.h).
**
** Confirming a time limit.  Limits are derived from the reference measured
** on an idle machine, and the machine may be slower now: loaded by other
** work, or held to a CPU quota.  So a time limit is a verdict only when it
** is sure.  When a job with a `twin` -- the reference's run of the same
** kind on the same input -- hits its time limit, the twin is run at once,
** and if `confirm_factor` times what it costs now exceeds the job's
** limit, the job runs again with its limits raised to that (once; the
** second result stands).  Each twin run also measures how much slower
** than `twin_cpu`/`twin_wall` the machine is now; the largest such
** slowdowns, shared by all workers, scale the limits of every later job
** and the run budget, and before the budget ends a grading a twin is run
** to measure them afresh.  CPU limits and the CPU budget grow only with
** the twins' CPU time; wall limits with the larger of the two ratios.  So
** a loaded machine -- load a submission's own processes may add while a
** twin runs -- lends a program wall time, never CPU time.  A program that really loops costs one extra
** short run of the reference per limit hit. */
enum { JOBS_RAN, JOBS_SKIP_TIME, JOBS_SKIP_BUDGET, JOBS_SKIP_MEMORY };

struct jobs_policy {
    int give_up;          /* limit hits that end a group; 0: never        */
    double budget_cpu;    /* seconds; 0: no CPU budget                    */
    double budget_wall;   /* seconds; 0: no wall-clock budget             */
    double confirm_factor;/* limit = factor x the twin's cost; 0: no twin
                          ** is ever run and a time limit is final        */
};
/* Two hits, 6 s of CPU, 45 s of wall-clock time, limits of ten times the
** reference's cost. */
#define JOBS_POLICY_DEFAULT { 2, 6.0, 45.0, 10.0 }

/* The largest slowdown the last jobs_run() measured, the factor that
** scaled wall-clock limits (1: none seen). */
double jobs_slowdown(void);

/* Runs every job in `jobs` on up to `workers` processes (1 runs them in
** this process), giving up by `policy` (NULL: JOBS_POLICY_DEFAULT).
** Returns 0 when every job has a result, or -1 when the grader itself
** failed (message on stderr); then no result is usable. */
int jobs_run(struct job *jobs, size_t n, int workers, const struct jobs_policy *policy);

/* Frees the results of every job. */
void jobs_free_results(struct job *jobs, size_t n);

#endif /* GRADER_JOBS_H */
