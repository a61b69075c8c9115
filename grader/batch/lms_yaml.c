/*
** lms_yaml.c -- the part of YAML that Gradescope's submission_metadata.yml
** is written in (lms_internal.h), read without a YAML library so that
** every program linking the grader's objects links as before.
**
** Understood: block mappings ("key: value", "key:" then a deeper block,
** or a sequence at the same indent), block sequences ("- item", an item
** that is itself "key: value" opening a mapping), plain, 'single' and
** "double" quoted scalars, comments, literal and folded block scalars
** (| and >, kept as raw text), and Ruby symbols as keys (":name:", the
** leading ':' part of the key).  Flow collections ([], {}), tags and
** anchors are kept as the scalar's text: the intake never reads them.
** Anything else -- a line indented where no block can start, a tab in
** the indentation, a quote not closed -- is an error naming the line.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "lms_internal.h"
#include "../report/visible.h"

#define YAML_MAX_DEPTH 64

struct yaml_line {
    int indent;
    char *text;        /* after the indent, comment and trailing blanks cut */
    long number;
};

struct yaml_reader {
    const char *file;
    struct yaml_line *lines;
    size_t n, at;
    int failed;
};

static int fail(struct yaml_reader *r, long line, const char *why)
{
    if (!r->failed)
        visible_printf(stderr, "grade-all: %s:%ld: %s\n", r->file, line, why);
    r->failed = 1;
    return -1;
}

