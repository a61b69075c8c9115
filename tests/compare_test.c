/*
** compare_test.c -- Criterion tests of the transcript comparison
** (grader/compare/compare.h): exact and lenient verdicts, the first difference
** and its kind, which input move it is charged to, and the feedback text.
** Every expected value below was worked out by hand from the inputs
** beside it (offsets are 0-based, lines and columns 1-based).
**
** Build and run:
**   gcc -std=c11 -Wall -Wextra -Wpedantic -Igrader tests/compare_test.c \
**       grader/compare*.c -lcriterion -o build/compare_test && build/compare_test
*/
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"

/* A string literal and its length (NUL bytes inside included). */
#define LIT(s) s, sizeof s - 1

/* The game's starting board: 18 lines of 79 bytes ('\n' included) and
** an empty one.  Row y is line y + 2; the cell of column x is at byte
** 4 + 3x of its row. */
static const char BOARD[] =
    "    0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 \n"
    " 0                                      R                                     \n"
    " 1                                   R     R                                  \n"
    " 2                                R     R     R                               \n"
    " 3                             R     R     R     R                            \n"
    " 4  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    " 5     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    " 6        -     -     -     -     -     -     -     -     -     -     -       \n"
    " 7           -     -     -     -     -     -     -     -     -     -          \n"
    " 8              -     -     -     -     -     -     -     -     -             \n"
    " 9           -     -     -     -     -     -     -     -     -     -          \n"
    "10        -     -     -     -     -     -     -     -     -     -     -       \n"
    "11     -     -     -     -     -     -     -     -     -     -     -     -    \n"
    "12  -     -     -     -     -     -     -     -     -     -     -     -     - \n"
    "13                             G     G     G     G                            \n"
    "14                                G     G     G                               \n"
    "15                                   G     G                                  \n"
    "16                                      G                                     \n"
    "\n";

#define BOARD_LINE 79

/* Puts `marble` at (x, y) of a copy of BOARD. */
static void board_set(char *board, int x, int y, char marble)
{
    board[(y + 1) * BOARD_LINE + 4 + 3 * x] = marble;
}

/* How the Chinese Checkers game reads its moves. */
static const struct compare_moves CC_MOVES = {"'s move:  ", 4};

static struct compare_diff diff_of(const char *e, size_t e_len,
                                   const char *a, size_t a_len)
{
    struct compare_diff d;
    compare_diff(&d, e, e_len, a, a_len, NULL, 0, &CC_MOVES);
    return d;
}

/* One row of the verdict table: two outputs and what they must give,
** including where the first difference is (offset 0-based; line and
** column 1-based, 0 when the outputs are the same). */
struct verdict_case {
    const char *name, *expected;
    size_t expected_len;
    const char *actual;
    size_t actual_len;
    int exact, lenient;
    enum compare_kind kind;
    size_t offset, line, column;
};

/* Criterion may run each case in a re-executed process, where pointers
** into this table would not survive: the parameter is only an index. */
static const struct verdict_case verdict_cases[] = {
    { "identical", LIT("RED's move:  \n"), LIT("RED's move:  \n"), 1, 1, COMPARE_SAME, 14, 0, 0 },
    { "extra trailing space", LIT("a b\n"), LIT("a b \n"), 0, 1, COMPARE_TRAILING_SPACE, 3, 1, 4 },
    { "missing final newline", LIT("a\nb\n"), LIT("a\nb"), 0, 1, COMPARE_FINAL_NEWLINE, 3, 2, 2 },
    { "extra final newline", LIT("a\nb"), LIT("a\nb\n"), 0, 1, COMPARE_FINAL_NEWLINE, 3, 2, 2 },
    { "tab for spaces", LIT(" 1     R\n"), LIT(" 1\tR\n"), 0, 1, COMPARE_LINE_DIFFERS, 2, 1, 3 },
    { "blank line inside", LIT("a\nb\n"), LIT("a\n\nb\n"), 0, 1, COMPARE_LINE_DIFFERS, 2, 2, 1 },
    { "blank line at end", LIT("a\n"), LIT("a\n\n"), 0, 1, COMPARE_EXTRA_LINES, 2, 2, 1 },
    { "CRLF line ends", LIT("a b\nc\n"), LIT("a b\r\nc\r\n"), 0, 1, COMPARE_TRAILING_SPACE, 3, 1, 4 },
    { "truncated in a line", LIT("a\nbc\n"), LIT("a\nb"), 0, 0, COMPARE_MISSING_LINES, 3, 2, 2 },
    { "both empty", LIT(""), LIT(""), 1, 1, COMPARE_SAME, 0, 0, 0 },
    { "NULL and blank", NULL, 0, LIT(" \n"), 0, 1, COMPARE_EXTRA_LINES, 0, 1, 1 },
    { "empty actual", LIT("x\n"), NULL, 0, 0, 0, COMPARE_MISSING_LINES, 0, 1, 1 },
    { "NUL is no space", LIT("a b\n"), LIT("a\0b\n"), 0, 0, COMPARE_LINE_DIFFERS, 1, 1, 2 },
    { "NUL on both sides", LIT("a\0b\n"), LIT("a\0b\n"), 1, 1, COMPARE_SAME, 4, 0, 0 },
    { "trailing NUL", LIT("a\n"), LIT("a\n\0"), 0, 0, COMPARE_EXTRA_LINES, 2, 2, 1 },
};

