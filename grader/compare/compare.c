/*
** compare.c -- the comparisons themselves: exact and lenient equality,
** the first difference and its kind.  Which input move a difference
** belongs to is compare_move.c's job; rendering it for humans is
** compare_render.c's.
**
** Everything here is one forward pass (or two) over the texts, using
** memcmp/memchr where they help, so multi-megabyte outputs and lines of
** 100,000 bytes cost no more than reading them.  Nothing is allocated.
*/
#include <assert.h>
#include <string.h>

#include "compare.h"

/* Bytes memcmp'd at a time while looking for the first difference. */
#define COMPARE_BLOCK 4096

/* Whitespace that may trail a line without changing its tokens. */
static int is_trailing_space(unsigned char c)
{
    return c != '\n' && compare_is_space(c);
}

/* Index of the first '\n' in text[from, len), or len. */
static size_t line_end(const char *text, size_t len, size_t from)
{
    const char *nl = from < len ? memchr(text + from, '\n', len - from) : NULL;
    return nl ? (size_t)(nl - text) : len;
}

/* Number of '\n' in text[0, len). */
static size_t count_newlines(const char *text, size_t len)
{
    size_t count = 0;
    for (size_t i = line_end(text, len, 0); i < len; i = line_end(text, len, i + 1))
        count++;
    return count;
}

int compare_exact(const char *expected, size_t expected_len,
                  const char *actual, size_t actual_len)
{
    return expected_len == actual_len
        && (expected_len == 0 || memcmp(expected, actual, expected_len) == 0);
}

static size_t skip_spaces(const char *text, size_t len, size_t i)
{
    while (i < len && compare_is_space((unsigned char)text[i]))
        i++;
    return i;
}

int compare_lenient(const char *expected, size_t expected_len,
                    const char *actual, size_t actual_len)
{
    size_t i = 0, j = 0;

    for (;;) {
        i = skip_spaces(expected, expected_len, i);
        j = skip_spaces(actual, actual_len, j);
        if (i == expected_len || j == actual_len)
            return i == expected_len && j == actual_len;
        while (i < expected_len && j < actual_len
               && !compare_is_space((unsigned char)expected[i])
               && expected[i] == actual[j])
            i++, j++;
        /* Both tokens must end here, or they differ. */
        int expected_ended = i == expected_len || compare_is_space((unsigned char)expected[i]);
        int actual_ended = j == actual_len || compare_is_space((unsigned char)actual[j]);
        if (!expected_ended || !actual_ended)
            return 0;
    }
}

/* Offset of the first byte where the texts differ; the shorter length
** when one is a prefix of the other. */
static size_t first_difference(const char *a, const char *b, size_t n)
{
    size_t i = 0;
    while (n - i >= COMPARE_BLOCK && memcmp(a + i, b + i, COMPARE_BLOCK) == 0)
        i += COMPARE_BLOCK;
    while (i < n && a[i] == b[i])
        i++;
    return i;
}

/* Does `longer` only add a final '\n' that `shorter` lacks?  `shorter`
** must already be a prefix of `longer`.  "a\n\n" against "a\n" is an
** extra (blank) line, not a missing final newline. */
static int only_final_newline(const char *shorter, size_t shorter_len,
                              const char *longer, size_t longer_len)
{
    return longer_len == shorter_len + 1 && longer[shorter_len] == '\n'
        && shorter_len > 0 && shorter[shorter_len - 1] != '\n';
}

/* Length of a line once trailing whitespace is cut. */
static size_t trimmed_length(const char *line, size_t len)
{
    while (len > 0 && is_trailing_space((unsigned char)line[len - 1]))
        len--;
    return len;
}

