/*
** entrant.c -- bots made ready to play (entrant.h): paths resolved,
** submissions built in the sandbox, players started per game.
*/
#define _DEFAULT_SOURCE
#include "entrant.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../referee/player_process.h"
#include "../report/visible.h"
#include "../sandbox/sandbox.h"
#include "../submission/submission.h"
#include "journal.h"
#include "source_print.h"

#define COMPILER "/usr/bin/gcc"

/* The kit's driver, relative to the kit's root: the build says where
** (grader/tournament/tournament.mk), so that this generic code names no
** assignment.  Empty: a configuration with submissions must name it. */
#ifndef TENTRANT_KIT_DRIVER
#define TENTRANT_KIT_DRIVER ""
#endif

/* Limits of the one compiler run that builds a submission: far above
** what a bot of a few files needs, low enough that a hostile one cannot
** hold the tournament. */
static const struct sandbox_limits build_limits = {
    .cpu_seconds = 60, .wall_seconds = 120, .memory_bytes = (size_t)2 << 30,
    .max_processes = 16, .output_bytes = 64 << 10, .file_bytes = 64 << 20,
};

/* argv[0] = realpath(path), folder = its folder.  -1 when it does not exist. */
static int set_program(struct tentrant *e, const char *path)
{
    char *abs = realpath(path, NULL), *slash;

    if (!abs)
        return -1;
    e->argv[0] = abs;
    if (!(e->folder = strdup(abs)))
        return -1;
    slash = strrchr(e->folder, '/');
    slash[slash == e->folder] = '\0';
    return 0;
}

/* No owner to check a file's against (copy_file). */
#define ANY_OWNER ((const struct stat *)NULL)

/* Copies a regular file of at most `cap` bytes (0: any size); 0, -1 on a
** failure of the grader's, -2 when `from` is no regular file or holds
** more than `cap` bytes (it may have grown since it was looked at: what
** is read is counted, not what stat() said), or -3 when it is a hard link
** or another's file not everyone may read (submission_foreign_link, with
** the owner of the folder `folder`: its stat, or ANY_OWNER). */
static int copy_file(const char *from, const char *to, mode_t mode, size_t cap, const struct stat *folder)
{
    int fd = open(from, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;

    int refused = fd < 0 ? -1 : fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ? -2
                : folder && submission_foreign_link(&st, folder->st_uid) ? -3 : 0;

    if (refused != 0) {
        if (fd >= 0)
            close(fd);
        return refused;
    }
    FILE *in = fdopen(fd, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[65536];
    size_t n, total = 0;
    int ok = out != NULL, over = 0;

    while (ok && !over && (n = fread(buf, 1, sizeof buf, in)) > 0) {
        total += n;
        over = cap > 0 && total > cap;
        ok = over || fwrite(buf, 1, n, out) == n;
    }
    ok = ok && !ferror(in);
    if (out)
        ok = fclose(out) == 0 && ok;
    if (in)
        fclose(in);
    else
        close(fd);
    if (over)
        return -2;
    return ok && chmod(to, mode) == 0 ? 0 : -1;
}

static int is_header(const char *name)
{
    size_t len = strlen(name);
    return len > 2 && name[0] != '.' && strcmp(name + len - 2, ".h") == 0;
}

/* Copies the headers of the driver's folder (the kit's header, which the
** driver includes) into SCRATCH/kit.  Returns 0, or -1. */
static int stage_kit_headers(const char *driver, const char *scratch)
{
    char folder[4096], path[4400], copy[4400];
    snprintf(folder, sizeof folder, "%s", driver);
    char *slash = strrchr(folder, '/');   /* driver is a real path */
    if (slash)
        slash[slash == folder] = '\0';
    DIR *d = opendir(folder);
    struct dirent *de;
    int ok = d != NULL;

    while (ok && (de = readdir(d)) != NULL) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", folder, de->d_name);
        snprintf(copy, sizeof copy, "%s/kit/%s", scratch, de->d_name);
        if (is_header(de->d_name) && stat(path, &st) == 0 && S_ISREG(st.st_mode))
            ok = copy_file(path, copy, 0644, 0, ANY_OWNER) == 0;
    }
    if (d)
        closedir(d);
    return ok ? 0 : -1;
}

/* Is kit/NAME in the scratch folder (a header the kit supplies)? */
static int kit_has(const char *scratch, const char *name)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/kit/%s", scratch, name);
    return access(path, F_OK) == 0;
}

