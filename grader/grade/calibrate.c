/*
** calibrate.c -- measure the reference on this machine, save and load the
** measurement (calibrate.h says what and why).
*/
#define _GNU_SOURCE
#include "calibrate.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "grade.h"
#include "../sandbox/sandbox.h"

/* ---- the fingerprint: FNV-1a over facts of the machine and the kit ---- */

static void mix(uint64_t *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        *h = (*h ^ p[i]) * 1099511628211ULL;
}

static void mix_str(uint64_t *h, const char *s)
{
    mix(h, s, strlen(s) + 1);
}

/* A file's name, size and modification time (not its bytes: cheap). */
static void mix_file(uint64_t *h, const char *path)
{
    struct stat st;
    mix_str(h, path);
    if (stat(path, &st) == 0) {
        int64_t facts[3] = {(int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec, (int64_t)st.st_mtim.tv_nsec};
        mix(h, facts, sizeof facts);
    }
}

/* Every file of KIT/REL whose name ends in one of `suffixes`. */
static void mix_folder(uint64_t *h, const char *kit, const char *rel, const char *const *suffixes)
{
    char path[4096];
    struct dirent **names;
    snprintf(path, sizeof path, "%s/%s", kit, rel);
    int n = scandir(path, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names[i]->d_name);
        for (const char *const *s = suffixes; *s; s++) {
            size_t k = strlen(*s);
            if (len > k && strcmp(names[i]->d_name + len - k, *s) == 0) {
                snprintf(path, sizeof path, "%s/%s/%s", kit, rel, names[i]->d_name);
                mix_file(h, path);
            }
        }
        free(names[i]);
    }
    if (n >= 0)
        free(names);
}

/* The first "model name" line of /proc/cpuinfo. */
static void mix_cpu(uint64_t *h)
{
    char line[512];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            mix_str(h, line);
            break;
        }
    if (f)
        fclose(f);
}

/* FIRST<id>REST, a folder relative to the kit, in buf. */
static const char *subfolder(const char *first, const struct assignment *a, const char *rest,
                             char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s", first, a->id, rest);
    return buf;
}

void calibrate_fingerprint(const char *kit, const struct assignment *a, struct limits_calibration *cal)
{
    static const char *const sources[] = {".c", ".h", NULL}, *const sessions[] = {".in", NULL},
                             *const objects[] = {".o", NULL};
    uint64_t h = 14695981039346656037ULL;
    char rel[512];
    struct utsname u;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (uname(&u) == 0) {
        mix_str(&h, u.release);
        mix_str(&h, u.version);
        mix_str(&h, u.machine);
    }
    mix_cpu(&h);
    mix(&h, &cores, sizeof cores);
    mix_str(&h, sandbox_mode());
    mix_file(&h, "/proc/self/exe");
    mix_str(&h, a->id);
    mix_folder(&h, kit, subfolder("solution/", a, "", rel, sizeof rel), sources);
    mix_folder(&h, kit, subfolder("starter/", a, "", rel, sizeof rel), sources);
    mix_folder(&h, kit, subfolder("sample_io/", a, "/public", rel, sizeof rel), sessions);
    mix_folder(&h, kit, subfolder("sample_io/", a, "/hidden", rel, sizeof rel), sessions);
    mix_folder(&h, kit, subfolder("build/unit/", a, "", rel, sizeof rel), objects);
    snprintf(cal->fingerprint, sizeof cal->fingerprint, "%016llx", (unsigned long long)h);
}

/* ---- the file ----------------------------------------------------------- */

static void file_path(const char *kit, const struct assignment *a, char *buf, size_t n)
{
    assignment_path(buf, n, kit, a, "build/calibration-", ".txt");
}

/* Parses one "key value..." line into `cal`; 1 when it was a known key. */
static int parse_line(const char *line, struct limits_calibration *cal)
{
    char key[32];
    double cpu, wall, rss = 0;
    int at = 0;
    if (sscanf(line, "%31s %n", key, &at) != 1)
        return 0;
    const char *rest = line + at;
    if (strcmp(key, "fingerprint") == 0)
        return sscanf(rest, "%23s", cal->fingerprint) == 1;
    if (strcmp(key, "measured_at") == 0)
        return sscanf(rest, "%31s", cal->measured_at) == 1;
    if (strcmp(key, "source") == 0) {
        snprintf(cal->source, sizeof cal->source, "%.*s", (int)strcspn(rest, "\n"), rest);
        return 1;
    }
    if (sscanf(rest, "%lf %lf %lf", &cpu, &wall, &rss) < 2 || cpu < 0 || wall < 0 || cpu > 1e4
        || wall > 1e4 || rss < 0 || rss > 1e7)
        return 0;
    if (strcmp(key, "budget") == 0) {
        cal->budget_cpu = cpu, cal->budget_wall = wall;
        return 1;
    }
    if (strcmp(key, "call") == 0) {
        cal->call_cpu = cpu;
        return 1;
    }
    for (int k = 0; k < LIMITS_KINDS; k++)
        if (strcmp(key, limits_kind_name(k)) == 0) {
            cal->cpu[k] = cpu, cal->wall[k] = wall, cal->rss_mb[k] = rss;
            return 1;
        }
    return 0;
}

