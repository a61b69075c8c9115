/*
** lms_roster.c -- the class list, from the LMS's own export, matched
** with the submissions (lms.h, ROSTER).
**
** The header row says which export it is (names compared without case
** or surrounding blanks; other columns are ignored):
**   Canvas gradebook     "Student", "ID" (with "SIS User ID")  key: ID,
**                        the USERID of the download's file names; the
**                        "Points Possible" row is not a student
**   Moodle worksheet     "Identifier" ("Participant NNN"), "Full name"
**                        key: NNN, the download's PARTICIPANTID
**   Moodle participants  "First name", "Last name" (or "Surname")  key:
**                        "First Last",
**                        the download's Full Name (two enrolled students
**                        of one name cannot be told apart: an error, use
**                        the worksheet)
**   Gradescope roster    "SID" or "Email", with "First Name"/"Last Name"
**                        or "Name"  keys: SID and Email, the metadata's
**   any other            "student"  key: grade-all's id itself
** Checked against: for Canvas, a public write-up of its gradebook export
** (nemogb's "Detailed Canvas Export Info": Student as "Last, First", ID
** the Canvas id, SIS User ID, SIS Login ID, Section, then "Title (NNN)"
** per assignment) and Canvas's own guide (read-only columns ignored on
** import); for Moodle's participants list, a public tool's sample of
** "Download table data as CSV" ("First name", Surname, "Email address",
** Groups: the last-name column is "Surname" there, "Last name" in other
** language packs, both read).  The Moodle worksheet's "Identifier"/"Full
** name" and Gradescope's roster columns (First Name, Last Name, SID,
** Email) follow their sites' documentation as we know it; no public
** sample file was found to check them against, hence the loose matching
** (any column order, case ignored, "Name" as well).
**
** Errors stop grade-all before anything is graded, naming file and line:
** a header without the columns, a row without its key, two rows with one
** key.  Every enrolled student then has a row; a submission matching no
** row is graded and noted ("matches nobody in the roster").
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lms_internal.h"
#include "../report/visible.h"

enum roster_kind { CANVAS, MOODLE_SHEET, MOODLE_PEOPLE, GRADESCOPE, PLAIN };

struct enrolled {
    char *key, *key2;    /* what a submission is matched on (key2: e-mail) */
    char *id;            /* the id of the "missing" row                  */
    long line;
    int matched;
};

struct roster {
    const char *path;
    size_t columns;      /* cells of the header                          */
    enum roster_kind kind;
    long col[6];         /* per kind, see columns()                      */
    struct enrolled *e;
    size_t n;
};

static long find(char **cells, size_t n, const char *name)
{
    return lms_csv_column(cells, n, name);
}

/* Reads the header: the kind and the columns it needs; -1 if unknown. */
static int columns(struct roster *r, char **h, size_t n)
{
    long *c = r->col;
    if ((c[0] = find(h, n, "Student")) >= 0 && (c[1] = find(h, n, "ID")) >= 0)
        r->kind = CANVAS;
    else if ((c[0] = find(h, n, "Full name")) >= 0 && (c[1] = find(h, n, "Identifier")) >= 0)
        r->kind = MOODLE_SHEET;
    else if ((c[0] = find(h, n, "First name")) >= 0
             && ((c[1] = find(h, n, "Last name")) >= 0 || (c[1] = find(h, n, "Surname")) >= 0)
             && (c[2] = find(h, n, "SID")) < 0 && find(h, n, "Email") < 0)
        r->kind = MOODLE_PEOPLE;
    else if ((c[2] = find(h, n, "SID")) >= 0 || find(h, n, "Email") >= 0) {
        r->kind = GRADESCOPE;
        c[0] = find(h, n, "First Name");
        c[1] = find(h, n, "Last Name");
        c[3] = find(h, n, "Email");
        c[4] = find(h, n, "Name");
    } else if ((c[0] = find(h, n, "student")) >= 0)
        r->kind = PLAIN;
    else
        return -1;
    return 0;
}

static const char *at(char **cells, size_t n, long col)
{
    return col >= 0 && (size_t)col < n ? cells[col] : "";
}

