/*
** report_test.c -- Criterion tests of grader/result.c and the report
** writers (grader/report_*.c): exact text and Autolab output for a small
** hand-built report, JSON and Gradescope output parsed back with cJSON,
** JUnit checked with xmllint (when installed) and by hand, and hostile
** strings -- quotes, <, &, control characters, invalid UTF-8 -- through
** every format.  Every expected value is written out by hand.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream, popen */

#include <criterion/criterion.h>
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* What a student's program might print: quotes, markup, a control
** character, ANSI colour, bytes that are not UTF-8 (0xFF, 0xFE, an
** overlong '/', a surrogate, a cut-off euro sign), and real UTF-8. */
static const char hostile[] =
    "say \"hi\" <b> & 'q' \x01\x1B[31m tab\t \xFF\xFE|\xC0\xAF|"
    "\xED\xA0\x80|caf\xC3\xA9 \xE2\x82";

/* The same after repair to UTF-8: U+FFFD once per ill-formed piece. */
#define FFFD "\xEF\xBF\xBD"
static const char hostile_clean[] =
    "say \"hi\" <b> & 'q' \x01\x1B[31m tab\t " FFFD FFFD "|" FFFD FFFD "|"
    FFFD FFFD FFFD "|caf\xC3\xA9 " FFFD;

static char *copy(const char *s)
{
    char *c = malloc(strlen(s) + 1);

    cr_assert_not_null(c);
    return strcpy(c, s);
}

static struct test_result *add(struct grade_report *r, const char *name,
                               const char *category,
                               enum result_visibility vis,
                               enum result_status status, double score,
                               double max, const char *output)
{
    struct test_result *t = result_add(r, name, category);

    cr_assert_not_null(t);
    t->visibility = vis;
    t->status = status;
    t->score = score;
    t->max_score = max;
    t->output = copy(output);
    return t;
}

/* Small enough that the expected text can be written out by hand. */
static void small_report(struct grade_report *r)
{
    memset(r, 0, sizeof *r);
    r->submission = copy("subs/alice");
    r->sandbox_mode = copy("rlimits only");
    r->notes = copy("");
    r->build_log = copy("w: unused x\n");
    r->seconds = 1.5;
    add(r, "build/compiles", "build", VISIBLE, STATUS_PASSED, 5, 5, "");
    add(r, "unit/a", "unit", VISIBLE, STATUS_FAILED, 0, 2.5,
        "expected 3\n\ngot 4");
    add(r, "unit/b", "unit", AFTER_DUE_DATE, STATUS_PASSED, 2.5, 2.5, "");
    add(r, "mem/x", "memory", HIDDEN, STATUS_CRASHED, 0, 5,
        "\x1B[31mboom\n")->signal = 11;
    result_total(r);
}

/* One test of each kind that matters to the formats, hostile strings in
** the header fields and in a failed test's output. */
static void big_report(struct grade_report *r)
{
    memset(r, 0, sizeof *r);
    r->submission = copy("subs/\xFF<bob>");
    r->sandbox_mode = copy("bubblewrap");
    r->notes = copy("valgrind missing: memory/valgrind skipped");
    r->build_log = copy(hostile);
    r->seconds = 12.4;
    add(r, "build/compiles", "build", VISIBLE, STATUS_PASSED, 5, 5, "");
    add(r, "unit/public/board/init", "unit", VISIBLE, STATUS_FAILED, 0, 2.5,
        hostile);
    add(r, "unit/hidden/board/edge", "unit", AFTER_DUE_DATE, STATUS_PASSED,
        2.5, 2.5, "");
    add(r, "transcript/public/first_moves", "transcript", VISIBLE,
        STATUS_PARTIAL, 1.5, 3, "only whitespace differs");
    add(r, "transcript/hidden/long_game_1", "transcript", HIDDEN,
        STATUS_TIMEOUT, 0, 3, "killed after 10 s");
    add(r, "memory/asan/public/first_moves", "memory", VISIBLE,
        STATUS_CRASHED, 0, 5, "heap-buffer-overflow")->signal = 11;
    add(r, "memory/valgrind/hidden/long_game_1", "memory", AFTER_DUE_DATE,
        STATUS_SKIPPED, 0, 0, "valgrind not\ninstalled");
    r->tests[1].seconds = 0.25;
    result_total(r);
}

/* Runs one writer into memory; the text is malloc'd. */
static char *render(const struct grade_report *r, enum report_format f,
                    int color)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cr_assert_not_null(out);
    cr_assert_eq(report_write(r, f, out, color), 0);
    fclose(out);
    return text;
}

