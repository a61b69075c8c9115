/*
** html_summary.c -- the class summary page, summary.html (html_summary
** in html.h): the score statistics, a histogram of scores in ten bands
** drawn as inline SVG, the verdicts, the tests by pass rate and the
** build failures (html_class.c), the slowest submissions, and a table of
** every student with a link to their report.  A few lines of inline
** JavaScript let the table be sorted by any column; without it the page
** is complete.
*/
#include "html.h"

#include <stdlib.h>
#include <string.h>

/* A student's score as a percentage of the maximum; -1 when not graded. */
static double percent(const struct html_student *s)
{
    double max;

    if (s->result == NULL)
        return -1;
    max = html_json_num(s->result, "max_score");
    return max > 0 ? 100 * html_json_num(s->result, "score") / max : 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The header: counts, mean, median, lowest and highest score. */
static int statistics(FILE *out, const struct html_student *s, size_t n)
{
    double *pcts = malloc((n + 1) * sizeof *pcts), sum = 0;
    size_t i, graded = 0;

    if (pcts == NULL)
        return -1;
    for (i = 0; i < n; i++)
        if (s[i].result != NULL)
            sum += pcts[graded++] = percent(&s[i]);
    qsort(pcts, graded, sizeof *pcts, by_value);
    fprintf(out, "<header class=\"top\">\n<div><div class=\"muted small\">"
            "Autograder</div><h1>Class summary</h1></div>\n<dl class=\""
            "facts\" id=\"stats\">\n<dt>submissions</dt><dd>%zu</dd>\n"
            "<dt>graded</dt><dd>%zu</dd>\n", n, graded);
    if (graded > 0)
        fprintf(out, "<dt>mean</dt><dd>%.1f%%</dd>\n<dt>median</dt><dd>"
                "%.1f%%</dd>\n<dt>lowest</dt><dd>%.1f%%</dd>\n<dt>highest"
                "</dt><dd>%.1f%%</dd>\n", sum / graded,
                graded % 2 ? pcts[graded / 2]
                : (pcts[graded / 2 - 1] + pcts[graded / 2]) / 2,
                pcts[0], pcts[graded - 1]);
    fputs("</dl>\n</header>\n", out);
    free(pcts);
    return 0;
}

/* Chart geometry of the histogram, in pixels. */
enum { BANDS = 10, BAR = 52, GAP = 10, LEFT = 36, TOP = 24, PLOT = 180 };

static void histogram_bar(FILE *out, int band, int count, int most)
{
    double h = most > 0 ? (double)PLOT * count / most : 0;
    double x = LEFT + GAP + band * (BAR + GAP), y = TOP + PLOT - h;

    fprintf(out, "<rect class=\"col\" x=\"%.0f\" y=\"%.1f\" width=\"%d\" "
            "height=\"%.1f\"><title>%d%%–%d%%: %d</title></rect>\n", x, y, BAR,
            h, band * 10, band * 10 + 10, count);
    fprintf(out, "<text x=\"%.0f\" y=\"%.1f\">%d</text>\n", x + BAR / 2.0,
            y - 5, count);
    fprintf(out, "<text x=\"%.0f\" y=\"%d\">%d–%d</text>\n", x + BAR / 2.0,
            TOP + PLOT + 16, band * 10, band * 10 + 10);
}

static void histogram(FILE *out, const struct html_student *s, size_t n)
{
    int bands[BANDS] = { 0 }, most = 0, k;
    int width = LEFT + GAP + BANDS * (BAR + GAP), height = TOP + PLOT + 44;
    size_t i;

    for (i = 0; i < n; i++) {
        double p = percent(&s[i]);

        if (p >= 0)
            bands[p >= 100 ? BANDS - 1 : (int)(p / 10)]++;
    }
    for (k = 0; k < BANDS; k++)
        most = bands[k] > most ? bands[k] : most;
    fprintf(out, "<section id=\"scores\">\n<h2>Scores</h2>\n<svg class=\""
            "chart\" id=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" "
            "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\">\n"
            "<title>Number of submissions per band of 10%% of the maximum "
            "score</title>\n", width, height, width, height);
    fprintf(out, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\""
            "/>\n", LEFT, TOP + PLOT, width, TOP + PLOT);
    for (k = 0; k < BANDS; k++)
        histogram_bar(out, k, bands[k], most);
    fprintf(out, "<text x=\"%d\" y=\"%d\">percent of the maximum score (the "
            "last band includes 100)</text>\n</svg>\n</section>\n",
            width / 2, height - 4);
}

/* Slowest first. */
static int by_seconds(const void *a, const void *b)
{
    double x = (*(const struct html_student *const *)a)->seconds;
    double y = (*(const struct html_student *const *)b)->seconds;

    return (x < y) - (x > y);
}

static int slowest(FILE *out, const struct html_student *s, size_t n)
{
    const struct html_student **order = malloc((n + 1) * sizeof *order);
    size_t i;

    if (order == NULL)
        return -1;
    for (i = 0; i < n; i++)
        order[i] = &s[i];
    qsort(order, n, sizeof *order, by_seconds);
    fputs("<section id=\"slowest\">\n<h2>Slowest submissions</h2>\n<table>\n"
          "<tr><th>student</th><th class=\"num\">seconds</th><th>status</th>"
          "</tr>\n", out);
    for (i = 0; i < n && i < 10; i++) {
        fputs("<tr><td>", out);
        html_student_link(out, order[i]->id);
        fprintf(out, "</td><td class=\"num\">%.1f</td><td>",
                order[i]->seconds);
        html_text(out, order[i]->status);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n</section>\n", out);
    free(order);
    return 0;
}

/* Tests of a result that did not pass (nor were skipped). */
static int failures(const cJSON *result)
{
    const cJSON *t;
    int n = 0;

    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(result, "tests")) {
        const char *st = html_json_str(t, "status");

        n += strcmp(st, "passed") != 0 && strcmp(st, "skipped") != 0;
    }
    return n;
}

/* The late column (a late policy, grader/batch/late.h): the penalty and
** why, or "on time". */
static void late_cell(FILE *out, const struct html_student *s)
{
    const cJSON *late = cJSON_GetObjectItemCaseSensitive(s->result, "late");
    fputs("<td>", out);
    if (late && html_json_num(late, "penalty") > 0) {
        fputs("&minus;", out);
        html_points(out, html_json_num(late, "penalty"));
        fputs(" of ", out);
        html_points(out, html_json_num(late, "raw"));
        fputs(": ", out);
    }
    if (late)
        html_text(out, html_json_str(late, "text"));
    fputs("</td>", out);
}

static void student_row(FILE *out, const struct html_student *s, int late)
{
    fputs("<tr><td>", out);
    html_student_link(out, s->id);
    if (s->result != NULL) {
        fputs("</td><td class=\"num\">", out);
        html_points(out, html_json_num(s->result, "score"));
        fputs("</td><td class=\"num\">", out);
        html_points(out, html_json_num(s->result, "max_score"));
        fprintf(out, "</td><td class=\"num\">%.1f</td><td class=\"num\">%d",
                percent(s), failures(s->result));
    } else {
        fputs("</td><td class=\"num\">–</td><td class=\"num\">–</td>"
              "<td class=\"num\">–</td><td class=\"num\">–", out);
    }
    fputs("</td>", out);
    if (late)
        late_cell(out, s);
    fputs("<td>", out);
    html_text(out, s->status);
    fprintf(out, "</td><td class=\"num\">%.1f</td></tr>\n", s->seconds);
}

/* Sorts a table.sortable by the column whose header is clicked. */
static const char sort_script[] =
    "<script>\n"
    "document.querySelectorAll('table.sortable').forEach(function (t) {\n"
    "  t.querySelectorAll('thead th').forEach(function (th, i) {\n"
    "    th.classList.add('sortable');\n"
    "    th.addEventListener('click', function () {\n"
    "      var up = th.dataset.up !== '1';\n"
    "      var rows = Array.from(t.tBodies[0].rows);\n"
    "      th.dataset.up = up ? '1' : '0';\n"
    "      rows.sort(function (a, b) {\n"
    "        var x = a.cells[i].textContent, y = b.cells[i].textContent;\n"
    "        var p = parseFloat(x), q = parseFloat(y);\n"
    "        var c = isNaN(p) || isNaN(q) ? x.localeCompare(y) : p - q;\n"
    "        return up ? c : -c;\n"
    "      });\n"
    "      rows.forEach(function (r) { t.tBodies[0].appendChild(r); });\n"
    "    });\n  });\n});\n</script>\n";

static void student_table(FILE *out, const struct html_student *s, size_t n)
{
    size_t i;
    int late = 0;

    for (i = 0; i < n; i++)
        late |= cJSON_GetObjectItemCaseSensitive(s[i].result, "late") != NULL;
    fputs("<section id=\"students-section\">\n<h2>Students</h2>\n<table "
          "class=\"sortable\" id=\"students\">\n<thead><tr><th>student</th>"
          "<th class=\"num\">score</th><th class=\"num\">of</th><th class="
          "\"num\">%</th><th class=\"num\">tests lost</th>", out);
    fputs(late ? "<th>late</th>" : "", out);
    fputs("<th>status</th><th class=\"num\">seconds</th></tr></thead>\n"
          "<tbody>\n", out);
    for (i = 0; i < n; i++)
        student_row(out, &s[i], late);
    fputs("</tbody>\n</table>\n</section>\n", out);
    fputs(sort_script, out);
}

int html_summary(const struct html_student *students, size_t n, FILE *out)
{
    int status = 0;

    html_page_begin(out, "Class summary", NULL);
    status |= statistics(out, students, n);
    fputs("<nav class=\"toc\"><b>Contents:</b> <a href=\"#scores\">scores"
          "</a><a href=\"#verdicts\">verdicts</a><a href=\"#build-failures\">"
          "build failures</a><a href=\"#slowest\">slowest</a><a href=\""
          "#pass-rates\">tests by pass rate</a><a href=\"#students-section\">"
          "students</a></nav>\n", out);
    histogram(out, students, n);
    html_verdicts(out, students, n);
    html_build_failures(out, students, n);
    status |= slowest(out, students, n);
    status |= html_pass_rates(out, students, n);
    student_table(out, students, n);
    return html_page_end(out) != 0 || status != 0 ? -1 : 0;
}
