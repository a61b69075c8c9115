/*
** mutate.c -- writes every single-change mutant of a C source file, for the
** mutation analysis behind `make mutation` (tests/mutation/run.sh).
**
** The file is split into tokens (comments, preprocessor lines and white
** space are skipped), each token is placed in its function, and then every
** operator of the table `operators` scans the tokens and proposes changes:
** a flipped comparison, the opposite arithmetic or logical operator, a
** removed `!`, an integer constant off by one, an `if` forced true or
** false, a removed term of an && / || chain, a removed statement, a
** swapped game constant, swapped ?: arms or subscripts, and edited string
** and character literals.  Each change replaces bytes of ONE line, so each
** mutant differs from the original by one line.  Only code inside function
** bodies and one-line file-scope initialisers is mutated: prototypes,
** type definitions and multi-line data tables (the board layout) are not.
**
** usage: mutate [-o DIR] [-p PREFIX] [-c CATEGORY] [-x NAME]... FILE
**        mutate --ops
** Prints one line per mutant, in file order, separated by tabs:
**     ID  CATEGORY  OPERATOR  LINE  PLACE  MUTATED-LINE
** ID is PREFIX-NNN (PREFIX defaults to FILE's name without .c); PLACE is
** NAME+N, line N after the line that declares function NAME (a key that
** edits elsewhere in the file do not shift); CATEGORY is
** "output" (literals, print calls), "memory" (bounds checks, subscripts)
** or CATEGORY from -c (default "code").  With -o, each mutant's whole text
** is written to DIR/ID.c.  -x NAME leaves alone every if, for or while
** whose condition names NAME, with its body (code that the tests cannot
** reach, such as the game's --echo output).  --ops prints the operators.
*/
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    const char *category;
    const char *exclude[16];  /* -x: names whose guarded code is left alone */
    int nexclude;
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

/* ---------------------------------------------------------------- tables */

/* Token replacements of the operators that swap one token for another. */
static const struct swap { const char *op, *from, *to; } swaps[] = {
    {"cmp", "<", "<="}, {"cmp", "<=", "<"}, {"cmp", ">", ">="}, {"cmp", ">=", ">"},
    {"cmp", "==", "!="}, {"cmp", "!=", "=="},
    {"arith", "+", "-"}, {"arith", "-", "+"}, {"arith", "*", "/"}, {"arith", "/", "*"},
    {"arith", "%", "*"},
    {"logic", "&&", "||"}, {"logic", "||", "&&"},
    {"name", "RE", "GR"}, {"name", "GR", "RE"}, {"name", "EM", "DA"}, {"name", "DA", "EM"},
    {"name", "VALID_MOVE", "INVALID_MOVE"}, {"name", "INVALID_MOVE", "VALID_MOVE"},
    {"name", "TRUE", "FALSE"}, {"name", "FALSE", "TRUE"},
};

/* Character literals: what a slip of the finger turns each into.  Letters
** change case and other digits go down by one (see changed_char). */
static const struct { char from, to; } char_swaps[] = {
    {' ', '.'}, {'-', '+'}, {'+', '-'}, {'0', '1'}, {'9', '8'},
};

/* Punctuators, longest first. */
static const char *const puncts[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##",
};

/* Words after which + - * are unary or part of a declarator. */
static const char *const not_operands[] = {
    "return", "case", "else", "do", "sizeof", "goto", "int", "char", "long", "short",
    "unsigned", "signed", "void", "const", "static", "struct", "enum", "union",
    "double", "float", "size_t", "extern", "volatile", "register",
};

/* A statement starting with one of these is not removed. */
static const char *const not_removable[] = {
    "int", "char", "long", "short", "unsigned", "signed", "void", "const", "static",
    "struct", "enum", "union", "double", "float", "size_t", "if", "for", "while",
    "do", "else", "switch", "case", "default",
};

/* Calls whose removal or change alters the program's output. */
static const char *const output_calls[] = {
    "print_board", "printf", "putchar", "puts", "fputs", "fprintf", "fflush",
};

/* Names that bound an array: a comparison against one is a bounds check. */
static const char *const size_names[] = {"BOARD_SIZE_X", "BOARD_SIZE_Y", "ECHO_TOKEN_MAX"};

