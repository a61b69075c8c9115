/*
** report_text.c -- the text report for people (report_text_view in
** report.h): a header, the build log, one line per test with the output
** of failed tests indented below it, per-category subtotals and the
** total.  The same code writes the instructor's full view and the
** student-safe summaries of the Gradescope and Autolab formats.
*/
#include "report.h"
#include "visible.h"

#include <string.h>

#define GREEN  "\033[32m"
#define RED    "\033[31m"
#define YELLOW "\033[33m"
#define CYAN   "\033[36m"
#define BOLD   "\033[1m"
#define RESET  "\033[0m"

/* Indexed by enum result_status.  Tags fit the 9-column tag field. */
static const struct {
    const char *tag, *color;
} styles[] = {
    { "[PASS]", GREEN },   { "[PART]", YELLOW }, { "[FAIL]", RED },
    { "[TIME]", RED },     { "[CRASH]", RED },   { "[MEMORY]", RED },
    { "[OUTPUT]", RED },   { "[EXIT]", RED },    { "[NOBUILD]", RED },
    { "[SKIP]", CYAN },
};
enum { NSTYLES = sizeof styles / sizeof styles[0] };

/* Names wider than this are not padded further: the scores would drift
** off the right edge of the terminal for everyone else's sake. */
enum { NAME_WIDTH_MAX = 50, TAG_WIDTH = 9, CATEGORY_WIDTH = 12 };

static void paint(FILE *out, const struct report_view *v, const char *color)
{
    if (v->color)
        fputs(color, out);
}

/* Writes `s` made visible (visible.h): a student's output must not move
** the instructor's cursor or change the colours.  Newlines and tabs pass
** only when `multiline`. */
static void put_clean(FILE *out, const char *s, size_t len, int multiline)
{
    visible_write(out, s, len, multiline ? VISIBLE_LINES : 0);
}

static void put_line(FILE *out, const char *s)
{
    s = report_str(s);
    put_clean(out, s, strlen(s), 0);
}

/* Writes each line of `s` after `indent`, leaving empty lines empty, and
** ends with a newline even when `s` does not. */
static void put_block(FILE *out, const char *s, const char *indent)
{
    s = report_str(s);
    while (*s != '\0') {
        size_t len = strcspn(s, "\n");

        if (len > 0)
            fputs(indent, out);
        put_clean(out, s, len, 1);
        fputc('\n', out);
        s += len + (s[len] == '\n');
    }
}

static void put_header(FILE *out, const struct grade_report *r)
{
    if (report_str(r->assignment)[0] != '\0') {
        fputs("Assignment: ", out);
        put_line(out, r->assignment);
        fputc('\n', out);
    }
    fputs("Submission: ", out);
    put_line(out, r->submission);
    fputs("\nSandbox:    ", out);
    put_line(out, r->sandbox_mode);
    fprintf(out, "\nTime:       %.1f s\n", r->seconds);
    if (report_str(r->notes)[0] != '\0') {
        fputs("Notes:\n", out);
        put_block(out, r->notes, "    ");
    }
    if (report_str(r->limits)[0] != '\0') {
        fputs("Limits:\n", out);
        put_block(out, r->limits, "    ");
    }
    fputc('\n', out);
    if (report_str(r->build_log)[0] != '\0') {
        fputs("Build log:\n", out);
        put_block(out, r->build_log, "    ");
        fputc('\n', out);
    }
}

static int shown(const struct test_result *t, const struct report_view *v)
{
    return !v->students || t->visibility == VISIBLE;
}

static int name_width(const struct grade_report *r,
                      const struct report_view *v)
{
    size_t i, width = 0;

    for (i = 0; i < r->ntests; i++)
        if (shown(&r->tests[i], v) && strlen(r->tests[i].name) > width)
            width = strlen(r->tests[i].name);
    return width > NAME_WIDTH_MAX ? NAME_WIDTH_MAX : (int)width;
}

/* What the tag cannot say: which signal, which exit code, who sees it. */
static void put_remarks(FILE *out, const struct test_result *t,
                        const struct report_view *v)
{
    if (t->status == STATUS_CRASHED && t->signal != 0)
        fprintf(out, "  (signal %d)", t->signal);
    if (t->status == STATUS_EXIT_STATUS)
        fprintf(out, "  (exit status %d)", t->exit_code);
    if (!v->students && t->visibility == HIDDEN)
        fputs("  [hidden]", out);
    if (!v->students && t->visibility == AFTER_DUE_DATE)
        fputs("  [after due date]", out);
}

