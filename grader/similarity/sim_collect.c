/*
** sim_collect.c -- a submission's C files, read for the similarity check.
**
** A submission is a folder or an archive (.zip, .tar.gz, .tgz, .tar, as
** grade-all takes them; an archive is unpacked by batch/archive.h, with
** its limits, into a temporary folder removed afterwards).  Every regular
** file named *.c or *.h below it is read, in byte order of its path;
** symbolic links are never followed; other files are counted in a note.
** Student input is never an error, only a note:
**   - a file holding a NUL byte is "binary" and skipped;
**   - a file past SIM_MAX_FILE_BYTES is compared on its first bytes;
**   - ill-formed UTF-8 is compared as bytes (the pages escape it);
**   - a file without one ';' or '{' token "does not look like C", skipped;
**   - no C token at all: "no C source to compare" (the student is listed,
**     never paired).
*/
#define _XOPEN_SOURCE 700
#include "similarity.h"

#include <dirent.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../batch/archive.h"
#include "../batch/batch_internal.h"

#define MAX_DEPTH 16

static int ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && strcmp(s + n - m, end) == 0;
}

static int well_formed_utf8(const unsigned char *t, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = t[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || (c >= 0x80 && c < 0xC2) || i + len > n)
            return 0;
        for (size_t j = 1; j < len; j++)
            if ((t[i + j] & 0xC0) != 0x80)
                return 0;
        i += len;
    }
    return 1;
}

/* Reads at most SIM_MAX_FILE_BYTES of `full`; NULL when unreadable. */
static char *read_capped(const char *full, size_t *size, int *truncated)
{
    FILE *f = fopen(full, "rb");
    if (!f)
        return NULL;
    char *text = sim_alloc(NULL, SIM_MAX_FILE_BYTES + 1);
    *size = fread(text, 1, SIM_MAX_FILE_BYTES, f);
    *truncated = *size == SIM_MAX_FILE_BYTES && fgetc(f) != EOF;
    fclose(f);
    text[*size] = '\0';
    return sim_alloc(text, *size + 1);
}

/* Whether the tokens [from, s->ntok) hold a ';' or a '{'. */
static int looks_like_c(const struct sim_submission *s, size_t from)
{
    uint32_t semi = sim_symbol(";", 1), brace = sim_symbol("{", 1);
    for (size_t i = from; i < s->ntok; i++)
        if (s->tok[i].sym == semi || s->tok[i].sym == brace)
            return 1;
    return 0;
}

/* Adds the file `full` under the name `rel`, or notes why not. */
static void add_file(struct sim_submission *s, const char *full, const char *rel)
{
    size_t size;
    int truncated;
    char *text = read_capped(full, &size, &truncated);
    if (!text) {
        sim_note(s, "%s: unreadable, skipped", rel);
        return;
    }
    if (memchr(text, '\0', size)) {
        sim_note(s, "%s: binary, skipped", rel);
        free(text);
        return;
    }
    if (truncated)
        sim_note(s, "%s: larger than %zu KiB, compared on its start", rel, SIM_MAX_FILE_BYTES >> 10);
    if (!well_formed_utf8((const unsigned char *)text, size))
        sim_note(s, "%s: not UTF-8, compared as bytes", rel);
    s->files = sim_alloc(s->files, (s->nfiles + 1) * sizeof *s->files);
    s->files[s->nfiles++] = (struct sim_file){ strdup(rel), text, size };
}

struct walk {
    struct sim_submission *s;
    size_t root_len, others;
    int too_many;
};

/* Adds every .c/.h file below `dir` (depth counted from the root). */
static void walk(struct walk *w, const char *dir, int depth)
{
    DIR *d = depth < MAX_DEPTH ? opendir(dir) : NULL;
    struct dirent *e;
    if (!d)
        return;
    while ((e = readdir(d))) {
        char full[PATH_MAX];
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")
            || (size_t)snprintf(full, sizeof full, "%s/%s", dir, e->d_name) >= sizeof full
            || lstat(full, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            walk(w, full, depth + 1);
        else if (!S_ISREG(st.st_mode) || !(ends_with(e->d_name, ".c") || ends_with(e->d_name, ".h")))
            w->others++;
        else if (w->s->nfiles >= SIM_MAX_FILES)
            w->too_many = 1;
        else
            add_file(w->s, full, full + w->root_len + 1);
    }
    closedir(d);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const struct sim_file *)a)->path, ((const struct sim_file *)b)->path);
}

/* Puts the files read in path order and cuts them into tokens; a file
** with tokens but no C in them keeps none. */
static void lex_all(struct sim_submission *s)
{
    qsort(s->files, s->nfiles, sizeof *s->files, by_path);
    for (size_t f = 0; f < s->nfiles; f++) {
        size_t before = s->ntok;
        sim_lex(s, (uint32_t)f);
        if (s->ntok > before && !looks_like_c(s, before)) {
            sim_note(s, "%s: does not look like C, skipped", s->files[f].path);
            s->ntok = before;
        }
    }
}

static void read_folder(struct sim_submission *s, const char *root)
{
    struct walk w = { s, strlen(root), 0, 0 };
    walk(&w, root, 0);
    if (w.others)
        sim_note(s, "%zu file%s not .c or .h ignored", w.others, w.others == 1 ? "" : "s");
    if (w.too_many)
        sim_note(s, "more than %d C files: the rest ignored", SIM_MAX_FILES);
    lex_all(s);
    if (s->ntok == 0)
        sim_note(s, "no C source to compare");
}

int sim_collect(struct sim_submission *s, const char *path)
{
    struct stat st;
    enum unpack_format format;
    size_t suffix;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        read_folder(s, path);
        return 0;
    }
    if (unpack_format_of(path, &format, &suffix) != 0) {
        sim_note(s, "neither a folder nor an archive");
        return -1;
    }
    char tmp[] = "/tmp/similarity-XXXXXX", why[256];
    if (!mkdtemp(tmp)) {
        sim_note(s, "could not unpack: no temporary folder");
        return -1;
    }
    int rc = unpack_archive(path, format, tmp, NULL, why, sizeof why);
    if (rc == 0)
        read_folder(s, tmp);
    else
        sim_note(s, "bad archive: %s", why);
    batch_remove_tree(tmp);
    return rc == 0 ? 0 : -1;
}

int sim_collect_base(struct sim_submission *s, const char *starter,
                     const char *const *extra)
{
    struct stat st;
    if (starter && stat(starter, &st) == 0 && S_ISDIR(st.st_mode)) {
        struct walk w = { s, strlen(starter), 0, 0 };
        walk(&w, starter, 0);
    }
    for (size_t i = 0; extra && extra[i]; i++)
        if (stat(extra[i], &st) == 0 && S_ISREG(st.st_mode))
            add_file(s, extra[i], extra[i]);
    lex_all(s);
    return s->nfiles ? 0 : -1;
}
