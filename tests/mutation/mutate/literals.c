/*
** literals.c -- the operators on literals: a space taken out of a string
** or added at its end, the first letter of a string (or a field width)
** changed, a character constant changed.
*/
#include "mutate.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Character literals: what a slip of the finger turns each into.  Letters
** change case and other digits go down by one (see changed_char). */
static const struct { char from, to; } char_swaps[] = {
    {' ', '.'}, {'-', '+'}, {'+', '-'}, {'0', '1'}, {'9', '8'},
};

/* Emits string token i with its body bytes [at, at+cut) replaced by `put`. */
static void emit_string_edit(struct sink *k, const struct source *s, const char *op,
                             size_t i, size_t at, size_t cut, const char *put)
{
    char with[MAX_REPLACEMENT];
    const char *t = tok_text(s, i);
    size_t len = s->tok[i].len;
    if (len + strlen(put) >= sizeof with)
        return;
    snprintf(with, sizeof with, "%.*s%s%.*s", (int)at, t, put, (int)(len - at - cut), t + at + cut);
    emit_tokens(k, s, op, i, i, with);
}

/* str-space-: one space taken out of each run of spaces in a string. */
void scan_string_spaces(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++) {
        if (s->tok[i].kind != K_STRING)
            continue;
        const char *t = tok_text(s, i);
        for (size_t j = 1; j + 1 < s->tok[i].len; j++)
            if (t[j] == ' ' && t[j - 1] != ' ')
                emit_string_edit(k, s, o->name, i, j, 1, "");
    }
}

/* str-space+: a space added at the end of a string, before a final \n. */
void scan_string_add(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++) {
        if (s->tok[i].kind != K_STRING || s->tok[i].len < 2)
            continue;
        size_t len = s->tok[i].len, at = len - 1;
        if (len >= 4 && strncmp(tok_text(s, i) + len - 3, "\\n", 2) == 0)
            at = len - 3;
        emit_string_edit(k, s, o->name, i, at, 0, " ");
    }
}

/* Length of the printf conversion at t (just after its %), and whether a
** width digit in it is at *digit (or -1). */
static size_t conversion_length(const char *t, long *digit)
{
    size_t j = 0;
    *digit = -1;
    while (t[j] && strchr("-+ #0", t[j]))
        j++;
    while (isdigit((unsigned char)t[j]) || t[j] == '.') {
        if (*digit < 0 && isdigit((unsigned char)t[j]))
            *digit = (long)j;
        j++;
    }
    while (t[j] && strchr("hlLqjzt", t[j]))
        j++;
    return t[j] ? j + 1 : j;
}

/* Offset in string token `t` (quotes included) of the first character a
** typo would change: a letter outside conversions or a field width. */
static size_t first_changeable(const char *t, size_t len)
{
    for (size_t j = 1; j + 1 < len; j++) {
        if (t[j] == '\\') {
            j++;
        } else if (t[j] == '%' && t[j + 1] == '%') {
            j++;
        } else if (t[j] == '%') {
            long digit;
            size_t n = conversion_length(t + j + 1, &digit);
            if (digit >= 0)
                return j + 1 + (size_t)digit;
            j += n;
        } else if (isalpha((unsigned char)t[j])) {
            return j;
        }
    }
    return 0;
}

static char changed_char(char c)
{
    if (isalpha((unsigned char)c))
        return (char)(islower((unsigned char)c) ? toupper((unsigned char)c) : tolower((unsigned char)c));
    for (size_t i = 0; i < COUNT(char_swaps); i++)
        if (char_swaps[i].from == c)
            return char_swaps[i].to;
    return isdigit((unsigned char)c) ? (char)(c - 1) : 0;
}

/* str-char: the first letter (or field width) of a string changed. */
void scan_string_char(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++) {
        if (s->tok[i].kind != K_STRING)
            continue;
        size_t at = first_changeable(tok_text(s, i), s->tok[i].len);
        char c = at ? tok_text(s, i)[at] : 0;
        char put[2] = {isdigit((unsigned char)c) ? (char)(c == '9' ? '8' : c + 1) : changed_char(c), 0};
        if (at)
            emit_string_edit(k, s, o->name, i, at, 1, put);
    }
}

/* char: a character constant changed (not an escape such as '\n'). */
void scan_chars(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++) {
        if (s->tok[i].kind != K_CHAR || s->tok[i].len != 3)
            continue;
        char put[4] = {'\'', changed_char(tok_text(s, i)[1]), '\'', 0};
        if (put[1])
            emit_tokens(k, s, o->name, i, i, put);
    }
}
