/*
** lms_grades.c -- OUTDIR/grades.csv read back, for the files that go
** back to the LMS (lms_canvas_book.c, lms_moodle_sheet.c,
** lms_feedback.c).
**
** Everything sent back is taken from grades.csv as written (batch_book.c),
** never recomputed: a student whose row has no total there (grader error,
** grader timeout, duplicate) gets no grade in any file going back, which
** is what keeps an ungraded student from being imported with a grade.
** An LMS names a student by its own key (Canvas's user id, Moodle's
** participant number), which ends grade-all's id after a '_'
** ("doejane_12345", "Anna Lee_1002"): lms_grades_find() matches on it.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "lms_internal.h"

void lms_grades_free(struct lms_grades *g)
{
    for (size_t i = 0; i < g->n; i++) {
        free(g->row[i].id);
        free(g->row[i].total);
        free(g->row[i].status);
        free(g->row[i].raw);
        free(g->row[i].late_days);
        free(g->row[i].penalty);
    }
    free(g->row);
    memset(g, 0, sizeof *g);
}

/* Appends one row of grades.csv (its cells taken; n of them, the late
** columns after the eighth when a late policy was applied); -1 out of
** memory. */
static int add(struct lms_grades *g, char **c, size_t n)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        struct lms_grade *v = realloc(g->row, cap * sizeof *v);
        if (!v)
            return -1;
        g->row = v;
        g->cap = cap;
    }
    struct lms_grade *r = &g->row[g->n++];
    *r = (struct lms_grade){ c[0], c[1], c[7], NULL, NULL, NULL };
    c[0] = c[1] = c[7] = NULL;
    if (n >= 11) {
        r->raw = c[8], r->late_days = c[9], r->penalty = c[10];
        c[8] = c[9] = c[10] = NULL;
    }
    return 0;
}

int lms_grades_load(struct lms_grades *g, const char *outdir)
{
    struct lms_csv csv;
    char *path = lms_join(outdir, BATCH_CSV), **c;
    size_t n;
    memset(g, 0, sizeof *g);
    int opened = path && lms_csv_open(&csv, path) == 0;
    int got = opened ? lms_csv_row(&csv, &c, &n) : -1;
    if (got == 1)
        lms_csv_free_row(c, n);     /* the header */
    while (got == 1 && (got = lms_csv_row(&csv, &c, &n)) == 1) {
        if (n >= 8 && add(g, c, n) != 0)
            got = -1;
        lms_csv_free_row(c, n);
    }
    if (opened)
        lms_csv_close(&csv);
    free(path);
    if (got != 0)
        lms_grades_free(g);
    return got == 0 ? 0 : -1;
}

const struct lms_grade *lms_grades_find(const struct lms_grades *g, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; k > 0 && i < g->n; i++) {
        size_t n = strlen(g->row[i].id);
        if (n > k && g->row[i].id[n - k - 1] == '_' && strcmp(g->row[i].id + n - k, key) == 0)
            return &g->row[i];
    }
    return NULL;
}
