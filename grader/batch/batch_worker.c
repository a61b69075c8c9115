/*
** batch_worker.c -- one student, graded in a process of its own.
**
** The worker is a fork of grade-all.  It unpacks the student's archive
** (if any) into OUTDIR/.work/ID, runs `grade --format json -j 1` on the
** folder as its child, and turns what came back into the student's files:
** result.json, report.html, grade.log, status.json and, last, the
** fingerprint (batch.h).  Everything that can go wrong with one student --
** a libarchive bug, a grader crash, a hostile archive -- happens in this
** process and ends in that student's status, never in grade-all.
**
** Lifetime: the worker leads a process group of its own (a ^C on the
** terminal reaches grade-all, which then kills the workers itself) and
** dies with grade-all (PR_SET_PDEATHSIG); the grader dies with the worker
** the same way, and the grader's sandbox then kills every job it had.  So
** a `kill -9` of grade-all stops the whole tree at once, and nothing is
** left writing into OUTDIR while the next run starts.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "batch_internal.h"
#include "../report/html/html.h"
#include "../report/visible.h"

#define RESULT_TMP ".result.json.tmp"

struct worker {
    const struct batch_options *o;
    struct batch_student s;       /* a copy: status and seconds filled here */
    char sdir[4096], work[4096];
    cJSON *result;
};

static void set_status(struct worker *w, const char *prefix, const char *why)
{
    snprintf(w->s.status, sizeof w->s.status, "%s%s", prefix, why);
}

/* Dies with `parent`, even if it is already gone. */
static int die_with(pid_t parent)
{
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) == 0 && getppid() == parent ? 0 : -1;
}

/* The grader's last line on stderr, made visible (report/visible.h) and cut
** to 150 bytes, for "grader error: ...". */
static void last_line(const char *log, char *buf, size_t size)
{
    char tail[1024] = "";
    int fd = open(log, O_RDONLY | O_CLOEXEC);
    off_t end = fd >= 0 ? lseek(fd, 0, SEEK_END) : 0;
    ssize_t n = 0;
    if (fd >= 0 && end >= 0)
        n = pread(fd, tail, sizeof tail - 1, end > (off_t)sizeof tail - 1 ? end - (off_t)sizeof tail + 1 : 0);
    if (fd >= 0)
        close(fd);
    tail[n > 0 ? n : 0] = '\0';
    while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == '\r'))
        tail[--n] = '\0';
    const char *line = strrchr(tail, '\n') ? strrchr(tail, '\n') + 1 : tail;
    visible_cut(buf, size < 151 ? size : 151, line);
}

/* The grader's command line. */
static void grader_argv(const struct worker *w, const char *folder,
                        const char *json, const char *argv[20])
{
    int i = 0;
    argv[i++] = w->o->grader;
    argv[i++] = "--format";
    argv[i++] = "json";
    argv[i++] = "-j";
    argv[i++] = "1";
    argv[i++] = "-o";
    argv[i++] = json;
    argv[i++] = "--kit";
    argv[i++] = w->o->kit;
    argv[i++] = "-a";
    argv[i++] = w->o->assignment->id;
    argv[i++] = "--tests";
    argv[i++] = w->o->include_hidden ? "all" : "public";
    if (w->o->rubric) {
        argv[i++] = "--rubric";
        argv[i++] = w->o->rubric;
    }
    argv[i++] = folder;
    argv[i] = NULL;
}

/* Runs the grader on `folder`; returns its wait status, or -1. */
static int run_grader(struct worker *w, const char *folder, const char *json)
{
    const char *argv[20];
    grader_argv(w, folder, json, argv);
    pid_t me = getpid(), pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR | O_CLOEXEC);
        if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || die_with(me) != 0)
            _exit(126);
        execv(argv[0], (char *const *)argv);
        visible_printf(stderr, "grade-all: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return status;
}