/* Cuts a comment (" #" outside quotes) and trailing blanks. */
static void cut_comment(char *s)
{
    char quote = 0;
    for (char *p = s; *p; p++) {
        if (quote ? *p == quote : (*p == '\'' || *p == '"'))
            quote = quote ? 0 : *p;
        else if (!quote && *p == '#' && (p == s || p[-1] == ' ')) {
            *p = '\0';
            break;
        }
    }
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

/* Splits `text` into lines, blank and comment lines dropped. */
static int split(struct yaml_reader *r, char *text)
{
    long number = 0;
    for (char *line = text; line; ) {
        char *end = strchr(line, '\n');
        if (end)
            *end = '\0';
        number++;
        int indent = (int)strspn(line, " ");
        if (line[indent] == '\t')
            return fail(r, number, "a tab in the indentation");
        char *body = line + indent;
        cut_comment(body);
        if (*body && strcmp(body, "---") != 0) {
            struct yaml_line *v = realloc(r->lines, (r->n + 1) * sizeof *v);
            if (!v)
                return fail(r, number, "out of memory");
            r->lines = v;
            v[r->n++] = (struct yaml_line){ indent, body, number };
        }
        line = end ? end + 1 : NULL;
    }
    return 0;
}

static struct lms_yaml *node(const char *key, size_t klen, long line)
{
    struct lms_yaml *y = calloc(1, sizeof *y);
    if (y && key && !(y->key = strndup(key, klen))) {
        free(y);
        return NULL;
    }
    if (y)
        y->line = line;
    return y;
}

/* A scalar's value: quotes removed ('' and \" \\ undone). */
static char *scalar(struct yaml_reader *r, const char *s, long line)
{
    size_t n = strlen(s);
    char q = s[0];
    if (q != '\'' && q != '"')
        return strdup(s);
    if (n < 2 || s[n - 1] != q) {
        fail(r, line, "a quoted scalar is not closed on its line");
        return NULL;
    }
    char *out = malloc(n), *o = out;
    for (const char *p = s + 1; out && p < s + n - 1; p++) {
        if (q == '\'' && p[0] == '\'' && p[1] == '\'')
            p++;
        else if (q == '"' && p[0] == '\\' && p + 1 < s + n - 1)
            p++;
        *o++ = *p;
    }
    if (out)
        *o = '\0';
    return out;
}

/* Where "key: value" splits: the ':' ending the key (a leading ':' is
** part of a Ruby symbol), or NULL when the text is no mapping entry. */
static char *colon_of(char *text)
{
    if (text[0] == '\'' || text[0] == '"') {
        char *close = strchr(text + 1, text[0]);
        return close && close[1] == ':' && (!close[2] || close[2] == ' ') ? close + 1 : NULL;
    }
    for (char *p = text + 1; (p = strchr(p, ':')); p++)
        if (!p[1] || p[1] == ' ')
            return p;
    return NULL;
}

static struct lms_yaml *block(struct yaml_reader *r, int indent, int depth);

/* The value after "key:" on line `l`: inline, a block scalar, a deeper
** block, or nothing. */
static struct lms_yaml *value(struct yaml_reader *r, struct lms_yaml *y, const char *rest,
                              int indent, int depth)
{
    while (*rest == ' ')
        rest++;
    if (*rest == '|' || *rest == '>') {
        while (r->at < r->n && r->lines[r->at].indent > indent)
            r->at++;             /* a block scalar: its text is not needed */
        y->value = strdup("");
    } else if (*rest)
        y->value = scalar(r, rest, y->line);
    else if (r->at < r->n && (r->lines[r->at].indent > indent
             || (r->lines[r->at].indent == indent && r->lines[r->at].text[0] == '-')))
        y->child = block(r, r->lines[r->at].indent, depth + 1);
    else
        y->value = strdup("");
    return r->failed ? NULL : y;
}

static struct lms_yaml *entry(struct yaml_reader *r, struct yaml_line *l, int depth)
{
    char *colon = colon_of(l->text);
    if (!colon)
        return fail(r, l->number, "expected \"key: value\""), NULL;
    const char *key = l->text;
    size_t klen = (size_t)(colon - l->text);
    char *k = NULL;
    if (key[0] == '\'' || key[0] == '"') {
        k = strndup(key, klen);
        char *unq = k ? scalar(r, k, l->number) : NULL;
        free(k);
        k = unq;
        key = k;
        klen = k ? strlen(k) : 0;
    }
    struct lms_yaml *y = key ? node(key, klen, l->number) : NULL;
    free(k);
    r->at++;
    if (y && !value(r, y, colon + 1, l->indent, depth)) {
        lms_yaml_free(y);       /* a bad value: the entry is nobody's yet */
        return NULL;
    }
    return y;
}

/* The items of a block at `indent`, a mapping or a sequence, as a list. */
static struct lms_yaml *block(struct yaml_reader *r, int indent, int depth)
{
    struct lms_yaml *first = NULL, **tail = &first;
    int seq = r->lines[r->at].text[0] == '-';
    if (depth > YAML_MAX_DEPTH)
        return fail(r, r->lines[r->at].number, "nested too deeply"), NULL;
    while (!r->failed && r->at < r->n && r->lines[r->at].indent == indent
           && (r->lines[r->at].text[0] == '-') == seq) {
        struct yaml_line *l = &r->lines[r->at];
        struct lms_yaml *y;
        if (!seq)
            y = entry(r, l, depth);
        else if ((y = node(NULL, 0, l->number))) {
            int pad = 1 + (int)strspn(l->text + 1, " ");
            if (!l->text[1]) {
                r->at++;                          /* "-" alone: a deeper block, */
                if (r->at < r->n && r->lines[r->at].indent > indent)
                    y->child = block(r, r->lines[r->at].indent, depth + 1);
                else if (!(y->value = strdup("")))  /* or an empty item */
                    fail(r, l->number, "out of memory");
            } else if (colon_of(l->text + pad)) {
                l->indent += pad;                 /* "- key: v" opens a mapping */
                l->text += pad;
                y->child = block(r, l->indent, depth + 1);
            } else {
                y->value = scalar(r, l->text + pad, l->number);
                r->at++;
            }
        }
        if (!y)
            return fail(r, l->number, "out of memory"), first;
        *tail = y;
        tail = &y->next;
    }
    if (!r->failed && r->at < r->n && r->lines[r->at].indent > indent)
        fail(r, r->lines[r->at].number, "indented where nothing opens a block");
    return first;
}

struct lms_yaml *lms_yaml_parse(char *text, const char *file)
{
    struct yaml_reader r = { .file = file };
    struct lms_yaml *top = NULL;
    if (split(&r, text) == 0 && r.n > 0) {
        top = node(NULL, 0, 1);
        if (top)
            top->child = block(&r, r.lines[0].indent, 0);
        if (!r.failed && r.at < r.n)
            fail(&r, r.lines[r.at].number, "not part of the top mapping");
    }
    free(r.lines);
    if (r.failed) {
        lms_yaml_free(top);
        return NULL;
    }
    return top ? top : node(NULL, 0, 1);
}

const struct lms_yaml *lms_yaml_get(const struct lms_yaml *map, const char *key)
{
    for (const struct lms_yaml *y = map ? map->child : NULL; y; y = y->next)
        if (y->key && strcmp(y->key[0] == ':' ? y->key + 1 : y->key, key) == 0)
            return y;
    return NULL;
}

void lms_yaml_free(struct lms_yaml *y)
{
    while (y) {
        struct lms_yaml *next = y->next;
        lms_yaml_free(y->child);
        free(y->key);
        free(y->value);
        free(y);
        y = next;
    }
}
