/*
** fuzz_lms_names.c -- fuzz target for the file-name parsers of the LMS
** intake: Canvas's NAME_[LATE_]USERID_SUBMISSIONID_ORIGINAL
** (grader/batch/lms_canvas.c: parse(), restored(), lms_canvas_name())
** and Moodle's "Full Name_PARTICIPANTID_assignsubmission_TYPE_REST"
** (grader/batch/lms_moodle.c: parse(), lms_moodle_name()).  A student
** chooses the ORIGINAL and REST parts: they are the names of the files
** handed in.  The parsers are static, so the target includes both files
** (their functions of one name renamed); what they call of the rest of
** the intake is never reached from the parsers and aborts here.
**
** Input: one entry name of the download (up to a NUL; a name holding a
** '/' is no directory entry and is skipped).  Checks, of a name accepted:
**   - Canvas: the student is NAME_USERID with NAME the name's start and
**     USERID digits; the name is NAME_[late_]USERID_DIGITS_ORIGINAL with
**     ORIGINAL not empty; ORIGINAL with its "-N" removed, the file's name
**     in the submission, is neither empty, "." nor ".." (lms_internal.h:
**     a file's name has no ".."), and N is not negative;
**   - Moodle: the student is the name up to "_assignsubmission_", ending
**     "_PARTICIPANTID" of digits; the type is not empty and "file" says
**     is_file; a loose file's name (REST) is not "." or "..";
**   - lms_canvas_name() and lms_moodle_name() agree with the parsers.
*/
#define _GNU_SOURCE
#define FUZZ_NAME "fuzz_lms_names"
#include "fuzz_parser.h"

#include <ctype.h>

#define parse canvas_parse
#define visit canvas_visit
#include "../../grader/batch/lms_canvas.c"
#undef parse
#undef visit
#define parse moodle_parse
#define visit moodle_visit
#include "../../grader/batch/lms_moodle.c"
#undef parse
#undef visit

/* The intake's functions the two files call outside their parsers. */
static void unreachable(const char *what)
{
    fuzz_fail("the parsers called the intake", what);
}
int lms_each_entry(struct lms_intake *in,
                   int (*v)(struct lms_intake *, const char *, const char *, const struct stat *))
{
    (void)in, (void)v;
    unreachable("lms_each_entry");
    return -1;
}
int lms_file_add(struct lms_sub *s, const char *src, const char *name, long version)
{
    (void)s, (void)src, (void)name, (void)version;
    unreachable("lms_file_add");
    return -1;
}
int lms_file_add_tree(struct lms_intake *in, struct lms_sub *s, const char *dir, const char *prefix)
{
    (void)in, (void)s, (void)dir, (void)prefix;
    unreachable("lms_file_add_tree");
    return -1;
}
char *lms_join(const char *dir, const char *name)
{
    (void)dir, (void)name;
    unreachable("lms_join");
    return NULL;
}
void lms_note(struct lms_intake *in, const char *fmt, ...)
{
    (void)in, (void)fmt;
    unreachable("lms_note");
}
int lms_odd_entry(struct lms_intake *in, const char *name, const char *why)
{
    (void)in, (void)name, (void)why;
    unreachable("lms_odd_entry");
    return -1;
}
struct lms_sub *lms_student(struct lms_intake *in, const char *id, const char *key)
{
    (void)in, (void)id, (void)key;
    unreachable("lms_student");
    return NULL;
}

static int all_digits(const char *s, size_t n) FUZZ_NO_COVERAGE;
static int all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return 0;
    return n > 0;
}

static int dot_or_dotdot(const char *s) FUZZ_NO_COVERAGE;
static int dot_or_dotdot(const char *s)
{
    return strcmp(s, ".") == 0 || strcmp(s, "..") == 0;
}

static void check_canvas(const char *name) FUZZ_NO_COVERAGE;
static void check_canvas(const char *name)
{
    struct canvas_name c;
    int yes = canvas_parse(name, &c);

    if (yes != lms_canvas_name(name))
        fuzz_fail("lms_canvas_name disagrees with the parser", name);
    if (yes && c.student && c.user) {
        size_t u = strlen(c.user), s = strlen(c.student), k = s - u - 1;
        if (!all_digits(c.user, u) || s < u + 2 || strncmp(c.student, name, k) != 0 || c.student[k] != '_' ||
            strcmp(c.student + k + 1, c.user) != 0)
            fuzz_fail("Canvas: the student is not NAME_USERID of the name", name);
        const char *p = name + k + 1;
        p += c.late ? 5 : 0;
        size_t sub = strspn(p + u + 1, "0123456789");
        if (strncmp(p, c.user, u) != 0 || p[u] != '_' || sub == 0 || p[u + 1 + sub] != '_' ||
            p + u + 2 + sub != c.original || !c.original[0])
            fuzz_fail("Canvas: the name is not NAME_[late_]USERID_DIGITS_ORIGINAL", name);
        long version = -1;
        char *file = restored(c.original, &version);
        if (!file || !file[0] || dot_or_dotdot(file) || version < 0)
            fuzz_fail("Canvas: a file name in the submission that is empty, . or ..", name);
        free(file);
    }
    free(c.student);
    free(c.user);
}

static void check_moodle(const char *name) FUZZ_NO_COVERAGE;
static void check_moodle(const char *name)
{
    struct moodle_name m;
    int yes = moodle_parse(name, &m);

    if ((yes == 1) != lms_moodle_name(name))
        fuzz_fail("lms_moodle_name disagrees with the parser", name);
    if (yes == 1) {
        size_t s = strlen(m.student), d = strlen(m.participant);
        size_t t = strcspn(m.type, "_");
        if (strncmp(name, m.student, s) != 0 || strncmp(name + s, PLUGIN, strlen(PLUGIN)) != 0 ||
            s < d + 2 || m.student[s - d - 1] != '_' || strcmp(m.student + s - d, m.participant) != 0 ||
            !all_digits(m.participant, d))
            fuzz_fail("Moodle: the student is not the name's Full Name_PARTICIPANTID", name);
        if (m.type != name + s + strlen(PLUGIN) || t == 0 || m.is_file != (t == 4 && !strncmp(m.type, "file", 4)))
            fuzz_fail("Moodle: the type is not the name's", name);
        if (m.is_file && dot_or_dotdot(m.rest))
            fuzz_fail("Moodle: a loose file named . or ..", name);
    }
    free(m.student);
    free(m.participant);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *name = fuzz_cstring(data, size);

    if (!strchr(name, '/')) {
        check_canvas(name);
        check_moodle(name);
    }
    free(name);
    return 0;
}
