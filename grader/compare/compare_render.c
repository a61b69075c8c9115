/*
** compare_render.c -- the feedback text a student reads when a transcript
** differs: the verdicts, the first difference, the move being processed,
** and a side-by-side window of numbered lines with whitespace made
** visible (see compare.h for the format and an example).
**
** Every byte taken from the outputs or the input goes through
** compare_visible(), so the result is valid UTF-8 without control bytes
** but '\n' (and the ANSI colours, when asked for).  Only a bounded window
** of the outputs is rendered: the cost does not grow with their size.
** The text is written to an open_memstream() stream, whose error flag
** records a failed allocation for the single check at the end.
*/
#define _POSIX_C_SOURCE 200809L  /* open_memstream */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

/* Rows in the window: the differing line and its context on each side. */
#define WINDOW_ROWS (2 * COMPARE_CONTEXT_LINES + 1)

#define ANSI_RESET "\033[0m"
#define ANSI_DIM "\033[2m"
#define ANSI_RED "\033[31m"
#define ANSI_GREEN "\033[32m"
#define ANSI_CARET "\033[1;33m"

/* Writes s, in an ANSI colour when `color` is on. */
static void paint(FILE *out, int color, const char *ansi, const char *s)
{
    fprintf(out, "%s%s%s", color ? ansi : "", s, color ? ANSI_RESET : "");
}

/* Display width of shown text: one column per UTF-8 character. */
static size_t width_of(const char *shown)
{
    size_t width = 0;
    for (; *shown; shown++)
        width += ((unsigned char)*shown & 0xC0) != 0x80;
    return width;
}

static int is_continuation(char c)
{
    return ((unsigned char)c & 0xC0) == 0x80;
}

/* Moves a cut at byte i of s[0, len) forward to the next character
** boundary (at most 3 bytes: no UTF-8 character is longer). */
static size_t boundary_after(const char *s, size_t len, size_t i)
{
    for (size_t n = 0; n < 3 && i < len && is_continuation(s[i]); n++)
        i++;
    return i;
}

/* Moves byte i of s back to the start of its character, not before
** `from`; i == to (a boundary already) is left alone and not read. */
static size_t boundary_before(const char *s, size_t from, size_t to, size_t i)
{
    for (size_t n = 0; n < 3 && i > from && i < to && is_continuation(s[i]); n++)
        i--;
    return i;
}

/* The byte columns [from, to) of every line that the window shows. */
struct columns {
    size_t from, to;
};

/* Whole lines when the differing lines fit, else a window centred on
** the differing column.  One window for all rows keeps them aligned. */
static struct columns choose_columns(const struct compare_diff *d)
{
    size_t column = d->expected.column - 1;
    size_t longest = d->expected.line_len > d->actual.line_len
                   ? d->expected.line_len : d->actual.line_len;
    size_t from = 0;

    if (longest > COMPARE_LINE_WINDOW && column > COMPARE_LINE_WINDOW / 2)
        from = column - COMPARE_LINE_WINDOW / 2;
    return (struct columns){ from, from + COMPARE_LINE_WINDOW };
}

/* One side's cell of one row: `lead`, the shown bytes, `tail`. */
struct cell {
    const char *lead, *tail;   /* "…", "⏎", a note, or "" */
    char *shown;               /* from compare_visible(), or NULL */
    size_t width;              /* display width of the three */
    int failed;                /* memory ran out while rendering it */
};

/* Display width of bytes s[0, len) once shown; *shown gets the text
** (caller frees) when shown is not NULL.  Sets *failed when memory ran
** out (the width is then 0). */
static size_t show(const char *s, size_t len, char **shown, int *failed)
{
    char *text = compare_visible(s, len, 0);
    size_t width = text ? width_of(text) : 0;

    *failed |= text == NULL;
    if (shown)
        *shown = text;
    else
        free(text);
    return width;
}

/* Renders the line line[0, len) through the window into *cell, and
** returns the width of its part before byte `column` (for the caret). */
static size_t render_line(struct cell *cell, const char *line, size_t len,
                          int newline, struct columns cols, size_t column)
{
    /* A line that ends before the window would show nothing: show its
    ** end instead (it is context, the caret is not on it). */
    if (len <= cols.from)
        cols.from = len > COMPARE_LINE_WINDOW ? len - COMPARE_LINE_WINDOW : 0;
    size_t from = cols.from > 0 ? boundary_after(line, len, cols.from) : 0;
    size_t to = boundary_after(line, len, len < cols.to ? len : cols.to);
    /* Context lines get the differing row's `column` too.  It is never
    ** before `from` (see choose_columns), but a clamp costs nothing and
    ** keeps a wrong caret from ever becoming a read out of bounds. */
    size_t stop = column < from ? from : column < to ? column : to;
    size_t before = boundary_before(line, from, to, stop);
    size_t lead = cols.from > 0;

    cell->lead = lead ? "…" : "";
    cell->tail = to < len ? "…" : newline ? "⏎" : "";
    cell->width = lead + show(line + from, to - from, &cell->shown, &cell->failed)
                + (*cell->tail != '\0');
    return lead + show(line + from, before - from, NULL, &cell->failed);
}

