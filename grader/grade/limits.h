/*
** limits.h -- the time limits of a grading, derived from what the
** reference costs on the machine that grades.
**
** Machines differ several-fold in how fast they start processes and run
** sanitizers, and a laptop, a shared server or a Gradescope container may
** be loaded while it grades.  A fixed "1 s per run" is therefore either
** too loose to catch a loop on a fast machine or too tight for a correct
** program on a slow one.  So the grader measures the reference once per
** machine and kit (calibrate.h), and every limit of a grading is a
** multiple of that measurement, never less than the rubric's floor:
**
**     limit(kind) = max(floor(kind), time_factor * reference(kind))
**
** for each kind of run: the plain program, its ASan build, Valgrind, a
** unit-test binary, one build script, its ThreadSanitizer build.
** reference(kind) is the costliest single run of that kind, in CPU and in
** wall-clock seconds, each limited separately.  The ThreadSanitizer runs
** also get a memory cap from the reference: TSan's shadow makes a program
** several times larger, and it bears no address-space cap (see limits.c).  The run budget (jobs.h), which ends a hopeless program's
** grading early, is budget_factor times what all the reference's plain
** and ASan runs cost together, with floors too.  A rubric with
** `option time_factor 0` asks for the rubric's absolute limits instead.
**
** What this does not cover -- a machine that slows down after it was
** measured, under load or a CPU quota -- is caught when a limit is hit:
** the reference's same run is measured again then, and the limit scaled
** (jobs.h, "confirming a time limit").
*/
#ifndef GRADER_LIMITS_H
#define GRADER_LIMITS_H

#include <stddef.h>

#include "../rubric.h"

enum limits_kind { LIMITS_PLAIN, LIMITS_ASAN, LIMITS_VALGRIND, LIMITS_UNIT, LIMITS_BUILD,
                   LIMITS_TSAN, LIMITS_KINDS };

/* What the reference cost on this machine: one kit's measurement. */
struct limits_calibration {
    int valid;                      /* 0: never measured; limits fall back to floors */
    double cpu[LIMITS_KINDS];       /* the costliest run of each kind, seconds;      */
    double wall[LIMITS_KINDS];      /* 0 where no run of that kind was measured      */
    double rss_mb[LIMITS_KINDS];    /* the largest peak resident size of a run, MiB  */
    double budget_cpu, budget_wall; /* all the budgeted (plain, ASan) runs together  */
    double call_cpu;                /* the costliest call into the callee with the
                                    ** default limit, CPU seconds (0: none made)    */
    char source[64];                /* what was measured: "reference (solution/)" ... */
    char measured_at[32];           /* UTC, ISO 8601                                 */
    char fingerprint[24];           /* of the machine and the kit (calibrate.h)      */
};

/* The limits one grading applies. */
struct limits {
    double cpu[LIMITS_KINDS], wall[LIMITS_KINDS];  /* per run; 0: none             */
    double unit_test_seconds;       /* Criterion's timeout for one unit test        */
    double unit_call_seconds;       /* CPU of one call into the callee, by default
                                    ** (grader/unit/callee.h)                      */
    double tsan_memory_mb;          /* resident cap of a TSan run's tree; 0: none    */
    double budget_cpu, budget_wall; /* the run budget (jobs.h)                       */
    int derived;                    /* 1: from a calibration; 0: the rubric's own    */
};

/* Fills `out` from the rubric's options and, when `cal` is valid and the
** rubric's time_factor is not 0, from the calibration.  Never fails. */
void limits_derive(const struct rubric_options *o, const struct limits_calibration *cal,
                   struct limits *out);

/* The bit of kind k in limits_describe()'s `kinds`. */
#define LIMITS_KIND_BIT(k) (1u << (k))

/* Writes, for the report, what the limits are and how they were derived:
** a few lines, NUL-terminated, truncated to fit `n` bytes.  `kinds` holds
** LIMITS_KIND_BIT(k) for each kind of run this grading has; the others'
** limits are left out (no ThreadSanitizer line where no rule grades a
** tsan run). */
void limits_describe(const struct limits *l, const struct rubric_options *o,
                     const struct limits_calibration *cal, unsigned kinds, char *buf, size_t n);

/* "plain", "asan", "valgrind", "unit", "build", "tsan": the names used in
** the calibration file and in reports. */
const char *limits_kind_name(enum limits_kind k);

#endif /* GRADER_LIMITS_H */
