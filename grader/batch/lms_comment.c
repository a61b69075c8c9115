/*
** lms_comment.c -- the short feedback comment an LMS shows beside the
** grade: what the grade is and where the points went.
**
** Made from grades.csv's row and the student's OUTDIR/ID/result.json:
**   "45 of 100. Points lost: transcript 40 (jump_chain, hop_edge and 6
**    more tests), memory 15 (2 hidden tests). The full report is in the
**    feedback files."
** With a late penalty (late.h), grades.csv's raw, late_days and penalty
** come after the grade: "35 of 100. Late by 1.02 days: 10 points off the
** 45 earned. Points lost: ..." (the points lost are the tests', before
** the penalty; "Late: ..." where the lateness is not known, as with
** Canvas's LATE mark).
** Categories come in the gradebook's order; at most three test names per
** category, the rest counted; a hidden test is counted, never named (the
** comment reaches the student at once, hidden tests stay hidden).  A
** program that did not build lost everything, which is all it says.  A
** verdict without a result says what it was ("No submission.", "The
** submission could not be read: bad archive: WHY").  The text is plain;
** the caller escapes it for where it goes.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lms_internal.h"
#include "../report/report.h"

#define NAMED_PER_CATEGORY 3

static const char *const categories[] = { "build", "unit", "transcript", "memory", "style" };
#define NCATS (sizeof categories / sizeof *categories)

/* The folder of id `id` as grades.csv writes it: a leading "'" guarding
** a formula is not part of it. */
static const char *id_of(const char *id)
{
    return id[0] == '\'' && id[1] && strchr("=+-@", id[1]) ? id + 1 : id;
}

static double number(const cJSON *o, const char *key)
{
    const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(n) ? n->valuedouble : 0;
}

/* One category's lost points and tests, appended to `out`. */
static void category(FILE *out, const cJSON *tests, const char *cat, int *first)
{
    const cJSON *t;
    double lost = 0;
    size_t named = 0, more = 0, hidden = 0;
    cJSON_ArrayForEach(t, tests) {
        const char *c = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "category"));
        if (c && strcmp(c, cat) == 0 && number(t, "max_score") - number(t, "score") > 1e-9)
            lost += number(t, "max_score") - number(t, "score");
    }
    if (lost < 0.005)
        return;
    char pts[64];
    report_points(lost, pts, sizeof pts);
    fprintf(out, "%s%s %s (", *first ? "" : ", ", cat, pts);
    *first = 0;
    cJSON_ArrayForEach(t, tests) {
        const char *c = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "category"));
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "name"));
        const char *vis = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "visibility"));
        if (!c || strcmp(c, cat) != 0 || number(t, "max_score") - number(t, "score") <= 1e-9)
            continue;
        if (vis && strcmp(vis, "hidden") == 0)
            hidden++;
        else if (named < NAMED_PER_CATEGORY && name)
            fprintf(out, "%s%s", named++ ? ", " : "", name);
        else
            more++;
    }
    if (more)
        fprintf(out, " and %zu more test%s", more, more == 1 ? "" : "s");
    if (hidden)
        fprintf(out, "%s%zu hidden test%s", named + more ? " and " : "", hidden, hidden == 1 ? "" : "s");
    fputc(')', out);
}

/* The comment of a student with a result. */
static void from_result(FILE *out, const struct lms_grade *g, const cJSON *result)
{
    char max[64], *lost = NULL;
    size_t len = 0;
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(result, "tests");
    int first = 1;
    FILE *lo = open_memstream(&lost, &len);
    for (size_t k = 0; lo && k < NCATS; k++)
        category(lo, tests, categories[k], &first);
    if (lo)
        fclose(lo);
    report_points(number(result, "max_score"), max, sizeof max);
    fprintf(out, "%s of %s.", g->total, max);
    if (g->penalty && *g->penalty && strcmp(g->penalty, "0") != 0)
        fprintf(out, " Late%s%s%s: %s points off the %s earned.", *g->late_days ? " by " : "",
                g->late_days, *g->late_days ? " days" : "", g->penalty, g->raw);
    if (strcmp(g->status, "build failed") == 0)
        fputs(" The program did not build: no test could run.", out);
    else if (lost && *lost)
        fprintf(out, " Points lost: %s.", lost);
    else if (lost)
        fputs(" Full marks.", out);
    fputs(" The full report is in the feedback files.", out);
    free(lost);
}

char *lms_comment(const char *outdir, const struct lms_grade *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return NULL;
    cJSON *result = NULL;
    if (strncmp(g->status, "missing", 7) == 0)
        fputs(strcmp(g->status, "missing") == 0 ? "No submission."
                                                : "The submission held no file to grade.", out);
    else if (strncmp(g->status, "bad archive", 11) == 0)
        fprintf(out, "0: the submission could not be read (%s).", g->status);
    else if ((result = batch_load_result(outdir, id_of(g->id))) != NULL)
        from_result(out, g, result);
    else
        fprintf(out, "%s (%s).", g->total, g->status);
    cJSON_Delete(result);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
