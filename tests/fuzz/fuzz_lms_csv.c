/*
** fuzz_lms_csv.c -- fuzz target for the CSV reader of the LMS intake,
** lms_csv_open() and lms_csv_row() (grader/batch/lms_csv.c): rosters
** and gradebooks are files an LMS or a spreadsheet wrote, or anyone.
**
** Input: the file's bytes.  The harness's batch_read_text() stands in for the
** grader's (batch_file.c, which reads the file named): it returns the
** input, NUL-terminated, as that one would the file's contents.  Checks
** what lms_internal.h states: every record has a cell, each cell's span
** lies in the text, spans follow one another, one separator apart, and
** the span's bytes, their quotes undone, are the cell; records start on
** later and later lines; a malformed record is one with a quote left
** open.  And lms_csv_rewrite() -- "every other byte as it was" -- with
** every cell replaced (lms_csv_replace()) by its own span's bytes, writes
** the file back byte for byte.
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_lms_csv"
#include "fuzz_parser.h"

#include "batch/lms_internal.h"

static const uint8_t *input;
static size_t input_size;

/* The grader's batch_read_text, on the input instead of a file: NULL
** for an input holding a NUL byte, as batch_file.c's refuses the file. */
char *batch_read_text(const char *path, size_t cap, int *nul)
{
    (void)path;
    *nul = input_size > 0 && memchr(input, 0, input_size) != NULL;
    return !*nul && input_size <= cap ? fuzz_cstring(input, input_size) : NULL;
}

/* Whether text[s, e), its quotes undone as lms_csv.c's header says, is
** `cell`. */
static int span_is_cell(const char *text, size_t s, size_t e, const char *cell) FUZZ_NO_COVERAGE;
static int span_is_cell(const char *text, size_t s, size_t e, const char *cell)
{
    int quoted = s < e && text[s] == '"';
    size_t i = s + (size_t)quoted;

    for (; i < e; cell++) {
        if (quoted && text[i] == '"' && i + 1 < e && text[i + 1] == '"')
            i++;
        else if (quoted && text[i] == '"') {
            quoted = 0;
            i++;
            cell--;
            continue;
        }
        if (*cell != text[i++])
            return 0;
    }
    return *cell == '\0';
}

static void check_row(const struct lms_csv *csv, char **cells, size_t n, size_t len) FUZZ_NO_COVERAGE;
static void check_row(const struct lms_csv *csv, char **cells, size_t n, size_t len)
{
    size_t start, end, before = 0;

    if (n < 1 || !cells)
        fuzz_fail("a record of no cell", NULL);
    for (size_t i = 0; i < n && i < LMS_CSV_SPANS; i++) {
        if (lms_csv_span(csv, i, &start, &end) != 0)
            fuzz_fail("a cell without its span", cells[i]);
        if (start > end || end > len || (i > 0 && (start != before + 1 || csv->text[before] != csv->sep)))
            fuzz_fail("a span out of the text, or not one separator after the one before", cells[i]);
        if (!span_is_cell(csv->text, start, end, cells[i]))
            fuzz_fail("a span's bytes are not its cell", cells[i]);
        before = end;
    }
    if (lms_csv_span(csv, n, &start, &end) == 0)
        fuzz_fail("a span past the record's cells", NULL);
}

/* lms_csv_rewrite's row callback: each cell replaced by its own bytes. */
static void same_cells(void *arg, char **cells, size_t n) FUZZ_NO_COVERAGE;
static void same_cells(void *arg, char **cells, size_t n)
{
    struct lms_csv *csv = arg;
    size_t start, end;

    (void)cells;
    for (size_t i = 0; i < n && i < LMS_CSV_SPANS; i++) {
        if (lms_csv_span(csv, i, &start, &end) != 0)
            fuzz_fail("a cell without its span", NULL);
        char *bytes = fuzz_cstring((const uint8_t *)csv->text + start, end - start);
        if (lms_csv_replace(csv, i, bytes) != 0)
            fuzz_fail("lms_csv_replace refused a cell of the record", bytes);
        free(bytes);
    }
}

static void check_rewrite(void) FUZZ_NO_COVERAGE;
static void check_rewrite(void)
{
    struct lms_csv csv;
    char *out = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&out, &n);

    if (!f || lms_csv_open(&csv, "grades.csv") != 0)
        abort();
    int rc = lms_csv_rewrite(&csv, f, same_cells, &csv);
    if (fclose(f) != 0)
        abort();
    if (rc == 0 && (n != strlen(csv.text) || memcmp(out, csv.text, n) != 0))
        fuzz_fail("a file written back with its own cells is not the file", out);
    free(out);
    lms_csv_close(&csv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct lms_csv csv;
    char **cells;
    size_t n;
    long line = 0;
    int rc;

    input = data;
    input_size = size;
    if (lms_csv_open(&csv, "roster.csv") != 0) {
        /* The grader's batch_read_text refuses a file holding a NUL byte
        ** (so does the stand-in above); any other refusal is a bug. */
        if (size > 0 && memchr(data, 0, size))
            return 0;
        fuzz_fail("lms_csv_open failed on a readable file", NULL);
    }
    if (csv.sep != ',' && csv.sep != ';' && csv.sep != '\t')
        fuzz_fail("a separator other than , ; or tab", NULL);
    size_t len = strlen(csv.text);
    while ((rc = lms_csv_row(&csv, &cells, &n)) == 1) {
        if (csv.line <= line)
            fuzz_fail("a record that does not start on a later line", NULL);
        line = csv.line;
        check_row(&csv, cells, n, len);
        lms_csv_free_row(cells, n);
    }
    if (rc == -1 && !strchr(csv.text, '"'))
        fuzz_fail("a record refused, though no quote could be open", NULL);
    if (rc != -1 && rc != 0)
        fuzz_fail("lms_csv_row returned neither 1, 0 nor -1", NULL);
    lms_csv_close(&csv);
    check_rewrite();
    return 0;
}
