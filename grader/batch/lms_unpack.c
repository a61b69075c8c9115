/*
** lms_unpack.c -- a student's own archive, unpacked where they put it.
**
** A student who uploads hw3.zip means its contents: each archive among
** the submission's files (.zip, .tar.gz, .tgz, .tar, archive.h) is
** unpacked by unpack_archive() -- the same rules as any archive of
** grade-all: nothing outside, no links out, caps on members and bytes --
** into OUTDIR/.intake/scratch, and its members moved beside the archive,
** which is removed.  When a member's name is taken already (the student
** uploaded main.c and a zip holding main.c), the whole archive goes to a
** folder named after it instead (hw3/), so neither copy is lost.  Only
** the archives the student uploaded are unpacked: an archive inside one
** stays as it is.  Then the junk the archives held (__MACOSX/, ._*,
** .DS_Store, a.out, ...) is removed, each noted.
**
** One budget per submission: the caps of archive.h (UNPACK_MAX_FILES,
** UNPACK_MAX_BYTES) hold for everything the student handed in together,
** not for each archive afresh -- so each archive is unpacked with what is
** left of the budget once the loose files and the archives unpacked before
** it are counted (the archive itself stops counting once it is unpacked),
** and what it unpacked, measured on disk, is added back.  Over budget, the
** submission is "bad archive: ...".
*/
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lms_internal.h"
#include "../report/visible.h"

/* What a submission has used of its budget so far. */
struct budget {
    size_t files, bytes;
};

/* Adds the entries below `dir` (of any kind) and the bytes of its regular
** files to `b`. */
static void measure(const char *dir, struct budget *b)
{
    char **names = lms_names(dir);
    for (char **p = names; p && *p; p++) {
        char *path = lms_join(dir, *p);
        struct stat st;
        if (path && lstat(path, &st) == 0) {
            b->files++;
            if (S_ISREG(st.st_mode))
                b->bytes += (size_t)st.st_size;
            else if (S_ISDIR(st.st_mode))
                measure(path, b);
        }
        free(path);
    }
    lms_names_free(names);
}

/* Whether an entry of `from` has a namesake in `to`. */
static int clashes(const char *from, const char *to)
{
    char **names = lms_names(from);
    int clash = 0;
    for (char **p = names; p && *p && !clash; p++) {
        char *there = lms_join(to, *p);
        struct stat st;
        clash = !there || lstat(there, &st) == 0;
        free(there);
    }
    lms_names_free(names);
    return clash;
}

/* Moves the members in `scratch` into `dir`, or all of `scratch` to
** `dir`/STEM; 0, 1 when neither is free, -1 on our failure. */
static int move_members(const char *scratch, const char *dir, const char *stem)
{
    char **names = lms_names(scratch);
    int rc = names ? 0 : -1;
    if (rc == 0 && clashes(scratch, dir)) {
        char *whole = lms_join(dir, stem);
        struct stat st;
        rc = !whole ? -1 : lstat(whole, &st) == 0 ? 1 : rename(scratch, whole) ? -1 : 0;
        free(whole);
        lms_names_free(names);
        return rc;
    }
    for (char **p = names; p && *p && rc == 0; p++) {
        char *from = lms_join(scratch, *p), *to = lms_join(dir, *p);
        rc = from && to && rename(from, to) == 0 ? 0 : -1;
        free(from);
        free(to);
    }
    lms_names_free(names);
    return rc;
}

/* Unpacks archive `path` (`name` in submission `s`) through `scratch`
** into its folder `dir`, within what `used` leaves of the submission's
** budget (`used` not counting the archive), adding what it unpacked to
** `used`; 0, or -1 (ours). */
static int unpack_move(struct lms_intake *in, struct lms_sub *s, const char *name,
                       const char *path, const char *dir, const char *stem,
                       const char *scratch, enum unpack_format format,
                       struct budget *used)
{
    char why[BATCH_STATUS_MAX];
    if (batch_remove_tree(scratch) != 0 || batch_mkdir(scratch) != 0)
        return -1;
    int u = -1;
    snprintf(why, sizeof why, "more than %zu files or %zu MiB in all",
             (size_t)UNPACK_MAX_FILES, UNPACK_MAX_BYTES >> 20);
    if (used->files < UNPACK_MAX_FILES && used->bytes < UNPACK_MAX_BYTES) {
        struct unpack_limits left = { .max_bytes = UNPACK_MAX_BYTES - used->bytes,
                                      .max_files = UNPACK_MAX_FILES - used->files };
        u = unpack_archive(path, format, scratch, &left, why, sizeof why);
    }
    if (u == 0) {
        measure(scratch, used);
        if (used->files > UNPACK_MAX_FILES || used->bytes > UNPACK_MAX_BYTES) {
            u = -1;
            snprintf(why, sizeof why, "more than %zu files or %zu MiB in all",
                     (size_t)UNPACK_MAX_FILES, UNPACK_MAX_BYTES >> 20);
        }
    }
    int m = u == 0 ? move_members(scratch, dir, stem) : 0;
    if (u == -2 || m < 0) {
        visible_printf(stderr, "grade-all: %s: %s\n", path, u == -2 ? why : strerror(errno));
        return -1;
    }
    if (u == -1 || m == 1) {
        snprintf(s->status, sizeof s->status, "bad archive: %.60s: %.120s", name,
                 u == -1 ? why : "its members clash with other files");
        return 0;
    }
    unlink(path);
    lms_note(in, "  %s: unpacked %s", s->label, name);
    return 0;
}