ParameterizedTestParameters(verdict, table)
{
    static size_t indexes[sizeof verdict_cases / sizeof verdict_cases[0]];
    for (size_t i = 0; i < sizeof indexes / sizeof indexes[0]; i++)
        indexes[i] = i;
    return cr_make_param_array(size_t, indexes, sizeof indexes / sizeof indexes[0]);
}

ParameterizedTest(size_t *index, verdict, table)
{
    const struct verdict_case *c = &verdict_cases[*index];
    struct compare_diff d = diff_of(c->expected, c->expected_len, c->actual, c->actual_len);
    cr_assert_eq(compare_exact(c->expected, c->expected_len, c->actual, c->actual_len),
                 c->exact, "%s: exact", c->name);
    cr_assert_eq(compare_lenient(c->expected, c->expected_len, c->actual, c->actual_len),
                 c->lenient, "%s: lenient", c->name);
    cr_assert_eq(d.exact, c->exact, "%s: diff.exact", c->name);
    cr_assert_eq(d.lenient, c->lenient, "%s: diff.lenient", c->name);
    cr_assert_eq(d.kind, c->kind, "%s: kind %s, wanted %s", c->name,
                 compare_kind_name(d.kind), compare_kind_name(c->kind));
    cr_assert_eq(d.offset, c->offset, "%s: offset %zu", c->name, d.offset);
    cr_assert_eq(d.expected.line, c->line, "%s: line %zu", c->name, d.expected.line);
    cr_assert_eq(d.actual.line, c->line, "%s: actual line", c->name);
    cr_assert_eq(d.expected.column, c->column, "%s: column %zu", c->name, d.expected.column);
    cr_assert_eq(d.actual.column, c->column, "%s: actual column", c->name);
}

Test(verdict, truncated_board_fails_both)
{
    struct compare_diff d = diff_of(BOARD, sizeof BOARD - 1, BOARD, 5 * BOARD_LINE);
    cr_assert_eq(d.lenient, 0);
    cr_assert_eq(d.kind, COMPARE_MISSING_LINES);
    cr_assert_eq(d.actual.lines, 5);
    cr_assert_eq(d.actual.line_exists, 0);
}

Test(position, line_facts_on_each_side)
{
    struct compare_diff d = diff_of(LIT("a\nb\n"), LIT("a\nb"));
    cr_assert_eq(d.expected.line_newline, 1);
    cr_assert_eq(d.actual.line_newline, 0);
    cr_assert_eq(d.actual.final_newline, 0);
    d = diff_of(LIT("a b\nc\n"), LIT("a b\r\nc\r\n"));
    cr_assert_eq(d.actual.line_len, 4, "\"a b\\r\": the CR stays in its line");
    cr_assert_eq(d.actual.lines, 2);
}

Test(position, other_marble_letter_in_a_board_row)
{
    char actual[sizeof BOARD];
    memcpy(actual, BOARD, sizeof BOARD);
    board_set(actual, 11, 13, 'R');
    struct compare_diff d = diff_of(BOARD, sizeof BOARD - 1, actual, sizeof BOARD - 1);
    cr_assert_eq(d.exact, 0);
    cr_assert_eq(d.lenient, 0, "a marble letter is a token: lenient must fail");
    cr_assert_eq(d.kind, COMPARE_LINE_DIFFERS);
    /* Row 13 is line 15, starting at byte 14 * 79 = 1106; x = 11 is byte
    ** 4 + 33 = 37 of it: offset 1143, column 38. */
    cr_assert_eq(d.offset, 1143);
    cr_assert_eq(d.expected.line, 15);
    cr_assert_eq(d.actual.line, 15);
    cr_assert_eq(d.expected.column, 38);
    cr_assert_eq(d.expected.line_len, 78);
    cr_assert_eq(d.expected.line_text[37], 'G');
    cr_assert_eq(d.actual.line_text[37], 'R');
    cr_assert_eq(d.expected.lines, 19);
}

