/*
** header_decls.c -- read the declarations of a header's text.
**
** Three passes, each linear: clean() drops comments and joins continued
** lines; read_lines() handles each directive line at once and tokenises
** every other line into one stream of code tokens; read_code() cuts that
** stream into statements at the semicolons (and after the bodies of
** inline functions) and turns each statement into a declaration.  Every
** declaration remembers where it began, and the list is sorted by that at
** the end, so directives and code come out in the order of the text.
*/
#define _GNU_SOURCE
#include "header_decls.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tok {
    const char *s;
    size_t n;
    size_t at;                  /* offset in the cleaned text */
};

struct toks {
    struct tok *v;
    size_t n, cap;
};

struct reader {
    const char *text;           /* the cleaned text */
    struct toks code;
    char **guards;              /* names tested by #ifndef */
    size_t nguards;
    struct decls *out;
    size_t *order;              /* where each declaration began */
    int failed;                 /* memory ran out */
};

/* ------------------------------------------------------------- strings */

struct str {
    char *s;
    size_t n, cap;
    int failed;
};

static void str_put(struct str *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->n + n + 1) * 2;
        char *grown = realloc(b->s, cap);
        if (!grown) {
            b->failed = 1;
            return;
        }
        b->s = grown;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void str_puts(struct str *b, const char *s)
{
    str_put(b, s, strlen(s));
}

/* Takes the string out of `b` (an empty one if nothing was put), or NULL
** when memory ran out. */
static char *str_take(struct str *b)
{
    if (b->failed) {
        free(b->s);
        return NULL;
    }
    return b->s ? b->s : strdup("");
}

static int is_word_char(int c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static int tok_is(const struct tok *t, const char *s)
{
    return t->n == strlen(s) && memcmp(t->s, s, t->n) == 0;
}

static int tok_is_word(const struct tok *t)
{
    return t->n > 0 && (isalpha((unsigned char)t->s[0]) || t->s[0] == '_');
}

static int is_keyword(const struct tok *t)
{
    static const char *const words[] = {
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
        "const", "volatile", "restrict", "_Bool", "bool", "struct", "union", "enum",
        "extern", "static", "inline", "register", "auto", "_Complex", "typedef"};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (tok_is(t, words[i]))
            return 1;
    return 0;
}

static int is_tag_word(const struct tok *t)
{
    return tok_is(t, "struct") || tok_is(t, "union") || tok_is(t, "enum");
}

/* --------------------------------------------------------- pass 1: clean */

/* Skips a string or character literal starting at s[i]; returns the index
** just past it (or the end of the line, for an unterminated one). */
static size_t skip_literal(const char *s, size_t n, size_t i)
{
    char quote = s[i++];
    while (i < n && s[i] != quote && s[i] != '\n')
        i += (s[i] == '\\' && i + 1 < n) ? 2 : 1;
    return i < n && s[i] == quote ? i + 1 : i;
}

/* The text without comments (each one becomes a space, a line comment
** keeps its newline) and without backslash-newline pairs.  NULs become
** spaces, so the result is one C string. */
static char *clean(const char *text, size_t len)
{
    struct str b = {0};
    size_t i = 0;
    while (i < len) {
        char c = text[i];
        if (c == '\\' && i + 1 < len && text[i + 1] == '\n') {
            i += 2;
        } else if (c == '/' && i + 1 < len && text[i + 1] == '*') {
            const char *end = memmem(text + i + 2, len - i - 2, "*/", 2);
            i = end ? (size_t)(end - text) + 2 : len;
            str_put(&b, " ", 1);
        } else if (c == '/' && i + 1 < len && text[i + 1] == '/') {
            while (i < len && text[i] != '\n')
                i++;
        } else if (c == '"' || c == '\'') {
            size_t end = skip_literal(text, len, i);
            str_put(&b, text + i, end - i);
            i = end;
        } else {
            str_put(&b, c == '\0' ? " " : &c, 1);
            i++;
        }
    }
    return str_take(&b);
}

/* ------------------------------------------------------ pass 2: lines */

static void push_tok(struct reader *r, struct toks *t, const char *s, size_t n, size_t at)
{
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        struct tok *grown = realloc(t->v, cap * sizeof *grown);
        if (!grown) {
            r->failed = 1;
            return;
        }
        t->v = grown;
        t->cap = cap;
    }
    t->v[t->n++] = (struct tok){s, n, at};
}