/* Functions whose whole job is a bounds check. */
static const char *const bounds_functions[] = {"board_cell"};

static const char *const comparisons[] = {"<", "<=", ">", ">=", "==", "!="};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static int in_list(const char *const *list, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(list[i]) == len && memcmp(list[i], s, len) == 0)
            return 1;
    return 0;
}

#define IN(list, s, len) in_list((list), COUNT(list), (s), (len))

/* ----------------------------------------------------------------- input */

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "mutate: out of memory\n");
        exit(2);
    }
    return p;
}

static char *read_file(const char *path, size_t *size)
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

static void split_lines(struct source *s)
{
    s->line_start = xrealloc(NULL, (s->size + 2) * sizeof *s->line_start);
    s->nlines = 0;
    s->line_start[s->nlines++] = 0;
    for (size_t i = 0; i < s->size; i++)
        if (s->text[i] == '\n')
            s->line_start[s->nlines++] = i + 1;
}

static int line_of(const struct source *s, size_t off)
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

static size_t line_end(const struct source *s, int line)
{
    size_t e = s->line_start[line];
    while (e < s->size && s->text[e] != '\n')
        e++;
    return e;
}

/* ----------------------------------------------------------------- lexer */

static int at_line_start(const char *t, size_t i)
{
    while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t'))
        i--;
    return i == 0 || t[i - 1] == '\n';
}

/* Skips white space, comments and preprocessor lines from i. */
static size_t skip_blank(const char *t, size_t i, size_t n)
{
    for (;;) {
        if (i < n && isspace((unsigned char)t[i]))
            i++;
        else if (i + 1 < n && t[i] == '/' && t[i + 1] == '/')
            while (i < n && t[i] != '\n')
                i++;
        else if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
            char *end = strstr(t + i + 2, "*/");
            i = end ? (size_t)(end - t) + 2 : n;
        } else if (i < n && t[i] == '#' && at_line_start(t, i))
            while (i < n && t[i] != '\n')
                i += (t[i] == '\\' && i + 1 < n) ? 2 : 1;
        else
            return i;
    }
}

static size_t quoted_length(const char *t, size_t i, size_t n)
{
    char q = t[i];
    size_t j = i + 1;
    while (j < n && t[j] != q && t[j] != '\n')
        j += (t[j] == '\\' && j + 1 < n) ? 2 : 1;
    return (j < n ? j + 1 : n) - i;
}

/* Length and kind of the token at i. */
static size_t token_length(const char *t, size_t i, size_t n, enum kind *k)
{
    size_t j = i;
    if (isalpha((unsigned char)t[i]) || t[i] == '_') {
        *k = K_IDENT;
        while (j < n && (isalnum((unsigned char)t[j]) || t[j] == '_'))
            j++;
        return j - i;
    }
    if (isdigit((unsigned char)t[i])) {
        *k = K_NUMBER;
        while (j < n && (isalnum((unsigned char)t[j]) || t[j] == '.'))
            j++;
        return j - i;
    }
    if (t[i] == '"' || t[i] == '\'') {
        *k = t[i] == '"' ? K_STRING : K_CHAR;
        return quoted_length(t, i, n);
    }
    *k = K_PUNCT;
    for (size_t p = 0; p < COUNT(puncts); p++)
        if (strncmp(t + i, puncts[p], strlen(puncts[p])) == 0)
            return strlen(puncts[p]);
    return 1;
}

static void lex(struct source *s)
{
    size_t cap = 0, i = skip_blank(s->text, 0, s->size);
    while (i < s->size) {
        struct token tk = {0};
        tk.off = i;
        tk.len = token_length(s->text, i, s->size, &tk.kind);
        tk.line = line_of(s, i);
        tk.func = -1;
        if (s->ntok == cap)
            s->tok = xrealloc(s->tok, (cap = cap * 2 + 256) * sizeof *s->tok);
        s->tok[s->ntok++] = tk;
        i = skip_blank(s->text, i + tk.len, s->size);
    }
}

/* ------------------------------------------------------------ token help */