/* Whether one more file of `size` bytes keeps a submission within the
** grader's intake limits (submission.h: files, bytes a file, bytes in
** all); when not, the reason into refused[]. */
static int within_limits(const char *name, off_t size, int *files, size_t *total, char *refused, size_t len)
{
    if (++*files > SUBMISSION_MAX_FILES)
        snprintf(refused, len, "more than %d source files", SUBMISSION_MAX_FILES);
    else if (size < 0 || (unsigned long long)size > SUBMISSION_MAX_FILE_BYTES)
        snprintf(refused, len, "%.60s is larger than the %d KiB a source file may have", name,
                 SUBMISSION_MAX_FILE_BYTES / 1024);
    else if ((*total += (size_t)size) > SUBMISSION_MAX_TOTAL_BYTES)
        snprintf(refused, len, "its source files hold more than the %d MiB a submission may have",
                 SUBMISSION_MAX_TOTAL_BYTES / (1024 * 1024));
    else
        return 1;
    return 0;
}

/* Copies the folder's top-level .c and .h files (regular files; a
** driver.c of theirs and their copies of the kit's headers left out, as
** the grader does) into SCRATCH/src and the kit's driver and headers into
** SCRATCH/kit, so that the compiler needs nothing outside its scratch
** directory (a student's folder may sit where the sandbox's uid cannot
** look).  The copy is made as the grader, outside the sandbox: a file is
** copied only within the grader's intake limits (submission.h), and a
** submission past them is refused before anything of it is read, the
** reason in refused[] (a 3 GB sparse header cost 23 s and 1.3 GB), as is
** one holding a hard link or another's file that not everyone may read
** (submission.h).
** Appends "src/NAME.c" to argv from *n, sorted; returns how many, or -1
** (the grader's failure). */
static int stage(const char *dir, const char *driver, const char *scratch, const char **argv, int *n, int room,
                 char *refused, size_t refused_len)
{
    struct dirent **names;
    char path[4200], copy[4200];
    int count = scandir(dir, &names, NULL, alphasort), added = 0, ok = count >= 0, files = 0;
    size_t total = 0;
    struct stat folder;

    ok = ok && stat(dir, &folder) == 0;

    snprintf(copy, sizeof copy, "%s/src", scratch);
    ok = ok && mkdir(copy, 0755) == 0;
    snprintf(copy, sizeof copy, "%s/kit", scratch);
    ok = ok && mkdir(copy, 0755) == 0;
    snprintf(copy, sizeof copy, "%s/kit/driver.c", scratch);
    ok = ok && copy_file(driver, copy, 0644, 0, ANY_OWNER) == 0 && stage_kit_headers(driver, scratch) == 0;
    for (int i = 0; i < count; i++) {
        const char *name = names[i]->d_name;
        size_t len = strlen(name);
        struct stat st;
        int c = len > 2 && strcmp(name + len - 2, ".c") == 0, h = len > 2 && strcmp(name + len - 2, ".h") == 0;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        snprintf(copy, sizeof copy, "%s/src/%s", scratch, name);
        if (ok && !refused[0] && (c || h) && name[0] != '.' && strcmp(name, "driver.c") != 0 &&
            !(h && kit_has(scratch, name)) && lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
            within_limits(name, st.st_size, &files, &total, refused, refused_len)) {
            int copied = copy_file(path, copy, 0644, SUBMISSION_MAX_FILE_BYTES, &folder);
            if (copied == -2)
                snprintf(refused, refused_len, "%.60s changed while it was read, or grew past %d KiB", name,
                         SUBMISSION_MAX_FILE_BYTES / 1024);
            else if (copied == -3)
                snprintf(refused, refused_len, "%.40s: not everyone may read it, and it is a hard link or "
                         "another's", name);
            ok = copied != -1;
            snprintf(copy, sizeof copy, "src/%s", name);
            if (ok && !refused[0] && c && *n < room && (argv[*n] = strdup(copy)) != NULL)
                (*n)++, added++;
        }
        free(names[i]);
    }
    free(names);
    return ok ? added : -1;
}

