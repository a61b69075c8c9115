/*
** main.c -- the `grade` command: grade one submission.
**
** usage: grade [options] SUBMISSION_DIR
**        grade --show SESSION        a session as a terminal shows it
**        grade --explain             the rubric's resolved table
**
** Exit status: 0 whenever grading completed, whatever the score; 2 when
** the grader could not grade (bad arguments, unreadable folder or rubric,
** internal failure), with the reason on stderr.  The student's failures
** are verdicts in the report, never an exit status.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../grade/calibrate.h"
#include "../grade/catalog.h"
#include "../grade/grade.h"
#include "../report/report.h"
#include "../rubric.h"
#include "../sandbox/sandbox.h"
#include "show.h"
#include "../report/visible.h"

static const char usage[] =
    "usage: grade [options] SUBMISSION_DIR\n"
    "       grade --show [public/|hidden/]SESSION\n"
    "       grade --explain [--rubric FILE] [--tests public|all]\n"
    "       grade --list-assignments    every assignment the grader knows, one a line:\n"
    "                           id, title, header, program, required symbols, other\n"
    "                           names of the header\n"
    "       grade --calibrate [--rubric FILE] [--tests public|all]\n"
    "                           measure the reference on this machine afresh\n"
    "                           (time limits derive from it: grader/grade/limits.h)\n"
    "options:\n"
    "  -a, --assignment ID  the assignment (--list-assignments names them); may be\n"
    "                       left out when the kit holds one, when grader/kit.conf\n"
    "                       names a default, or when SUBMISSION_DIR is named after one\n"
    "  --tests public|all   which tests to run (default all; public when the kit\n"
    "                       has no hidden tests)\n"
    "  --format F           text, json, gradescope, autolab, junit or html (default text)\n"
    "  -o FILE              write the report to FILE (default stdout)\n"
    "  --test GLOB          grade only the tests whose name matches GLOB\n"
    "  --rubric FILE        the rubric (default KIT/grader/assignments/ID/rubric.txt)\n"
    "  --kit DIR            the kit's root (default: the folder above build/)\n"
    "  -j N                 parallel sandbox workers (default: number of cores)\n"
    "  --timing             print the time of each step on stderr\n"
    "  -v                   progress and the sandbox mode on stderr\n";

struct cli {
    struct grade_options grade;
    const char *format, *output, *rubric, *show, *assignment;
    int explain, timing, tests_given, calibrate;
};

static const struct { const char *name; enum report_format format; } formats[] = {
    {"text", REPORT_TEXT}, {"json", REPORT_JSON}, {"gradescope", REPORT_GRADESCOPE},
    {"autolab", REPORT_AUTOLAB}, {"junit", REPORT_JUNIT}, {"html", REPORT_HTML},
};

static void die(const char *fmt, const char *arg)
{
    visible_printf(stderr, "grade: ");
    visible_printf(stderr, fmt, arg);
    fputc('\n', stderr);
    fputs(usage, stderr);
    exit(2);
}

/* The kit root: GRADER_KIT from the environment, or the folder that holds
** the build/ folder this binary lives in. */
static const char *default_kit(void)
{
    static char path[PATH_MAX];
    const char *env = getenv("GRADER_KIT");
    if (env && *env)
        return env;
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0)
        return ".";
    path[n] = '\0';
    return dirname(dirname(path));
}

/* Does the kit hold the assignment's hidden tests?  A student's copy
** does not. */
static int kit_has_hidden(const char *kit, const struct assignment *a)
{
    char path[PATH_MAX];
    assignment_path(path, sizeof path, kit, a, "sample_io/", "/hidden");
    return access(path, F_OK) == 0;
}

