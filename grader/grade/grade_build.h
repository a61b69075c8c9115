/*
** grade_build.h -- a grading's build step: the submission's sources built
** under the build limits (grader/run/build.h), and a build stopped at its
** time limit confirmed against a fresh build of the reference before that
** stop becomes a verdict.
**
** Why confirm.  The build limit, like every time limit, is time_factor
** times what the reference's costliest build script cost when the kit was
** calibrated (limits.h), never below the rubric's build_seconds.  On a
** machine that is slower now -- loaded by other work, held to a CPU quota,
** slow to start processes -- a correct submission's build can pass that
** limit, and every test would then read "build failed".  So, as a run's
** time limit is confirmed against the reference's same run (jobs.h), a
** build that hit its time limit is confirmed against the reference's
** build made now:
**   1. the measured sources (KIT/solution/<id>, or KIT/starter/<id> in a
**      kit without a reference: the calibration's `source`) are built in a
**      scratch folder the same way, with the measurement's generous limits;
**   2. when time_factor times its costliest script's CPU time now passes
**      the CPU limit hit, or the same of its wall time the wall limit, the
**      machine is slower than when the limits were derived: the
**      submission is built once more, from its same sources, with each
**      limit raised to time_factor times the reference's cost now, and
**      that second build stands;
**   3. otherwise the first build's verdict stands.
** A CPU limit grows only with the reference's CPU time, so load (which
** stretches wall time) never buys a build more CPU.  The cost, one
** reference build and at most one more build of the submission, is paid
** only by a build that hit its limit.  Nothing is confirmed while the
** reference itself is being measured, nor when no calibration derived
** the limits (the rubric's own stand, as for runs).
*/
#ifndef GRADER_GRADE_BUILD_H
#define GRADER_GRADE_BUILD_H

#include "grade.h"
#include "../run/build.h"
#include "../submission/submission.h"

/* What the confirmation did: both 0 when the build did not hit its time
** limit or nothing was confirmed. */
struct grade_build_check {
    double slowdown;      /* the reference's build cost now / when measured:
                          ** the larger of the CPU and wall ratios        */
    double raised_cpu;    /* the second build's limits (s), or 0 when     */
    double raised_wall;   /* there was none                               */
};

/* Builds `sub`, collected into BUILD_DIR/src, in `build_dir`, with the
** build limits of `lim`, into `built`.  Returns 0, or -1 when the grader
** itself failed (message on stderr). */
int grade_build(const struct grade_options *o, const char *build_dir, const struct submission *sub,
                const struct limits *lim, int want_tsan, struct build_output *built);

/* Confirms a build that hit its time limit (above), with
** `confirm_factor` the rubric's time_factor: may build the reference in
** scratch and `sub` again in `build_dir`, whose second build then replaces
** *built.  Fills `check`.  Returns 0, or -1 on the grader's failure. */
int grade_build_confirm(const struct grade_options *o, const char *build_dir, const struct submission *sub,
                        const struct limits *lim, int want_tsan, double confirm_factor,
                        struct build_output *built, struct grade_build_check *check);

#endif /* GRADER_GRADE_BUILD_H */
