/*
** html_findings.c -- the memory findings of the student report
** (html_memory_findings in html.h).  The memory tests' outputs are the
** reports of Valgrind, of AddressSanitizer/UBSan and of ThreadSanitizer
** (memory/tsan/: data races); the lines of the
** student's own code they name ("game.c:131", "src/project1.c:324") are
** gathered, each once, with the tools that named it, how many failing
** tests did, and a link to the first of them.
*/
#include "html.h"

#include <stdlib.h>
#include <string.h>

enum { TOOL_VALGRIND = 1, TOOL_SANITIZER = 2, TOOL_THREADS = 4, TOOL_OTHER = 8 };

struct finding {
    const char *loc;         /* inside a test's output, not NUL-ended    */
    size_t len;
    int tools;               /* TOOL_* bits                              */
    int tests;               /* failing tests that name it               */
    int first, last;         /* first and latest such test's index       */
    const cJSON *first_test;
};

struct gather {
    struct finding *items;
    size_t n, cap;
    int failed;              /* memory ran out                           */
    int index, tool;         /* the test being read                      */
    const cJSON *test;
};

static struct finding *find(struct gather *g, const char *loc, size_t len)
{
    size_t k;

    for (k = 0; k < g->n; k++)
        if (g->items[k].len == len && memcmp(g->items[k].loc, loc, len) == 0)
            return &g->items[k];
    return NULL;
}

static struct finding *append(struct gather *g)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 16;
        struct finding *more = realloc(g->items, cap * sizeof *more);

        if (more == NULL)
            return NULL;
        g->items = more;
        g->cap = cap;
    }
    return &g->items[g->n++];
}

/* html_each_location's callback: counts each test once per location. */
static void found(const char *loc, size_t len, void *arg)
{
    struct gather *g = arg;
    struct finding *f = find(g, loc, len);

    if (f == NULL) {
        f = append(g);
        if (f == NULL) {
            g->failed = 1;
            return;
        }
        *f = (struct finding){ loc, len, 0, 0, g->index, -1, g->test };
    }
    f->tools |= g->tool;
    if (f->last != g->index)
        f->tests++;
    f->last = g->index;
}

static int tool_of(const char *name)
{
    if (strstr(name, "valgrind") != NULL)
        return TOOL_VALGRIND;
    if (strstr(name, "tsan") != NULL)
        return TOOL_THREADS;
    return strstr(name, "asan") != NULL || strstr(name, "sanitiz") != NULL
         ? TOOL_SANITIZER : TOOL_OTHER;
}

static void tool_names(FILE *out, int tools)
{
    const char *sep = "";

    if (tools & TOOL_VALGRIND)
        fputs("Valgrind", out), sep = ", ";
    if (tools & TOOL_SANITIZER)
        fprintf(out, "%sAddressSanitizer/UBSan", sep), sep = ", ";
    if (tools & TOOL_THREADS)
        fprintf(out, "%sThreadSanitizer", sep), sep = ", ";
    if (tools & TOOL_OTHER)
        fprintf(out, "%sother", sep);
}

/* Most tests first; ties in the order found. */
static int by_tests(const void *a, const void *b)
{
    const struct finding *x = a, *y = b;

    if (x->tests != y->tests)
        return x->tests > y->tests ? -1 : 1;
    return (x->first > y->first) - (x->first < y->first);
}

static void finding_table(FILE *out, struct gather *g)
{
    size_t k;

    qsort(g->items, g->n, sizeof *g->items, by_tests);
    fputs("<table id=\"memory-findings\">\n<tr><th>place in your code</th>"
          "<th>found by</th><th class=\"num\">tests</th><th>first seen in"
          "</th></tr>\n", out);
    for (k = 0; k < g->n; k++) {
        const struct finding *f = &g->items[k];

        fputs("<tr><td><mark class=\"loc\">", out);
        html_text_n(out, f->loc, f->len);
        fputs("</mark></td><td>", out);
        tool_names(out, f->tools);
        fprintf(out, "</td><td class=\"num\">%d</td><td><a href=\"#t-%d\">",
                f->tests, f->first);
        html_text(out, html_json_str(f->first_test, "name"));
        fputs("</a></td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

/* 1 for a memory test that ran and did not pass, 2 for one that could
** not run because the program did not build, else 0. */
static int failing(const cJSON *t)
{
    const char *status = html_json_str(t, "status");

    if (strcmp(status, "build failed") == 0)
        return 2;
    return strcmp(status, "passed") != 0 && strcmp(status, "skipped") != 0;
}

static void verdict(FILE *out, int total, int bad, int unbuilt, size_t found)
{
    if (total == 0)
        fputs("<p class=\"muted\">No memory tests were run.</p>\n", out);
    else if (unbuilt == total)
        fputs("<p>The memory tests could not run: the program did not "
              "build.</p>\n", out);
    else if (bad == 0)
        fprintf(out, "<p>Every memory test that ran passed (%d of %d): "
                "Valgrind and the sanitizers found nothing.</p>\n",
                total - unbuilt, total);
    else
        fprintf(out, "<p>%d of %d memory tests did not pass.%s</p>\n", bad,
                total, found > 0 ? " Their reports point at these lines:"
                : " Their reports name no line of your code; see each "
                  "test's output below.");
}

int html_memory_findings(FILE *out, const cJSON *tests)
{
    struct gather g = { 0 };
    const cJSON *t;
    int total = 0, bad = 0, unbuilt = 0;

    cJSON_ArrayForEach(t, tests) {
        int how = failing(t);

        if (strcmp(html_json_str(t, "category"), "memory") == 0) {
            total++;
            unbuilt += how == 2;
            bad += how == 1;
            if (how == 1) {
                g.test = t;
                g.tool = tool_of(html_json_str(t, "name"));
                html_each_location(html_json_str(t, "output"), found, &g);
            }
        }
        g.index++;
    }
    fputs("<section id=\"memory\">\n<h2>Memory and sanitizer findings</h2>\n",
          out);
    verdict(out, total, bad, unbuilt, g.n);
    if (g.n > 0)
        finding_table(out, &g);
    fputs("</section>\n", out);
    free(g.items);
    return g.failed ? -1 : 0;
}
