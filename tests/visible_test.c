/*
** visible_test.c -- Criterion tests of the text the kit shows on a
** terminal (grader/report/visible.h) and of the CSV text cell
** (grader/report/csv.h): every C0 control, DEL, every C1 control UTF-8
** encoded or as a lone byte, and every ill-formed UTF-8 sequence written
** "\xHH"; printable ASCII and well-formed UTF-8 ("é", "漢", an emoji, a
** no-break space) kept as they are; visible_printf()'s conversions; a
** CSV cell quoted, made visible and never a formula.  Every expected
** value is written out by hand.
**
** Build and run:  make build/tests/visible_test && build/tests/visible_test
*/
#define _POSIX_C_SOURCE 200809L /* open_memstream */

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/csv.h"
#include "report/visible.h"

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static char *shown(const char *s, unsigned flags)
{
    char *copy = visible_copy(s, flags);

    cr_assert_not_null(copy);
    return copy;
}

static void expect_shown(const char *s, const char *expected, unsigned flags)
{
    char *got = shown(s, flags);

    cr_expect_str_eq(got, expected, "visible_copy(\"%s\", %u)", expected, flags);
    free(got);
}

Test(visible, every_c0_control_and_del_is_escaped)
{
    char in[2] = "", out[8];

    for (int c = 1; c < 0x20; c++) {
        in[0] = (char)c;
        snprintf(out, sizeof out, "\\x%02X", (unsigned)c);
        expect_shown(in, out, 0);
        if (c != '\n' && c != '\t')
            expect_shown(in, out, VISIBLE_LINES);
    }
    expect_shown("\x7F", "\\x7F", VISIBLE_LINES);
    expect_shown("\x1B[2J\x1B]0;owned\x07", "\\x1B[2J\\x1B]0;owned\\x07", 0);
}

Test(visible, every_c1_control_is_escaped_encoded_or_raw)
{
    char in[3] = "", out[16];

    for (int c = 0x80; c <= 0x9F; c++) {
        in[0] = (char)0xC2, in[1] = (char)c;       /* UTF-8: U+0080..U+009F */
        snprintf(out, sizeof out, "\\xC2\\x%02X", (unsigned)c);
        expect_shown(in, out, VISIBLE_LINES);
        in[0] = (char)c, in[1] = '\0';             /* the lone 8-bit byte */
        snprintf(out, sizeof out, "\\x%02X", (unsigned)c);
        expect_shown(in, out, VISIBLE_LINES);
    }
    /* CSI 2 J (clear the screen) and OSC 0 ; title BEL. */
    expect_shown("a\xC2\x9B" "2Jb\xC2\x9D" "0;t\x07", "a\\xC2\\x9B2Jb\\xC2\\x9D0;t\\x07", 0);
}

Test(visible, ill_formed_utf8_is_escaped_byte_by_byte)
{
    static const struct { const char *in, *out; } cases[] = {
        { "caf\xE9", "caf\\xE9" },                      /* Latin-1 é */
        { "\xFF\xFE", "\\xFF\\xFE" },
        { "\xC0\xAF", "\\xC0\\xAF" },                   /* overlong '/' */
        { "\xED\xA0\x80", "\\xED\\xA0\\x80" },          /* a surrogate */
        { "\xF4\x90\x80\x80", "\\xF4\\x90\\x80\\x80" }, /* past U+10FFFF */
        { "\xE2\x82", "\\xE2\\x82" },                   /* a euro sign cut */
        { "\xE6\xBC" "A", "\\xE6\\xBCA" },              /* cut before ASCII */
    };

    for (size_t i = 0; i < COUNT(cases); i++)
        expect_shown(cases[i].in, cases[i].out, VISIBLE_LINES);
}

Test(visible, printable_text_and_multibyte_characters_are_kept)
{
    static const char *const kept[] = {
        "plain ASCII ~!@#$%^&*()_+ \\x41 stays",
        "caf\xC3\xA9",                 /* é */
        "\xE6\xBC\xA2\xE5\xAD\x97",    /* 漢字 */
        "\xF0\x9F\x98\x80",            /* an emoji, 4 bytes */
        "\xC2\xA0" "nbsp",             /* U+00A0, just past the C1 block */
        "\xEF\xBF\xBD",                /* U+FFFD */
    };

    for (size_t i = 0; i < COUNT(kept); i++)
        expect_shown(kept[i], kept[i], 0);
    expect_shown("two\nlines\tand a tab", "two\nlines\tand a tab", VISIBLE_LINES);
    expect_shown("two\nlines\tand a tab", "two\\x0Alines\\x09and a tab", 0);
    expect_shown(NULL, "", 0);
}

Test(visible, visible_char_stops_at_its_bound)
{
    cr_expect_eq(visible_char("\xE6\xBC\xA2", 3), 3);
    cr_expect_eq(visible_char("\xE6\xBC\xA2", 2), 0);
    cr_expect_eq(visible_char("A", 1), 1);
    cr_expect_eq(visible_char("\xC2\x85", 2), 0);      /* NEL, a C1 control */
}