static int is(const struct source *s, size_t i, const char *text)
{
    return i < s->ntok && s->tok[i].len == strlen(text)
        && memcmp(s->text + s->tok[i].off, text, s->tok[i].len) == 0;
}

static const char *tok_text(const struct source *s, size_t i)
{
    return s->text + s->tok[i].off;
}

static size_t tok_end(const struct source *s, size_t i)
{
    return s->tok[i].off + s->tok[i].len;
}

#define TOK_IN(list, s, i) in_list((list), COUNT(list), tok_text(s, i), (s)->tok[i].len)

/* Index of the token that closes the group opened at `open`, or ntok. */
static size_t closing(const struct source *s, size_t open)
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
static size_t opening(const struct source *s, size_t close)
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

static int same_line(const struct source *s, size_t a, size_t b)
{
    return a < s->ntok && b < s->ntok && s->tok[a].line == s->tok[b].line;
}

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

static void mark_context(struct source *s)
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
static void exclude_guarded(struct source *s, const char *name)
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

static int is_comparison(const struct source *s, size_t i)
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

/* A comparison at i that checks an array bound: against a size name, or
** an ordering (< <= > >=) of an index that is used just after. */
static int bounds_comparison(const struct source *s, size_t i)
{
    if (!is_comparison(s, i))
        return 0;
    if ((i > 0 && TOK_IN(size_names, s, i - 1)) || (i + 1 < s->ntok && TOK_IN(size_names, s, i + 1)))
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
        if (s->tok[i].line == line && TOK_IN(output_calls, s, i) && is(s, i + 1, "("))
            return 1;
    return 0;
}

static const char *name_of(const struct source *s, int func)
{
    return func >= 0 ? s->names[func] : "-";
}

/* Category of a change to tokens from..to whose operator is `op`. */
static const char *categorise(const struct source *s, const char *op, size_t from, size_t to)
{
    int func = s->tok[from].func;
    if (strncmp(op, "str", 3) == 0 || line_prints(s, s->tok[from].line)
        || strcmp(op, "del-print") == 0
        || (strcmp(op, "char") == 0 && strstr(name_of(s, func), "print")))
        return "output";
    if (strcmp(op, "index") == 0 || IN(bounds_functions, name_of(s, func), strlen(name_of(s, func)))
        || (from == to && s->tok[from].brackets > 0))
        return "memory";
    if (strncmp(op, "del", 3) != 0 && range_has_bounds_check(s, from > 1 ? from - 2 : 0, to + 2))
        return "memory";
    return s->category;
}

/* ------------------------------------------------------------------ sink */

/* Records the change of bytes [off, off+len) to `with`, made by `op` on
** tokens from..to, unless it spans lines or changes nothing. */
static void emit(struct sink *k, const struct source *s, const char *op,
                 size_t from, size_t to, size_t off, size_t len, const char *with)
{
    int line = line_of(s, off);
    if (!s->tok[from].mutable || !s->tok[to].mutable || line_of(s, off + len) != line
        || (strlen(with) == len && memcmp(s->text + off, with, len) == 0))
        return;
    for (size_t i = 0; i < k->n; i++)
        if (k->m[i].off == off && k->m[i].len == len && strcmp(k->m[i].with, with) == 0)
            return;
    if (k->n == k->cap)
        k->m = xrealloc(k->m, (k->cap = k->cap * 2 + 64) * sizeof *k->m);
    k->m[k->n] = (struct mutant){op, categorise(s, op, from, to), line, s->tok[from].func,
                                 off, len, k->n, strdup(with)};
    k->n++;
}

/* Replaces tokens from..to (inclusive) with `with`. */
static void emit_tokens(struct sink *k, const struct source *s, const char *op,
                        size_t from, size_t to, const char *with)
{
    if (same_line(s, from, to))
        emit(k, s, op, from, to, s->tok[from].off, tok_end(s, to) - s->tok[from].off, with);
}

/* -------------------------------------------------------------- operators */

