/*
** replay_section_test.c -- Criterion tests of the bot challenge's games in
** the HTML report (grader/assignments/bot-challenge/replay_section.h):
** a record line in a failing test's output becomes a sandboxed iframe
** whose page is exactly the replay viewer's page of that record; records
** are found after blanks, two a test at most; a cut or refused record
** gets a note with the reason and no frame; hostile text in a record
** stays inside the escaped attribute; and the student report calls the
** section for failing tests of this assignment only.
*/
#define _GNU_SOURCE /* open_memstream, asprintf */

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assignments/bot-challenge/replay_section.h"
#include "report/html/html.h"
#include "tournament/replay_html.h"

/* A short legal game on the smallest star, one line as unit/support.c
** writes it. */
static const char record[] =
    "{\"format\": \"cc-bot-game 1\", \"id\": \"unit-test\", \"size\": 3, \"players\": 2, "
    "\"points\": [0, 3], \"bots\": [\"yours\", \"greedy\"], \"turn_cap\": 1, \"moves\": ["
    "{\"p\": 0, \"from\": [1, 0], \"to\": [3, -1], \"path\": [[1, 0], [3, -1]]}, "
    "{\"p\": 1, \"from\": [11, 0], \"to\": [9, -1], \"path\": [[11, 0], [9, -1]]}], "
    "\"result\": {\"end\": \"turn cap\", \"turns\": 1, \"rank\": [1, 1], "
    "\"outcome\": [\"draw\", \"draw\"]}}";

/* What the section writes for `output` (free it). */
static char *section(const char *output)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cr_assert_not_null(out);
    bc_replay_section(out, output);
    cr_assert_eq(fclose(out), 0);
    return text;
}

