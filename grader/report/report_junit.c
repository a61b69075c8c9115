/*
** report_junit.c -- the JUnit XML format of report.h, for CI dashboards:
**
**   <testsuites name="grade" tests= failures= errors= skipped= time=>
**     <testsuite name=CATEGORY tests= failures= errors= skipped= time=>
**       <properties> score and max_score of the category </properties>
**       <testcase classname="unit.public.board" name="init" time=>
**         <failure message= type=>output</failure>    wrong result
**         <error message= type=>output</error>        timeout, crash, limit
**         <skipped message=/>                         not run
**         <system-out>output</system-out>             passed, with output
**       </testcase> ...
**
** Everything is escaped, and what XML 1.0 cannot hold at all (most
** control characters, U+FFFE, U+FFFF, ill-formed UTF-8) becomes U+FFFD.
*/
#include "report.h"
#include "visible.h"

#include <string.h>

enum junit_kind { JUNIT_PASS, JUNIT_FAILURE, JUNIT_ERROR, JUNIT_SKIPPED };

/* Indexed by enum result_status: a wrong answer is a failure; a run that
** could not finish (time, signal, limits, no build) is an error. */
static const enum junit_kind kinds[] = {
    JUNIT_PASS,    JUNIT_FAILURE, JUNIT_FAILURE, JUNIT_ERROR, JUNIT_ERROR,
    JUNIT_ERROR,   JUNIT_ERROR,   JUNIT_FAILURE, JUNIT_ERROR, JUNIT_SKIPPED,
};
enum { NKINDS = sizeof kinds / sizeof kinds[0] };

static const char *const element[] = { NULL, "failure", "error", "skipped" };

/* Escapes by ASCII character: .text in element content, .attr in
** attribute values, where a raw newline or tab would be normalised to a
** space by every parser. */
static const struct {
    const char *text, *attr;
} escapes[128] = {
    ['&'] = { "&amp;", "&amp;" },   ['<'] = { "&lt;", "&lt;" },
    ['>'] = { "&gt;", "&gt;" },     ['"'] = { "&quot;", "&quot;" },
    ['\''] = { "&apos;", "&apos;" }, ['\r'] = { "&#13;", "&#13;" },
    ['\n'] = { NULL, "&#10;" },     ['\t'] = { NULL, "&#9;" },
};

/* XML 1.0's Char production, less what the decoder already refuses. */
static int xml_allowed(long cp)
{
    if (cp < 0x20)
        return cp == '\t' || cp == '\n' || cp == '\r';
    return cp != 0xFFFE && cp != 0xFFFF;
}

static enum junit_kind kind_of(enum result_status s)
{
    return (size_t)s < NKINDS ? kinds[s] : JUNIT_ERROR;
}

/* Writes the first `len` bytes of `s` (len (size_t)-1: all of it). */
static void put_xml(FILE *out, const char *s, size_t len, int attribute)
{
    const char *end;

    s = report_str(s);
    end = s + (len == (size_t)-1 ? strlen(s) : len);
    while (s < end) {
        long cp;
        size_t n = report_utf8_char(s, &cp);
        const char *escape = NULL;

        if (cp >= 0 && cp < 128)
            escape = attribute ? escapes[cp].attr : escapes[cp].text;
        if (cp < 0 || !xml_allowed(cp))
            fputs("\xEF\xBF\xBD", out);
        else if (cp >= 0x7F && visible_is_control(cp))
            fprintf(out, "&#x%lX;", cp);   /* XML allows them; a terminal obeys them */
        else if (escape != NULL)
            fputs(escape, out);
        else
            fwrite(s, 1, n, out);
        s += n;
    }
}

static void put_attr(FILE *out, const char *name, const char *value)
{
    fprintf(out, " %s=\"", name);
    put_xml(out, value, (size_t)-1, 1);
    fputc('"', out);
}

/* Counts of one category's tests, or of all when category is NULL. */
struct tally {
    size_t tests, by_kind[4];
    double seconds, score, max_score;
};

static void count(const struct grade_report *r, const char *category,
                  struct tally *t)
{
    size_t i;

    memset(t, 0, sizeof *t);
    for (i = 0; i < r->ntests; i++) {
        const struct test_result *x = &r->tests[i];

        if (category && strcmp(report_str(x->category), category) != 0)
            continue;
        t->tests++;
        t->by_kind[kind_of(x->status)]++;
        t->seconds += x->seconds;
        t->score += x->score;
        t->max_score += x->max_score;
    }
}

