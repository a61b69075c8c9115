/*
** unit_confirm.h -- confirm a unit test's timeout against the reference's
** same test before it becomes a verdict.
**
** A unit binary runs all the tests of its set in one job, each under
** Criterion's --timeout (limits.h: twice what the reference's whole binary
** took when the limits were derived).  That timeout is wall-clock time,
** and it is fixed in the binary's argv before the job starts, so the
** confirmation of a job's own limits (jobs.h) cannot raise it: on a
** machine much busier than when it was measured -- a CPU quota, a loaded
** shared server -- a correct test can run past it.  So once the jobs have
** run, the graded tests Criterion stopped for time are confirmed the way
** a job's limit is:
**
**   1. the reference's binary runs those tests alone (--filter), on this
**      machine, now, with generous limits, and Criterion reports what
**      each of them took;
**   2. each test for which `factor` times that is more than its timeout
**      runs again in the student's binary, alone with the others so
**      raised, under the largest of those raised timeouts, all of them
**      within the sum of theirs, and with a fresh nonce; that run stands
**      for them;
**   3. the timeouts of the others stand: the reference is as fast as ever.
**
** One run of the reference and at most one of the student's per binary,
** whatever the number of timed-out tests: a program that loops or sleeps
** in every test costs one run of the reference's same tests beyond its
** own, and, only when the machine is slower than measured, one run of
** them with the raised timeouts.  A call stopped at its own limit
** (grader/unit/callee.c) is not confirmed: that limit is CPU time.
*/
#ifndef GRADER_UNIT_CONFIRM_H
#define GRADER_UNIT_CONFIRM_H

#include "limits.h"
#include "score.h"

/* Confirms the timed-out unit tests of `p`'s jobs, which have run, by
** `factor` (the rubric's time_factor; 0 confirms nothing), filling
** p->retry and the tests' `retried`, and adding to p->unit_rechecked the
** tests run again.  Returns 0, or -1 when the grader itself failed
** (message on stderr). */
int unit_confirm(struct grade_plan *p, const struct limits *lim, double factor);

#endif /* GRADER_UNIT_CONFIRM_H */
