/*
** catalog.c -- list the kit's sessions and unit tests.
**
** Sessions are sorted by name so that test order, and so every report, is
** the same from run to run.  A NAME.in without its NAME.out is an error
** (the instructor forgot `make transcripts`), not a silently skipped test.
*/
#define _GNU_SOURCE
#include "catalog.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../compare/compare.h"
#include "../submission/submission.h"

#define SESSION_MAX_BYTES (16 << 20)
#define ARGS_MAX_BYTES 4096

static const char *const set_name[] = {"public", "hidden"};

const char *catalog_set_name(enum test_set s)
{
    return set_name[s];
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Splits the text of NAME.args into a NULL-terminated array of words
** (malloc'd, as one block with the text); NULL when memory runs out. */
static char **split_words(const char *text)
{
    size_t len = strlen(text), words = 0;
    for (size_t i = 0; i < len; i++)
        words += !compare_is_space((unsigned char)text[i])
              && (i == 0 || compare_is_space((unsigned char)text[i - 1]));
    char **argv = malloc((words + 1) * sizeof *argv + len + 1);
    if (!argv)
        return NULL;
    char *copy = memcpy((char *)(argv + words + 1), text, len + 1);
    size_t n = 0;
    for (char *save = NULL, *w = strtok_r(copy, " \t\n\v\f\r", &save); w;
         w = strtok_r(NULL, " \t\n\v\f\r", &save))
        argv[n++] = w;
    argv[n] = NULL;
    return argv;
}

int catalog_load_args(const char *dir, const char *name, char ***args)
{
    char path[4200];
    size_t len;
    *args = NULL;
    snprintf(path, sizeof path, "%s/%s.args", dir, name);
    if (access(path, F_OK) != 0)
        return 0;
    char *text = submission_read_file(path, ARGS_MAX_BYTES, &len);
    if (text && memchr(text, '\0', len) == NULL)
        *args = split_words(text);
    free(text);
    if (!*args)
        fprintf(stderr, "grade: cannot read %s (at most %d bytes of text)\n", path, ARGS_MAX_BYTES);
    return *args ? 0 : -1;
}

/* Loads sample_io/<id>/<set>/NAME.in and NAME.out (and NAME.args) for
** every NAME.in. */
static int load_sessions(const char *kit, const struct assignment *a, enum test_set set,
                         struct catalog *c)
{
    char dir[4096], path[4200];
    char rest[16];
    snprintf(rest, sizeof rest, "/%s", set_name[set]);
    if (assignment_path(dir, sizeof dir, kit, a, "sample_io/", rest) != 0)
        return -1;
    DIR *d = opendir(dir);
    if (!d)
        return 0; /* a kit may have no hidden set */
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 3 && strcmp(e->d_name + len - 3, ".in") == 0) {
            char **grown = realloc(names, (n + 1) * sizeof *names);
            if (!grown)
                break;
            names = grown;
            names[n++] = strndup(e->d_name, len - 3);
        }
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        struct session *grown = realloc(c->sessions, (c->nsessions + 1) * sizeof *grown);
        if (!grown || !names[i]) {
            rc = -1;
            break;
        }
        c->sessions = grown;
        struct session *s = &c->sessions[c->nsessions];
        memset(s, 0, sizeof *s);
        s->name = names[i];
        names[i] = NULL;
        s->set = set;
        c->nsessions++;
        snprintf(path, sizeof path, "%s/%s.in", dir, s->name);
        s->input = submission_read_file(path, SESSION_MAX_BYTES, &s->input_len);
        snprintf(path, sizeof path, "%s/%s.out", dir, s->name);
        s->expected = submission_read_file(path, SESSION_MAX_BYTES, &s->expected_len);
        if (!s->input || !s->expected) {
            fprintf(stderr, "grade: cannot read %s (run `make transcripts`?)\n", path);
            rc = -1;
            break;
        }
        if (catalog_load_args(dir, s->name, &s->args) != 0) {
            rc = -1;
            break;
        }
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

static struct catalog_test *add_test(struct catalog *c, enum test_kind kind, enum test_set set,
                                     const char *fmt, const char *a, const char *b)
{
    struct catalog_test *grown = realloc(c->tests, (c->ntests + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    c->tests = grown;
    struct catalog_test *t = &c->tests[c->ntests];
    memset(t, 0, sizeof *t);
    if (asprintf(&t->name, fmt, a, b) < 0)
        return NULL;
    t->kind = kind;
    t->set = set;
    c->ntests++;
    return t;
}

/* Adds unit/<set>/<suite>/<test> for each "suite/test" line of the list
** build/unit/<id>/<set>.list. */
static int load_unit_list(const char *kit, const struct assignment *a, enum test_set set,
                          struct catalog *c)
{
    char path[4096], rest[32];
    size_t len;
    snprintf(rest, sizeof rest, "/%s.list", set_name[set]);
    if (assignment_path(path, sizeof path, kit, a, "build/unit/", rest) != 0)
        return -1;
    char *list = submission_read_file(path, 1 << 20, &len);
    if (!list) {
        fprintf(stderr, "grade: cannot read %s (run `make` first)\n", path);
        return -1;
    }
    int rc = 0;
    for (char *save = NULL, *line = strtok_r(list, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        struct catalog_test *t = add_test(c, KIND_UNIT, set, "unit/%s/%s", set_name[set], line);
        if (!t || !(t->unit_id = strdup(line))) {
            rc = -1;
            break;
        }
    }
    free(list);
    return rc;
}

static int add_session_tests(struct catalog *c)
{
    static const struct { enum test_kind kind; const char *fmt; } per_session[] = {
        {KIND_TRANSCRIPT, "transcript/%s/%s"},
        {KIND_ASAN, "memory/asan/%s/%s"},
        {KIND_TSAN, "memory/tsan/%s/%s"},
        {KIND_VALGRIND, "memory/valgrind/%s/%s"},
    };
    for (size_t k = 0; k < sizeof per_session / sizeof *per_session; k++)
        for (size_t i = 0; i < c->nsessions; i++) {
            const struct session *s = &c->sessions[i];
            struct catalog_test *t = add_test(c, per_session[k].kind, s->set, per_session[k].fmt,
                                              set_name[s->set], s->name);
            if (!t)
                return -1;
            t->session = s;
        }
    return 0;
}

int catalog_load(const char *kit, const struct assignment *a, int include_hidden,
                 struct catalog *c)
{
    memset(c, 0, sizeof *c);
    int sets = include_hidden ? 2 : 1;
    if (!add_test(c, KIND_BUILD, SET_PUBLIC, "build/compiles%s%s", "", "")
        || !add_test(c, KIND_STYLE, SET_PUBLIC, "style/no_warnings%s%s", "", ""))
        return -1;
    for (int set = 0; set < sets; set++)
        if (load_unit_list(kit, a, (enum test_set)set, c) != 0
            || load_sessions(kit, a, (enum test_set)set, c) != 0)
            return -1;
    return add_session_tests(c);
}

void catalog_free(struct catalog *c)
{
    for (size_t i = 0; i < c->nsessions; i++) {
        free(c->sessions[i].name);
        free(c->sessions[i].input);
        free(c->sessions[i].expected);
        free(c->sessions[i].args);
    }
    for (size_t i = 0; i < c->ntests; i++) {
        free(c->tests[i].name);
        free(c->tests[i].unit_id);
    }
    free(c->sessions);
    free(c->tests);
    memset(c, 0, sizeof *c);
}
