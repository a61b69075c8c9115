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

struct graded {
    char *id, *total, *status;
};

struct book {
    const char *column;
    struct lms_csv csv;
    long id_col, name_col, col;
    struct graded *g;
    size_t ng;
    FILE *out;
    size_t copied;          /* bytes of csv.text written so far        */
    int failed;
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

/* OUTDIR/grades.csv: each student's id, total and status. */
static int load_grades(struct book *b, const char *outdir)
{
    struct lms_csv csv;
    char *path = lms_join(outdir, BATCH_CSV), **c;
    size_t n, cap = 0;
    int opened = path && lms_csv_open(&csv, path) == 0;
    int got = opened ? lms_csv_row(&csv, &c, &n) : -1;
    if (got == 1)
        lms_csv_free_row(c, n);
    while (got == 1 && (got = lms_csv_row(&csv, &c, &n)) == 1) {
        if (b->ng == cap) {
            struct graded *g = realloc(b->g, (cap = cap ? cap * 2 : 64) * sizeof *g);
            if (!g)
                got = -1;
            else
                b->g = g;
        }
        if (got == 1 && n >= 8) {
            b->g[b->ng++] = (struct graded){ c[0], c[1], c[7] };
            c[0] = c[1] = c[7] = NULL;
        }
        lms_csv_free_row(c, n);
    }
    if (opened)
        lms_csv_close(&csv);
    free(path);
    return got == 0 ? 0 : -1;
}

/* The student whose id ends in "_KEY". */
static const struct graded *find(const struct book *b, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; k > 0 && i < b->ng; i++) {
        size_t n = strlen(b->g[i].id);
        if (n > k && b->g[i].id[n - k - 1] == '_' && strcmp(b->g[i].id + n - k, key) == 0)
            return &b->g[i];
    }
    return NULL;
}

/* Writes csv.text up to `upto`, then `cell` instead of [upto, end). */
static void splice(struct book *b, size_t upto, size_t end, const char *cell)
{
    if (fwrite(b->csv.text + b->copied, 1, upto - b->copied, b->out) != upto - b->copied
        || fputs(cell, b->out) == EOF)
        b->failed = 1;
    b->copied = end;
}

/* One student row: its cell filled, or the student named for the staff. */
static void fill_row(struct book *b, char **c, size_t n)
{
    const char *name = (size_t)b->name_col < n ? c[b->name_col] : "";
    const char *key = (size_t)b->id_col < n ? c[b->id_col] : "";
    size_t start, end;
    if (strstr(name, "Points Possible") || (!*name && !*key))
        return;
    const struct graded *g = find(b, key);
    if (g && *g->total && lms_csv_span(&b->csv, (size_t)b->col, &start, &end) == 0)
        splice(b, start, end, g->total);
    else
        visible_printf(stderr, "grade-all: %s:%ld: %s (%s) left as exported: %s\n",
                       b->csv.file, b->csv.line, name, key,
                       g ? g->status : "no student of that ID in grades.csv");
}

static int fill(FILE *out, void *arg)
{
    struct book *b = arg;
    char **c;
    size_t n;
    int got;
    b->out = out;
    b->copied = 0;
    while ((got = lms_csv_row(&b->csv, &c, &n)) == 1) {
        fill_row(b, c, n);
        lms_csv_free_row(c, n);
    }
    size_t all = strlen(b->csv.text);
    splice(b, all, all, "");
    return got == 0 && !b->failed ? 0 : -1;
}

int lms_canvas_book_write(const char *roster, const char *column, const char *outdir)
{
    struct book b = { .column = column };
    int rc = load_grades(&b, outdir);
    if (rc == 0 && lms_csv_open(&b.csv, roster) == 0)
        rc = header(&b) == 0 ? batch_write_atomic(outdir, LMS_CANVAS_BOOK, fill, &b) : -1;
    else
        rc = -1;
    lms_csv_close(&b.csv);
    for (size_t i = 0; i < b.ng; i++) {
        free(b.g[i].id);
        free(b.g[i].total);
        free(b.g[i].status);
    }
    free(b.g);
    if (rc != 0)
        visible_printf(stderr, "grade-all: could not write %s/%s\n", outdir, LMS_CANVAS_BOOK);
    return rc;
}
