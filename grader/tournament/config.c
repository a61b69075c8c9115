/*
** config.c -- a tournament's configuration file (config.h): a line at a
** time, each key looked up in one table of its parser.
*/
#define _DEFAULT_SOURCE
#include "config.h"
#include "../report/visible.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS (TCONFIG_MAX_ARGS + 4)

struct line {
    const char *origin;
    int number;
    char *word[MAX_WORDS];
    int n;
    char *why;
    size_t whylen;
};

/* Writes "ORIGIN:LINE: message" into the line's why[]; returns -1. */
static int complain(struct line *l, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(l->why, l->whylen, "%s:%d: ", l->origin, l->number);

    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < l->whylen)
        vsnprintf(l->why + n, l->whylen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* A whole number in [lo, hi] from word w, or -1 with a complaint. */
static int number(struct line *l, int w, long lo, long hi, long *out)
{
    char *end;

    errno = 0;
    *out = strtol(l->word[w], &end, 10);
    if (errno || *end || end == l->word[w] || *out < lo || *out > hi)
        return complain(l, "'%s' for %s is not a whole number %ld..%ld", l->word[w], l->word[0], lo, hi);
    return 0;
}

static int seconds(struct line *l, double *out)
{
    char *end;

    if (l->n != 2)
        return complain(l, "%s takes one number of seconds", l->word[0]);
    *out = strtod(l->word[1], &end);
    if (*end || end == l->word[1] || !isfinite(*out) || *out <= 0 || *out > 86400)
        return complain(l, "'%s' for %s is not a number of seconds above 0", l->word[1], l->word[0]);
    return 0;
}

/* sizes and players: a list of distinct numbers in [lo, hi]. */
static int list(struct line *l, long lo, long hi, int *items, int *n)
{
    if (l->n < 2 || l->n > TCONFIG_MAX_LIST + 1)
        return complain(l, "%s takes 1..%d numbers", l->word[0], TCONFIG_MAX_LIST);
    *n = 0;
    for (int w = 1; w < l->n; w++) {
        long v;
        if (number(l, w, lo, hi, &v) != 0)
            return -1;
        for (int i = 0; i < *n; i++)
            if (items[i] == v)
                return complain(l, "%s names %ld twice", l->word[0], v);
        items[(*n)++] = (int)v;
    }
    return 0;
}

static int one_number(struct line *l, long lo, long hi, long *out)
{
    if (l->n != 2)
        return complain(l, "%s takes one number", l->word[0]);
    return number(l, 1, lo, hi, out);
}

static int one_path(struct line *l, char **out)
{
    if (l->n != 2)
        return complain(l, "%s takes one path", l->word[0]);
    free(*out);
    return (*out = strdup(l->word[1])) ? 0 : complain(l, "out of memory");
}

/* Room for one more bot in c->bots: 0, or -1 when memory ran out.  The
** array doubles when full, so a class of 500 is not copied 500 times;
** its room is always the least power of two that is at least n_bots
** and 8 (nothing but this function grows it, and tconfig_free() empties
** it). */
static int room_for_bot(struct tconfig *c)
{
    int n = c->n_bots;

    if (n != 0 && (n < 8 || (n & (n - 1)) != 0))
        return 0;
    struct tconfig_bot *grown = realloc(c->bots, (n ? 2 * (size_t)n : 8) * sizeof *grown);
    if (!grown)
        return -1;
    c->bots = grown;
    return 0;
}

/* The bot whose name or file name is that of `name`, or -1. */
static int clash(const struct tconfig *c, const char *name)
{
    char mine[TCONFIG_NAME_MAX + 1];

    tconfig_file_name(name, mine, sizeof mine);
    for (int b = 0; b < c->n_bots; b++)
        if (strcmp(mine, c->bots[b].file) == 0)
            return b;
    return -1;
}

/* The offset of the first byte of `name` that is not shown as it is
** (report/visible.h: a control character, or ill-formed UTF-8), or its
** length.  Records promise UTF-8 and carry names unescaped. */
static size_t first_unprintable(const char *name)
{
    size_t n = strlen(name), i = 0, k;

    while (i < n && (k = visible_char(name + i, n - i)) > 0)
        i += k;
    return i;
}

static int name_valid(const char *name)
{
    return name[0] && strlen(name) <= TCONFIG_NAME_MAX && !strchr(name, '/') && name[0] != '.' &&
           !name[first_unprintable(name)];
}

static int name_ok(struct line *l, const struct tconfig *c, const char *name)
{
    if (!name_valid(name))
        return complain(l, "bot name '%s': 1..%d bytes of UTF-8 without control characters, no '/', "
                        "not starting with '.'", name, TCONFIG_NAME_MAX);
    int b = clash(c, name);
    if (b >= 0)
        return complain(l, "bot name '%s' is taken (or makes the same file name as '%s')", name,
                        c->bots[b].name);
    return 0;
}

/* bot NAME house KIND [DEPTH] | program PATH [ARGS] | submission DIR */
static int bot(struct line *l, struct tconfig *c)
{
    static const char *const kinds[] = {"house", "program", "submission"};
    struct tconfig_bot b = {0};
    long depth = 0;
    int ok = 1;

    if (l->n < 4)
        return complain(l, "bot takes NAME house|program|submission ...");
    if (name_ok(l, c, l->word[1]) != 0)
        return -1;
    if (c->n_bots == TCONFIG_MAX_BOTS)
        return complain(l, "more than %d bots", TCONFIG_MAX_BOTS);
    for (b.kind = TCONFIG_HOUSE; b.kind <= TCONFIG_SUBMISSION; b.kind++)
        if (strcmp(l->word[2], kinds[b.kind]) == 0)
            break;
    if (b.kind > TCONFIG_SUBMISSION)
        return complain(l, "bot %s: '%s' is not house, program or submission", l->word[1], l->word[2]);
    if (b.kind == TCONFIG_HOUSE) {
        if (strcmp(l->word[3], "random") && strcmp(l->word[3], "greedy") && strcmp(l->word[3], "strong"))
            return complain(l, "bot %s: house bots are random, greedy or strong", l->word[1]);
        if (l->n > 5 || (l->n == 5 && number(l, 4, 1, 4, &depth) != 0))
            return l->n > 5 ? complain(l, "bot %s: house KIND [DEPTH]", l->word[1]) : -1;
        b.depth = depth ? (int)depth : 2;
        ok = (b.house = strdup(l->word[3])) != NULL;
    } else {
        if (b.kind == TCONFIG_SUBMISSION && l->n != 4)
            return complain(l, "bot %s: submission takes one folder", l->word[1]);
        ok = (b.path = strdup(l->word[3])) != NULL;
        for (int w = 4; w < l->n && ok; w++)
            ok = (b.args[b.n_args++] = strdup(l->word[w])) != NULL;
    }
    if (!ok || room_for_bot(c) != 0 || !(b.name = strdup(l->word[1]))) {
        free(b.house), free(b.path);
        for (int a = 0; a < b.n_args; a++)
            free(b.args[a]);
        return complain(l, "out of memory");
    }
    tconfig_file_name(b.name, b.file, sizeof b.file);
    c->bots[c->n_bots++] = b;
    return 0;
}

/* class PATH [FORMAT]: the format is checked where it is used (lms.h),
** so that this file needs nothing of the grader's intake. */
static int class_line(struct line *l, struct tconfig *c)
{
    if (l->n < 2 || l->n > 3)
        return complain(l, "class takes PATH [auto|canvas|moodle|gradescope|folders]");
    if (c->class_path)
        return complain(l, "a second class line (one class a tournament)");
    c->class_path = strdup(l->word[1]);
    c->class_format = strdup(l->n == 3 ? l->word[2] : "auto");
    return c->class_path && c->class_format ? 0 : complain(l, "out of memory");
}

/* One line's words, dispatched on its key. */
static int parse_line(struct line *l, struct tconfig *c)
{
    const char *key = l->word[0];
    long v;

    if (strcmp(key, "bot") == 0)
        return bot(l, c);
    if (strcmp(key, "class") == 0)
        return class_line(l, c);
    if (strcmp(key, "sizes") == 0)
        return list(l, 3, 63, c->sizes, &c->n_sizes);
    if (strcmp(key, "players") == 0)
        return list(l, 2, 6, c->counts, &c->n_counts);
    if (strcmp(key, "call_cpu") == 0)
        return seconds(l, &c->call_cpu);
    if (strcmp(key, "game_cpu") == 0)
        return seconds(l, &c->game_cpu);
    if (strcmp(key, "house_program") == 0)
        return one_path(l, &c->house_program);
    if (strcmp(key, "driver") == 0)
        return one_path(l, &c->driver);
    if (strcmp(key, "seed") == 0) {
        char *end;
        /* The count first: a "seed" alone has no word[1] to read. */
        if (l->n != 2 || l->word[1][0] == '-')
            return complain(l, "seed takes one whole number 0..2^64-1");
        errno = 0;
        c->seed = strtoull(l->word[1], &end, 10);
        return !errno && !*end ? 0 : complain(l, "seed takes one whole number 0..2^64-1");
    }
    int *field = strcmp(key, "rounds") == 0 ? &c->rounds : strcmp(key, "memory_mb") == 0 ? &c->memory_mb
               : strcmp(key, "turn_cap") == 0 ? &c->turn_cap : NULL;
    if (!field)
        return complain(l, "unknown key '%s'", key);
    if (one_number(l, field == &c->turn_cap ? 0 : 1, field == &c->memory_mb ? 65536 : 100000, &v) != 0)
        return -1;
    *field = (int)v;
    return 0;
}

int tconfig_parse(const char *text, size_t len, const char *origin, struct tconfig *c, char *why,
                  size_t whylen)
{
    struct line l = {.origin = origin, .why = why, .whylen = whylen};
    char buf[4096];
    size_t at = 0;

    memset(c, 0, sizeof *c);
    c->rounds = 1, c->seed = 1, c->call_cpu = 2, c->game_cpu = 60, c->memory_mb = 256;
    while (at < len) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        l.number++;
        if (end - at >= sizeof buf || memchr(text + at, '\0', end - at)) {
            complain(&l, "line too long or not text");
            goto fail;
        }
        memcpy(buf, text + at, end - at);
        buf[end - at] = '\0';
        at = end + 1;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        l.n = 0;
        for (char *w = strtok(buf, " \t\r"); w; w = strtok(NULL, " \t\r")) {
            if (l.n == MAX_WORDS) {
                complain(&l, "more than %d words", MAX_WORDS);
                goto fail;
            }
            l.word[l.n++] = w;
        }
        if (l.n > 0 && parse_line(&l, c) != 0)
            goto fail;
    }
    if (!c->n_sizes)
        c->sizes[c->n_sizes++] = 4;
    if (!c->n_counts)
        c->counts[c->n_counts++] = 2;
    if (c->n_bots < 2 && !c->class_path) {
        snprintf(why, whylen, "%s: a tournament needs at least two bots", origin);
        goto fail;
    }
    return 0;
fail:
    tconfig_free(c);
    return -1;
}