/* The transcript of "9 3 10 4" then "-1 -1 -1 -1"; *after gets the board
** printed after the move, with `wrong` at (10, 4) where R belongs. */
static size_t transcript(char *out, char wrong)
{
    char after[sizeof BOARD];
    memcpy(after, BOARD, sizeof BOARD);
    board_set(after, 9, 3, '-');
    board_set(after, 10, 4, wrong);
    return (size_t)sprintf(out, "%sRED's move:  \n%sGREEN's move:  ", BOARD, after);
}

Test(position, board_after_a_move_names_the_move)
{
    char expected[2 * sizeof BOARD + 64], actual[sizeof expected];
    size_t e_len = transcript(expected, 'R'), a_len = transcript(actual, 'G');
    struct compare_diff d;
    compare_diff(&d, expected, e_len, actual, a_len, LIT("9 3 10 4\n-1 -1 -1 -1\n"), &CC_MOVES);
    /* 19 board lines (1423 bytes), the prompt line (14), the header (79),
    ** rows 0-3 (316), then byte 34 of row 4: 1866.  Line 22 + 4 = 26. */
    cr_assert_eq(d.offset, 1866);
    cr_assert_eq(d.expected.line, 26);
    cr_assert_eq(d.expected.column, 35);
    cr_assert_eq(d.move.status, COMPARE_MOVE_COMPLETE);
    cr_assert_eq(d.move.number, 1);
    cr_assert_eq(d.move.input_line, 1);
    cr_assert_eq(d.move.ntokens, 4);
    cr_assert_eq(d.move.tokens[2].len, 2);
    cr_assert_eq(strncmp(d.move.tokens[2].text, "10", 2), 0);
}

/* Checks how move `number` of `input` is found and described. */
static void expect_move(const char *input, size_t number, const char *description)
{
    struct compare_move m;
    compare_find_move(input, strlen(input), number, 4, &m);
    char *text = compare_describe_move(&m);
    cr_assert_str_eq(text, description, "move %zu of \"%s\"", number, input);
    free(text);
}

Test(move, several_moves_on_one_line)
{
    expect_move("9 3 10 4 -1 -1 -1 -1\n", 2, "move 2: `-1 -1 -1 -1`, input line 1");
}

Test(move, move_split_across_lines)
{
    expect_move("9 3\n10\n4\n", 1, "move 1: `9 3 10 4`, input line 1");
    expect_move("1 2 3 4 5\n6 7 8\n", 2, "move 2: `5 6 7 8`, input line 1");
}

Test(move, junk_token_swallows_rest_of_its_line)
{
    expect_move("9 x 10 4\n1 2 3 4\n", 1, "move 1: `9 x` (junk), input line 1");
    expect_move("9 x 10 4\n1 2 3 4\n", 2, "move 2: `1 2 3 4`, input line 2");
}

Test(move, junk_token_ending_its_line_swallows_nothing_more)
{
    expect_move("1 2 abc\n3 4 5 6\n", 2, "move 2: `3 4 5 6`, input line 2");
    expect_move("x\n1 2 3 4\n", 2, "move 2: `1 2 3 4`, input line 2");
    /* Ended by '\r', not '\n': the rest of the line (just "\n") goes. */
    expect_move("x\r\n1 2 3 4\r\n", 2, "move 2: `1 2 3 4`, input line 2");
}

Test(move, number_syntax_is_the_games)
{
    expect_move("+1 -2 03 4\n", 1, "move 1: `+1 -2 03 4`, input line 1");
    expect_move("- 1 2 3\n", 1, "move 1: `-` (junk), input line 1");
    expect_move("1 2-3 4 5\n", 1, "move 1: `1 2-3` (junk), input line 1");
}

