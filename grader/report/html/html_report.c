/*
** html_report.c -- one student's report.html (html_student_report in
** html.h): the header with the score, the verdict counts and the
** category subtotals, a table of contents, the compiler's log, the
** memory findings (html_findings.c: the lines of the student's source
** that Valgrind and the sanitizers name), then the list of every test
** (html_tests.c).
*/
#include "html.h"

#include <stdlib.h>
#include <string.h>

static int is_passed(const cJSON *t)
{
    return strcmp(html_json_str(t, "status"), "passed") == 0;
}

/* "12 failed · 3 timeout · ..." as badges with counts. */
static void verdict_counts(FILE *out, const cJSON *tests)
{
    size_t k;

    fputs("<div class=\"verdicts\">", out);
    for (k = 0; k < HTML_NSTATUSES; k++) {
        const cJSON *t;
        int n = 0;

        cJSON_ArrayForEach(t, tests)
            n += strcmp(html_json_str(t, "status"), html_statuses[k]) == 0;
        if (n > 0) {
            fprintf(out, " %d ", n);
            html_badge(out, html_statuses[k]);
        }
    }
    fputs("</div>\n", out);
}

static void score_block(FILE *out, const cJSON *r, const char *student,
                        const cJSON *tests)
{
    double score = html_json_num(r, "score"), max = html_json_num(r, "max_score");
    double pct = max > 0 ? 100 * score / max : 0;
    const cJSON *t;
    int passed = 0, total = 0;

    cJSON_ArrayForEach(t, tests) {
        passed += is_passed(t);
        total++;
    }
    fputs("<div>\n<div class=\"muted small\">Grade report</div>\n"
          "<h1 id=\"student\">", out);
    html_text(out, student);
    fputs("</h1>\n<div class=\"score\" id=\"score\">", out);
    html_points(out, score);
    fputs(" <span class=\"of\">/ ", out);
    html_points(out, max);
    fprintf(out, " points</span></div>\n<div class=\"meter\"><span style=\""
            "width:%.1f%%\"></span></div>\n<div class=\"muted\">%d of %d "
            "tests passed</div>\n", pct < 0 ? 0 : pct > 100 ? 100 : pct,
            passed, total);
    verdict_counts(out, tests);
    fputs("</div>\n", out);
}

static void category_table(FILE *out, const struct html_category *cats,
                           size_t n)
{
    size_t k;

    fputs("<table id=\"categories\">\n<tr><th>category</th><th class=\"num\">"
          "points</th><th class=\"num\">passed</th><th></th></tr>\n", out);
    for (k = 0; k < n; k++) {
        double pct = cats[k].max_score > 0
                   ? 100 * cats[k].score / cats[k].max_score : 100;

        fprintf(out, "<tr><td><a href=\"#cat-%zu\">", k);
        html_text(out, cats[k].name);
        fputs("</a></td><td class=\"num\">", out);
        html_points(out, cats[k].score);
        fputs(" / ", out);
        html_points(out, cats[k].max_score);
        fprintf(out, "</td><td class=\"num\">%d / %d</td><td><span class="
                "\"bar\"><span style=\"width:%.1f%%\"></span></span></td>"
                "</tr>\n", cats[k].passed, cats[k].tests,
                pct < 0 ? 0 : pct > 100 ? 100 : pct);
    }
    fputs("</table>\n", out);
}

static void fact(FILE *out, const char *term, const char *value)
{
    if (*value == '\0')
        return;
    fprintf(out, "<dt>%s</dt><dd>", term);
    html_text(out, value);
    fputs("</dd>\n", out);
}

