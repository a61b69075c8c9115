/*
** rubric.c -- reads the instructor's rubric file (format in rubric.h and
** at the top of rubric.txt) and matches test names against its rules.
** Parsing stops at the first mistake, with "FILE:LINE: what is wrong".
** The explanation for instructors (rubric_explain) is in report_rubric.c.
*/
#define _POSIX_C_SOURCE 200809L /* getline, fnmatch */

#include "rubric.h"

#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const categories[] = {
    "build", "unit", "transcript", "memory", "style"
};
enum { NCATEGORIES = sizeof categories / sizeof categories[0] };

/* Indexed by enum result_visibility, so a word's index is its value. */
static const char *const visibilities[] = {
    "visible", "hidden", "after_due_date"
};
enum { NVISIBILITIES = sizeof visibilities / sizeof visibilities[0] };

/* Options are a table so that adding one is one line here and one field
** in rubric.h; parsing, defaults and --explain all follow the table. */
enum option_kind { OPT_REAL, OPT_WHOLE };

static const struct option_spec {
    const char *name;
    size_t offset;
    enum option_kind kind;
    double min, max, fallback;
} option_specs[] = {
#define AT(field) offsetof(struct rubric_options, field)
    { "lenient_share", AT(lenient_share), OPT_REAL, 0, 1, 0.5 },
    { "wall_seconds", AT(wall_seconds), OPT_REAL, 0, 3600, 10 },
    { "cpu_seconds", AT(cpu_seconds), OPT_REAL, 0, 3600, 5 },
    { "memory_mb", AT(memory_mb), OPT_REAL, 0, 65536, 256 },
    { "max_processes", AT(max_processes), OPT_WHOLE, 0, 4096, 16 },
    { "output_kb", AT(output_kb), OPT_REAL, 0, 1048576, 1024 },
    { "build_seconds", AT(build_seconds), OPT_REAL, 0, 3600, 60 },
    { "unit_timeout", AT(unit_timeout), OPT_REAL, 0, 3600, 10 },
    { "time_factor", AT(time_factor), OPT_REAL, 0, 1000, 10 },
    { "budget_factor", AT(budget_factor), OPT_REAL, 0, 1000, 6 },
    { "budget_cpu_seconds", AT(budget_cpu_seconds), OPT_REAL, 0, 36000, 6 },
    { "budget_wall_seconds", AT(budget_wall_seconds), OPT_REAL, 0, 36000, 45 },
#undef AT
};
enum { NOPTIONS = sizeof option_specs / sizeof option_specs[0] };

/* A rule line has 4 fields; one more slot lets us count extra fields. */
enum { MAX_FIELDS = 5 };
static const char BLANKS[] = " \t\r\n\v\f";

struct parser {
    struct rubric *rb;
    const char *name;                  /* the file, for messages          */
    int line;
    int option_line[NOPTIONS];         /* where each was set, 0: not yet  */
    size_t capacity;                   /* of rb->rules                    */
};

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);

    if (copy != NULL)
        memcpy(copy, s, n);
    return copy;
}

/* Records "FILE:LINE: message" and returns -1, so callers can write
** `return fail(p, ...)`. */
static int fail(struct parser *p, const char *fmt, ...)
{
    char *buf = p->rb->error;
    int used = snprintf(buf, RUBRIC_ERROR_MAX, "%s:%d: ", p->name, p->line);
    va_list ap;

    if (used < 0 || used >= RUBRIC_ERROR_MAX)
        return -1;
    va_start(ap, fmt);
    vsnprintf(buf + used, RUBRIC_ERROR_MAX - (size_t)used, fmt, ap);
    va_end(ap);
    return -1;
}

static void *option_field(struct rubric_options *o,
                          const struct option_spec *s)
{
    return (char *)o + s->offset;
}

static void set_option(struct rubric_options *o, const struct option_spec *s,
                       double value)
{
    if (s->kind == OPT_WHOLE)
        *(int *)option_field(o, s) = (int)value;
    else
        *(double *)option_field(o, s) = value;
}

int rubric_option(const struct rubric_options *o, size_t i,
                  const char **name, double *value)
{
    const struct option_spec *s;
    void *field;

    if (i >= NOPTIONS)
        return 0;
    s = &option_specs[i];
    field = option_field((struct rubric_options *)o, s);
    *name = s->name;
    *value = s->kind == OPT_WHOLE ? *(int *)field : *(double *)field;
    return 1;
}

