/*
** late_internal.h -- what the late_*.c files share; late.h is the manual.
**
** Files: late_time.c (times, zones, durations), late_policy.c (the
** policy file), late_times.c (the --times file and Moodle's worksheet),
** late_apply.c (each student's outcome, late.json, the gradebook's
** arithmetic), late_plan.c (a run's plan: the policy, the times and the
** class checked together).
*/
#ifndef GRADER_LATE_INTERNAL_H
#define GRADER_LATE_INTERNAL_H

#include <stddef.h>

#include "batch_internal.h"
#include "late.h"

/* A submission time read from a file of its own. */
struct late_time {
    char *id;            /* the student's id in the gradebook           */
    char *text;          /* the time as written                         */
    const char *file;    /* where: for messages                         */
    long line;
};

struct late_times {
    struct late_time *v;
    size_t n;
};

/* ---- late_times.c ---- */

/* Reads the --times file `path` (rows ID,TIME; an optional header row
** "student,..."), each id a student of `c`, each once, each time readable
** (in `zone` when it has no offset).  0, or -1 with "FILE:LINE: why". */
int late_times_read(const char *path, const char *zone, const struct batch_class *c,
                    struct late_times *t);
/* Adds the times of Moodle's grading worksheet `path` ("Identifier" and
** "Last modified (submission)"; any other CSV adds nothing) for the
** students of `c` it names and `t` does not hold yet.  Times are kept as
** written, read when used.  0, or -1 when the file cannot be read. */
int late_sheet_read(const char *path, const struct batch_class *c, struct late_times *t);
const struct late_time *late_times_find(const struct late_times *t, const char *id);
void late_times_free(struct late_times *t);

/* ---- late_apply.c ---- */

/* The outcome for a student handed in at `when` (`mark_only`: Canvas's
** LATE mark, no time) with due date `due` (late.h, THE RULE). */
void late_judge(const struct late_policy *p, late_instant due, late_instant when,
                int mark_only, struct late_outcome *out);
/* `o` as late.json holds it (cJSON_Delete it); NULL when out of memory. */
cJSON *late_outcome_json(const struct late_policy *p, const struct late_outcome *o);
/* Writes `o` as `sdir`/late.json (atomically).  0, or -1 (message). */
int late_save(const char *sdir, const struct late_policy *p, const struct late_outcome *o);
/* The outcome late.json `late` holds, in words, into `buf`. */
void late_text(const cJSON *late, char *buf, size_t size);

#endif /* GRADER_LATE_INTERNAL_H */
