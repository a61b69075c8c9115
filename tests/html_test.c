/*
** html_test.c -- Criterion tests of the HTML pages (grader/report/html/html.h):
** escaping of hostile text, URL segments, the board parser and the move
** parser, the marked-up test output, the student report (score,
** categories, verdicts, labels, expanded failures, the board pictures
** drawn once with their rings) and the class summary (histogram, pass
** rates in order, build failures, links), write errors, and the html
** format of report_write().  Every expected value is written out by hand.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assignments/chinese-checkers/board_html.h"
#include "report/html/html.h"
#include "report/report.h"

/* The starting board exactly as the game prints it. */
static const char start_board[] =
    "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \n"
    " 0                                      R                                     \n"
    " 1                                   R     R                                  \n"
    " 2                                R     R     R                               \n"
    " 3                             R     R     R     R                            \n"
    " 4  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    " 5     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    " 6        -     -     -     -     -     -     -     -     -     -     -       \n"
    " 7           -     -     -     -     -     -     -     -     -     -          \n"
    " 8              -     -     -     -     -     -     -     -     -             \n"
    " 9           -     -     -     -     -     -     -     -     -     -          \n"
    "10        -     -     -     -     -     -     -     -     -     -     -       \n"
    "11     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    "12  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    "13                             G     G     G     G                            \n"
    "14                                G     G     G                               \n"
    "15                                   G     G                                  \n"
    "16                                      G                                     \n";

/* Output captured in memory; finish() returns the text (free it). */
struct capture { char *text; size_t size; FILE *out; };

static void begin(struct capture *c)
{
    c->text = NULL;
    c->out = open_memstream(&c->text, &c->size);
    cr_assert_not_null(c->out);
}

static char *finish(struct capture *c)
{
    cr_assert_eq(fclose(c->out), 0);
    return c->text;
}

static int occurrences(const char *text, const char *needle)
{
    int n = 0;

    for (; (text = strstr(text, needle)) != NULL; text++)
        n++;
    return n;
}

/* Asserts that `s` holds every string of the NULL-ended list. */
static void has_all(const char *s, const char *const *wants)
{
    for (; *wants != NULL; wants++)
        cr_assert_not_null(strstr(s, *wants), "missing: %s", *wants);
}
#define HAS_ALL(s, ...) has_all((s), (const char *const[]){ __VA_ARGS__, NULL })

#define FFFD "\xEF\xBF\xBD"

Test(html, escaping_urls_and_points)
{
    struct capture c;
    char *s;

    begin(&c);
    html_text(c.out, "<b>&\"'\t\n\x01\x1B\x7F caf\xC3\xA9 \xFF \xC2\x85 end");
    html_text_n(c.out, "x\xE2\x82\xAC", 3);      /* cuts the euro sign */
    html_text(c.out, NULL);
    fputc('|', c.out);
    html_url_segment(c.out, "a b/<c>&\"~_-.9");
    fputc('|', c.out);
    html_points(c.out, 1.0 / 3);
    s = finish(&c);
    cr_assert_str_eq(s, "&lt;b&gt;&amp;&quot;&#39;\t\n"
                        "\xE2\x90\x81\xE2\x90\x9B\xE2\x90\xA1 caf\xC3\xA9 "
                        FFFD " " FFFD " endx" FFFD
                        "|a%20b%2F%3Cc%3E%26%22~_-.9|0.33");
    free(s);
}

Test(html, board_parse)
{
    struct cc_board b;
    int r, c, spaces = 0, red = 0, green = 0;

    cr_assert_eq(cc_board_parse(start_board, &b), 17);
    for (r = 0; r < CC_BOARD_ROWS; r++)
        for (c = 0; c < CC_BOARD_COLS; c++) {
            spaces += b.cell[r][c] != ' ';
            red += b.cell[r][c] == 'R';
            green += b.cell[r][c] == 'G';
        }
    cr_assert(spaces == 121 && red == 10 && green == 10);
    cr_assert(b.cell[0][12] == 'R' && b.cell[16][12] == 'G');
    cr_assert(b.cell[4][0] == '-' && b.cell[4][24] == '-');
    cr_assert(b.cell[0][11] == ' ' && b.cell[8][3] == ' ');
    /* Broken: a stray character, a short line, only two rows, and a '-'
    ** where the row label goes. */
    cr_assert_eq(cc_board_parse("header\n 0  X  R\n 1 -", &b), 2);
    cr_assert(b.cell[0][0] == '?' && b.cell[0][1] == 'R');
    cr_assert(b.cell[0][2] == ' ' && b.cell[1][0] == ' ');
    cr_assert_eq(b.cell[5][4], ' ');
    cr_assert_eq(cc_board_parse("", &b), 0);
    cr_assert_eq(cc_board_parse(NULL, &b), 0);
}