/* Does the + - * / at i combine two operands (rather than being a sign,
** a pointer declarator or a dereference)? */
static int is_binary(const struct source *s, size_t i)
{
    if (i == 0)
        return 0;
    const struct token *p = &s->tok[i - 1];
    if (p->kind == K_IDENT)
        return !TOK_IN(not_operands, s, i - 1) && !(i >= 2 && TOK_IN(not_operands, s, i - 2));
    return p->kind == K_NUMBER || p->kind == K_CHAR || is(s, i - 1, ")") || is(s, i - 1, "]");
}

static void scan_swaps(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++)
        for (size_t w = 0; w < COUNT(swaps); w++) {
            if (strcmp(swaps[w].op, o->name) != 0 || !is(s, i, swaps[w].from))
                continue;
            if (strcmp(o->name, "arith") == 0 && !is_binary(s, i))
                continue;
            emit_tokens(k, s, o->name, i, i, swaps[w].to);
        }
}

static void scan_not(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++)
        if (is(s, i, "!"))
            emit_tokens(k, s, o->name, i, i, "");
}

static int is_plain_integer(const struct source *s, size_t i)
{
    if (s->tok[i].kind != K_NUMBER || s->tok[i].len > 9)
        return 0;
    for (size_t j = 0; j < s->tok[i].len; j++)
        if (!isdigit((unsigned char)tok_text(s, i)[j]))
            return 0;
    return !(s->tok[i].len > 1 && tok_text(s, i)[0] == '0');
}

/* Is the token at i an element of a brace initialiser list, {1, 2}? */
static int in_initialiser(const struct source *s, size_t i)
{
    for (int depth = 0; i-- > 0;) {
        if (is(s, i, ")") || is(s, i, "]") || is(s, i, "}"))
            depth++;
        else if (is(s, i, "(") || is(s, i, "[") || is(s, i, "{")) {
            if (depth-- == 0)
                return is(s, i, "{") && i > 0 && is(s, i - 1, "=");
        }
    }
    return 0;
}

/* const: a compared number N (x < N) becomes N-1 and N+1; any other
** becomes N-1 (an array one too small, a loop one short), or 1 when it is
** 0.  A negative number -N becomes -(N-1) or -(N+1).  Numbers of
** initialiser lists (the direction tables) are data and left alone. */
static void scan_numbers(const struct source *s, const struct op *o, struct sink *k)
{
    char with[32];
    for (size_t i = 0; i < s->ntok; i++) {
        if (!is_plain_integer(s, i) || in_initialiser(s, i))
            continue;
        long v = strtol(tok_text(s, i), NULL, 10);
        int after_sign = i > 1 && (is(s, i - 1, "-") || is(s, i - 1, "+"))
                      && tok_end(s, i - 1) == s->tok[i].off;
        int compared = is_comparison(s, i - 1) || is_comparison(s, i + 1)
                    || (after_sign && is_comparison(s, i - 2));
        if (v > 0 || compared) {
            snprintf(with, sizeof with, "%ld", v - 1);
            emit_tokens(k, s, o->name, i, i, with);
        }
        if (compared || v == 0) {
            snprintf(with, sizeof with, "%ld", v + 1);
            emit_tokens(k, s, o->name, i, i, with);
        }
    }
}

/* if-true and if-false: the parenthesised condition becomes (1) or (0). */
static void scan_if(const struct source *s, const struct op *o, struct sink *k)
{
    const char *with = strcmp(o->name, "if-true") == 0 ? "(1)" : "(0)";
    for (size_t i = 0; i + 1 < s->ntok; i++)
        if (is(s, i, "if") && is(s, i + 1, "("))
            emit_tokens(k, s, o->name, i + 1, closing(s, i + 1), with);
}

/* Tokens that end an operand of && and || at the same nesting. */
static int ends_term(const struct source *s, size_t i)
{
    static const char *const stops[] = {
        "&&", "||", ",", ";", "?", ":", "=", "return", "{", "}", "+=", "-=", "*=", "/=",
    };
    return TOK_IN(stops, s, i);
}

/* First token of the operand that ends at i (going left). */
static size_t term_start(const struct source *s, size_t i)
{
    for (int depth = 0; i > 0; i--) {
        if (is(s, i, ")") || is(s, i, "]"))
            depth++;
        else if (is(s, i, "(") || is(s, i, "["))
            depth--;
        if (depth < 0 || (depth == 0 && ends_term(s, i)))
            return i + 1;
    }
    return 0;
}

