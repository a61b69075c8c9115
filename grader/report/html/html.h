/*
** html.h -- self-contained HTML pages made from grading results: one
** student's report (report.html) and the class summary (summary.html).
** Both read the grader's JSON result (report.h, format "json") as a cJSON
** tree, so `grade --format html` and `grade-all` share one renderer.
**
** Every page is one file: the stylesheet is inline, pictures are inline
** SVG, there are no external assets, and it reads fully without
** JavaScript (the summary adds a few lines of it to sort its table).
** Every string from a result is escaped: <, >, &, quotes become entities;
** newline and tab are kept; other control characters become their
** Unicode "control picture" (ESC shows as U+241B); ill-formed UTF-8, C1
** controls and noncharacters become U+FFFD.  A missing or mistyped JSON
** field reads as "" or 0, never as an error.
**
** The student report shows every test, hidden ones labelled, since it is
** meant for staff and for students after the due date.
*/
#ifndef GRADER_HTML_H
#define GRADER_HTML_H

#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "../../assignment.h"

/* Writes report.html for one graded submission: `result` is the object
** `grade --format json` writes; `student` names the student in the
** title and header (NULL: the result's "submission").  The page has a
** header (student, score, per-category subtotals), the build log, the
** memory findings, then every test grouped by category with its verdict,
** points and -- for tests that did not pass, expanded -- its output with
** the differing line marked.  At the first transcript mismatch the
** expected and actual boards are drawn as SVG star boards, the cells
** that differ ringed.  Returns 0, or -1 when `result` is not a JSON
** object, memory ran out or writing to `out` failed. */
int html_student_report(const cJSON *result, const char *student, FILE *out);

/* One row of the class summary. */
struct html_student {
    const char *id;          /* names the student and the folder of their
                             ** report: the summary links ID/report.html */
    const cJSON *result;     /* the grader's JSON result, NULL if grading
                             ** failed                                    */
    const char *status;      /* what happened, in words, e.g. "graded"   */
    double seconds;          /* wall time spent grading this submission   */
};

/* Writes summary.html for the class: a score histogram (SVG), verdict
** counts, the tests by pass rate (most failed first), the submissions
** that did not build or could not be graded, the slowest submissions,
** and a table of every student linking to ID/report.html.  `students`
** may be NULL when n is 0.  Returns 0, or -1 when memory ran out or
** writing to `out` failed. */
int html_summary(const struct html_student *students, size_t n, FILE *out);


/* ---- Shared by the html_*.c files; the rest of the grader need not
** ---- read further. */

/* The stylesheet every page inlines (html_style.c), in pieces, ending
** with NULL. */
extern const char *const html_stylesheet[];

/* Escaped text (NULL writes nothing); html_text_n stops after n bytes. */
void html_text(FILE *out, const char *s);
void html_text_n(FILE *out, const char *s, size_t n);

/* `s` percent-encoded as one URL path segment (all but A-Z a-z 0-9 -._~),
** safe inside a double-quoted attribute. */
void html_url_segment(FILE *out, const char *s);

/* Points for people, as report_points() writes them ("2.5", "5"). */
void html_points(FILE *out, double x);

/* The doctype, <head> with the title "TITLE: SUBJECT" (escaped; just
** TITLE when SUBJECT is NULL) and the inline stylesheet, and <body>. */
void html_page_begin(FILE *out, const char *title, const char *subject);

/* Closes the page; returns 0, or -1 when writing to `out` failed. */
int html_page_end(FILE *out);

/* A field of a JSON object: the string ("" when missing or not a
** string), the number (0 when missing or not a number). */
const char *html_json_str(const cJSON *obj, const char *key);
double html_json_num(const cJSON *obj, const char *key);

/* The CSS class of a status name ("passed" -> "st-passed", "memory
** limit" -> "st-memory-limit"), written into `buf`. */
void html_status_class(const char *status, char *buf, size_t size);

/* A coloured badge <span class="badge st-...">STATUS</span>. */
void html_badge(FILE *out, const char *status);

/* A test's output as a <pre>: the differing line of a transcript diff
** (it starts with '>') and the caret line below it highlighted, "input
** being processed" lines marked as the move, "… omitted …" lines dimmed,
** error and summary lines of sanitizers and Valgrind emphasised, and
** every source location "file.c:LINE" of the student's code marked. */
void html_output(FILE *out, const char *text);

/* Calls `found(loc, len, arg)` for each source location in `text`: a
** "NAME.c:LINE" or "NAME.h:LINE" whose NAME does not start with '/' or
** "../" (system and library paths) nor "grader/" (the kit's own unit-test
** helpers). */
void html_each_location(const char *text,
                        void (*found)(const char *loc, size_t len, void *arg),
                        void *arg);

/* Like html_output, for a compiler's log: "warning:" and "error:" lines
** coloured, source locations marked. */
void html_log(FILE *out, const char *text);

/* ---- The student report's parts (html_report.c, html_tests.c,
** ---- html_findings.c) ---- */

/* A category of tests, in the order the tests first name it. */
struct html_category {
    const char *name;
    double score, max_score;
    int passed, tests;
};

/* Fills `cats` (room for as many entries as `tests` has items) from the
** array `tests`; returns how many categories there are. */
size_t html_categories(const cJSON *tests, struct html_category *cats);

/* Every test, one <section id="cat-K"> per category (K its index in
** `cats`), each test an element with id "t-I" (I its index in `tests`).
** The first transcript mismatch that carries boards gets them drawn by
** the assignment's board_section (none without a protocol part), in an
** element with id "first-mismatch"; the output of every test that did
** not pass is shown to its output_section too (when it has one), whose
** blocks come before the output's text.  `a` may be NULL: neither. */
void html_test_list(FILE *out, const cJSON *tests, const struct assignment *a,
                    const struct html_category *cats, size_t ncats);

/* The "memory findings" section, id "memory": how many memory tests
** failed, and each source location of the student's code that their
** reports name, with the tool, the number of tests and a link to the
** first.  Returns 0, or -1 when memory ran out. */
int html_memory_findings(FILE *out, const cJSON *tests);

/* ---- The class summary's parts (html_summary.c, html_class.c) ---- */

/* The statuses a test can end with, in the order pages list them. */
extern const char *const html_statuses[];
enum { HTML_NSTATUSES = 10 };

/* <a href="ID/report.html">ID</a>, the ID escaped and URL-encoded. */
void html_student_link(FILE *out, const char *id);

/* Section id "verdicts": for each status (and for failed memory tests)
** how many tests ended so, over the class, and in how many submissions. */
void html_verdicts(FILE *out, const struct html_student *s, size_t n);

/* Section id "pass-rates": every test with the share of submissions that
** passed it, as bars, the most failed first.  Returns 0, or -1 when
** memory ran out. */
int html_pass_rates(FILE *out, const struct html_student *s, size_t n);

/* Section id "build-failures": the submissions that did not build (a
** "build" test that did not pass, or a "build failed" status) with the
** compiler's first error, and those that could not be graded. */
void html_build_failures(FILE *out, const struct html_student *s, size_t n);

#endif /* GRADER_HTML_H */
