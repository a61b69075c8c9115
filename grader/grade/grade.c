/*
** grade.c -- grade one submission: collect, build, plan, run, score.
**
** Theory of operation.  The catalog (catalog.h) lists every test the kit
** has; the rubric says which count.  Each graded test that needs a run is
** given a job: one sandboxed run of the student's program on a session
** (plain, under ASan, under ThreadSanitizer, under Valgrind), or of a
** unit-test binary -- one job
** per binary, shared by all its tests.  jobs_run() runs them on several
** cores, each run in a fresh scratch folder, and score.c turns each job's
** result into points.  Expected outputs never enter a sandbox: the grader
** reads them itself, after the run.  The ThreadSanitizer build is made
** only when the rubric grades some memory/tsan/ test: an assignment whose
** rubric names none pays nothing for it.
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

#include "catalog.h"
#include "grade_build.h"
#include "grade_measure.h"
#include "grade_programs.h"
#include "../run/jobs.h"
#include "sanitizer_env.h"
#include "score.h"
#include "../submission/submission.h"
#include "unit_confirm.h"
#include "unit_output.h"

/* Give-up groups (jobs.h), fastest kind of run first: a program that hits
** a limit on two sessions is not run on the rest in that way nor in any
** slower one.  The plain and ASan runs draw on the run budget.
**
** Priorities (higher starts first): the two unit binaries, the longest
** jobs, so neither is left for the end; then the plain runs, the ASan
** runs, the ThreadSanitizer runs and the two Valgrind runs, cheapest
** first, so that a program that hangs or hogs memory is given up on after
** two quick runs rather than after two slow ones.  TSan (5 to 15 times
** slower than a plain run) comes before Valgrind (20 to 50 times): a
** program that hangs under TSan is not tried under Valgrind.  The two
** Valgrind runs at the end keep two workers busy about equally long.
** TSan runs, like Valgrind's, do not draw on the run budget: the budget
** is a multiple of the reference's plain and ASan runs. */
enum { PLAIN_GROUP = 1, ASAN_GROUP, TSAN_GROUP, VALGRIND_GROUP };
enum { PRIORITY_VALGRIND = 1, PRIORITY_TSAN, PRIORITY_ASAN, PRIORITY_PLAIN, PRIORITY_UNIT };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The limits of one kind of run: the time limits from `lim`, the rest
** from the rubric. */
static struct sandbox_limits run_limits(const struct rubric_options *o, const struct limits *lim,
                                        enum limits_kind kind)
{
    struct sandbox_limits l = {
        .wall_seconds = lim->wall[kind],
        .cpu_seconds = lim->cpu[kind],
        .memory_bytes = (size_t)(o->memory_mb * 1024 * 1024),
        .max_processes = o->max_processes,
        .output_bytes = (size_t)(o->output_kb * 1024),
        .file_bytes = 16 << 20,
    };
    return l;
}

/* Environment of every student run: no locale surprises, sanitizers that
** stop at the first error with an exit status we recognise, reporting on
** stderr, whatever options the program gives itself (sanitizer_env.h).
** ASAN_OPTIONS (index 2) is replaced in an ASan run by its own, which
** adds the memory cap (prepare()). */
static const char *const run_env[] = {
    "PATH=/usr/bin:/bin",
    "LANG=C",
    "ASAN_OPTIONS=" SANITIZER_ASAN_OPTIONS,
    "LSAN_OPTIONS=" SANITIZER_LSAN_OPTIONS,
    "UBSAN_OPTIONS=" SANITIZER_UBSAN_OPTIONS,
    NULL,
};

