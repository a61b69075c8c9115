/*
** disguise.c -- writes a disguised copy of a C file, as a student hiding
** a copy would, for tests/similarity.test.sh and make bench-similarity.
**
**   similarity_disguise [-m WHAT] [-s SEED] IN.c OUT.c
**
** WHAT is a string of letters, each one disguise (default: all of them):
**   r  every identifier renamed consistently (a new name per old one)
**   l  layout redone: tokens re-spaced, lines re-broken, comments dropped
**      and new ones put in
**   o  top-level functions put in another order (declarations first)
**   d  dead code put at the start of every function body
**   w  every braced `for (A; B; C) { ... }` without `continue` turned
**      into `A; while (B) { ... C; }`
**   s  each run of declarations at the top of a function body (statements
**      starting with a type keyword: int, char, long, double, size_t, struct ...) written
**      in reverse order -- statements that do not depend on each other
**   f  every function body with at least six statements split in two:
**      its second half moved into a new function at the end of the file,
**      called where it was (as a student splits a long function; the
**      locals it needs are not passed: the output need not compile)
**   n  (not in the default) a random statement after about one ';' in
**      four inside functions: unrelated code of a student's own, which
**      make bench-similarity uses to tell its generated students apart
** Preprocessor lines are kept, first in the file.  The output need not
** compile (the similarity check never compiles), only read as C.  SEED
** (default 1) varies the names, layout, order and dead code.  Exit
** status 0, or 2 when IN cannot be read or OUT written.
*/
#include "similarity/similarity.h"

#include <stdlib.h>
#include <string.h>

static struct sim_submission src;
static FILE *out;
static const char *what = "rlodwsf";
static uint64_t seed = 1;
static uint32_t name_salt;

