/*
** batch_assignment.c -- which assignment an OUTDIR holds grades of.
**
** OUTDIR/assignment holds the id ("halma\n").  A run writes it when it is
** absent and refuses an OUTDIR whose file names another assignment:
** grading a second assignment into the same folder would replace one
** gradebook by another student by student.  An OUTDIR from before the
** file existed has none and is taken as it is (its fingerprints no longer
** match, so every student is graded again).  A merge needs its inputs to
** agree and writes the file into its output.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch_internal.h"
#include "../submission/submission.h"
#include "../report/visible.h"

#define MARKER BATCH_ASSIGNMENT

/* The id recorded in DIR, malloc'd without its newline, or NULL when
** there is none. */
static char *recorded(const char *dir)
{
    char path[4096];
    size_t len;
    if (batch_path(path, sizeof path, dir, MARKER) != 0)
        return NULL;
    char *id = submission_read_file(path, 256, &len);
    if (id)
        id[strcspn(id, "\r\n")] = '\0';
    return id;
}

int batch_claim_assignment(const char *outdir, const char *id)
{
    char *had = recorded(outdir), line[256];
    int rc = 0;
    if (had && strcmp(had, id) != 0) {
        visible_printf(stderr, "grade-all: %s holds the grades of assignment '%s', not '%s': "
                "grade '%s' into another folder\n", outdir, had, id, id);
        rc = -1;
    } else if (!had) {
        snprintf(line, sizeof line, "%s\n", id);
        rc = batch_write_text(outdir, MARKER, line);
    }
    free(had);
    return rc;
}

int batch_merge_assignment(const char *const *dirs, size_t n, const char *out)
{
    char *id = NULL;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        char *had = recorded(dirs[i]);
        if (had && id && strcmp(had, id) != 0) {
            visible_printf(stderr, "grade-all: cannot merge grades of assignment '%s' (%s) with "
                    "grades of '%s'\n", had, dirs[i], id);
            rc = -1;
        }
        if (had && !id)
            id = had;
        else
            free(had);
    }
    if (rc == 0 && id)
        rc = batch_claim_assignment(out, id);
    free(id);
    return rc;
}