/* ThreadSanitizer's runs (sanitizer_env.h says what and why). */
static const char *const tsan_env[] = {
    "PATH=/usr/bin:/bin",
    "LANG=C",
    "TSAN_OPTIONS=" SANITIZER_TSAN_OPTIONS,
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

/* `base` with a session's NAME.args words after its program: `base` itself
** when there are none, else a malloc'd array the plan frees (NULL when
** memory runs out).  Valgrind's argv ends with the program, so the words
** go at the end for every kind of run. */
static const char *const *with_args(struct grade_plan *p, const char *const *base, char *const *args)
{
    size_t n = 0, k = 0;
    if (!args || !args[0])
        return base;
    while (base[n])
        n++;
    while (args[k])
        k++;
    const char **argv = calloc(n + k + 1, sizeof *argv);
    const char ***grown = argv ? realloc(p->owned_argv, (p->nowned + 1) * sizeof *grown) : NULL;
    if (!grown) {
        free(argv);
        p->out_of_memory = 1;
        return NULL;
    }
    p->owned_argv = grown;
    p->owned_argv[p->nowned++] = argv;
    memcpy(argv, base, n * sizeof *argv);
    memcpy(argv + n, args, k * sizeof *argv);
    return argv;
}

/* Gives every graded test that needs a run its job; unit tests of one set
** share one job.  Returns the number of jobs. */
static size_t plan_jobs(struct grade_plan *p, const struct rubric_options *o, const struct limits *lim)
{
    struct sandbox_limits plain = run_limits(o, lim, LIMITS_PLAIN);
    /* A program under test needs no child: where no control group counts
    ** children's CPU, it may not make one (sandbox.h).  Not the sanitizer
    ** runs: LeakSanitizer clones to stop the world. */
    plain.single_process = 1;
    /* Nor may it run another program: one that execs itself with the
    ** checks' options switched off would pass them unchecked (sandbox.h,
    ** "exec once").  Valgrind's runs start its tool directly to be held
    ** to it too (grade_programs.c, valgrind_tool.h). */
    plain.exec_once = 1;
    struct sandbox_limits slow = run_limits(o, lim, LIMITS_VALGRIND);
    struct sandbox_limits unit = run_limits(o, lim, LIMITS_UNIT);
    /* TSan maps terabytes of shadow: no address-space cap (RLIMIT_AS or
    ** RLIMIT_DATA stop it at start), and it keeps no cap of its own; the
    ** sandbox's memory watch stands in (limits.c sets the size). */
    struct sandbox_limits tsan = run_limits(o, lim, LIMITS_TSAN);
    /* No setarch -R, which would exec it: the sandbox turns address
    ** randomisation off itself (grade_programs.c says why). */
    tsan.exec_once = tsan.no_aslr = 1;
    /* ASan reserves terabytes of shadow address space, so no address-space
    ** cap: its own resident-size limit stands in for it (hard_rss_limit_mb,
    ** set in prepare()). */
    struct sandbox_limits asan = run_limits(o, lim, LIMITS_ASAN);
    const struct grade_programs *g = &p->student;
    size_t n = 0;
    int unit_job[2] = {-1, -1};

    asan.exec_once = 1;
    asan.rss_bytes = asan.memory_bytes * 2;
    asan.memory_bytes = 0;
    tsan.resident_bytes = (size_t)(lim->tsan_memory_mb * 1024 * 1024);
    tsan.memory_bytes = 0;
    /* Valgrind keeps its own tables beside the program's memory: give it
    ** room on top of the program's allowance. */
    slow.memory_bytes = plain.memory_bytes ? plain.memory_bytes * 2 + ((size_t)512 << 20) : 0;
    /* The unit binaries are built with ASan too: no address-space cap, but
    ** their whole tree (runner, worker, the callee running the student's
    ** code) held by the ASan runs' cap in the job's memory cgroup, which
    ** counts memory files and shared memory as well (sandbox.h). */
    unit.memory_bytes = 0;
    unit.rss_bytes = asan.rss_bytes;
    unit.max_processes = plain.max_processes + 8;
    for (size_t i = 0; i < p->ntests; i++) {
        struct planned_test *t = &p->tests[i];
        const struct session *s = t->test->session;
        t->job = -1;
        if (!t->graded)
            continue;
        switch (t->test->kind) {
        case KIND_TRANSCRIPT:
            plan_run(&p->jobs[n], g->readonly_bin, with_args(p, g->argv_program, s->args), s->input, s->input_len, plain, PRIORITY_PLAIN, PLAIN_GROUP);
            t->job = (int)n++;
            break;
        case KIND_ASAN:
            plan_run(&p->jobs[n], g->readonly_bin, with_args(p, g->argv_asan, s->args), s->input, s->input_len, asan, PRIORITY_ASAN, ASAN_GROUP);
            p->jobs[n].spec.env = p->asan_env;
            t->job = (int)n++;
            break;
        case KIND_TSAN:
            plan_run(&p->jobs[n], g->readonly_bin, with_args(p, g->argv_tsan, s->args), s->input, s->input_len, tsan, PRIORITY_TSAN, TSAN_GROUP);
            p->jobs[n].spec.env = tsan_env;
            t->job = (int)n++;
            break;
        case KIND_VALGRIND:
            if (p->valgrind_missing)
                break;
            plan_run(&p->jobs[n], g->readonly_bin, with_args(p, g->argv_valgrind, s->args), s->input, s->input_len, slow, PRIORITY_VALGRIND, VALGRIND_GROUP);
            if (g->valgrind_direct) {
                p->jobs[n].spec.env = g->env_valgrind;
                p->jobs[n].spec.limits.exec_once = 1;
            }
            t->job = (int)n++;
            break;
        case KIND_UNIT:
            if (unit_job[t->test->set] < 0) {
                plan_run(&p->jobs[n], g->readonly_unit[t->test->set], g->argv_unit[t->test->set],
                         p->nonce_line[t->test->set], strlen(p->nonce_line[t->test->set]), unit, PRIORITY_UNIT, 0);
                p->jobs[n].spec.env = g->env_unit;
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

/* The kind of run of job `j` (limits.h), from its group. */
static enum limits_kind job_kind(const struct job *j)
{
    return j->group == PLAIN_GROUP ? LIMITS_PLAIN : j->group == ASAN_GROUP ? LIMITS_ASAN
         : j->group == TSAN_GROUP ? LIMITS_TSAN : j->group == VALGRIND_GROUP ? LIMITS_VALGRIND
         : LIMITS_UNIT;
}

/* Gives each job a twin -- the same run of the reference the calibration
** kept -- so that a time limit it hits can be confirmed (jobs.h).  No
** twins when the calibration kept no reference build. */
static int plan_twins(struct grade_plan *p, size_t njobs, const struct limits_calibration *cal)
{
    if (!cal || !cal->valid || access(p->reference.program, X_OK) != 0
        || access(p->reference.asan, X_OK) != 0)
        return 0;
    char *const **args = calloc(njobs + 1, sizeof *args);
    if (!args || !(p->twins = calloc(njobs + 1, sizeof *p->twins))) {
        free(args);
        return -1;
    }
    for (size_t i = 0; i < p->ntests; i++)
        if (p->tests[i].job >= 0 && p->tests[i].test->session)
            args[p->tests[i].job] = p->tests[i].test->session->args;
    for (size_t i = 0; i < njobs; i++) {
        struct job *j = &p->jobs[i];
        const struct grade_programs *s = &p->student, *r = &p->reference;
        struct sandbox_job *t = &p->twins[i];
        enum limits_kind kind = job_kind(j);
        int set = j->spec.argv == s->argv_unit[1];
        *t = j->spec;
        t->argv = with_args(p, kind == LIMITS_PLAIN ? r->argv_program : kind == LIMITS_ASAN ? r->argv_asan
                            : kind == LIMITS_TSAN ? r->argv_tsan : kind == LIMITS_VALGRIND ? r->argv_valgrind
                            : r->argv_unit[set], args[i]);
        if (!t->argv)
            break;
        t->readonly_paths = kind == LIMITS_UNIT ? r->readonly_unit[set] : r->readonly_bin;
        if (access(kind == LIMITS_VALGRIND ? r->program : kind == LIMITS_TSAN ? r->tsan : t->argv[0],
                   X_OK) != 0)
            continue;
        j->twin = t;
        j->twin_cpu = cal->cpu[kind];
        j->twin_wall = cal->wall[kind];
    }
    free(args);
    return p->out_of_memory ? -1 : 0;
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
        p->want_tsan |= p->tests[i].graded && c->tests[i].kind == KIND_TSAN;
    }
    p->ntests = c->ntests;
    free(names);
    free(g);
    return rc;
}

/* Runs the plan's jobs, skipping unbuilt ones, and keeps the results. */
static int run_jobs(struct grade_plan *p, size_t njobs, int workers, const struct jobs_policy *policy)
{
    struct job *live = calloc(njobs + 1, sizeof *live);
    size_t *where = calloc(njobs + 1, sizeof *where), nlive = 0;
    int rc = -1;
    if (!live || !where)
        goto out;
    for (size_t i = 0; i < njobs; i++)
        if (p->jobs[i].spec.argv) {
            where[nlive] = i;
            live[nlive++] = p->jobs[i];
        }
    for (size_t i = 0; i < nlive; i++)
        if (!(live[i].spec.scratch = p->run_scratch[i] = sandbox_scratch_new()))
            goto out;
    if (jobs_run(live, nlive, workers, policy) != 0)
        goto out;
    for (size_t i = 0; i < nlive; i++) {
        struct job *j = &p->jobs[where[i]];
        j->result = live[i].result, j->skipped = live[i].skipped, j->rechecked = live[i].rechecked;
    }
    rc = 0;
out:
    free(live);
    free(where);
    return rc;
}

static int prepare(struct grade_plan *p, const struct grade_options *o, const char *build_dir,
                   double memory_mb, const struct limits *lim)
{
    char path[4096];
    /* One nonce for each unit-test binary (public, hidden), so that each
    ** run of a binary gets its own: a PASS line of one is no evidence for
    ** the other. */
    for (int set = 0; set < 2; set++) {
        if (unit_output_nonce(p->nonce[set]) != 0)
            return -1;
        snprintf(p->nonce_line[set], sizeof p->nonce_line[set], "%s\n", p->nonce[set]);
    }
    /* An ASan run's memory cap: ASan stops the program once its resident
    ** size passes hard_rss_limit_mb (checked a few times a second), set
    ** to twice the plain cap to leave room for ASan's shadow and
    ** quarantine; the job's rss_bytes (plan_jobs) makes that stop read as
    ** "memory limit".  GCC 12's ASan ignores malloc_limit_mb. */
    snprintf(p->asan_options, sizeof p->asan_options,
             "ASAN_OPTIONS=" SANITIZER_ASAN_OPTIONS ":hard_rss_limit_mb=%.0f", memory_mb * 2);
    _Static_assert(sizeof p->asan_env >= sizeof run_env, "asan_env is too small");
    _Static_assert(sizeof p->asan_options > sizeof "ASAN_OPTIONS=" SANITIZER_ASAN_OPTIONS
                   ":hard_rss_limit_mb=" + 20, "asan_options is too small");
    memcpy(p->asan_env, run_env, sizeof run_env);
    p->asan_env[2] = p->asan_options;
    /* GRADER_VALGRIND names another Valgrind (tests point it nowhere to
    ** check the skipped path). */
    const char *valgrind = getenv("GRADER_VALGRIND") ? getenv("GRADER_VALGRIND") : "/usr/bin/valgrind";
    p->valgrind_missing = access(valgrind, X_OK) != 0;
    grade_measure_dir(o->kit, o->assignment, path, sizeof path);
    /* The twins run from a copy in scratch (grade_measure.h says why);
    ** while the reference is measured, the path is where its build goes. */
    if (!o->measure) {
        if (!(p->reference_copy = sandbox_scratch_new())
            || grade_measure_copy(path, p->reference_copy) != 0) {
            fprintf(stderr, "grade: cannot copy the reference's build from %s\n", path);
            return -1;
        }
        snprintf(path, sizeof path, "%s", p->reference_copy);
    }
    const char *program = o->assignment->program;
    return grade_programs_init(&p->student, build_dir, program, valgrind, lim->unit_test_seconds, lim->unit_call_seconds) == 0
        && grade_programs_init(&p->reference, path, program, valgrind, lim->unit_test_seconds, lim->unit_call_seconds) == 0 ? 0 : -1;
}

static void plan_free(struct grade_plan *p)
{
    for (size_t i = 0; i < p->ntests; i++)
        if (p->jobs)
            sandbox_result_free(&p->jobs[i].result);
    for (size_t i = 0; i < p->ntests; i++)
        sandbox_scratch_free(p->run_scratch ? p->run_scratch[i] : NULL);
    for (int set = 0; set < 2; set++)
        if (p->retry[set].ran)
            sandbox_result_free(&p->retry[set].result);
    free(p->run_scratch);
    free(p->tests);
    free(p->jobs);
    free(p->twins);
    for (size_t i = 0; i < p->nowned; i++)
        free(p->owned_argv[i]);
    free(p->owned_argv);
    grade_programs_free(&p->student);
    grade_programs_free(&p->reference);
    sandbox_scratch_free(p->reference_copy);
    memset(p, 0, sizeof *p);
}

/* The limits of this grading: generous fixed ones while the reference is
** measured (nothing of it may be cut short), else derived (limits.h). */
static void choose_limits(const struct grade_options *o, const struct rubric *rb, struct limits *lim,
                          struct jobs_policy *policy)
{
    limits_derive(&rb->options, o->calibration, lim);
    *policy = (struct jobs_policy){2, lim->budget_cpu, lim->budget_wall, rb->options.time_factor};
    if (!o->measure)
        return;
    for (int k = 0; k < LIMITS_KINDS; k++)
        lim->cpu[k] = k == LIMITS_UNIT ? 0 : GRADE_MEASURE_RUN_SECONDS, lim->wall[k] = GRADE_MEASURE_RUN_SECONDS * 2;
    lim->unit_test_seconds = GRADE_MEASURE_RUN_SECONDS;
    lim->unit_call_seconds = GRADE_MEASURE_RUN_SECONDS / 2;
    *policy = (struct jobs_policy){0, 0, 0, 0};
}

/* What the report says of the limits: how they were derived, and whether
** the machine was slower than when they were -- for the runs, the unit
** tests and the build (grade_build.h). */
static void describe_limits(const struct grade_plan *p, size_t njobs, const struct grade_options *o,
                            const struct rubric *rb, const struct limits *lim,
                            const struct grade_build_check *b, struct grade_report *r)
{
    char text[3072];
    size_t rechecked = 0;
    unsigned kinds = LIMITS_KIND_BIT(LIMITS_BUILD);
    for (size_t i = 0; i < njobs; i++)
        rechecked += p->jobs[i].rechecked, kinds |= LIMITS_KIND_BIT(job_kind(&p->jobs[i]));
    rechecked += p->unit_rechecked;
    limits_describe(lim, &rb->options, o->calibration, kinds, text, sizeof text);
    size_t used = strlen(text);
    if (p->slowdown > 1.0)
        used += snprintf(text + used, sizeof text - used, "  This machine ran the reference %.1f times slower "
                         "than when it was measured; %zu run(s) that hit a limit ran again with the limit "
                         "raised.\n", p->slowdown, rechecked);
    else if (p->unit_rechecked)
        used += snprintf(text + used, sizeof text - used, "  The reference's own unit tests ran slower than "
                         "when it was measured; %zu unit test(s) that hit the time limit ran again with "
                         "the limit raised.\n", p->unit_rechecked);
    if (used < sizeof text && b->raised_cpu > 0)
        snprintf(text + used, sizeof text - used, "  The build hit its time limit while the reference's "
                 "build took %.1f times as long as when it was measured; it ran again with the limit "
                 "raised to %.2f s CPU, %.2f s wall.\n", b->slowdown, b->raised_cpu, b->raised_wall);
    else if (used < sizeof text && b->slowdown > 0)
        snprintf(text + used, sizeof text - used, "  The build hit its time limit; the reference's build, "
                 "made again to confirm it, took %.1f times as long as when it was measured, so the limit "
                 "stands.\n", b->slowdown);
    r->limits = strdup(text);
}

/* Records what the reference's runs cost (grade_measure.h). */
static int measure(const struct grade_plan *p, size_t njobs, const struct build_output *b,
                   struct limits_calibration *cal)
{
    enum limits_kind *kinds = calloc(njobs + 1, sizeof *kinds);
    if (!kinds)
        return -1;
    for (size_t i = 0; i < njobs; i++)
        kinds[i] = job_kind(&p->jobs[i]);
    int rc = grade_measure_record(p, njobs, kinds, b, cal);
    free(kinds);
    return rc;
}

/* KIT/solution/<id>/<header>. */
static int official_header(const struct grade_options *o, char *path, size_t size)
{
    int n = snprintf(path, size, "%s/solution/%s/%s", o->kit, o->assignment->id,
                     o->assignment->header);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

/* Fills the report's facts about the whole grading (not the tests). */
static int report_facts(const struct grade_options *o, const struct grade_plan *p, const struct submission *sub,
                        const struct build_output *built, struct grade_report *r)
{
    r->submission = strdup(o->submission);
    r->assignment = strdup(o->assignment->id);
    r->sandbox_mode = strdup(sandbox_mode());
    if (p->valgrind_missing && asprintf(&r->notes, "%sValgrind is not installed: its checks "
                                        "were skipped.\n", sub->notes) < 0)
        r->notes = NULL;
    else if (!p->valgrind_missing && !p->student.valgrind_direct
             && asprintf(&r->notes, "%sValgrind's memcheck tool was not found beside its launcher: "
                         "Valgrind ran through the launcher, following the program's execs, "
                         "which a program can use to choose its own Valgrind options "
                         "(grader/grade/valgrind_tool.h).\n", sub->notes) < 0)
        r->notes = NULL;
    else if (!p->valgrind_missing && p->student.valgrind_direct)
        r->notes = strdup(sub->notes);
    if (!built->hooks)
        r->build_log = strdup(built->log[BUILD_PROGRAM]);
    else if (asprintf(&r->build_log, "%s%s", built->log[BUILD_PROGRAM], built->hooks) < 0)
        r->build_log = NULL;
    return r->submission && r->assignment && r->sandbox_mode && r->notes && r->build_log ? 0 : -1;
}

int grade_submission(const struct grade_options *o, const struct rubric *rb,
                     struct grade_report *r, struct grade_timing *timing)
{
    struct catalog cat;
    struct submission sub = {0};
    struct build_output built = {0};
    struct grade_build_check build_check = {0};
    struct grade_plan plan = {0};
    struct limits lim;
    struct jobs_policy policy;
    char path[4096], header[4096];
    double t0 = now(), t;
    int rc = -1;

    memset(r, 0, sizeof *r);
    memset(timing, 0, sizeof *timing);
    choose_limits(o, rb, &lim, &policy);
    if (catalog_load(o->kit, o->assignment, o->include_hidden, &cat) != 0)
        return -1;
    char *build_dir = sandbox_scratch_new();
    if (!build_dir)
        goto out;
    snprintf(path, sizeof path, "%s/src", build_dir);
    if (official_header(o, header, sizeof header) != 0 || mkdir(path, 0755) != 0
        || submission_collect(o->submission, path, header, o->assignment, &sub) != 0)
        goto out;
    timing->collect = (t = now()) - t0;
    if (o->verbose)
        fprintf(stderr, "grade: %zu source files copied\n", sub.nsources);

    plan.assignment = o->assignment;
    if (resolve(&plan, &cat, rb, o->only) != 0
        || prepare(&plan, o, build_dir, rb->options.memory_mb, &lim) != 0
        || grade_build(o, build_dir, &sub, &lim, plan.want_tsan, &built) != 0
        || grade_build_confirm(o, build_dir, &sub, &lim, plan.want_tsan, policy.confirm_factor, &built,
                               &build_check) != 0)
        goto out;
    timing->build = now() - t;
    if (o->verbose)
        fprintf(stderr, "grade: build %s in %.2f s; ThreadSanitizer build: %s\n",
                built.ok[BUILD_PROGRAM] ? "succeeded" : "FAILED", timing->build,
                !plan.want_tsan ? "not made (no rule grades memory/tsan/)"
                : built.ok[BUILD_TSAN] ? "made" : "FAILED");
    t = now();

    size_t njobs = plan_jobs(&plan, &rb->options, &lim);
    if (plan.out_of_memory)
        goto out;
    drop_unbuilt(&plan, &built);
    if (!(plan.run_scratch = calloc(plan.ntests + 1, sizeof *plan.run_scratch))
        || plan_twins(&plan, njobs, o->measure ? NULL : o->calibration) != 0
        || run_jobs(&plan, njobs, o->workers, &policy) != 0)
        goto out;
    plan.slowdown = jobs_slowdown();
    if (unit_confirm(&plan, &lim, policy.confirm_factor) != 0)
        goto out;
    timing->run = now() - t;
    if (o->verbose)
        fprintf(stderr, "grade: %zu sandboxed runs on %d workers in %.2f s\n", njobs,
                o->workers, timing->run);
    t = now();

    if (report_facts(o, &plan, &sub, &built, r) != 0 || score_all(&plan, &built, &rb->options, r) != 0)
        goto out;
    describe_limits(&plan, njobs, o, rb, &lim, &build_check, r);
    if (o->measure && measure(&plan, njobs, &built, o->measure) != 0)
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
