/*
** grade_measure.c -- record what the reference's runs cost, and keep its
** build beside the kit for later twin runs (jobs.h).
**
** The build is copied to KIT/build/calibration-<id>.new-PID, then swapped
** in for KIT/build/calibration-<id> with two renames, so that a grader that is
** running twins at that moment finds either the old build or the new
** one, whole; the old one is deleted afterwards.
*/
#define _GNU_SOURCE
#include "grade_measure.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void grade_measure_dir(const char *kit, const struct assignment *a, char *buf, size_t n)
{
    assignment_path(buf, n, kit, a, "build/calibration-", NULL);
}

static int copy_file(const char *from, const char *to)
{
    char buf[65536];
    int in = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int out = in < 0 ? -1 : open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
    ssize_t got = 0;
    while (out >= 0 && (got = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)got) != got) {
            got = -1;
            break;
        }
    int rc = in >= 0 && out >= 0 && got == 0 ? 0 : -1;
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        rc = -1;
    return rc;
}

/* Copies `from` to DIR/REL, where REL is `to` less its `prefix`,
** creating the folder. */
static int keep(const char *from, const char *to, const char *prefix, const char *dir)
{
    char dest[4096], folder[4096];
    snprintf(dest, sizeof dest, "%s%s", dir, to + strlen(prefix));
    snprintf(folder, sizeof folder, "%s", dest);
    if (mkdir(dirname(folder), 0755) != 0 && errno != EEXIST)
        return -1;
    return copy_file(from, dest);
}

int grade_measure_copy(const char *from, const char *to)
{
    static const char *const folders[] = {"bin", "unit-public", "unit-hidden"};
    char src[4096], dst[4096], a[4096 + 256], b[4096 + 256];
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof folders / sizeof *folders; i++) {
        snprintf(src, sizeof src, "%s/%s", from, folders[i]);
        snprintf(dst, sizeof dst, "%s/%s", to, folders[i]);
        DIR *d = opendir(src);
        struct dirent *e;
        if (mkdir(dst, 0755) != 0)
            rc = -1;
        while (rc == 0 && d && (e = readdir(d)) != NULL) {
            snprintf(a, sizeof a, "%s/%s", src, e->d_name);
            snprintf(b, sizeof b, "%s/%s", dst, e->d_name);
            struct stat st;
            if (lstat(a, &st) == 0 && S_ISREG(st.st_mode))
                rc = copy_file(a, b);
        }
        if (d)
            closedir(d);
    }
    return rc;
}

/* Deletes the files of one folder (not following links); then the folder. */
static void remove_folder(const char *dir)
{
    char path[4096 + 256];
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* Deletes a folder of the layout grade_programs.h describes. */
static void remove_build(const char *dir)
{
    static const char *const folders[] = {"bin", "unit-public", "unit-hidden"};
    char path[4096];
    for (size_t i = 0; i < sizeof folders / sizeof *folders; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, folders[i]);
        remove_folder(path);
    }
    rmdir(dir);
}

/* Copies the built programs of `s` (those that exist) over the folder of
** `r`, which is KIT/build/calibration-<id>. */
static int keep_build(const struct grade_programs *s, const struct grade_programs *r)
{
    char dir[4096], fresh[4096], old[4096];
    snprintf(dir, sizeof dir, "%s", r->bin_dir);
    char *top = dirname(dir);
    snprintf(fresh, sizeof fresh, "%s.new-%ld", top, (long)getpid());
    snprintf(old, sizeof old, "%s.old-%ld", top, (long)getpid());
    /* Each unit binary with its callee's binary beside it: without it the
    ** binary runs its callee from its own file, which holds none of the
    ** code under test, and every test fails at once. */
    const char *from[] = {s->program, s->asan, s->tsan, s->unit[0], s->unit[1], s->callee[0], s->callee[1]};
    const char *to[] = {r->program, r->asan, r->tsan, r->unit[0], r->unit[1], r->callee[0], r->callee[1]};
    int rc = mkdir(fresh, 0755) == 0 ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < sizeof from / sizeof *from; i++)
        if (access(from[i], R_OK) == 0)
            rc = keep(from[i], to[i], top, fresh);
    if (rc == 0 && rename(top, old) != 0 && errno != ENOENT)
        rc = -1;
    if (rc == 0 && rename(fresh, top) != 0)
        rc = -1;
    remove_build(old);
    if (rc != 0) {
        fprintf(stderr, "grade: cannot keep the reference's build in %s: %s\n", top, strerror(errno));
        remove_build(fresh);
    }
    return rc;
}

/* The most CPU seconds any one call of the code under test took in a unit
** binary's run: the largest figure of its "<nonce> CALLS suite/test
** SECONDS" lines (grader/unit/graded_test.c), each under one of the
** grading's nonces; 0 when there is none. */
static double costliest_call(const char *out, size_t len, const struct grade_plan *p)
{
    double most = 0;

    for (const char *line = out, *end = out + len; line && line < end;) {
        char nonce[33], id[256];
        double cpu;
        if (sscanf(line, "%32s CALLS %255s %lf", nonce, id, &cpu) == 3 && cpu > most && cpu < 1e4
            && (strcmp(nonce, p->nonce[0]) == 0 || strcmp(nonce, p->nonce[1]) == 0))
            most = cpu;
        line = memchr(line, '\n', (size_t)(end - line));
        if (line)
            line++;
    }
    return most;
}

int grade_measure_record(const struct grade_plan *p, size_t njobs, const enum limits_kind *kinds,
                         const struct build_output *b, struct limits_calibration *cal)
{
    memset(cal->cpu, 0, sizeof cal->cpu);
    memset(cal->wall, 0, sizeof cal->wall);
    memset(cal->rss_mb, 0, sizeof cal->rss_mb);
    cal->budget_cpu = cal->budget_wall = cal->call_cpu = 0;
    for (size_t i = 0; i < njobs; i++) {
        const struct job *j = &p->jobs[i];
        enum limits_kind k = kinds[i];
        if (!j->spec.argv || j->skipped)
            continue;
        if (k == LIMITS_UNIT && j->result.out) {
            double call = costliest_call(j->result.out, j->result.out_len, p);
            if (call > cal->call_cpu)
                cal->call_cpu = call;
        }
        if (j->result.cpu_seconds > cal->cpu[k])
            cal->cpu[k] = j->result.cpu_seconds;
        if (j->result.wall_seconds > cal->wall[k])
            cal->wall[k] = j->result.wall_seconds;
        if (j->result.max_rss_kb / 1024.0 > cal->rss_mb[k])
            cal->rss_mb[k] = j->result.max_rss_kb / 1024.0;
        if (j->budgeted)
            cal->budget_cpu += j->result.cpu_seconds, cal->budget_wall += j->result.wall_seconds;
    }
    cal->cpu[LIMITS_BUILD] = b->max_cpu;
    cal->wall[LIMITS_BUILD] = b->max_wall;
    cal->valid = cal->wall[LIMITS_PLAIN] > 0 && cal->wall[LIMITS_ASAN] > 0;
    return keep_build(&p->student, &p->reference);
}
