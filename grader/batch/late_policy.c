/*
** late_policy.c -- reads the late policy file (late.h, THE POLICY FILE).
**
** One directive a line, dispatched through a table; the first mistake
** stops the reading with "FILE:LINE: why" on stderr and nothing is kept,
** so a half-read policy never grades anyone.  Extensions are checked
** against the class later (late_apply.c), since the class is not known
** here.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_internal.h"
#include "late.h"
#include "../report/visible.h"

#define POLICY_MAX ((size_t)1 << 20)

struct reader {
    struct late_policy *p;
    long line;
    int seen_due, seen_penalty;
    long first[8];                /* where each directive came first     */
    char why[300];
};

/* "P%" with P a decimal number >= 0 (digits, at most one '.': strtod()
** alone would take "0x10" as 16, "1e1" as 10, "inf"); -1 when malformed. */
static int percent_of(const char *text, double *out)
{
    char *end;
    if (strspn(text, "0123456789.") != strlen(text) - 1 || strchr(text, '.') != strrchr(text, '.'))
        return -1;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || strcmp(end, "%") != 0 || errno || !isfinite(v) || v < 0 || v > 100)
        return -1;
    *out = v;
    return 0;
}

static int time_arg(struct reader *r, const char *text, late_instant *t)
{
    return late_parse_time(text, r->p->zone, t, r->why, sizeof r->why);
}

static int do_due(struct reader *r, char *arg)
{
    r->seen_due = 1;
    return time_arg(r, arg, &r->p->due);
}

static int do_last(struct reader *r, char *arg)
{
    r->p->has_last = 1;
    return time_arg(r, arg, &r->p->last);
}

static int do_grace(struct reader *r, char *arg)
{
    if (late_parse_duration(arg, &r->p->grace) == 0)
        return 0;
    snprintf(r->why, sizeof r->why, "grace takes Nm, Nh or Nd (15m), not '%s'", arg);
    return -1;
}

static int do_cap(struct reader *r, char *arg)
{
    if (percent_of(arg, &r->p->cap) == 0)
        return 0;
    snprintf(r->why, sizeof r->why, "cap takes a percent from 0%% to 100%% (30%%), not '%s'", arg);
    return -1;
}

/* "P% per day" or "P% per hour". */
static int do_penalty(struct reader *r, char *arg)
{
    char pct[64], per[16], unit[16], extra;
    r->seen_penalty = 1;
    if (sscanf(arg, "%63s %15s %15s %c", pct, per, unit, &extra) != 3 || strcmp(per, "per") != 0
        || (strcmp(unit, "day") != 0 && strcmp(unit, "hour") != 0)) {
        snprintf(r->why, sizeof r->why, "penalty takes 'P%% per day' or 'P%% per hour', not '%s'", arg);
        return -1;
    }
    if (percent_of(pct, &r->p->percent) != 0) {
        snprintf(r->why, sizeof r->why, "the penalty must be a percent from 0%% to 100%%, not '%s'", pct);
        return -1;
    }
    r->p->unit = strcmp(unit, "day") == 0 ? 86400 : 3600;
    return 0;
}

static int do_zone(struct reader *r, char *arg)
{
    if (!late_zone_ok(arg)) {
        snprintf(r->why, sizeof r->why, "'%s' is not a time zone (America/Los_Angeles, UTC, +01:00)", arg);
        return -1;
    }
    free(r->p->zone);
    return (r->p->zone = strdup(arg)) ? 0 : -1;
}

/* "TIME ID" or "+Nd ID": the id is the rest of the line.  A relative one
** is resolved by finish(), once `due` is known. */
static int do_extension(struct reader *r, char *arg)
{
    char *id = arg + strcspn(arg, " \t");
    struct late_extension e = { .line = r->line };
    if (*id)
        *id++ = '\0';
    while (*id == ' ' || *id == '\t')
        id++;
    if (!*id) {
        snprintf(r->why, sizeof r->why, "extension takes a time (or +Nd) and a student id");
        return -1;
    }
    int64_t plus;
    if (arg[0] == '+') {
        if (late_parse_duration(arg + 1, &plus) != 0 || plus == 0) {
            snprintf(r->why, sizeof r->why, "'%s' is not a duration (+2d, +36h)", arg);
            return -1;
        }
        e.plus = plus;
    } else if (time_arg(r, arg, &e.due) != 0)
        return -1;
    for (size_t i = 0; i < r->p->next; i++)
        if (strcmp(r->p->ext[i].id, id) == 0) {
            snprintf(r->why, sizeof r->why, "a second extension for %s (first on line %ld)",
                     id, r->p->ext[i].line);
            return -1;
        }
    struct late_extension *more = realloc(r->p->ext, (r->p->next + 1) * sizeof *more);
    if (!more || !(e.id = strdup(id)))
        return -1;
    r->p->ext = more;
    r->p->ext[r->p->next++] = e;
    return 0;
}