/* A kit's own folder of several assignments' sources -- solution/ or
** starter/ -- means the assignment's subfolder: DIR/<id> when DIR holds
** no .c file of its own and has that subfolder. */
static const char *assignment_folder(const char *dir, const struct assignment *a)
{
    static char sub[PATH_MAX];
    char path[PATH_MAX];
    struct stat st;
    DIR *d = opendir(dir);
    struct dirent *e;
    int sources = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        sources += len > 2 && strcmp(e->d_name + len - 2, ".c") == 0;
    }
    if (d)
        closedir(d);
    snprintf(path, sizeof path, "%s/%s", dir, a->id);
    if (sources || stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return dir;
    snprintf(sub, sizeof sub, "%s", path);
    return sub;
}

/* Prints a NULL-terminated list comma-separated (nothing for NULL). */
static void put_list(const char *const *list)
{
    for (const char *const *s = list; s && *s; s++)
        visible_printf(stdout, "%s%s", s == list ? "" : ",", *s);
}

/* --list-assignments: tab-separated fields, lists comma-separated. */
static void list_assignments(void)
{
    for (const struct assignment *const *a = assignment_registry; *a; a++) {
        visible_printf(stdout, "%s\t%s\t%s\t%s\t", (*a)->id, (*a)->title, (*a)->header, (*a)->program);
        put_list((*a)->required);
        putchar('\t');
        put_list((*a)->header_aliases);
        putchar('\n');
    }
}

static void parse(int argc, char **argv, struct cli *c)
{
    static const struct option longs[] = {
        {"tests", required_argument, 0, 't'}, {"format", required_argument, 0, 'f'},
        {"test", required_argument, 0, 'T'}, {"rubric", required_argument, 0, 'r'},
        {"kit", required_argument, 0, 'k'}, {"show", required_argument, 0, 's'},
        {"explain", no_argument, 0, 'e'}, {"timing", no_argument, 0, 'm'},
        {"calibrate", no_argument, 0, 'c'}, {"assignment", required_argument, 0, 'a'},
        {"list-assignments", no_argument, 0, 'L'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0},
    };
    int opt;
    c->grade.include_hidden = 1;
    c->grade.workers = (int)sysconf(_SC_NPROCESSORS_ONLN);
    c->format = "text";
    while ((opt = getopt_long(argc, argv, "a:o:j:vh", longs, NULL)) != -1) {
        switch (opt) {
        case 't':
            if (strcmp(optarg, "public") && strcmp(optarg, "all"))
                die("--tests takes public or all, not '%s'", optarg);
            c->grade.include_hidden = strcmp(optarg, "all") == 0;
            c->tests_given = 1;
            break;
        case 'a': c->assignment = optarg; break;
        case 'L': list_assignments(); exit(0);
        case 'f': c->format = optarg; break;
        case 'T': c->grade.only = optarg; break;
        case 'r': c->rubric = optarg; break;
        case 'k': c->grade.kit = optarg; break;
        case 's': c->show = optarg; break;
        case 'e': c->explain = 1; break;
        case 'c': c->calibrate = 1; break;
        case 'm': c->timing = 1; break;
        case 'o': c->output = optarg; break;
        case 'v': c->grade.verbose = 1; break;
        case 'j':
            c->grade.workers = atoi(optarg);
            if (c->grade.workers < 1 || c->grade.workers > 64)
                die("-j takes 1 to 64, not '%s'", optarg);
            break;
        case 'h': fputs(usage, stdout); exit(0);
        default: die("%s", "bad option");
        }
    }
    if (!c->grade.kit)
        c->grade.kit = default_kit();
    if (!c->show && !c->explain && !c->calibrate) {
        if (optind != argc - 1)
            die("%s", "expected exactly one SUBMISSION_DIR");
        c->grade.submission = argv[optind];
    }
    const struct assignment *a = assignment_choose(c->grade.kit, c->assignment, c->grade.submission);
    if (!a)
        exit(2);
    c->grade.assignment = a;
    if (c->grade.submission)
        c->grade.submission = assignment_folder(c->grade.submission, a);
    if (!c->tests_given && !kit_has_hidden(c->grade.kit, a))
        c->grade.include_hidden = 0;   /* a student's copy of the kit */
}

static enum report_format pick_format(const char *name)
{
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        if (strcmp(formats[i].name, name) == 0)
            return formats[i].format;
    die("unknown format '%s'", name);
    return REPORT_TEXT;
}

