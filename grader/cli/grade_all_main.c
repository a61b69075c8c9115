/*
** grade_all_main.c -- the `grade-all` command: grade a whole class, or
** merge the outputs of several runs.  This file only reads the command
** line and turns every path into an absolute one (workers and graders
** run elsewhere); batch.h is the manual of what happens next.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../batch/batch.h"
#include "../batch/lms.h"
#include "../report/visible.h"

static const char usage[] =
    "usage: grade-all SUBMISSIONS -o OUTDIR [options]\n"
    "       grade-all --merge OUTDIR1 OUTDIR2 ... -o OUTDIR\n"
    "options:\n"
    "  -a, --assignment ID  the assignment (as for grade; grader/kit.conf names the\n"
    "                       default where the kit holds several)\n"
    "  -j N                 students graded at once (default: number of cores)\n"
    "  --tests public|all   which tests to run (default all)\n"
    "  --force              regrade everyone, even the unchanged\n"
    "  --shard I/N          grade only shard I of N (by a hash of the student id)\n"
    "  --timeout SECONDS    per student, then \"grader timeout\" (default 900)\n"
    "  --rubric FILE        the rubric (default KIT/grader/assignments/ID/rubric.txt)\n"
    "  --kit DIR            the kit's root (default: the folder above build/)\n"
    "  --grader FILE        the grade command (default: grade beside grade-all)\n"
    "  --similarity         then compare the class's code: OUTDIR/similarity.html\n"
    "  --lms FORMAT         what SUBMISSIONS is: auto (default), canvas, moodle,\n"
    "                       gradescope or folders (one entry per student)\n"
    "  --roster CSV         the LMS's class list: every enrolled student gets a row;\n"
    "                       Moodle's grading worksheet comes back filled\n"
    "                       (OUTDIR/moodle-worksheet.csv)\n"
    "  --list               take the submissions in, print the class, grade nobody\n"
    "  --canvas-column TITLE  with --roster Canvas's gradebook: write it back with\n"
    "                       this assignment's column filled (OUTDIR/canvas-gradebook.csv)\n"
    "  --late FILE          the late policy: due date, grace, penalty, cap, last day,\n"
    "                       extensions (default: late.txt beside the rubric, if any;\n"
    "                       none: no policy); grades.csv then adds raw,late_days,penalty\n"
    "  --times CSV          submission times, rows ID,TIME (ISO 8601 with offset), for\n"
    "                       the late policy where the LMS gives none\n"
    "Exit status: 0 every student has a verdict, 1 some have none (see\n"
    "grades.csv), 2 grade-all could not work.  See grader/README.md.\n";

struct cli {
    struct batch_options o;
    int merge, similarity;
    const char *kit, *grader, *rubric, *assignment, *roster, *late, *times;
};

static void die(const char *fmt, const char *arg)
{
    visible_printf(stderr, "grade-all: ");
    visible_printf(stderr, fmt, arg);
    fputc('\n', stderr);
    fputs(usage, stderr);
    exit(2);
}

/* An absolute copy of an existing path; dies when there is none. */
static const char *absolute(const char *path)
{
    char *abs = realpath(path, NULL);
    if (!abs) {
        visible_printf(stderr, "grade-all: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    return abs;
}

/* The folder holding this executable. */
static const char *own_dir(void)
{
    static char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0)
        die("%s", "cannot find my own executable");
    path[n] = '\0';
    return dirname(path);
}

static void parse_shard(const char *arg, struct batch_options *o)
{
    char extra;
    if (sscanf(arg, "%u/%u%c", &o->shard, &o->shards, &extra) != 2
        || o->shards < 1 || o->shards > 1000 || o->shard < 1 || o->shard > o->shards)
        die("--shard takes I/N with 1 <= I <= N <= 1000, not '%s'", arg);
}

static void parse_number_options(int opt, const char *arg, struct batch_options *o)
{
    char *end;
    if (opt == 'j') {
        long j = strtol(arg, &end, 10);
        if (*end || j < 1 || j > BATCH_MAX_WORKERS)
            die("-j takes 1 to 32, not '%s'", arg);
        o->workers = (int)j;
    } else {
        o->timeout = strtod(arg, &end);
        if (*end || !(o->timeout > 0))
            die("--timeout takes a number of seconds, not '%s'", arg);
    }
}

static void parse_lms(const char *arg, struct batch_options *o)
{
    enum lms_format f;
    if (lms_format_named(arg, &f) != 0)
        die("--lms takes auto, canvas, moodle, gradescope or folders, not '%s'", arg);
    o->lms_format = (int)f;
}

static void parse(int argc, char **argv, struct cli *c)
{
    static const struct option longs[] = {
        {"tests", required_argument, 0, 't'}, {"force", no_argument, 0, 'f'},
        {"shard", required_argument, 0, 's'}, {"timeout", required_argument, 0, 'T'},
        {"rubric", required_argument, 0, 'r'}, {"kit", required_argument, 0, 'k'},
        {"grader", required_argument, 0, 'g'}, {"merge", no_argument, 0, 'm'},
        {"assignment", required_argument, 0, 'a'}, {"similarity", no_argument, 0, 'S'},
        {"lms", required_argument, 0, 'L'}, {"roster", required_argument, 0, 'R'},
        {"list", no_argument, 0, 'l'}, {"canvas-column", required_argument, 0, 'C'},
        {"late", required_argument, 0, 'D'}, {"times", required_argument, 0, 'W'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0},
    };
    int opt;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    c->o.workers = cores < 1 ? 1 : cores > BATCH_MAX_WORKERS ? BATCH_MAX_WORKERS : (int)cores;
    c->o.include_hidden = 1;
    c->o.shard = c->o.shards = 1;
    c->o.timeout = BATCH_DEFAULT_TIMEOUT;
    while ((opt = getopt_long(argc, argv, "a:o:j:h", longs, NULL)) != -1) {
        switch (opt) {
        case 't':
            if (strcmp(optarg, "public") && strcmp(optarg, "all"))
                die("--tests takes public or all, not '%s'", optarg);
            c->o.include_hidden = strcmp(optarg, "all") == 0;
            break;
        case 'f': c->o.force = 1; break;
        case 's': parse_shard(optarg, &c->o); break;
        case 'j': case 'T': parse_number_options(opt, optarg, &c->o); break;
        case 'a': c->assignment = optarg; break;
        case 'r': c->rubric = optarg; break;
        case 'k': c->kit = optarg; break;
        case 'g': c->grader = optarg; break;
        case 'm': c->merge = 1; break;
        case 'S': c->similarity = 1; break;
        case 'L': parse_lms(optarg, &c->o); break;
        case 'R': c->roster = optarg; break;
        case 'l': c->o.list_only = 1; break;
        case 'C': c->o.canvas_column = optarg; break;
        case 'D': c->late = optarg; break;
        case 'W': c->times = optarg; break;
        case 'o': c->o.outdir = optarg; break;
        case 'h': fputs(usage, stdout); exit(0);
        default: die("%s", "bad option");
        }
    }
    if (!c->o.outdir)
        die("%s", "-o OUTDIR is required");
    if (c->merge ? optind >= argc : optind != argc - 1)
        die("%s", c->merge ? "--merge needs at least one OUTDIR to read"
                           : "expected exactly one SUBMISSIONS (folder or LMS zip)");
}

/* OUTDIR may not exist yet: make it (one level), then resolve it. */
static const char *make_outdir(const char *path)
{
    struct stat st;
    if (mkdir(path, 0755) != 0 && (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)))
        die("cannot make the output folder '%s'", path);
    return absolute(path);
}