/* Appends the tokens of text[from, to) to `t`: words and numbers whole,
** literals whole, any other character alone. */
static void tokenize(struct reader *r, struct toks *t, size_t from, size_t to)
{
    const char *s = r->text;
    size_t i = from;
    while (i < to && !r->failed) {
        size_t j = i + 1;
        if (isspace((unsigned char)s[i])) {
            i++;
            continue;
        }
        if (is_word_char(s[i]))
            while (j < to && (is_word_char(s[j]) || (isdigit((unsigned char)s[i]) && s[j] == '.')))
                j++;
        else if (s[i] == '"' || s[i] == '\'')
            j = skip_literal(s, to, i);
        push_tok(r, t, s + i, j - i, i);
        i = j;
    }
}

/* Adds a declaration, taking `form` (NULL: memory ran out).  Past
** HEADER_DECLS_MAX, declarations are dropped: the later passes are
** quadratic in their number. */
static void add_decl(struct reader *r, enum decl_kind kind, const struct tok *name,
                     char *form, size_t at)
{
    struct decls *d = r->out;
    if (form && d->n >= HEADER_DECLS_MAX) {
        free(form);
        return;
    }
    char *copy = form ? strndup(name->s, name->n) : NULL;
    struct decl *grown = copy ? realloc(d->v, (d->n + 1) * sizeof *grown) : NULL;
    size_t *order = grown ? realloc(r->order, (d->n + 1) * sizeof *order) : NULL;
    if (grown)
        d->v = grown;
    if (!order) {
        free(copy);
        free(form);
        r->failed = 1;
        return;
    }
    r->order = order;
    order[d->n] = at;
    d->v[d->n++] = (struct decl){kind, copy, form};
}

static char *canonical(struct reader *r, const struct tok *t, size_t n);

/* One directive line, text[from, to), starting with '#'. */
static void read_directive(struct reader *r, size_t from, size_t to)
{
    struct toks t = {0};
    tokenize(r, &t, from, to);
    if (t.n >= 3 && tok_is(&t.v[1], "ifndef") && tok_is_word(&t.v[2])
        && r->nguards < HEADER_DECLS_MAX) {
        char **grown = realloc(r->guards, (r->nguards + 1) * sizeof *grown);
        char *name = grown ? strndup(t.v[2].s, t.v[2].n) : NULL;
        if (grown)
            r->guards = grown;
        if (name)
            r->guards[r->nguards++] = name;
        else
            r->failed = 1;
    } else if (t.n >= 3 && tok_is(&t.v[1], "define") && tok_is_word(&t.v[2])) {
        const struct tok *name = &t.v[2];
        int function_like = name->s + name->n < r->text + to && name->s[name->n] == '(';
        if (function_like || t.n == 3)
            add_decl(r, DECL_MACRO, name, strdup(""), from);
        else
            add_decl(r, DECL_CONSTANT, name, canonical(r, t.v + 3, t.n - 3), from);
    }
    free(t.v);
}

static void read_lines(struct reader *r)
{
    const char *s = r->text;
    size_t len = strlen(s), i = 0;
    while (i < len && !r->failed) {
        const char *nl = memchr(s + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - s) : len;
        size_t k = i;
        while (k < end && isspace((unsigned char)s[k]))
            k++;
        if (k < end && s[k] == '#')
            read_directive(r, k, end);
        else
            tokenize(r, &r->code, i, end);
        i = end + 1;
    }
}

/* ------------------------------------------------------ canonical forms */

static int ends_in_word_char(const struct str *b)
{
    return b->n > 0 && is_word_char(b->s[b->n - 1]);
}

/* Tokens joined with a space only between two words and after a '*'
** before a word: "const char* s". */
static void join(struct str *b, const struct tok *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int after_star = b->n > 0 && b->s[b->n - 1] == '*';
        if ((ends_in_word_char(b) || after_star) && is_word_char(t[i].s[0]))
            str_put(b, " ", 1);
        str_put(b, t[i].s, t[i].n);
    }
}

/* Whether s[0] is '(' and its match is the last character. */
static int wrapped(const char *s, size_t n)
{
    if (n < 2 || s[0] != '(' || s[n - 1] != ')')
        return 0;
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (depth == 0 && i < n - 1)
            return 0;
    }
    return 1;
}