/* A row of the side-by-side window. */
struct row {
    size_t line;
    struct cell cell[2];   /* expected, actual */
    size_t caret[2];       /* on the differing row only */
};

/* Fills cell `which` of rows[0, nrows) with the lines of `side` from
** line rows[0].line on, which starts at byte `start`. */
static void fill_side(struct row *rows, size_t nrows, int which,
                      const struct compare_side *side, size_t start,
                      size_t diff_line, struct columns cols)
{
    size_t pos = start;

    for (size_t r = 0; r < nrows; r++) {
        struct cell *cell = &rows[r].cell[which];
        cell->lead = cell->tail = "";
        if (pos > side->len)
            continue;
        if (pos == side->len) {
            /* Say so on the first row past the end; leave the rest blank. */
            cell->lead = side->len ? "(end of output)" : "(empty output)";
            cell->width = strlen(cell->lead);
            pos++;
            continue;
        }
        const char *nl = memchr(side->text + pos, '\n', side->len - pos);
        size_t end = nl ? (size_t)(nl - side->text) : side->len;
        size_t caret = render_line(cell, side->text + pos, end - pos, nl != NULL,
                                   cols, side->column - 1);
        if (rows[r].line == diff_line)
            rows[r].caret[which] = caret;
        pos = nl ? end + 1 : end;
    }
}

/* Start of the line `count` lines before the one starting at `start`. */
static size_t lines_back(const char *text, size_t start, size_t count)
{
    for (; count > 0 && start > 0; count--) {
        start--;
        while (start > 0 && text[start - 1] != '\n')
            start--;
    }
    return start;
}

static int digits(size_t n)
{
    int d = 1;
    while (n >= 10)
        n /= 10, d++;
    return d;
}

static void put_omitted(FILE *out, size_t count, int color)
{
    char note[64];

    if (count == 0)
        return;
    snprintf(note, sizeof note, "  … %zu line%s omitted …", count, count == 1 ? "" : "s");
    paint(out, color, ANSI_DIM, note);
    fputc('\n', out);
}

static void put_cell(FILE *out, const struct cell *cell, int color, const char *ansi)
{
    fprintf(out, "%s%s%s%s%s", color ? ansi : "", cell->lead,
            cell->shown ? cell->shown : "", cell->tail, color ? ANSI_RESET : "");
}

/* Writes the rows: ">" marks the differing line, carets go under it. */
static void put_rows(FILE *out, const struct row *rows, size_t nrows,
                     size_t diff_line, int color)
{
    int number = digits(rows[nrows - 1].line) < 4 ? 4 : digits(rows[nrows - 1].line);
    size_t width = strlen("expected");

    for (size_t r = 0; r < nrows; r++) {
        if (rows[r].cell[0].width > width)
            width = rows[r].cell[0].width;
        if (rows[r].line == diff_line && rows[r].caret[0] + 1 > width)
            width = rows[r].caret[0] + 1;
    }
    fprintf(out, "  %*s | expected%*s | actual\n", number, "",
            (int)(width - strlen("expected")), "");
    for (size_t r = 0; r < nrows; r++) {
        const struct row *row = &rows[r];
        int differs = row->line == diff_line;
        fprintf(out, "%s %*zu | ", differs ? ">" : " ", number, row->line);
        put_cell(out, &row->cell[0], color && differs, ANSI_GREEN);
        fprintf(out, "%*s | ", (int)(width - row->cell[0].width), "");
        put_cell(out, &row->cell[1], color && differs, ANSI_RED);
        fputc('\n', out);
        if (!differs)
            continue;
        fprintf(out, "  %*s | %*s", number, "", (int)row->caret[0], "");
        paint(out, color, ANSI_CARET, "^");
        fprintf(out, "%*s | %*s", (int)(width - row->caret[0] - 1), "", (int)row->caret[1], "");
        paint(out, color, ANSI_CARET, "^");
        fputc('\n', out);
    }
}