Test(visible, visible_write_writes_the_bytes_given_nul_included)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cr_assert_not_null(out);
    visible_write(out, "a\0b\n\xC2\x9B", 5, VISIBLE_LINES);
    fclose(out);
    cr_expect_str_eq(text, "a\\x00b\n\\xC2");
    free(text);
}

Test(visible, visible_cut_cuts_at_a_character_start)
{
    char buf[8];

    cr_expect_eq(visible_cut(buf, 5, "ab\xE6\xBC\xA2"), 5);   /* "ab漢" needs 6 */
    cr_expect_str_eq(buf, "ab");
    cr_expect_eq(visible_cut(buf, sizeof buf, "ab\xE6\xBC\xA2"), 5);
    cr_expect_str_eq(buf, "ab\xE6\xBC\xA2");
    cr_expect_eq(visible_cut(buf, sizeof buf, "\x1B[2J"), 7);
    cr_expect_str_eq(buf, "\\x1B[2J");
    cr_expect_eq(visible_cut(buf, 1, "x"), 1);
    cr_expect_str_eq(buf, "");
}

/* visible_printf() into memory; the text is malloc'd. */
static char *printed(const char *format, ...) __attribute__((format(printf, 1, 2)));
static char *printed(const char *format, ...)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    va_list ap;

    cr_assert_not_null(out);
    va_start(ap, format);
    cr_expect_eq(visible_vprintf(out, format, ap), 0);
    va_end(ap);
    fclose(out);
    return text;
}

static void expect_printed(char *got, const char *expected)
{
    cr_expect_str_eq(got, expected);
    free(got);
}

Test(visible, printf_escapes_its_string_arguments_only)
{
    expect_printed(printed("grade: %s: no such file\n", "sub\x1B[2J\xC2\x9Bmit\n"),
                   "grade: sub\\x1B[2J\\xC2\\x9Bmit\\x0A: no such file\n");
    expect_printed(printed("[%s] %c%c|", "\xE6\xBC\xA2", 'x', '\x1B'), "[\xE6\xBC\xA2] x\\x1B|");
}

Test(visible, printf_pads_and_cuts_strings)
{
    /* The width counts the shown bytes; the precision the argument's. */
    expect_printed(printed("%-8s|%8s|", "a\x01", "b"), "a\\x01   |       b|");
    expect_printed(printed("%.3s|%.*s|%-*s|", "abcdef", 2, "\x1B" "xyz", 4, "ab"), "abc|\\x1Bx|ab  |");
    expect_printed(printed("%*s|", -4, "ab"), "ab  |");
    expect_printed(printed("%.s|", "gone"), "|");
}

Test(visible, printf_numbers_as_printf_writes_them)
{
    expect_printed(printed("%d %i %u %ld %lld %zu %5.1f %-4x| %X %o %%", -3, 7, 8u, -9L, 10LL, (size_t)11, 2.25,
                           255u, 255u, 8u),
                   "-3 7 8 -9 10 11   2.2 ff  | FF 10 %");
    expect_printed(printed("[%*zu/%zu] %.3e %g %hhd %jd", 3, (size_t)7, (size_t)100, 1234.5, 0.5, 5, (intmax_t)-2),
                   "[  7/100] 1.234e+03 0.5 5 -2");
    expect_printed(printed("\r\x1B[K%s", "bar"), "\r\x1B[Kbar");   /* the format is the kit's own */
}

/* ---- csv_text ---------------------------------------------------------- */

static char *cell(const char *s)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);

    cr_assert_not_null(out);
    csv_text(out, s);
    fclose(out);
    return text;
}

Test(csv, text_cells_are_quoted_visible_and_never_formulas)
{
    static const struct { const char *in, *out; } cases[] = {
        { "alice", "alice" },
        { "", "" },
        { "a,b", "\"a,b\"" },
        { "a;b", "\"a;b\"" },                /* one cell in a ';' locale too */
        { "x;=HYPERLINK(1);y", "\"x;=HYPERLINK(1);y\"" },
        { "say \"hi\"", "\"say \"\"hi\"\"\"" },
        { "=HYPERLINK(\"http://x\",\"open\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"open\"\")\"" },
        { "=1+2", "\"'=1+2\"" },
        { "+1", "\"'+1\"" },
        { "-3", "\"'-3\"" },
        { "@SUM(A1)", "\"'@SUM(A1)\"" },
        { "\t=1", "\\x09=1" },             /* a tab or CR no longer leads */
        { "\r=1", "\\x0D=1" },
        { "a=1", "a=1" },
        { "line\nbreak", "line\\x0Abreak" },
        { "caf\xE9", "caf\\xE9" },
        { "caf\xC3\xA9 \xE6\xBC\xA2", "caf\xC3\xA9 \xE6\xBC\xA2" },
        { "x\xC2\x9B" "2J", "x\\xC2\\x9B2J" },
    };

    for (size_t i = 0; i < COUNT(cases); i++) {
        char *got = cell(cases[i].in);
        cr_expect_str_eq(got, cases[i].out, "case %zu", i);
        free(got);
    }
}
