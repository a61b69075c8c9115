/*
** result.c -- the bookkeeping behind result.h: appending test records to a
** grade_report, adding up its score, naming statuses and visibilities, and
** freeing everything the report owns.  No output happens here; the report
** writers (report_*.c) do that.
*/
#include "result.h"

#include <math.h>

#include <stdlib.h>
#include <string.h>

/* The first allocation holds this many tests; a run of the default rubric
** has a few dozen, so the array is rarely resized more than twice. */
enum { FIRST_CAPACITY = 32 };

/* strdup() is POSIX, not C11; NULL is copied as "" so that readers of the
** records never need to test for it. */
static char *copy_string(const char *s)
{
    size_t n;
    char *copy;

    if (s == NULL)
        s = "";
    n = strlen(s) + 1;
    copy = malloc(n);
    if (copy != NULL)
        memcpy(copy, s, n);
    return copy;
}

/* Makes room for one more test; 0 on success, -1 when memory runs out
** (the report is left as it was). */
static int reserve_one(struct grade_report *r)
{
    size_t want;
    struct test_result *grown;

    if (r->ntests < r->capacity)
        return 0;
    want = r->capacity ? r->capacity * 2 : FIRST_CAPACITY;
    grown = realloc(r->tests, want * sizeof *grown);
    if (grown == NULL)
        return -1;
    r->tests = grown;
    r->capacity = want;
    return 0;
}

struct test_result *result_add(struct grade_report *r, const char *name,
                               const char *category)
{
    struct test_result *t;
    char *name_copy, *category_copy;

    if (reserve_one(r) != 0)
        return NULL;
    name_copy = copy_string(name);
    category_copy = copy_string(category);
    if (name_copy == NULL || category_copy == NULL) {
        free(name_copy);
        free(category_copy);
        return NULL;
    }
    t = &r->tests[r->ntests++];
    memset(t, 0, sizeof *t);
    t->name = name_copy;
    t->category = category_copy;
    return t;
}

void result_total(struct grade_report *r)
{
    size_t i;

    r->score = 0;
    r->max_score = 0;
    for (i = 0; i < r->ntests; i++) {
        r->score += r->tests[i].score;
        r->max_score += r->tests[i].max_score;
    }
    /* Equal splits such as 15/12 do not add up exactly in binary; round
    ** the sums to a millionth so full marks read 100, not 100.00000000000009. */
    r->score = round(r->score * 1e6) / 1e6;
    r->max_score = round(r->max_score * 1e6) / 1e6;
}

/* Indexed by enum result_status; the order must follow the enum. */
static const char *const status_names[] = {
    "passed", "partial", "failed", "timeout", "crashed", "memory limit",
    "output limit", "exit status", "build failed", "skipped"
};

static const char *const visibility_names[] = {
    "visible", "hidden", "after_due_date"
};

const char *result_status_name(enum result_status s)
{
    size_t n = sizeof status_names / sizeof status_names[0];

    /* An out-of-range value is a grader bug; name it rather than crash. */
    return (size_t)s < n ? status_names[s] : "unknown";
}

const char *result_visibility_name(enum result_visibility v)
{
    size_t n = sizeof visibility_names / sizeof visibility_names[0];

    return (size_t)v < n ? visibility_names[v] : "unknown";
}

void result_free(struct grade_report *r)
{
    size_t i;

    for (i = 0; i < r->ntests; i++) {
        free(r->tests[i].name);
        free(r->tests[i].category);
        free(r->tests[i].output);
        free(r->tests[i].expected_board);
        free(r->tests[i].actual_board);
        free(r->tests[i].move);
    }
    free(r->tests);
    free(r->assignment);
    free(r->submission);
    free(r->sandbox_mode);
    free(r->notes);
    free(r->build_log);
    free(r->limits);
    memset(r, 0, sizeof *r);
}
