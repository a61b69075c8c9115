/*
** header_check.c -- compare a student's header with the official one.
*/
#define _GNU_SOURCE
#include "header_check.h"

#include "header_decls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct text {
    char *s;
    size_t n;
    int failed;
};

/* Appends `piece` after `sep` (no separator before the first piece). */
static void add(struct text *t, const char *sep, const char *piece)
{
    char *grown = NULL;
    if (t->failed || asprintf(&grown, "%s%s%s", t->s ? t->s : "", t->s ? sep : "", piece) < 0) {
        t->failed = 1;
        return;
    }
    free(t->s);
    t->s = grown;
}

static const char *kind_name(enum decl_kind k)
{
    switch (k) {
    case DECL_CONSTANT: return "a constant";
    case DECL_MACRO: return "a macro";
    case DECL_FUNCTION: return "a function";
    case DECL_VARIABLE: return "a variable";
    case DECL_TYPE: return "a type";
    }
    return "something else";
}

/* Whether `mine` declares what `theirs` (official) does.  The canonical
** forms make "void f()" and "void f(void)" equal: the two link and call
** alike. */
static int same(const struct decl *mine, const struct decl *theirs)
{
    return mine->kind == theirs->kind && strcmp(mine->form, theirs->form) == 0;
}

/* One sentence about an official declaration `theirs` the student made
** as `mine` (NULL: not at all). */
static void describe(struct text *t, const struct decl *mine, const struct decl *theirs)
{
    char *line = NULL;
    int rc;
    if (!mine)
        rc = asprintf(&line, "%s is missing from your header", theirs->name);
    else if (mine->kind != theirs->kind)
        rc = asprintf(&line, "%s is %s in your header, %s in the official one", theirs->name,
                      kind_name(mine->kind), kind_name(theirs->kind));
    else if (theirs->kind == DECL_CONSTANT)
        rc = asprintf(&line, "%s is %s in your header, %s in the official one", theirs->name,
                      *mine->form ? mine->form : "empty", theirs->form);
    else
        rc = asprintf(&line, "%s is '%s' in your header, '%s' in the official one",
                      theirs->name, mine->form, theirs->form);
    if (rc < 0) {
        t->failed = 1;
        return;
    }
    add(t, "; ", line);
    free(line);
}

/* Whether the student's header declares an official function or variable:
** what makes a header under another name a copy. */
static int declares_an_official_object(const struct decls *mine, const struct decls *official)
{
    for (size_t i = 0; i < official->n; i++) {
        const struct decl *d = &official->v[i];
        if ((d->kind == DECL_FUNCTION || d->kind == DECL_VARIABLE)
            && header_decls_find(mine, d->name))
            return 1;
    }
    return 0;
}

static int compare(const struct decls *mine, const struct decls *official, int named,
                   char **msg)
{
    struct text diffs = {0}, adds = {0};
    for (size_t i = 0; i < official->n; i++) {
        const struct decl *theirs = &official->v[i];
        const struct decl *d = header_decls_find(mine, theirs->name);
        if ((d || named) && !(d && same(d, theirs)))
            describe(&diffs, d, theirs);
    }
    for (size_t i = 0; i < mine->n; i++)
        if (!header_decls_find(official, mine->v[i].name))
            add(&adds, ", ", mine->v[i].name);
    if (diffs.failed || adds.failed) {
        free(diffs.s);
        free(adds.s);
        return -1;
    }
    if (diffs.s) {
        free(adds.s);
        *msg = diffs.s;
        return HEADER_INCOMPATIBLE;
    }
    int rc = adds.s ? asprintf(msg, "adds %s", adds.s)
                    : (*msg = strdup("declares what the official header does")) ? 0 : -1;
    free(adds.s);
    if (rc < 0) {
        *msg = NULL;
        return -1;
    }
    return HEADER_COMPATIBLE;
}

int header_check(const char *official, size_t olen, const char *student, size_t slen,
                 int named, char **msg)
{
    struct decls theirs, mine;
    *msg = NULL;
    if (header_decls_read(official, olen, &theirs) != 0)
        return -1;
    if (header_decls_read(student, slen, &mine) != 0) {
        header_decls_free(&theirs);
        return -1;
    }
    int verdict = HEADER_UNRELATED;
    if (named || declares_an_official_object(&mine, &theirs))
        verdict = compare(&mine, &theirs, named, msg);
    header_decls_free(&mine);
    header_decls_free(&theirs);
    return verdict;
}
