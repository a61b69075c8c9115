/*
** source.c -- the mutator's input: the file's text and lines, its tokens
** (cut by the kit's C lexer, grader/clex/clex.h: comments, preprocessor
** lines and white space skipped), and the helpers that look at tokens and
** match brackets.
*/
#include "mutate.h"
#include "../../../grader/clex/clex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is s (len bytes) one of the n strings of list? */
int in_list(const char *const *list, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
            return 1;
    return 0;
}

/* Is token i one of the names of l? */
int tok_in(const struct source *s, size_t i, const struct list *l)
{
    return in_list(l->v, l->n, tok_text(s, i), s->tok[i].len);
}

void list_add(struct list *l, const char *name)
{
    l->v = xrealloc(l->v, (l->n + 1) * sizeof *l->v);
    l->v[l->n++] = name;
}

/* ----------------------------------------------------------------- input */

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "mutate: out of memory\n");
        exit(2);
    }
    return p;
}

char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t n = 0, got;
    char buf[65536];

    if (!f) {
        perror(path);
        exit(2);
    }
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
        text = xrealloc(text, n + got + 1);
        memcpy(text + n, buf, got);
        n += got;
    }
    fclose(f);
    text = xrealloc(text, n + 1);
    text[n] = '\0';
    *size = n;
    return text;
}

void split_lines(struct source *s)
{
    s->line_start = xrealloc(NULL, (s->size + 2) * sizeof *s->line_start);
    s->nlines = 0;
    s->line_start[s->nlines++] = 0;
    for (size_t i = 0; i < s->size; i++)
        if (s->text[i] == '\n')
            s->line_start[s->nlines++] = i + 1;
}

int line_of(const struct source *s, size_t off)
{
    int lo = 0, hi = s->nlines - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (s->line_start[mid] <= off)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

size_t line_end(const struct source *s, int line)
{
    size_t e = s->line_start[line];
    while (e < s->size && s->text[e] != '\n')
        e++;
    return e;
}

/* ----------------------------------------------------------------- lexer */

/* The tokens of the kit's C lexer (grader/clex/clex.h); a byte that no
** C token starts with is a one-byte punctuator here, as is "#". */
void lex(struct source *s)
{
    static const enum kind kinds[] = {
        [CLEX_NAME] = K_IDENT, [CLEX_NUMBER] = K_NUMBER, [CLEX_STRING] = K_STRING,
        [CLEX_CHAR] = K_CHAR, [CLEX_PUNCT] = K_PUNCT, [CLEX_OTHER] = K_PUNCT,
    };
    size_t cap = 0, i = clex_skip(s->text, 0, s->size);
    while (i < s->size) {
        struct token tk = {0};
        enum clex_kind kind;
        tk.off = i;
        tk.len = clex_token(s->text, i, s->size, &kind);
        tk.kind = kinds[kind];
        tk.line = line_of(s, i);
        tk.func = -1;
        if (s->ntok == cap)
            s->tok = xrealloc(s->tok, (cap = cap * 2 + 256) * sizeof *s->tok);
        s->tok[s->ntok++] = tk;
        i = clex_skip(s->text, i + tk.len, s->size);
    }
}

/* ------------------------------------------------------------ token help */

int is(const struct source *s, size_t i, const char *text)
{
    return i < s->ntok && s->tok[i].len == strlen(text)
        && memcmp(s->text + s->tok[i].off, text, s->tok[i].len) == 0;
}

const char *tok_text(const struct source *s, size_t i)
{
    return s->text + s->tok[i].off;
}

size_t tok_end(const struct source *s, size_t i)
{
    return s->tok[i].off + s->tok[i].len;
}

/* Index of the token that closes the group opened at `open`, or ntok. */
size_t closing(const struct source *s, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < s->ntok; i++) {
        if (is(s, i, "(") || is(s, i, "[") || is(s, i, "{"))
            depth++;
        else if ((is(s, i, ")") || is(s, i, "]") || is(s, i, "}")) && --depth == 0)
            return i;
    }
    return s->ntok;
}

/* Index of the token that opens the group closed at `close`, or ntok. */
size_t opening(const struct source *s, size_t close)
{
    int depth = 0;
    for (size_t i = close + 1; i-- > 0;) {
        if (is(s, i, ")") || is(s, i, "]") || is(s, i, "}"))
            depth++;
        else if ((is(s, i, "(") || is(s, i, "[") || is(s, i, "{")) && --depth == 0)
            return i;
    }
    return s->ntok;
}

int same_line(const struct source *s, size_t a, size_t b)
{
    return a < s->ntok && b < s->ntok && s->tok[a].line == s->tok[b].line;
}