/* Are the texts equal line by line once trailing whitespace is cut from
** every line?  The piece after the last '\n' counts as a line, so a
** missing final newline is not forgiven here. */
static int equal_but_trailing_space(const char *a, size_t a_len,
                                    const char *b, size_t b_len)
{
    size_t i = 0, j = 0;

    for (;;) {
        size_t a_end = line_end(a, a_len, i), b_end = line_end(b, b_len, j);
        size_t a_cut = trimmed_length(a + i, a_end - i);
        size_t b_cut = trimmed_length(b + j, b_end - j);
        if (a_cut != b_cut || (a_cut > 0 && memcmp(a + i, b + j, a_cut) != 0))
            return 0;
        if ((a_end < a_len) != (b_end < b_len))
            return 0;
        if (a_end == a_len)
            return 1;
        i = a_end + 1, j = b_end + 1;
    }
}

static enum compare_kind classify(const struct compare_diff *d)
{
    const struct compare_side *e = &d->expected, *a = &d->actual;

    if ((d->offset == a->len && only_final_newline(a->text, a->len, e->text, e->len))
        || (d->offset == e->len && only_final_newline(e->text, e->len, a->text, a->len)))
        return COMPARE_FINAL_NEWLINE;
    if (equal_but_trailing_space(e->text, e->len, a->text, a->len))
        return COMPARE_TRAILING_SPACE;
    if (d->offset == a->len)
        return COMPARE_MISSING_LINES;
    if (d->offset == e->len)
        return COMPARE_EXTRA_LINES;
    return COMPARE_LINE_DIFFERS;
}

/* Sets the whole-text facts of a side. */
static void side_init(struct compare_side *side, const char *text, size_t len)
{
    memset(side, 0, sizeof *side);
    side->text = len ? text : "";
    side->len = len;
    side->final_newline = len > 0 && text[len - 1] == '\n';
    side->lines = count_newlines(text, len) + (len > 0 && !side->final_newline);
}

/* Sets where `offset` is in a side, given the line it is on and where
** that line starts (the same for both sides: they agree before offset). */
static void side_locate(struct compare_side *side, size_t offset,
                        size_t line, size_t line_start)
{
    size_t end = line_end(side->text, side->len, line_start);

    side->line = line;
    side->column = offset - line_start + 1;
    side->line_text = side->text + line_start;
    side->line_len = end - line_start;
    side->line_exists = line_start < side->len;
    side->line_newline = end < side->len;
}

void compare_diff(struct compare_diff *diff,
                  const char *expected, size_t expected_len,
                  const char *actual, size_t actual_len,
                  const char *input, size_t input_len, const struct compare_moves *moves)
{
    assert(diff && (expected || !expected_len) && (actual || !actual_len));
    memset(diff, 0, sizeof *diff);
    side_init(&diff->expected, expected, expected_len);
    side_init(&diff->actual, actual, actual_len);
    diff->exact = compare_exact(expected, expected_len, actual, actual_len);
    diff->lenient = compare_lenient(expected, expected_len, actual, actual_len);
    if (diff->exact) {
        diff->kind = COMPARE_SAME;
        diff->offset = expected_len;
        return;
    }
    size_t shorter = expected_len < actual_len ? expected_len : actual_len;
    size_t offset = first_difference(diff->expected.text, diff->actual.text, shorter);
    size_t line = count_newlines(diff->expected.text, offset) + 1;
    size_t line_start = offset;
    while (line_start > 0 && diff->expected.text[line_start - 1] != '\n')
        line_start--;
    diff->offset = offset;
    side_locate(&diff->expected, offset, line, line_start);
    side_locate(&diff->actual, offset, line, line_start);
    diff->kind = classify(diff);
    if (input && moves)
        compare_find_move(input, input_len,
                          compare_count_prompts(diff->expected.text, offset, moves->prompt),
                          moves->tokens, &diff->move);
}

const char *compare_kind_name(enum compare_kind kind)
{
    static const char *const names[] = {
        [COMPARE_SAME] = "same",
        [COMPARE_LINE_DIFFERS] = "line differs",
        [COMPARE_MISSING_LINES] = "missing lines",
        [COMPARE_EXTRA_LINES] = "extra lines",
        [COMPARE_FINAL_NEWLINE] = "final newline",
        [COMPARE_TRAILING_SPACE] = "trailing whitespace",
    };
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}
