/*
** grade.c -- grade one submission: collect, build, plan, run, score.
**
** Theory of operation.  The catalog (catalog.h) lists every test the kit
** has; the rubric says which count.  Each graded test that needs a run is
** given a job: one sandboxed run of the student's program on a session
** (plain, under ASan, under Valgrind), or of a unit-test binary -- one job
** per binary, shared by all its tests.  jobs_run() runs them on several
** cores, each run in a fresh scratch folder, and score.c turns each job's
** result into points.  Expected outputs never enter a sandbox: the grader
** reads them itself, after the run.
*/
#define _GNU_SOURCE
#include "grade.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build.h"
#include "catalog.h"
#include "jobs.h"
#include "score.h"
#include "submission.h"

/* Valgrind runs a program several times slower than natively: it gets
** three times the CPU time but only twice the wall time, so a program that
** sleeps or waits costs little more under it. */
#define VALGRIND_CPU_FACTOR 3.0
#define VALGRIND_WALL_FACTOR 2.0

/* Give-up groups (jobs.h), fastest kind of run first: a program that hits
** a limit on two sessions is not run on the rest in that way nor in any
** slower one.  The plain and ASan runs draw on the run budget.
**
** Priorities (higher starts first): the two unit binaries, the longest
** jobs, so neither is left for the end; then the plain runs, the ASan
** runs and the two Valgrind runs, cheapest first, so that a program that
** hangs or hogs memory is given up on after two quick runs rather than
** after two slow ones.  The two Valgrind runs at the end keep two workers
** busy about equally long. */
enum { PLAIN_GROUP = 1, ASAN_GROUP, VALGRIND_GROUP };
enum { PRIORITY_VALGRIND = 1, PRIORITY_ASAN, PRIORITY_PLAIN, PRIORITY_UNIT };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static struct sandbox_limits run_limits(const struct rubric_options *o)
{
    struct sandbox_limits l = {
        .wall_seconds = o->wall_seconds,
        .cpu_seconds = o->cpu_seconds,
        .memory_bytes = (size_t)(o->memory_mb * 1024 * 1024),
        .max_processes = o->max_processes,
        .output_bytes = (size_t)(o->output_kb * 1024),
        .file_bytes = 16 << 20,
    };
    return l;
}

/* Environment of every student run: no locale surprises, sanitizers that
** stop at the first error with an exit status we recognise. */
static const char *const run_env[] = {
    "PATH=/usr/bin:/bin",
    "LANG=C",
    "ASAN_OPTIONS=detect_leaks=1:exitcode=" SCORE_SANITIZER_EXIT_STR ":abort_on_error=0:symbolize=1",
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=" SCORE_SANITIZER_EXIT_STR,
    NULL,
};

/* The unit binaries: Criterion starts a process per test, and ASan's leak
** scan and quarantine at each start and exit are most of its cost; leaks
** are the memory tests' business, not the unit tests'. */
static const char *const unit_env[] = {
    "PATH=/usr/bin:/bin",
    "LANG=C",
    "ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0:exitcode=" SCORE_SANITIZER_EXIT_STR,
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=" SCORE_SANITIZER_EXIT_STR,
    NULL,
};

/* Fills job `j` to run `argv` on `input`, with its priority and group. */
static void plan_run(struct job *j, const char *const *readonly, const char *const *argv,
                     const char *input, size_t input_len, struct sandbox_limits limits,
                     int priority, int group)
{
    j->priority = priority;
    j->group = group;
    j->budgeted = group == PLAIN_GROUP || group == ASAN_GROUP;
    j->spec.argv = argv;
    j->spec.env = run_env;
    j->spec.readonly_paths = readonly;
    j->spec.stdin_data = input;
    j->spec.stdin_len = input_len;
    j->spec.limits = limits;
}