/* Canvas's NAME: the sortable name lowercased, letters and digits only. */
static char *canvas_name(const char *sortable, const char *key)
{
    char *id;
    if (asprintf(&id, "%s_%s", sortable, key) < 0)
        return NULL;
    char *out = id;
    for (char *p = id; *p; p++)
        if (*p == '_' && strcmp(p + 1, key) == 0) {
            memmove(out, p, strlen(p) + 1);     /* out may lag p: they overlap */
            return id;
        } else if (isalnum((unsigned char)*p) || (unsigned char)*p >= 0x80)
            *out++ = (char)tolower((unsigned char)*p);
    return id;
}

/* Fills `e` from a row; 0, 1 for a row that is no student, -1 (message). */
static int student(struct roster *r, char **c, size_t n, struct enrolled *e, long line)
{
    const char *key = "", *name = "", *key2 = NULL;
    char full[512];
    long *col = r->col;
    switch (r->kind) {
    case CANVAS:
        name = at(c, n, col[0]);
        key = at(c, n, col[1]);
        if (strstr(name, "Points Possible") || (!*name && !*key))
            return 1;
        break;
    case MOODLE_SHEET:
        name = at(c, n, col[0]);
        key = at(c, n, col[1]) + strcspn(at(c, n, col[1]), "0123456789");
        break;
    case MOODLE_PEOPLE:
        snprintf(full, sizeof full, "%s %s", at(c, n, col[0]), at(c, n, col[1]));
        key = name = strcmp(full, " ") ? full : "";
        break;
    case GRADESCOPE:
        snprintf(full, sizeof full, "%s%s%s", col[4] >= 0 ? at(c, n, col[4]) : at(c, n, col[0]),
                 col[4] >= 0 ? "" : " ", col[4] >= 0 ? "" : at(c, n, col[1]));
        name = full;
        key = at(c, n, col[2]);
        key2 = at(c, n, col[3]);
        if (!*key)
            key = key2, key2 = NULL;
        break;
    case PLAIN:
        key = name = at(c, n, col[0]);
        break;
    }
    if (!*key) {
        visible_printf(stderr, "grade-all: %s:%ld: this student has no %s\n", r->path, line,
                       r->kind == GRADESCOPE ? "SID or Email" : r->kind == MOODLE_PEOPLE ? "name" : "id");
        return -1;
    }
    e->key = strdup(key);
    e->key2 = key2 && *key2 ? strdup(key2) : NULL;
    e->line = line;
    if (r->kind == CANVAS)
        e->id = canvas_name(name, key);
    else if (r->kind == PLAIN || r->kind == MOODLE_PEOPLE)
        e->id = strdup(name);
    else if (asprintf(&e->id, "%s_%s", name, key) < 0)
        e->id = NULL;
    return e->key && e->id ? 0 : -1;
}

/* Refuses a key seen on an earlier line. */
static int unique(const struct roster *r, const struct enrolled *e)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->e[i].key, e->key) == 0
            || (e->key2 && r->e[i].key2 && strcmp(r->e[i].key2, e->key2) == 0)) {
            visible_printf(stderr, "grade-all: %s:%ld: %s is enrolled twice (first on line %ld)\n",
                           r->path, e->line, strcmp(r->e[i].key, e->key) == 0 ? e->key : e->key2,
                           r->e[i].line);
            return -1;
        }
    return 0;
}

static void roster_free(struct roster *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->e[i].key);
        free(r->e[i].key2);
        free(r->e[i].id);
    }
    free(r->e);
}

/* Reads every row; 0, or -1 (message naming file and line). */
static int read_rows(struct roster *r, struct lms_csv *csv)
{
    char **cells;
    size_t n, cap = 0;
    int got;
    while ((got = lms_csv_row(csv, &cells, &n)) == 1) {
        struct enrolled e = { 0 };
        int rc = n == 1 && !cells[0][0] ? 1 : student(r, cells, n, &e, csv->line);
        if (rc == 0 && n > r->columns) {
            visible_printf(stderr, "grade-all: %s:%ld: %zu cells, the header has %zu "
                           "(a separator inside a cell without quotes?)\n",
                           r->path, csv->line, n, r->columns);
            rc = -1;
        }
        lms_csv_free_row(cells, n);
        if (rc == 0 && (rc = unique(r, &e)) == 0 && r->n == cap) {
            struct enrolled *v = realloc(r->e, (cap = cap ? cap * 2 : 64) * sizeof *v);
            rc = v ? 0 : -1;
            if (v)
                r->e = v;
        }
        if (rc == 0)
            r->e[r->n++] = e;
        else {
            free(e.key);
            free(e.key2);
            free(e.id);
        }
        if (rc < 0)
            return -1;
    }
    return got;
}

