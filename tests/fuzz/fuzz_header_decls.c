/*
** fuzz_header_decls.c -- fuzz target for the student-header parser,
** header_decls_read() (grader/submission/header_decls.c): the text is a
** student's copy of a required header, any bytes.
**
** Input: the header's text, NULs allowed.  Checks what header_decls.h
** states: reading fails only when memory runs out (never here), at most
** HEADER_DECLS_MAX declarations, each with a name that is a C identifier
** and a canonical form, no name twice (the first declaration kept), and
** header_decls_find() finding each by its name.
*/
#define FUZZ_NAME "fuzz_header_decls"
#include "fuzz_parser.h"

#include <ctype.h>

#include "submission/header_decls.h"

static int is_identifier(const char *s) FUZZ_NO_COVERAGE;
static int is_identifier(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_')
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

static void check(const struct decls *d) FUZZ_NO_COVERAGE;
static void check(const struct decls *d)
{
    if (d->n > HEADER_DECLS_MAX)
        fuzz_fail("more declarations than HEADER_DECLS_MAX", NULL);
    for (size_t i = 0; i < d->n; i++) {
        const struct decl *x = &d->v[i];
        if (!x->name || !is_identifier(x->name))
            fuzz_fail("a declaration's name is not an identifier", x->name);
        if (!x->form)
            fuzz_fail("a declaration without a form", x->name);
        if (x->kind < DECL_CONSTANT || x->kind > DECL_TYPE)
            fuzz_fail("a declaration of no kind", x->name);
        if (header_decls_find(d, x->name) != x)
            fuzz_fail("a name declared twice, or not found as the first", x->name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size ? size : 1);   /* exactly the text: no terminator */
    struct decls d;

    if (!text)
        abort();
    if (size)
        memcpy(text, data, size);
    if (header_decls_read(text, size, &d) != 0)
        fuzz_fail("reading failed, though memory did not run out", NULL);
    check(&d);
    header_decls_free(&d);
    free(text);
    return 0;
}