/* Last token of the operand that starts at i (going right). */
static size_t term_end(const struct source *s, size_t i)
{
    for (int depth = 0; i < s->ntok; i++) {
        if (is(s, i, "(") || is(s, i, "["))
            depth++;
        else if (is(s, i, ")") || is(s, i, "]"))
            depth--;
        if (depth < 0 || (depth == 0 && ends_term(s, i)))
            return i - 1;
    }
    return s->ntok - 1;
}

/* drop-term: one operand of a && or || chain removed, with its operator:
** the right operand of every operator, and the left one of the first. */
static void scan_terms(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 1; i + 1 < s->ntok; i++) {
        if (!is(s, i, "&&") && !is(s, i, "||"))
            continue;
        size_t left = term_start(s, i - 1), right = term_end(s, i + 1);
        size_t from = same_line(s, i - 1, right) ? tok_end(s, i - 1) : s->tok[i].off;
        emit(k, s, o->name, i, right, from, tok_end(s, right) - from, "");
        if (left > 0 && !is(s, left - 1, "&&") && !is(s, left - 1, "||") && same_line(s, left, i + 1))
            emit(k, s, o->name, left, i, s->tok[left].off, s->tok[i + 1].off - s->tok[left].off, "");
    }
}

/* Is the token at i the last of an if/for/while header or an else/do,
** so that a statement after it is that construct's whole body? */
static int ends_header(const struct source *s, size_t i)
{
    if (is(s, i, "else") || is(s, i, "do"))
        return 1;
    if (!is(s, i, ")"))
        return 0;
    size_t open = opening(s, i);
    return open > 0 && open < s->ntok
        && (is(s, open - 1, "if") || is(s, open - 1, "for") || is(s, open - 1, "while"));
}

/* End (the `;`) of the statement that starts at i, when it fills its line. */
static size_t statement_end(const struct source *s, size_t i)
{
    size_t j = i;
    while (j < s->ntok && !(is(s, j, ";") && s->tok[j].nest == s->tok[i].nest))
        j++;
    if (j >= s->ntok || !same_line(s, i, j) || same_line(s, j, j + 1) || same_line(s, i - 1, i))
        return s->ntok;
    return j;
}

/* A statement that may be removed: not a declaration or a control
** statement, not the closing return of a function. */
static int removable(const struct source *s, size_t i, size_t end)
{
    if (s->tok[i].kind != K_IDENT || TOK_IN(not_removable, s, i) || s->tok[i].func < 0)
        return 0;
    if (!is(s, i - 1, ";") && !is(s, i - 1, "{") && !is(s, i - 1, "}") && !ends_header(s, i - 1))
        return 0;
    return !(is(s, i, "return") && is(s, end + 1, "}") && s->tok[end + 1].depth == 0);
}

/* del-stmt and del-print: a statement that fills its line is removed (the
** line is left empty, or holds `{ }` when the statement was the body of a
** for, while, else or do).  The lone body of an if is left to if-false,
** which removes it just as well.  del-print takes the calls of
** output_calls, del-stmt all others. */
static void scan_statements(const struct source *s, const struct op *o, struct sink *k)
{
    int want_print = strcmp(o->name, "del-print") == 0;
    for (size_t i = 1; i < s->ntok; i++) {
        size_t end = statement_end(s, i);
        if (end >= s->ntok || !removable(s, i, end))
            continue;
        int prints = TOK_IN(output_calls, s, i) && is(s, i + 1, "(");
        if (prints != want_print)
            continue;
        int body = ends_header(s, i - 1);
        if (body && is(s, i - 1, ")") && is(s, opening(s, i - 1) - 1, "if"))
            continue;
        size_t from = body ? s->tok[i].off : s->line_start[s->tok[i].line];
        emit(k, s, o->name, i, end, from, tok_end(s, end) - from, body ? "{ }" : "");
    }
}

