/*
** report_common.c -- the entry points of report.h (report_write and the
** format names) and the helpers every writer shares: UTF-8 decoding and
** repair, points for people, status in words.  The html format is the
** json one read back with cJSON and drawn by html_student_report().
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "html.h"

static int write_text(const struct grade_report *r, FILE *out, int color)
{
    struct report_view v = { 0, 0, 1 };

    v.color = color;
    return report_text_view(r, out, &v);
}

/* The other writers take no colour; these adapters give every format the
** same signature so that report_write() is one table lookup. */
static int write_json(const struct grade_report *r, FILE *out, int color)
{
    (void)color;
    return report_json(r, out);
}

static int write_gradescope(const struct grade_report *r, FILE *out,
                            int color)
{
    (void)color;
    return report_gradescope(r, out);
}

static int write_autolab(const struct grade_report *r, FILE *out, int color)
{
    (void)color;
    return report_autolab(r, out);
}

static int write_junit(const struct grade_report *r, FILE *out, int color)
{
    (void)color;
    return report_junit(r, out);
}

/* The last part of the submission's path ("subs/alice/" -> "alice"),
** which names the student in the HTML report. */
static void student_name(const char *path, char *buf, size_t size)
{
    size_t end = strlen(path), start;

    while (end > 1 && path[end - 1] == '/')
        end--;
    start = end;
    while (start > 0 && path[start - 1] != '/')
        start--;
    if (end - start >= size)
        end = start + size - 1;
    memcpy(buf, path + start, end - start);
    buf[end - start] = '\0';
}

/* The JSON report, written to memory and parsed back; NULL on failure. */
static cJSON *json_tree(const struct grade_report *r)
{
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    cJSON *root = NULL;
    int status;

    if (mem == NULL)
        return NULL;
    status = report_json(r, mem);
    if (fclose(mem) == 0 && status == 0)
        root = cJSON_Parse(text);
    free(text);
    return root;
}

static int write_html(const struct grade_report *r, FILE *out, int color)
{
    cJSON *root = json_tree(r);
    char name[256];
    int status;

    (void)color;
    if (root == NULL)
        return -1;
    student_name(report_str(r->submission), name, sizeof name);
    status = html_student_report(root, name, out);
    cJSON_Delete(root);
    return status;
}

/* Indexed by enum report_format. */
static const struct {
    const char *name;
    int (*write)(const struct grade_report *, FILE *, int);
} formats[] = {
    { "text", write_text },
    { "json", write_json },
    { "gradescope", write_gradescope },
    { "autolab", write_autolab },
    { "junit", write_junit },
    { "html", write_html },
};
enum { NFORMATS = sizeof formats / sizeof formats[0] };

int report_write(const struct grade_report *r, enum report_format f,
                 FILE *out, int color)
{
    if ((size_t)f >= NFORMATS)
        return -1;
    return formats[f].write(r, out, color);
}

int report_format_parse(const char *name, enum report_format *f)
{
    size_t i;

    for (i = 0; i < NFORMATS; i++)
        if (strcmp(name, formats[i].name) == 0) {
            *f = (enum report_format)i;
            return 0;
        }
    return -1;
}

const char *report_format_name(enum report_format f)
{
    return (size_t)f < NFORMATS ? formats[f].name : "unknown";
}

/* Well-formed UTF-8 (Unicode table 3-7): the lead byte fixes the length
** and the range of the second byte, which is what excludes overlong
** forms, surrogates and values past U+10FFFF; later bytes are 80..BF. */
static const struct utf8_lead {
    unsigned char first, last;         /* lead bytes of this row          */
    unsigned char length;
    unsigned char low, high;           /* allowed second byte             */
} utf8_leads[] = {
    { 0x00, 0x7F, 1, 0x00, 0x00 },
    { 0xC2, 0xDF, 2, 0x80, 0xBF },
    { 0xE0, 0xE0, 3, 0xA0, 0xBF },
    { 0xE1, 0xEC, 3, 0x80, 0xBF },
    { 0xED, 0xED, 3, 0x80, 0x9F },
    { 0xEE, 0xEF, 3, 0x80, 0xBF },
    { 0xF0, 0xF0, 4, 0x90, 0xBF },
    { 0xF1, 0xF3, 4, 0x80, 0xBF },
    { 0xF4, 0xF4, 4, 0x80, 0x8F },
};

static const struct utf8_lead *find_lead(unsigned char byte)
{
    size_t i;

    for (i = 0; i < sizeof utf8_leads / sizeof utf8_leads[0]; i++)
        if (byte >= utf8_leads[i].first && byte <= utf8_leads[i].last)
            return &utf8_leads[i];
    return NULL;
}

/* Stops at the first byte that does not fit, so it never reads past the
** terminating NUL (which fits nowhere after a lead byte). */
size_t report_utf8_char(const char *str, long *cp)
{
    const unsigned char *s = (const unsigned char *)str;
    const struct utf8_lead *lead = find_lead(s[0]);
    long value;
    size_t k;

    *cp = -1;
    if (lead == NULL)
        return 1;
    if (lead->length == 1) {
        *cp = s[0];
        return 1;
    }
    if (s[1] < lead->low || s[1] > lead->high)
        return 1;
    value = s[0] & (0x7F >> lead->length);
    for (k = 1; k < lead->length; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return k;
        value = (value << 6) | (s[k] & 0x3F);
    }
    *cp = value;
    return lead->length;
}

char *report_utf8_clean(const char *s)
{
    static const char replacement[] = "\xEF\xBF\xBD";
    size_t used = 0;
    char *copy;

    s = report_str(s);
    /* Worst case: every byte is ill-formed and becomes 3 bytes. */
    copy = malloc(3 * strlen(s) + 1);
    if (copy == NULL)
        return NULL;
    while (*s != '\0') {
        long cp;
        size_t n = report_utf8_char(s, &cp);

        if (cp < 0) {
            memcpy(copy + used, replacement, 3);
            used += 3;
        } else {
            memcpy(copy + used, s, n);
            used += n;
        }
        s += n;
    }
    copy[used] = '\0';
    return copy;
}

const char *report_str(const char *s)
{
    return s != NULL ? s : "";
}

void report_points(double x, char *buf, size_t size)
{
    char *end;

    snprintf(buf, size, "%.2f", x);
    if (strchr(buf, '.') == NULL)
        return;
    end = buf + strlen(buf);
    while (end[-1] == '0')
        *--end = '\0';
    if (end[-1] == '.')
        *--end = '\0';
    /* -0.001 rounds to "-0", which reads like a penalty. */
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
}

void report_status_detail(const struct test_result *t, char *buf,
                          size_t size)
{
    const char *name = result_status_name(t->status);

    if (t->status == STATUS_CRASHED && t->signal != 0)
        snprintf(buf, size, "%s (signal %d)", name, t->signal);
    else if (t->status == STATUS_EXIT_STATUS)
        snprintf(buf, size, "%s %d", name, t->exit_code);
    else
        snprintf(buf, size, "%s", name);
}

int report_finish(FILE *out)
{
    if (fflush(out) != 0 || ferror(out))
        return -1;
    return 0;
}
