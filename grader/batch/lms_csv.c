/*
** lms_csv.c -- CSV as LMSs and spreadsheets write it (lms_internal.h).
**
** RFC 4180 records (quoted cells, "" for a quote, line breaks inside
** quotes), read with the forgiveness real exports need: a UTF-8 byte
** order mark first (Excel's "CSV UTF-8"), CRLF, CR or LF line ends, and
** the separator of the first line -- ',' or, from a spreadsheet set to a
** European locale, ';' (or a tab) -- used throughout.  An unclosed quote
** is an error naming the file and the line the record starts on.  The
** bytes each cell of the last record spans are kept, so that a file can
** be written back with some cells changed and every other byte as it was
** (lms_csv_rewrite).
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lms_internal.h"
#include "../report/visible.h"

#define CSV_MAX ((size_t)64 << 20)

/* The separator: whichever of , ; TAB the first line has most of,
** outside quotes (',' when none). */
static char separator_of(const char *line)
{
    size_t comma = 0, semi = 0, tab = 0;
    int quoted = 0;
    for (const char *p = line; *p && (quoted || (*p != '\n' && *p != '\r')); p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (!quoted)
            comma += *p == ',', semi += *p == ';', tab += *p == '\t';
    }
    return semi > comma && semi >= tab ? ';' : tab > comma ? '\t' : ',';
}

int lms_csv_open(struct lms_csv *csv, const char *path)
{
    memset(csv, 0, sizeof *csv);
    csv->file = path;
    int nul;
    if (!(csv->text = batch_read_text(path, CSV_MAX, &nul))) {
        if (!nul)
            visible_printf(stderr, "grade-all: %s: cannot be read (or larger than 64 MiB)\n", path);
        return -1;
    }
    csv->at = csv->text;
    if (strncmp(csv->at, "\xEF\xBB\xBF", 3) == 0)
        csv->at += 3;
    csv->sep = separator_of(csv->at);
    csv->line = 0;
    csv->next_line = 1;
    return 0;
}

static int push(char ***cells, size_t *n, size_t *cap, char *cell)
{
    if (!cell)
        return -1;
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 16;
        char **v = realloc(*cells, c * sizeof *v);
        if (!v) {
            free(cell);
            return -1;
        }
        *cells = v;
        *cap = c;
    }
    (*cells)[(*n)++] = cell;
    return 0;
}

/* One cell from csv->at, which ends past it (on the separator or line
** end); NULL when out of memory or a quote is not closed (*open set). */
static char *cell(struct lms_csv *csv, int *open)
{
    const char *p = csv->at;
    size_t start = (size_t)(p - csv->text);
    size_t len = 0, cap = 64;
    char *out = malloc(cap);
    int quoted = *p == '"';
    p += quoted;
    for (; out; p++) {
        if (!*p) {
            *open = quoted;
            break;
        }
        if (quoted && *p == '"' && p[1] == '"')
            p++;
        else if (quoted && *p == '"') {
            quoted = 0;
            continue;
        } else if (!quoted && (*p == csv->sep || *p == '\n' || *p == '\r'))
            break;
        if (*p == '\n')
            csv->next_line++;
        if (len + 2 > cap) {
            char *grown = realloc(out, cap *= 2);
            if (!grown) {
                free(out);
                return NULL;
            }
            out = grown;
        }
        out[len++] = *p;
    }
    if (out)
        out[len] = '\0';
    csv->at = p;
    if (out && csv->nspans < LMS_CSV_SPANS) {
        csv->spans[csv->nspans][0] = start;
        csv->spans[csv->nspans][1] = (size_t)(p - csv->text);
    }
    csv->nspans++;
    if (*open) {
        free(out);
        return NULL;
    }
    return out;
}

int lms_csv_row(struct lms_csv *csv, char ***cells, size_t *n)
{
    size_t cap = 0;
    int open = 0;
    *cells = NULL;
    *n = 0;
    if (!*csv->at)
        return 0;
    csv->line = csv->next_line;
    csv->nspans = 0;
    for (;;) {
        if (push(cells, n, &cap, cell(csv, &open)) != 0) {
            lms_csv_free_row(*cells, *n);
            *cells = NULL;
            *n = 0;
            visible_printf(stderr, "grade-all: %s:%ld: %s\n", csv->file, csv->line,
                           open ? "a quoted cell is not closed" : "out of memory");
            return -1;
        }
        if (*csv->at != csv->sep)
            break;
        csv->at++;
    }
    if (*csv->at == '\r')
        csv->at++;
    if (*csv->at == '\n')
        csv->at++;
    csv->next_line++;
    return 1;
}

void lms_csv_free_row(char **cells, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(cells[i]);
    free(cells);
}

int lms_csv_span(const struct lms_csv *csv, size_t i, size_t *start, size_t *end)
{
    if (i >= csv->nspans || i >= LMS_CSV_SPANS)
        return -1;
    *start = csv->spans[i][0];
    *end = csv->spans[i][1];
    return 0;
}

long lms_csv_column(char **cells, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++) {
        const char *c = cells[i];
        size_t len = strlen(c);
        while (isspace((unsigned char)*c))
            c++, len--;
        while (len > 0 && isspace((unsigned char)c[len - 1]))
            len--;
        if (len == strlen(name) && strncasecmp(c, name, len) == 0)
            return (long)i;
    }
    return -1;
}

int lms_csv_replace(struct lms_csv *csv, size_t i, const char *cell)
{
    size_t start, end;
    if (lms_csv_span(csv, i, &start, &end) != 0 || start < csv->copied)
        return -1;
    if (fwrite(csv->text + csv->copied, 1, start - csv->copied, csv->out) != start - csv->copied
        || fputs(cell, csv->out) == EOF)
        csv->failed = 1;
    csv->copied = end;
    return 0;
}

int lms_csv_rewrite(struct lms_csv *csv, FILE *out,
                    void (*row)(void *arg, char **cells, size_t n), void *arg)
{
    char **cells;
    size_t n, all = strlen(csv->text);
    int got;
    csv->out = out;
    csv->copied = 0;
    csv->failed = 0;
    while ((got = lms_csv_row(csv, &cells, &n)) == 1) {
        row(arg, cells, n);
        lms_csv_free_row(cells, n);
    }
    if (fwrite(csv->text + csv->copied, 1, all - csv->copied, out) != all - csv->copied)
        csv->failed = 1;
    return got == 0 && !csv->failed ? 0 : -1;
}

void lms_csv_close(struct lms_csv *csv)
{
    free(csv->text);
    memset(csv, 0, sizeof *csv);
}