/* The length of a temporary file's name at s (a path whose last part is
** gcc's "ccXXXXXX.EXT", which the linker quotes), or 0. */
static size_t temporary_name(const char *s)
{
    size_t len = strcspn(s, " :'`()\n");
    const char *base = s;

    if (*s != '/')
        return 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] == '/')
            base = s + i + 1;
    size_t stem = base[0] == 'c' && base[1] == 'c' ? strspn(base + 2, "abcdefghijklmnopqrstuvwxyz"
                                                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") : 0;
    return stem >= 6 && base[2 + stem] == '.' ? len : 0;
}

/* The compiler's first error, for the verdict: the first line with
** "error:" (a diagnostic, or collect2's "ld returned 1"), else the first
** with "error" at all; a temporary file's name in it written "TEMP".
** So builds of one submission give one verdict, whatever the run or the
** shard (a function named on_error made the linker's line, with its
** random object name, the verdict, and shards never merged). */
static void first_error(const char *log, char *buf, size_t size)
{
    const char *at = strstr(log, "error:");
    size_t o = 0;

    if (!at)
        at = strstr(log, "error");
    while (at && at > log && at[-1] != '\n')
        at--;
    for (size_t i = 0, len = at ? strcspn(at, "\n") : 0, skip; i < len && o + 5 < size;) {
        if ((skip = temporary_name(at + i)) > 0) {
            memcpy(buf + o, "TEMP", 4);
            o += 4;
            i += skip;
        } else {
            buf[o++] = at[i++];
        }
    }
    buf[o] = '\0';
}

/* Runs the compiler on the submission in the sandbox; fills e->verdict.
** -1 only for the grader's own failure. */
static int compile(const char *src, const char *driver, const char *dir, struct tentrant *e)
{
    const char *argv[TCONFIG_MAX_ARGS + 64] = {COMPILER, "-O2", "-I", "kit", "-I", "src", "-o", "bot"};
    char *scratch = sandbox_scratch_new(), out[4096], log_path[4096], first[160] = "", refused[120] = "";
    int n = 8, room = (int)(sizeof argv / sizeof *argv) - 4, status = -1, found = 0;
    struct sandbox_result res;

    snprintf(out, sizeof out, "%s/bot", scratch ? scratch : "");
    if (!scratch || (found = stage(src, driver, scratch, argv, &n, room, refused, sizeof refused)) < 0)
        goto done;
    if (refused[0]) {
        char shown[sizeof refused];
        visible_cut(shown, sizeof shown, refused);   /* it names the author's file */
        snprintf(e->verdict, sizeof e->verdict, "build failed: refused: %s", shown);
        status = 0;
        goto done;
    }
    if (found == 0) {
        snprintf(e->verdict, sizeof e->verdict, "build failed: no .c file in the folder");
        status = 0;
        goto done;
    }
    argv[n++] = "kit/driver.c";
    argv[n++] = "-lm";
    struct sandbox_job job = {.argv = argv, .scratch = scratch, .limits = build_limits};
    if (sandbox_run(&job, &res) != 0)
        goto done;
    snprintf(log_path, sizeof log_path, "%s/build.log", dir);
    size_t len = res.err_len + res.out_len;
    char *log = malloc(len + 1);
    if (log) {
        memcpy(log, res.out, res.out_len);
        memcpy(log + res.out_len, res.err, res.err_len);
        log[len] = '\0';
        tjournal_write_file(log_path, log, len);
        first_error(log, first, sizeof first);
    }
    snprintf(log_path, sizeof log_path, "%s/bot", dir);
    /* The compiler's first error quotes the bot's file names and source:
    ** made visible, so that build.txt, which instructors read on a
    ** terminal, holds no control byte of the author's. */
    char shown[sizeof e->verdict - 16];
    visible_cut(shown, sizeof shown, log && first[0] ? first : "the compiler failed");
    if (res.verdict == SANDBOX_OK && copy_file(out, log_path, 0755, 0, ANY_OWNER) == 0)
        e->verdict[0] = '\0';
    else
        snprintf(e->verdict, sizeof e->verdict, "build failed: %s",
                 res.verdict == SANDBOX_TIMEOUT ? "the compiler ran out of time"
                 : res.verdict == SANDBOX_MEMORY ? "the compiler ran out of memory" : shown);
    free(log);
    free(res.out), free(res.err);
    status = 0;
done:
    for (int i = 8; i < 8 + (found > 0 ? found : 0); i++)
        free((char *)argv[i]);
    sandbox_scratch_free(scratch);
    return status;
}

