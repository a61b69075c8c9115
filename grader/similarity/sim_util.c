/*
** sim_util.c -- memory, notes and freeing for the similarity check: what
** every part of it (and the tests' disguise generator) shares.
*/
#include "similarity.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void *sim_alloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("similarity: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

void sim_note(struct sim_submission *s, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    size_t old = s->notes ? strlen(s->notes) : 0;
    s->notes = sim_alloc(s->notes, old + strlen(buf) + 3);
    snprintf(s->notes + old, strlen(buf) + 3, "%s%s", old ? "; " : "", buf);
}

void sim_submission_free(struct sim_submission *s)
{
    for (size_t f = 0; f < s->nfiles; f++) {
        free(s->files[f].path);
        free(s->files[f].text);
    }
    free(s->files);
    free(s->tok);
    free(s->base);
    free(s->fp);
    free(s->notes);
    free(s->id);
    memset(s, 0, sizeof *s);
}
