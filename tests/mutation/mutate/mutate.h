/*
** mutate.h -- the mutator's internal interface (tests/mutation/mutate/).
**
** The mutator reads one C file (source.c: the text, its lines, its
** tokens), gives each token its context -- the function it is in, how
** deeply it is nested, whether it may be mutated -- and each change its
** category (context.c), lets every operator propose changes (operators.c,
** and literals.c for string and character literals), collects them in a
** sink, and writes the manifest and the mutants (main.c).
*/
#ifndef MUTATE_H
#define MUTATE_H

#define _POSIX_C_SOURCE 200809L
#include <stddef.h>

/* The longest replacement text an operator makes. */
#define MAX_REPLACEMENT 512

enum kind { K_IDENT, K_NUMBER, K_STRING, K_CHAR, K_PUNCT };

struct token {
    enum kind kind;
    size_t off, len;  /* bytes of the file text */
    int line;         /* 0-based */
    int nest;         /* ( and [ around it */
    int brackets;     /* [ around it */
    int depth;        /* braces around it ({ and } sit outside their own) */
    int func;         /* index into source.names, or -1 */
    int mutable;      /* in a function body or a one-line initialiser */
};

/* A growing list of names, from the command line. */
struct list {
    const char **v;
    size_t n;
};

struct source {
    char *text;
    size_t size;
    size_t *line_start;
    int nlines;
    struct token *tok;
    size_t ntok;
    char **names;     /* function (or initialised variable) names */
    int *name_line;   /* the line each name is declared on */
    int nnames;
    const char *category;     /* -c: the category of the file's own code */
    struct list exclude;      /* -x: names whose guarded code is left alone */
    struct list swap_from, swap_to;  /* -n A/B: name swaps, both ways */
    struct list sizes;        /* -s: names that bound an array */
    struct list bounds;       /* -b: functions whose job is a bounds check */
    struct list prints;       /* -P: the program's own output functions */
};

struct mutant {
    const char *op, *category;
    int line, func;
    size_t off, len, order;
    char *with;
};

struct sink {
    struct mutant *m;
    size_t n, cap;
};

struct op {
    const char *name, *what;
    void (*scan)(const struct source *, const struct op *, struct sink *);
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])
#define IN(list, s, len) in_list((list), COUNT(list), (s), (len))
#define TOK_IN(list, s, i) in_list((list), COUNT(list), tok_text(s, i), (s)->tok[i].len)

/* source.c: reading, lines, lexing, tokens */
int in_list(const char *const *list, size_t n, const char *s, size_t len);
int tok_in(const struct source *s, size_t i, const struct list *l);
void list_add(struct list *l, const char *name);
void *xrealloc(void *p, size_t n);
char *read_file(const char *path, size_t *size);
void split_lines(struct source *s);
int line_of(const struct source *s, size_t off);
size_t line_end(const struct source *s, int line);
void lex(struct source *s);
int is(const struct source *s, size_t i, const char *text);
const char *tok_text(const struct source *s, size_t i);
size_t tok_end(const struct source *s, size_t i);
size_t closing(const struct source *s, size_t open);
size_t opening(const struct source *s, size_t close);
int same_line(const struct source *s, size_t a, size_t b);

/* context.c: functions, nesting, what may be mutated, categories */
void mark_context(struct source *s);
void exclude_guarded(struct source *s, const char *name);
int is_comparison(const struct source *s, size_t i);
int is_output_call(const struct source *s, size_t i);
const char *name_of(const struct source *s, int func);
const char *categorise(const struct source *s, const char *op, size_t from, size_t to);

/* main.c: the sink */
void emit(struct sink *k, const struct source *s, const char *op,
          size_t from, size_t to, size_t off, size_t len, const char *with);
void emit_tokens(struct sink *k, const struct source *s, const char *op,
                 size_t from, size_t to, const char *with);

/* operators.c: the table of operators */
extern const struct op operators[];
extern const size_t noperators;

/* literals.c: the operators on string and character literals */
void scan_string_spaces(const struct source *s, const struct op *o, struct sink *k);
void scan_string_add(const struct source *s, const struct op *o, struct sink *k);
void scan_string_char(const struct source *s, const struct op *o, struct sink *k);
void scan_chars(const struct source *s, const struct op *o, struct sink *k);

#endif /* MUTATE_H */