/* The side-by-side window around the first difference.  Returns 0, or
** -1 when memory ran out. */
static int put_window(FILE *out, const struct compare_diff *d, int color)
{
    size_t diff_line = d->expected.line;
    size_t most = d->expected.lines > d->actual.lines ? d->expected.lines : d->actual.lines;
    size_t first = diff_line > COMPARE_CONTEXT_LINES ? diff_line - COMPARE_CONTEXT_LINES : 1;
    size_t last = diff_line + COMPARE_CONTEXT_LINES < most ? diff_line + COMPARE_CONTEXT_LINES : most;
    if (last < diff_line)
        last = diff_line;
    size_t nrows = last - first + 1;
    /* Before the difference both texts agree, so one start serves both. */
    size_t line_start = (size_t)(d->expected.line_text - d->expected.text);
    size_t start = lines_back(d->expected.text, line_start, diff_line - first);
    struct columns cols = choose_columns(d);
    struct row rows[WINDOW_ROWS];
    int failed = 0;

    memset(rows, 0, sizeof rows);
    for (size_t r = 0; r < nrows; r++)
        rows[r].line = first + r;
    fill_side(rows, nrows, 0, &d->expected, start, diff_line, cols);
    fill_side(rows, nrows, 1, &d->actual, start, diff_line, cols);
    put_omitted(out, first - 1, color);
    put_rows(out, rows, nrows, diff_line, color);
    put_omitted(out, most - last, color);
    for (size_t r = 0; r < nrows; r++)
        for (int side = 0; side < 2; side++) {
            failed |= rows[r].cell[side].failed;
            free(rows[r].cell[side].shown);
        }
    return failed ? -1 : 0;
}

/* "exact comparison: ..." and "lenient comparison: ..." lines. */
static void put_verdicts(FILE *out, const struct compare_diff *d, int color)
{
    const struct compare_side *e = &d->expected, *a = &d->actual;

    fputs("exact comparison: ", out);
    paint(out, color, d->exact ? ANSI_GREEN : ANSI_RED, d->exact ? "passed" : "FAILED");
    switch (d->kind) {
    case COMPARE_SAME:
        fputs(" (the outputs are identical)", out);
        break;
    case COMPARE_LINE_DIFFERS:
        fprintf(out, " (line %zu differs)", e->line);
        break;
    case COMPARE_MISSING_LINES:
        fprintf(out, " (the output stops early: expected %zu lines, got %zu)", e->lines, a->lines);
        break;
    case COMPARE_EXTRA_LINES:
        fprintf(out, " (the output goes on too long: expected %zu lines, got %zu)", e->lines, a->lines);
        break;
    case COMPARE_FINAL_NEWLINE:
        fputs(a->final_newline ? " (only the final newline differs: the output has an extra one)"
                               : " (only the final newline differs: the output lacks it)", out);
        break;
    case COMPARE_TRAILING_SPACE:
        fputs(" (only trailing whitespace differs)", out);
        break;
    }
    fputs("\nlenient comparison (whitespace ignored): ", out);
    paint(out, color, d->lenient ? ANSI_GREEN : ANSI_RED, d->lenient ? "passed" : "FAILED");
    fputc('\n', out);
}

/* Notes under the window: a final newline that one side lacks (not when
** both lack it: every transcript ends with a prompt), and the legend. */
static void put_notes(FILE *out, const struct compare_diff *d)
{
    if (d->expected.final_newline && !d->actual.final_newline)
        fputs("actual: (no newline at end of output)\n", out);
    if (d->actual.final_newline && !d->expected.final_newline)
        fputs("expected: (no newline at end of output)\n", out);
    fputs("shown: · space, → tab, ␍ carriage return, ⏎ end of line, "
          "\\xNN other bytes, \\\\ backslash\n", out);
}

char *compare_render(const struct compare_diff *diff, unsigned flags)
{
    char *text = NULL;
    size_t size = 0;
    int color = (flags & COMPARE_COLOR) != 0, failed = 0;
    FILE *out = open_memstream(&text, &size);

    if (!out)
        return NULL;
    put_verdicts(out, diff, color);
    if (diff->kind != COMPARE_SAME) {
        fprintf(out, "first difference: line %zu, column %zu (byte offset %zu)\n",
                diff->expected.line, diff->expected.column, diff->offset);
        if (diff->move.status != COMPARE_MOVE_UNKNOWN) {
            char *move = compare_describe_move(&diff->move);
            fprintf(out, "input being processed: %s\n", move ? move : "?");
            failed |= move == NULL;
            free(move);
        }
        fputc('\n', out);
        failed |= put_window(out, diff, color) != 0;
        put_notes(out, diff);
    }
    failed |= ferror(out) != 0;
    /* The stream stores its buffer in `text` when it is closed. */
    if (fclose(out) != 0 || failed) {
        free(text);
        return NULL;
    }
    return text;
}

char *compare_feedback(const char *expected, size_t expected_len,
                       const char *actual, size_t actual_len,
                       const char *input, size_t input_len,
                       const struct compare_moves *moves, unsigned flags)
{
    struct compare_diff diff;

    compare_diff(&diff, expected, expected_len, actual, actual_len, input, input_len, moves);
    return compare_render(&diff, flags);
}
