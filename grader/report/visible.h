/*
** visible.h -- text that may reach a terminal: the one way the kit shows
** bytes it did not write itself (a student's output, a file or folder
** name, a test name, a bot's name or message) on a terminal or in a text
** file meant to be read on one.
**
** A terminal acts on control characters: C0 (0x00..0x1F), DEL (0x7F) and
** C1 (U+0080..U+009F, which UTF-8 writes as C2 80..C2 9F, and which a
** terminal in 8-bit mode also takes from the lone bytes 0x80..0x9F).  ESC
** [ or CSI can clear the screen or recolour a line, ESC ] or OSC set the
** window's title.  So every byte that is not printable ASCII or part of a
** well-formed UTF-8 character above U+009F is written "\xHH" (two
** upper-case hex digits): each control byte, C0 or C1, and each byte of an
** ill-formed sequence.  Newline and tab may be let through where the text
** is laid out in lines (VISIBLE_LINES); nothing else is.  A backslash is
** left as it is: "\x1B" in the output may have been written by the source
** as four characters, which is harmless, since it stays four characters.
**
** Example: "caf\xE9 \xC2\x9B2J \xE6\xBC\xA2" (Latin-1 é, a CSI, 漢) is
** shown as "caf\xE9 \xC2\x9B2J 漢".
*/
#ifndef GRADER_VISIBLE_H
#define GRADER_VISIBLE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* visible_write() and visible_copy() let newline and tab through. */
#define VISIBLE_LINES 1u

/* Whether code point `cp` is a control character: C0 (below U+0020), DEL
** or C1 (U+0080..U+009F). */
int visible_is_control(long cp);

/* The length of the character at s[0, n) (n >= 1) when it may be shown
** as it is -- printable ASCII, or a well-formed UTF-8 character from
** U+00A0 up -- else 0: s[0] is to be written "\xHH". */
size_t visible_char(const char *s, size_t n);

/* Writes s[0, len) to `out`, every byte visible_char() refuses as "\xHH"
** (newline and tab as they are when `flags` has VISIBLE_LINES).  Errors
** are left in ferror(out). */
void visible_write(FILE *out, const char *s, size_t len, unsigned flags);

/* A malloc'd, NUL-terminated visible copy of the string `s` (NULL: "");
** NULL when memory runs out. */
char *visible_copy(const char *s, unsigned flags);

/* Writes into buf[0, size) (size >= 1) the visible copy of `s` (NULL:
** ""), cut where it would not fit at the start of a character, so that
** buf is always valid UTF-8; returns the length of the whole visible
** copy, like snprintf(), so that a caller can tell it was cut (0, and ""
** in buf, when memory ran out). */
size_t visible_cut(char *buf, size_t size, const char *s);

/* fprintf() for lines the kit prints: the format is the kit's own and is
** written as it is; every string argument (%s, with its width and
** precision, the precision counting the argument's bytes) and every %c
** is written visible, without newline or tab.  Supports the conversions
** d i u o x X c s p f F e E g G a A and %%, with flags, width and
** precision (also '*') and the length modifiers hh h l ll z j t L; any
** other conversion is written as "?".  Returns 0, or -1 after a write
** error. */
int visible_printf(FILE *out, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
int visible_vprintf(FILE *out, const char *format, va_list ap);

/* Makes `stderr` a stream that writes everything visible (newline and tab
** kept) to what stderr was: for a command whose messages come from many
** modules, several of which name the submission's files or folders, so
** that none can reach the terminal raw.  Call it first in main(), before
** anything is written; the stream is unbuffered, as stderr is.  Returns
** 0, or -1 (stderr left as it was) when the stream cannot be made. */
int visible_stderr(void);

#endif /* GRADER_VISIBLE_H */