/* As root every bot runs under a uid of its own, which must be able to
** reach its folder: every folder on the way searchable by others.  -1
** with why[] naming the first that is not. */
static int reachable(const char *folder, const char *bot, char *why, size_t whylen)
{
    char *path = realpath(folder, NULL);
    struct stat st;
    int status = 0;

    if (geteuid() != 0 || !path) {
        free(path);
        return 0;
    }
    for (char *end = path + strlen(path); status == 0 && end > path; *end = '\0', end = strrchr(path, '/')) {
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode) && !(st.st_mode & S_IXOTH))
            status = (snprintf(why, whylen, "bot %s: the sandbox's uids cannot enter %s (mode %03o): give others "
                               "search permission (chmod o+x) or use another folder", bot, path,
                               (unsigned)st.st_mode & 0777), -1);
    }
    free(path);
    return status;
}

/* Whether the file at `path` holds `print`: the sources a kept build was
** made from. */
static int same_print(const char *path, const char *print)
{
    char kept[64] = "";
    FILE *f = fopen(path, "r");
    int same = f && fgets(kept, sizeof kept, f) && strcmp(kept, print) == 0;

    if (f)
        fclose(f);
    return same;
}

/* A submission: built unless OUTDIR holds its verdict already, made from
** the sources the folder holds now. */
static int submission(const struct tconfig_bot *b, const char *outdir, const char *driver, int build,
                      struct tentrant *e, char *why, size_t whylen)
{
    char dir[3900], path[4096], text[200] = "";
    FILE *f;

    snprintf(dir, sizeof dir, "%s/bots/%s", outdir, e->file);
    snprintf(path, sizeof path, "%s/build.txt", dir);
    if (b->refused) {   /* a student of the class with nothing to build */
        snprintf(e->verdict, sizeof e->verdict, "%s", b->refused);
        char line[sizeof e->verdict + 1];
        int len = snprintf(line, sizeof line, "%s\n", e->verdict);
        mkdir(dir, 0755);
        if (build && tjournal_write_file(path, line, (size_t)len) != 0)
            return snprintf(why, whylen, "cannot write %s", path), -1;
        return 0;
    }
    if ((f = fopen(path, "r")) != NULL) {
        if (!fgets(text, sizeof text, f))
            text[0] = '\0';
        fclose(f);
        text[strcspn(text, "\n")] = '\0';
    } else if (!build) {
        return snprintf(why, whylen, "%s: no build verdict of bot %s", path, b->name), -1;
    }
    /* A kept build counts only while the folder holds what it was made
    ** from (source_print.h): else it is made again. */
    char print[64] = "", print_path[4200];
    snprintf(print_path, sizeof print_path, "%s/source.txt", dir);
    if (build && tsource_print(b->path, print, sizeof print) != 0)
        return snprintf(why, whylen, "bot %s: folder %s cannot be read", b->name, b->path), -1;
    if (build && !same_print(print_path, print))
        text[0] = '\0';
    if (!text[0]) {
        char *src = realpath(b->path, NULL);
        if (!src)
            return snprintf(why, whylen, "bot %s: folder %s: %s", b->name, b->path, strerror(errno)), -1;
        mkdir(dir, 0755);
        int ok = compile(src, driver, dir, e) == 0;
        free(src);
        if (!ok)
            return snprintf(why, whylen, "bot %s: the build could not be run (the grader's failure)", b->name), -1;
        snprintf(text, sizeof text, "%s", e->verdict[0] ? e->verdict : "ok");
        char line[220];
        int len = snprintf(line, sizeof line, "%s\n", text);
        if (tjournal_write_file(print_path, print, strlen(print)) != 0 ||
            tjournal_write_file(path, line, (size_t)len) != 0)
            return snprintf(why, whylen, "cannot write %s", path), -1;
    }
    if (strcmp(text, "ok") != 0) {
        snprintf(e->verdict, sizeof e->verdict, "%s", text);
        return 0;
    }
    e->ready = 1;
    if (!build)
        return 0;       /* results only: no program needed */
    snprintf(path, sizeof path, "%s/bot", dir);
    if (set_program(e, path) != 0)
        return snprintf(why, whylen, "bot %s: %s is missing", b->name, path), -1;
    return reachable(e->folder, b->name, why, whylen);
}

