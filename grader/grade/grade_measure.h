/*
** grade_measure.h -- the part of a grading that measures the reference
** for the calibration (calibrate.h): what each kind of run cost, and the
** reference's build kept for confirming time limits later (jobs.h).
*/
#ifndef GRADER_GRADE_MEASURE_H
#define GRADER_GRADE_MEASURE_H

#include <stddef.h>

#include "../assignment.h"
#include "limits.h"
#include "score.h"

/* Each run of the reference gets this many seconds of CPU (twice as many
** of wall time) while it is measured: nothing of it may be cut short. */
#define GRADE_MEASURE_RUN_SECONDS 60.0

/* Writes KIT/build/calibration-<id>, where the reference's build is kept. */
void grade_measure_dir(const char *kit, const struct assignment *a, char *buf, size_t n);

/* Copies the reference's build kept in `from` (grade_measure_dir) into
** the folder `to`, which exists: the twins run from that copy, in a
** scratch folder the sandbox's users may read, since the kit itself may
** lie where they may not (a home folder of mode 0700).  A folder the kept
** build lacks is made empty.  Returns 0, or -1 when a file could not be
** copied. */
int grade_measure_copy(const char *from, const char *to);

/* Records into `cal` the costliest run of each kind among the plan's
** `njobs` jobs (kinds[i] is job i's), the budgeted runs' sum and the
** build's costliest script; then keeps the plan's student programs --
** here the reference's -- as the plan's reference programs (copied over
** any older ones).  Returns 0, or -1 with a message on stderr. */
int grade_measure_record(const struct grade_plan *p, size_t njobs, const enum limits_kind *kinds,
                         const struct build_output *b, struct limits_calibration *cal);

#endif /* GRADER_GRADE_MEASURE_H */