static void put_counts(FILE *out, const struct tally *t)
{
    fprintf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" "
            "skipped=\"%zu\" time=\"%.3f\"", t->tests,
            t->by_kind[JUNIT_FAILURE], t->by_kind[JUNIT_ERROR],
            t->by_kind[JUNIT_SKIPPED], t->seconds);
}

/* "unit/public/board/init" -> classname "unit.public.board", name
** "init", the split JUnit viewers group by; no '/' -> the category. */
static void put_names(FILE *out, const struct test_result *t)
{
    const char *name = report_str(t->name), *slash = strrchr(name, '/');
    const char *p = name;

    fputs(" classname=\"", out);
    if (slash == NULL)
        put_xml(out, t->category, (size_t)-1, 1);
    /* Whole segments, never single bytes: a byte of a multi-byte
    ** character alone would be ill-formed. */
    while (slash != NULL && p < slash) {
        size_t len = strcspn(p, "/");

        put_xml(out, p, len, 1);
        p += len;
        if (p < slash)
            fputc('.', out);
        p++;
    }
    fputc('"', out);
    put_attr(out, "name", slash ? slash + 1 : name);
}

static void put_outcome(FILE *out, const struct test_result *t)
{
    enum junit_kind kind = kind_of(t->status);
    char detail[96], score[32], max[32], message[192];

    report_status_detail(t, detail, sizeof detail);
    report_points(t->score, score, sizeof score);
    report_points(t->max_score, max, sizeof max);
    snprintf(message, sizeof message, "%s, %s/%s points", detail, score,
             max);
    if (kind == JUNIT_PASS) {
        if (report_str(t->output)[0] == '\0')
            return;
        fputs("      <system-out>", out);
        put_xml(out, t->output, (size_t)-1, 0);
        fputs("</system-out>\n", out);
        return;
    }
    fprintf(out, "      <%s", element[kind]);
    /* A skipped test's reason is short: it fits the attribute. */
    put_attr(out, "message", kind == JUNIT_SKIPPED ? t->output : message);
    if (kind == JUNIT_SKIPPED) {
        fputs("/>\n", out);
        return;
    }
    put_attr(out, "type", result_status_name(t->status));
    fputc('>', out);
    put_xml(out, t->output, (size_t)-1, 0);
    fprintf(out, "</%s>\n", element[kind]);
}

static void put_testcase(FILE *out, const struct test_result *t)
{
    fputs("    <testcase", out);
    put_names(out, t);
    fprintf(out, " time=\"%.3f\">\n", t->seconds);
    put_outcome(out, t);
    fputs("    </testcase>\n", out);
}

static void put_property(FILE *out, const char *name, double value)
{
    fprintf(out, "      <property name=\"%s\" value=\"%.15g\"/>\n", name,
            value);
}

static void put_suite(FILE *out, const struct grade_report *r,
                      const char *category)
{
    struct tally t;
    size_t i;

    count(r, category, &t);
    fputs("  <testsuite", out);
    put_attr(out, "name", category);
    put_counts(out, &t);
    fputs(">\n    <properties>\n", out);
    put_property(out, "score", t.score);
    put_property(out, "max_score", t.max_score);
    fputs("    </properties>\n", out);
    for (i = 0; i < r->ntests; i++)
        if (strcmp(report_str(r->tests[i].category), category) == 0)
            put_testcase(out, &r->tests[i]);
    fputs("  </testsuite>\n", out);
}

/* True when no test before tests[i] has its category: one suite each. */
static int first_of_category(const struct grade_report *r, size_t i)
{
    size_t k;

    for (k = 0; k < i; k++)
        if (strcmp(report_str(r->tests[k].category),
                   report_str(r->tests[i].category)) == 0)
            return 0;
    return 1;
}

int report_junit(const struct grade_report *r, FILE *out)
{
    struct tally all;
    size_t i;

    count(r, NULL, &all);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
    fputs("<testsuites name=\"grade\"", out);
    put_counts(out, &all);
    fputs(">\n", out);
    for (i = 0; i < r->ntests; i++)
        if (first_of_category(r, i))
            put_suite(out, r, report_str(r->tests[i].category));
    fputs("</testsuites>\n", out);
    return report_finish(out);
}
