/*
** batch_book.c -- the gradebook of a run or a merge: grades.csv for
** people and LMS imports, class.json for machines (and --merge), and
** summary.html, all from the students' statuses and result.json files.
**
** The CSV follows RFC 4180: comma-separated, CRLF line ends, its text
** cells (student, status) written by csv_text() (report/csv.h): visible,
** quoted when they hold a comma or a quote, and never a formula.  Points come from the grader's own JSON -- "score" for the
** total, the sum of each category's test scores for the rest -- written
** the way every report writes points ("87.5", "100").
*/
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "batch_internal.h"
#include "../report/html/html.h"
#include "../report/csv.h"
#include "../report/report.h"
#include "../report/visible.h"

/* The CSV's point columns after "total", in order. */
static const char *const categories[] = {
    "build", "unit", "transcript", "memory", "style",
};
#define NCATS (sizeof categories / sizeof *categories)

struct book {
    const struct batch_class *c;
    cJSON **results;           /* per student; NULL without a result */
};

static int has_result(const char *status)
{
    return strcmp(status, "graded") == 0 || strcmp(status, "build failed") == 0;
}

/* The status a row shows: a result that should be there and is not is
** the grader's failure, never an empty "graded" row. */
static const char *row_status(const struct batch_student *s, const cJSON *result)
{
    return has_result(s->status) && !result ? "grader error: result.json is missing" : s->status;
}

static cJSON *load_result(const char *outdir, const char *id)
{
    char sdir[4096], path[4096];
    if (batch_path(sdir, sizeof sdir, outdir, id) != 0
        || batch_path(path, sizeof path, sdir, BATCH_RESULT) != 0)
        return NULL;
    char *text = batch_read(path, BATCH_JSON_MAX);
    cJSON *json = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (json && !cJSON_IsObject(json)) {
        cJSON_Delete(json);
        json = NULL;
    }
    return json;
}

/* The total and the category sums of one result; 0 when absent. */
static void points_of(const cJSON *result, double pts[1 + NCATS])
{
    const cJSON *t;
    memset(pts, 0, (1 + NCATS) * sizeof *pts);
    pts[0] = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(result, "score"));
    if (pts[0] != pts[0])   /* NaN: no number there */
        pts[0] = 0;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(result, "tests")) {
        const char *cat = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "category"));
        const cJSON *score = cJSON_GetObjectItemCaseSensitive(t, "score");
        for (size_t k = 0; cat && cJSON_IsNumber(score) && k < NCATS; k++)
            if (strcmp(cat, categories[k]) == 0)
                pts[1 + k] += score->valuedouble;
    }
}

static void csv_row(FILE *out, const struct batch_student *s, const cJSON *result)
{
    double pts[1 + NCATS];
    char buf[64];
    points_of(result, pts);
    csv_text(out, s->id);
    for (size_t k = 0; k < 1 + NCATS; k++) {
        fputc(',', out);
        if (result || batch_status_scores_zero(s->status)) {
            report_points(pts[k], buf, sizeof buf);
            fputs(buf, out);
        }
    }
    fputc(',', out);
    csv_text(out, row_status(s, result));
    fputs("\r\n", out);
}

static int fill_csv(FILE *out, void *arg)
{
    const struct book *b = arg;
    fputs("student,total", out);
    for (size_t k = 0; k < NCATS; k++)
        fprintf(out, ",%s", categories[k]);
    fputs(",status\r\n", out);
    for (size_t i = 0; i < b->c->n; i++)
        csv_row(out, &b->c->s[i], b->results[i]);
    return ferror(out) ? -1 : 0;
}

/* Sums of floating-point scores drift (39.99999999999995): class.json
** keeps six decimals, far below any rubric's resolution. */
static void add_points(cJSON *o, const char *key, double x)
{
    cJSON_AddNumberToObject(o, key, round(x * 1e6) / 1e6);
}

/* One student's object in class.json: the id is visible already (see
** batch_list.c), the status is made so. */
static cJSON *class_entry(const struct batch_student *s, const cJSON *result)
{
    double pts[1 + NCATS];
    cJSON *o = cJSON_CreateObject();
    char *status = visible_copy(row_status(s, result), 0);
    cJSON_AddStringToObject(o, "student", s->id);
    cJSON_AddStringToObject(o, "status", status ? status : "?");
    free(status);
    cJSON_AddNumberToObject(o, "seconds", s->seconds);
    if (result) {
        points_of(result, pts);
        add_points(o, "total", pts[0]);
        add_points(o, "max_score",
                   cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(result, "max_score")));
        cJSON *cats = cJSON_AddObjectToObject(o, "categories");
        for (size_t k = 0; k < NCATS; k++)
            add_points(cats, categories[k], pts[1 + k]);
    }
    return o;
}

static int fill_class(FILE *out, void *arg)
{
    const struct book *b = arg;
    cJSON *root = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(root, "students");
    for (size_t i = 0; list && i < b->c->n; i++)
        cJSON_AddItemToArray(list, class_entry(&b->c->s[i], b->results[i]));
    char *text = list ? cJSON_Print(root) : NULL;
    int rc = text && fputs(text, out) >= 0 && fputc('\n', out) != EOF ? 0 : -1;
    free(text);
    cJSON_Delete(root);
    return rc;
}

static int fill_summary(FILE *out, void *arg)
{
    const struct book *b = arg;
    struct html_student *rows = calloc(b->c->n + 1, sizeof *rows);
    if (!rows)
        return -1;
    for (size_t i = 0; i < b->c->n; i++)
        rows[i] = (struct html_student){
            .id = b->c->s[i].id, .result = b->results[i],
            .status = row_status(&b->c->s[i], b->results[i]), .seconds = b->c->s[i].seconds,
        };
    int rc = html_summary(rows, b->c->n, out);
    free(rows);
    return rc;
}

int batch_book_write(const char *outdir, const struct batch_class *c)
{
    struct book b = { .c = c, .results = calloc(c->n + 1, sizeof *b.results) };
    if (!b.results) {
        visible_printf(stderr, "grade-all: out of memory writing the gradebook\n");
        return -1;
    }
    for (size_t i = 0; i < c->n; i++)
        if (has_result(c->s[i].status) && !(b.results[i] = load_result(outdir, c->s[i].id)))
            visible_printf(stderr, "grade-all: %s: %s/%s/%s is missing or unreadable\n",
                    c->s[i].id, outdir, c->s[i].id, BATCH_RESULT);
    int rc = batch_write_atomic(outdir, BATCH_CSV, fill_csv, &b) == 0
          && batch_write_atomic(outdir, BATCH_CLASS, fill_class, &b) == 0
          && batch_write_atomic(outdir, BATCH_SUMMARY, fill_summary, &b) == 0 ? 0 : -1;
    for (size_t i = 0; i < c->n; i++)
        cJSON_Delete(b.results[i]);
    free(b.results);
    return rc;
}
