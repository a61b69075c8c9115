/*
** fuzz_compare.c -- fuzz target for the grader's transcript comparison
** and feedback rendering (grader/compare*.c, interface in compare.h).
**
** Input layout:  FLAGS EXPECTED [SEP ACTUAL [SEP INPUT]]
**   FLAGS     one byte: bit 0 asks for COMPARE_COLOR; bit 1 passes an
**             empty expected or actual text as NULL (allowed by compare.h);
**             bits 2-7 pick a move number for an extra compare_find_move()
**   SEP       the three bytes "\x1e\x1e\x1e" (see FUZZ_SEP below)
**   INPUT     the game input; with only one SEP the input is unknown (NULL)
** Each part is copied into its own buffer of exactly its length, so that
** AddressSanitizer reports a read one byte past the end of any of them.
**
** The target calls compare_exact, compare_lenient, compare_diff,
** compare_render, compare_feedback, compare_count_prompts,
** compare_find_move, compare_describe_move, compare_kind_name and
** compare_visible, and checks
** what compare.h promises, against simple independent re-implementations
** where that is cheap:
**   - exact and lenient against byte-by-byte and token-by-token versions;
**   - the diff: its verdicts, that offset is the first differing byte,
**     line and column of that byte, the kind's meaning, the move number
**     being the number of prompts before the offset;
**   - every returned string: not NULL, NUL-terminated, valid UTF-8 with
**     no control character but '\n' (and ESC when colours were asked
**     for), and of bounded length;
**   - compare_feedback() returns exactly what compare_diff() then
**     compare_render() return.
** A failed check prints what went wrong and aborts (libFuzzer reports
** it as a crash and saves the input).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"

/* The harness's own checks get no coverage instrumentation: their
** branches say nothing about the code under test and would only slow
** the fuzzer down and mislead it. */
#if defined(__clang__)
#define FUZZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define FUZZ_NO_COVERAGE
#endif

#define FUZZ_SEP "\x1e\x1e\x1e"
#define FUZZ_SEP_LEN 3

/* More than the rendered feedback can ever take, whatever the outputs'
** size: seven rows of two cells of at most 99 bytes of a line (the
** window and a cut character), each byte shown as at most 4, padding of
** at most ~100 columns, two caret lines, the headers, the move
** description (under 600 bytes) and the legend -- about 10 KB. */
#define FEEDBACK_MAX (16 * 1024)

static void fuzz_fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_compare: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

/* A copy of data[0, len) in a buffer of exactly len bytes (never NULL). */
static char *copy_exact(const uint8_t *data, size_t len)
{
    char *copy = malloc(len ? len : 1);
    if (!copy)
        abort();
    if (len)
        memcpy(copy, data, len);
    return copy;
}

static const uint8_t *find_sep(const uint8_t *from, const uint8_t *end)
{
    for (const uint8_t *p = from; end - p >= FUZZ_SEP_LEN; p++)
        if (memcmp(p, FUZZ_SEP, FUZZ_SEP_LEN) == 0)
            return p;
    return NULL;
}

