/*
** report_json.c -- the three formats of report.h built with cJSON: the
** grader's own JSON, Gradescope's results.json and Autolab's summary
** with its last-line scores.  Every string goes through
** report_utf8_clean() first, because cJSON escapes quotes and control
** characters but copies other bytes as they are, and a student's bytes
** need not be UTF-8.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "report.h"

#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

/* Adds `value` (NULL: "") under `key`, repaired to valid UTF-8.
** Returns 0, or -1 when memory ran out (or `obj` is NULL, so that
** callers may chain calls and check once). */
static int put_string(cJSON *obj, const char *key, const char *value)
{
    char *clean = report_utf8_clean(value);
    cJSON *item = clean ? cJSON_AddStringToObject(obj, key, clean) : NULL;

    free(clean);
    return item != NULL ? 0 : -1;
}

static int put_number(cJSON *obj, const char *key, double value)
{
    return cJSON_AddNumberToObject(obj, key, value) != NULL ? 0 : -1;
}

/* Moves `item` into `array`; on failure deletes it and returns -1. */
static int append(cJSON *array, cJSON *item)
{
    if (item != NULL && cJSON_AddItemToArray(array, item))
        return 0;
    cJSON_Delete(item);
    return -1;
}

/* Writes cJSON's printed `text`, with DEL and the C1 controls (U+0080..
** U+009F), which cJSON copies as they are and a terminal would obey,
** escaped as "\u007f" and "\u0080".."\u009f".  Every string was repaired
** to valid UTF-8 first, so a byte C2 always leads a character, and such
** characters occur only inside strings. */
static void put_json_text(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;

    for (; *s != '\0'; s++) {
        if (*s == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F)
            fprintf(out, "\\u00%02x", (unsigned)*++s);
        else if (*s == 0x7F)
            fputs("\\u007f", out);
        else
            fputc(*s, out);
    }
}

/* Prints `root` and a newline, then deletes `root`. */
static int emit(cJSON *root, FILE *out, int one_line)
{
    char *text = NULL;

    if (root != NULL)
        text = one_line ? cJSON_PrintUnformatted(root) : cJSON_Print(root);
    cJSON_Delete(root);
    if (text == NULL)
        return -1;
    put_json_text(out, text);
    fputc('\n', out);
    cJSON_free(text);
    return report_finish(out);
}

/* Deletes `obj` when anything went wrong while filling it. */
static cJSON *checked(cJSON *obj, int failed)
{
    if (failed) {
        cJSON_Delete(obj);
        return NULL;
    }
    return obj;
}

/* ---- json ------------------------------------------------------------ */

static cJSON *json_test(const struct test_result *t)
{
    cJSON *o = cJSON_CreateObject();
    int bad = 0;

    bad |= put_string(o, "name", t->name);
    bad |= put_string(o, "category", t->category);
    bad |= put_string(o, "visibility", result_visibility_name(t->visibility));
    bad |= put_string(o, "status", result_status_name(t->status));
    bad |= put_number(o, "score", t->score);
    bad |= put_number(o, "max_score", t->max_score);
    bad |= put_number(o, "seconds", t->seconds);
    bad |= put_string(o, "output", t->output);
    if (t->expected_board)
        bad |= put_string(o, "expected_board", t->expected_board);
    if (t->actual_board)
        bad |= put_string(o, "actual_board", t->actual_board);
    if (t->move)
        bad |= put_string(o, "move", t->move);
    return checked(o, bad);
}

int report_json(const struct grade_report *r, FILE *out)
{
    cJSON *root = cJSON_CreateObject(), *tests;
    int bad = 0;
    size_t i;

    bad |= put_number(root, "score", r->score);
    bad |= put_number(root, "max_score", r->max_score);
    bad |= put_number(root, "seconds", r->seconds);
    bad |= put_string(root, "assignment", r->assignment);
    bad |= put_string(root, "submission", r->submission);
    bad |= put_string(root, "sandbox_mode", r->sandbox_mode);
    bad |= put_string(root, "notes", r->notes);
    bad |= put_string(root, "build_log", r->build_log);
    bad |= put_string(root, "limits", r->limits);
    tests = cJSON_AddArrayToObject(root, "tests");
    for (i = 0; i < r->ntests; i++)
        bad |= append(tests, json_test(&r->tests[i]));
    return emit(checked(root, bad), out, 0);
}

/* ---- gradescope ------------------------------------------------------ */

