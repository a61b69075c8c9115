/*
** result.h -- what grading one submission produced: one record per test,
** plus facts about the whole run.  Every part of the grader fills or reads
** these records; the report formats (report.h) turn them into text, JSON,
** Gradescope, Autolab or JUnit output.
**
** Ownership: a grade_report owns every string it points to (all malloc'd);
** result_free() releases them.  Strings may contain any bytes a student's
** program printed except NUL; writers must escape them for their format.
*/
#ifndef GRADER_RESULT_H
#define GRADER_RESULT_H

#include <stddef.h>

/* How one test ended.  The strings in result_status_name() are the
** "status" values of the JSON output. */
enum result_status {
    STATUS_PASSED,        /* full marks                                     */
    STATUS_PARTIAL,       /* some marks (lenient transcript match, ...)     */
    STATUS_FAILED,        /* ran to completion, wrong result                */
    STATUS_TIMEOUT,       /* wall or CPU time limit                         */
    STATUS_CRASHED,       /* killed by a signal (see test_result.signal)    */
    STATUS_MEMORY_LIMIT,  /* ran out of its memory allowance                */
    STATUS_OUTPUT_LIMIT,  /* printed more than the output cap               */
    STATUS_EXIT_STATUS,   /* exited with a non-zero status                  */
    STATUS_BUILD_FAILED,  /* could not run: the submission did not build    */
    STATUS_SKIPPED        /* not run here (tool missing), scores 0 of 0     */
};

enum result_visibility {
    VISIBLE,              /* shown to the student at once                   */
    HIDDEN,               /* never shown to the student                     */
    AFTER_DUE_DATE        /* shown once the due date has passed             */
};

struct test_result {
    char *name;                   /* e.g. "transcript/public/first_moves" */
    char *category;               /* build, unit, transcript, memory, style */
    enum result_visibility visibility;
    enum result_status status;
    int signal;                   /* for STATUS_CRASHED, else 0            */
    int exit_code;                /* for STATUS_EXIT_STATUS, else 0        */
    double score, max_score;
    double seconds;               /* wall time spent on this test          */
    char *output;                 /* feedback for humans, may be ""        */
    /* Transcript tests that differ: the board printed last before (or at)
    ** the first difference, expected and actual -- 18 lines each, for the
    ** HTML report's pictures -- and the input move being processed then.
    ** NULL when there is none. */
    char *expected_board, *actual_board, *move;
};

struct grade_report {
    char *assignment;             /* its id (assignment.h)                  */
    char *submission;             /* the directory that was graded          */
    char *sandbox_mode;           /* e.g. "bubblewrap" or a fallback note   */
    char *notes;                  /* skipped checks and why, may be ""      */
    char *build_log;              /* compiler output, may be ""             */
    char *limits;                 /* the time limits and how they were
                                  ** derived (limits.h), may be NULL       */
    double score, max_score;      /* sums over tests                        */
    double seconds;               /* whole grading, wall time               */
    struct test_result *tests;
    size_t ntests, capacity;
};

/* Appends a zeroed test record named `name` (copied) and returns it; the
** caller fills the rest.  Returns NULL only when memory runs out. */
struct test_result *result_add(struct grade_report *r, const char *name,
                               const char *category);

/* Recomputes r->score and r->max_score from the tests. */
void result_total(struct grade_report *r);

/* "passed", "partial", "failed", "timeout", "crashed", "memory limit",
** "output limit", "exit status", "build failed", "skipped". */
const char *result_status_name(enum result_status s);

/* "visible", "hidden", "after_due_date". */
const char *result_visibility_name(enum result_visibility v);

/* Frees everything `r` owns and zeroes it; accepts an empty report. */
void result_free(struct grade_report *r);

#endif /* GRADER_RESULT_H */
