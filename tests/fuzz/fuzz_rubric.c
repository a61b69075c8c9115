/*
** fuzz_rubric.c -- fuzz target for the rubric reader, rubric_read() and
** rubric_resolve() (grader/rubric.c).
**
** Input: the rubric file's text, NULs allowed, read through fmemopen().
** Checks what rubric.h states: a rubric read has at least one rule; each
** rule a pattern with no blank that does not start a comment, points
** finite and not negative, a category of the list, a visibility of the
** enum, the line it was on; each option in its range (whole where it
** is whole); resolving a fixed list of test names grades each name by
** the first rule whose glob takes it and splits each rule's points
** equally among the names it takes.  A refusal says "FILE:...", and
** leaves nothing to free.
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_rubric"
#include "fuzz_parser.h"

#include <fnmatch.h>
#include <math.h>

#include "rubric.h"

#define ORIGIN "rubric.txt"

static const char *const names[] = {
    "build/compiles", "style/no_warnings", "unit/public/init_board", "unit/hidden/deep/x",
    "transcript/public/chain", "transcript/hidden/long", "memory/valgrind", "a#b", "*", "",
};
enum { NNAMES = sizeof names / sizeof names[0] };

static void check_rule(const struct rubric_rule *r, size_t lines) FUZZ_NO_COVERAGE;
static void check_rule(const struct rubric_rule *r, size_t lines)
{
    static const char *const categories[] = {"build", "unit", "transcript", "memory", "style"};
    int known = 0;

    for (size_t c = 0; c < sizeof categories / sizeof *categories; c++)
        known |= r->category && strcmp(r->category, categories[c]) == 0;
    if (!r->pattern || !r->pattern[0] || r->pattern[0] == '#' || strpbrk(r->pattern, " \t\r\n\v\f"))
        fuzz_fail("a rule's pattern is empty, a comment or holds a blank", r->pattern);
    if (!isfinite(r->points) || r->points < 0 || !known)
        fuzz_fail("a rule's points or category is not one rubric.h allows", r->pattern);
    if (r->visibility != VISIBLE && r->visibility != HIDDEN && r->visibility != AFTER_DUE_DATE)
        fuzz_fail("a rule's visibility is not of the enum", r->pattern);
    if (r->line < 1 || (size_t)r->line > lines)
        fuzz_fail("a rule's line is not a line of the file", r->pattern);
}

static void check_options(const struct rubric *rb) FUZZ_NO_COVERAGE;
static void check_options(const struct rubric *rb)
{
    const char *name;
    double v;

    for (size_t i = 0; rubric_option(&rb->options, i, &name, &v); i++)
        if (!isfinite(v) || v < 0)
            fuzz_fail("an option out of range", name);
    if (rb->options.lenient_share > 1 || rb->options.max_processes > 4096)
        fuzz_fail("an option past its maximum", NULL);
}

static void check_resolve(const struct rubric *rb) FUZZ_NO_COVERAGE;
static void check_resolve(const struct rubric *rb)
{
    struct rubric_grade out[NNAMES];
    double share[NNAMES] = {0};

    if (rubric_resolve(rb, names, NNAMES, out) != 0)
        fuzz_fail("rubric_resolve failed, though memory did not run out", NULL);
    for (size_t i = 0; i < NNAMES; i++) {
        const struct rubric_rule *first = NULL;
        for (size_t r = 0; r < rb->nrules && !first; r++)
            if (fnmatch(rb->rules[r].pattern, names[i], 0) == 0)
                first = &rb->rules[r];
        if (out[i].rule != first)
            fuzz_fail("a test not graded by the first rule that takes it", names[i]);
        if (!first)
            continue;
        size_t taken = 0;
        for (size_t j = 0; j < NNAMES; j++)
            taken += out[j].rule == first;
        share[i] = first->points / (double)taken;
        if (out[i].max_score != share[i] || out[i].category != first->category ||
            out[i].visibility != first->visibility)
            fuzz_fail("a test's points are not its rule's equal share", names[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    FILE *in = size ? fmemopen(text, size, "r") : fopen("/dev/null", "r");
    struct rubric rb;
    size_t lines = 1;

    if (!in)
        abort();
    for (size_t i = 0; i + 1 < size; i++)
        lines += data[i] == '\n';
    if (rubric_read(in, ORIGIN, &rb) != 0) {
        if (strncmp(rb.error, ORIGIN ":", strlen(ORIGIN ":")) != 0)
            fuzz_fail("a refusal that does not name the file", rb.error);
        if (rb.rules || rb.nrules || rb.path)
            fuzz_fail("a refused rubric left something to free", rb.error);
    } else {
        if (rb.nrules < 1)
            fuzz_fail("a rubric accepted without a rule", NULL);
        for (size_t r = 0; r < rb.nrules; r++)
            check_rule(&rb.rules[r], lines);
        check_options(&rb);
        check_resolve(&rb);
        rubric_free(&rb);
    }
    fclose(in);
    free(text);
    return 0;
}
