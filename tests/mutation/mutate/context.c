/*
** context.c -- where each token is: its function (or one-line
** initialiser), its nesting, whether it may be mutated at all (-x leaves
** guarded code alone), and the category of each change: output format,
** memory (bounds checks, subscripts) or the file's own (-c).
*/
#include "mutate.h"

#include <string.h>

/* The C library's calls whose removal or change alters the program's
** output; -P names the program's own (print_board). */
static const char *const output_calls[] = {
    "printf", "putchar", "puts", "fputs", "fprintf", "fflush",
};

static const char *const comparisons[] = {"<", "<=", ">", ">=", "==", "!="};

/* ---------------------------------------------------------------- context */

static int add_name(struct source *s, const char *text, size_t len, int line)
{
    s->names = xrealloc(s->names, (size_t)(s->nnames + 1) * sizeof *s->names);
    s->name_line = xrealloc(s->name_line, (size_t)(s->nnames + 1) * sizeof *s->name_line);
    s->names[s->nnames] = strndup(text, len);
    s->name_line[s->nnames] = line;
    return s->nnames++;
}

/* Name declared before the token at i (a `(` or `=`): the identifier
** before it, skipping subscripts such as [6]. */
static int declared_name(struct source *s, size_t i)
{
    while (i > 0 && is(s, i - 1, "]"))
        i = opening(s, i - 1);
    if (i == 0 || i >= s->ntok || s->tok[i - 1].kind != K_IDENT)
        return add_name(s, "?", 1, i < s->ntok ? s->tok[i].line : 0);
    return add_name(s, tok_text(s, i - 1), s->tok[i - 1].len, s->tok[i - 1].line);
}

/* Gives the brace group opened at file scope by token i its meaning:
** a function body (after `)`), a one-line initialiser (after `=`), or
** anything else (struct and enum bodies, multi-line tables: left alone). */
static void mark_group(struct source *s, size_t i)
{
    size_t end = closing(s, i);
    int func = -1, mut = 0;
    if (i > 0 && is(s, i - 1, ")")) {
        func = declared_name(s, opening(s, i - 1));
        mut = 1;
    } else if (i > 0 && is(s, i - 1, "=") && same_line(s, i, end)) {
        func = declared_name(s, i - 1);
        mut = 1;
    }
    for (size_t j = i; j <= end && j < s->ntok; j++) {
        s->tok[j].func = func;
        s->tok[j].mutable = mut;
    }
}

void mark_context(struct source *s)
{
    int depth = 0, nest = 0, brackets = 0;
    for (size_t i = 0; i < s->ntok; i++) {
        struct token *t = &s->tok[i];
        if (is(s, i, "}") || is(s, i, ")") || is(s, i, "]")) {
            depth -= is(s, i, "}");
            nest -= !is(s, i, "}");
            brackets -= is(s, i, "]");
        }
        t->depth = depth, t->nest = nest, t->brackets = brackets;
        if (is(s, i, "{") && depth == 0)
            mark_group(s, i);
        depth += is(s, i, "{");
        nest += is(s, i, "(") || is(s, i, "[");
        brackets += is(s, i, "[");
    }
}

/* Last token of the statement that starts at i. */
static size_t statement_last(const struct source *s, size_t i)
{
    if (i >= s->ntok)
        return s->ntok - 1;
    if (is(s, i, "{"))
        return closing(s, i) < s->ntok ? closing(s, i) : s->ntok - 1;
    if (is(s, i, "do")) {
        size_t body = statement_last(s, i + 1);
        return statement_last(s, body + 1);     /* while (...); */
    }
    if ((is(s, i, "if") || is(s, i, "for") || is(s, i, "while")) && is(s, i + 1, "(")) {
        size_t close = closing(s, i + 1);
        if (close >= s->ntok)
            return s->ntok - 1;
        if (is(s, close + 1, ";"))
            return close + 1;
        size_t end = statement_last(s, close + 1);
        if (is(s, i, "if") && is(s, end + 1, "else"))
            end = statement_last(s, end + 2);
        return end;
    }
    while (i + 1 < s->ntok && !is(s, i, ";"))
        i++;
    return i;
}