FUZZ_NO_COVERAGE
static int is_space(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Token-by-token equality, written differently from compare.c: pull the
** next token's bounds from each side and compare them whole. */
FUZZ_NO_COVERAGE
static int next_token(const char *s, size_t len, size_t *pos, size_t *start)
{
    while (*pos < len && is_space((unsigned char)s[*pos]))
        (*pos)++;
    if (*pos == len)
        return 0;
    *start = *pos;
    while (*pos < len && !is_space((unsigned char)s[*pos]))
        (*pos)++;
    return 1;
}

FUZZ_NO_COVERAGE
static int lenient_model(const char *a, size_t a_len, const char *b, size_t b_len)
{
    size_t i = 0, j = 0, ai, bj;
    for (;;) {
        int more_a = next_token(a, a_len, &i, &ai), more_b = next_token(b, b_len, &j, &bj);
        if (!more_a || !more_b)
            return more_a == more_b;
        if (i - ai != j - bj || memcmp(a + ai, b + bj, i - ai) != 0)
            return 0;
    }
}

/* How the Chinese Checkers game reads its moves. */
static const struct compare_moves MOVES = {"'s move:  ", 4};

FUZZ_NO_COVERAGE
static size_t count_prompts_model(const char *s, size_t len)
{
    const size_t n = strlen(MOVES.prompt);
    size_t count = 0;
    for (size_t i = 0; i + n <= len;)
        if (memcmp(s + i, MOVES.prompt, n) == 0)
            count++, i += n;
        else
            i++;
    return count;
}

/* Checks a string compare.h says is valid UTF-8 with no control bytes
** but '\n' (and ESC for the colours). */
FUZZ_NO_COVERAGE
static void check_text(const char *what, const char *s, int allow_esc, size_t max)
{
    if (!s)
        fuzz_fail(what, "returned NULL");
    size_t len = strlen(s);
    if (len > max) {
        fprintf(stderr, "fuzz_compare: %s: %zu bytes, more than %zu\n", what, len, max);
        fuzz_fail(what, "too long");
    }
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        unsigned c = p[i];
        if (c < 0x80) {
            if ((c < 0x20 && c != '\n' && !(allow_esc && c == 0x1b)) || c == 0x7f) {
                fprintf(stderr, "fuzz_compare: %s: control byte 0x%02X at %zu\n", what, c, i);
                fuzz_fail(what, "control byte");
            }
            i++;
            continue;
        }
        size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
        unsigned long cp = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
        if (n == 0 || i + n > len)
            goto bad;
        for (size_t k = 1; k < n; k++) {
            if ((p[i + k] & 0xC0) != 0x80)
                goto bad;
            cp = cp << 6 | (p[i + k] & 0x3F);
        }
        /* Overlong forms, surrogates, past U+10FFFF, C1 controls. */
        if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000)
            || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF || (cp >= 0x80 && cp <= 0x9F))
            goto bad;
        i += n;
        continue;
    bad:
        fprintf(stderr, "fuzz_compare: %s: bad UTF-8 at byte %zu of %zu\n", what, i, len);
        fuzz_fail(what, "not valid UTF-8 without C1 controls");
    }
}

FUZZ_NO_COVERAGE
static void check_side(const char *name, const struct compare_side *side,
                       const char *text, size_t len, size_t offset)
{
    size_t newlines = 0, line_start = 0;
    for (size_t i = 0; i < len; i++)
        newlines += text[i] == '\n';
    int final_newline = len > 0 && text[len - 1] == '\n';
    if ((len && side->text != text) || side->len != len || side->final_newline != final_newline
        || side->lines != newlines + (len > 0 && !final_newline))
        fuzz_fail(name, "length, line count or final newline wrong");
    if (side->line == 0)
        return;
    size_t line = 1;
    for (size_t i = 0; i < offset; i++)
        if (text[i] == '\n')
            line++, line_start = i + 1;
    if (side->line != line || side->column != offset - line_start + 1)
        fuzz_fail(name, "line or column of the difference wrong");
    size_t end = line_start;
    while (end < len && text[end] != '\n')
        end++;
    if (side->line_exists != (line_start < len) || side->line_newline != (end < len)
        || side->line_len != end - line_start || side->line_text != side->text + line_start)
        fuzz_fail(name, "the differing line is wrong");
}