int tconfig_read(const char *path, struct tconfig *c, char *why, size_t whylen)
{
    FILE *f = fopen(path, "r");
    char *text = malloc(1 << 20);
    size_t len = 0;
    int status = -1;

    memset(c, 0, sizeof *c);
    if (f && text) {
        len = fread(text, 1, 1 << 20, f);
        if (ferror(f) || len == 1 << 20)
            snprintf(why, whylen, "%s: cannot read it, or it is over 1 MiB", path);
        else
            status = tconfig_parse(text, len, path, c, why, whylen);
    } else {
        snprintf(why, whylen, "%s: %s", path, f ? "out of memory" : strerror(errno));
    }
    if (f)
        fclose(f);
    free(text);
    return status;
}

void tconfig_free(struct tconfig *c)
{
    for (int b = 0; b < c->n_bots; b++) {
        free(c->bots[b].name), free(c->bots[b].house), free(c->bots[b].path), free(c->bots[b].refused);
        for (int a = 0; a < c->bots[b].n_args; a++)
            free(c->bots[b].args[a]);
    }
    free(c->bots), free(c->house_program), free(c->driver), free(c->class_path), free(c->class_format);
    memset(c, 0, sizeof *c);
}

int tconfig_write(const struct tconfig *c, FILE *out)
{
    static const char *const kinds[] = {"house", "program", "submission"};

    fprintf(out, "seed %llu\nrounds %d\nsizes", (unsigned long long)c->seed, c->rounds);
    for (int i = 0; i < c->n_sizes; i++)
        fprintf(out, " %d", c->sizes[i]);
    fputs("\nplayers", out);
    for (int i = 0; i < c->n_counts; i++)
        fprintf(out, " %d", c->counts[i]);
    fprintf(out, "\ncall_cpu %.17g\ngame_cpu %.17g\nmemory_mb %d\nturn_cap %d\n", c->call_cpu, c->game_cpu,
            c->memory_mb, c->turn_cap);
    if (c->house_program)
        fprintf(out, "house_program %s\n", c->house_program);
    if (c->driver)
        fprintf(out, "driver %s\n", c->driver);
    if (c->class_path)
        fprintf(out, "class %s %s\n", c->class_path, c->class_format);
    for (int b = 0; b < c->n_bots; b++) {
        const struct tconfig_bot *bot = &c->bots[b];
        if (bot->from_class)
            continue;
        fprintf(out, "bot %s %s %s", bot->name, kinds[bot->kind], bot->kind == TCONFIG_HOUSE ? bot->house : bot->path);
        if (bot->kind == TCONFIG_HOUSE)
            fprintf(out, " %d", bot->depth);
        for (int a = 0; a < bot->n_args; a++)
            fprintf(out, " %s", bot->args[a]);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

void tconfig_file_name(const char *name, char *buf, size_t size)
{
    size_t i = 0;

    for (; name[i] && i + 1 < size; i++) {
        unsigned char ch = (unsigned char)name[i];
        int safe = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                   ch == '_' || ch == '-';   /* no '.': see config.h */
        buf[i] = safe ? (char)ch : '_';
    }
    if (size)
        buf[i] = '\0';
}

/* A valid name for student `id` into buf (see tconfig_add_student): the
** id itself, or its head with a hash of the whole id, which depends on
** that id alone.  -1 when none is found. */
static int student_name(const struct tconfig *c, const char *id, char *buf, size_t size)
{
    uint32_t h = 2166136261u;
    size_t keep = strlen(id);
    const char *head = id;

    /* The id itself, never cut: a cut id would be another's name too. */
    if (strlen(id) < size && name_valid(id) && clash(c, id) < 0) {
        snprintf(buf, size, "%s", id);
        return 0;
    }
    for (const unsigned char *p = (const unsigned char *)id; *p; p++)
        h = (h ^ *p) * 16777619u;
    while (*head == '.')
        head++, keep--;
    if (keep > TCONFIG_NAME_MAX - 9)
        keep = TCONFIG_NAME_MAX - 9;
    while (keep > 0 && ((unsigned char)head[keep] & 0xC0) == 0x80)
        keep--;     /* never cut a UTF-8 sequence in two */
    snprintf(buf, size, "%.*s~%08x", (int)keep, head, (unsigned)h);
    /* Two ids with one hash and one head: only then a counted suffix. */
    for (int n = 2; n < 100 && clash(c, buf) >= 0; n++)
        snprintf(buf, size, "%.*s~%08x-%d", (int)(keep > 3 ? keep - 3 : 0), head, (unsigned)h, n);
    for (char *p = buf; *p; p++)
        if (*p == '/')
            *p = '_';   /* the intake's ids hold none; the contract is for any id */
    for (size_t i; buf[i = first_unprintable(buf)];)
        buf[i] = '_';   /* nor these (it escapes them): one '_' a byte, as in the file name */
    return name_valid(buf) && clash(c, buf) < 0 ? 0 : -1;
}

int tconfig_add_student(struct tconfig *c, const char *id, const char *dir, const char *refused, char *why,
                        size_t whylen)
{
    char name[TCONFIG_NAME_MAX + 1];
    struct tconfig_bot b = {.kind = TCONFIG_SUBMISSION, .from_class = 1};

    if (c->n_bots == TCONFIG_MAX_BOTS)
        return snprintf(why, whylen, "more than %d bots with the class's students", TCONFIG_MAX_BOTS), -1;
    if (student_name(c, id, name, sizeof name) != 0)
        return snprintf(why, whylen, "no bot name left for student %s", id), -1;
    int room = room_for_bot(c) == 0;
    b.name = strdup(name);
    b.path = strdup(dir ? dir : "");
    b.refused = dir ? NULL : strdup(refused ? refused : "not handed in");
    if (!room || !b.name || !b.path || (!dir && !b.refused)) {
        free(b.name), free(b.path), free(b.refused);
        return snprintf(why, whylen, "out of memory"), -1;
    }
    tconfig_file_name(b.name, b.file, sizeof b.file);
    c->bots[c->n_bots++] = b;
    return 0;
}

int tconfig_find(const struct tconfig *c, const char *name)
{
    for (int b = 0; b < c->n_bots; b++)
        if (strcmp(c->bots[b].name, name) == 0)
            return b;
    return -1;
}