Test(html, move_parse)
{
    static const char *const bad[] = {
        "`99999999999 3 10 4`", "`-1 3 10 4`", "`1 2 3`", "`1 2 3 4 5`",
        "`25 0 0 0`", "`0 17 0 0`", "`1 2 3 4", "no move", NULL,
    };
    int m[4] = { 0 }, k;

    cr_assert_eq(cc_move_parse("move 3: `11 3 12 4`, input line 2", m), 0);
    cr_assert(m[0] == 11 && m[1] == 3 && m[2] == 12 && m[3] == 4);
    cr_assert_eq(cc_move_parse("`24 16 0 0`", m), 0);
    for (k = 0; k < (int)(sizeof bad / sizeof bad[0]); k++)
        cr_assert_eq(cc_move_parse(bad[k], m), -1, "%s", bad[k]);
}

Test(html, output_marks_diff_caret_move_and_student_locations)
{
    struct capture c;
    char *s;

    begin(&c);
    html_output(c.out, "input being processed: move 1: `1 2 3 4`\n"
                       "    3 | same\n"
                       ">   4 | a<b | a>b\n"
                       "      |  ^  |  ^\n"
                       "  \xE2\x80\xA6 9 lines omitted \xE2\x80\xA6\n"
                       "by 0x1: main (game.c:131) ../sysdeps/x.h:58 "
                       "grader/assignments/chinese-checkers/unit/support.c:9 /usr/lib/y.c:3 src/a.c:7");
    s = finish(&c);
    cr_assert_str_eq(s,
        "<pre class=\"output\"><span class=\"move\">input being processed: "
        "move 1: `1 2 3 4`</span>\n    3 | same\n"
        "<span class=\"diff\">&gt;   4 | a&lt;b | a&gt;b</span>\n"
        "<span class=\"caret\">      |  ^  |  ^</span>\n"
        "<span class=\"omit\">  \xE2\x80\xA6 9 lines omitted \xE2\x80\xA6"
        "</span>\nby 0x1: main (<mark class=\"loc\">game.c:131</mark>) "
        "../sysdeps/x.h:58 grader/assignments/chinese-checkers/unit/support.c:9 /usr/lib/y.c:3 "
        "<mark class=\"loc\">src/a.c:7</mark>\n</pre>\n");
    free(s);
}

/* ---- the student report ---------------------------------------------- */

static cJSON *add_test(cJSON *tests, const char *name, const char *category,
                       const char *visibility, const char *status,
                       double score, double max, const char *output)
{
    cJSON *t = cJSON_CreateObject();

    cJSON_AddStringToObject(t, "name", name);
    cJSON_AddStringToObject(t, "category", category);
    cJSON_AddStringToObject(t, "visibility", visibility);
    cJSON_AddStringToObject(t, "status", status);
    cJSON_AddNumberToObject(t, "score", score);
    cJSON_AddNumberToObject(t, "max_score", max);
    cJSON_AddNumberToObject(t, "seconds", 0.25);
    cJSON_AddStringToObject(t, "output", output);
    cJSON_AddItemToArray(tests, t);
    return t;
}

/* The starting board with (x, y) holding `c` instead. */
static char *board_with(int x, int y, char c)
{
    char *b = strdup(start_board);

    cr_assert_not_null(b);
    b[(size_t)(y + 1) * 79 + 3 + 3 * (size_t)x + 1] = c;
    return b;
}

static void add_boards(cJSON *t, int x, int y, char c)
{
    char *actual = board_with(x, y, c);

    cJSON_AddStringToObject(t, "expected_board", start_board);
    cJSON_AddStringToObject(t, "actual_board", actual);
    cJSON_AddStringToObject(t, "move", "move 1: `11 3 12 4`, input line 1");
    free(actual);
}