/* Last token of the arm of ?: that starts at i; ntok if it holds a ?. */
static size_t arm_end(const struct source *s, size_t i)
{
    for (int depth = 0; i < s->ntok; i++) {
        if (is(s, i, "?"))
            return s->ntok;
        if (is(s, i, "(") || is(s, i, "["))
            depth++;
        else if (is(s, i, ")") || is(s, i, "]"))
            depth--;
        if (depth < 0 || (depth == 0 && (is(s, i, ":") || is(s, i, ",") || is(s, i, ";"))))
            return i - 1;
    }
    return s->ntok;
}

/* ternary: the two arms of a ?: exchanged (when neither holds a ?:). */
static void scan_ternary(const struct source *s, const struct op *o, struct sink *k)
{
    char with[MAX_REPLACEMENT];
    for (size_t q = 0; q + 1 < s->ntok; q++) {
        if (!is(s, q, "?"))
            continue;
        size_t a_end = arm_end(s, q + 1);
        if (a_end >= s->ntok || !is(s, a_end + 1, ":"))
            continue;
        size_t b_end = arm_end(s, a_end + 2);
        if (b_end >= s->ntok || !same_line(s, q, b_end))
            continue;
        size_t a = s->tok[q + 1].off, a_len = tok_end(s, a_end) - a;
        size_t b = s->tok[a_end + 2].off, b_len = tok_end(s, b_end) - b;
        size_t mid_len = b - (a + a_len);
        if (a_len + mid_len + b_len >= sizeof with)
            continue;
        snprintf(with, sizeof with, "%.*s%.*s%.*s", (int)b_len, s->text + b,
                 (int)mid_len, s->text + a + a_len, (int)a_len, s->text + a);
        emit(k, s, o->name, q + 1, b_end, a, b + b_len - a, with);
    }
}

/* index: a[i][j] becomes a[j][i]. */
static void scan_subscripts(const struct source *s, const struct op *o, struct sink *k)
{
    char with[MAX_REPLACEMENT];
    for (size_t i = 1; i < s->ntok; i++) {
        if (!is(s, i, "[") || !is(s, i - 1, "]"))
            continue;
        size_t first = opening(s, i - 1), last = closing(s, i);
        if (first >= s->ntok || last >= s->ntok || !same_line(s, first, last))
            continue;
        size_t a = tok_end(s, first), a_len = s->tok[i - 1].off - a;
        size_t b = tok_end(s, i), b_len = s->tok[last].off - b;
        if (a_len + b_len + 2 >= sizeof with)
            continue;
        snprintf(with, sizeof with, "%.*s][%.*s", (int)b_len, s->text + b, (int)a_len, s->text + a);
        emit(k, s, o->name, first, last, a, s->tok[last].off - a, with);
    }
}

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
static void scan_string_spaces(const struct source *s, const struct op *o, struct sink *k)
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
static void scan_string_add(const struct source *s, const struct op *o, struct sink *k)
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
static void scan_string_char(const struct source *s, const struct op *o, struct sink *k)
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
static void scan_chars(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++) {
        if (s->tok[i].kind != K_CHAR || s->tok[i].len != 3)
            continue;
        char put[4] = {'\'', changed_char(tok_text(s, i)[1]), '\'', 0};
        if (put[1])
            emit_tokens(k, s, o->name, i, i, put);
    }
}

static const struct op operators[] = {
    {"cmp", "comparison flipped: < and <=, > and >= (a bound off by one), == and !=", scan_swaps},
    {"arith", "binary + - * / % replaced by the opposite operator", scan_swaps},
    {"logic", "&& and || exchanged", scan_swaps},
    {"not", "a logical ! removed", scan_not},
    {"const", "integer off by one: N-1 and N+1 when compared, else N-1 (0 becomes 1)", scan_numbers},
    {"name", "game constant swapped: RE/GR, EM/DA, VALID_MOVE/INVALID_MOVE, TRUE/FALSE", scan_swaps},
    {"if-true", "an if condition forced true: if (1)", scan_if},
    {"if-false", "an if condition forced false: if (0)", scan_if},
    {"drop-term", "one operand of an && / || chain removed (a missing check)", scan_terms},
    {"del-stmt", "a statement removed: its line emptied, or { } as a for/while/else body", scan_statements},
    {"del-print", "an output call removed: print_board(), printf, putchar, fflush", scan_statements},
    {"ternary", "the arms of ?: exchanged (swapped players, swapped results)", scan_ternary},
    {"index", "two subscripts exchanged: a[y][x] becomes a[x][y]", scan_subscripts},
    {"str-space-", "one space taken out of a run of spaces in a string literal", scan_string_spaces},
    {"str-space+", "a space added at the end of a string literal (before a final \\n)", scan_string_add},
    {"str-char", "the first letter of a string changes case, or a field width grows by one", scan_string_char},
    {"char", "a character constant changed: letter case, digit by one, ' ' . - +", scan_chars},
};