int tentrant_prepare(const struct tconfig *c, const char *outdir, const char *kit_build, int build,
                     struct tentrant *e, char *why, size_t whylen)
{
    char house[4096], driver[4096], *driver_abs = NULL, bots[4096];
    int status = 0;

    memset(e, 0, (size_t)c->n_bots * sizeof *e);
    snprintf(house, sizeof house, "%s", c->house_program ? c->house_program : "");
    if (!c->house_program)
        snprintf(house, sizeof house, "%s/bots/house", kit_build);
    snprintf(driver, sizeof driver, "%s", c->driver ? c->driver : "");
    if (!c->driver && TENTRANT_KIT_DRIVER[0])
        snprintf(driver, sizeof driver, "%s/../%s", kit_build, TENTRANT_KIT_DRIVER);
    snprintf(bots, sizeof bots, "%s/bots", outdir);
    mkdir(bots, 0755);
    for (int b = 0; b < c->n_bots && status == 0; b++) {
        const struct tconfig_bot *bot = &c->bots[b];
        e[b].bot = bot;
        memcpy(e[b].file, bot->file, sizeof e[b].file);   /* made once, when added */
        if (bot->kind == TCONFIG_SUBMISSION) {
            if (build && !driver_abs && !(driver_abs = realpath(driver, NULL)))
                status = (snprintf(why, whylen, "the kit's driver %s: %s (set it with `driver PATH`)", driver,
                                   driver[0] ? strerror(errno) : "not known to this build"), -1);
            else
                status = submission(bot, outdir, driver_abs, build, &e[b], why, whylen);
            continue;
        }
        e[b].ready = 1;
        if (!build)
            continue;   /* results only: no program needed */
        if (set_program(&e[b], bot->kind == TCONFIG_HOUSE ? house : bot->path) != 0) {
            snprintf(why, whylen, "bot %s: program %s: %s", bot->name,
                     bot->kind == TCONFIG_HOUSE ? house : bot->path, strerror(errno));
            status = -1;
            continue;
        }
        if (reachable(e[b].folder, bot->name, why, whylen) != 0) {
            status = -1;
            continue;
        }
        int n = 1;
        if (bot->kind == TCONFIG_HOUSE) {
            char depth[16];
            snprintf(depth, sizeof depth, "%d", bot->depth);
            e[b].argv[n++] = strdup(bot->house);
            e[b].argv[n++] = strdup(depth);
        }
        for (int a = 0; a < bot->n_args; a++)
            e[b].argv[n++] = strdup(bot->args[a]);
        for (int a = 1; a < n; a++)
            if (!e[b].argv[a])
                status = (snprintf(why, whylen, "out of memory"), -1);
    }
    free(driver_abs);
    return status;
}

struct rplayer *tentrant_player(const struct tentrant *e, const struct tconfig *c, uint64_t seed)
{
    const char *argv[TCONFIG_MAX_ARGS + 6] = {0}, *readonly[2] = {e->folder, NULL};
    char seed_text[24];
    int n = 0;

    while (e->argv[n]) {
        argv[n] = e->argv[n];
        n++;
    }
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    if (e->bot->kind == TCONFIG_HOUSE)
        argv[n++] = seed_text;
    struct rplayer_program prog = {.argv = argv, .readonly_paths = readonly};
    rplayer_program_limits(&prog, c->call_cpu, c->game_cpu, (size_t)c->memory_mb << 20);
    return rplayer_process(&prog);
}

void tentrant_free(struct tentrant *e, int n)
{
    for (int b = 0; e && b < n; b++) {
        for (int a = 0; e[b].argv[a]; a++)
            free(e[b].argv[a]);
        free(e[b].folder);
        memset(&e[b], 0, sizeof e[b]);
    }
}