static int occurrences(const char *text, const char *needle)
{
    int n = 0;

    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* The first srcdoc attribute of `html`, its entities undone (free it). */
static char *first_srcdoc(const char *html)
{
    static const char *const from[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&#39;"};
    static const char to[] = "&<>\"'";
    const char *p = strstr(html, "srcdoc=\"");

    cr_assert_not_null(p, "no srcdoc in: %.200s", html);
    p += strlen("srcdoc=\"");
    const char *end = strchr(p, '"');
    cr_assert_not_null(end);
    char *page = malloc((size_t)(end - p) + 1), *w = page;
    while (p < end) {
        size_t k;
        for (k = 0; k < 5 && strncmp(p, from[k], strlen(from[k])) != 0; k++)
            continue;
        *w++ = k < 5 ? to[k] : *p;
        p += k < 5 ? strlen(from[k]) : 1;
    }
    *w = '\0';
    return page;
}

/* The viewer's page of `rec` under the section's title (free it). */
static char *viewer_page(const char *rec)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cr_assert_not_null(out);
    cr_assert_eq(treplay_write(out, rec, strlen(rec), "The game of this test"), 0);
    cr_assert_eq(fclose(out), 0);
    return text;
}

Test(replay_section, a_record_becomes_the_viewers_page_in_a_sandboxed_frame)
{
    char *output = NULL;
    cr_assert_geq(asprintf(&output, "a record of this game (...):\n%s\n"
                           "games.c:88: Assertion Failed\n", record), 0);
    char *s = section(output), *page = first_srcdoc(s), *want = viewer_page(record);

    cr_assert_eq(occurrences(s, "<figure class=\"replay\">"), 1);
    cr_assert_eq(occurrences(s, "<iframe sandbox=\"allow-scripts\" "), 1);
    cr_assert_str_eq(page, want);
    cr_assert_not_null(strstr(page, "<svg id=\"board\""));
    free(output);
    free(s);
    free(page);
    free(want);
}

Test(replay_section, nothing_without_a_record)
{
    const char *outputs[] = {"", "games.c:88: Assertion Failed\n",
                             "{\"format\": \"something else\"}\n", "format cc-bot-game 1\n"};

    for (size_t k = 0; k < sizeof outputs / sizeof outputs[0]; k++) {
        char *s = section(outputs[k]);
        cr_assert_str_eq(s, "", "output %zu drew: %s", k, s);
        free(s);
    }
}

Test(replay_section, records_after_blanks_two_at_most)
{
    char *output = NULL;
    cr_assert_geq(asprintf(&output, "  %s\n\t%s\nnote\n%s\n%s", record, record, record, record), 0);
    char *s = section(output);

    cr_assert_eq(occurrences(s, "<iframe "), 2);
    free(output);
    free(s);
}

Test(replay_section, a_cut_or_refused_record_gets_a_note)
{
    char cut[64];
    snprintf(cut, sizeof cut, "%.60s\n", record);
    char *s = section(cut);
    cr_assert_not_null(strstr(s, "could not be replayed: it is not one JSON value as every reader reads it (it is not JSON; was the output cut short?)"), "%s", s);
    cr_assert_null(strstr(s, "<iframe"));
    free(s);

    const char *wrong = "{\"format\": \"cc-bot-game 1\", \"size\": 99, \"players\": 2}";
    s = section(wrong);
    cr_assert_not_null(strstr(s, "could not be replayed: "), "%s", s);
    cr_assert_not_null(strstr(s, "size"), "the reason names the field: %s", s);
    cr_assert_null(strstr(s, "<iframe"));
    free(s);
}

/* A line a bot could print on its stderr, shaped as a record but not the
** game the rules replay (two "moves": C's reader takes the first, the
** page's JSON.parse the last), is not drawn (issue 20, section 2). */
Test(replay_section, a_record_that_does_not_replay_is_not_drawn)
{
    char *forged = NULL;
    const char *result = strstr(record, ", \"result\"");

    cr_assert_geq(asprintf(&forged, "%.*s, \"moves\": []%s\n", (int)(result - record), record, result), 0);
    char *s = section(forged);
    cr_assert_not_null(strstr(s, "could not be replayed: "), "%s", s);
    cr_assert_not_null(strstr(s, "appears twice"), "the reason says what is wrong: %s", s);
    cr_assert_null(strstr(s, "<iframe"));
    free(s);
    free(forged);
}

Test(replay_section, hostile_text_stays_in_the_attribute)
{
    char *rec = strdup(record), *at = strstr(rec, "\"greedy\"");
    char *hostile = NULL;
    *at = '\0';
    cr_assert_geq(asprintf(&hostile, "%s\"\\\"></iframe><script>alert(1)</script>&\"%s", rec,
                           at + strlen("\"greedy\"")), 0);
    char *s = section(hostile);

    cr_assert_eq(occurrences(s, "<iframe"), 1, "%s", s);
    cr_assert_eq(occurrences(s, "</iframe>"), 1);
    cr_assert_eq(occurrences(s, "<script"), 0, "markup outside the escaped page");
    cr_assert_eq(occurrences(s, "\""), 2 * 5, "only the section's own attributes quoted");
    free(rec);
    free(hostile);
    free(s);
}

/* A one-test result of this assignment, rendered (free it). */
static char *report_of(const char *status, const char *output)
{
    cJSON *r = cJSON_CreateObject(), *tests = cJSON_AddArrayToObject(r, "tests");
    cJSON *t = cJSON_CreateObject();
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cJSON_AddStringToObject(r, "assignment", "bot-challenge");
    cJSON_AddStringToObject(t, "name", "unit/hidden/games/g");
    cJSON_AddStringToObject(t, "category", "unit");
    cJSON_AddStringToObject(t, "visibility", "visible");
    cJSON_AddStringToObject(t, "status", status);
    cJSON_AddNumberToObject(t, "score", 0);
    cJSON_AddNumberToObject(t, "max_score", 1);
    cJSON_AddStringToObject(t, "output", output);
    cJSON_AddItemToArray(tests, t);
    cr_assert_eq(html_student_report(r, "x", out), 0);
    cr_assert_eq(fclose(out), 0);
    cJSON_Delete(r);
    return text;
}

Test(replay_section, the_report_draws_failing_tests_records_only)
{
    char *failed = report_of("failed", record), *passed = report_of("passed", record);

    cr_assert_eq(occurrences(failed, "<figure class=\"replay\">"), 1);
    cr_assert_lt(strstr(failed, "<figure class=\"replay\">"), strstr(failed, "<pre"),
                 "the replay comes before the output's text");
    cr_assert_eq(occurrences(passed, "<figure class=\"replay\">"), 0);
    free(failed);
    free(passed);
}
