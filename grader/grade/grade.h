/*
** grade.h -- grade one submission: the grader's steps in order.
**
**   1. copy the student's .c/.h files into a fresh scratch folder
**      (submission.h), with the official header;
**   2. build the program, its sanitizer build and the unit-test binaries,
**      in the sandbox (build.h); a build stopped at its time limit is
**      confirmed against the reference's, built again (grade_build.h);
**   3. list every test the kit has -- build, style, unit tests, each
**      session's transcript, AddressSanitizer, ThreadSanitizer and
**      Valgrind runs -- and keep those the rubric grades (rubric.h);
**   4. run them all, sandboxed, on several cores (jobs.h);
**   5. score each run into a test_result (result.h).
** Nothing is ever written into the submission folder.
*/
#ifndef GRADER_GRADE_H
#define GRADER_GRADE_H

#include "../assignment.h"
#include "limits.h"
#include "../result.h"
#include "../rubric.h"

struct grade_options {
    const char *kit;           /* kit root: sample_io/, build/unit/ ...      */
    const struct assignment *assignment; /* what is graded (assignment.h)  */
    const char *submission;    /* the folder to grade                         */
    int include_hidden;        /* --tests all                                 */
    int workers;               /* parallel sandbox workers                    */
    int verbose;               /* -v: progress on stderr                      */
    const char *only;          /* --test GLOB: grade only matching tests      */
    /* What the reference costs here (calibrate.h); NULL or not valid: the
    ** rubric's own limits.  Time limits derive from it (limits.h). */
    const struct limits_calibration *calibration;
    /* Non-NULL while calibrate.c grades the reference to measure it: fixed
    ** generous limits, no giving up, and the costs recorded here. */
    struct limits_calibration *measure;
};

/* Seconds spent in each step of the last grade_submission(), for
** `make bench`. */
struct grade_timing {
    double collect, build, run, score, total;
};

/* Grades `o->submission` with rubric `rb` into `r` (zeroed first).
** Returns 0 when grading completed -- whatever the score -- or -1 when the
** grader itself could not grade (message on stderr). */
int grade_submission(const struct grade_options *o, const struct rubric *rb,
                     struct grade_report *r, struct grade_timing *timing);

#endif /* GRADER_GRADE_H */