static const struct directive {
    const char *name;
    int (*read)(struct reader *, char *);
} directives[] = {
    { "due", do_due }, { "last", do_last }, { "grace", do_grace }, { "cap", do_cap },
    { "penalty", do_penalty }, { "zone", do_zone }, { "extension", do_extension },
};

static char *trim(char *s)
{
    size_t n;
    while (*s == ' ' || *s == '\t')
        s++;
    n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int one_line(struct reader *r, char *line)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    line = trim(line);
    if (!*line)
        return 0;
    char *arg = line + strcspn(line, " \t");
    if (*arg)
        *arg++ = '\0';
    arg = trim(arg);
    for (size_t i = 0; i < sizeof directives / sizeof *directives; i++) {
        if (strcmp(line, directives[i].name) != 0)
            continue;
        if (r->first[i] && directives[i].read != do_extension) {
            snprintf(r->why, sizeof r->why, "a second '%s' line (the first is line %ld)",
                     line, r->first[i]);
            return -1;
        }
        r->first[i] = r->line;
        return directives[i].read(r, arg);
    }
    snprintf(r->why, sizeof r->why, "unknown directive '%s' (due, grace, penalty, cap, last, "
             "zone, extension)", line);
    return -1;
}

/* What only the whole file can tell: due and penalty given, last not
** before due, extensions resolved and not before due.  0 or -1. */
static int finish(struct reader *r)
{
    struct late_policy *p = r->p;
    if (!r->seen_due || !r->seen_penalty) {
        snprintf(r->why, sizeof r->why, "the policy needs a line 'due TIME' and a line "
                 "'penalty P%% per day|hour'");
        return -1;
    }
    if (p->has_last && p->last < p->due) {
        snprintf(r->why, sizeof r->why, "'last' comes before 'due'");
        return -1;
    }
    for (size_t i = 0; i < p->next; i++) {
        if (p->ext[i].plus)
            p->ext[i].due = p->due + p->ext[i].plus;
        else if (p->ext[i].due < p->due) {
            r->line = p->ext[i].line;
            snprintf(r->why, sizeof r->why, "the extension of %s ends before the due date",
                     p->ext[i].id);
            return -1;
        }
    }
    return 0;
}

/* The zone line first, wherever it is: the other times may need it. */
static int read_zone_first(struct reader *r, const char *text)
{
    const char *at = text;
    r->line = 0;
    while (at && *at) {
        const char *end = strchr(at, '\n');
        size_t n = end ? (size_t)(end - at) : strlen(at);
        r->line++;
        char *line = strndup(at, n);
        if (!line)
            return -1;
        char *s = trim(line);
        int rc = strncmp(s, "zone", 4) == 0 && (s[4] == ' ' || s[4] == '\t') ? one_line(r, s) : 0;
        free(line);
        if (rc != 0)
            return -1;
        at = end ? end + 1 : NULL;
    }
    return 0;
}

static int read_lines(struct reader *r, char *text)
{
    r->line = 0;
    for (char *at = text, *end; at && *at; at = end ? end + 1 : NULL) {
        end = strchr(at, '\n');
        if (end)
            *end = '\0';
        r->line++;
        char *s = trim(at);
        if (strncmp(s, "zone", 4) == 0 && (s[4] == ' ' || s[4] == '\t'))
            continue;
        if (one_line(r, s) != 0)
            return -1;
    }
    r->line = 0;
    return finish(r);
}

int late_policy_read(const char *path, struct late_policy *p)
{
    struct reader r = { .p = p };
    memset(p, 0, sizeof *p);
    p->cap = 100;
    p->unit = 86400;
    int nul;
    char *text = batch_read_text(path, POLICY_MAX, &nul);
    if (!text) {
        if (!nul)
            visible_printf(stderr, "grade-all: %s: the late policy cannot be read\n", path);
        return -1;
    }
    int rc = read_zone_first(&r, text) == 0 && read_lines(&r, text) == 0 ? 0 : -1;
    free(text);
    if (rc == 0 && !(p->path = strdup(path)))
        rc = -1;
    if (rc != 0) {
        if (r.line)
            visible_printf(stderr, "grade-all: %s:%ld: %s\n", path, r.line,
                           r.why[0] ? r.why : "out of memory");
        else
            visible_printf(stderr, "grade-all: %s: %s\n", path, r.why[0] ? r.why : "out of memory");
        late_policy_free(p);
    }
    return rc;
}

void late_policy_free(struct late_policy *p)
{
    for (size_t i = 0; i < p->next; i++)
        free(p->ext[i].id);
    free(p->ext);
    free(p->zone);
    free(p->path);
    memset(p, 0, sizeof *p);
}
