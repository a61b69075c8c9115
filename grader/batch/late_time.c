/*
** late_time.c -- the times of the late policy (late.h): ISO 8601 with its
** offset, Gradescope's Ruby-written form, Moodle's worksheet form, and
** durations.
**
** Every instant is computed from the calendar alone (days_from_civil()),
** never with the machine's zone: a time carries its offset, or is read in
** the zone the policy names.  Only a named zone (Moodle's times) goes
** through the C library, with TZ set to that zone for the one conversion
** and put back after, so the machine's own TZ never matters.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "late.h"

#define ZONEINFO "/usr/share/zoneinfo/"

/* A broken-down local time, before its zone is known. */
struct civil {
    int year, month, day, hour, minute, second;
    int has_offset;
    int offset;              /* seconds east of UTC */
};

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
** (the well-known era computation: 400-year cycles of 146097 days). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static int days_in_month(int y, int m)
{
    static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : days[m - 1];
}

static int civil_ok(const struct civil *c)
{
    return c->year >= 1970 && c->year <= 9999 && c->month >= 1 && c->month <= 12
        && c->day >= 1 && c->day <= days_in_month(c->year, c->month)
        && c->hour >= 0 && c->hour <= 23 && c->minute >= 0 && c->minute <= 59
        && c->second >= 0 && c->second <= 60;
}

/* Exactly `n` digits at *p into *out; advances.  0 or -1. */
static int digits(const char **p, int n, int *out)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (!isdigit((unsigned char)(*p)[i]))
            return -1;
        v = v * 10 + ((*p)[i] - '0');
    }
    *p += n;
    *out = v;
    return 0;
}

/* One or two digits. */
static int small_number(const char **p, int *out)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    return digits(p, isdigit((unsigned char)(*p)[1]) ? 2 : 1, out);
}

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Z, +HH, +HHMM or +HH:MM at p (blanks before it allowed); sets the
** offset.  Returns the rest, or NULL when malformed; `p` itself when there
** is no offset there. */
static const char *offset_of(const char *p, struct civil *c)
{
    const char *q = skip_blanks(p);
    int h, m = 0;
    if (*q == 'Z' || *q == 'z') {
        c->has_offset = 1;
        c->offset = 0;
        return q + 1;
    }
    if (*q != '+' && *q != '-')
        return p;
    int sign = *q++ == '-' ? -1 : 1;
    if (digits(&q, 2, &h) != 0)
        return NULL;
    if (*q == ':')
        q++;
    if (isdigit((unsigned char)*q) && digits(&q, 2, &m) != 0)
        return NULL;
    if (h > 14 || m > 59)
        return NULL;
    c->has_offset = 1;
    c->offset = sign * (h * 3600 + m * 60);
    return q;
}

/* YYYY-MM-DD[T ]HH:MM[:SS[.fff]][offset]; the rest, or NULL. */
static const char *iso_of(const char *p, struct civil *c)
{
    if (digits(&p, 4, &c->year) || *p++ != '-' || digits(&p, 2, &c->month) || *p++ != '-'
        || digits(&p, 2, &c->day) || (*p != 'T' && *p != 't' && *p != ' '))
        return NULL;
    p++;
    if (digits(&p, 2, &c->hour) || *p++ != ':' || digits(&p, 2, &c->minute))
        return NULL;
    if (*p == ':' && (p++, digits(&p, 2, &c->second)))
        return NULL;
    if (*p == '.' || *p == ',') {        /* a fraction of a second: dropped */
        if (!isdigit((unsigned char)*++p))
            return NULL;
        while (isdigit((unsigned char)*p))
            p++;
    }
    return offset_of(p, c);
}

static int month_named(const char **p)
{
    static const char *const names[] = {
        "january", "february", "march", "april", "may", "june", "july",
        "august", "september", "october", "november", "december",
    };
    size_t n = 0;
    while (isalpha((unsigned char)(*p)[n]))
        n++;
    for (int m = 0; n >= 3 && m < 12; m++)
        if (n <= strlen(names[m]) && strncasecmp(*p, names[m], n) == 0) {
            *p += n;
            return m + 1;
        }
    return 0;
}

/* Moodle's userdate(): "[Weekday, ]D Month YYYY, H:MM[ AM|PM]" or
** "[Weekday, ]Month D, YYYY, H:MM[ AM|PM]"; the rest, or NULL. */
static const char *moodle_of(const char *p, struct civil *c)
{
    const char *comma = strchr(p, ',');
    if (comma && isalpha((unsigned char)*p) && !month_named(&(const char *){ p }))
        p = skip_blanks(comma + 1);              /* the weekday */
    if (isdigit((unsigned char)*p)) {
        if (small_number(&p, &c->day) || (p = skip_blanks(p), !(c->month = month_named(&p))))
            return NULL;
    } else if (!(c->month = month_named(&p)) || (p = skip_blanks(p), small_number(&p, &c->day))
               || *p++ != ',')
        return NULL;
    p = skip_blanks(p);
    if (digits(&p, 4, &c->year) || *p++ != ',')
        return NULL;
    p = skip_blanks(p);
    if (small_number(&p, &c->hour) || *p++ != ':' || digits(&p, 2, &c->minute))
        return NULL;
    p = skip_blanks(p);
    int pm = strncasecmp(p, "PM", 2) == 0, am = strncasecmp(p, "AM", 2) == 0;
    if (am || pm) {
        if (c->hour < 1 || c->hour > 12)
            return NULL;
        c->hour = c->hour % 12 + (pm ? 12 : 0);
        p += 2;
    }
    return p;
}

