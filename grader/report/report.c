/*
** report.c -- the entry points of report.h: report_write and the format
** names.  The html format is the json one read back with cJSON and drawn
** by html_student_report().  The helpers every writer shares are in
** report_util.c, so that the writers (the HTML ones too) depend on them
** and not on this file, which depends on every writer.
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "html/html.h"

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

