/*
** lms_detect.c -- which LMS made a download, from the names in it.
**
** Each LMS names things its own way (lms.h), so the top level of the
** unpacked download tells them apart:
**   - submission_metadata.yml, at the top or in the one folder the zip
**     wraps everything in (assignment_NNN_export/): Gradescope;
**   - every entry (hidden ones aside) starting "NAME_NNN_assignsubmission_"
**     or "NAME_NNN_onlinetext_"... as Moodle's do: Moodle;
**   - every entry a regular file, most named as Canvas names them: Canvas
**     (the others still reach the gradebook, see lms_canvas.c);
**   - anything else: a folder per student.
** A class of one or two students can look like another format (a plain
** folder of loose files named like Canvas's); --lms then says which.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lms_internal.h"

#define GRADESCOPE_METADATA "submission_metadata.yml"

static int has_file(const char *dir, const char *name)
{
    char *p = lms_join(dir, name);
    struct stat st;
    int yes = p && lstat(p, &st) == 0 && S_ISREG(st.st_mode);
    free(p);
    return yes;
}

/* Gradescope: the metadata at the top, or in the only folder there. */
static int find_gradescope(struct lms_intake *in, char **names)
{
    if (has_file(in->root, GRADESCOPE_METADATA))
        return 1;
    char *only = NULL;
    for (char **p = names; *p; p++) {
        if (lms_is_junk(*p, 1) || lms_is_junk(*p, 0))
            continue;
        if (only)
            return 0;
        only = *p;
    }
    char *inner = only ? lms_join(in->root, only) : NULL;
    if (inner && has_file(inner, GRADESCOPE_METADATA)) {
        free(in->root);
        in->root = inner;
        return 1;
    }
    free(inner);
    return 0;
}

enum lms_format lms_detect(struct lms_intake *in)
{
    char **names = lms_names(in->root);
    size_t total = 0, moodle = 0, canvas = 0, files = 0;
    enum lms_format f = LMS_FOLDERS;
    if (!names)
        return LMS_FOLDERS;   /* batch_list() then says why it cannot read it */
    if (find_gradescope(in, names)) {
        lms_names_free(names);
        return LMS_GRADESCOPE;
    }
    for (char **p = names; *p; p++) {
        struct stat st;
        char *path = lms_join(in->root, *p);
        if ((*p)[0] == '.' || lms_is_junk(*p, 1) || !path || lstat(path, &st) != 0) {
            free(path);
            continue;
        }
        free(path);
        total++;
        files += S_ISREG(st.st_mode) != 0;
        moodle += lms_moodle_name(*p);
        canvas += S_ISREG(st.st_mode) && lms_canvas_name(*p);
    }
    lms_names_free(names);
    if (total > 0 && moodle == total)
        f = LMS_MOODLE;
    else if (total > 0 && files == total && canvas * 2 > total)
        f = LMS_CANVAS;
    return f;
}
