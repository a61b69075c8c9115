/*
** clex.h -- the kit's C lexer: where each C token of a text starts and
** ends, and its kind.  Shared by the similarity check (grader/similarity/
** sim_lex.c, which normalises the tokens) and the mutator
** (tests/mutation/mutate/source.c, which mutates them in place).
**
** It reads text as the compiler sees it after preprocessing has spliced
** lines, without running the preprocessor:
**   - blanks: ' ', '\t', '\n', '\r', '\f', '\v'; a // comment (to the end
**     of the line; a backslash-newline continues it, as C splices the
**     lines first); a block comment (to its close, or the text's end);
**     a preprocessor line, from a '#' with only blanks before it on its
**     line to the end of the line, continued by backslash-newlines;
**   - a name: a letter, '_' or a byte from 0x80 up (UTF-8 names, and
**     ill-formed bytes alike), then those or digits;
**   - a number: a digit, then name bytes and '.' (1.5, 0x1F, 10UL; an
**     exponent's sign is a token of its own);
**   - a string or character literal: its quote to the matching quote,
**     escapes skipped; an unterminated one ends before the newline;
**   - a punctuator: the longest of C's (and "##"); a lone '#' is one;
**   - anything else (control bytes, NUL, '@', '$', '`', '\\'): one byte
**     of kind CLEX_OTHER, for the caller to keep or skip.
** Any bytes at all are accepted (NUL included: the length n bounds every
** scan); nothing fails and nothing is allocated.
*/
#ifndef GRADER_CLEX_H
#define GRADER_CLEX_H

#include <stddef.h>

enum clex_kind { CLEX_NAME, CLEX_NUMBER, CLEX_STRING, CLEX_CHAR, CLEX_PUNCT, CLEX_OTHER };

/* The offset after every blank (white space, comment, preprocessor line)
** from i on: i itself when a token starts there; n at the end. */
size_t clex_skip(const char *t, size_t i, size_t n);

/* The length (at least 1) and kind of the token at i, i < n, where
** clex_skip(t, i, n) == i. */
size_t clex_token(const char *t, size_t i, size_t n, enum clex_kind *kind);

#endif /* GRADER_CLEX_H */