FUZZ_NO_COVERAGE
static void check_diff(const struct compare_diff *d,
                       const char *e, size_t e_len, const char *a, size_t a_len,
                       const char *input, int lenient)
{
    int exact = e_len == a_len && (e_len == 0 || memcmp(e, a, e_len) == 0);
    if (d->exact != exact || d->lenient != lenient)
        fuzz_fail("compare_diff", "exact or lenient verdict differs from the function's");
    if (exact != (d->kind == COMPARE_SAME))
        fuzz_fail("compare_diff", "kind SAME does not match the exact verdict");
    size_t shorter = e_len < a_len ? e_len : a_len;
    size_t first = 0;
    while (first < shorter && e[first] == a[first])
        first++;
    if (d->offset != (exact ? e_len : first))
        fuzz_fail("compare_diff", "offset is not the first differing byte");
    check_side("compare_diff expected", &d->expected, e, e_len, d->offset);
    check_side("compare_diff actual", &d->actual, a, a_len, d->offset);
    if (exact) {
        if (d->move.status != COMPARE_MOVE_UNKNOWN)
            fuzz_fail("compare_diff", "a move for identical outputs");
        return;
    }
    if (d->expected.line == 0 || d->expected.line != d->actual.line)
        fuzz_fail("compare_diff", "the difference has no line");
    switch (d->kind) {
    case COMPARE_MISSING_LINES:
        if (first != a_len)
            fuzz_fail("compare_diff", "MISSING_LINES but actual is not a prefix of expected");
        break;
    case COMPARE_EXTRA_LINES:
        if (first != e_len)
            fuzz_fail("compare_diff", "EXTRA_LINES but expected is not a prefix of actual");
        break;
    case COMPARE_FINAL_NEWLINE:
        if (!((a_len == e_len + 1 && first == e_len && a[e_len] == '\n')
              || (e_len == a_len + 1 && first == a_len && e[a_len] == '\n')))
            fuzz_fail("compare_diff", "FINAL_NEWLINE but more than a final newline differs");
        if (!lenient)
            fuzz_fail("compare_diff", "only a final newline differs, yet lenient failed");
        break;
    case COMPARE_TRAILING_SPACE:
        if (!lenient)
            fuzz_fail("compare_diff", "only whitespace differs, yet lenient failed");
        break;
    case COMPARE_LINE_DIFFERS:
        if (first == shorter)
            fuzz_fail("compare_diff", "LINE_DIFFERS but one output is a prefix of the other");
        break;
    default:
        fuzz_fail("compare_diff", "unknown kind");
    }
    if (!input) {
        if (d->move.status != COMPARE_MOVE_UNKNOWN)
            fuzz_fail("compare_diff", "a move without input");
        return;
    }
    size_t k = count_prompts_model(e, first);
    if (d->move.number != k)
        fuzz_fail("compare_diff", "move number is not the prompts before the difference");
    if ((k == 0) != (d->move.status == COMPARE_MOVE_BEFORE_FIRST))
        fuzz_fail("compare_diff", "BEFORE_FIRST does not match no prompt");
    if (d->move.ntokens > 4)
        fuzz_fail("compare_diff", "more than four tokens");
}

