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
**
** With a late policy (late.h), a student's OUTDIR/ID/late.json turns the
** raw result into the result every file shows -- "score" the penalised
** total, a "late" object beside it (late_result()) -- and grades.csv gets
** the columns raw, late_days and penalty after status.  result.json is
** never changed, so writing the gradebook again takes the penalty once.
*/
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "batch_internal.h"
#include "late.h"
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
    cJSON **results;           /* per student; NULL without a result;
                                  with late.json, the penalised one  */
    int late_columns;          /* some student has a late.json       */
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

cJSON *batch_load_result(const char *outdir, const char *id)
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

/* raw,late_days,penalty: the points before the penalty, the lateness in
** days and the points taken off; empty where unknown. */
static void csv_late(FILE *out, const cJSON *result, const char *total)
{
    const cJSON *late = cJSON_GetObjectItemCaseSensitive(result, "late");
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(late, "late_seconds");
    char buf[64];
    if (!late) {
        fprintf(out, ",%s,,", total);
        return;
    }
    report_points(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(late, "raw")), buf, sizeof buf);
    fprintf(out, ",%s,", buf);
    if (cJSON_IsNumber(secs) && secs->valuedouble > 0)
        fprintf(out, "%.2f", secs->valuedouble / 86400);
    else if (cJSON_IsNumber(secs))
        fputc('0', out);
    report_points(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(late, "penalty")), buf, sizeof buf);
    fprintf(out, ",%s", buf);
}

static void csv_row(FILE *out, const struct batch_student *s, const cJSON *result, int late)
{
    char total[64] = "";
    double pts[1 + NCATS];
    char buf[64];
    points_of(result, pts);
    csv_text(out, s->id);
    for (size_t k = 0; k < 1 + NCATS; k++) {
        fputc(',', out);
        if (result || batch_status_scores_zero(s->status)) {
            report_points(pts[k], buf, sizeof buf);
            fputs(buf, out);
            if (k == 0)
                snprintf(total, sizeof total, "%s", buf);
        }
    }
    fputc(',', out);
    csv_text(out, row_status(s, result));
    if (late)
        csv_late(out, result, total);
    fputs("\r\n", out);
}

static int fill_csv(FILE *out, void *arg)
{
    const struct book *b = arg;
    fputs("student,total", out);
    for (size_t k = 0; k < NCATS; k++)
        fprintf(out, ",%s", categories[k]);
    fputs(b->late_columns ? ",status,raw,late_days,penalty\r\n" : ",status\r\n", out);
    for (size_t i = 0; i < b->c->n; i++)
        csv_row(out, &b->c->s[i], b->results[i], b->late_columns);
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
        const cJSON *late = cJSON_GetObjectItemCaseSensitive(result, "late");
        if (late) {
            add_points(o, "raw", cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(late, "raw")));
            cJSON_AddItemToObject(o, "late", cJSON_Duplicate(late, 1));
        }
    }
    return o;
}

static int fill_class(FILE *out, void *arg)
{
    const struct book *b = arg;
    cJSON *root = cJSON_CreateObject();
    batch_origin_write(root, &b->c->origin);
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

static int fill_report(FILE *out, void *arg)
{
    const cJSON *const *r = arg;
    return html_student_report(r[0], cJSON_GetStringValue(r[1]), out);
}

/* The result the files show: with OUTDIR/ID/late.json, the penalised one,
** and the student's report.html made again from it.  `raw` is freed. */
static cJSON *with_late(const char *outdir, const char *id, cJSON *raw, int *late_seen)
{
    char sdir[4096];
    cJSON *late = batch_path(sdir, sizeof sdir, outdir, id) == 0 ? late_load(sdir) : NULL;
    if (!late)
        return raw;
    cJSON *shown = late_result(raw, late);
    cJSON *name = cJSON_CreateString(id);
    const cJSON *arg[2] = { shown, name };
    if (shown && name && batch_write_atomic(sdir, BATCH_REPORT, fill_report, arg) != 0)
        visible_printf(stderr, "grade-all: %s: cannot write %s/%s\n", id, sdir, BATCH_REPORT);
    *late_seen = 1;
    cJSON_Delete(name);
    cJSON_Delete(late);
    cJSON_Delete(raw);
    return shown;
}

int batch_book_report(const char *outdir, const char *id)
{
    int seen = 0;
    cJSON *raw = batch_load_result(outdir, id);
    if (!raw)
        return 0;
    cJSON *shown = with_late(outdir, id, raw, &seen);
    char sdir[4096];
    cJSON *name = cJSON_CreateString(id);
    const cJSON *arg[2] = { shown, name };
    int rc = seen || !shown || !name ? 0
           : batch_path(sdir, sizeof sdir, outdir, id) == 0
             ? batch_write_atomic(sdir, BATCH_REPORT, fill_report, arg) : -1;
    cJSON_Delete(name);
    cJSON_Delete(shown);
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
        if (has_result(c->s[i].status) && !(b.results[i] = batch_load_result(outdir, c->s[i].id)))
            visible_printf(stderr, "grade-all: %s: %s/%s/%s is missing or unreadable\n",
                    c->s[i].id, outdir, c->s[i].id, BATCH_RESULT);
        else if (b.results[i])
            b.results[i] = with_late(outdir, c->s[i].id, b.results[i], &b.late_columns);
    int rc = batch_write_atomic(outdir, BATCH_CSV, fill_csv, &b) == 0
          && batch_write_atomic(outdir, BATCH_CLASS, fill_class, &b) == 0
          && batch_write_atomic(outdir, BATCH_SUMMARY, fill_summary, &b) == 0 ? 0 : -1;
    for (size_t i = 0; i < c->n; i++)
        cJSON_Delete(b.results[i]);
    free(b.results);
    return rc;
}
