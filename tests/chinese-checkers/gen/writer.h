/*
** writer.h -- lays out the tokens of a generated session.
**
** Plain mode writes one move per line, tokens separated by one space.
** Messy mode (--messy) uses the same tokens but varies everything the
** game must ignore: runs of spaces and tabs, a move split across lines,
** several moves on one line, and number spellings such as "+7" or "007".
** Either way the reference reads the same moves, so a session's meaning
** does not depend on its layout.
*/
#ifndef WRITER_H
#define WRITER_H

#include <stdio.h>

#include "rng.h"

struct writer {
    FILE *out;
    struct rng *rng;
    int messy;
    int line_used;      /* something is already on the current line */
};

struct writer writer_start(FILE *out, struct rng *rng, int messy);

/* Writes one token after a separator.  With `may_break` set, messy mode
** sometimes starts a new line first (splitting a move). */
void writer_token(struct writer *w, const char *text, int may_break);

/* Writes n tokens on the current line, as writer_token would. */
void writer_tokens(struct writer *w, const char *const *text, int n,
                   int may_break);

/* Writes a number, in messy mode sometimes as "+7", "007" or "-01". */
void writer_number(struct writer *w, int value, int may_break);

/* Ends a move: a newline, or in messy mode sometimes nothing, so that the
** next move shares the line. */
void writer_end_move(struct writer *w);

/* Ends the current line unconditionally. */
void writer_end_line(struct writer *w);

#endif /* WRITER_H */