void rubric_defaults(struct rubric_options *o)
{
    size_t i;

    for (i = 0; i < NOPTIONS; i++)
        set_option(o, &option_specs[i], option_specs[i].fallback);
}

/* Accepts only a whole, finite decimal number: "nan", "inf" and "5pts"
** are instructor typos worth reporting, not values. */
static int parse_number(const char *s, double *value)
{
    char *end;

    errno = 0;
    *value = strtod(s, &end);
    return end != s && *end == '\0' && errno == 0 && isfinite(*value);
}

/* A `#` starts a comment only at the start or after a blank, so a glob
** may still contain `#`. */
static void strip_comment(char *s)
{
    size_t i;

    for (i = 0; s[i] != '\0'; i++)
        if (s[i] == '#' && (i == 0 || strchr(BLANKS, s[i - 1]) != NULL)) {
            s[i] = '\0';
            return;
        }
}

/* Splits `s` in place; stores at most MAX_FIELDS but counts them all. */
static int split_fields(char *s, char **fields)
{
    int n = 0;
    char *field = strtok(s, BLANKS);

    for (; field != NULL; field = strtok(NULL, BLANKS), n++)
        if (n < MAX_FIELDS)
            fields[n] = field;
    return n;
}

/* The index of `word` in `list`, or -1. */
static int find_word(const char *word, const char *const *list, int n)
{
    int i;

    for (i = 0; i < n; i++)
        if (strcmp(word, list[i]) == 0)
            return i;
    return -1;
}

static const struct option_spec *lookup_option(const char *word)
{
    size_t i;

    for (i = 0; i < NOPTIONS; i++)
        if (strcmp(word, option_specs[i].name) == 0)
            return &option_specs[i];
    return NULL;
}

static int append_rule(struct parser *p, const struct rubric_rule *rule)
{
    struct rubric *rb = p->rb;

    if (rb->nrules == p->capacity) {
        size_t want = p->capacity ? 2 * p->capacity : 16;
        struct rubric_rule *grown = realloc(rb->rules, want * sizeof *grown);

        if (grown == NULL)
            return fail(p, "out of memory");
        rb->rules = grown;
        p->capacity = want;
    }
    rb->rules[rb->nrules] = *rule;
    rb->rules[rb->nrules].pattern = copy_string(rule->pattern);
    if (rb->rules[rb->nrules].pattern == NULL)
        return fail(p, "out of memory");
    rb->nrules++;
    return 0;
}

static int parse_rule(struct parser *p, char **f, int nf)
{
    struct rubric_rule rule;
    int category, visibility;

    if (nf != 4)
        return fail(p, "expected PATTERN POINTS CATEGORY VISIBILITY, "
                       "found %d field%s", nf, nf == 1 ? "" : "s");
    if (!parse_number(f[1], &rule.points))
        return fail(p, "points '%s' is not a number", f[1]);
    if (rule.points < 0)
        return fail(p, "points must not be negative, found %s", f[1]);
    category = find_word(f[2], categories, NCATEGORIES);
    if (category < 0)
        return fail(p, "unknown category '%s' (expected build, unit, "
                       "transcript, memory or style)", f[2]);
    visibility = find_word(f[3], visibilities, NVISIBILITIES);
    if (visibility < 0)
        return fail(p, "unknown visibility '%s' (expected visible, hidden "
                       "or after_due_date)", f[3]);
    rule.pattern = f[0];
    rule.category = categories[category];
    rule.visibility = (enum result_visibility)visibility;
    rule.line = p->line;
    return append_rule(p, &rule);
}