/* "0x07", "7u", "(7)" -> "7"; anything else unchanged.  Takes `s` and
** returns it, or a new string in its place (NULL when memory ran out). */
static char *tidy_value(char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    while (wrapped(s, n)) {
        memmove(s, s + 1, n - 2);
        n -= 2;
        s[n] = '\0';
    }
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (end == s || errno != 0 || strspn(end, "uUlL") != strlen(end) || !isdigit((unsigned char)*(s + (*s == '-' || *s == '+'))))
        return s;
    char *number;
    if (asprintf(&number, "%lld", v) < 0)
        number = NULL;
    free(s);
    return number;
}

static char *canonical(struct reader *r, const struct tok *t, size_t n)
{
    struct str b = {0};
    join(&b, t, n);
    char *s = tidy_value(str_take(&b));
    if (!s)
        r->failed = 1;
    return s;
}

/* The value of a constant of this header named by `t`, or NULL. */
static const char *constant_value(const struct reader *r, const struct tok *t)
{
    for (size_t i = 0; i < r->out->n; i++) {
        const struct decl *d = &r->out->v[i];
        if (d->kind == DECL_CONSTANT && tok_is(t, d->name))
            return d->form;
    }
    return NULL;
}

/* Appends the array sizes t[0..n) ("[" ... "]" groups) with every
** constant of the header replaced by its value, one level deep (a size
** made of constants of constants stays partly symbolic, on both sides). */
static void put_sizes(struct reader *r, struct str *b, const struct tok *t, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i + 1;
        while (j < n && !tok_is(&t[j], "]"))
            j++;
        struct str size = {0};
        for (size_t k = i + 1; k < j; k++) {
            const char *v = tok_is_word(&t[k]) ? constant_value(r, &t[k]) : NULL;
            if (v)
                str_puts(&size, v);
            else
                join(&size, &t[k], 1);
        }
        char *value = tidy_value(str_take(&size));
        str_puts(b, "[");
        str_puts(b, value ? value : "");
        str_puts(b, "]");
        r->failed |= !value;
        free(value);
        i = j + 1;
    }
}

/* Index of the first token "s" at bracket depth 0 in t[0..n), or n. */
static size_t find_top(const struct tok *t, size_t n, const char *s)
{
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (depth == 0 && tok_is(&t[i], s))
            return i;
        if (tok_is(&t[i], "(") || tok_is(&t[i], "["))
            depth++;
        else if ((tok_is(&t[i], ")") || tok_is(&t[i], "]")) && depth > 0)
            depth--;
    }
    return n;
}

/* Whether t[i] qualifies the parameter itself rather than what it points
** to -- a const, volatile or register after the last '*' (or with none):
** "const int x" and "int x" declare the same function, and so do
** "char *const s" and "char *s"; "const char *s" does not. */
static int top_level_qualifier(const struct tok *t, size_t n, size_t i)
{
    if (!tok_is(&t[i], "const") && !tok_is(&t[i], "volatile") && !tok_is(&t[i], "register"))
        return 0;
    for (size_t k = i + 1; k < n; k++)
        if (tok_is(&t[k], "*"))
            return 0;
    return 1;
}

/* One parameter without its name and top-level qualifiers: "const char
** *s" -> "const char*", "const int x" -> "int", "int b[ROWS]" ->
** "int[17]". */
static void put_param(struct reader *r, struct str *b, const struct tok *t, size_t n)
{
    size_t sizes = find_top(t, n, "[");
    size_t name = sizes > 0 ? sizes - 1 : n;
    int named = name < n && name >= 1 && tok_is_word(&t[name]) && !is_keyword(&t[name])
                && !is_tag_word(&t[name - 1]);
    size_t end = named ? name : sizes;
    for (size_t i = 0; i < end; i++)
        if (!top_level_qualifier(t, end, i))
            join(b, &t[i], 1);
    put_sizes(r, b, t + sizes, n - sizes);
}

