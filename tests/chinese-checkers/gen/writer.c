/*
** writer.c -- token layout for generated sessions (see writer.h).
*/
#include "writer.h"

/* What may separate two tokens on one line in messy mode. */
static const char *const SEPARATORS[] = {" ", "  ", "\t", " \t ", "     "};

struct writer writer_start(FILE *out, struct rng *rng, int messy)
{
    struct writer w = {out, rng, messy, 0};
    return w;
}

static const char *separator(struct writer *w)
{
    if (!w->messy || !rng_chance(w->rng, 1, 4))
        return " ";
    return SEPARATORS[rng_below(w->rng, sizeof SEPARATORS / sizeof *SEPARATORS)];
}

void writer_token(struct writer *w, const char *text, int may_break)
{
    if (w->line_used && may_break && w->messy && rng_chance(w->rng, 1, 8))
        writer_end_line(w);
    if (w->line_used)
        fputs(separator(w), w->out);
    else if (w->messy && rng_chance(w->rng, 1, 10))
        fputs(separator(w), w->out);   /* indentation is whitespace too */
    fputs(text, w->out);
    w->line_used = 1;
}

void writer_tokens(struct writer *w, const char *const *text, int n,
                   int may_break)
{
    for (int i = 0; i < n; i++)
        writer_token(w, text[i], may_break && i > 0);
}

/* The spellings of a number that all read as the same int. */
static void spell(struct writer *w, int value, char *buf, size_t size)
{
    static const char *const positive[] = {"%lld", "+%lld", "00%lld"};
    static const char *const negative[] = {"-%lld", "-0%lld", "-00%lld"};
    int style = w->messy && rng_chance(w->rng, 1, 8)
                    ? 1 + (int)rng_below(w->rng, 2) : 0;
    long long magnitude = value < 0 ? -(long long)value : value;
    snprintf(buf, size, (value < 0 ? negative : positive)[style], magnitude);
}

void writer_number(struct writer *w, int value, int may_break)
{
    char buf[32];
    spell(w, value, buf, sizeof buf);
    writer_token(w, buf, may_break);
}

void writer_end_move(struct writer *w)
{
    if (!(w->messy && rng_chance(w->rng, 1, 4)))
        writer_end_line(w);
}

void writer_end_line(struct writer *w)
{
    fputc('\n', w->out);
    w->line_used = 0;
}
