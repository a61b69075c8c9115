/*
** class.c -- a tournament's class line taken in (class.h), through the
** grader's intake of LMS downloads (grader/batch/lms.h).
*/
#define _POSIX_C_SOURCE 200809L
#include "class.h"

#include <stdio.h>

#include "../batch/lms.h"

#define INTAKE_NOTES "intake.txt"   /* below OUTDIR: what the intake did */

struct adding {
    struct tconfig *c;
    FILE *notes;
    char *why;
    size_t whylen;
};

static int add_student(const char *id, const char *folder, const char *status, void *arg)
{
    struct adding *a = arg;

    if (tconfig_add_student(a->c, id, folder, status, a->why, a->whylen) != 0)
        return -1;
    fprintf(a->notes, "bot %s: student %s\n", a->c->bots[a->c->n_bots - 1].name, id);
    return 0;
}

int tclass_take(struct tconfig *c, const char *outdir, char *why, size_t whylen)
{
    enum lms_format format;
    char notes_path[4200];

    if (!c->class_path || c->class_taken)
        return 0;
    if (lms_format_named(c->class_format, &format) != 0)
        return snprintf(why, whylen, "class %s: '%s' is not auto, canvas, moodle, gradescope or folders",
                        c->class_path, c->class_format), -1;
    snprintf(notes_path, sizeof notes_path, "%s/%s", outdir, INTAKE_NOTES);
    FILE *notes = fopen(notes_path, "w");
    if (!notes)
        return snprintf(why, whylen, "cannot write %s", notes_path), -1;
    struct adding a = {c, notes, why, whylen};
    why[0] = '\0';
    int rc = lms_class(c->class_path, format, outdir, notes, add_student, &a);
    if (fclose(notes) != 0 && rc == 0)
        return snprintf(why, whylen, "cannot write %s", notes_path), -1;
    if (rc != 0)
        return why[0] ? -1 : (snprintf(why, whylen, "class %s: the submissions could not be taken in",
                                       c->class_path), -1);
    c->class_taken = 1;
    if (c->n_bots < 2)
        return snprintf(why, whylen, "class %s: a tournament needs at least two bots, and it has %d", c->class_path,
                        c->n_bots), -1;
    return 0;
}