int late_zone_ok(const char *zone)
{
    struct civil c = { 0 };
    if (strcmp(zone, "UTC") == 0 || strcmp(zone, "Z") == 0)
        return 1;
    const char *rest = offset_of(zone, &c);
    if (rest && rest != zone)
        return *rest == '\0';
    if (!*zone || zone[0] == '/' || strstr(zone, "..") || zone[0] == '-' || zone[0] == '+')
        return 0;
    char path[512];
    struct stat st;
    snprintf(path, sizeof path, "%s%s", ZONEINFO, zone);
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0;
}

/* The instant of `c` read in the named zone `zone` (late_zone_ok).  A
** time in the hour a change to summer time skips, or the hour the change
** back repeats, is read as the C library's mktime() decides. */
static late_instant in_zone(const struct civil *c, const char *zone)
{
    struct civil z = { 0 };
    const char *rest = offset_of(zone, &z);
    if (strcmp(zone, "UTC") == 0 || (rest && rest != zone))
        return days_from_civil(c->year, c->month, c->day) * 86400 + c->hour * 3600
             + c->minute * 60 + c->second - z.offset;
    char *old = getenv("TZ") ? strdup(getenv("TZ")) : NULL;
    char tz[512];
    snprintf(tz, sizeof tz, ":%s", zone);
    setenv("TZ", tz, 1);
    tzset();
    struct tm tm = { .tm_year = c->year - 1900, .tm_mon = c->month - 1, .tm_mday = c->day,
                     .tm_hour = c->hour, .tm_min = c->minute, .tm_sec = c->second,
                     .tm_isdst = -1 };
    time_t t = mktime(&tm);
    if (old)
        setenv("TZ", old, 1);
    else
        unsetenv("TZ");
    tzset();
    free(old);
    return (late_instant)t;
}

int late_parse_time(const char *text, const char *zone, late_instant *t,
                    char *why, size_t whysize)
{
    struct civil c = { 0 };
    const char *p = skip_blanks(text);
    const char *rest = isdigit((unsigned char)p[0]) && p[4] == '-' ? iso_of(p, &c) : moodle_of(p, &c);
    if (!rest || *skip_blanks(rest) != '\0' || !civil_ok(&c)) {
        snprintf(why, whysize, "'%s' is not a time (write 2026-03-01T23:59:00-08:00)", text);
        return -1;
    }
    if (!c.has_offset && !zone) {
        snprintf(why, whysize, "'%s' has no time zone: add its offset (-08:00, Z), "
                 "or name the zone with a line 'zone NAME' in the policy", text);
        return -1;
    }
    *t = c.has_offset ? days_from_civil(c.year, c.month, c.day) * 86400 + c.hour * 3600
                        + c.minute * 60 + c.second - c.offset
                      : in_zone(&c, zone);
    return 0;
}

int late_parse_duration(const char *text, int64_t *seconds)
{
    char *end;
    if (!isdigit((unsigned char)*text))
        return -1;
    long long n = strtoll(text, &end, 10);
    int64_t unit = *end == 'm' ? 60 : *end == 'h' ? 3600 : *end == 'd' ? 86400 : 0;
    if (strcmp(text, "0") == 0) {
        *seconds = 0;
        return 0;
    }
    if (!unit || end[1] != '\0' || n > 3650LL * 86400 / unit)
        return -1;
    *seconds = n * unit;
    return 0;
}

void late_duration_text(int64_t s, char *buf, size_t size)
{
    int64_t d = s / 86400, h = s % 86400 / 3600, m = s % 3600 / 60;
    if (d)
        snprintf(buf, size, "%lldd %lldh %lldm", (long long)d, (long long)h, (long long)m);
    else if (h)
        snprintf(buf, size, "%lldh %lldm", (long long)h, (long long)m);
    else
        snprintf(buf, size, "%lldm %llds", (long long)m, (long long)(s % 60));
}

/* The calendar date of day `z` after 1970-01-01 (days_from_civil's
** inverse). */
static void civil_from_days(int64_t z, int *y, int *m, int *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

void late_time_text(late_instant t, char *buf, size_t size)
{
    int64_t days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400);
    int64_t s = t - days * 86400;
    int y, m, d;
    civil_from_days(days, &y, &m, &d);
    snprintf(buf, size, "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, (int)(s / 3600),
             (int)(s % 3600 / 60), (int)(s % 60));
}