Test(move, end_of_input)
{
    expect_move("1 2 3 4\n5 6", 2, "move 2: `5 6` (incomplete: the input ends), input line 2");
    expect_move("1 2 3 4\n\n", 3, "after the last move (the input has 1 move)");
    /* The game stops at "5": it read two moves, the second one cut. */
    expect_move("1 2 3 4\n5", 3, "after the last move (the input has 2 moves)");
}

Test(move, before_the_first_move_and_unknown)
{
    struct compare_move unknown = { 0 };
    char *text = compare_describe_move(&unknown);
    expect_move("1 2 3 4\n", 0, "before the first move");
    cr_assert_str_eq(text, "unknown");
    free(text);
}

Test(move, long_and_odd_tokens_are_cut_and_escaped)
{
    expect_move("1 \x1b[2Jxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 1,
                "move 1: `1 \\x1B[2Jxxxxxxxxxxxxxxxxxxxx…` (junk), input line 1");
}

Test(move, prompts_before_the_difference_count)
{
    const char e[] = "RED's move:  \nA\nGREEN's move:  \nB\n";
    const char a[] = "RED's move:  \nA\nGREEN's move:  \nX\n";
    const char a_in_prompt[] = "RED's move:  \nA\nGREEN's move: \nB\n";
    struct compare_diff d;
    cr_assert_eq(compare_count_prompts(LIT(e), CC_MOVES.prompt), 2);
    cr_assert_eq(compare_count_prompts(LIT("RED's turn\nRED's move: \nRED's move:  "), CC_MOVES.prompt), 1);
    compare_diff(&d, LIT(e), LIT(a), LIT("1 2 3 4 5 6\n7 8\n"), &CC_MOVES);
    cr_assert_eq(d.move.number, 2);
    /* A difference inside the second prompt belongs to move 1. */
    compare_diff(&d, LIT(e), LIT(a_in_prompt), LIT("1 2 3 4 5 6\n7 8\n"), &CC_MOVES);
    cr_assert_eq(d.move.number, 1);
    compare_diff(&d, LIT("A\n"), LIT("B\n"), LIT("1 2 3 4\n"), &CC_MOVES);
    cr_assert_eq(d.move.status, COMPARE_MOVE_BEFORE_FIRST);
}

/* Another assignment's program: prompt "> ", two tokens a move. */
Test(move, prompt_and_move_length_are_the_assignments)
{
    static const struct compare_moves two = {"> ", 2};
    const char e[] = "> \nok\n> \nok\n> \nA\n";
    const char a[] = "> \nok\n> \nok\n> \nB\n";
    struct compare_diff d;
    cr_assert_eq(compare_count_prompts(LIT(e), two.prompt), 3);
    compare_diff(&d, LIT(e), LIT(a), LIT("1 2 3 4\n5 x\n"), &two);
    cr_assert_eq(d.move.number, 3);
    cr_assert_eq(d.move.status, COMPARE_MOVE_JUNK);
    cr_assert_eq(d.move.input_line, 2);
    /* Without a way to read moves, the move is unknown. */
    compare_diff(&d, LIT(e), LIT(a), LIT("1 2 3 4\n5 x\n"), NULL);
    cr_assert_eq(d.move.status, COMPARE_MOVE_UNKNOWN);
}

Test(visible, whitespace_gets_signs)
{
    char *shown = compare_visible(LIT("a b\t\r\\"), 1);
    cr_assert_str_eq(shown, "a·b→␍\\\\⏎");
    free(shown);
}

Test(visible, bad_bytes_are_escaped)
{
    /* NUL, ESC, a lone continuation byte, a cut 2-byte character, the C1
    ** control U+009B, an overlong '/' and a surrogate; then a valid "é". */
    char *shown = compare_visible(LIT("\0\x1b\x80\xc3(\xc2\x9b\xc0\xaf\xed\xa0\x80\xc3\xa9"), 0);
    cr_assert_str_eq(shown, "\\x00\\x1B\\x80\\xC3(\\xC2\\x9B\\xC0\\xAF\\xED\\xA0\\x80é");
    free(shown);
}

/* A strict UTF-8 check, written for these tests. */
static int valid_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        size_t n = *p < 0x80 ? 0 : *p >= 0xC2 && *p < 0xE0 ? 1 : *p >= 0xE0 && *p < 0xF0 ? 2
                 : *p >= 0xF0 && *p < 0xF5 ? 3 : 9;
        if (n == 9)
            return 0;
        for (size_t i = 1; i <= n; i++)
            if ((p[i] & 0xC0) != 0x80)
                return 0;
        p += n + 1;
    }
    return 1;
}