/* Unpacks the staged archive `name` of `s` (`suffix` bytes of extension)
** within the budget `used` (which counts the archive: it stops counting
** once unpacked); 0, or -1 (ours).  One left out when copied is no longer
** there. */
static int unpack_one(struct lms_intake *in, struct lms_sub *s, const char *name,
                      enum unpack_format format, size_t suffix, struct budget *used)
{
    char *path = lms_join(s->folder, name), *scratch = lms_join(in->stage, LMS_SCRATCH);
    char *dir = NULL, *stem = NULL;
    struct stat st;
    int rc = path && scratch ? 0 : -1;
    if (rc == 0 && lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
        dir = strndup(path, (size_t)(strrchr(path, '/') - path));
        stem = strdup(strrchr(path, '/') + 1);
        if (!dir || !stem)
            rc = -1;
        else {
            stem[strlen(stem) - suffix] = '\0';
            used->files -= used->files > 0;
            used->bytes -= (size_t)st.st_size < used->bytes ? (size_t)st.st_size : used->bytes;
            rc = unpack_move(in, s, name, path, dir, stem, scratch, format, used);
        }
        batch_remove_tree(scratch);
    }
    free(path);
    free(scratch);
    free(dir);
    free(stem);
    return rc;
}

/* Removes the junk below `dir` (`rel` its name in the submission). */
static int sweep(struct lms_intake *in, struct lms_sub *s, const char *dir, const char *rel)
{
    char **names = lms_names(dir);
    int rc = names ? 0 : -1;
    for (char **p = names; p && *p && rc == 0; p++) {
        char *path = lms_join(dir, *p), *name = *rel ? lms_join(rel, *p) : strdup(*p);
        struct stat st;
        if (!path || !name || lstat(path, &st) != 0)
            rc = -1;
        else if (lms_is_junk(*p, S_ISDIR(st.st_mode))) {
            lms_note(in, "  %s: left out %s (not meant to be handed in)", s->label, name);
            rc = batch_remove_tree(path);
        } else if (S_ISDIR(st.st_mode))
            rc = sweep(in, s, path, name);
        free(path);
        free(name);
    }
    lms_names_free(names);
    return rc;
}

int lms_unpack_in_place(struct lms_intake *in, struct lms_sub *s, size_t files, size_t bytes)
{
    struct budget used = { files, bytes };
    int rc = 0, unpacked = 0;
    for (size_t i = 0; i < s->nfiles && rc == 0 && !s->status[0]; i++) {
        enum unpack_format format;
        size_t suffix;
        if (unpack_format_of(s->files[i].name, &format, &suffix) != 0)
            continue;
        rc = unpack_one(in, s, s->files[i].name, format, suffix, &used);
        unpacked = 1;
    }
    if (rc == 0 && unpacked && !s->status[0])
        rc = sweep(in, s, s->folder, "");
    if (rc != 0)
        visible_printf(stderr, "grade-all: cannot unpack the archives of %s\n", s->label);
    return rc;
}

size_t lms_count_files(const char *dir)
{
    char **names = lms_names(dir);
    size_t n = 0;
    for (char **p = names; p && *p; p++) {
        char *path = lms_join(dir, *p);
        struct stat st;
        if (path && lstat(path, &st) == 0)
            n += S_ISDIR(st.st_mode) ? lms_count_files(path) : S_ISREG(st.st_mode) && st.st_size > 0;
        free(path);
    }
    lms_names_free(names);
    return n;
}