static void put_test(FILE *out, const struct test_result *t, int width,
                     const struct report_view *v)
{
    const char *tag = (size_t)t->status < NSTYLES ? styles[t->status].tag
                                                  : "[?]";
    const char *color = (size_t)t->status < NSTYLES ? styles[t->status].color
                                                    : RED;
    char score[32], max[32];
    int pad = width - (int)strlen(report_str(t->name));

    paint(out, v, color);
    fprintf(out, "%-*s", TAG_WIDTH, tag);
    paint(out, v, RESET);
    fputc(' ', out);
    put_line(out, t->name);
    report_points(t->score, score, sizeof score);
    report_points(t->max_score, max, sizeof max);
    fprintf(out, "%*s  %s/%s", pad > 0 ? pad : 0, "", score, max);
    put_remarks(out, t, v);
    fputc('\n', out);
    if (t->status != STATUS_PASSED)
        put_block(out, t->output, "    ");
}

/* True when no shown test before tests[i] has its category, so that each
** category is totalled once, in the order the tests first name it. */
static int first_of_category(const struct grade_report *r, size_t i,
                             const struct report_view *v)
{
    size_t k;

    for (k = 0; k < i; k++)
        if (shown(&r->tests[k], v)
            && strcmp(report_str(r->tests[k].category),
                      report_str(r->tests[i].category)) == 0)
            return 0;
    return 1;
}

/* One "label  score/max" line; totals add a percentage. */
static void put_sum(FILE *out, const char *label, double score, double max,
                    int with_percent)
{
    char s[32], m[32], percent[32];

    report_points(score, s, sizeof s);
    report_points(max, m, sizeof m);
    put_line(out, label);
    fprintf(out, "%*s%s/%s", CATEGORY_WIDTH + 1 - (int)strlen(label), "",
            s, m);
    if (with_percent && max > 0) {
        report_points(100 * score / max, percent, sizeof percent);
        fprintf(out, " (%s%%)", percent);
    }
    fputc('\n', out);
}

static void put_subtotals(FILE *out, const struct grade_report *r,
                          const struct report_view *v)
{
    size_t i, k;

    for (i = 0; i < r->ntests; i++) {
        const char *category = report_str(r->tests[i].category);
        double score = 0, max = 0;

        if (!shown(&r->tests[i], v) || !first_of_category(r, i, v))
            continue;
        for (k = i; k < r->ntests; k++)
            if (shown(&r->tests[k], v)
                && strcmp(report_str(r->tests[k].category), category) == 0) {
                score += r->tests[k].score;
                max += r->tests[k].max_score;
            }
        put_sum(out, category, score, max, 0);
    }
}

/* The student-safe total covers the shown tests only, and a count says
** how much more there is, without names. */
static void put_total(FILE *out, const struct grade_report *r,
                      const struct report_view *v)
{
    double score = 0, max = 0, unseen_max = 0;
    size_t i, unseen = 0;
    char m[32];

    paint(out, v, BOLD);
    if (!v->students) {
        put_sum(out, "Total", r->score, r->max_score, 1);
        paint(out, v, RESET);
        return;
    }
    for (i = 0; i < r->ntests; i++) {
        if (shown(&r->tests[i], v)) {
            score += r->tests[i].score;
            max += r->tests[i].max_score;
        } else {
            unseen++;
            unseen_max += r->tests[i].max_score;
        }
    }
    put_sum(out, "Total shown", score, max, 1);
    paint(out, v, RESET);
    report_points(unseen_max, m, sizeof m);
    if (unseen > 0)
        fprintf(out, "%zu more test%s, worth %s points, %s graded but not "
                "shown here.\n", unseen, unseen == 1 ? "" : "s", m,
                unseen == 1 ? "is" : "are");
}

int report_text_view(const struct grade_report *r, FILE *out,
                     const struct report_view *v)
{
    int width = name_width(r, v);
    size_t i;

    put_header(out, r);
    if (v->per_test) {
        for (i = 0; i < r->ntests; i++)
            if (shown(&r->tests[i], v))
                put_test(out, &r->tests[i], width, v);
        fputc('\n', out);
    }
    put_subtotals(out, r, v);
    put_total(out, r, v);
    return report_finish(out);
}
