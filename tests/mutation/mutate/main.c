/*
** main.c -- the mutator behind `make mutation` (tests/mutation/run.sh):
** writes every single-change mutant of a C source file.  Its parts are
** the files of tests/mutation/mutate/ (mutate.h is the map); this one
** holds the sink that collects the changes and main().
**
** The file is split into tokens (comments, preprocessor lines and white
** space are skipped), each token is placed in its function, and then
** every operator of the table `operators` scans the tokens and proposes
** changes: a flipped comparison, the opposite arithmetic or logical
** operator, a removed `!`, an integer constant off by one, an `if` forced
** true or false, a removed term of an && / || chain, a removed statement,
** a swapped name, swapped ?: arms or subscripts, and edited string and
** character literals.  Each change replaces bytes of ONE line, so each
** mutant differs from the original by one line.  Only code inside
** function bodies and one-line file-scope initialisers is mutated:
** prototypes, type definitions and multi-line data tables (a board
** layout) are not.
**
** usage: mutate [-o DIR] [-p PREFIX] [-c CATEGORY] [-x NAME]... [-n A/B]...
**               [-s NAME]... [-b FUNCTION]... [-P FUNCTION]... FILE
**        mutate --ops
** Prints one line per mutant, in file order, separated by tabs:
**     ID  CATEGORY  OPERATOR  LINE  PLACE  MUTATED-LINE
** ID is PREFIX-NNN (PREFIX defaults to FILE's name without .c); PLACE is
** NAME+N, line N after the line that declares function NAME (a key that
** edits elsewhere in the file do not shift); CATEGORY is "output"
** (literals, print calls), "memory" (bounds checks, subscripts) or
** CATEGORY from -c (default "code").  With -o, each mutant's whole text
** is written to DIR/ID.c.  --ops prints the operators.
**
** The rest is what the mutator knows of the program, from the
** assignment's tests/<id>/mutation.conf:
**   -x NAME      leave alone every if, for or while whose condition names
**                NAME, with its body (code the tests cannot reach, such
**                as a game's --echo output)
**   -n A/B       the operator `name` swaps A for B and B for A (a game's
**                constants, its players, x and y)
**   -s NAME      NAME bounds an array: a comparison with it is a bounds
**                check (category memory)
**   -b FUNCTION  FUNCTION's whole job is a bounds check (memory)
**   -P FUNCTION  FUNCTION prints, as printf does (category output, and
**                the operator del-print removes its calls)
*/
#include "mutate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ sink */

/* Records the change of bytes [off, off+len) to `with`, made by `op` on
** tokens from..to, unless it spans lines or changes nothing. */
void emit(struct sink *k, const struct source *s, const char *op,
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
void emit_tokens(struct sink *k, const struct source *s, const char *op,
                 size_t from, size_t to, const char *with)
{
    if (same_line(s, from, to))
        emit(k, s, op, from, to, s->tok[from].off, tok_end(s, to) - s->tok[from].off, with);
}

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
    for (size_t i = 0; i < noperators; i++)
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
    fprintf(stderr, "usage: mutate [-o DIR] [-p PREFIX] [-c CATEGORY] [-x NAME]... [-n A/B]...\n"
                    "              [-s NAME]... [-b FUNCTION]... [-P FUNCTION]... FILE\n"
                    "       mutate --ops\n");
    return 2;
}

/* -n A/B: A becomes B and B becomes A.  0, or -1 when it is not A/B. */
static int add_swap(struct source *s, const char *pair)
{
    const char *slash = strchr(pair, '/');
    if (!slash || slash == pair || !slash[1] || strchr(slash + 1, '/'))
        return -1;
    char *a = strndup(pair, (size_t)(slash - pair));
    list_add(&s->swap_from, a), list_add(&s->swap_to, slash + 1);
    list_add(&s->swap_from, slash + 1), list_add(&s->swap_to, a);
    return 0;
}

int main(int argc, char **argv)
{
    static const char valued[] = "opcxnsbP";  /* every option takes a value */
    const char *dir = NULL, *prefix = NULL, *path = NULL;
    struct source s = {.category = "code"};
    struct sink k = {0};
    char id[256];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int flag = a[0] == '-' && a[1] && !a[2] && strchr(valued, a[1]) && i + 1 < argc;
        if (strcmp(a, "--ops") == 0) {
            print_ops();
            return 0;
        } else if (flag) {
            const char *v = argv[++i];
            switch (a[1]) {
            case 'o': dir = v; break;
            case 'p': prefix = v; break;
            case 'c': s.category = v; break;
            case 'x': list_add(&s.exclude, v); break;
            case 'n': if (add_swap(&s, v) != 0) return usage(); break;
            case 's': list_add(&s.sizes, v); break;
            case 'b': list_add(&s.bounds, v); break;
            case 'P': list_add(&s.prints, v); break;
            }
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
    for (size_t i = 0; i < s.exclude.n; i++)
        exclude_guarded(&s, s.exclude.v[i]);
    for (size_t i = 0; i < noperators; i++)
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