/* 10 points: 2.5 of 5 in "unit", 0 of 5 in "transcript"; hostile text. */
static cJSON *sample_result(void)
{
    cJSON *r = cJSON_Parse("{\"score\": 2.5, \"max_score\": 10, \"seconds\": 3,"
        "\"assignment\": \"chinese-checkers\", \"submission\": \"subs/<alice>\", \"sandbox_mode\": \"bubblewrap\","
        "\"build_log\": \"game.c:3:5: warning: unused <x> [-Wunused]\\n\"}");
    cJSON *tests = cJSON_AddArrayToObject(r, "tests"), *t;

    add_test(tests, "unit/a", "unit", "visible", "passed", 2.5, 2.5, "");
    add_test(tests, "unit/b", "unit", "after_due_date", "timeout", 0, 2.5,
             "<script>alert(1)</script> \x1B[31m \xFF");
    t = add_test(tests, "transcript/one", "transcript", "visible", "failed",
                 0, 2.5, ">  20 | RED's move: | GREEN's move:\n");
    add_boards(t, 11, 3, '-');                     /* one cell differs */
    t = add_test(tests, "transcript/two", "transcript", "hidden", "failed",
                 0, 2.5, "differs");
    add_boards(t, 0, 4, 'G');
    return r;
}

static char *render_report(const cJSON *r, const char *student)
{
    struct capture c;

    begin(&c);
    cr_assert_eq(html_student_report(r, student, c.out), 0);
    return finish(&c);
}

Test(html, report_header_categories_and_verdicts)
{
    cJSON *r = sample_result();
    char *s = render_report(r, "alice & <bob>");

    HAS_ALL(s, "<title>Grade report: alice &amp; &lt;bob&gt;</title>",
            "<h1 id=\"student\">alice &amp; &lt;bob&gt;</h1>",
            "<div class=\"score\" id=\"score\">2.5 <span class=\"of\">/ 10 "
            "points</span></div>", "1 of 4 tests passed",
            "<a href=\"#cat-0\">unit</a></td><td class=\"num\">2.5 / 5</td>"
            "<td class=\"num\">1 / 2</td>",
            "<a href=\"#cat-1\">transcript</a></td><td class=\"num\">0 / 5"
            "</td><td class=\"num\">0 / 2</td>",
            " 2 <span class=\"badge st-failed\">failed</span>",
            " 1 <span class=\"badge st-timeout\">timeout</span>",
            "<dd>subs/&lt;alice&gt;</dd>",
            "<span class=\"warn\"><mark class=\"loc\">game.c:3</mark>:5: "
            "warning: unused &lt;x&gt; [-Wunused]");
    cJSON_Delete(r);
    free(s);
}

Test(html, report_tests_labels_escaping_and_expansion)
{
    cJSON *r = sample_result();
    char *s = render_report(r, NULL);

    /* A NULL student is named by the submission. */
    HAS_ALL(s, "<h1 id=\"student\">subs/&lt;alice&gt;</h1>",
            "<div class=\"test\" id=\"t-0\">",
            "<details class=\"test bad\" id=\"t-1\" open>",
            "<details class=\"test bad\" id=\"t-3\" open>",
            "unit/b<span class=\"vis\">after due date</span>",
            "transcript/two<span class=\"vis\">hidden</span>",
            "&lt;script&gt;alert(1)&lt;/script&gt; \xE2\x90\x9B[31m " FFFD,
            "<span class=\"diff\">&gt;  20 | RED&#39;s move: | GREEN&#39;s "
            "move:</span>",
            "<kbd class=\"move\">move 1: `11 3 12 4`, input line 1</kbd>");
    cr_assert_null(strstr(s, "<script"));         /* no script at all */
    cJSON_Delete(r);
    free(s);
}

Test(html, report_draws_the_first_mismatch_only)
{
    cJSON *r = sample_result();
    char *s = render_report(r, "alice");

    cr_assert_eq(occurrences(s, "id=\"first-mismatch\""), 1);
    cr_assert_eq(occurrences(s, "<svg class=\"board\" id=\"board-expected\""),
                 1);
    cr_assert_eq(occurrences(s, "<svg class=\"board\" id=\"board-actual\""),
                 1);
    /* 121 spaces on each board; (11, 3) differs and is ringed on both. */
    cr_assert_eq(occurrences(s, "<circle class=\"cell "), 242);
    cr_assert_eq(occurrences(s, "<circle class=\"ring\""), 2);
    cr_assert_eq(occurrences(s, "<title>(11, 3): red marble</title>"), 1);
    cr_assert_eq(occurrences(s, "<title>(11, 3): empty</title>"), 1);
    cr_assert_eq(occurrences(s, "<line class=\"arrow\""), 2);
    HAS_ALL(s, "<li>(11, 3): expected red marble, yours has empty</li>");
    /* The second mismatch, (0, 4), is not drawn. */
    cr_assert_null(strstr(s, "(0, 4): green marble"));
    cJSON_Delete(r);
    free(s);
}