/* Gradescope knows only "passed" and "failed"; a skipped test is not the
** student's fault, so it must not show as a red failure. */
static const char *gradescope_status(enum result_status s)
{
    return s == STATUS_PASSED || s == STATUS_SKIPPED ? "passed" : "failed";
}

/* The test's output, preceded by its exact status when "passed" or
** "failed" alone would hide it (a timeout, a crash, a partial match). */
static char *gradescope_output(const struct test_result *t)
{
    const char *output = report_str(t->output);
    char detail[96], *text;
    size_t size;

    if (t->status == STATUS_PASSED || t->status == STATUS_FAILED)
        detail[0] = '\0';
    else {
        strcpy(detail, "Result: ");
        report_status_detail(t, detail + 8, sizeof detail - 8);
        strcat(detail, *output ? "\n\n" : "\n");
    }
    size = strlen(detail) + strlen(output) + 1;
    text = malloc(size);
    if (text != NULL)
        snprintf(text, size, "%s%s", detail, output);
    return text;
}

static cJSON *gradescope_test(const struct test_result *t)
{
    cJSON *o = cJSON_CreateObject();
    char *output = gradescope_output(t);
    int bad = output == NULL;

    bad |= put_string(o, "name", t->name);
    bad |= put_number(o, "score", t->score);
    bad |= put_number(o, "max_score", t->max_score);
    bad |= put_string(o, "status", gradescope_status(t->status));
    bad |= put_string(o, "output", output);
    bad |= put_string(o, "visibility",
                      result_visibility_name(t->visibility));
    free(output);
    return checked(o, bad);
}

/* The student-safe header, build log and visible totals, as one string;
** the tests themselves are listed by Gradescope. */
static char *gradescope_summary(const struct grade_report *r)
{
    struct report_view v = { 0, 1, 0 };
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    int status;

    if (mem == NULL)
        return NULL;
    status = report_text_view(r, mem, &v);
    if (fclose(mem) != 0 || status != 0) {
        free(text);
        return NULL;
    }
    return text;
}

int report_gradescope(const struct grade_report *r, FILE *out)
{
    cJSON *root = cJSON_CreateObject(), *tests;
    char *summary = gradescope_summary(r);
    int bad = summary == NULL;
    size_t i;

    bad |= put_number(root, "score", r->score);
    /* Whole seconds, as Gradescope shows them; rounded without libm. */
    bad |= put_number(root, "execution_time",
                      r->seconds > 0 ? (double)(long)(r->seconds + 0.5) : 0);
    bad |= put_string(root, "output", summary);
    /* "text" keeps the whitespace of transcripts and diffs as it is. */
    bad |= put_string(root, "output_format", "text");
    bad |= put_string(root, "test_output_format", "text");
    bad |= put_string(root, "test_name_format", "text");
    bad |= put_string(root, "visibility", "visible");
    /* The grader's own stdout may name hidden tests: instructors only. */
    bad |= put_string(root, "stdout_visibility", "hidden");
    tests = cJSON_AddArrayToObject(root, "tests");
    for (i = 0; i < r->ntests; i++)
        bad |= append(tests, gradescope_test(&r->tests[i]));
    free(summary);
    return emit(checked(root, bad), out, 0);
}

/* ---- autolab --------------------------------------------------------- */

/* Adds `score` to the category's running sum, creating it the first time
** so that the categories keep the order of the tests. */
static int add_score(cJSON *scores, const char *category, double score)
{
    char *key = report_utf8_clean(category);
    cJSON *item = key ? cJSON_GetObjectItemCaseSensitive(scores, key) : NULL;
    int status = 0;

    if (key == NULL)
        return -1;
    if (item != NULL)
        cJSON_SetNumberValue(item, item->valuedouble + score);
    else
        status = put_number(scores, key, score);
    free(key);
    return status;
}

static cJSON *autolab_line(const struct grade_report *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *scores = cJSON_AddObjectToObject(root, "scores");
    cJSON *board = cJSON_AddArrayToObject(root, "scoreboard");
    int bad = scores == NULL;
    size_t i;

    for (i = 0; i < r->ntests && !bad; i++)
        bad |= add_score(scores, r->tests[i].category, r->tests[i].score);
    bad |= append(board, cJSON_CreateNumber(r->score));
    return checked(root, bad);
}

int report_autolab(const struct grade_report *r, FILE *out)
{
    struct report_view v = { 0, 1, 1 };
    cJSON *line = autolab_line(r);

    /* Autolab reads the last line only, so the summary comes first. */
    if (line == NULL || report_text_view(r, out, &v) != 0) {
        cJSON_Delete(line);
        return -1;
    }
    return emit(line, out, 1);
}