static void resolve(struct cli *c, const char *submissions)
{
    const char *kit = c->kit ? c->kit : getenv("GRADER_KIT");
    char grader[PATH_MAX + 8], above[PATH_MAX + 8];
    const char *dir = own_dir();
    snprintf(grader, sizeof grader, "%s/grade", dir);
    snprintf(above, sizeof above, "%s/..", dir);
    c->o.submissions = absolute(submissions);
    c->o.kit = absolute(kit && *kit ? kit : above);
    c->o.grader = absolute(c->grader ? c->grader : grader);
    c->o.rubric = c->rubric ? absolute(c->rubric) : NULL;
    c->o.roster = c->roster ? absolute(c->roster) : NULL;
    c->o.late = !c->late || strcmp(c->late, "none") == 0 ? c->late : absolute(c->late);
    c->o.times = c->times ? absolute(c->times) : NULL;
    if (!(c->o.assignment = assignment_choose(c->o.kit, c->assignment, NULL)))
        exit(2);
    if (access(c->o.grader, X_OK) != 0)
        die("cannot run the grader '%s' (run make?)", c->o.grader);
    c->o.outdir = make_outdir(c->o.outdir);
    size_t len = strlen(c->o.submissions);
    if (strncmp(c->o.outdir, c->o.submissions, len) == 0
        && (c->o.outdir[len] == '/' || c->o.outdir[len] == '\0')) {
        rmdir(c->o.outdir);   /* only if we just made it empty */
        die("%s", "OUTDIR must not be SUBMISSIONS_DIR or inside it");
    }
    c->o.tty = isatty(STDERR_FILENO);
}

static int merge(struct cli *c, int n, char **inputs)
{
    const char **dirs = calloc((size_t)n + 1, sizeof *dirs);
    if (!dirs)
        die("%s", "out of memory");
    for (int i = 0; i < n; i++)
        dirs[i] = absolute(inputs[i]);
    return batch_merge(dirs, (size_t)n, make_outdir(c->o.outdir));
}

/* --similarity: `similarity` beside grade-all on the class just graded
** (grader/similarity/similarity.h): on SUBMISSIONS when it is a plain
** folder of students, or else on the folder of links to each student's
** entry the intake made (OUTDIR/.intake/ids, batch/lms.h), so that an
** LMS's download or a zipped class is compared student by student under
** the ids of the gradebook.  Its failure is said on stderr and leaves the
** gradebook and the exit status as they are. */
static void similarity(const struct cli *c)
{
    char prog[PATH_MAX + 16], ids[PATH_MAX + 16];
    struct stat st_ids;
    int st;
    snprintf(prog, sizeof prog, "%s/similarity", own_dir());
    snprintf(ids, sizeof ids, "%s/.intake/ids", c->o.outdir);
    const char *class = lstat(ids, &st_ids) == 0 && S_ISDIR(st_ids.st_mode) ? ids : c->o.submissions;
    pid_t pid = fork();
    if (pid == 0) {
        execl(prog, prog, "-a", c->o.assignment->id, "--kit", c->o.kit, class,
              "-o", c->o.outdir, (char *)NULL);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
        fputs("grade-all: the similarity check failed; the grades stand\n", stderr);
}

int main(int argc, char **argv)
{
    struct cli c = {0};
    parse(argc, argv, &c);
    if (c.merge)
        return merge(&c, argc - optind, argv + optind);
    resolve(&c, argv[optind]);
    int rc = batch_grade(&c.o);
    if (c.similarity && rc != 2 && !c.o.list_only)
        similarity(&c);
    return rc;
}
