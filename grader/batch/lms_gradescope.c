/*
** lms_gradescope.c -- Gradescope's "Export Submissions".
**
** The zip holds one folder (assignment_NNN_export/, which lms_detect.c
** enters) with a folder per submission, submission_NNN/, holding the
** files as uploaded, and submission_metadata.yml, a YAML mapping from
** each folder's name (sometimes written as a Ruby symbol, ":submission_NNN")
** to the submission's details:
**     submission_123:
**       :submitters:
**       - :name: Jane Doe
**         :sid: '1001'
**         :email: jane@example.edu
**       :created_at: 2026-03-01 23:58:00.000000000 -08:00
** Checked against: a public test fixture of a tool that reads these
** exports (submission_single / submission_group keys, each with the
** :submitters: list of :name:, :sid:, :email:; an :sid: may be missing)
** and Gradescope's autograder documentation (submission_metadata.json,
** the same details for one submission, "created_at" its time).
**
** :created_at: is kept as the submission's time for the late policy
** (late.h), the form Ruby's YAML writes a time in.
**
** Every submitter is a student, graded on the submission's files: a
** group submission is one row per member, the id "Name_SID" ("Name_EMAIL"
** without an SID).  A folder the metadata does not name, or a named
** submission without its folder, is a row of its own, never dropped.
** YAML is read by lms_yaml.c; only the keys above are used.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lms_internal.h"
#include "../report/visible.h"

#define METADATA "submission_metadata.yml"
#define MAX_METADATA ((size_t)64 << 20)

static const char *field(const struct lms_yaml *map, const char *key)
{
    const struct lms_yaml *y = lms_yaml_get(map, key);
    return y && y->value ? y->value : "";
}

static int add_submitters(struct lms_intake *in, struct lms_sub *s, const struct lms_yaml *list)
{
    for (const struct lms_yaml *who = list ? list->child : NULL; who; who = who->next) {
        const char *name = field(who, "name"), *sid = field(who, "sid");
        const char *email = field(who, "email"), *key = *sid ? sid : email;
        char *id;
        if (!*key) {
            lms_note(in, "%s: a submitter without SID or e-mail (%s) is left out", s->label, name);
            continue;
        }
        if (asprintf(&id, "%s_%s", *name ? name : "unnamed", key) < 0)
            return -1;
        int rc = lms_member_add(s, key, email, id);
        free(id);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* Whether `name` may name a folder of the export: one plain component. */
static int plain_name(const char *name)
{
    return *name && !strchr(name, '/') && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

static int add_submission(struct lms_intake *in, const struct lms_yaml *details)
{
    const char *folder = details->key[0] == ':' ? details->key + 1 : details->key;
    if (!plain_name(folder))
        return lms_odd_entry(in, *folder ? folder : "?",
                             "named by submission_metadata.yml, not a folder name");
    char *path = lms_join(in->root, folder);
    struct stat st;
    struct lms_sub *s = path ? lms_sub_add(in, folder) : NULL;
    int rc = s ? add_submitters(in, s, lms_yaml_get(details, "submitters")) : -1;
    if (rc == 0 && s->nmembers == 0)
        rc = lms_member_add(s, folder, NULL, folder);
    if (rc == 0 && (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode)))
        snprintf(s->status, sizeof s->status, "bad archive: the export has no folder %s", folder);
    else if (rc == 0)
        rc = lms_file_add_tree(in, s, path, "");
    if (rc == 0 && *field(details, "created_at")) {
        lms_note(in, "  %s: submitted %s", folder, field(details, "created_at"));
        if (!(s->submitted = strdup(field(details, "created_at"))))
            rc = -1;
    }
    free(path);
    return rc;
}

/* Whether the metadata names folder `name`. */
static int named(struct lms_intake *in, const char *name)
{
    for (size_t i = 0; i < in->nsubs; i++)
        if (strcmp(in->subs[i].label, name) == 0)
            return 1;
    return 0;
}

static int add_unnamed_folders(struct lms_intake *in)
{
    char **names = lms_names(in->root);
    int rc = names ? 0 : -1;
    for (char **p = names; p && *p && rc == 0; p++)
        if (strcmp(*p, METADATA) != 0 && (*p)[0] != '.' && !lms_is_junk(*p, 1) && !named(in, *p))
            rc = lms_odd_entry(in, *p, "not named in submission_metadata.yml");
    lms_names_free(names);
    return rc;
}

int lms_gradescope_read(struct lms_intake *in)
{
    char *path = lms_join(in->root, METADATA);
    char *text = path ? batch_read(path, MAX_METADATA) : NULL;
    struct lms_yaml *top = text ? lms_yaml_parse(text, path) : NULL;
    int rc = top ? 0 : -1;
    if (path && !text)
        visible_printf(stderr, "grade-all: %s: cannot be read\n", path);
    for (const struct lms_yaml *y = top ? top->child : NULL; y && rc == 0; y = y->next)
        if (!y->key) {
            visible_printf(stderr, "grade-all: %s:%ld: expected a submission's folder name\n",
                           path, y->line);
            rc = -1;
        } else
            rc = add_submission(in, y);
    if (rc == 0)
        rc = add_unnamed_folders(in);
    lms_yaml_free(top);
    free(text);
    free(path);
    return rc;
}