static char *feedback(const char *e, size_t e_len, const char *a, size_t a_len,
                      const char *input, unsigned flags)
{
    char *text = compare_feedback(e, e_len, a, a_len, input,
                                  input ? strlen(input) : 0, &CC_MOVES, flags);
    cr_assert_not_null(text);
    return text;
}

#define cr_assert_has(text, part) \
    cr_assert_not_null(strstr(text, part), "wanted \"%s\" in:\n%s", part, text)

Test(feedback, whole_text_of_a_small_difference)
{
    char *text = feedback(LIT("RED's move:  \nok\n"), LIT("RED's move:  \nOK\n"), "9 x 1\n", 0);
    cr_assert_str_eq(text,
        "exact comparison: FAILED (line 2 differs)\n"
        "lenient comparison (whitespace ignored): FAILED\n"
        "first difference: line 2, column 1 (byte offset 14)\n"
        "input being processed: move 1: `9 x` (junk), input line 1\n"
        "\n"
        "       | expected       | actual\n"
        "     1 | RED's·move:··⏎ | RED's·move:··⏎\n"
        ">    2 | ok⏎            | OK⏎\n"
        "       | ^              | ^\n"
        "shown: · space, → tab, ␍ carriage return, ⏎ end of line, \\xNN other bytes, \\\\ backslash\n");
    free(text);
}

Test(feedback, identical_outputs_say_so_only)
{
    char *text = feedback(LIT("a\n"), LIT("a\n"), NULL, 0);
    cr_assert_str_eq(text, "exact comparison: passed (the outputs are identical)\n"
                           "lenient comparison (whitespace ignored): passed\n");
    free(text);
}

Test(feedback, missing_final_newline_is_noted)
{
    char *text = feedback(LIT("a\nb\n"), LIT("a\nb"), NULL, 0);
    cr_assert_has(text, "only the final newline differs: the output lacks it");
    cr_assert_has(text, ">    2 | b⏎       | b\n");
    cr_assert_has(text, "actual: (no newline at end of output)\n");
    free(text);
}

Test(feedback, crlf_and_tabs_are_visible)
{
    char *text = feedback(LIT("R R\n"), LIT("R\tR\r\n"), NULL, 0);
    cr_assert_has(text, "| R·R⏎     | R→R␍⏎\n");
    cr_assert_has(text, "lenient comparison (whitespace ignored): passed\n");
    free(text);
}

Test(feedback, ended_output_is_marked)
{
    char *text = feedback(LIT("a\nb\nc\n"), LIT("a\n"), "1 2 3 4\n", 0);
    cr_assert_has(text, "the output stops early: expected 3 lines, got 1");
    cr_assert_has(text, ">    2 | b⏎       | (end of output)\n");
    cr_assert_has(text, "     3 | c⏎       | \n");
    cr_assert_has(text, "input being processed: before the first move\n");
    free(text);
    text = feedback(LIT("a\n"), "", 0, NULL, 0);
    cr_assert_has(text, ">    1 | a⏎       | (empty output)\n");
    free(text);
}

Test(feedback, move_after_the_last_one)
{
    char *text = feedback(LIT("RED's move:  x"), LIT("RED's move:  y"), "", 0);
    cr_assert_has(text, "input being processed: after the last move (the input has 0 moves)\n");
    free(text);
}

/* "line 1\n" ... "line 10000\n", with line `bad` (if any) spelt "oops". */
static char *numbered_lines(size_t count, size_t bad, size_t *len)
{
    char *text = malloc(count * 16), *p = text;
    for (size_t i = 1; i <= count; i++)
        p += i == bad ? sprintf(p, "oops\n") : sprintf(p, "line %zu\n", i);
    *len = (size_t)(p - text);
    return text;
}

Test(feedback, long_output_is_cut_around_the_difference)
{
    size_t e_len, a_len;
    char *e = numbered_lines(10000, 0, &e_len), *a = numbered_lines(10000, 5000, &a_len);
    char *text = feedback(e, e_len, a, a_len, NULL, 0);
    /* Lines 4997-5003 are shown: 4996 omitted before, 10000 - 5003 after. */
    cr_assert_has(text, "  … 4996 lines omitted …\n");
    cr_assert_has(text, "  4997 | line·4997⏎ | line·4997⏎\n");
    cr_assert_has(text, "> 5000 | line·5000⏎ | oops⏎\n");
    cr_assert_has(text, "  5003 | line·5003⏎ | line·5003⏎\n");
    cr_assert_has(text, "  … 4997 lines omitted …\n");
    cr_assert_null(strstr(text, "4996 | "));
    cr_assert_null(strstr(text, "5004 | "));
    cr_assert_lt(strlen(text), 1500);
    free(text), free(e), free(a);
}