FUZZ_NO_COVERAGE
static void check_move(const struct compare_move *m, const char *input, size_t input_len)
{
    if (m->ntokens > 4)
        fuzz_fail("compare_find_move", "more than four tokens");
    for (size_t i = 0; i < m->ntokens; i++) {
        const struct compare_token *t = &m->tokens[i];
        if (t->len == 0 || t->text < input || t->len > input_len
            || (size_t)(t->text - input) > input_len - t->len)
            fuzz_fail("compare_find_move", "a token outside the input");
        for (size_t j = 0; j < t->len; j++)
            if (is_space((unsigned char)t->text[j]))
                fuzz_fail("compare_find_move", "a token holds whitespace");
    }
    char *words = compare_describe_move(m);
    check_text("compare_describe_move", words, 0, 4096);
    free(words);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned flags = data[0];
    const uint8_t *p = data + 1, *end = data + size;
    const uint8_t *sep1 = find_sep(p, end);
    const uint8_t *sep2 = sep1 ? find_sep(sep1 + FUZZ_SEP_LEN, end) : NULL;
    size_t e_len = (size_t)((sep1 ? sep1 : end) - p);
    size_t a_len = sep1 ? (size_t)((sep2 ? sep2 : end) - (sep1 + FUZZ_SEP_LEN)) : 0;
    size_t i_len = sep2 ? (size_t)(end - (sep2 + FUZZ_SEP_LEN)) : 0;
    char *e_buf = copy_exact(p, e_len);
    char *a_buf = copy_exact(sep1 ? sep1 + FUZZ_SEP_LEN : p, a_len);
    char *i_buf = sep2 ? copy_exact(sep2 + FUZZ_SEP_LEN, i_len) : NULL;
    int null_when_empty = (flags & 2) != 0;
    const char *e = e_len == 0 && null_when_empty ? NULL : e_buf;
    const char *a = a_len == 0 && null_when_empty ? NULL : a_buf;
    unsigned render_flags = (flags & 1) ? COMPARE_COLOR : 0;

    /* Verdicts. */
    int exact = compare_exact(e, e_len, a, a_len);
    if (exact != (e_len == a_len && (e_len == 0 || memcmp(e_buf, a_buf, e_len) == 0)))
        fuzz_fail("compare_exact", "wrong verdict");
    int lenient = compare_lenient(e, e_len, a, a_len);
    if (lenient != lenient_model(e_buf, e_len, a_buf, a_len))
        fuzz_fail("compare_lenient", "differs from the token-by-token model");
    if (compare_lenient(a, a_len, e, e_len) != lenient)
        fuzz_fail("compare_lenient", "not symmetric");
    if (exact && !lenient)
        fuzz_fail("compare_lenient", "identical texts are not lenient-equal");
    if (compare_count_prompts(e, e_len, MOVES.prompt) != count_prompts_model(e_buf, e_len))
        fuzz_fail("compare_count_prompts", "wrong count");

    /* The diff and its rendering. */
    struct compare_diff diff;
    compare_diff(&diff, e, e_len, a, a_len, i_buf, i_len, &MOVES);
    check_diff(&diff, e_buf, e_len, a_buf, a_len, i_buf, lenient);
    const char *kind = compare_kind_name(diff.kind);
    if (strcmp(kind, "?") == 0)
        fuzz_fail("compare_kind_name", "no name for the kind");
    check_text("compare_kind_name", kind, 0, 64);
    check_move(&diff.move, i_buf, i_len);
    char *rendered = compare_render(&diff, render_flags);
    check_text("compare_render", rendered, render_flags != 0, FEEDBACK_MAX);
    char *feedback = compare_feedback(e, e_len, a, a_len, i_buf, i_len, &MOVES, render_flags);
    check_text("compare_feedback", feedback, render_flags != 0, FEEDBACK_MAX);
    if (strcmp(rendered, feedback) != 0)
        fuzz_fail("compare_feedback", "differs from compare_diff + compare_render");
    free(rendered);
    free(feedback);

    /* The input's moves, looked up directly. */
    if (i_buf) {
        struct compare_move move;
        size_t wanted[2] = { flags >> 2, compare_count_prompts(e, e_len, MOVES.prompt) };
        for (int w = 0; w < 2; w++) {
            compare_find_move(i_buf, i_len, wanted[w], MOVES.tokens, &move);
            if (move.number != wanted[w])
                fuzz_fail("compare_find_move", "number not the one asked for");
            check_move(&move, i_buf, i_len);
        }
    }

    /* Each part made visible, with and without the end-of-line sign. */
    const char *parts[3] = { e_buf, a_buf, i_buf };
    size_t lens[3] = { e_len, a_len, i_len };
    for (int k = 0; k < 3; k++) {
        if (!parts[k])
            continue;
        char *shown = compare_visible(parts[k], lens[k], k == 0);
        check_text("compare_visible", shown, 0, 4 * lens[k] + 8);
        free(shown);
    }

    free(e_buf);
    free(a_buf);
    free(i_buf);
    return 0;
}