/* Gives every graded test that needs a run its job; unit tests of one set
** share one job.  Returns the number of jobs. */
static size_t plan_jobs(struct grade_plan *p, const struct rubric_options *o)
{
    struct sandbox_limits limits = run_limits(o), slow = limits, unit = limits;
    size_t n = 0;
    int unit_job[2] = {-1, -1};

    slow.wall_seconds *= VALGRIND_WALL_FACTOR;
    slow.cpu_seconds *= VALGRIND_CPU_FACTOR;
    /* Valgrind keeps its own tables beside the program's memory: give it
    ** room on top of the program's allowance. */
    slow.memory_bytes = limits.memory_bytes ? limits.memory_bytes * 2 + ((size_t)512 << 20) : 0;
    unit.memory_bytes = 0;
    unit.max_processes = limits.max_processes + 8;
    unit.wall_seconds = o->unit_timeout * 10 + 5; /* then the rest count as failed */
    unit.cpu_seconds = 0;      /* each test has its own Criterion timeout */
    for (size_t i = 0; i < p->ntests; i++) {
        struct planned_test *t = &p->tests[i];
        const struct session *s = t->test->session;
        t->job = -1;
        if (!t->graded)
            continue;
        switch (t->test->kind) {
        case KIND_TRANSCRIPT:
            plan_run(&p->jobs[n], p->readonly_bin, p->argv_program, s->input, s->input_len, limits, PRIORITY_PLAIN, PLAIN_GROUP);
            t->job = (int)n++;
            break;
        case KIND_ASAN: {
            /* ASan reserves terabytes of shadow address space, so no
            ** address-space cap: its own resident-size limit stands in
            ** for it (hard_rss_limit_mb, set in prepare()). */
            struct sandbox_limits asan = limits;
            asan.memory_bytes = 0;
            asan.rss_bytes = limits.memory_bytes * 2;
            plan_run(&p->jobs[n], p->readonly_bin, p->argv_asan, s->input, s->input_len, asan, PRIORITY_ASAN, ASAN_GROUP);
            p->jobs[n].spec.env = p->asan_env;
            t->job = (int)n++;
            break;
        }
        case KIND_VALGRIND:
            if (p->valgrind_missing)
                break;
            plan_run(&p->jobs[n], p->readonly_bin, p->argv_valgrind, s->input, s->input_len, slow, PRIORITY_VALGRIND, VALGRIND_GROUP);
            t->job = (int)n++;
            break;
        case KIND_UNIT:
            if (unit_job[t->test->set] < 0) {
                plan_run(&p->jobs[n], p->readonly_unit[t->test->set], p->argv_unit[t->test->set], p->nonce_line,
                         strlen(p->nonce_line), unit, PRIORITY_UNIT, 0);
                p->jobs[n].spec.env = unit_env;
                unit_job[t->test->set] = (int)n++;
            }
            t->job = unit_job[t->test->set];
            break;
        default:
            break;
        }
    }
    return n;
}

/* Drops from the jobs those whose artefact did not build: their tests are
** scored as build failures without running anything. */
static void drop_unbuilt(struct grade_plan *p, const struct build_output *b)
{
    for (size_t i = 0; i < p->ntests; i++) {
        struct planned_test *t = &p->tests[i];
        if (t->job >= 0 && !build_artefact_ok(b, t->test))
            p->jobs[t->job].spec.argv = NULL;
    }
}

static int resolve(struct grade_plan *p, const struct catalog *c, const struct rubric *rb,
                   const char *only)
{
    const char **names = calloc(c->ntests + 1, sizeof *names);
    struct rubric_grade *g = calloc(c->ntests + 1, sizeof *g);
    p->tests = calloc(c->ntests + 1, sizeof *p->tests);
    p->jobs = calloc(c->ntests + 1, sizeof *p->jobs);
    if (!names || !g || !p->tests || !p->jobs) {
        free(names);
        free(g);
        return -1;
    }
    for (size_t i = 0; i < c->ntests; i++)
        names[i] = c->tests[i].name;
    int rc = rubric_resolve(rb, names, c->ntests, g);
    for (size_t i = 0; rc == 0 && i < c->ntests; i++) {
        p->tests[i].test = &c->tests[i];
        p->tests[i].grade = g[i];
        p->tests[i].graded = g[i].rule != NULL
            && (!only || fnmatch(only, c->tests[i].name, 0) == 0);
    }
    p->ntests = c->ntests;
    free(names);
    free(g);
    return rc;
}

/* Runs the plan's jobs, skipping unbuilt ones, and keeps the results. */
static int run_jobs(struct grade_plan *p, size_t njobs, int workers)
{
    struct job *live = calloc(njobs + 1, sizeof *live);
    size_t *where = calloc(njobs + 1, sizeof *where), nlive = 0;
    int rc = -1;
    if (!live || !where)
        goto out;
    for (size_t i = 0; i < njobs; i++)
        if (p->jobs[i].spec.argv) {
            where[nlive] = i;
            live[nlive].priority = p->jobs[i].priority;
            live[nlive].group = p->jobs[i].group;
            live[nlive].budgeted = p->jobs[i].budgeted;
            live[nlive++].spec = p->jobs[i].spec;
        }
    for (size_t i = 0; i < nlive; i++)
        if (!(live[i].spec.scratch = p->run_scratch[i] = sandbox_scratch_new()))
            goto out;
    if (jobs_run(live, nlive, workers, NULL) != 0)
        goto out;
    for (size_t i = 0; i < nlive; i++)
        p->jobs[where[i]].result = live[i].result, p->jobs[where[i]].skipped = live[i].skipped;
    rc = 0;
out:
    free(live);
    free(where);
    return rc;
}

