/*
** report.h -- writes a grade_report (result.h) in one of six formats:
**
**   text        for people at a terminal, the full instructor's view: a
**               header (submission, sandbox, notes, time), the build log,
**               one line per test ([PASS], [FAIL], [TIME], ...) with the
**               output of each test that did not pass indented below it,
**               per-category subtotals and the total.  Hidden tests are
**               shown, marked.  ANSI colours only when asked for.
**   json        everything, for scripts: {"score", "max_score", "seconds",
**               "submission", "sandbox_mode", "notes", "build_log",
**               "tests": [{"name", "category", "visibility", "status",
**               "score", "max_score", "seconds", "output"}]}; "status" is
**               result_status_name(), "visibility" result_visibility_name().
**   gradescope  Gradescope's results.json: "score", "execution_time", a
**               student-safe "output" summary, "visibility": "visible",
**               "stdout_visibility": "hidden", and "tests" with each test's
**               own "visibility" (hidden and after_due_date as given);
**               "status" is "passed" for passed and skipped tests, else
**               "failed", with the exact status on the output's first line.
**   autolab     the student-safe text summary, then as the LAST line
**               {"scores": {"<category>": points, ...}, "scoreboard":
**               [total]}, which Autolab parses; the scores count every
**               test, the text shows only the visible ones.
**   junit       JUnit XML: one <testsuite> per category, one <testcase>
**               per test, <failure> for wrong results, <error> for
**               timeouts, crashes and limits, <skipped/> for skipped.
**   html        one self-contained page for staff and for students after
**               the due date: the json report drawn by
**               html_student_report() (html.h), every test shown, hidden
**               ones labelled; the student is named by the last part of
**               the submission's path.
**
** "Student-safe" means: tests whose visibility is not VISIBLE appear only
** as a count, without names, scores or output.  The report's build_log and
** notes are always shown, so the grader must put there only what a
** student may see (the build of the student's own program).
**
** Strings in the report may hold any bytes but NUL.  The writers make
** every output valid for its format: invalid UTF-8 becomes U+FFFD in JSON
** and XML; control characters XML 1.0 forbids become U+FFFD; in text,
** every control character, C0, DEL or C1, other than newline and tab (and
** every invalid byte) is shown as \xHH (visible.h) so that a student's
** program cannot drive the terminal; and since JSON or XML may be read on
** a terminal too, DEL and the C1 controls are escaped there in the
** format's own syntax ("\u009b", "&#x9B;").  NULL strings are written
** as "".
*/
#ifndef GRADER_REPORT_H
#define GRADER_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "../result.h"

enum report_format {
    REPORT_TEXT,
    REPORT_JSON,
    REPORT_GRADESCOPE,
    REPORT_AUTOLAB,
    REPORT_JUNIT,
    REPORT_HTML
};

/* Writes `r` to `out` in format `f`; `color` asks for ANSI colours and
** matters only to REPORT_TEXT.  r->score and r->max_score are written as
** they are: call result_total() first.  Returns 0, or -1 when memory ran
** out or writing to `out` failed. */
int report_write(const struct grade_report *r, enum report_format f,
                 FILE *out, int color);

/* Maps "text", "json", "gradescope", "autolab", "junit" or "html" (as
** given to `grade --format`) to *f; returns 0, or -1 for any other name. */
int report_format_parse(const char *name, enum report_format *f);

/* The name report_format_parse() accepts for `f`. */
const char *report_format_name(enum report_format f);


/* ---- Shared by the report_*.c files; the rest of the grader need not
** ---- read further. */

/* What the text writer shows. */
struct report_view {
    int color;       /* ANSI colours                                       */
    int students;    /* student-safe: leave non-VISIBLE tests out          */
    int per_test;    /* one line per test; 0: header, build log, totals    */
};

/* The text writer behind REPORT_TEXT, the Gradescope summary and the
** Autolab summary.  Returns 0 or -1 as report_write() does. */
int report_text_view(const struct grade_report *r, FILE *out,
                     const struct report_view *v);

int report_json(const struct grade_report *r, FILE *out);
int report_gradescope(const struct grade_report *r, FILE *out);
int report_autolab(const struct grade_report *r, FILE *out);
int report_junit(const struct grade_report *r, FILE *out);

/* Decodes one UTF-8 character at `s` (not at its terminating NUL): sets
** *cp to its code point and returns its length, or, for an ill-formed
** sequence, sets *cp to -1 and returns the length of its longest valid
** start (at least 1), to be replaced by one U+FFFD as Unicode recommends.
** Overlong forms, surrogates and values past U+10FFFF are ill-formed. */
size_t report_utf8_char(const char *s, long *cp);

/* The same for the n >= 1 bytes at `s`, which need not end with a NUL: a
** sequence cut short by the end is ill-formed. */
size_t report_utf8_decode(const char *s, size_t n, long *cp);

/* A malloc'd copy of `s` (NULL: "") with every ill-formed sequence
** replaced by U+FFFD; NULL when memory runs out. */
char *report_utf8_clean(const char *s);

/* `s`, or "" for NULL. */
const char *report_str(const char *s);

/* Points for people: at most 2 decimals, no trailing zeros ("2.14",
** "2.5", "5"). */
void report_points(double x, char *buf, size_t size);

/* The status in words, with the signal or exit code when there is one:
** "passed", "crashed (signal 11)", "exit status 3", "timeout", ... */
void report_status_detail(const struct test_result *t, char *buf,
                          size_t size);

/* Writes `out`'s trouble as the writers' result: 0, or -1 after a write
** error. */
int report_finish(FILE *out);

#endif /* GRADER_REPORT_H */