/* ----------------------------------------------------------------- output */

static int by_position(const void *a, const void *b)
{
    const struct mutant *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static void write_text(FILE *f, const struct source *s, const struct mutant *m, size_t from, size_t to)
{
    size_t cut_end = m->off + m->len;
    for (size_t i = from; i < to; i++) {
        if (i == m->off)
            fputs(m->with, f);
        if (i < m->off || i >= cut_end)
            fputc(s->text[i], f);
    }
    if (to == s->size && m->off == s->size)
        fputs(m->with, f);
}

static void write_mutant(const char *dir, const char *id, const struct source *s, const struct mutant *m)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.c", dir, id);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    write_text(f, s, m, 0, s->size);
    if (fclose(f) != 0) {
        perror(path);
        exit(2);
    }
}

static void print_manifest(const char *id, const struct source *s, const struct mutant *m)
{
    printf("%s\t%s\t%s\t%d\t%s+%d\t", id, m->category, m->op, m->line + 1, name_of(s, m->func),
           m->func >= 0 ? m->line - s->name_line[m->func] : m->line);
    write_text(stdout, s, m, s->line_start[m->line], line_end(s, m->line));
    putchar('\n');
}

static void print_ops(void)
{
    for (size_t i = 0; i < COUNT(operators); i++)
        printf("%-11s %s\n", operators[i].name, operators[i].what);
}

static const char *default_prefix(const char *path)
{
    const char *base = strrchr(path, '/');
    char *p = strdup(base ? base + 1 : path);
    char *dot = strrchr(p, '.');
    if (dot)
        *dot = '\0';
    return p;
}

static int usage(void)
{
    fprintf(stderr, "usage: mutate [-o DIR] [-p PREFIX] [-c CATEGORY] [-x NAME]... FILE\n"
                    "       mutate --ops\n");
    return 2;
}

int main(int argc, char **argv)
{
    static const char valued[] = "opc";  /* -o DIR, -p PREFIX, -c CATEGORY */
    const char *dir = NULL, *prefix = NULL, *path = NULL;
    struct source s = {.category = "code"};
    struct sink k = {0};
    char id[256];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int flag = a[0] == '-' && a[1] && !a[2] && strchr("opcx", a[1]) && i + 1 < argc;
        if (strcmp(a, "--ops") == 0) {
            print_ops();
            return 0;
        } else if (flag && a[1] == 'x' && s.nexclude < (int)COUNT(s.exclude)) {
            s.exclude[s.nexclude++] = argv[++i];
        } else if (flag && a[1] != 'x') {
            const char **slot[] = {&dir, &prefix, &s.category};
            *slot[strchr(valued, a[1]) - valued] = argv[++i];
        } else if (!path && a[0] != '-') {
            path = a;
        } else {
            return usage();
        }
    }
    if (!path)
        return usage();
    s.text = read_file(path, &s.size);
    split_lines(&s);
    lex(&s);
    mark_context(&s);
    for (int i = 0; i < s.nexclude; i++)
        exclude_guarded(&s, s.exclude[i]);
    for (size_t i = 0; i < COUNT(operators); i++)
        operators[i].scan(&s, &operators[i], &k);
    if (k.n > 0)
        qsort(k.m, k.n, sizeof *k.m, by_position);
    for (size_t i = 0; i < k.n; i++) {
        snprintf(id, sizeof id, "%s-%03zu", prefix ? prefix : default_prefix(path), i + 1);
        print_manifest(id, &s, &k.m[i]);
        if (dir)
            write_mutant(dir, id, &s, &k.m[i]);
    }
    return 0;
}
