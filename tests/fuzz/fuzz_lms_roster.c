/*
** fuzz_lms_roster.c -- fuzz target for the roster reader of the LMS
** intake (grader/batch/lms_roster.c: read_roster(), which reads the
** header and every row through lms_csv.c, and match()).  They are
** static, so the target includes lms_roster.c; a roster is a file an
** instructor exported, or anyone made.
**
** Input: the roster file's bytes.  The harness's batch_read_text() stands in
** for the grader's, returning the input (see fuzz_lms_csv.c).  Checks
** what lms_roster.c states of a roster read: every enrolled student has
** a key and an id, no key (nor e-mail) twice, lines that increase; a
** Canvas id is the sortable name lowercased to letters and digits, then
** "_KEY"; a student's own key finds a student (match()).  Read or
** refused, roster_free() frees all (LeakSanitizer would say).
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_lms_roster"
#include "fuzz_parser.h"

#include "../../grader/batch/lms_roster.c"

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

/* What lms_roster_apply calls besides the reader, never reached here. */
void lms_note(struct lms_intake *in, const char *fmt, ...)
{
    (void)in, (void)fmt;
    fuzz_fail("the reader called lms_note", NULL);
}
char *lms_visible_id(const char *raw)
{
    (void)raw;
    fuzz_fail("the reader called lms_visible_id", NULL);
    return NULL;
}

static void check_canvas_id(const struct enrolled *e) FUZZ_NO_COVERAGE;
static void check_canvas_id(const struct enrolled *e)
{
    size_t n = strlen(e->id), k = strlen(e->key);

    if (n < k + 1 || e->id[n - k - 1] != '_' || strcmp(e->id + n - k, e->key) != 0)
        fuzz_fail("a Canvas id that does not end in _KEY", e->id);
    for (size_t i = 0; i < n - k - 1; i++) {
        unsigned char ch = (unsigned char)e->id[i];
        if (!(ch >= 0x80 || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')))
            fuzz_fail("a Canvas id's name is not lowercase letters and digits", e->id);
    }
}

static void check(struct roster *r) FUZZ_NO_COVERAGE;
static void check(struct roster *r)
{
    for (size_t i = 0; i < r->n; i++) {
        const struct enrolled *e = &r->e[i];
        if (!e->key || !e->key[0] || !e->id || (e->key2 && !e->key2[0]))
            fuzz_fail("a student without a key or an id", NULL);
        if (i > 0 && e->line <= r->e[i - 1].line)
            fuzz_fail("students whose lines do not increase", e->key);
        for (size_t j = 0; j < i; j++)
            if (strcmp(r->e[j].key, e->key) == 0 || (e->key2 && r->e[j].key2 && !strcmp(r->e[j].key2, e->key2)))
                fuzz_fail("a key or an e-mail enrolled twice", e->key);
        if (r->kind == CANVAS)
            check_canvas_id(e);
        if (r->kind != MOODLE_PEOPLE && !match(r, e->key, NULL))
            fuzz_fail("a student's own key matches nobody", e->key);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct roster r = {.path = "roster.csv"};

    input = data;
    input_size = size;
    if (read_roster(&r) == 0)
        check(&r);
    roster_free(&r);            /* as lms_roster_apply does, read or refused */
    return 0;
}
