/*
** late.h -- late work by policy: grade-all's late policy, the manual.
**
** THE POLICY FILE.  `grade-all --late FILE`, or else `late.txt` beside the
** rubric in use (the --rubric file's folder, or the assignment's
** grader/assignments/ID/) when there is one; `--late none` turns it off.
** Lines of words; '#' starts a comment; blank lines are ignored:
**
**   due 2026-03-01T23:59:00-08:00      the due date, ISO 8601 with its
**                                      offset (Z, +HH:MM, +HHMM); required
**   grace 15m                          late by at most this is on time
**                                      (Nm, Nh or Nd; default 0)
**   penalty 10% per day                P% of the assignment's maximum
**                                      points per day (or "per hour")
**                                      begun after the due date; P >= 0
**   cap 30%                            the penalty never passes this
**                                      (default 100%)
**   last 2026-03-05T23:59:00-08:00     work handed in after this scores 0
**                                      (optional; not before `due`)
**   zone America/Los_Angeles           the time zone of times written
**                                      without an offset (Moodle's
**                                      worksheet); an IANA name, UTC, or
**                                      +HH:MM
**   extension 2026-03-03T23:59:00-08:00 doejane_12345
**   extension +2d Anna Lee_1002        a student's own due date: a time,
**                                      or the due date plus Nm/Nh/Nd; the
**                                      rest of the line is the student's
**                                      id as grades.csv writes it
**
** Every time must carry its offset unless `zone` is given; no time is ever
** read in the machine's own zone, and nothing depends on the current time:
** the same files give the same grades on any machine, any day.
**
** THE RULE, for a student handed in at S, with due date D (the extension's
** when there is one) and last day L (moved by the extension as much as
** the due date moved):
**   S <= D + grace          on time: no penalty (lateness shown, if any)
**   S >  L                  after the last day: the total is 0
**   otherwise               units = ceil((S - D) / unit), unit a day
**                           (86400 s) or an hour; percent = min(cap,
**                           units * P); penalty = percent% of the
**                           assignment's maximum points, at most the raw
**                           score; total = raw - penalty
** Times are read to the second (a fraction is dropped).  Lateness counts
** from D, not from the end of the grace: with grace 15m and 10% per day,
** 11 minutes late is on time, 16 minutes late is 1 day (10%), 1.5 days
** (36 h) late is 2 days (20%), 3 days 20 hours late is 4 days (40%,
** capped at 30% by `cap 30%`).
**
** SUBMISSION TIMES, for each student to be graded, the first found of:
**   1. `--times FILE`: CSV rows ID,TIME (an optional header row
**      "student,time"), ID as grades.csv writes it
**   2. Gradescope: the submission's :created_at: in
**      submission_metadata.yml ("2026-03-01 23:58:00.000000000 -08:00")
**   3. Moodle: with --roster the grading worksheet, its column "Last
**      modified (submission)" ("Monday, 2 March 2026, 10:00 AM", or
**      "Monday, March 2, 2026, 10:00 AM", or 24-hour "10:00"), written in
**      the downloading user's zone without saying it: `zone` is required
**   4. Canvas: its download carries no times, only the LATE mark Canvas
**      puts in a late file's name.  A marked student counts as late by one
**      unit past the grace (one day's, or one hour's, penalty) and never
**      past the last day; an unmarked one as on time.  Canvas marks by its
**      own due date: keep it equal to `due`, and give exact times in
**      --times where one unit is not the right penalty.  A marked student
**      with an extension needs a time in --times (the mark cannot say
**      whether the work came before the extended date): refused.
** Checked against: Gradescope's autograder documentation
** (submission_metadata.json's "created_at", ISO 8601 with offset) and
** the export's YAML, a Ruby Time ("2016-05-05 16:00:00.000000000 +00:00"
** in public Ruby-written YAML); for Moodle, public worksheet parsers that
** read the column with "%A, %B %e, %Y, %l:%M %p", "%A, %d %B %Y, %H:%M"
** or as "Wednesday, 10 June 2026, 2:14 PM" (language packs differ: all
** three are read, English month names only); for Canvas, public
** download sorters reading "[_LATE]" / "late_" in the name, and a public
** tool written because Canvas's download and exports carry no submission
** times (they come from its API or SpeedGrader: --times).
** A student to be graded without any of these (a plain folder, or Moodle
** without the worksheet) is refused, as is every mistake in the files:
** grade-all stops before grading, naming the file and line (an
** unreadable time, a negative penalty, an extension or a time for an id
** not in the class, an id given twice), and writes no gradebook.
**
** `grade-all --list` checks the policy against the class the same way and
** prints what it says of each student, grading nobody: run it first.
**
** WHAT IS WRITTEN.  Before grading, OUTDIR/ID/late.json for each student
** with a submission: the due date, the time and where it came from, the
** lateness in seconds, the units counted, the percent and whether the
** last day had passed.  It is all the gradebook needs besides the raw
** result, so the penalty is applied when the gradebook is written, never
** stored into result.json: a re-run, a resume after kill -9 and --merge
** (which copies late.json with the student's files) all give it once.
** grades.csv then has three more columns after status -- raw (the points
** before the penalty), late_days (the lateness in days, two decimals, 0
** when on time, empty for Canvas's mark alone) and penalty (the points
** taken off) -- and total is the penalised score; class.json adds "raw" and "late" to each student;
** each report.html shows the raw score, the lateness and the penalty
** under the score; summary.html adds a "late" column.  Without a policy,
** nothing of this exists and every file is as before.
*/
#ifndef GRADER_LATE_H
#define GRADER_LATE_H