int calibrate_load(const char *kit, const struct assignment *a, struct limits_calibration *cal)
{
    char path[4096], line[256];
    struct limits_calibration now;
    int known = 0;
    memset(cal, 0, sizeof *cal);
    file_path(kit, a, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#')
            known += parse_line(line, cal);
    fclose(f);
    calibrate_fingerprint(kit, a, &now);
    /* fingerprint, time, source, every kind, the budget and the call: a
    ** file written before calls were measured is measured again */
    cal->valid = known == 3 + LIMITS_KINDS + 2 && strcmp(now.fingerprint, cal->fingerprint) == 0
              && cal->wall[LIMITS_PLAIN] > 0 && cal->wall[LIMITS_ASAN] > 0;
    return cal->valid ? 0 : -1;
}

static int save(const char *kit, const struct assignment *a, const struct limits_calibration *cal)
{
    char path[4096], tmp[4200];
    file_path(kit, a, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return -1;
    fprintf(f, "# What the reference costs on this machine (grader/grade/calibrate.h);\n"
               "# per kind: the costliest run's CPU and wall seconds, the largest\n"
               "# peak resident size of a run in MiB; `call`: the costliest call\n"
               "# of a unit test into the code under test, CPU seconds.\n");
    fprintf(f, "fingerprint %s\nmeasured_at %s\nsource %s\n", cal->fingerprint, cal->measured_at,
            cal->source);
    for (int k = 0; k < LIMITS_KINDS; k++)
        fprintf(f, "%s %.4f %.4f %.1f\n", limits_kind_name(k), cal->cpu[k], cal->wall[k], cal->rss_mb[k]);
    fprintf(f, "budget %.4f %.4f\n", cal->budget_cpu, cal->budget_wall);
    fprintf(f, "call %.4f 0\n", cal->call_cpu);
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* ---- measuring ---------------------------------------------------------- */

/* Is `name` one of the files the kit gives students (a->given)? */
static int is_given(const struct assignment *a, const char *name)
{
    for (const char *const *g = a->given; g && *g; g++)
        if (strcmp(*g, name) == 0)
            return 1;
    return 0;
}

/* Does KIT/REL hold a .c file of the reference's own?  The files the kit
** gives students (a driver, a board library) lie beside the official
** header in every kit, a student's too, so they alone are no reference:
** a student's kit measures its starter code instead. */
static int has_sources(const char *kit, const char *rel, const struct assignment *a)
{
    char path[4096];
    struct dirent **names;
    int found = 0;
    snprintf(path, sizeof path, "%s/%s", kit, rel);
    int n = scandir(path, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names[i]->d_name);
        if (len > 2 && strcmp(names[i]->d_name + len - 2, ".c") == 0 && !is_given(a, names[i]->d_name))
            found = 1;
        free(names[i]);
    }
    if (n >= 0)
        free(names);
    return found;
}

int calibrate_measure(const char *kit, const struct assignment *a, const struct rubric *rb,
                      int workers, int include_hidden, struct limits_calibration *cal)
{
    char dir[4096], rel[512];
    struct grade_report r;
    struct grade_timing t;
    memset(cal, 0, sizeof *cal);
    int reference = has_sources(kit, subfolder("solution/", a, "", rel, sizeof rel), a);
    snprintf(dir, sizeof dir, "%s/%s/%s", kit, reference ? "solution" : "starter", a->id);
    snprintf(cal->source, sizeof cal->source, "%s",
             reference ? "reference (solution/)" : "starter (this kit has no reference)");
    struct grade_options o = {.kit = kit, .assignment = a, .submission = dir,
                              .include_hidden = include_hidden, .workers = workers, .measure = cal};
    time_t now = time(NULL);
    strftime(cal->measured_at, sizeof cal->measured_at, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    calibrate_fingerprint(kit, a, cal);
    int rc = grade_submission(&o, rb, &r, &t);
    result_free(&r);
    if (rc != 0 || !cal->valid || save(kit, a, cal) != 0) {
        fprintf(stderr, "grade: could not measure the reference in %s; the rubric's own limits apply\n", dir);
        cal->valid = 0;
        return -1;
    }
    return 0;
}

int calibrate_get(const char *kit, const struct assignment *a, const struct rubric *rb,
                  int workers, int include_hidden, struct limits_calibration *cal)
{
    char rel[512];
    if (calibrate_load(kit, a, cal) == 0)
        return 0;
    fprintf(stderr, "grade: measuring what %s costs on this machine (once; see "
                    "grader/grade/calibrate.h)\n",
            has_sources(kit, subfolder("solution/", a, "", rel, sizeof rel), a)
                ? "the reference" : "the starter code (this kit has no reference solution)");
    return calibrate_measure(kit, a, rb, workers, include_hidden, cal);
}
