/*
** unit_output.h -- read a unit-test binary's run back into one result.
**
** The pass evidence is the harness's "<nonce> PASS suite/test" line on the
** binary's stdout (grader/unit/graded_test.h): the nonce is random for
** each binary's run and reaches it on its stdin, so student code cannot
** print a pass it does not know.  Criterion's own report on stderr is used
** only to explain a failure -- the assertion message, "CRASH!", "Timed
** out" -- never to award points, because a required function can print
** anything, and Criterion counts a test that calls exit(0) as passing.
*/
#ifndef GRADER_UNIT_OUTPUT_H
#define GRADER_UNIT_OUTPUT_H

#include "../result.h"
#include "../sandbox/sandbox.h"

/* Scores test `unit_id` ("suite/test") from the run `res` of its binary:
** fills t->status, t->score (t->max_score or 0) and t->output (malloc'd;
** NULL only when memory runs out).  A test whose call was killed by
** SIGKILL in a run the sandbox ended for its memory (the job's memory
** cgroup, where the kernel kills the largest process: the callee) is
** STATUS_MEMORY_LIMIT, as is a test left without a report in such a run
** (the kernel killed the runner). */
void unit_output_score(struct test_result *t, const char *unit_id, const char *nonce,
                       const struct sandbox_result *res);

/* Did Criterion stop test `unit_id` at its --timeout (wall-clock time)
** in the run `res`, with no pass line of it?  A call stopped at its own
** limit is not counted: that limit is CPU time, which load does not
** inflate (grader/unit/callee.c). */
int unit_output_timed_out(const char *unit_id, const char *nonce, const struct sandbox_result *res);

/* Writes 32 random hex digits and a NUL into `nonce`: the secret of one
** run of a unit binary.  Returns 0, or -1 (message on stderr) when
** /dev/urandom cannot be read. */
int unit_output_nonce(char nonce[33]);

#endif /* GRADER_UNIT_OUTPUT_H */