/* Display column (in characters) of byte `byte` of the line `line`. */
static size_t column_of(const char *line, size_t byte)
{
    size_t column = 0;
    for (size_t i = 0; i < byte; i++)
        column += ((unsigned char)line[i] & 0xC0) != 0x80;
    return column;
}

Test(feedback, very_long_line_is_cut_around_the_column)
{
    size_t len = 100000;
    char *e = malloc(len + 3), *a = malloc(len + 3);
    memcpy(e, "a\n", 2), memcpy(a, "a\n", 2);
    memset(e + 2, 'x', len), memset(a + 2, 'x', len);
    e[len + 2] = a[len + 2] = '\n';
    a[60002] = 'y';
    char *text = feedback(e, len + 3, a, len + 3, NULL, 0);
    cr_assert_has(text, "first difference: line 2, column 60001 (byte offset 60002)\n");
    /* The short line before is shown whole, though the window is far right. */
    cr_assert_has(text, "     1 | a⏎ ");
    cr_assert_lt(strlen(text), 2000);
    /* The caret under the actual side sits under the 'y'. */
    char *row = strstr(text, ">    2 | "), *carets = strchr(row, '\n') + 1;
    size_t y = (size_t)(strchr(row, 'y') - row);
    size_t second_caret = (size_t)(strrchr(carets, '^') - carets);
    cr_assert_eq(column_of(carets, second_caret), column_of(row, y));
    free(text), free(e), free(a);
}

Test(feedback, nul_and_invalid_utf8_are_escaped)
{
    char *text = feedback(LIT("a b\n"), LIT("a\0b \xff\xc3(\n"), NULL, 0);
    cr_assert_has(text, "| a\\x00b·\\xFF\\xC3(⏎\n");
    cr_assert(valid_utf8(text), "not UTF-8:\n%s", text);
    free(text);
    text = feedback(LIT("\x80" "a\n"), LIT("\x80" "b\n"), NULL, 0);
    cr_assert_has(text, ">    1 | \\x80a⏎   | \\x80b⏎\n");
    cr_assert_has(text, "\n       |     ^    |     ^\n");
    free(text);
}

Test(feedback, colour_only_when_asked)
{
    char *plain = feedback(LIT("a\n"), LIT("\x1b[2J\n"), NULL, 0);
    char *colored = feedback(LIT("a\n"), LIT("b\n"), NULL, COMPARE_COLOR);
    cr_assert_null(strchr(plain, '\x1b'), "escape byte in:\n%s", plain);
    cr_assert_has(plain, "\\x1B[2J⏎");
    cr_assert_has(colored, "\x1b[31mFAILED\x1b[0m");
    free(plain), free(colored);
}

Test(feedback, megabytes_in_linear_time, .timeout = 5)
{
    size_t copies = 3000, len = copies * (sizeof BOARD - 1);   /* 4.2 MB */
    char *e = malloc(len), *a = malloc(len);
    for (size_t i = 0; i < copies; i++)
        memcpy(e + i * (sizeof BOARD - 1), BOARD, sizeof BOARD - 1);
    memcpy(a, e, len);
    /* A board is 18 * 79 + 1 = 1423 bytes.  Last board (from line
    ** 2999 * 19 + 1), row 16 (its line 18), x = 12 (byte 40): line 56999,
    ** offset 2999 * 1423 + 17 * 79 + 40 = 4268960. */
    board_set(a + (copies - 1) * (sizeof BOARD - 1), 12, 16, 'R');
    char *text = feedback(e, len, a, len, NULL, 0);
    cr_assert_has(text, "first difference: line 56999, column 41 (byte offset 4268960)\n");
    free(text), free(e), free(a);
}

Test(names, kind_names)
{
    cr_assert_str_eq(compare_kind_name(COMPARE_SAME), "same");
    cr_assert_str_eq(compare_kind_name(COMPARE_TRAILING_SPACE), "trailing whitespace");
    cr_assert_str_eq(compare_kind_name(COMPARE_MISSING_LINES), "missing lines");
}
