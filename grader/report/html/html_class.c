/*
** html_class.c -- the parts of the class summary that look across every
** submission's tests (html.h): how often each verdict occurred, each
** test's pass rate as a bar (the most failed first), and which
** submissions did not build or could not be graded.
*/
#include "html.h"

#include <stdlib.h>
#include <string.h>

static const cJSON *tests_of(const struct html_student *s)
{
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(s->result, "tests");

    return cJSON_IsArray(tests) ? tests : NULL;
}

static int status_is(const cJSON *t, const char *status)
{
    return strcmp(html_json_str(t, "status"), status) == 0;
}

/* A memory test that neither passed nor was skipped. */
static int memory_failure(const cJSON *t)
{
    return strcmp(html_json_str(t, "category"), "memory") == 0 &&
           !status_is(t, "passed") && !status_is(t, "skipped");
}

/* Counts tests with `status` (NULL: failed memory tests) over the class:
** *tests in all, *subs the submissions with at least one. */
static void count(const struct html_student *s, size_t n, const char *status,
                  int *tests, int *subs)
{
    size_t i;

    *tests = *subs = 0;
    for (i = 0; i < n; i++) {
        const cJSON *t;
        int here = 0;

        cJSON_ArrayForEach(t, tests_of(&s[i]))
            here += status ? status_is(t, status) : memory_failure(t);
        *tests += here;
        *subs += here > 0;
    }
}

void html_verdicts(FILE *out, const struct html_student *s, size_t n)
{
    int tests, subs;
    size_t k;

    fputs("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n<table>\n<tr><th>"
          "verdict</th><th class=\"num\">tests</th><th class=\"num\">"
          "submissions</th></tr>\n", out);
    for (k = 0; k < HTML_NSTATUSES; k++) {
        count(s, n, html_statuses[k], &tests, &subs);
        fputs("<tr><td>", out);
        html_badge(out, html_statuses[k]);
        fprintf(out, "</td><td class=\"num\">%d</td><td class=\"num\">%d</td>"
                "</tr>\n", tests, subs);
    }
    count(s, n, NULL, &tests, &subs);
    fprintf(out, "<tr><td>memory tests not passed (Valgrind, sanitizers)"
            "</td><td class=\"num\">%d</td><td class=\"num\">%d</td></tr>\n"
            "</table>\n</section>\n", tests, subs);
}

/* ---- pass rates ------------------------------------------------------ */

struct rate {
    const char *name, *category;
    int passed, runs;
};

struct rates {
    struct rate *items;
    size_t n, cap;
};

/* The entry of test `name`, added when new; NULL when memory ran out. */
static struct rate *rate_of(struct rates *r, const cJSON *t)
{
    const char *name = html_json_str(t, "name");
    size_t k;

    for (k = 0; k < r->n; k++)
        if (strcmp(r->items[k].name, name) == 0)
            return &r->items[k];
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        struct rate *more = realloc(r->items, cap * sizeof *more);

        if (more == NULL)
            return NULL;
        r->items = more;
        r->cap = cap;
    }
    r->items[r->n] = (struct rate){ name, html_json_str(t, "category"), 0, 0 };
    return &r->items[r->n++];
}

static double share(const struct rate *r)
{
    return r->runs > 0 ? (double)r->passed / r->runs : 1;
}

/* Lowest pass rate first, then by name. */
static int by_rate(const void *a, const void *b)
{
    const struct rate *x = a, *y = b;
    double p = share(x), q = share(y);

    if (p != q)
        return p < q ? -1 : 1;
    return strcmp(x->name, y->name);
}

static void rate_row(FILE *out, const struct rate *r)
{
    double pct = 100 * share(r);

    fputs("<tr><td><code>", out);
    html_text(out, r->name);
    fputs("</code></td><td>", out);
    html_text(out, r->category);
    fprintf(out, "</td><td class=\"num\">%d / %d</td><td class=\"num\">"
            "%.0f%%</td><td><span class=\"bar rate\"><span style=\"width:"
            "%.1f%%\"></span></span></td></tr>\n", r->passed, r->runs, pct,
            pct);
}

int html_pass_rates(FILE *out, const struct html_student *s, size_t n)
{
    struct rates r = { 0 };
    size_t i;

    for (i = 0; i < n; i++) {
        const cJSON *t;

        cJSON_ArrayForEach(t, tests_of(&s[i])) {
            struct rate *one = rate_of(&r, t);

            if (one == NULL) {
                free(r.items);
                return -1;
            }
            one->passed += status_is(t, "passed");
            one->runs++;
        }
    }
    if (r.n > 0)
        qsort(r.items, r.n, sizeof *r.items, by_rate);
    fputs("<section id=\"pass-rates\">\n<h2>Tests by pass rate</h2>\n<p "
          "class=\"muted\">The share of graded submissions that passed each "
          "test, the most failed first.</p>\n<table>\n<tr><th>test</th><th>"
          "category</th><th class=\"num\">passed</th><th class=\"num\">rate"
          "</th><th></th></tr>\n", out);
    for (i = 0; i < r.n; i++)
        rate_row(out, &r.items[i]);
    fputs("</table>\n</section>\n", out);
    free(r.items);
    return 0;
}

/* ---- build failures -------------------------------------------------- */

static int did_not_build(const struct html_student *s)
{
    const cJSON *t;

    cJSON_ArrayForEach(t, tests_of(s))
        if (status_is(t, "build failed") ||
            (strcmp(html_json_str(t, "category"), "build") == 0 &&
             !status_is(t, "passed") && !status_is(t, "skipped")))
            return 1;
    return 0;
}

/* The first line of `log` that holds "error", else its first line. */
static void first_error(FILE *out, const char *log)
{
    const char *p = strstr(log, "error");
    size_t n;

    if (p != NULL)
        while (p > log && p[-1] != '\n')
            p--;
    else
        p = log;
    n = strcspn(p, "\n");
    fputs(" <code>", out);
    html_text_n(out, p, n > 200 ? 200 : n);
    fputs("</code>", out);
}

void html_build_failures(FILE *out, const struct html_student *s, size_t n)
{
    size_t i;
    int any = 0;

    fputs("<section id=\"build-failures\">\n<h2>Build failures</h2>\n<ul>\n",
          out);
    for (i = 0; i < n; i++) {
        if (s[i].result != NULL && !did_not_build(&s[i]))
            continue;
        any = 1;
        fputs("<li>", out);
        html_student_link(out, s[i].id);
        if (s[i].result == NULL) {
            fputs(" <span class=\"badge st-build-failed\">not graded</span> ",
                  out);
            html_text(out, s[i].status);
        } else {
            first_error(out, html_json_str(s[i].result, "build_log"));
        }
        fputs("</li>\n", out);
    }
    if (!any)
        fputs("<li class=\"muted\">Every submission built.</li>\n", out);
    fputs("</ul>\n</section>\n", out);
}