/* "RET NAME(T1, T2)" from the tokens of a prototype, split at the '(' at
** index `open`. */
static char *function_form(struct reader *r, const struct tok *t, size_t n, size_t open)
{
    struct str b = {0};
    size_t close = open + 1 + find_top(t + open + 1, n - open - 1, ")");
    for (size_t i = 0; i + 1 < open; i++)
        if (!tok_is(&t[i], "extern"))
            join(&b, &t[i], 1);
    str_puts(&b, " ");
    str_put(&b, t[open - 1].s, t[open - 1].n);
    str_puts(&b, "(");
    const struct tok *p = t + open + 1;
    size_t left = close - open - 1;
    if (!(left == 1 && tok_is(p, "void"))) {
        while (left > 0) {
            size_t comma = find_top(p, left, ",");
            put_param(r, &b, p, comma);
            if (comma == left)
                break;
            str_puts(&b, ", ");
            p += comma + 1;
            left -= comma + 1;
        }
    }
    str_puts(&b, ")");
    char *s = str_take(&b);
    r->failed |= !s;
    return s;
}

/* "extern int the_board[17][25]" from "extern int the_board[ROWS][COLS]",
** without any initialiser or further declarator. */
static void read_variable(struct reader *r, const struct tok *t, size_t n)
{
    size_t end = find_top(t, n, "=");
    size_t comma = find_top(t, end, ",");
    end = comma < end ? comma : end;
    size_t sizes = find_top(t, end, "[");
    if (sizes < 2 || !tok_is_word(&t[sizes - 1]) || is_keyword(&t[sizes - 1]))
        return;
    struct str b = {0};
    join(&b, t, sizes);
    put_sizes(r, &b, t + sizes, end - sizes);
    char *form = str_take(&b);
    r->failed |= !form;
    if (form)
        add_decl(r, DECL_VARIABLE, &t[sizes - 1], form, t[0].at);
}

/* One statement, brace blocks already replaced by a "{" token. */
static void read_statement(struct reader *r, const struct tok *t, size_t n)
{
    if (n == 0)
        return;
    if (tok_is(&t[0], "typedef")) {
        for (size_t i = n; i-- > 1;)
            if (tok_is_word(&t[i]) && !is_keyword(&t[i])) {
                add_decl(r, DECL_TYPE, &t[i], strdup(""), t[0].at);
                return;
            }
        return;
    }
    size_t open = find_top(t, n, "(");
    if (open < n) {
        if (open >= 2 && tok_is_word(&t[open - 1]) && !is_keyword(&t[open - 1])) {
            char *form = function_form(r, t, n, open);
            if (form)
                add_decl(r, DECL_FUNCTION, &t[open - 1], form, t[0].at);
        }
        return;
    }
    if (n >= 2 && is_tag_word(&t[0]) && tok_is_word(&t[1]) && (n == 2 || tok_is(&t[2], "{")))
        add_decl(r, DECL_TYPE, &t[1], strdup(""), t[0].at);
    else if (find_top(t, n, "{") == n)
        read_variable(r, t, n);
}

/* The members of an enum body, t[0..n): each a constant, numbered as C
** numbers them while the values are integers. */
static void read_enum(struct reader *r, const struct tok *t, size_t n)
{
    long long next = 0;
    int known = 1;
    while (n > 0 && !r->failed) {
        size_t comma = find_top(t, n, ",");
        if (comma > 0 && tok_is_word(&t[0])) {
            char *value;
            if (comma > 2 && tok_is(&t[1], "=")) {
                value = canonical(r, t + 2, comma - 2);
                char *end;
                errno = 0;
                known = value && (next = strtoll(value, &end, 10), *end == '\0' && *value && errno != ERANGE);
            } else if (!known) {
                value = strdup("?");
            } else if (asprintf(&value, "%lld", next) < 0) {
                value = NULL;
            }
            if (value)
                add_decl(r, DECL_CONSTANT, &t[0], value, t[0].at);
            r->failed |= !value;
            /* past LLONG_MAX the count is unknown (C refuses such an enum) */
            if (known && next == LLONG_MAX)
                known = 0;
            else if (known)
                next++;
        }
        if (comma == n)
            break;
        t += comma + 1;
        n -= comma + 1;
    }
}

/* Index of the '}' matching the '{' at t[open], or n. */
static size_t match_brace(const struct tok *t, size_t n, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < n; i++) {
        depth += tok_is(&t[i], "{") ? 1 : tok_is(&t[i], "}") ? -1 : 0;
        if (depth == 0)
            return i;
    }
    return n;
}