static int read_roster(struct roster *r)
{
    struct lms_csv csv;
    char **head;
    size_t n;
    if (lms_csv_open(&csv, r->path) != 0)
        return -1;
    int got = lms_csv_row(&csv, &head, &n);
    int rc = got == 1 ? columns(r, head, n) : -1;
    if (rc != 0)
        visible_printf(stderr, "grade-all: %s:1: not a roster grade-all knows: its header needs "
                       "Canvas's Student and ID, Moodle's Identifier and Full name (or First "
                       "name and Last name), Gradescope's SID or Email, or a column student\n",
                       r->path);
    if (rc == 0)
        r->columns = n;
    if (got == 1)
        lms_csv_free_row(head, n);          /* a header refused too */
    if (rc == 0)
        rc = read_rows(r, &csv);
    lms_csv_close(&csv);
    return rc;
}

/* The roster row submission `id` (named `who` by the LMS) belongs to. */
static struct enrolled *match(struct roster *r, const char *id, const struct lms_member *who)
{
    for (size_t i = 0; i < r->n; i++) {
        struct enrolled *e = &r->e[i];
        const char *key = who ? who->key : id;
        if (r->kind == MOODLE_PEOPLE && who) {
            size_t name = strlen(who->id) - strlen(who->key) - 1;
            if (strlen(who->id) > strlen(who->key) && strlen(e->key) == name
                && strncmp(e->key, who->id, name) == 0)
                return e;
        } else if (strcmp(e->key, key) == 0 || (e->key2 && who && who->email
                                                 && strcasecmp(e->key2, who->email) == 0)
                   || (e->key2 && strcasecmp(e->key2, key) == 0))
            return e;
    }
    return NULL;
}

/* Adds the "missing" row of `e` to `c`; -1 when out of memory. */
static int add_missing(struct roster *r, struct enrolled *e, struct batch_class *c)
{
    struct batch_student *s = realloc(c->s, (c->n + 1) * sizeof *s);
    if (!s)
        return -1;
    c->s = s;
    s = &s[c->n];
    memset(s, 0, sizeof *s);
    s->id = lms_visible_id(e->id);
    s->path = strdup(r->path);
    s->entry = ENTRY_NONE;
    snprintf(s->status, sizeof s->status, "missing");
    if (!s->id || !s->path) {
        free(s->id);
        free(s->path);
        return -1;
    }
    c->n++;
    return 0;
}

int lms_roster_apply(struct lms_intake *in, const char *path, struct batch_class *c,
                     const struct lms_member *const *who)
{
    struct roster r = { .path = path };
    int rc = read_roster(&r);
    size_t class_size = c->n, missing = 0;
    for (size_t i = 0; rc == 0 && i < class_size; i++) {
        struct enrolled *e = match(&r, c->s[i].id, who ? who[i] : NULL);
        if (e)
            e->matched = 1;
        else {
            lms_note(in, "%s: matches nobody in the roster: kept as a row of its own; check the roster", c->s[i].id);
            visible_printf(stderr, "grade-all: %s: matches nobody in %s\n", c->s[i].id, path);
        }
    }
    for (size_t i = 0; rc == 0 && i < r.n; i++)
        if (!r.e[i].matched) {
            rc = add_missing(&r, &r.e[i], c);
            missing++;
            lms_note(in, "%s: enrolled (%s:%ld), nothing handed in: missing", r.e[i].id, path,
                     r.e[i].line);
        }
    if (rc == 0)
        lms_note(in, "roster %s: %zu enrolled, %zu without a submission", path, r.n, missing);
    roster_free(&r);
    return rc;
}