/* Written apart from the grader's decoder, from the bit patterns. */
static int valid_utf8(const char *str)
{
    static const unsigned long least[] = { 0, 0, 0x80, 0x800, 0x10000 };
    const unsigned char *s = (const unsigned char *)str;

    while (*s) {
        size_t len = *s < 0x80 ? 1 : (*s & 0xE0) == 0xC0 ? 2
                   : (*s & 0xF0) == 0xE0 ? 3 : (*s & 0xF8) == 0xF0 ? 4 : 0;
        unsigned long cp = *s & (0x7F >> len);
        size_t k;

        if (len == 0)
            return 0;
        for (k = 1; k < len; k++) {
            if ((s[k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (s[k] & 0x3F);
        }
        if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
            return 0;
        s += len;
    }
    return 1;
}

/* ---- result.c ------------------------------------------------------ */

Test(result, add_grows_copies_and_totals)
{
    struct grade_report r;
    char name[32];
    int i;

    memset(&r, 0, sizeof r);
    for (i = 0; i < 100; i++) {
        struct test_result *t;

        snprintf(name, sizeof name, "unit/t%d", i);
        t = result_add(&r, name, i == 7 ? NULL : "unit");
        cr_assert_not_null(t);
        cr_expect_eq(t->status, STATUS_PASSED, "zeroed");
        t->score = 0.5;
        t->max_score = 1;
    }
    cr_assert_eq(r.ntests, 100);
    cr_expect_str_eq(r.tests[42].name, "unit/t42");
    cr_expect_str_eq(r.tests[7].category, "", "NULL category becomes \"\"");
    result_total(&r);
    cr_expect(r.score == 50 && r.max_score == 100);
    result_free(&r);
    cr_expect(r.tests == NULL && r.ntests == 0, "zeroed");
    result_free(&r);
    cr_expect_str_eq(result_status_name(STATUS_MEMORY_LIMIT), "memory limit");
    cr_expect_str_eq(result_visibility_name(AFTER_DUE_DATE), "after_due_date");
}

/* ---- shared helpers -------------------------------------------------- */

Test(report, helpers)
{
    static const struct {
        double x;
        const char *text;
    } cases[] = {
        { 5, "5" }, { 2.5, "2.5" }, { 15.0 / 7, "2.14" }, { 0, "0" },
        { -0.001, "0" }, { 200.0 / 3, "66.67" }, { 100, "100" },
    };
    char buf[32], *clean = report_utf8_clean(hostile);
    enum report_format f;
    size_t i;

    for (i = 0; i < COUNT(cases); i++) {
        report_points(cases[i].x, buf, sizeof buf);
        cr_expect_str_eq(buf, cases[i].text, "case %zu", i);
    }
    cr_expect_str_eq(clean, hostile_clean);
    free(clean);
    cr_expect_eq(report_format_parse("junit", &f), 0);
    cr_expect_eq(f, REPORT_JUNIT);
    cr_expect_eq(report_format_parse("xml", &f), -1);
    cr_expect_str_eq(report_format_name(REPORT_AUTOLAB), "autolab");
}

/* ---- text and autolab ----------------------------------------------- */

/* What both views of small_report() begin with. */
#define SMALL_START \
    "Submission: subs/alice\n" \
    "Sandbox:    rlimits only\n" \
    "Time:       1.5 s\n" \
    "\n" \
    "Build log:\n" \
    "    w: unused x\n" \
    "\n" \
    "[PASS]    build/compiles  5/5\n" \
    "[FAIL]    unit/a          0/2.5\n" \
    "    expected 3\n" \
    "\n" \
    "    got 4\n"

Test(report, text_exactly_and_in_colour)
{
    struct grade_report r;
    char *text, *colour;

    small_report(&r);
    text = render(&r, REPORT_TEXT, 0);
    colour = render(&r, REPORT_TEXT, 1);
    cr_expect_str_eq(text, SMALL_START
        "[PASS]    unit/b          2.5/2.5  [after due date]\n"
        "[CRASH]   mem/x           0/5  (signal 11)  [hidden]\n"
        "    \\x1B[31mboom\n"
        "\n"
        "build        5/5\n"
        "unit         2.5/5\n"
        "memory       0/5\n"
        "Total        7.5/15 (50%)\n");
    cr_expect_null(strchr(text, '\033'), "not even the student's ESC");
    cr_expect_not_null(strstr(colour, "\033[32m[PASS]   \033[0m build"));
    cr_expect_not_null(strstr(colour, "\033[31m[CRASH]  \033[0m mem/x"));
    cr_expect_not_null(strstr(colour, "\033[1mTotal        7.5/15"));
    free(text);
    free(colour);
    result_free(&r);
}

Test(report, text_lets_no_control_byte_through)
{
    struct grade_report r;
    char *text;

    big_report(&r);
    free(r.tests[0].category);
    r.tests[0].category = copy("bu\x1Bild\xFF");
    text = render(&r, REPORT_TEXT, 0);
    cr_expect_null(strchr(text, '\033'));
    cr_expect_null(strchr(text, '\x01'));
    cr_expect(valid_utf8(text));
    /* Padded by its 7 raw bytes, not by its escaped width. */
    cr_expect_not_null(strstr(text, "\nbu\\x1Bild\\xFF      5/5\n"));
    free(text);
    result_free(&r);
}

/* No byte a terminal obeys: no C0 control but newline and tab, no DEL,
** no C1 control encoded (C2 80..C2 9F) and no lone byte 0x80..0x9F
** outside a well-formed character. */
static int terminal_safe(const char *text)
{
    const unsigned char *s = (const unsigned char *)text;

    for (; *s; s++) {
        if ((*s < 0x20 && *s != '\n' && *s != '\t') || *s == 0x7F)
            return 0;
        if (*s == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F)
            return 0;
        if (*s >= 0x80 && *s <= 0x9F && (s == (const unsigned char *)text || s[-1] < 0xC2))
            return 0;
    }
    return 1;
}

/* A compiler quoting a source line with a CSI and an OSC in it, a path
** with a lone 8-bit CSI, a test's output with NEL and DEL. */
Test(report, text_json_and_junit_let_no_c1_control_through)
{
    static const enum report_format formats[] = {
        REPORT_TEXT, REPORT_JSON, REPORT_GRADESCOPE, REPORT_AUTOLAB, REPORT_JUNIT,
    };
    struct grade_report r;

    big_report(&r);
    free(r.build_log), free(r.submission), free(r.tests[1].output);
    r.build_log = copy("game.c:3:5: warning: unused\n    3 | int x; // \xC2\x9B" "2J\xC2\x9D" "0;owned\x07\n");
    r.submission = copy("subs/\x9B" "31mbob");
    r.tests[1].output = copy("next\xC2\x85line \x7F \xE6\xBC\xA2 caf\xC3\xA9");
    for (size_t i = 0; i < COUNT(formats); i++) {
        char *text = render(&r, formats[i], 0);
        cr_expect(terminal_safe(text), "%s lets a control byte through:\n%s",
                  report_format_name(formats[i]), text);
        cr_expect(valid_utf8(text), "%s", report_format_name(formats[i]));
        cr_expect_not_null(strstr(text, "\xE6\xBC\xA2"), "%s lost 漢", report_format_name(formats[i]));
        free(text);
    }
    char *text = render(&r, REPORT_TEXT, 0);
    cr_expect_not_null(strstr(text, "int x; // \\xC2\\x9B2J\\xC2\\x9D0;owned\\x07\n"), "%s", text);
    cr_expect_not_null(strstr(text, "Submission: subs/\\x9B31mbob\n"), "%s", text);
    free(text);
    text = render(&r, REPORT_JSON, 0);
    cr_expect_not_null(strstr(text, "\\u009b2J\\u009d0;owned\\u0007"), "%s", text);
    free(text);
    text = render(&r, REPORT_JUNIT, 0);
    cr_expect_not_null(strstr(text, "next&#x85;line &#x7F; "), "%s", text);
    free(text);
    result_free(&r);
}

Test(report, text_and_json_name_the_assignment)
{
    struct grade_report r;
    char *text;

    small_report(&r);
    r.assignment = copy("halma");
    text = render(&r, REPORT_TEXT, 0);
    cr_expect(strncmp(text, "Assignment: halma\nSubmission: subs/alice\n", 41) == 0, "%s", text);
    free(text);
    text = render(&r, REPORT_JSON, 0);
    cr_expect_not_null(strstr(text, "\"assignment\":\t\"halma\""), "%s", text);
    free(text);
    result_free(&r);
}

Test(report, autolab_exactly)
{
    struct grade_report r;
    char *text;
    cJSON *json, *scores;

    small_report(&r);
    text = render(&r, REPORT_AUTOLAB, 1);
    cr_expect_str_eq(text, SMALL_START
        "\n"
        "build        5/5\n"
        "unit         0/2.5\n"
        "Total shown  5/7.5 (66.67%)\n"
        "2 more tests, worth 7.5 points, are graded but not shown here.\n"
        "{\"scores\":{\"build\":5,\"unit\":2.5,\"memory\":0},"
        "\"scoreboard\":[7.5]}\n");
    text[strlen(text) - 1] = '\0';
    json = cJSON_Parse(strrchr(text, '\n') + 1);
    cr_assert_not_null(json, "the last line is JSON");
    scores = cJSON_GetObjectItem(json, "scores");
    cr_expect_eq(cJSON_GetObjectItem(scores, "unit")->valuedouble, 2.5);
    cr_expect_eq(cJSON_GetObjectItem(scores, "memory")->valuedouble, 0);
    cJSON_Delete(json);
    free(text);
    result_free(&r);
}

/* ---- json ------------------------------------------------------------ */

static cJSON *parse_format(const struct grade_report *r, enum report_format f)
{
    char *text = render(r, f, 1);
    cJSON *json = cJSON_Parse(text);

    cr_assert_not_null(json, "not JSON: %s", text);
    cr_expect(valid_utf8(text));
    free(text);
    return json;
}

static const char *string_of(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

    cr_assert(cJSON_IsString(item), "\"%s\" is not a string", key);
    return item->valuestring;
}

static double number_of(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

    cr_assert(cJSON_IsNumber(item), "\"%s\" is not a number", key);
    return item->valuedouble;
}

/* big_report()'s tests as the two JSON formats must show them. */
static const struct {
    const char *visibility, *status, *gs_status, *gs_output;
} big_expected[] = {
    { "visible", "passed", "passed", "" },
    { "visible", "failed", "failed", hostile_clean },
    { "after_due_date", "passed", "passed", "" },
    { "visible", "partial", "failed",
      "Result: partial\n\nonly whitespace differs" },
    { "hidden", "timeout", "failed", "Result: timeout\n\nkilled after 10 s" },
    { "visible", "crashed", "failed",
      "Result: crashed (signal 11)\n\nheap-buffer-overflow" },
    { "after_due_date", "skipped", "passed",
      "Result: skipped\n\nvalgrind not\ninstalled" },
};

Test(report, json_round_trip)
{
    struct grade_report r;
    cJSON *json, *tests;
    size_t i;

    big_report(&r);
    json = parse_format(&r, REPORT_JSON);
    cr_expect_eq(number_of(json, "score"), 9);
    cr_expect_eq(number_of(json, "max_score"), 21);
    cr_expect_eq(number_of(json, "seconds"), 12.4);
    cr_expect_str_eq(string_of(json, "submission"), "subs/" FFFD "<bob>");
    cr_expect_str_eq(string_of(json, "sandbox_mode"), "bubblewrap");
    cr_expect_str_eq(string_of(json, "notes"), r.notes);
    cr_expect_str_eq(string_of(json, "build_log"), hostile_clean);
    tests = cJSON_GetObjectItem(json, "tests");
    cr_assert_eq(cJSON_GetArraySize(tests), COUNT(big_expected));
    for (i = 0; i < COUNT(big_expected); i++) {
        cJSON *t = cJSON_GetArrayItem(tests, (int)i);
        const struct test_result *x = &r.tests[i];

        cr_expect_str_eq(string_of(t, "name"), x->name);
        cr_expect_str_eq(string_of(t, "category"), x->category);
        cr_expect_str_eq(string_of(t, "visibility"),
                         big_expected[i].visibility);
        cr_expect_str_eq(string_of(t, "status"), big_expected[i].status);
        cr_expect_eq(number_of(t, "score"), x->score);
        cr_expect_eq(number_of(t, "max_score"), x->max_score);
        cr_expect_eq(number_of(t, "seconds"), i == 1 ? 0.25 : 0);
        cr_expect_str_eq(string_of(t, "output"),
                         i == 1 ? hostile_clean : x->output);
    }
    cJSON_Delete(json);
    result_free(&r);
}

/* ---- gradescope ------------------------------------------------------ */

Test(report, gradescope_fields_and_visibility)
{
    struct grade_report r;
    cJSON *json, *tests;
    const char *summary;
    size_t i;

    big_report(&r);
    json = parse_format(&r, REPORT_GRADESCOPE);
    cr_expect_eq(number_of(json, "score"), 9);
    cr_expect_eq(number_of(json, "execution_time"), 12);
    cr_expect_str_eq(string_of(json, "visibility"), "visible");
    cr_expect_str_eq(string_of(json, "stdout_visibility"), "hidden");
    summary = string_of(json, "output");
    cr_expect_not_null(strstr(summary, "Total shown  6.5/15.5 (41.94%)"));
    cr_expect_not_null(strstr(summary, "3 more tests, worth 5.5 points"));
    cr_expect_null(strstr(summary, "long_game"));
    tests = cJSON_GetObjectItem(json, "tests");
    cr_assert_eq(cJSON_GetArraySize(tests), COUNT(big_expected));
    for (i = 0; i < COUNT(big_expected); i++) {
        cJSON *t = cJSON_GetArrayItem(tests, (int)i);

        cr_expect_str_eq(string_of(t, "name"), r.tests[i].name);
        cr_expect_eq(number_of(t, "score"), r.tests[i].score);
        cr_expect_eq(number_of(t, "max_score"), r.tests[i].max_score);
        cr_expect_str_eq(string_of(t, "status"), big_expected[i].gs_status);
        cr_expect_str_eq(string_of(t, "visibility"),
                         big_expected[i].visibility);
        cr_expect_str_eq(string_of(t, "output"), big_expected[i].gs_output);
    }
    cJSON_Delete(json);
    result_free(&r);
}

/* ---- junit ----------------------------------------------------------- */

/* xmllint, when installed, is the judge of well-formedness. */
static void expect_well_formed(const char *xml)
{
    FILE *lint;

    if (system("command -v xmllint >/dev/null 2>&1") != 0) {
        cr_log_warn("xmllint not installed: XML not validated");
        return;
    }
    lint = popen("xmllint --noout -", "w");
    cr_assert_not_null(lint);
    fputs(xml, lint);
    cr_expect_eq(pclose(lint), 0, "xmllint rejects: %s", xml);
}

Test(report, junit_exactly)
{
    struct grade_report r;
    char *xml;

    memset(&r, 0, sizeof r);
    add(&r, "unit/public/board/init", "unit", VISIBLE, STATUS_FAILED, 0, 2,
        "a<b & \"c\"\x01\xFF\n")->seconds = 0.5;
    xml = render(&r, REPORT_JUNIT, 0);
    cr_expect_str_eq(xml,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<testsuites name=\"grade\" tests=\"1\" failures=\"1\" errors=\"0\" "
        "skipped=\"0\" time=\"0.500\">\n"
        "  <testsuite name=\"unit\" tests=\"1\" failures=\"1\" errors=\"0\" "
        "skipped=\"0\" time=\"0.500\">\n"
        "    <properties>\n"
        "      <property name=\"score\" value=\"0\"/>\n"
        "      <property name=\"max_score\" value=\"2\"/>\n"
        "    </properties>\n"
        "    <testcase classname=\"unit.public.board\" name=\"init\" "
        "time=\"0.500\">\n"
        "      <failure message=\"failed, 0/2 points\" type=\"failed\">"
        "a&lt;b &amp; &quot;c&quot;" FFFD FFFD "\n</failure>\n"
        "    </testcase>\n"
        "  </testsuite>\n"
        "</testsuites>\n");
    expect_well_formed(xml);
    free(xml);
    result_free(&r);
}

Test(report, junit_counts_and_hostile_strings)
{
    struct grade_report r;
    char *xml;
    const char *p;

    big_report(&r);
    xml = render(&r, REPORT_JUNIT, 0);
    expect_well_formed(xml);
    cr_expect(valid_utf8(xml));
    for (p = xml; *p; p++)
        cr_assert(*p == '\n' || *p == '\t' || (unsigned char)*p >= 0x20,
                  "raw control character %d", *p);
    cr_expect_not_null(strstr(xml, "<testsuites name=\"grade\" tests=\"7\" "
                              "failures=\"2\" errors=\"2\" skipped=\"1\""));
    cr_expect_not_null(strstr(xml, "<testsuite name=\"transcript\" "
                              "tests=\"2\" failures=\"1\" errors=\"1\""));
    cr_expect_not_null(strstr(xml, "<error message=\"crashed (signal 11), "
                              "0/5 points\" type=\"crashed\">"));
    cr_expect_not_null(strstr(xml, "<testcase classname=\"memory.valgrind."
        "hidden\" name=\"long_game_1\" time=\"0.000\">\n"
        "      <skipped message=\"valgrind not&#10;installed\"/>\n"));
    cr_expect_not_null(strstr(xml, "say &quot;hi&quot; &lt;b&gt; &amp; "
                              "&apos;q&apos; " FFFD FFFD "[31m tab\t "));
    free(xml);
    result_free(&r);
}
