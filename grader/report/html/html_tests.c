/*
** html_tests.c -- the test list of the student report (html.h): the
** categories with their subtotals, and every test with its verdict
** badge, its points, a label when it is hidden or shown only after the
** due date, and -- when it did not pass -- its output expanded, the move
** being processed at a transcript's first difference, for the first
** such mismatch the expected and actual boards as pictures, and the
** assignment's pictures of what the output holds (assignment.h).
*/
#include "html.h"

#include <string.h>

size_t html_categories(const cJSON *tests, struct html_category *cats)
{
    const cJSON *t;
    size_t n = 0, k;

    cJSON_ArrayForEach(t, tests) {
        const char *name = html_json_str(t, "category");

        for (k = 0; k < n && strcmp(cats[k].name, name) != 0; k++)
            continue;
        if (k == n) {
            memset(&cats[n], 0, sizeof cats[n]);
            cats[n++].name = name;
        }
        cats[k].score += html_json_num(t, "score");
        cats[k].max_score += html_json_num(t, "max_score");
        cats[k].passed += strcmp(html_json_str(t, "status"), "passed") == 0;
        cats[k].tests++;
    }
    return n;
}

/* The label of a test students do not see at once, or NULL. */
static const char *visibility_label(const char *visibility)
{
    if (strcmp(visibility, "hidden") == 0)
        return "hidden";
    if (strcmp(visibility, "after_due_date") == 0)
        return "after due date";
    return NULL;
}

/* The one line that sums a test up: badge, name, label, points, time. */
static void test_line(FILE *out, const cJSON *t)
{
    const char *label = visibility_label(html_json_str(t, "visibility"));

    html_badge(out, html_json_str(t, "status"));
    fputs(" <span class=\"name\">", out);
    html_text(out, html_json_str(t, "name"));
    if (label != NULL)
        fprintf(out, "<span class=\"vis\">%s</span>", label);
    fputs("</span> <span class=\"pts\">", out);
    html_points(out, html_json_num(t, "score"));
    fputs(" / ", out);
    html_points(out, html_json_num(t, "max_score"));
    fprintf(out, "</span> <span class=\"muted small\">%.2f s</span>",
            html_json_num(t, "seconds"));
}

/* "" for passed and skipped tests, else the class of the left border. */
static const char *border_class(const char *status)
{
    if (strcmp(status, "passed") == 0 || strcmp(status, "skipped") == 0)
        return "";
    return strcmp(status, "partial") == 0 ? " part" : " bad";
}

/* The assignment's pictures: of the boards, drawn at the first mismatch
** only (NULL: none), and of what an output holds (NULL: none). */
struct boards {
    assignment_board_fn *draw;
    int drawn;
    assignment_output_fn *output;
};

/* The expanded part of a test; draws the boards when `*boards` is still
** 0 and the test has them, then sets it. */
static void test_body(FILE *out, const cJSON *t, struct boards *boards, int good)
{
    const char *move = html_json_str(t, "move");
    const char *want = html_json_str(t, "expected_board");
    const char *got = html_json_str(t, "actual_board");
    const char *output = html_json_str(t, "output");

    fputs("<div class=\"body\">\n", out);
    if (*move != '\0') {
        fputs("<p class=\"move\">Input being processed at the first "
              "difference: <kbd class=\"move\">", out);
        html_text(out, move);
        fputs("</kbd></p>\n", out);
    }
    if (boards->draw && !boards->drawn && (*want != '\0' || *got != '\0')) {
        boards->drawn = 1;
        fputs("<div id=\"first-mismatch\">\n", out);
        boards->draw(out, *want ? want : NULL, *got ? got : NULL, move);
        fputs("</div>\n", out);
    }
    if (!good && boards->output && *output != '\0')
        boards->output(out, output);
    if (*output != '\0')
        html_output(out, output);
    else
        fputs("<p class=\"muted\">No output.</p>\n", out);
    fputs("</div>\n", out);
}

/* One test, `index` its place in the list (its anchor "t-INDEX"). */
static void test_item(FILE *out, const cJSON *t, int index, struct boards *boards)
{
    const char *status = html_json_str(t, "status");
    const char *border = border_class(status);
    int good = *border == '\0';

    if (good && *html_json_str(t, "output") == '\0') {
        fprintf(out, "<div class=\"test\" id=\"t-%d\"><div class=\"row\">",
                index);
        test_line(out, t);
        fputs("</div></div>\n", out);
        return;
    }
    fprintf(out, "<details class=\"test%s\" id=\"t-%d\"%s><summary>",
            border, index, good ? "" : " open");
    test_line(out, t);
    fputs("</summary>\n", out);
    test_body(out, t, boards, good);
    fputs("</details>\n", out);
}

static void category_heading(FILE *out, const struct html_category *c,
                             size_t k)
{
    fprintf(out, "<section class=\"category\" id=\"cat-%zu\">\n<h2>", k);
    html_text(out, c->name);
    fputs(" <span class=\"muted small\">", out);
    html_points(out, c->score);
    fputs(" / ", out);
    html_points(out, c->max_score);
    fprintf(out, " points · %d of %d passed</span></h2>\n", c->passed,
            c->tests);
}

void html_test_list(FILE *out, const cJSON *tests, const struct assignment *a,
                    const struct html_category *cats, size_t ncats)
{
    struct boards boards = {a && a->protocol ? a->protocol->board_section : NULL, 0,
                            a ? a->output_section : NULL};
    size_t k;

    for (k = 0; k < ncats; k++) {
        const cJSON *t;
        int index = 0;

        category_heading(out, &cats[k], k);
        cJSON_ArrayForEach(t, tests) {
            if (strcmp(html_json_str(t, "category"), cats[k].name) == 0)
                test_item(out, t, index, &boards);
            index++;
        }
        fputs("</section>\n", out);
    }
}
