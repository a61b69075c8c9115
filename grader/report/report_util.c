/*
** report_util.c -- the helpers every report writer shares (report.h):
** UTF-8 decoding and repair, points for people, status in words.
*/
#define _POSIX_C_SOURCE 200809L

#include "report.h"

#include <stdlib.h>
#include <string.h>

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

size_t report_utf8_decode(const char *str, size_t n, long *cp)
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
    if (n < 2 || s[1] < lead->low || s[1] > lead->high)
        return 1;
    value = s[0] & (0x7F >> lead->length);
    for (k = 1; k < lead->length; k++) {
        if (k >= n || (s[k] & 0xC0) != 0x80)
            return k;
        value = (value << 6) | (s[k] & 0x3F);
    }
    *cp = value;
    return lead->length;
}

/* A NUL-terminated string ends every sequence it cuts short: the NUL fits
** nowhere after a lead byte, so the decoder never reads past it. */
size_t report_utf8_char(const char *s, long *cp)
{
    return report_utf8_decode(s, 4, cp);
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
