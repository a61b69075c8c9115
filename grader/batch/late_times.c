/*
** late_times.c -- the submission times that come from files of their
** own: the --times file and Moodle's grading worksheet given as --roster
** (late.h, SUBMISSION TIMES).  Both are read with lms_csv.c, so a BOM,
** CRLF and ';' between cells are fine.
**
** The --times file is the instructor's word: every row must name a
** student of the class, once, with a readable time, or grade-all stops
** naming the file and line.  The worksheet is the LMS's: its rows are
** matched with the class by participant number (the id's "_NNN"), rows
** without a time ("-") or without a submission are passed over, and a
** time is read only when it is used, so that a missing `zone` is an
** error only where it matters.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lms_internal.h"
#include "late_internal.h"
#include "../report/visible.h"

static int add(struct late_times *t, const char *id, const char *text, const char *file, long line)
{
    struct late_time *more = realloc(t->v, (t->n + 1) * sizeof *more);
    if (!more)
        return -1;
    t->v = more;
    struct late_time *e = &t->v[t->n];
    *e = (struct late_time){ .id = strdup(id), .text = strdup(text), .file = file, .line = line };
    if (!e->id || !e->text) {
        free(e->id);
        free(e->text);
        return -1;
    }
    t->n++;
    return 0;
}

const struct late_time *late_times_find(const struct late_times *t, const char *id)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->v[i].id, id) == 0)
            return &t->v[i];
    return NULL;
}

static int in_class(const struct batch_class *c, const char *id)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->s[i].id, id) == 0)
            return 1;
    return 0;
}

static int is_header(char **cells, size_t n)
{
    return n >= 1 && strcasecmp(cells[0], "student") == 0;
}

/* One row of the --times file: 0, or -1 (message). */
static int times_row(struct late_times *t, const char *zone, const struct batch_class *c,
                     char **cells, size_t n, const char *path, long line)
{
    char why[300];
    late_instant when;
    const struct late_time *seen;
    if (n != 2) {
        visible_printf(stderr, "grade-all: %s:%ld: expected two cells, student and time; "
                       "there are %zu\n", path, line, n);
        return -1;
    }
    if (!in_class(c, cells[0])) {
        visible_printf(stderr, "grade-all: %s:%ld: no student '%s' in the class\n", path, line, cells[0]);
        return -1;
    }
    if ((seen = late_times_find(t, cells[0]))) {
        visible_printf(stderr, "grade-all: %s:%ld: a second time for %s (first on line %ld)\n",
                       path, line, cells[0], seen->line);
        return -1;
    }
    if (late_parse_time(cells[1], zone, &when, why, sizeof why) != 0) {
        visible_printf(stderr, "grade-all: %s:%ld: %s\n", path, line, why);
        return -1;
    }
    return add(t, cells[0], cells[1], path, line);
}

int late_times_read(const char *path, const char *zone, const struct batch_class *c,
                    struct late_times *t)
{
    struct lms_csv csv;
    char **cells;
    size_t n;
    int got, rc = 0;
    if (lms_csv_open(&csv, path) != 0)
        return -1;
    while (rc == 0 && (got = lms_csv_row(&csv, &cells, &n)) == 1) {
        int blank = n == 1 && !cells[0][0];
        if (!blank && !(csv.line == 1 && is_header(cells, n)))
            rc = times_row(t, zone, c, cells, n, path, csv.line);
        lms_csv_free_row(cells, n);
    }
    lms_csv_close(&csv);
    return rc == 0 && got == 0 ? 0 : -1;
}

/* The student of the class whose id ends in "_KEY", or NULL. */
static const char *by_participant(const struct batch_class *c, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; k && i < c->n; i++) {
        const char *id = c->s[i].id;
        size_t n = strlen(id);
        if (n > k && id[n - k - 1] == '_' && strcmp(id + n - k, key) == 0)
            return id;
    }
    return NULL;
}

int late_sheet_read(const char *path, const struct batch_class *c, struct late_times *t)
{
    struct lms_csv csv;
    char **cells;
    size_t n;
    long ident = -1, when = -1;
    int got, rc = 0;
    if (lms_csv_open(&csv, path) != 0)
        return -1;
    if ((got = lms_csv_row(&csv, &cells, &n)) == 1) {
        ident = lms_csv_column(cells, n, "Identifier");
        when = lms_csv_column(cells, n, "Last modified (submission)");
        lms_csv_free_row(cells, n);
    }
    while (rc == 0 && ident >= 0 && when >= 0 && (got = lms_csv_row(&csv, &cells, &n)) == 1) {
        if ((size_t)ident < n && (size_t)when < n) {
            const char *key = cells[ident] + strcspn(cells[ident], "0123456789");
            const char *id = by_participant(c, key), *text = cells[when];
            if (id && *text && strcmp(text, "-") != 0 && !late_times_find(t, id))
                rc = add(t, id, text, path, csv.line);
        }
        lms_csv_free_row(cells, n);
    }
    lms_csv_close(&csv);
    return rc == 0 && got >= 0 ? 0 : -1;
}

void late_times_free(struct late_times *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->v[i].id);
        free(t->v[i].text);
    }
    free(t->v);
    memset(t, 0, sizeof *t);
}