/* Cuts the code tokens into statements.  A brace block at the top level
** ends the statement when it is a function's body; otherwise (a struct,
** an enum, an initialiser) it stays in the statement as one "{" token. */
static void read_code(struct reader *r)
{
    const struct tok *t = r->code.v;
    size_t n = r->code.n;
    struct toks stmt = {0};
    int depth = 0;
    for (size_t i = 0; i < n && !r->failed; i++) {
        if (depth == 0 && tok_is(&t[i], "{")) {
            size_t close = match_brace(t, n, i);
            int body = stmt.n > 0 && tok_is(&stmt.v[stmt.n - 1], ")")
                       && find_top(stmt.v, stmt.n, "=") == stmt.n;
            int is_enum = stmt.n > 0 && (tok_is(&stmt.v[0], "enum")
                                         || (stmt.n > 1 && tok_is(&stmt.v[1], "enum")));
            if (is_enum && close > i)
                read_enum(r, t + i + 1, close - i - 1);
            if (body) {
                read_statement(r, stmt.v, stmt.n);
                stmt.n = 0;
            } else {
                push_tok(r, &stmt, t[i].s, 1, t[i].at);
            }
            i = close;
        } else if (depth == 0 && (tok_is(&t[i], ";") || tok_is(&t[i], "}"))) {
            read_statement(r, stmt.v, stmt.n);
            stmt.n = 0;
        } else {
            if (tok_is(&t[i], "(") || tok_is(&t[i], "["))
                depth++;
            else if ((tok_is(&t[i], ")") || tok_is(&t[i], "]")) && depth > 0)
                depth--;
            push_tok(r, &stmt, t[i].s, t[i].n, t[i].at);
        }
    }
    free(stmt.v);
}

/* ---------------------------------------------------------------- result */

static int is_guard(const struct reader *r, const struct decl *d)
{
    if (d->kind != DECL_MACRO)
        return 0;
    for (size_t i = 0; i < r->nguards; i++)
        if (strcmp(r->guards[i], d->name) == 0)
            return 1;
    return 0;
}

/* Sorts by place in the text (insertion sort: headers are short, and it
** keeps equal places in order), then drops guards and repeated names. */
static void finish(struct reader *r)
{
    struct decls *d = r->out;
    for (size_t i = 1; i < d->n; i++)
        for (size_t j = i; j > 0 && r->order[j - 1] > r->order[j]; j--) {
            struct decl tmp = d->v[j];
            size_t at = r->order[j];
            d->v[j] = d->v[j - 1], r->order[j] = r->order[j - 1];
            d->v[j - 1] = tmp, r->order[j - 1] = at;
        }
    size_t kept = 0;
    for (size_t i = 0; i < d->n; i++) {
        int again = 0;
        for (size_t j = 0; j < kept && !again; j++)
            again = strcmp(d->v[j].name, d->v[i].name) == 0;
        if (again || is_guard(r, &d->v[i])) {
            free(d->v[i].name);
            free(d->v[i].form);
        } else {
            d->v[kept++] = d->v[i];
        }
    }
    d->n = kept;
}

int header_decls_read(const char *text, size_t len, struct decls *out)
{
    struct reader r = {.out = out};
    memset(out, 0, sizeof *out);
    char *cleaned = clean(text, len);
    r.text = cleaned;
    r.failed = !cleaned;
    if (!r.failed)
        read_lines(&r);
    if (!r.failed)
        read_code(&r);
    if (!r.failed)
        finish(&r);
    for (size_t i = 0; i < r.nguards; i++)
        free(r.guards[i]);
    free(r.guards);
    free(r.order);
    free(r.code.v);
    free(cleaned);
    if (r.failed) {
        header_decls_free(out);
        return -1;
    }
    return 0;
}

const struct decl *header_decls_find(const struct decls *d, const char *name)
{
    for (size_t i = 0; i < d->n; i++)
        if (strcmp(d->v[i].name, name) == 0)
            return &d->v[i];
    return NULL;
}

void header_decls_free(struct decls *d)
{
    for (size_t i = 0; i < d->n; i++) {
        free(d->v[i].name);
        free(d->v[i].form);
    }
    free(d->v);
    memset(d, 0, sizeof *d);
}
