/*
** late_plan.c -- a run's late plan: the policy found and read, the
** submission times gathered, and every student's outcome decided before
** anyone is graded (late.h).
**
** Theory of operation.  grade-all calls late_plan_make() once the class
** is taken in and before --shard keeps its part, so that an extension or
** a time naming someone outside this shard is still checked against the
** whole class, and every mistake stops the run before a file of the
** gradebook is written.  After the shard is kept, late_plan_write()
** writes each student's late.json -- on every run, even for the students
** not regraded, since an extension may have been added since.  Nothing
** here reads the clock or the machine's zone.
*/
#define _GNU_SOURCE
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "late_internal.h"
#include "../assignment.h"
#include "../report/visible.h"

struct late_plan {
    struct late_policy policy;
    char **ids;                    /* the students with an outcome       */
    struct late_outcome *out;
    size_t n;
};

int late_policy_path(const struct batch_options *o, char *buf, size_t size)
{
    buf[0] = '\0';
    if (o->late) {
        if (strcmp(o->late, "none") != 0)
            snprintf(buf, size, "%s", o->late);
        return 0;
    }
    char dir[4096];
    if (o->rubric) {
        snprintf(dir, sizeof dir, "%s", o->rubric);
        snprintf(buf, size, "%s/%s", dirname(dir), LATE_DEFAULT);
    } else if (assignment_path(buf, size, o->kit, o->assignment, "grader/assignments/",
                               "/" LATE_DEFAULT) != 0)
        return -1;
    if (access(buf, F_OK) != 0)
        buf[0] = '\0';
    return 0;
}

static const struct late_extension *extension_of(const struct late_policy *p, const char *id)
{
    for (size_t i = 0; i < p->next; i++)
        if (strcmp(p->ext[i].id, id) == 0)
            return &p->ext[i];
    return NULL;
}

/* Every extension names a student of the class.  0, or -1 (message). */
static int check_extensions(const struct late_policy *p, const struct batch_class *c)
{
    for (size_t i = 0; i < p->next; i++) {
        size_t k;
        for (k = 0; k < c->n && strcmp(c->s[k].id, p->ext[i].id) != 0; k++)
            ;
        if (k == c->n) {
            visible_printf(stderr, "grade-all: %s:%ld: extension for '%s', who is not in the "
                           "class (ids as grades.csv writes them)\n", p->path, p->ext[i].line,
                           p->ext[i].id);
            return -1;
        }
    }
    return 0;
}

/* When `s` handed in and from where: 0, 1 for Canvas's mark alone, or
** -1 (message naming the file, or the student). */
static int time_of(const struct late_plan *plan, const struct batch_options *o,
                   const struct batch_student *s, const struct late_times *t,
                   late_instant *when, struct late_outcome *out)
{
    const struct late_policy *p = &plan->policy;
    const struct late_time *row = late_times_find(t, s->id);
    char why[300];
    if (row) {
        snprintf(out->source, sizeof out->source, "%s",
                 o->times && strcmp(row->file, o->times) == 0 ? "--times" : "moodle worksheet");
        snprintf(out->submitted, sizeof out->submitted, "%s", row->text);
        if (late_parse_time(row->text, p->zone, when, why, sizeof why) == 0)
            return 0;
        visible_printf(stderr, "grade-all: %s:%ld: %s\n", row->file, row->line, why);
        return -1;
    }
    if (s->lms_time) {
        snprintf(out->source, sizeof out->source, "gradescope");
        snprintf(out->submitted, sizeof out->submitted, "%s", s->lms_time);
        if (late_parse_time(s->lms_time, p->zone, when, why, sizeof why) == 0)
            return 0;
        visible_printf(stderr, "grade-all: %s: Gradescope's :created_at: %s\n", s->id, why);
        return -1;
    }
    if (s->late_mark == LATE_MARK_ON_TIME) {
        snprintf(out->source, sizeof out->source, "canvas");
        *when = extension_of(p, s->id) ? extension_of(p, s->id)->due : p->due;
        return 0;
    }
    if (s->late_mark == LATE_MARK_LATE && !extension_of(p, s->id)) {
        snprintf(out->source, sizeof out->source, "canvas late mark");
        return 1;
    }
    if (s->late_mark == LATE_MARK_LATE)
        visible_printf(stderr, "grade-all: %s: marked late by Canvas and extended in %s: give "
                       "the time it was handed in with --times FILE\n", s->id, p->path);
    else
        visible_printf(stderr, "grade-all: %s: no submission time for the late policy %s: give "
                       "it with --times FILE (rows ID,TIME), or Moodle's grading worksheet "
                       "as --roster\n", s->id, p->path);
    return -1;
}