static int prepare(struct grade_plan *p, const char *build_dir, double memory_mb)
{
    char path[4096];
    unsigned char raw[16];
    FILE *r = fopen("/dev/urandom", "rb");
    if (!r || fread(raw, 1, sizeof raw, r) != sizeof raw) {
        if (r)
            fclose(r);
        fprintf(stderr, "grade: cannot read /dev/urandom\n");
        return -1;
    }
    fclose(r);
    for (size_t i = 0; i < sizeof raw; i++)
        sprintf(p->nonce + 2 * i, "%02x", raw[i]);
    snprintf(p->nonce_line, sizeof p->nonce_line, "%s\n", p->nonce);
    /* An ASan run's memory cap: ASan stops the program once its resident
    ** size passes hard_rss_limit_mb (checked a few times a second), set
    ** to twice the plain cap to leave room for ASan's shadow and
    ** quarantine; the job's rss_bytes (plan_jobs) makes that stop read as
    ** "memory limit".  GCC 12's ASan ignores malloc_limit_mb. */
    snprintf(p->asan_options, sizeof p->asan_options,
             "ASAN_OPTIONS=detect_leaks=1:exitcode=" SCORE_SANITIZER_EXIT_STR
             ":hard_rss_limit_mb=%.0f", memory_mb * 2);
    memcpy(p->asan_env, run_env, sizeof run_env);
    p->asan_env[2] = p->asan_options;
    snprintf(path, sizeof path, "%s/bin", build_dir);
    p->bin_dir = strdup(path);
    snprintf(path, sizeof path, "%s/bin/chinese-checkers", build_dir);
    p->program = strdup(path);
    snprintf(path, sizeof path, "%s/bin/chinese-checkers-asan", build_dir);
    p->asan = strdup(path);
    for (int set = 0; set < 2; set++) {
        const char *name = set ? "hidden" : "public";
        snprintf(path, sizeof path, "%s/unit-%s", build_dir, name);
        p->unit_dir[set] = strdup(path);
        snprintf(path, sizeof path, "%s/unit-%s/unit-%s", build_dir, name, name);
        p->unit[set] = strdup(path);
        p->readonly_unit[set][0] = p->unit_dir[set];
    }
    p->readonly_bin[0] = p->bin_dir;
    /* GRADER_VALGRIND names another Valgrind (tests point it nowhere to
    ** check the skipped path). */
    const char *valgrind = getenv("GRADER_VALGRIND") ? getenv("GRADER_VALGRIND") : "/usr/bin/valgrind";
    p->valgrind_missing = access(valgrind, X_OK) != 0;
    p->argv_program[0] = p->program;
    p->argv_asan[0] = p->asan;
    const char *vg[] = {valgrind, "-q", "--error-exitcode=" SCORE_SANITIZER_EXIT_STR,
                        "--leak-check=full", "--errors-for-leak-kinds=definite,indirect",
                        "--show-leak-kinds=definite,indirect", "--track-origins=yes",
                        /* a student's -O0 code has nothing inlined; reading
                        ** the C library's inlining tables costs 15% */
                        "--read-inline-info=no",
                        p->program, NULL};
    _Static_assert(sizeof vg <= sizeof p->argv_valgrind, "argv_valgrind is too small");
    memcpy(p->argv_valgrind, vg, sizeof vg);
    for (int set = 0; set < 2; set++) {
        const char *u[] = {p->unit[set], "--jobs=1", "--full-stats", NULL, NULL};
        memcpy(p->argv_unit[set], u, sizeof u);
    }
    return p->program && p->asan && p->unit[0] && p->unit[1] && p->bin_dir
        && p->unit_dir[0] && p->unit_dir[1] ? 0 : -1;
}

static void plan_free(struct grade_plan *p)
{
    for (size_t i = 0; i < p->ntests; i++)
        if (p->jobs)
            sandbox_result_free(&p->jobs[i].result);
    for (size_t i = 0; i < p->ntests; i++)
        sandbox_scratch_free(p->run_scratch ? p->run_scratch[i] : NULL);
    free(p->run_scratch);
    free(p->tests);
    free(p->jobs);
    free(p->program);
    free(p->asan);
    free(p->unit[0]);
    free(p->unit[1]);
    free(p->unit_dir[0]);
    free(p->unit_dir[1]);
    free(p->bin_dir);
    memset(p, 0, sizeof *p);
}