static uint64_t next_random(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

static int on(char c)
{
    return strchr(what, c) != NULL;
}

static int is(size_t i, const char *text)
{
    return i < src.ntok && src.tok[i].len == strlen(text)
        && memcmp(src.files[0].text + src.tok[i].off, text, src.tok[i].len) == 0;
}

/* Index of the token closing the bracket opened at i (or ntok). */
static size_t closing(size_t i)
{
    int depth = 0;
    for (; i < src.ntok; i++) {
        if (is(i, "(") || is(i, "[") || is(i, "{"))
            depth++;
        else if ((is(i, ")") || is(i, "]") || is(i, "}")) && --depth == 0)
            return i;
    }
    return src.ntok;
}

static int in_function;

/* A random statement of one of six shapes. */
static void put_noise(void)
{
    static const char *const shapes[] = {
        "noise = noise + %u ;", "if ( noise > %u ) noise -- ;", "while ( noise < %u ) noise ++ ;",
        "noise = ( noise * %u ) %% 7 ;", "{ int t = noise ; noise = t ^ %u ; }",
        "if ( ! noise ) { noise = %u ; } else noise = 0 ;",
    };
    char buf[96];
    snprintf(buf, sizeof buf, shapes[next_random() % 6], (unsigned)(next_random() % 100));
    fputs(buf, out);
    fputc('\n', out);
}

/* Writes text, then the separator the layout calls for. */
static void put(const char *text, size_t len)
{
    fwrite(text, 1, len, out);
    int line_end = len == 1 && strchr(";{}", text[0]);
    if (!on('l'))
        fputc(line_end ? '\n' : ' ', out);
    else if (line_end) {
        if (next_random() % 9 == 0)
            fprintf(out, "   /* step %u */", (unsigned)(next_random() % 1000));
        fprintf(out, "\n%*s", (int)(next_random() % 4) * 2, "");
    } else
        fputs(next_random() % 5 ? " " : "  ", out);
    if (on('n') && in_function && len == 1 && text[0] == ';' && next_random() % 4 == 0)
        put_noise();
}

static void put_token(size_t i)
{
    const char *t = src.files[0].text + src.tok[i].off;
    size_t len = src.tok[i].len;
    if (on('r') && src.tok[i].sym == sim_symbol("id", 2) && !is(i, "main")) {
        char name[32];
        uint32_t h = sim_symbol(t, len) ^ name_salt;
        snprintf(name, sizeof name, "q%x_%c", h, "abcdefgh"[h % 8]);
        put(name, strlen(name));
    } else
        put(t, len);
}

static void put_dead_code(void)
{
    char buf[160];
    unsigned n = (unsigned)(next_random() % 90) + 7;
    snprintf(buf, sizeof buf, "int pad%u = %u; if (pad%u > %u) { pad%u++; }", n, n, n, n * 3, n);
    put(buf, strlen(buf));
}

static void emit(size_t from, size_t to);

/* The top-level `;` of the for's header (from its '(' at p). */
static size_t header_semicolon(size_t p, size_t close)
{
    int depth = 0;
    for (size_t i = p + 1; i < close; i++) {
        depth += is(i, "(") - is(i, ")");
        if (depth == 0 && is(i, ";"))
            return i;
    }
    return close;
}

/* A for loop at i, turned into a while when it can be; returns the index
** after the loop, or 0 when it was not turned. */
static size_t for_to_while(size_t i)
{
    size_t p = i + 1, close = closing(p), s1, s2, body_end;
    if (!is(p, "(") || close >= src.ntok || !is(close + 1, "{"))
        return 0;
    s1 = header_semicolon(p, close);
    s2 = header_semicolon(s1, close);
    body_end = closing(close + 1);
    if (s1 >= close || s2 >= close || body_end >= src.ntok)
        return 0;
    for (size_t j = close + 1; j < body_end; j++)
        if (is(j, "continue"))
            return 0;
    if (s1 > p + 1) {
        emit(p + 1, s1);
        put(";", 1);
    }
    put("while", 5);
    put("(", 1);
    if (s2 > s1 + 1)
        emit(s1 + 1, s2);
    else
        put("1", 1);
    put(")", 1);
    put("{", 1);
    emit(close + 2, body_end);
    if (close > s2 + 1) {
        emit(s2 + 1, close);
        put(";", 1);
    }
    put("}", 1);
    return body_end + 1;
}

static void emit(size_t from, size_t to)
{
    for (size_t i = from; i < to;) {
        size_t after = on('w') && is(i, "for") ? for_to_while(i) : 0;
        if (after) {
            i = after;
            continue;
        }
        put_token(i++);
    }
}

struct item {
    size_t from, to;   /* tokens [from, to) */
    int function;
    size_t body;       /* a function's '{' */
};

/* The top-level items: declarations end at ';', functions at their '}'. */
static size_t split_items(struct item *items)
{
    size_t n = 0, from = 0;
    for (size_t i = 0; i < src.ntok; i++) {
        if (is(i, "{") && i > 0 && is(i - 1, ")")) {
            size_t end = closing(i);
            if (end >= src.ntok)
                end = src.ntok - 1;
            items[n++] = (struct item){ from, end + 1, 1, i };
            from = i = end + 1;
            i--;
        } else if (is(i, "{") || is(i, "(") || is(i, "[")) {
            i = closing(i);
        } else if (is(i, ";")) {
            items[n++] = (struct item){ from, i + 1, 0, 0 };
            from = i + 1;
        }
    }
    if (from < src.ntok)
        items[n++] = (struct item){ from, src.ntok, 0, 0 };
    return n;
}

/* The end of the statement of the body starting at i (after its ';' at
** the body's own depth), or `to` when it is not a declaration. */
static size_t declaration_end(size_t i, size_t to)
{
    static const char *const types[] = { "int", "char", "long", "short", "double",
                                         "float", "unsigned", "signed", "const", "size_t", "bool",
                                         "struct", "enum" };
    int typed = 0;
    for (size_t t = 0; t < sizeof types / sizeof *types; t++)
        typed |= is(i, types[t]);
    if (!typed)
        return to;
    for (; i < to; i++)
        if (is(i, "{") || is(i, "(") || is(i, "["))
            i = closing(i);
        else if (is(i, ";"))
            return i + 1;
    return to;
}

/* The body's opening declarations, in reverse order; returns where they end. */
static size_t reversed_declarations(size_t from, size_t to)
{
    size_t start[64], n = 0, at = from;
    while (n < 64 && at < to) {
        size_t end = declaration_end(at, to);
        if (end >= to)
            break;
        start[n++] = at;
        at = end;
    }
    for (size_t k = n; k-- > 0;)
        emit(start[k], k + 1 < n ? start[k + 1] : at);
    return at;
}

/* Second halves of split functions, written at the end of the file. */
static struct { size_t from, to; } moved[256];
static size_t nmoved;

/* The ';' ending the body's middle statement (among those at the body's
** own depth), or 0 when the body has fewer than six. */
static size_t middle_statement(size_t from, size_t to)
{
    size_t ends[512], n = 0;
    for (size_t i = from; i < to && n < 512; i++)
        if (is(i, "{") || is(i, "(") || is(i, "["))
            i = closing(i);
        else if (is(i, ";"))
            ends[n++] = i;
    return n >= 6 && nmoved < 256 ? ends[n / 2] : 0;
}

/* Writes body [from, to) with its second half replaced by a call. */
static void emit_split_body(size_t from, size_t to)
{
    size_t middle = on('f') ? middle_statement(from, to) : 0;
    char call[48];
    if (!middle) {
        emit(from, to);
        return;
    }
    emit(from, middle + 1);
    snprintf(call, sizeof call, "part%zu ( ) ;", nmoved);
    put(call, strlen(call));
    moved[nmoved].from = middle + 1;
    moved[nmoved++].to = to;
}

static void emit_moved(void)
{
    for (size_t k = 0; k < nmoved; k++) {
        char head[48];
        snprintf(head, sizeof head, "static void part%zu ( void ) {", k);
        put(head, strlen(head));
        in_function = 1;
        emit(moved[k].from, moved[k].to);
        in_function = 0;
        put("}", 1);
    }
}

static void emit_item(const struct item *it)
{
    if (!it->function) {
        emit(it->from, it->to);
        return;
    }
    emit(it->from, it->body + 1);
    in_function = 1;
    if (on('d'))
        put_dead_code();
    size_t rest = on('s') ? reversed_declarations(it->body + 1, it->to - 1) : it->body + 1;
    emit_split_body(rest, it->to - 1);
    emit(it->to - 1, it->to);
    in_function = 0;
}

/* Writes the preprocessor lines of the text, in their order. */
static void put_directives(const char *t, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && (t[j] == ' ' || t[j] == '\t'))
            j++;
        size_t end = j;
        while (end < n && (t[end] != '\n' || (end > 0 && t[end - 1] == '\\')))
            end++;
        if (j < n && t[j] == '#')
            fprintf(out, "%.*s\n", (int)(end - j), t + j);
        i = end + 1;
    }
}

