/*
** clex.c -- the kit's C lexer (clex.h says what it cuts and how).
*/
#include "clex.h"

#include <string.h>

/* Punctuators of more than one character, longest first. */
static const char *const long_puncts[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
    "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##",
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static int is_name_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'
        || (c >= '0' && c <= '9') || c >= 0x80;
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Does a '#' at i open a preprocessor line (only blanks before it)? */
static int starts_line(const char *t, size_t i)
{
    while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t'))
        i--;
    return i == 0 || t[i - 1] == '\n';
}

/* The end of the line from i, a backslash-newline continuing it. */
static size_t line_rest(const char *t, size_t i, size_t n)
{
    while (i < n && t[i] != '\n')
        i += (t[i] == '\\' && i + 1 < n) ? 2 : 1;
    return i;
}

/* The offset after the one blank at i; i itself when none starts there. */
static size_t skip_one(const char *t, size_t i, size_t n)
{
    if (is_space((unsigned char)t[i]))
        return i + 1;
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '/')
        return line_rest(t, i, n);
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
        for (i += 2; i + 1 < n; i++)
            if (t[i] == '*' && t[i + 1] == '/')
                return i + 2;
        return n;
    }
    if (t[i] == '#' && starts_line(t, i))
        return line_rest(t, i, n);
    return i;
}

size_t clex_skip(const char *t, size_t i, size_t n)
{
    for (size_t next; i < n && (next = skip_one(t, i, n)) != i;)
        i = next;
    return i;
}

/* The end of the quoted literal opened at i (its closing quote included;
** before the newline or at n when unterminated). */
static size_t quoted_end(const char *t, size_t i, size_t n)
{
    char q = t[i++];
    while (i < n && t[i] != q && t[i] != '\n')
        i += (t[i] == '\\' && i + 1 < n) ? 2 : 1;
    return i < n && t[i] == q ? i + 1 : i;
}

size_t clex_token(const char *t, size_t i, size_t n, enum clex_kind *kind)
{
    unsigned char c = (unsigned char)t[i];
    size_t j = i + 1;
    if (c >= '0' && c <= '9') {
        while (j < n && (is_name_byte((unsigned char)t[j]) || t[j] == '.'))
            j++;
        *kind = CLEX_NUMBER;
    } else if (is_name_byte(c)) {
        while (j < n && is_name_byte((unsigned char)t[j]))
            j++;
        *kind = CLEX_NAME;
    } else if (c == '"' || c == '\'') {
        j = quoted_end(t, i, n);
        *kind = c == '"' ? CLEX_STRING : CLEX_CHAR;
    } else if (c != '\0' && strchr("{}[]()<>;,.:?=+-*/%&|^!~#", c)) {
        for (size_t p = 0; p < COUNT(long_puncts); p++) {
            size_t len = strlen(long_puncts[p]);
            if (len <= n - i && memcmp(t + i, long_puncts[p], len) == 0) {
                j = i + len;
                break;
            }
        }
        *kind = CLEX_PUNCT;
    } else
        *kind = CLEX_OTHER;
    return j - i;
}
