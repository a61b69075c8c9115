/*
** lms_class.c -- a class taken in for a program other than grade-all
** (lms.h, lms_class): the bot challenge's tournament reads an LMS's
** download with the same rules as grade-all.
**
** lms_intake() leaves each student as grade-all grades them: a staged
** folder, an archive (a plain folder's student who handed in a .zip, which
** grade-all's worker unpacks), or nothing with a status.  Here an archive
** is unpacked at once, below OUTDIR/.intake/unpacked/, by archive.h's
** rules, so that the caller only ever sees a folder or a reason.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lms_internal.h"

#define UNPACKED "unpacked"     /* below OUTDIR/.intake               */

/* Unpacks student `s`'s archive into a folder of its own below `dir`
** (the n-th); *folder is that folder (malloc'd), or NULL with `status`
** set when the archive is refused.  -1 only for our own failures. */
static int unpack_one(const struct batch_student *s, const char *dir, size_t n, char **folder,
                      char *status, size_t size)
{
    char name[32], why[BATCH_STATUS_MAX - 16];

    snprintf(name, sizeof name, "%04zu", n);
    *folder = lms_join(dir, name);
    if (!*folder || batch_mkdir(*folder) != 0) {
        fprintf(stderr, "cannot make a folder below %s\n", dir);
        return -1;
    }
    int rc = unpack_archive(s->path, s->format, *folder, NULL, why, sizeof why);
    if (rc == -2) {
        fprintf(stderr, "cannot unpack %s: %s\n", s->path, why);
        return -1;
    }
    if (rc == -1) {
        snprintf(status, size, "bad archive: %s", why);
        free(*folder);
        *folder = NULL;
    }
    return 0;
}

/* Calls `each` for student `s` (the n-th); its result, or -1. */
static int hand_over(const struct batch_student *s, const char *unpacked, size_t n,
                     int (*each)(const char *, const char *, const char *, void *), void *arg)
{
    char status[BATCH_STATUS_MAX];
    char *folder = NULL;
    int rc = 0;

    snprintf(status, sizeof status, "%s", s->status);
    if (s->entry == ENTRY_FOLDER && !status[0])
        folder = strdup(s->path);
    else if (s->entry == ENTRY_ARCHIVE && !status[0])
        rc = unpack_one(s, unpacked, n, &folder, status, sizeof status);
    else if (!status[0])
        snprintf(status, sizeof status, "missing: nothing handed in");
    if (rc == 0 && !folder && !status[0])
        rc = -1;        /* strdup failed */
    if (rc == 0)
        rc = each(s->id, folder, folder ? NULL : status, arg);
    free(folder);
    return rc;
}

int lms_class(const char *path, enum lms_format format, const char *outdir, FILE *notes,
              int (*each)(const char *id, const char *folder, const char *status, void *arg), void *arg)
{
    struct batch_class c;
    char *stage = lms_join(outdir, LMS_STAGE), *unpacked = NULL;
    int rc = stage && lms_intake(path, format, NULL, outdir, &c, notes) == 0 ? 0 : -1;

    if (rc != 0) {
        free(stage);
        return -1;
    }
    /* A plain folder graded where it is leaves no stage: make it. */
    unpacked = lms_join(stage, UNPACKED);
    rc = unpacked && batch_mkdir(stage) == 0 && batch_mkdir(unpacked) == 0 ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < c.n; i++)
        rc = hand_over(&c.s[i], unpacked, i, each, arg);
    batch_class_free(&c);
    free(unpacked);
    free(stage);
    return rc;
}