int grade_submission(const struct grade_options *o, const struct rubric *rb,
                     struct grade_report *r, struct grade_timing *timing)
{
    struct catalog cat;
    struct submission sub = {0};
    struct build_output built = {0};
    struct grade_plan plan = {0};
    char path[4096], header[4096];
    double t0 = now(), t;
    int rc = -1;

    memset(r, 0, sizeof *r);
    memset(timing, 0, sizeof *timing);
    if (catalog_load(o->kit, o->include_hidden, &cat) != 0)
        return -1;
    char *build_dir = sandbox_scratch_new();
    if (!build_dir)
        goto out;
    snprintf(path, sizeof path, "%s/src", build_dir);
    snprintf(header, sizeof header, "%s/solution/chinese-checkers.h", o->kit);
    if (mkdir(path, 0755) != 0 || submission_collect(o->submission, path, header, &sub) != 0)
        goto out;
    timing->collect = (t = now()) - t0;
    if (o->verbose)
        fprintf(stderr, "grade: %zu source files copied\n", sub.nsources);

    if (resolve(&plan, &cat, rb, o->only) != 0 || prepare(&plan, build_dir, rb->options.memory_mb) != 0)
        goto out;
    struct build_input in = {
        .dir = build_dir, .sources = sub.sources, .nsources = sub.nsources,
        .want_hidden = o->include_hidden,
        /* 1 GiB of address space per compiler process: several times what
        ** gcc needs for a student's files with ASan, and it bounds what a
        ** source that #includes an endless file (/dev/zero) costs. */
        .limits = {.wall_seconds = rb->options.build_seconds, .cpu_seconds = rb->options.build_seconds,
                   .memory_bytes = (size_t)1 << 30, .max_processes = 64,
                   .output_bytes = 1 << 20, .file_bytes = 64 << 20},
    };
    char objects[4][4096];
    snprintf(objects[0], sizeof objects[0], "%s/build/unit/graded_test.o", o->kit);
    snprintf(objects[1], sizeof objects[1], "%s/build/unit/public.o", o->kit);
    snprintf(objects[2], sizeof objects[2], "%s/build/unit/hidden.o", o->kit);
    snprintf(objects[3], sizeof objects[3], "%s/grader/unit/vet-objects.sh", o->kit);
    in.harness_object = objects[0];
    in.vet_script = objects[3];
    in.unit_objects[0] = objects[1];
    in.unit_objects[1] = o->include_hidden ? objects[2] : NULL;
    if (build_submission(&in, &built) != 0)
        goto out;
    timing->build = now() - t;
    if (o->verbose)
        fprintf(stderr, "grade: build %s in %.2f s\n",
                built.ok[BUILD_PROGRAM] ? "succeeded" : "FAILED", timing->build);
    t = now();

    size_t njobs = plan_jobs(&plan, &rb->options);
    drop_unbuilt(&plan, &built);
    if (!(plan.run_scratch = calloc(plan.ntests + 1, sizeof *plan.run_scratch))
        || run_jobs(&plan, njobs, o->workers) != 0)
        goto out;
    timing->run = now() - t;
    if (o->verbose)
        fprintf(stderr, "grade: %zu sandboxed runs on %d workers in %.2f s\n", njobs,
                o->workers, timing->run);
    t = now();

    r->submission = strdup(o->submission);
    r->sandbox_mode = strdup(sandbox_mode());
    if (plan.valgrind_missing && asprintf(&r->notes, "%sValgrind is not installed: its checks "
                                          "were skipped.\n", sub.notes) < 0)
        r->notes = NULL;
    if (!plan.valgrind_missing)
        r->notes = strdup(sub.notes);
    r->build_log = strdup(built.log[BUILD_PROGRAM]);
    if (score_all(&plan, &built, &rb->options, r) != 0)
        goto out;
    result_total(r);
    timing->score = now() - t;
    rc = 0;
out:
    timing->total = now() - t0;
    r->seconds = timing->total;
    plan_free(&plan);
    build_output_free(&built);
    submission_free(&sub);
    sandbox_scratch_free(build_dir);
    catalog_free(&cat);
    if (rc != 0)
        fprintf(stderr, "grade: could not grade %s\n", o->submission);
    return rc;
}