int main(int argc, char **argv)
{
    int a = 1;
    for (; a + 1 < argc && argv[a][0] == '-'; a += 2)
        if (!strcmp(argv[a], "-m"))
            what = argv[a + 1];
        else if (!strcmp(argv[a], "-s"))
            seed = strtoull(argv[a + 1], NULL, 10) * 2654435761u + 1;
    name_salt = (uint32_t)(seed * 0x9e3779b97f4a7c15ull >> 32);
    if (argc - a != 2) {
        fputs("usage: similarity_disguise [-m rlodwsfn] [-s SEED] IN.c OUT.c\n", stderr);
        return 2;
    }
    FILE *in = fopen(argv[a], "rb");
    out = fopen(argv[a + 1], "w");
    if (!in || !out)
        return 2;
    src.files = sim_alloc(NULL, sizeof *src.files);
    src.files[0].text = sim_alloc(NULL, SIM_MAX_FILE_BYTES + 1);
    src.files[0].size = fread(src.files[0].text, 1, SIM_MAX_FILE_BYTES, in);
    src.files[0].text[src.files[0].size] = '\0';
    src.nfiles = 1;
    fclose(in);
    sim_lex(&src, 0);
    put_directives(src.files[0].text, src.files[0].size);
    struct item *items = sim_alloc(NULL, (src.ntok + 1) * sizeof *items);
    size_t n = split_items(items);
    size_t *order = sim_alloc(NULL, (n + 1) * sizeof *order);
    for (size_t k = 0; k < n; k++)
        order[k] = k;
    for (size_t k = n; on('o') && k > 1; k--) {   /* Fisher-Yates */
        size_t j = next_random() % k, t = order[k - 1];
        order[k - 1] = order[j];
        order[j] = t;
    }
    for (int pass = 0; pass < 2; pass++)      /* declarations, then functions */
        for (size_t k = 0; k < n; k++)
            if (items[pass ? order[k] : k].function == pass)
                emit_item(&items[pass ? order[k] : k]);
    emit_moved();
    fputc('\n', out);
    return fclose(out) == 0 ? 0 : 2;
}
