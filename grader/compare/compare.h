/*
** compare.h -- judge a student's transcript against the expected one and
** explain the first difference to a human.
**
** A transcript test passes when the student's output equals the expected
** output byte for byte ("exact"); it may earn partial marks when the two
** agree once all whitespace is ignored ("lenient").  When they differ,
** compare_diff() finds the first differing byte and describes it: where
** it is (byte offset, line, column), what kind of difference it is, the
** line of each side that holds it, and which input move the program was
** answering at that point.  compare_render() turns that description into
** the plain-text feedback a student reads; an HTML report can render the
** same struct its own way.
**
** TEXTS are byte arrays with a length: they may hold NUL bytes, CRLF line
** endings, invalid UTF-8 and no final newline.  A pointer may be NULL
** when its length is 0.  Lines end at '\n' only; a '\r' stays part of
** its line.  "abc\n" has 1 line, "abc" has 1 line (without a newline),
** "" has 0 lines, "\n\n" has 2 (empty) lines.
**
** WHITESPACE means the six bytes the game's own parser skips (isspace in
** the C locale): space, \t, \n, \v, \f, \r (compare_is_space()).  Every
** other byte, NUL included, belongs to a token.
**
** MOVES.  Where an assignment's program reads moves (struct
** compare_moves), the expected transcript prints a prompt ending in the
** same text (in Chinese Checkers "RED's move:  ") before it reads each
** move, so the k-th prompt is answered by the k-th move of the input.  The move "being
** processed" at a difference is move k, where k is the number of complete
** prompts in the expected output before the first differing byte.  (A
** difference inside a prompt is thus charged to the move before it: the
** prompt is the last thing printed while processing that move.)  Moves
** are found in the input with the games' rule: a fixed number of
** whitespace-separated tokens (four in the examples below); a token that
** is not an optional '+'/'-' followed by digits ends its move early
** ("junk"), and unless that token ended its line the rest of the line is
** thrown away.
**
** COST: every function is linear in the sizes of its arguments, and the
** rendered feedback is bounded (a few lines of context, lines cut to a
** window around the differing column), whatever the outputs' size.
**
** OWNERSHIP: a struct compare_diff points into the caller's buffers
** (expected, actual, input) and owns nothing; it is valid while they are.
** compare_render(), compare_feedback(), compare_describe_move() and
** compare_visible() return a malloc'd, NUL-terminated, valid UTF-8 string
** the caller frees; they return NULL only when memory runs out.
**
** EXAMPLE
**     const char *want = "RED's move:  \nok\n", *got = "RED's move:  \nOK\n";
**     struct compare_diff d;
**     struct compare_moves moves = {"'s move:  ", 4};
**     compare_diff(&d, want, strlen(want), got, strlen(got), "9 x 1\n", 6, &moves);
**     // d.kind == COMPARE_LINE_DIFFERS, d.lenient == 0, d.offset == 14,
**     // d.expected.line == 2, d.expected.column == 1,
**     // d.move.number == 1, d.move.status == COMPARE_MOVE_JUNK,
**     // d.move.ntokens == 2 (the tokens "9" and "x")
**     char *text = compare_render(&d, 0);
**     fputs(text, stdout);
**     free(text);
** prints
**     exact comparison: FAILED (line 2 differs)
**     lenient comparison (whitespace ignored): FAILED
**     first difference: line 2, column 1 (byte offset 14)
**     input being processed: move 1: `9 x` (junk), input line 1
**
**            | expected       | actual
**          1 | RED's·move:··⏎ | RED's·move:··⏎
**     >    2 | ok⏎            | OK⏎
**            | ^              | ^
**     shown: · space, → tab, ␍ carriage return, ⏎ end of line, \xNN other bytes, \\ backslash
** (the test feedback.whole_text_of_a_small_difference checks this text).
*/
#ifndef GRADER_COMPARE_H
#define GRADER_COMPARE_H

#include <stddef.h>