Test(html, report_without_actual_board_or_fields)
{
    cJSON *r = cJSON_CreateObject(), *tests = cJSON_AddArrayToObject(r, "tests");
    cJSON *t = add_test(tests, "transcript/x", "transcript", "visible",
                        "failed", 0, 1, "");
    char *s;

    cJSON_AddStringToObject(t, "expected_board", start_board);
    cJSON_AddStringToObject(r, "assignment", "chinese-checkers");
    s = render_report(r, "x");
    HAS_ALL(s, "id=\"board-expected\"", "No memory tests were run.",
            "Your program printed no board after this point.",
            "<p class=\"muted\">No output.</p>");
    cr_assert_null(strstr(s, "id=\"board-actual\""));
    cr_assert_null(strstr(s, "<circle class=\"ring\""));
    cJSON_Delete(r);
    free(s);
}

/* The picture of the boards is the assignment's: a result that names no
** known assignment (an older one, say) gets the report without it. */
Test(html, boards_are_drawn_only_for_a_known_assignment)
{
    cJSON *r = cJSON_CreateObject(), *tests = cJSON_AddArrayToObject(r, "tests");
    cJSON *t = add_test(tests, "transcript/x", "transcript", "visible",
                        "failed", 0, 1, "");
    char *s;

    cJSON_AddStringToObject(t, "expected_board", start_board);
    cJSON_AddStringToObject(r, "assignment", "no-such-assignment");
    s = render_report(r, "x");
    HAS_ALL(s, "transcript/x", "<dt>assignment</dt><dd>no-such-assignment</dd>");
    cr_assert_null(strstr(s, "id=\"board-expected\""));
    cJSON_Delete(r);
    free(s);
}

Test(html, report_memory_findings)
{
    cJSON *r = cJSON_CreateObject(), *tests = cJSON_AddArrayToObject(r, "tests");
    char *s;

    add_test(tests, "memory/valgrind/a", "memory", "visible", "failed", 0, 1,
             "==2==    by 0x1: main (game.c:163)\n");
    add_test(tests, "memory/asan/b", "memory", "visible", "failed", 0, 1,
             "#1 0x2 in main game.c:163\n#2 0x3 in f game.c:163\n");
    add_test(tests, "memory/asan/c", "memory", "visible", "passed", 1, 1, "");
    s = render_report(r, "x");
    HAS_ALL(s, "2 of 3 memory tests did not pass.",
            "<tr><td><mark class=\"loc\">game.c:163</mark></td><td>Valgrind, "
            "AddressSanitizer/UBSan</td><td class=\"num\">2</td><td><a href="
            "\"#t-0\">memory/valgrind/a</a></td></tr>");
    cJSON_Delete(r);
    free(s);
}

/* A data race found by the ThreadSanitizer runs is a finding too, named
** for its tool, and its warning line is one of the lines worth reading. */
Test(html, report_thread_sanitizer_findings)
{
    cJSON *r = cJSON_CreateObject(), *tests = cJSON_AddArrayToObject(r, "tests");
    char *s;

    add_test(tests, "memory/tsan/public/a", "memory", "visible", "failed", 0, 1,
             "ThreadSanitizer reported a data race:\n"
             "WARNING: ThreadSanitizer: data race (pid=2)\n"
             "    #0 add src/search.c:16 (prog-tsan+0x11bf)\n");
    s = render_report(r, "x");
    HAS_ALL(s, "1 of 1 memory tests did not pass.",
            "<tr><td><mark class=\"loc\">src/search.c:16</mark></td><td>ThreadSanitizer</td>");
    cJSON_Delete(r);
    free(s);
}

Test(html, report_refuses_non_objects_and_write_errors)
{
    cJSON *array = cJSON_CreateArray(), *r = sample_result();
    FILE *full = fopen("/dev/full", "w");

    cr_assert_eq(html_student_report(array, "x", stdout), -1);
    cr_assert_eq(html_student_report(NULL, "x", stdout), -1);
    cr_assert_not_null(full);
    cr_assert_eq(html_student_report(r, "x", full), -1);
    cr_assert_eq(html_summary(NULL, 0, full), -1);
    fclose(full);
    cJSON_Delete(array);
    cJSON_Delete(r);
}

