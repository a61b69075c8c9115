/*
** grade_build.c -- build a submission, and confirm a build stopped at its
** time limit against the reference's build made now (grade_build.h).
*/
#define _GNU_SOURCE
#include "grade_build.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "grade_measure.h"
#include "../sandbox/sandbox.h"

/* Builds the collected sources in `dir` with `cpu` and `wall` seconds per
** script (build.h). */
static int build_with(const struct grade_options *o, const char *dir, const struct submission *sub,
                      double cpu, double wall, int want_tsan, struct build_output *built)
{
    char objects[4][4096], hooks[4096];
    struct build_input in = {
        .dir = dir, .sources = sub->sources, .nsources = sub->nsources,
        .want_hidden = o->include_hidden, .want_tsan = want_tsan,
        /* 1 GiB of address space per compiler process: several times what
        ** gcc needs for a student's files with ASan, and it bounds what a
        ** source that #includes an endless file (/dev/zero) costs. */
        .limits = {.wall_seconds = wall, .cpu_seconds = cpu,
                   .memory_bytes = (size_t)1 << 30, .max_processes = 64,
                   .output_bytes = 1 << 20, .file_bytes = 64 << 20},
    };
    assignment_path(objects[0], sizeof objects[0], o->kit, o->assignment, "build/unit/", "/graded_test.o");
    assignment_path(objects[1], sizeof objects[1], o->kit, o->assignment, "build/unit/", "/public.o");
    assignment_path(objects[2], sizeof objects[2], o->kit, o->assignment, "build/unit/", "/hidden.o");
    snprintf(objects[3], sizeof objects[3], "%s/grader/unit/vet-objects.sh", o->kit);
    in.program = o->assignment->program;
    in.keep_symbols = o->assignment->required;
    in.forwarded = o->assignment->forwarded;
    in.harness_object = objects[0];
    in.vet_script = objects[3];
    snprintf(hooks, sizeof hooks, "%s/grader/run/vet-hooks.sh", o->kit);
    in.hooks_script = hooks;
    in.unit_objects[0] = objects[1];
    in.unit_objects[1] = o->include_hidden ? objects[2] : NULL;
    return build_submission(&in, built);
}

int grade_build(const struct grade_options *o, const char *build_dir, const struct submission *sub,
                const struct limits *lim, int want_tsan, struct build_output *built)
{
    return build_with(o, build_dir, sub, lim->cpu[LIMITS_BUILD], lim->wall[LIMITS_BUILD], want_tsan, built);
}

/* Builds the calibration's measured sources in a scratch folder, with the
** measurement's limits, and returns the costliest script's CPU and wall
** time now in *cpu and *wall.  Returns 0, or -1 on the grader's failure. */
static int build_reference(const struct grade_options *o, int want_tsan, double *cpu, double *wall)
{
    const struct limits_calibration *cal = o->calibration;
    char src[4096], from[4096], header[4096];
    struct submission ref = {0};
    struct build_output out = {0};
    int rc = -1;

    char *dir = sandbox_scratch_new();
    if (!dir)
        return -1;
    snprintf(from, sizeof from, "%s/%s/%s", o->kit, strncmp(cal->source, "starter", 7) == 0 ? "starter"
             : "solution", o->assignment->id);
    snprintf(header, sizeof header, "%s/solution/%s/%s", o->kit, o->assignment->id, o->assignment->header);
    snprintf(src, sizeof src, "%s/src", dir);
    if (mkdir(src, 0755) == 0 && submission_collect(from, src, header, o->assignment, &ref) == 0
        && build_with(o, dir, &ref, GRADE_MEASURE_RUN_SECONDS, 2 * GRADE_MEASURE_RUN_SECONDS, want_tsan,
                      &out) == 0) {
        *cpu = out.max_cpu;
        *wall = out.max_wall;
        rc = 0;
    }
    if (rc != 0)
        fprintf(stderr, "grade: could not build the reference in %s to confirm a build's time limit\n", from);
    build_output_free(&out);
    submission_free(&ref);
    sandbox_scratch_free(dir);
    return rc;
}

static double max2(double a, double b)
{
    return a > b ? a : b;
}

int grade_build_confirm(const struct grade_options *o, const char *build_dir, const struct submission *sub,
                        const struct limits *lim, int want_tsan, double confirm_factor,
                        struct build_output *built, struct grade_build_check *check)
{
    const struct limits_calibration *cal = o->calibration;
    double cpu = 0, wall = 0;

    memset(check, 0, sizeof *check);
    if (!built->timed_out || o->measure || !lim->derived || !cal || confirm_factor <= 0)
        return 0;
    if (build_reference(o, want_tsan, &cpu, &wall) != 0)
        return -1;
    check->slowdown = max2(cpu / max2(cal->cpu[LIMITS_BUILD], 1e-3), wall / max2(cal->wall[LIMITS_BUILD], 1e-3));
    double new_cpu = max2(lim->cpu[LIMITS_BUILD], confirm_factor * cpu);
    double new_wall = max2(lim->wall[LIMITS_BUILD], confirm_factor * wall);
    if (new_cpu <= lim->cpu[LIMITS_BUILD] && new_wall <= lim->wall[LIMITS_BUILD])
        return 0;                       /* the machine is not slower: it stands */
    /* A wall limit below the CPU limit would undo the CPU's raise. */
    new_wall = max2(new_wall, new_cpu);
    struct build_output again = {0};
    if (build_reset(build_dir) != 0
        || build_with(o, build_dir, sub, new_cpu, new_wall, want_tsan, &again) != 0) {
        build_output_free(&again);
        return -1;
    }
    build_output_free(built);
    *built = again;
    check->raised_cpu = new_cpu;
    check->raised_wall = new_wall;
    return 0;
}
