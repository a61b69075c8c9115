/*
** lms_canvas_book.c -- Canvas's gradebook CSV, given back with this
** assignment's column filled, for Grades > Import (lms.h).
**
** The file written, OUTDIR/canvas-gradebook.csv, is the exported
** gradebook (the --roster file) byte for byte -- its byte order mark,
** separators, quoting, line ends, every other column, the "Points
** Possible" row -- except the assignment's cell of each student whose row
** in OUTDIR/grades.csv has a total: the graded (their total), and those
** whose verdict scores 0 (missing, bad archive).  A student without a
** total there (grader error, grader timeout, duplicate) or without a row
** keeps the cell as exported and is named on stderr for the staff, so no
** grade that was not given is ever imported.
**
** Students are found by Canvas's user id: the "ID" cell of a gradebook
** row is the USERID that ends grade-all's id for that student
** ("doejane_12345"), whether it came from the download or, for the
** missing, from the roster itself (lms_roster.c).
** Checked against: Canvas's guide to importing grades (Grades > Import
** reads the exported CSV back, matching students by ID, and shows the
** changes before applying them; columns left as exported do not change).
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lms_internal.h"
#include "../report/visible.h"

struct book {
    const char *column;
    struct lms_csv csv;
    long id_col, name_col, col;
    struct lms_grades g;
};

/* Whether header cell `h` names the assignment `column`: the whole cell,
** or its title before Canvas's " (NNN)". */
static int names_column(const char *h, const char *column)
{
    size_t n = strlen(column);
    while (isspace((unsigned char)*h))
        h++;
    return strncmp(h, column, n) == 0 && (h[n] == '\0' || strncmp(h + n, " (", 2) == 0);
}

/* Reads the gradebook's header; -1 (message) without ID or the column. */
static int header(struct book *b)
{
    char **h;
    size_t n;
    if (lms_csv_row(&b->csv, &h, &n) != 1)
        return -1;
    b->id_col = b->name_col = b->col = -1;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(h[i], "ID") == 0)
            b->id_col = (long)i;
        else if (strcmp(h[i], "Student") == 0)
            b->name_col = (long)i;
        else if (b->col < 0 && names_column(h[i], b->column))
            b->col = (long)i;
    }
    lms_csv_free_row(h, n);
    if (b->id_col >= 0 && b->name_col >= 0 && b->col >= 0)
        return 0;
    visible_printf(stderr, "grade-all: %s:1: %s\n", b->csv.file,
                   b->col < 0 ? "no column of that assignment (--canvas-column)"
                              : "not Canvas's gradebook: no Student and ID columns");
    return -1;
}

int lms_canvas_book_check(const char *roster, const char *column)
{
    struct book b = { .column = column };
    int rc = lms_csv_open(&b.csv, roster) == 0 ? header(&b) : -1;
    lms_csv_close(&b.csv);
    return rc;
}

/* One student row: its cell filled, or the student named for the staff. */
static void fill_row(void *arg, char **c, size_t n)
{
    struct book *b = arg;
    const char *name = (size_t)b->name_col < n ? c[b->name_col] : "";
    const char *key = (size_t)b->id_col < n ? c[b->id_col] : "";
    if (strstr(name, "Points Possible") || (!*name && !*key))
        return;
    const struct lms_grade *g = lms_grades_find(&b->g, key);
    if (!g || !*g->total || lms_csv_replace(&b->csv, (size_t)b->col, g->total) != 0)
        visible_printf(stderr, "grade-all: %s:%ld: %s (%s) left as exported: %s\n",
                       b->csv.file, b->csv.line, name, key,
                       g ? g->status : "no student of that ID in grades.csv");
}

static int fill(FILE *out, void *arg)
{
    struct book *b = arg;
    return lms_csv_rewrite(&b->csv, out, fill_row, b);
}

int lms_canvas_book_write(const char *roster, const char *column, const char *outdir)
{
    struct book b = { .column = column };
    int rc = lms_grades_load(&b.g, outdir);
    if (rc == 0 && lms_csv_open(&b.csv, roster) == 0)
        rc = header(&b) == 0 ? batch_write_atomic(outdir, LMS_CANVAS_BOOK, fill, &b) : -1;
    else
        rc = -1;
    lms_csv_close(&b.csv);
    lms_grades_free(&b.g);
    if (rc != 0)
        visible_printf(stderr, "grade-all: could not write %s/%s\n", outdir, LMS_CANVAS_BOOK);
    return rc;
}