/* How a program reads its moves (see MOVES above). */
struct compare_moves {
    const char *prompt;     /* the text that ends every prompt; not empty   */
    size_t tokens;          /* tokens to a move, 1..COMPARE_MAX_TOKENS      */
};
#define COMPARE_MAX_TOKENS 8

/* Lines of context shown before and after the differing line. */
#define COMPARE_CONTEXT_LINES 3

/* Longer lines are shown as a window of this many bytes around the
** differing column, cut ends marked with "…". */
#define COMPARE_LINE_WINDOW 96

/* compare_render() flag: add ANSI colours (only for terminals). */
#define COMPARE_COLOR 1u

/* What the first difference is.  The "only" kinds describe the whole
** outputs; the others describe where the first differing byte is. */
enum compare_kind {
    COMPARE_SAME,            /* byte-identical                              */
    COMPARE_LINE_DIFFERS,    /* a line's bytes differ                       */
    COMPARE_MISSING_LINES,   /* actual stops early: a prefix of expected    */
    COMPARE_EXTRA_LINES,     /* actual goes on: expected is a prefix of it  */
    COMPARE_FINAL_NEWLINE,   /* one side lacks only the other's final '\n'  */
    COMPARE_TRAILING_SPACE   /* same lines once trailing space, \t, \r,
                                \v, \f are cut from each line               */
};

/* Which move was being processed, as far as the input tells. */
enum compare_move_status {
    COMPARE_MOVE_UNKNOWN,      /* no input given, or nothing differs        */
    COMPARE_MOVE_BEFORE_FIRST, /* no prompt before the difference (k = 0)  */
    COMPARE_MOVE_COMPLETE,     /* four numeric tokens                       */
    COMPARE_MOVE_JUNK,         /* its last token is junk                    */
    COMPARE_MOVE_INCOMPLETE,   /* the input ended after 1 to 3 tokens       */
    COMPARE_MOVE_AFTER_LAST    /* the input ended before move k began       */
};

/* One token of the input: points into the caller's input buffer. */
struct compare_token {
    const char *text;
    size_t len;
};

struct compare_move {
    enum compare_move_status status;
    size_t number;          /* k, 1-based; 0 for BEFORE_FIRST and UNKNOWN   */
    size_t input_line;      /* input line of its first token; 0 if none     */
    size_t ntokens;         /* tokens read for it, 0..tokens of a move      */
    struct compare_token tokens[COMPARE_MAX_TOKENS];
    size_t moves_in_input;  /* AFTER_LAST: moves the input held, else 0     */
};

/* One side (expected or actual) of a comparison.  Before the first
** difference both sides hold the same bytes, so `line` and `column` are
** equal on both sides; they are kept per side for the report's sake. */
struct compare_side {
    const char *text;       /* the whole output (the caller's buffer)       */
    size_t len;             /* its length in bytes                          */
    size_t lines;           /* its number of lines                          */
    int final_newline;      /* 1 when it ends with '\n'                     */
    size_t line, column;    /* of the first difference, 1-based; 0 if SAME  */
    const char *line_text;  /* the line holding it, '\n' excluded           */
    size_t line_len;
    int line_exists;        /* 0 when this output ended before that line    */
    int line_newline;       /* 1 when that line ends with '\n'              */
};

struct compare_diff {
    enum compare_kind kind;
    int exact;              /* 1 when byte-identical                        */
    int lenient;            /* 1 when equal with all whitespace ignored     */
    size_t offset;          /* first differing byte, 0-based (the shorter
                               length when one output is a prefix)          */
    struct compare_side expected, actual;
    struct compare_move move;
};

/* 1 when `byte` is whitespace in the sense above, else 0. */
int compare_is_space(int byte);

/* 1 when the two texts are byte-identical, else 0. */
int compare_exact(const char *expected, size_t expected_len,
                  const char *actual, size_t actual_len);

/* 1 when both texts hold the same sequence of whitespace-separated
** tokens (so "a  b\r\n" matches "a b"; "" matches " \n"), else 0. */
int compare_lenient(const char *expected, size_t expected_len,
                    const char *actual, size_t actual_len);

