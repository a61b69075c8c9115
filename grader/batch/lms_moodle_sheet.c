/*
** lms_moodle_sheet.c -- Moodle's grading worksheet, given back with the
** grades and a feedback comment filled, for "Upload grading worksheet"
** (lms.h).
**
** The file written, OUTDIR/moodle-worksheet.csv, is the worksheet given
** as --roster byte for byte -- its byte order mark, separators, quoting,
** line ends, every other column and row -- except, for each student whose
** row in OUTDIR/grades.csv has a total, the "Grade" cell (the total) and
** the "Feedback comments" cell (lms_comment.c, HTML-escaped, quoted).  A
** student without a total there (grader error, grader timeout,
** duplicate) or without a row keeps both cells as exported and is named
** on stderr: Moodle skips an empty grade, so no grade that was not given
** is imported.  A worksheet without "Feedback comments" (the assignment
** has feedback comments off) gets the grades only, and a note says so.
**
** Students are found by the participant number of "Identifier"
** ("Participant 1002"), which ends grade-all's id ("Anna Lee_1002").
** Checked against Moodle's importer (mod/assign/feedback/offline:
** importgradeslib.php finds the columns by their exact titles "Grade",
** "Identifier" and "Last modified (grade)" and each feedback plugin's
** by its name, "Feedback comments"; it takes the number after
** "Participant " as the participant; locallib.php skips an empty grade, a
** grade over the assignment's maximum, and a row whose grade changed in
** Moodle after the worksheet was downloaded, and reads the file as UTF-8
** with the separator chosen on the upload form).
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lms_internal.h"
#include "../report/visible.h"

struct sheet {
    const char *outdir;
    struct lms_csv csv;
    long id_col, name_col, grade_col, comment_col, max_col;
    struct lms_grades g;
    int failed;             /* out of memory                           */
};

/* Reads the header: 0, 1 when this is no worksheet, -1 (message) for a
** worksheet that cannot take grades back. */
static int header(struct sheet *s)
{
    char **h;
    size_t n;
    if (lms_csv_row(&s->csv, &h, &n) != 1)
        return -1;
    s->id_col = lms_csv_column(h, n, "Identifier");
    s->name_col = lms_csv_column(h, n, "Full name");
    s->grade_col = lms_csv_column(h, n, "Grade");
    s->comment_col = lms_csv_column(h, n, "Feedback comments");
    s->max_col = lms_csv_column(h, n, "Maximum Grade");
    lms_csv_free_row(h, n);
    if (s->id_col < 0 || s->name_col < 0)
        return 1;
    if (s->grade_col >= 0)
        return 0;
    visible_printf(stderr, "grade-all: %s:1: Moodle's worksheet without a Grade column: "
                   "download the grading worksheet again\n", s->csv.file);
    return -1;
}

int lms_moodle_sheet_check(const char *roster)
{
    struct sheet s = { 0 };
    int rc = lms_csv_open(&s.csv, roster) == 0 ? header(&s) : -1;
    lms_csv_close(&s.csv);
    return rc;
}

/* `text` as a quoted CSV cell of HTML text: & < > escaped, quotes doubled. */
static char *cell_of(const char *text)
{
    char *cell = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&cell, &len);
    if (!out)
        return NULL;
    fputc('"', out);
    for (const char *p = text; *p; p++)
        fputs(*p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : *p == '"' ? "\"\"" : (char[]){ *p, 0 }, out);
    fputc('"', out);
    if (fclose(out) != 0) {
        free(cell);
        return NULL;
    }
    return cell;
}

/* Warns when Moodle would skip `total` as above the row's maximum. */
static void check_max(const struct sheet *s, char **c, size_t n, const char *total)
{
    if (s->max_col < 0 || (size_t)s->max_col >= n || !*c[s->max_col])
        return;
    char max[64];
    snprintf(max, sizeof max, "%s", c[s->max_col]);
    for (char *p = max; *p; p++)
        if (*p == ',')
            *p = '.';
    if (strtod(total, NULL) > strtod(max, NULL) + 1e-9)
        visible_printf(stderr, "grade-all: %s:%ld: %s: grade %s is above the maximum %s, "
                       "which Moodle skips: make the assignment's maximum grade the rubric's\n",
                       s->csv.file, s->csv.line, c[s->name_col], total, c[s->max_col]);
}

/* One student row: its cells filled, or the student named for the staff. */
static void fill_row(void *arg, char **c, size_t n)
{
    struct sheet *s = arg;
    const char *idcell = (size_t)s->id_col < n ? c[s->id_col] : "";
    const char *key = idcell + strcspn(idcell, "0123456789");
    const char *name = (size_t)s->name_col < n ? c[s->name_col] : "";
    const struct lms_grade *g = *key ? lms_grades_find(&s->g, key) : NULL;
    if (!*key)
        return;
    if (!g || !*g->total || (size_t)s->grade_col >= n) {
        visible_printf(stderr, "grade-all: %s:%ld: %s (%s) left as exported: %s\n", s->csv.file,
                       s->csv.line, name, idcell, g ? g->status : "no such student in grades.csv");
        return;
    }
    check_max(s, c, n, g->total);
    char *text = s->comment_col >= 0 ? lms_comment(s->outdir, g) : NULL;
    char *cell = text ? cell_of(text) : NULL;
    if (s->comment_col >= 0 && !cell)
        s->failed = 1;      /* out of memory */
    else if (s->comment_col >= 0 && (size_t)s->comment_col >= n) {
        visible_printf(stderr, "grade-all: %s:%ld: %s: the row has no Feedback comments cell: "
                       "grade only\n", s->csv.file, s->csv.line, name);
        free(cell);
        cell = NULL;
    }
    if (cell && s->comment_col < s->grade_col)
        lms_csv_replace(&s->csv, (size_t)s->comment_col, cell);
    lms_csv_replace(&s->csv, (size_t)s->grade_col, g->total);
    if (cell && s->comment_col > s->grade_col)
        lms_csv_replace(&s->csv, (size_t)s->comment_col, cell);
    free(text);
    free(cell);
}

static int fill(FILE *out, void *arg)
{
    struct sheet *s = arg;
    return lms_csv_rewrite(&s->csv, out, fill_row, s) == 0 && !s->failed ? 0 : -1;
}

int lms_moodle_sheet_write(const char *roster, const char *outdir)
{
    struct sheet s = { .outdir = outdir };
    int rc = lms_csv_open(&s.csv, roster) == 0 ? header(&s) : -1;
    if (rc == 0 && s.comment_col < 0)
        visible_printf(stderr, "grade-all: %s: no Feedback comments column (the assignment's "
                       "feedback comments are off): grades only\n", roster);
    if (rc == 0 && lms_grades_load(&s.g, outdir) != 0)
        rc = -1;
    if (rc == 0)
        rc = batch_write_atomic(outdir, LMS_MOODLE_SHEET, fill, &s);
    lms_csv_close(&s.csv);
    lms_grades_free(&s.g);
    if (rc < 0)
        visible_printf(stderr, "grade-all: could not write %s/%s\n", outdir, LMS_MOODLE_SHEET);
    return rc;
}