/* ---- the class summary ---------------------------------------------- */

/* A graded result of `score` out of 10 whose two tests are as given. */
static cJSON *graded(double score, const char *build, const char *unit)
{
    cJSON *r = cJSON_Parse("{\"max_score\": 10, \"build_log\": "
                           "\"warn\\ngame.c:1: error: <oops>\\n\"}");
    cJSON *tests = cJSON_AddArrayToObject(r, "tests");

    cJSON_AddNumberToObject(r, "score", score);
    add_test(tests, "build/compiles", "build", "visible", build, 0, 5, "");
    add_test(tests, "unit/x", "unit", "visible", unit, 0, 5, "");
    return r;
}

static char *render_summary(const struct html_student *s, size_t n)
{
    struct capture c;

    begin(&c);
    cr_assert_eq(html_summary(s, n, c.out), 0);
    return finish(&c);
}

Test(html, summary_sections_links_and_order)
{
    cJSON *a = graded(10, "passed", "passed");
    cJSON *b = graded(9.5, "passed", "failed");
    cJSON *c = graded(0, "failed", "build failed");
    struct html_student s[] = {
        { "ann", a, "graded", 5 }, { "bo b<&>", b, "graded", 7.5 },
        { "cy", c, "graded", 1 }, { "dee", NULL, "grading failed: <why>", 2 },
    };
    char *h = render_summary(s, 4);

    /* 100 and 95 fall in the last band, 0 in the first. */
    HAS_ALL(h, "<dt>submissions</dt><dd>4</dd>", "<dt>graded</dt><dd>3</dd>",
            "<dt>median</dt><dd>95.0%</dd>", "<title>90%–100%: 2</title>",
            "<title>0%–10%: 1</title>", "<title>50%–60%: 0</title>",
            "<td class=\"num\">1 / 3</td><td class=\"num\">33%",
            "<a href=\"bo%20b%3C%26%3E/report.html\">bo b&lt;&amp;&gt;</a>",
            "<li><a href=\"cy/report.html\">cy</a> <code>game.c:1: error: "
            "&lt;oops&gt;</code></li>",
            "not graded</span> grading failed: &lt;why&gt;");
    cr_assert_eq(occurrences(h, "<rect class=\"col\""), 10);
    cr_assert_null(strstr(h, "<li><a href=\"ann/report.html\">"));
    /* unit/x passed once in three, build/compiles twice: unit/x first. */
    cr_assert(strstr(h, "<code>unit/x</code>") <
              strstr(h, "<code>build/compiles</code>"));
    /* Slowest first: bo b (7.5 s) before ann (5 s). */
    cr_assert(strstr(h, "<td class=\"num\">7.5</td>") <
              strstr(h, "<td class=\"num\">5.0</td>"));
    cJSON_Delete(a);
    cJSON_Delete(b);
    cJSON_Delete(c);
    free(h);
}

Test(html, summary_of_nobody)
{
    char *h = render_summary(NULL, 0);

    HAS_ALL(h, "<dt>submissions</dt><dd>0</dd>", "Every submission built.",
            "</html>\n");
    cr_assert_eq(occurrences(h, "<rect class=\"col\""), 10);
    free(h);
}

/* ---- report_write(REPORT_HTML) --------------------------------------- */

Test(html, report_write_html_format)
{
    struct grade_report r = { 0 };
    struct test_result *t;
    enum report_format f;
    struct capture c;
    char *s;

    cr_assert_eq(report_format_parse("html", &f), 0);
    cr_assert_eq(f, REPORT_HTML);
    cr_assert_str_eq(report_format_name(REPORT_HTML), "html");
    r.submission = strdup("subs/carol/");
    t = result_add(&r, "unit/a", "unit");
    cr_assert_not_null(t);
    t->status = STATUS_CRASHED;
    t->max_score = 4;
    t->output = strdup("boom \xFF");
    result_total(&r);
    begin(&c);
    cr_assert_eq(report_write(&r, REPORT_HTML, c.out, 0), 0);
    s = finish(&c);
    HAS_ALL(s, "<h1 id=\"student\">carol</h1>", "boom " FFFD,
            "<span class=\"badge st-crashed\">crashed</span>",
            "0 <span class=\"of\">/ 4 points");
    free(s);
    result_free(&r);
}