/* With a late policy (grader/batch/late.h), "score" is the penalised
** total and "late" says how it came: the raw score, the lateness and the
** penalty, each apart. */
static void late_block(FILE *out, const cJSON *late)
{
    if (!cJSON_IsObject(late))
        return;
    fputs("<div id=\"late\"><div>raw score <b>", out);
    html_points(out, html_json_num(late, "raw"));
    fputs("</b>, late penalty <b>&minus;", out);
    html_points(out, html_json_num(late, "penalty"));
    fputs("</b></div><div class=\"muted\">", out);
    html_text(out, html_json_str(late, "text"));
    fputs("</div><div class=\"muted small\">due ", out);
    html_text(out, html_json_str(late, "due"));
    if (*html_json_str(late, "submitted")) {
        fputs(", handed in ", out);
        html_text(out, html_json_str(late, "submitted"));
    }
    fputs(" (", out);
    html_text(out, html_json_str(late, "source"));
    fputs(")</div></div>\n", out);
}

static void header(FILE *out, const cJSON *r, const char *student,
                   const cJSON *tests, const struct html_category *cats,
                   size_t ncats)
{
    fputs("<header class=\"top\">\n", out);
    score_block(out, r, student, tests);
    late_block(out, cJSON_GetObjectItemCaseSensitive(r, "late"));
    category_table(out, cats, ncats);
    fputs("<dl class=\"facts\">\n", out);
    fact(out, "assignment", html_json_str(r, "assignment"));
    fact(out, "submission", html_json_str(r, "submission"));
    fprintf(out, "<dt>graded in</dt><dd>%.1f s</dd>\n",
            html_json_num(r, "seconds"));
    fact(out, "sandbox", html_json_str(r, "sandbox_mode"));
    fact(out, "notes", html_json_str(r, "notes"));
    fact(out, "time limits", html_json_str(r, "limits"));
    fputs("</dl>\n</header>\n", out);
}

static void contents(FILE *out, const cJSON *tests,
                     const struct html_category *cats, size_t n)
{
    const cJSON *t;
    size_t k;

    fputs("<nav class=\"toc\"><b>Contents:</b> <a href=\"#build-log\">build "
          "log</a><a href=\"#memory\">memory findings</a>", out);
    cJSON_ArrayForEach(t, tests)
        if (*html_json_str(t, "expected_board") != '\0' ||
            *html_json_str(t, "actual_board") != '\0') {
            fputs("<a href=\"#first-mismatch\">first transcript mismatch</a>",
                  out);
            break;
        }
    for (k = 0; k < n; k++) {
        fprintf(out, "<a href=\"#cat-%zu\">", k);
        html_text(out, cats[k].name);
        fputs("</a>", out);
    }
    fputs("</nav>\n", out);
}

static void build_log(FILE *out, const cJSON *r)
{
    const char *log = html_json_str(r, "build_log");

    fputs("<section id=\"build-log\">\n<h2>Build log</h2>\n", out);
    if (*log == '\0')
        fputs("<p class=\"muted\">The compiler printed nothing: no "
              "warnings.</p>\n", out);
    else
        html_log(out, log);
    fputs("</section>\n", out);
}

int html_student_report(const cJSON *result, const char *student, FILE *out)
{
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(result, "tests");
    struct html_category *cats;
    size_t ncats;
    int status;

    if (!cJSON_IsObject(result))
        return -1;
    if (!cJSON_IsArray(tests))
        tests = NULL;
    cats = malloc(((size_t)cJSON_GetArraySize(tests) + 1) * sizeof *cats);
    if (cats == NULL)
        return -1;
    ncats = html_categories(tests, cats);
    if (student == NULL)
        student = html_json_str(result, "submission");
    html_page_begin(out, "Grade report", student);
    header(out, result, student, tests, cats, ncats);
    contents(out, tests, cats, ncats);
    build_log(out, result);
    status = html_memory_findings(out, tests);
    const struct assignment *a = assignment_find(html_json_str(result, "assignment"));
    html_test_list(out, tests, a, cats, ncats);
    free(cats);
    fputs("<p class=\"muted small\">Written by the course's autograder. "
          "Students see tests marked <span class=\"vis\">after due date"
          "</span> only once the due date has passed, and those marked <span "
          "class=\"vis\">hidden</span> only in this report.</p>\n", out);
    return html_page_end(out) != 0 || status != 0 ? -1 : 0;
}