static int parse_option(struct parser *p, char **f, int nf)
{
    const struct option_spec *spec;
    double value;
    size_t index;

    if (nf != 3)
        return fail(p, "expected 'option NAME VALUE', found %d field%s", nf,
                    nf == 1 ? "" : "s");
    spec = lookup_option(f[1]);
    if (spec == NULL)
        return fail(p, "unknown option '%s' (expected lenient_share, "
                       "wall_seconds, cpu_seconds, memory_mb, max_processes, "
                       "output_kb, build_seconds, unit_timeout, time_factor, budget_factor, "
                       "budget_cpu_seconds or budget_wall_seconds)", f[1]);
    if (!parse_number(f[2], &value))
        return fail(p, "option %s: '%s' is not a number", spec->name, f[2]);
    if (value < spec->min || value > spec->max)
        return fail(p, "option %s: %s is out of range (%g to %g)",
                    spec->name, f[2], spec->min, spec->max);
    /* In range, so the cast is exact for whole numbers (and needs no libm). */
    if (spec->kind == OPT_WHOLE && value != (double)(long)value)
        return fail(p, "option %s: %s is not a whole number", spec->name,
                    f[2]);
    index = (size_t)(spec - option_specs);
    /* Two settings of one option are a copy-and-paste slip: say which. */
    if (p->option_line[index] != 0)
        return fail(p, "option %s is already set on line %d", spec->name,
                    p->option_line[index]);
    p->option_line[index] = p->line;
    set_option(&p->rb->options, spec, value);
    return 0;
}

static int parse_line(struct parser *p, char *line)
{
    char *fields[MAX_FIELDS];
    int nf;

    strip_comment(line);
    nf = split_fields(line, fields);
    if (nf == 0)
        return 0;
    if (strcmp(fields[0], "option") == 0)
        return parse_option(p, fields, nf);
    return parse_rule(p, fields, nf);
}

/* Frees what a failed read built, keeping the message for the caller. */
static int give_up(struct rubric *rb)
{
    char message[RUBRIC_ERROR_MAX];

    memcpy(message, rb->error, sizeof message);
    rubric_free(rb);
    memcpy(rb->error, message, sizeof message);
    return -1;
}

static int read_lines(struct parser *p, FILE *in)
{
    char *line = NULL;
    size_t size = 0;
    int status = 0;

    while (status == 0 && getline(&line, &size, in) != -1) {
        p->line++;
        status = parse_line(p, line);
    }
    free(line);
    if (status == 0 && ferror(in))
        status = fail(p, "read error");
    return status;
}

int rubric_read(FILE *in, const char *name, struct rubric *rb)
{
    struct parser p;

    memset(rb, 0, sizeof *rb);
    memset(&p, 0, sizeof p);
    p.rb = rb;
    p.name = name;
    rubric_defaults(&rb->options);
    rb->path = copy_string(name);
    if (rb->path == NULL) {
        fail(&p, "out of memory");
        return give_up(rb);
    }
    if (read_lines(&p, in) != 0)
        return give_up(rb);
    if (rb->nrules == 0) {
        snprintf(rb->error, RUBRIC_ERROR_MAX,
                 "%s: no rules, so no test would be graded", name);
        return give_up(rb);
    }
    return 0;
}

int rubric_load(const char *path, struct rubric *rb)
{
    FILE *in = fopen(path, "r");
    int status;

    if (in == NULL) {
        memset(rb, 0, sizeof *rb);
        snprintf(rb->error, RUBRIC_ERROR_MAX, "%s: %s", path, strerror(errno));
        return -1;
    }
    status = rubric_read(in, path, rb);
    fclose(in);
    return status;
}

static long first_match(const struct rubric *rb, const char *name)
{
    size_t i;

    for (i = 0; i < rb->nrules; i++)
        if (fnmatch(rb->rules[i].pattern, name, 0) == 0)
            return (long)i;
    return -1;
}

int rubric_resolve(const struct rubric *rb, const char *const *names,
                   size_t n, struct rubric_grade *out)
{
    size_t *taken = calloc(rb->nrules + 1, sizeof *taken);
    size_t i;

    if (taken == NULL)
        return -1;
    for (i = 0; i < n; i++) {
        long rule = first_match(rb, names[i]);

        memset(&out[i], 0, sizeof out[i]);
        if (rule >= 0) {
            out[i].rule = &rb->rules[rule];
            taken[rule]++;
        }
    }
    for (i = 0; i < n; i++) {
        const struct rubric_rule *rule = out[i].rule;

        if (rule == NULL)
            continue;
        out[i].max_score = rule->points / (double)taken[rule - rb->rules];
        out[i].category = rule->category;
        out[i].visibility = rule->visibility;
    }
    free(taken);
    return 0;
}

void rubric_free(struct rubric *rb)
{
    size_t i;

    for (i = 0; i < rb->nrules; i++)
        free(rb->rules[i].pattern);
    free(rb->rules);
    free(rb->path);
    memset(rb, 0, sizeof *rb);
}
