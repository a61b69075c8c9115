/*
** catalog.h -- every test the kit can run, before the rubric picks.
**
** The catalog is derived from the kit's files, never from the student's
** program: sessions are the NAME.in/NAME.out pairs of the assignment's
** sample_io/<id>/public and sample_io/<id>/hidden, each with the words of
** NAME.args, when there is one, as the program's arguments; unit tests are
** the names listed in build/unit/<id>/{public,hidden}.list, which `make`
** writes by listing the test binaries built against the reference.  So a
** submission cannot add, rename or hide a test.
**
** Names (the rubric matches them with globs):
**   build/compiles, style/no_warnings,
**   unit/<set>/<suite>/<test>, transcript/<set>/<session>,
**   memory/asan/<set>/<session>, memory/tsan/<set>/<session>,
**   memory/valgrind/<set>/<session>
** where <set> is "public" or "hidden".  Every session has its tests of
** every kind here; only those a rule matches are built for and run.
*/
#ifndef GRADER_CATALOG_H
#define GRADER_CATALOG_H

#include <stddef.h>

#include "../assignment.h"

enum test_kind { KIND_BUILD, KIND_STYLE, KIND_UNIT, KIND_TRANSCRIPT, KIND_ASAN, KIND_VALGRIND,
                 KIND_TSAN };
enum test_set { SET_PUBLIC, SET_HIDDEN };

struct session {
    char *name;                /* file name without .in                     */
    enum test_set set;
    char *input, *expected;    /* whole files, NUL-terminated, malloc'd     */
    size_t input_len, expected_len;
    char **args;               /* NAME.args split into words, NULL-terminated;
                               ** NULL when there is no NAME.args           */
};

struct catalog_test {
    char *name;
    enum test_kind kind;
    enum test_set set;
    const struct session *session;  /* transcript, asan, tsan, valgrind    */
    char *unit_id;                  /* "suite/test" for unit tests         */
};

struct catalog {
    struct session *sessions;
    size_t nsessions;
    struct catalog_test *tests;
    size_t ntests;
};

/* Builds the catalog from the kit at `kit`; the hidden set only when
** `include_hidden`.  Returns 0, or -1 (message on stderr) when the kit's
** files cannot be read -- a broken kit is the grader's failure. */
int catalog_load(const char *kit, const struct assignment *a, int include_hidden,
                 struct catalog *c);

void catalog_free(struct catalog *c);

/* Reads DIR/NAME.args into *args: its words, NULL-terminated, in one
** malloc'd block (free(*args) frees all); *args is NULL when there is no
** such file.  Returns 0, or -1 (message on stderr) when the file exists
** but cannot be read or is not text. */
int catalog_load_args(const char *dir, const char *name, char ***args);

const char *catalog_set_name(enum test_set s);

#endif /* GRADER_CATALOG_H */
