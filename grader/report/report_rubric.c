/*
** report_rubric.c -- rubric_explain() of rubric.h: the instructor's view of
** what a rubric does to a list of test names (`grade --rubric FILE
** --explain`): options, every test with its points and the rule that
** gives them, each rule's share, warnings for rules that take no test,
** and the totals.  Kept apart from the parser in rubric.c to keep both
** files short.
*/
#define _POSIX_C_SOURCE 200809L /* fnmatch */

#include "../rubric.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

static void explain_options(const struct rubric *rb, FILE *out)
{
    const char *name;
    double value;
    size_t i;

    fprintf(out, "Rubric %s\n\nOptions:\n", rb->path);
    for (i = 0; rubric_option(&rb->options, i, &name, &value); i++)
        fprintf(out, "  %-19s %g\n", name, value);
}

static void explain_tests(const char *const *names, size_t n,
                          const struct rubric_grade *g, FILE *out)
{
    size_t i;

    fprintf(out, "\nTests:\n  %-8s %-10s %-14s %-5s %s\n", "POINTS",
            "CATEGORY", "VISIBILITY", "LINE", "TEST");
    for (i = 0; i < n; i++) {
        if (g[i].rule == NULL) {
            fprintf(out, "  %-8s %-10s %-14s %-5s %s  (not graded: no rule "
                    "matches)\n", "-", "-", "-", "-", names[i]);
            continue;
        }
        fprintf(out, "  %-8g %-10s %-14s %-5d %s\n", g[i].max_score,
                g[i].category, result_visibility_name(g[i].visibility),
                g[i].rule->line, names[i]);
    }
}

/* One line per rule; a rule that takes no test gets a warning saying
** whether it matched nothing or was shadowed by earlier rules, because
** the fix differs (a typo in the glob, or the order of the rules). */
static int explain_rules(const struct rubric *rb, const char *const *names,
                         size_t n, const struct rubric_grade *g, FILE *out)
{
    size_t r, i;
    int warnings = 0;

    fprintf(out, "\nRules:\n");
    for (r = 0; r < rb->nrules; r++) {
        const struct rubric_rule *rule = &rb->rules[r];
        size_t taken = 0, matching = 0;

        for (i = 0; i < n; i++) {
            taken += g[i].rule == rule;
            matching += fnmatch(rule->pattern, names[i], 0) == 0;
        }
        fprintf(out, "  line %-4d %-36s %g points over %zu test%s\n",
                rule->line, rule->pattern, rule->points, taken,
                taken == 1 ? "" : "s");
        if (taken > 0)
            continue;
        warnings++;
        fprintf(out, "warning: %s:%d: rule '%s' takes no test (%s)\n",
                rb->path, rule->line, rule->pattern, matching == 0
                ? "its pattern matches no test name"
                : "every test it matches is taken by an earlier rule");
    }
    return warnings;
}

/* True when no rule before rules[r] has the same category: each category
** is then totalled once, in the order the rubric first names it. */
static int first_of_category(const struct rubric *rb, size_t r)
{
    size_t k;

    for (k = 0; k < r; k++)
        if (strcmp(rb->rules[k].category, rb->rules[r].category) == 0)
            return 0;
    return 1;
}

static void explain_totals(const struct rubric *rb, size_t n,
                           const struct rubric_grade *g, FILE *out)
{
    double total = 0;
    size_t r, i, graded = 0;

    fprintf(out, "\nTotals:\n");
    for (r = 0; r < rb->nrules; r++) {
        const char *category = rb->rules[r].category;
        double sum = 0;

        if (!first_of_category(rb, r))
            continue;
        for (i = 0; i < n; i++)
            if (g[i].rule != NULL && strcmp(g[i].category, category) == 0)
                sum += g[i].max_score;
        fprintf(out, "  %-10s %g\n", category, sum);
    }
    for (i = 0; i < n; i++)
        if (g[i].rule != NULL) {
            total += g[i].max_score;
            graded++;
        }
    fprintf(out, "  %-10s %g  (%zu of %zu tests graded)\n", "total", total,
            graded, n);
}

int rubric_explain(const struct rubric *rb, const char *const *names,
                   size_t n, FILE *out)
{
    struct rubric_grade *g = calloc(n + 1, sizeof *g);
    int warnings;

    if (g == NULL || rubric_resolve(rb, names, n, g) != 0) {
        free(g);
        return -1;
    }
    explain_options(rb, out);
    explain_tests(names, n, g, out);
    warnings = explain_rules(rb, names, n, g, out);
    explain_totals(rb, n, g, out);
    free(g);
    return warnings;
}