/* A completed grading: "build failed" when the build test failed or any
** test could not run for want of a build, else "graded". */
static const char *verdict_of(const cJSON *result)
{
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(result, "tests")) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(t, "name");
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(t, "status");
        if (!cJSON_IsString(st))
            continue;
        if (strcmp(st->valuestring, "build failed") == 0
            || (cJSON_IsString(name) && strcmp(name->valuestring, "build/compiles") == 0
                && strcmp(st->valuestring, "passed") != 0))
            return "build failed";
    }
    return "graded";
}

/* Reads the grader's report; a report that is not a JSON object with a
** tests array is the grader's failure, never a score. */
static int take_result(struct worker *w, const char *json)
{
    char *text = batch_read(json, BATCH_JSON_MAX);
    w->result = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!cJSON_IsObject(w->result)
        || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(w->result, "tests"))
        || !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(w->result, "score"))) {
        set_status(w, "grader error: ", "its JSON report is unreadable");
        return -1;
    }
    set_status(w, verdict_of(w->result), "");
    return 0;
}

static int fill_report(FILE *out, void *arg)
{
    const struct worker *w = arg;
    return html_student_report(w->result, w->s.id, out);
}

/* Grades the folder and keeps what the grader wrote. */
static void grade_folder(struct worker *w, const char *folder)
{
    char json[4096], log[4096], why[BATCH_STATUS_MAX - 20];
    if (batch_path(json, sizeof json, w->sdir, RESULT_TMP) != 0
        || batch_path(log, sizeof log, w->sdir, BATCH_LOG) != 0) {
        set_status(w, "grader error: ", "path too long");
        return;
    }
    int status = run_grader(w, folder, json);
    if (status == -1)
        set_status(w, "grader error: ", strerror(errno));
    else if (WIFSIGNALED(status))
        snprintf(w->s.status, sizeof w->s.status, "grader error: killed by signal %d",
                 WTERMSIG(status));
    else if (WEXITSTATUS(status) != 0) {
        last_line(log, why, sizeof why);
        snprintf(w->s.status, sizeof w->s.status, "grader error: %s",
                 *why ? why : "it failed without saying why");
    } else if (take_result(w, json) == 0
               && (batch_commit(w->sdir, RESULT_TMP, BATCH_RESULT) != 0
                   || batch_write_atomic(w->sdir, BATCH_REPORT, fill_report, w) != 0))
        set_status(w, "grader error: ", "cannot save result.json or report.html");
}

/* Unpacks the archive into OUTDIR/.work/ID; returns 0 or sets the status. */
static int unpack(struct worker *w)
{
    char work_root[4096], why[BATCH_STATUS_MAX - 20];
    if (batch_path(work_root, sizeof work_root, w->o->outdir, BATCH_WORK) != 0
        || batch_path(w->work, sizeof w->work, work_root, w->s.id) != 0) {
        set_status(w, "grader error: ", "path too long");
        return -1;
    }
    if (batch_mkdir(work_root) != 0 || batch_remove_tree(w->work) != 0 || batch_mkdir(w->work) != 0) {
        set_status(w, "grader error: ", "cannot make the unpack folder");
        return -1;
    }
    int rc = unpack_archive(w->s.path, w->s.format, w->work, NULL, why, sizeof why);
    if (rc != 0)
        set_status(w, rc == -1 ? "bad archive: " : "grader error: ", why);
    return rc;
}

/* Sends our own messages and the grader's stderr to the student's log,
** written as the grading goes: a log for people, not a result. */
static int open_log(const struct worker *w)
{
    char log[4096];
    if (batch_path(log, sizeof log, w->sdir, BATCH_LOG) != 0)
        return -1;
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0 || dup2(fd, 2) < 0)
        return -1;
    close(fd);
    return 0;
}