#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

struct batch_class;
struct batch_options;

#define LATE_FILE    "late.json"     /* in OUTDIR/ID                     */
#define LATE_DEFAULT "late.txt"      /* beside the rubric                */

/* A whole-second instant, seconds since 1970-01-01T00:00:00Z. */
typedef int64_t late_instant;

/* ---- late_time.c: times and durations, never the machine's zone ---- */

/* Reads an ISO 8601 time ("2026-03-01T23:59:00-08:00", 'T' or a space,
** seconds and a fraction optional, the offset Z, +HH:MM, +HHMM or +HH,
** with or without a space before it -- Gradescope's form too), or
** Moodle's "Monday, 2 March 2026, 10:00 AM".  A time without an offset
** is read in `zone` (NULL: refused).  0, or -1 with the reason in `why`. */
int late_parse_time(const char *text, const char *zone, late_instant *t,
                    char *why, size_t whysize);

/* Whether `zone` names a zone: "UTC", "Z", +HH:MM, or an IANA name found
** in the system's zone database. */
int late_zone_ok(const char *zone);

/* Reads "15m", "2h", "3d" or "0" into seconds; -1 when malformed. */
int late_parse_duration(const char *text, int64_t *seconds);

/* "1d 12h 0m" (or "11m 0s"), for people. */
void late_duration_text(int64_t seconds, char *buf, size_t size);

/* `t` as "2026-03-02T07:59:00Z". */
void late_time_text(late_instant t, char *buf, size_t size);

/* ---- late_policy.c ---- */

struct late_extension {
    char *id;
    late_instant due;            /* the student's due date              */
    int64_t plus;                /* +Nd: seconds after `due` (0: a time) */
    long line;
};

struct late_policy {
    char *path;
    late_instant due, last;
    int has_last;
    int64_t grace, unit;         /* seconds; unit 86400 or 3600           */
    double percent, cap;         /* per unit; the cap                     */
    char *zone;                  /* NULL: times need their offset         */
    struct late_extension *ext;
    size_t next;
};

/* Reads the policy `path` into `p`.  0, or -1 with "FILE:LINE: why" on
** stderr (nothing kept). */
int late_policy_read(const char *path, struct late_policy *p);
void late_policy_free(struct late_policy *p);

/* ---- late_apply.c: the plan of a run, and the gradebook's side ---- */

/* What the policy says of one student (late.json). */
struct late_outcome {
    char submitted[64];       /* the time as its source wrote it, or ""   */
    char source[48];          /* "--times", "gradescope", "moodle
                                 worksheet", "canvas late mark", "canvas" */
    late_instant due;         /* the student's own due date               */
    int extended;
    int64_t late_seconds;     /* S - D, 0 when not after D                */
    long units;               /* penalty units counted                    */
    double percent;           /* of the maximum points                    */
    int zero;                 /* after the last day                       */
};

/* The policy's path for `o` into `buf`: --late, or late.txt beside the
** rubric; "" when there is none (--late none, or no late.txt).  0, or -1
** when the assignment's folder cannot be named. */
int late_policy_path(const struct batch_options *o, char *buf, size_t size);

/* The policy for `o` (--late, or late.txt beside the rubric), checked
** against the whole class `c` (before --shard): 1 with *plan set when a
** policy applies, 0 when none does, -1 (message on stderr naming file and
** line; nothing written) when the policy, the times or the class do not
** fit together. */
struct late_plan;
int late_plan_make(const struct batch_options *o, const struct batch_class *c,
                   struct late_plan **plan);

/* Writes OUTDIR/ID/late.json for each student of `c` (this shard) that
** has a submission; with `plan` NULL, removes any left by an earlier run
** with a policy (their report.html made again without it).  0, or -1. */
int late_plan_write(const struct late_plan *plan, const char *outdir,
                    const struct batch_class *c);
void late_plan_free(struct late_plan *plan);

/* What `plan` says of student `id`, in words ("1d 12h 0m late: 2 days
** counted, 20% of the points"), into `buf`: 1, or 0 when it says nothing
** (no plan, or no submission). */
int late_plan_says(const struct late_plan *plan, const char *id, char *buf, size_t size);

/* OUTDIR/ID/late.json as an object, or NULL when there is none. */
cJSON *late_load(const char *sdir);

/* The points the outcome `late` (late.json) takes off a result scoring
** `raw` of `max`; 0 when `late` is NULL. */
double late_penalty(const cJSON *late, double raw, double max);

/* A copy of `result` as the reports show it with `late` applied: "score"
** the penalised total, and a "late" object {raw, penalty, percent,
** late_seconds, units, zero, due, submitted, source, text}.  NULL when
** memory ran out. */
cJSON *late_result(const cJSON *result, const cJSON *late);

#endif /* GRADER_LATE_H */