static int explain(const struct cli *c, const struct rubric *rb)
{
    struct catalog cat;
    if (catalog_load(c->grade.kit, c->grade.assignment, c->grade.include_hidden, &cat) != 0)
        return 2;
    const char **names = calloc(cat.ntests + 1, sizeof *names);
    for (size_t i = 0; names && i < cat.ntests; i++)
        names[i] = cat.tests[i].name;
    int rc = names && rubric_explain(rb, names, cat.ntests, stdout) >= 0 ? 0 : 2;
    free(names);
    catalog_free(&cat);
    return rc;
}

static int write_report(const struct cli *c, const struct grade_report *r)
{
    enum report_format f = pick_format(c->format);
    FILE *out = c->output ? fopen(c->output, "w") : stdout;
    if (!out) {
        visible_printf(stderr, "%s: %s\n", c->output, strerror(errno));
        return 2;
    }
    int color = !c->output && f == REPORT_TEXT && isatty(STDOUT_FILENO);
    int rc = report_write(r, f, out, color);
    if ((c->output ? fclose(out) : fflush(out)) != 0 || rc != 0) {
        visible_printf(stderr, "grade: cannot write the report\n");
        return 2;
    }
    return 0;
}

static void print_calibration(const struct limits_calibration *cal)
{
    visible_printf(stdout, "measured %s at %s (fingerprint %s)\n", cal->source, cal->measured_at, cal->fingerprint);
    for (int k = 0; k < LIMITS_KINDS; k++)
        visible_printf(stdout, "  %-9s costliest run %.3f s CPU, %.3f s wall\n", limits_kind_name(k), cal->cpu[k],
               cal->wall[k]);
    visible_printf(stdout, "  plain and ASan runs together: %.3f s CPU, %.3f s wall\n", cal->budget_cpu,
           cal->budget_wall);
}

int main(int argc, char **argv)
{
    struct cli c = {0};
    struct rubric rb = {0};
    char path[PATH_MAX];

    visible_stderr();   /* messages name the submission's files */
    parse(argc, argv, &c);
    if (c.show)
        return show_session(c.grade.kit, c.grade.assignment, c.show, stdout) == 0 ? 0 : 2;
    pick_format(c.format);
    assignment_path(path, sizeof path, c.grade.kit, c.grade.assignment, "grader/assignments/",
                    "/rubric.txt");
    if (rubric_load(c.rubric ? c.rubric : path, &rb) != 0) {
        visible_printf(stderr, "grade: %s\n", rb.error);
        return 2;
    }
    if (c.explain) {
        int rc = explain(&c, &rb);
        rubric_free(&rb);
        return rc;
    }
    if (sandbox_init() != 0)
        return 2;
    if (c.grade.verbose)
        visible_printf(stderr, "grade: sandbox: %s\n", sandbox_mode());

    struct limits_calibration cal = {0};
    if (c.calibrate) {
        int rc = calibrate_measure(c.grade.kit, c.grade.assignment, &rb, c.grade.workers, c.grade.include_hidden, &cal);
        rubric_free(&rb);
        if (rc == 0)
            print_calibration(&cal);
        return rc == 0 ? 0 : 2;
    }
    /* Without a measurement the rubric's floors apply (limits.h). */
    if (rb.options.time_factor > 0)
        calibrate_get(c.grade.kit, c.grade.assignment, &rb, c.grade.workers, c.grade.include_hidden, &cal);
    c.grade.calibration = &cal;

    struct grade_report r;
    struct grade_timing t;
    int rc = grade_submission(&c.grade, &rb, &r, &t) == 0 ? write_report(&c, &r) : 2;
    if (rc == 0 && c.timing)
        visible_printf(stderr, "timing: collect %.3f s, build %.3f s, run %.3f s, score %.3f s, total %.3f s\n",
                t.collect, t.build, t.run, t.score, t.total);
    result_free(&r);
    rubric_free(&rb);
    return rc;
}
