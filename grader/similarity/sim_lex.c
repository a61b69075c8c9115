/*
** sim_lex.c -- C source as normalised tokens for the similarity check.
**
** Comments, preprocessor lines (with their continuations) and white space
** are dropped.  Keywords and punctuators keep their text; every other
** identifier becomes "id", every number "num", every string literal "str"
** and every character literal "chr", so that renaming, retyping a
** constant or rewording a message changes no token.  Bytes that no C
** token starts with (control bytes, NUL, stray '@', '`' ...) are skipped;
** bytes from 0x80 up count as identifier characters, so UTF-8 names and
** ill-formed bytes alike end up inside an "id".  Any bytes at all are
** accepted: this lexer never fails.
**
** The kit's other C lexer, the mutator's (tests/mutation/mutate/source.c),
** agrees on ordinary C but differs on odd input: it ends a // comment at
** the newline even after a backslash (C splices the lines first, as
** here), takes the newline into an unterminated literal, stops a block
** comment at a NUL byte, makes "##" a punctuator, and makes every byte no
** token starts with -- bytes from 0x80 up included -- a one-byte
** punctuator, where this lexer skips it or reads it into a name.  It also
** keeps each token's text, kind and line, where this one keeps a
** normalised symbol.
*/
#include "similarity.h"

#include <string.h>

static const char *const keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do",
    "double", "else", "enum", "extern", "float", "for", "goto", "if",
    "inline", "int", "long", "register", "restrict", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
    "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
    "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
    "_Static_assert", "_Thread_local", "bool", "true", "false", "NULL",
};

/* Punctuators of more than one character, longest first. */
static const char *const long_puncts[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
    "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* FNV-1a of the text: a symbol is its text's hash. */
uint32_t sim_symbol(const char *text, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 16777619u;
    return h;
}

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

/* The offset after the blank, comment or preprocessor line at i; i itself
** when none starts there. */
static size_t skip_one_blank(const char *t, size_t i, size_t n)
{
    if (is_space((unsigned char)t[i]))
        return i + 1;
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
        while (i < n && t[i] != '\n')
            i += (t[i] == '\\' && i + 1 < n) ? 2 : 1;
        return i;
    }
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
        for (i += 2; i < n; i++)
            if (t[i] == '*' && i + 1 < n && t[i + 1] == '/')
                return i + 2;
        return n;
    }
    if (t[i] == '#' && starts_line(t, i)) {
        while (i < n && t[i] != '\n')
            i += (t[i] == '\\' && i + 1 < n) ? 2 : 1;
        return i;
    }
    return i;
}

/* The end of the quoted literal opened at i (its closing quote included;
** the line's end when unterminated). */
static size_t skip_quoted(const char *t, size_t i, size_t n)
{
    char q = t[i++];
    while (i < n && t[i] != q && t[i] != '\n')
        i += (t[i] == '\\' && i + 1 < n) ? 2 : 1;
    return i < n && t[i] == q ? i + 1 : i;
}

static int in_table(const char *const *table, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(table[i]) == len && memcmp(table[i], s, len) == 0)
            return 1;
    return 0;
}

/* The token at i: its end, and its normalised symbol in *sym; *sym is 0
** for a byte no token starts with (skipped). */
static size_t scan_token(const char *t, size_t i, size_t n, uint32_t *sym)
{
    unsigned char c = (unsigned char)t[i];
    size_t j = i + 1;
    if (c >= '0' && c <= '9') {
        while (j < n && (is_name_byte((unsigned char)t[j]) || t[j] == '.'))
            j++;
        *sym = sim_symbol("num", 3);
    } else if (is_name_byte(c)) {
        while (j < n && is_name_byte((unsigned char)t[j]))
            j++;
        *sym = in_table(keywords, COUNT(keywords), t + i, j - i)
             ? sim_symbol(t + i, j - i) : sim_symbol("id", 2);
    } else if (c == '"' || c == '\'') {
        j = skip_quoted(t, i, n);
        *sym = c == '"' ? sim_symbol("str", 3) : sim_symbol("chr", 3);
    } else if (strchr("{}[]()<>;,.:?=+-*/%&|^!~", c) && c != '\0') {
        for (size_t p = 0; p < COUNT(long_puncts); p++) {
            size_t len = strlen(long_puncts[p]);
            if (len <= n - i && memcmp(t + i, long_puncts[p], len) == 0) {
                j = i + len;
                break;
            }
        }
        *sym = sim_symbol(t + i, j - i);
    } else
        *sym = 0;
    return j;
}

size_t sim_lex(struct sim_submission *s, uint32_t file)
{
    const char *t = s->files[file].text;
    size_t n = s->files[file].size, i = 0, added = 0, cap = s->ntok;
    while (i < n) {
        size_t next = skip_one_blank(t, i, n);
        if (next != i) {
            i = next;
            continue;
        }
        uint32_t sym;
        next = scan_token(t, i, n, &sym);
        if (sym) {
            if (s->ntok == cap || cap == 0) {
                cap = s->ntok * 2 + 1024;
                s->tok = sim_alloc(s->tok, cap * sizeof *s->tok);
            }
            s->tok[s->ntok++] = (struct sim_token){ sym, file, (uint32_t)i, (uint32_t)(next - i) };
            added++;
        }
        i = next;
    }
    return added;
}