/* Removes what an earlier grading left that this one does not replace,
** and the temporary files (names starting with '.') of a killed run. */
static void drop_stale(const struct worker *w)
{
    static const char *const names[] = { BATCH_RESULT, BATCH_REPORT, NULL };
    char path[4096];
    struct dirent *e;
    DIR *d = opendir(w->sdir);
    while (d && (e = readdir(d)))
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlinkat(dirfd(d), e->d_name, 0);
    if (d)
        closedir(d);
    for (const char *const *n = names; *n; n++)
        if (batch_path(path, sizeof path, w->sdir, *n) == 0)
            unlink(path);
}

static int worker_main(struct worker *w, pid_t parent)
{
    char fp[4096];
    double start = batch_now();
    sigset_t none;
    sigemptyset(&none);
    if (setpgid(0, 0) != 0 || sigprocmask(SIG_SETMASK, &none, NULL) != 0 || die_with(parent) != 0)
        return 3;
    if (batch_path(w->sdir, sizeof w->sdir, w->o->outdir, w->s.id) != 0
        || batch_path(fp, sizeof fp, w->sdir, BATCH_FINGERPRINT) != 0
        || batch_mkdir(w->sdir) != 0 || (unlink(fp) != 0 && errno != ENOENT)
        || open_log(w) != 0)
        return 3;
    drop_stale(w);
    if (w->s.entry == ENTRY_FOLDER)
        grade_folder(w, w->s.path);
    else if (unpack(w) == 0)
        grade_folder(w, w->work);
    if (*w->work)
        batch_remove_tree(w->work);
    if (!w->result || !batch_status_is_verdict(w->s.status))
        drop_stale(w);      /* no result of this grading stands */
    w->s.seconds = batch_now() - start;
    if (batch_save_status(w->sdir, &w->s) != 0)
        return 4;
    char line[sizeof w->s.fingerprint + 1];
    snprintf(line, sizeof line, "%s\n", w->s.fingerprint);
    if (batch_status_is_verdict(w->s.status)
        && batch_write_text(w->sdir, BATCH_FINGERPRINT, line) != 0)
        return 4;
    return 0;
}

pid_t batch_worker_start(const struct batch_options *o,
                         const struct batch_student *s, int keep_closed, const char *tmp)
{
    pid_t parent = getpid();
    fflush(NULL);     /* or the child would flush our buffers a second time */
    pid_t pid = fork();
    if (pid < 0) {
        perror("grade-all: fork");
        return -1;
    }
    if (pid > 0)
        return pid;
    if (keep_closed >= 0)
        close(keep_closed);
    if (tmp && setenv("TMPDIR", tmp, 1) != 0)
        _exit(1);
    struct worker w = { .o = o, .s = *s };
    int rc = worker_main(&w, parent);
    cJSON_Delete(w.result);
    _exit(rc);
}

/* A measurement younger than this, and than the grader, is kept: a class
** graded again an instant later needs no new one (a stale fingerprint
** still makes each grader measure by itself). */
#define CALIBRATION_FRESH_SECONDS 3600

static int calibration_is_fresh(const struct batch_options *o)
{
    char path[4096];
    struct stat st, grader;
    assignment_path(path, sizeof path, o->kit, o->assignment, "build/calibration-", ".txt");
    return stat(path, &st) == 0 && time(NULL) - st.st_mtime < CALIBRATION_FRESH_SECONDS
        && stat(o->grader, &grader) == 0 && grader.st_mtime <= st.st_mtime;
}

int batch_calibrate(const struct batch_options *o)
{
    const char *argv[16];
    int i = 0;
    if (calibration_is_fresh(o))
        return 0;
    argv[i++] = o->grader;
    argv[i++] = "--calibrate";
    argv[i++] = "--kit";
    argv[i++] = o->kit;
    argv[i++] = "-a";
    argv[i++] = o->assignment->id;
    argv[i++] = "--tests";
    argv[i++] = o->include_hidden ? "all" : "public";
    if (o->rubric) {
        argv[i++] = "--rubric";
        argv[i++] = o->rubric;
    }
    argv[i] = NULL;
    visible_printf(stderr, "grade-all: measuring what the reference costs on this machine\n");
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR | O_CLOEXEC);
        if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0)
            _exit(126);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}