/* Decides every student with a submission; -1 after naming each one that
** cannot be decided. */
static int decide_all(struct late_plan *plan, const struct batch_options *o,
                      const struct batch_class *c, const struct late_times *t)
{
    int rc = 0;
    plan->ids = calloc(c->n + 1, sizeof *plan->ids);
    plan->out = calloc(c->n + 1, sizeof *plan->out);
    if (!plan->ids || !plan->out)
        return -1;
    for (size_t i = 0; i < c->n; i++) {
        const struct batch_student *s = &c->s[i];
        struct late_outcome *out = &plan->out[plan->n];
        late_instant when = 0;
        if (s->entry == ENTRY_NONE || s->status[0])
            continue;
        int how = time_of(plan, o, s, t, &when, out);
        if (how < 0) {
            rc = -1;
            continue;
        }
        const struct late_extension *e = extension_of(&plan->policy, s->id);
        late_judge(&plan->policy, e ? e->due : plan->policy.due, when, how == 1, out);
        if (!(plan->ids[plan->n++] = strdup(s->id)))
            return -1;
    }
    return rc;
}

int late_plan_make(const struct batch_options *o, const struct batch_class *c,
                   struct late_plan **plan)
{
    char path[4096];
    struct late_times t = { 0 };
    *plan = NULL;
    if (late_policy_path(o, path, sizeof path) != 0)
        return -1;
    if (!path[0]) {
        if (o->times)
            visible_printf(stderr, "grade-all: --times needs a late policy (--late FILE, or %s "
                           "beside the rubric)\n", LATE_DEFAULT);
        return o->times ? -1 : 0;
    }
    struct late_plan *p = calloc(1, sizeof *p);
    int rc = p && late_policy_read(path, &p->policy) == 0 ? 0 : -1;
    if (rc == 0)
        rc = check_extensions(&p->policy, c);
    if (rc == 0 && o->times)
        rc = late_times_read(o->times, p->policy.zone, c, &t);
    if (rc == 0 && o->roster)
        rc = late_sheet_read(o->roster, c, &t);
    if (rc == 0)
        rc = decide_all(p, o, c, &t);
    late_times_free(&t);
    if (rc != 0) {
        visible_printf(stderr, "grade-all: nothing graded: fix the late policy's input above\n");
        late_plan_free(p);
        return -1;
    }
    *plan = p;
    return 1;
}

static const struct late_outcome *outcome_of(const struct late_plan *plan, const char *id)
{
    for (size_t i = 0; plan && i < plan->n; i++)
        if (strcmp(plan->ids[i], id) == 0)
            return &plan->out[i];
    return NULL;
}

int late_plan_says(const struct late_plan *plan, const char *id, char *buf, size_t size)
{
    const struct late_outcome *out = outcome_of(plan, id);
    cJSON *j = out ? late_outcome_json(&plan->policy, out) : NULL;
    if (j)
        late_text(j, buf, size);
    cJSON_Delete(j);
    return j != NULL;
}

/* Removes a late.json left by an earlier run, and makes the report again
** without it. */
static int drop_stale(const char *outdir, const char *id, const char *sdir)
{
    char path[4096];
    if (batch_path(path, sizeof path, sdir, LATE_FILE) != 0 || access(path, F_OK) != 0)
        return 0;
    if (unlink(path) != 0)
        return -1;
    return batch_book_report(outdir, id);
}

int late_plan_write(const struct late_plan *plan, const char *outdir,
                    const struct batch_class *c)
{
    char sdir[4096];
    for (size_t i = 0; i < c->n; i++) {
        const struct late_outcome *out = outcome_of(plan, c->s[i].id);
        if (batch_path(sdir, sizeof sdir, outdir, c->s[i].id) != 0)
            return -1;
        if (out ? late_save(sdir, &plan->policy, out) != 0 : drop_stale(outdir, c->s[i].id, sdir) != 0) {
            visible_printf(stderr, "grade-all: cannot write %s/%s\n", sdir, LATE_FILE);
            return -1;
        }
    }
    return 0;
}

void late_plan_free(struct late_plan *plan)
{
    if (!plan)
        return;
    for (size_t i = 0; i < plan->n; i++)
        free(plan->ids[i]);
    free(plan->ids);
    free(plan->out);
    late_policy_free(&plan->policy);
    free(plan);
}
