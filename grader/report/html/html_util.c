/*
** html_util.c -- the small pieces every HTML page of html.h is made of:
** escaping text (entities, control pictures, U+FFFD for ill-formed
** UTF-8), URL path segments, points, reading fields of the JSON result,
** status badges, and the page's opening and closing.
*/
#define _POSIX_C_SOURCE 200809L /* strnlen */

#include "html.h"

#include <string.h>

#include "../report.h"

/* Writes code point `cp` (0..0x10FFFF) as UTF-8. */
static void put_code_point(FILE *out, long cp)
{
    if (cp < 0x80) {
        fputc((int)cp, out);
    } else if (cp < 0x800) {
        fputc((int)(0xC0 | (cp >> 6)), out);
        fputc((int)(0x80 | (cp & 0x3F)), out);
    } else if (cp < 0x10000) {
        fputc((int)(0xE0 | (cp >> 12)), out);
        fputc((int)(0x80 | ((cp >> 6) & 0x3F)), out);
        fputc((int)(0x80 | (cp & 0x3F)), out);
    } else {
        fputc((int)(0xF0 | (cp >> 18)), out);
        fputc((int)(0x80 | ((cp >> 12) & 0x3F)), out);
        fputc((int)(0x80 | ((cp >> 6) & 0x3F)), out);
        fputc((int)(0x80 | (cp & 0x3F)), out);
    }
}

/* Code points HTML forbids in text: C1 controls and noncharacters. */
static int forbidden(long cp)
{
    return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
           (cp & 0xFFFE) == 0xFFFE;
}

/* Writes one decoded character `cp` whose bytes are s[0, n). */
static void put_escaped(FILE *out, const char *s, size_t n, long cp)
{
    if (cp < 0 || forbidden(cp))
        put_code_point(out, 0xFFFD);
    else if (cp == '<')
        fputs("&lt;", out);
    else if (cp == '>')
        fputs("&gt;", out);
    else if (cp == '&')
        fputs("&amp;", out);
    else if (cp == '"')
        fputs("&quot;", out);
    else if (cp == '\'')
        fputs("&#39;", out);
    else if (cp == '\n' || cp == '\t')
        fputc((int)cp, out);
    else if (cp < 0x20)
        put_code_point(out, 0x2400 + cp);   /* a control picture */
    else if (cp == 0x7F)
        put_code_point(out, 0x2421);
    else
        fwrite(s, 1, n, out);
}

const char *const html_statuses[HTML_NSTATUSES] = {
    "passed", "partial", "failed", "timeout", "crashed", "memory limit",
    "output limit", "exit status", "build failed", "skipped",
};

void html_text_n(FILE *out, const char *s, size_t n)
{
    const char *end;

    if (s == NULL)
        return;
    end = s + strnlen(s, n);
    while (s < end) {
        long cp;
        size_t len = report_utf8_char(s, &cp);

        /* A character cut by `n` is ill-formed here. */
        if (len > (size_t)(end - s)) {
            len = (size_t)(end - s);
            cp = -1;
        }
        put_escaped(out, s, len, cp);
        s += len;
    }
}

void html_text(FILE *out, const char *s)
{
    if (s != NULL)
        html_text_n(out, s, strlen(s));
}

void html_url_segment(FILE *out, const char *s)
{
    static const char safe[] = "-._~";

    for (; s != NULL && *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;

        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9') || strchr(safe, c) != NULL)
            fputc(c, out);
        else
            fprintf(out, "%%%02X", (unsigned)c);
    }
}

void html_points(FILE *out, double x)
{
    char buf[64];

    report_points(x, buf, sizeof buf);
    fputs(buf, out);
}

void html_page_begin(FILE *out, const char *title, const char *subject)
{
    const char *const *piece;

    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, "
          "initial-scale=1\">\n<title>", out);
    html_text(out, title);
    if (subject != NULL) {
        fputs(": ", out);
        html_text(out, subject);
    }
    fputs("</title>\n<style>\n", out);
    for (piece = html_stylesheet; *piece != NULL; piece++)
        fputs(*piece, out);
    fputs("</style>\n</head>\n<body>\n", out);
}

int html_page_end(FILE *out)
{
    fputs("</body>\n</html>\n", out);
    return report_finish(out);
}

const char *html_json_str(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

    return cJSON_IsString(item) && item->valuestring ? item->valuestring : "";
}

double html_json_num(const cJSON *obj, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

    return cJSON_IsNumber(item) ? item->valuedouble : 0;
}

void html_status_class(const char *status, char *buf, size_t size)
{
    size_t used, i;

    snprintf(buf, size, "st-");
    used = strlen(buf);
    for (i = 0; status[i] != '\0' && used + 1 < size; i++) {
        char c = status[i];

        /* Only letters survive, so a class can never break out. */
        buf[used++] = (c >= 'a' && c <= 'z') ? c
                    : (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : '-';
    }
    buf[used] = '\0';
}

void html_badge(FILE *out, const char *status)
{
    char cls[48];

    html_status_class(status, cls, sizeof cls);
    fprintf(out, "<span class=\"badge %s\">", cls);
    html_text(out, status);
    fputs("</span>", out);
}

void html_student_link(FILE *out, const char *id)
{
    fputs("<a href=\"", out);
    html_url_segment(out, id);
    fputs("/report.html\">", out);
    html_text(out, id);
    fputs("</a>", out);
}
