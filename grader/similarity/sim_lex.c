/*
** sim_lex.c -- C source as normalised tokens for the similarity check.
**
** The tokens are cut by the kit's C lexer (grader/clex/clex.h), which
** drops comments, preprocessor lines (with their continuations) and white
** space.  Keywords and punctuators keep their text; every other name
** becomes "id", every number "num", every string literal "str" and every
** character literal "chr", so that renaming, retyping a constant or
** rewording a message changes no token.  Bytes that no C token starts
** with (control bytes, NUL, stray '@', '`' ...) and a '#' or '##' outside
** a preprocessor line are skipped; bytes from 0x80 up are name bytes, so
** UTF-8 names and ill-formed bytes alike end up inside an "id".  Any
** bytes at all are accepted: this lexer never fails.
*/
#include "similarity.h"

#include <string.h>

#include "../clex/clex.h"

static const char *const keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do",
    "double", "else", "enum", "extern", "float", "for", "goto", "if",
    "inline", "int", "long", "register", "restrict", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
    "unsigned", "void", "volatile", "while", "_Alignas", "_Alignof",
    "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
    "_Static_assert", "_Thread_local", "bool", "true", "false", "NULL",
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

static int in_table(const char *const *table, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(table[i]) == len && memcmp(table[i], s, len) == 0)
            return 1;
    return 0;
}

/* The normalised symbol of the token t[0, len) of `kind`; 0 for one that
** is skipped. */
static uint32_t normalised(const char *t, size_t len, enum clex_kind kind)
{
    switch (kind) {
    case CLEX_NAME:
        return in_table(keywords, COUNT(keywords), t, len) ? sim_symbol(t, len) : sim_symbol("id", 2);
    case CLEX_NUMBER: return sim_symbol("num", 3);
    case CLEX_STRING: return sim_symbol("str", 3);
    case CLEX_CHAR: return sim_symbol("chr", 3);
    case CLEX_PUNCT: return t[0] == '#' ? 0 : sim_symbol(t, len);
    default: return 0;
    }
}

size_t sim_lex(struct sim_submission *s, uint32_t file)
{
    const char *t = s->files[file].text;
    size_t n = s->files[file].size, added = 0, cap = s->ntok;
    for (size_t i = clex_skip(t, 0, n), len; i < n; i = clex_skip(t, i + len, n)) {
        enum clex_kind kind;
        len = clex_token(t, i, n, &kind);
        uint32_t sym = normalised(t + i, len, kind);
        if (!sym)
            continue;
        if (s->ntok == cap || cap == 0) {
            cap = s->ntok * 2 + 1024;
            s->tok = sim_alloc(s->tok, cap * sizeof *s->tok);
        }
        s->tok[s->ntok++] = (struct sim_token){ sym, file, (uint32_t)i, (uint32_t)len };
        added++;
    }
    return added;
}