/* Fills *diff for the two outputs.  `input` is the text fed to the
** program, and `moves` how the program reads it; when either is NULL
** (unknown, or a program that reads no moves) diff->move.status is
** UNKNOWN.
** Never fails.  When the outputs are identical, kind is COMPARE_SAME,
** offset is their length and only text/len/lines/final_newline of each
** side are set. */
void compare_diff(struct compare_diff *diff,
                  const char *expected, size_t expected_len,
                  const char *actual, size_t actual_len,
                  const char *input, size_t input_len, const struct compare_moves *moves);

/* Number of occurrences of `prompt` (not empty) in text[0, len). */
size_t compare_count_prompts(const char *text, size_t len, const char *prompt);

/* Fills *move with move `number` (1-based) of `input` read by the games'
** rule, `tokens` (1..COMPARE_MAX_TOKENS) to a move; number 0 gives
** COMPARE_MOVE_BEFORE_FIRST.  Example, with 4 tokens: in
** "1 2\n3 4 5 x y\n6 7 8 9\n", move 1 is `1 2 3 4` (input line 1), move 2
** is `5 x` (JUNK: "y" is swallowed), move 3 is `6 7 8 9` (input line 3),
** move 4 is AFTER_LAST with moves_in_input 3. */
void compare_find_move(const char *input, size_t input_len, size_t number, size_t tokens,
                       struct compare_move *move);

/* Move `move` in words, as the feedback's "input being processed:" line
** shows it: "move 7: `12 4 14 6`, input line 5", "move 3: `9 x` (junk),
** input line 2", "move 5: `1 2` (incomplete: the input ends), input line
** 4", "before the first move", "after the last move (the input has 6
** moves)" or "unknown".  Tokens are shown as compare_visible() shows
** them, cut after 24 bytes with "…". */
char *compare_describe_move(const struct compare_move *move);

/* "same", "line differs", "missing lines", "extra lines",
** "final newline", "trailing whitespace" (for JSON and HTML reports). */
const char *compare_kind_name(enum compare_kind kind);

/* The feedback text for `diff` (see the example above):
**   - "exact comparison:" passed or FAILED, with the kind in words, and
**     "lenient comparison (whitespace ignored):" passed or FAILED;
**   - when they differ: "first difference: line L, column C (byte offset
**     O)", "input being processed: ..." (compare_describe_move(), left
**     out when the input is unknown), then a side-by-side window of
**     numbered lines "  N | expected | actual", each side made visible by
**     compare_visible() and padded to one width.  The differing line is
**     marked '>' with a caret under the differing column on each side.
**     Up to COMPARE_CONTEXT_LINES lines are shown on each side of it; the
**     rest become "  … N lines omitted …".  Lines longer than
**     COMPARE_LINE_WINDOW bytes show the same window of columns around
**     the difference, cut ends marked "…".  A side that has ended shows
**     "(end of output)" (or "(empty output)") once;
**   - "actual: (no newline at end of output)" (or "expected: ...") when
**     only one side ends with a newline, and a legend of the signs.
** flags: 0, or COMPARE_COLOR for ANSI colours (FAILED and the actual
** line in red, the expected line in green, carets in yellow). */
char *compare_render(const struct compare_diff *diff, unsigned flags);

/* compare_diff() then compare_render(). */
char *compare_feedback(const char *expected, size_t expected_len,
                       const char *actual, size_t actual_len,
                       const char *input, size_t input_len,
                       const struct compare_moves *moves, unsigned flags);

/* `bytes` made visible and safe to print: space as "·", tab as "→", CR
** as "␍", backslash as "\\", valid UTF-8 (except C1 controls) as is,
** every other byte as "\xNN"; "⏎" appended when end_of_line is non-zero.
** Example: compare_visible("a b\t\xff", 5, 1) is "a·b→\xFF⏎". */
char *compare_visible(const char *bytes, size_t len, int end_of_line);

#endif /* GRADER_COMPARE_H */
