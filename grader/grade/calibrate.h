/*
** calibrate.h -- measure what the reference costs on this machine, and
** keep the measurement (limits.h says what it is for).
**
** Each assignment is measured apart.  The measurement grades the
** reference itself -- KIT/solution/<id>, or where a kit has no reference
** (a student's copy: KIT/solution/<id> holds no .c file but those the
** kit gives students, such as the bot challenge's driver.c) the starter
** in KIT/starter/<id>,
** whose runs cost what starting a program costs -- with every run of the
** default test set, under the same sandbox, with generous fixed limits.
** It is kept in KIT/build/calibration-<id>.txt beside a fingerprint of the
** machine and the kit (kernel, CPU model, cores, sandbox mode, the grader
** binary, the reference's sources, the sessions, the unit-test objects),
** and the reference's build in KIT/build/calibration-<id>/
** (grade_measure.h).
** calibrate_get() measures again whenever the fingerprint differs: a new
** machine, a changed kit.  `grade --calibrate` and `grade-all` (before a
** class) measure afresh.  A measurement costs about one grading.
**
** The file, one "key value..." a line, '#' comments:
**     fingerprint 3f2a9c0d11e4b5a7
**     measured_at 2026-11-24T10:00:00Z
**     source reference (solution/)
**     plain 0.012 0.040 3.1      costliest run: CPU s, wall s; largest
**     asan 0.061 0.090 28.4        peak resident size, MiB
**     valgrind 0.650 0.700 60.2
**     unit 0.900 1.400 30.0
**     build 0.700 1.100 0.0
**     tsan 0.150 0.210 52.7      0 0 0 when no rule grades a TSan run
**     budget 3.400 5.100         the plain and ASan runs together
** A file that cannot be read or parsed is measured again, never trusted.
*/
#ifndef GRADER_CALIBRATE_H
#define GRADER_CALIBRATE_H

#include "../assignment.h"
#include "limits.h"
#include "../rubric.h"

/* Sets cal->fingerprint for this machine and `kit`. */
void calibrate_fingerprint(const char *kit, const struct assignment *a, struct limits_calibration *cal);

/* Reads KIT/build/calibration-<id>.txt into `cal`.  Returns 0 when it was read
** and its fingerprint is this machine's and kit's, else -1 (cal->valid
** then 0). */
int calibrate_load(const char *kit, const struct assignment *a, struct limits_calibration *cal);

/* Measures the reference with `rb`'s test selection on `workers` workers
** and saves the result.  Returns 0, or -1 with a message on stderr (then
** cal->valid is 0 and grading falls back to the rubric's limits). */
int calibrate_measure(const char *kit, const struct assignment *a, const struct rubric *rb,
                      int workers, int include_hidden, struct limits_calibration *cal);

/* calibrate_load(), or calibrate_measure() when that fails (saying so on
** stderr, as a measurement takes about as long as a grading). */
int calibrate_get(const char *kit, const struct assignment *a, const struct rubric *rb,
                  int workers, int include_hidden, struct limits_calibration *cal);

#endif /* GRADER_CALIBRATE_H */