static int header_names(const struct source *s, size_t open, const char *name)
{
    size_t close = closing(s, open);
    for (size_t j = open; j < close && j < s->ntok; j++)
        if (is(s, j, name))
            return 1;
    return 0;
}

/* -x NAME: code that runs only when NAME allows it -- an if, for or while
** whose condition names NAME, with its body and any else -- is left alone
** (the game's --echo code, reached only with an argument the grader never
** passes). */
void exclude_guarded(struct source *s, const char *name)
{
    for (size_t i = 0; i + 1 < s->ntok; i++) {
        if (!(is(s, i, "if") || is(s, i, "for") || is(s, i, "while")) || !is(s, i + 1, "(")
            || !header_names(s, i + 1, name))
            continue;
        size_t end = statement_last(s, i);
        for (size_t j = i; j <= end; j++)
            s->tok[j].mutable = 0;
    }
}

/* ----------------------------------------------------------- categories */

/* Is the token at i the name of an output call, called (followed by `(`)? */
int is_output_call(const struct source *s, size_t i)
{
    return (TOK_IN(output_calls, s, i) || tok_in(s, i, &s->prints)) && is(s, i + 1, "(");
}

int is_comparison(const struct source *s, size_t i)
{
    return i < s->ntok && s->tok[i].kind == K_PUNCT && TOK_IN(comparisons, s, i);
}

/* How far after a comparison an index it checks is looked for. */
#define INDEX_WINDOW 40

/* Is the identifier at i used as a subscript -- [i], [i++], [i + ...] --
** in the INDEX_WINDOW tokens that follow it, in its function? */
static int indexes_array(const struct source *s, size_t i)
{
    if (i >= s->ntok || s->tok[i].kind != K_IDENT || s->tok[i].func < 0)
        return 0;
    for (size_t j = i + 1; j + 1 < s->ntok && j <= i + INDEX_WINDOW; j++)
        if (s->tok[j].func == s->tok[i].func && is(s, j - 1, "[")
            && s->tok[j].len == s->tok[i].len
            && memcmp(tok_text(s, j), tok_text(s, i), s->tok[i].len) == 0
            && s->tok[j + 1].kind == K_PUNCT && !is(s, j + 1, "->") && !is(s, j + 1, "."))
            return 1;
    return 0;
}

/* A comparison at i that checks an array bound: against a size name (-s), or
** an ordering (< <= > >=) of an index that is used just after. */
static int bounds_comparison(const struct source *s, size_t i)
{
    if (!is_comparison(s, i))
        return 0;
    if ((i > 0 && tok_in(s, i - 1, &s->sizes)) || (i + 1 < s->ntok && tok_in(s, i + 1, &s->sizes)))
        return 1;
    if (is(s, i, "==") || is(s, i, "!="))
        return 0;
    return (i > 0 && indexes_array(s, i - 1)) || indexes_array(s, i + 1);
}

static int range_has_bounds_check(const struct source *s, size_t from, size_t to)
{
    for (size_t i = from; i <= to && i < s->ntok; i++)
        if (bounds_comparison(s, i))
            return 1;
    return 0;
}

static int line_prints(const struct source *s, int line)
{
    for (size_t i = 0; i < s->ntok; i++)
        if (s->tok[i].line == line && is_output_call(s, i))
            return 1;
    return 0;
}

const char *name_of(const struct source *s, int func)
{
    return func >= 0 ? s->names[func] : "-";
}

/* Category of a change to tokens from..to whose operator is `op`. */
const char *categorise(const struct source *s, const char *op, size_t from, size_t to)
{
    int func = s->tok[from].func;
    if (strncmp(op, "str", 3) == 0 || line_prints(s, s->tok[from].line)
        || strcmp(op, "del-print") == 0
        || (strcmp(op, "char") == 0 && strstr(name_of(s, func), "print")))
        return "output";
    if (strcmp(op, "index") == 0
        || in_list(s->bounds.v, s->bounds.n, name_of(s, func), strlen(name_of(s, func)))
        || (from == to && s->tok[from].brackets > 0))
        return "memory";
    if (strncmp(op, "del", 3) != 0 && range_has_bounds_check(s, from > 1 ? from - 2 : 0, to + 2))
        return "memory";
    return s->category;
}
