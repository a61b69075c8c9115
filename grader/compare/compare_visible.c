/*
** compare_visible.c -- compare_visible(): any bytes a student printed,
** turned into a string that is safe to show and shows everything.
**
** Whitespace gets a visible sign (space "·", tab "→", CR "␍"), so that a
** difference in spacing can be seen; printable ASCII and valid UTF-8
** pass through; every other byte -- NUL, escape sequences that would
** drive the student's terminal, C1 controls, invalid or cut UTF-8 -- is
** written "\xNN", as visible_char() (report/visible.h) decides for every
** text the kit shows.  A real backslash is doubled so that "\x41" printed by
** the student cannot pass for an escaped byte.  The result is therefore
** always valid UTF-8 without control characters.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "../report/visible.h"

/* Longest text one input byte (or character) becomes: "\xNN" or a
** 4-byte UTF-8 character, plus the NUL of snprintf. */
#define SHOWN_MAX 8

/* Writes into `shown` (NUL-terminated) how the character at s[0, n)
** looks; sets *used to the bytes it takes.  Returns strlen(shown). */
static size_t show_one(const unsigned char *s, size_t n, char shown[SHOWN_MAX],
                       size_t *used)
{
    static const struct { unsigned char byte; const char *sign; } signs[] = {
        { ' ', "·" }, { '\t', "→" }, { '\r', "␍" }, { '\\', "\\\\" },
    };
    size_t len;

    *used = 1;
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (s[0] == signs[i].byte) {
            strcpy(shown, signs[i].sign);
            return strlen(shown);
        }
    if (s[0] >= 0x20 && s[0] < 0x7F) {
        shown[0] = (char)s[0], shown[1] = '\0';
        return 1;
    }
    if ((len = visible_char((const char *)s, n)) > 0) {
        memcpy(shown, s, len);
        shown[len] = '\0';
        *used = len;
        return len;
    }
    return (size_t)snprintf(shown, SHOWN_MAX, "\\x%02X", s[0]);
}

/* Two passes over the bytes: the first sizes the result, the second
** (with out != NULL) writes it.  Returns the length. */
static size_t show_all(const unsigned char *s, size_t len, char *out)
{
    char shown[SHOWN_MAX];
    size_t total = 0, used;

    for (size_t i = 0; i < len; i += used) {
        size_t n = show_one(s + i, len - i, shown, &used);
        if (out)
            memcpy(out + total, shown, n);
        total += n;
    }
    return total;
}

char *compare_visible(const char *bytes, size_t len, int end_of_line)
{
    static const char eol[] = "⏎";
    const unsigned char *s = (const unsigned char *)(len ? bytes : "");
    size_t size = show_all(s, len, NULL);
    char *out = malloc(size + (end_of_line ? sizeof eol : 1));

    if (!out)
        return NULL;
    show_all(s, len, out);
    out[size] = '\0';
    if (end_of_line)
        strcpy(out + size, eol);
    return out;
}
