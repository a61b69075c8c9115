/*
** operators.c -- the operators on code: swapped tokens (comparisons,
** arithmetic, logic, names), a removed !, constants off by one, if
** conditions forced, terms of && / || chains and whole statements
** removed, ?: arms and subscripts exchanged; and the table of every
** operator, in the order they run.
*/
#include "mutate.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Token replacements of the operators that swap one token for another
** (the names of `name` come from -n). */
static const struct swap { const char *op, *from, *to; } swaps[] = {
    {"cmp", "<", "<="}, {"cmp", "<=", "<"}, {"cmp", ">", ">="}, {"cmp", ">=", ">"},
    {"cmp", "==", "!="}, {"cmp", "!=", "=="},
    {"arith", "+", "-"}, {"arith", "-", "+"}, {"arith", "*", "/"}, {"arith", "/", "*"},
    {"arith", "%", "*"},
    {"logic", "&&", "||"}, {"logic", "||", "&&"},
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

/* name: each name of a -n pair replaced by the other. */
static void scan_names(const struct source *s, const struct op *o, struct sink *k)
{
    for (size_t i = 0; i < s->ntok; i++)
        for (size_t w = 0; w < s->swap_from.n; w++)
            if (s->tok[i].kind == K_IDENT && is(s, i, s->swap_from.v[w]))
                emit_tokens(k, s, o->name, i, i, s->swap_to.v[w]);
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
** is_output_call, del-stmt all others. */
static void scan_statements(const struct source *s, const struct op *o, struct sink *k)
{
    int want_print = strcmp(o->name, "del-print") == 0;
    for (size_t i = 1; i < s->ntok; i++) {
        size_t end = statement_end(s, i);
        if (end >= s->ntok || !removable(s, i, end))
            continue;
        int prints = is_output_call(s, i);
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

const struct op operators[] = {
    {"cmp", "comparison flipped: < and <=, > and >= (a bound off by one), == and !=", scan_swaps},
    {"arith", "binary + - * / % replaced by the opposite operator", scan_swaps},
    {"logic", "&& and || exchanged", scan_swaps},
    {"not", "a logical ! removed", scan_not},
    {"const", "integer off by one: N-1 and N+1 when compared, else N-1 (0 becomes 1)", scan_numbers},
    {"name", "a name swapped for its partner of -n (the game's constants, players, x and y)", scan_names},
    {"if-true", "an if condition forced true: if (1)", scan_if},
    {"if-false", "an if condition forced false: if (0)", scan_if},
    {"drop-term", "one operand of an && / || chain removed (a missing check)", scan_terms},
    {"del-stmt", "a statement removed: its line emptied, or { } as a for/while/else body", scan_statements},
    {"del-print", "an output call removed: printf, putchar, fflush, ..., or one named by -P", scan_statements},
    {"ternary", "the arms of ?: exchanged (swapped players, swapped results)", scan_ternary},
    {"index", "two subscripts exchanged: a[y][x] becomes a[x][y]", scan_subscripts},
    {"str-space-", "one space taken out of a run of spaces in a string literal", scan_string_spaces},
    {"str-space+", "a space added at the end of a string literal (before a final \\n)", scan_string_add},
    {"str-char", "the first letter of a string changes case, or a field width grows by one", scan_string_char},
    {"char", "a character constant changed: letter case, digit by one, ' ' . - +", scan_chars},
};

const size_t noperators = COUNT(operators);
