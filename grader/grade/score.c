/*
** score.c -- points and feedback for each graded test (rules in score.h).
**
** Feedback is written for the student: what was checked, what happened,
** and the evidence (the diff, the sanitizer's report, the compiler's
** message), cut to a readable length.
*/
#define _GNU_SOURCE
#include "score.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../compare/compare.h"
#include "unit_output.h"

#define FEEDBACK_MAX_LINES 60

int build_artefact_ok(const struct build_output *b, const struct catalog_test *t)
{
    /* A program that could turn the memory checkers off gets none run
    ** (build.h, `hooks`). */
    int checkable = !b->hooks;
    switch (t->kind) {
    case KIND_TRANSCRIPT:
        return b->ok[BUILD_PROGRAM];
    case KIND_VALGRIND:
        return b->ok[BUILD_PROGRAM] && checkable;
    case KIND_ASAN:
        return b->ok[BUILD_ASAN] && checkable;
    case KIND_TSAN:
        return b->ok[BUILD_TSAN] && checkable;
    case KIND_UNIT:
        return b->ok[t->set == SET_PUBLIC ? BUILD_UNIT_PUBLIC : BUILD_UNIT_HIDDEN];
    default:
        return 1;
    }
}

/* The first FEEDBACK_MAX_LINES lines of `text`, malloc'd. */
static char *first_lines(const char *text, size_t len)
{
    size_t end = 0, lines = 0;
    while (end < len && lines < FEEDBACK_MAX_LINES)
        if (text[end++] == '\n')
            lines++;
    char *out = NULL;
    if (asprintf(&out, "%.*s%s", (int)end, text, end < len ? "[... cut ...]\n" : "") < 0)
        return NULL;
    return out;
}

/* Maps a run's verdict to a status; SANDBOX_OK and SANDBOX_EXIT map to
** `otherwise` (the test's own judgement). */
static enum result_status verdict_status(const struct sandbox_result *res,
                                         enum result_status otherwise)
{
    static const enum result_status table[] = {
        [SANDBOX_TIMEOUT] = STATUS_TIMEOUT,
        [SANDBOX_MEMORY] = STATUS_MEMORY_LIMIT,
        [SANDBOX_OUTPUT] = STATUS_OUTPUT_LIMIT,
        [SANDBOX_SIGNAL] = STATUS_CRASHED,
    };
    if (res->verdict == SANDBOX_OK || res->verdict == SANDBOX_EXIT)
        return otherwise;
    return table[res->verdict];
}

/* What stopped the run `res`, in a sentence; `output_cap` is its stdout's
** and stderr's cap (0: the sandbox's 1 MiB), which tells printing from
** the rest of SANDBOX_OUTPUT. */
static char *verdict_sentence(const struct sandbox_result *res, size_t output_cap)
{
    char *s = NULL;
    int n = 0;
    switch (res->verdict) {
    case SANDBOX_TIMEOUT:
        n = asprintf(&s, "Stopped: time limit (ran %.2f s wall, %.2f s CPU).\n",
                     res->wall_seconds, res->cpu_seconds);
        break;
    case SANDBOX_MEMORY:
        n = asprintf(&s, "Stopped: memory limit (peak %ld KiB).\n", res->max_rss_kb);
        break;
    case SANDBOX_OUTPUT:
        /* A stream at its cap, else a file past its size (SIGXFSZ) or its
        ** scratch disk left full: the sandbox does not say which. */
        if (!output_cap)
            output_cap = (size_t)1 << 20;
        if (res->out_len >= output_cap || res->err_len >= output_cap)
            n = asprintf(&s, "Stopped: printed more than the output limit.\n");
        else
            n = asprintf(&s, "Stopped: output limit (it wrote a file larger than a run may, or filled the "
                         "disk it may write to).\n");
        break;
    case SANDBOX_SIGNAL:
        n = asprintf(&s, "Crashed: killed by signal %s (%s).\n", sigabbrev_np(res->signal)
                     ? sigabbrev_np(res->signal) : "?", strsignal(res->signal));
        break;
    case SANDBOX_EXIT:
        n = asprintf(&s, "Exited with status %d (expected 0).\n", res->exit_code);
        break;
    default:
        n = asprintf(&s, "%s", "");
    }
    return n < 0 ? NULL : s;
}

static void set_output(struct test_result *t, char *a, char *b)
{
    if (asprintf(&t->output, "%s%s", a ? a : "", b ? b : "") < 0)
        t->output = NULL;
    free(a);
    free(b);
}

/* The `lines` lines of the board that starts at `start` in text[0, len),
** or NULL when there is no board there. */
static char *board_at(const char *text, size_t len, size_t start, int lines)
{
    size_t end = start;
    for (int seen = 0; end < len && seen < lines; end++)
        if (text[end] == '\n')
            seen++;
    return end > start ? strndup(text + start, end - start) : NULL;
}

/* The first board whose header starts at or after `from`, or NULL. */
static char *next_board(const char *text, size_t len, size_t from,
                        const struct assignment_protocol *proto)
{
    if (from >= len)
        return NULL;
    const char *header = proto->board_header;
    const char *p = memmem(text + from, len - from, header, strlen(header));
    return p ? board_at(text, len, (size_t)(p - text), proto->board_lines) : NULL;
}

/* Where the last board header at or before `offset` starts in the
** expected text, or (size_t)-1. */
static size_t last_board_start(const struct session *s, size_t offset, const char *header)
{
    size_t start = (size_t)-1, hlen = strlen(header);
    for (const char *p = s->expected; p && (size_t)(p - s->expected) <= offset;) {
        p = memmem(p, s->expected_len - (size_t)(p - s->expected), header, hlen);
        if (p && (size_t)(p - s->expected) <= offset)
            start = (size_t)(p++ - s->expected);
        else
            break;
    }
    return start;
}

/* Fills the board pictures and the move for a differing transcript: the
** last board header at or before the first difference starts the board
** to show on both sides (their bytes agree up to the difference).  An
** assignment that prints no boards (or reads no moves) gets neither. */
static void note_difference(struct test_result *t, const struct session *s,
                            const struct sandbox_result *res,
                            const struct assignment_protocol *proto)
{
    struct compare_diff d;
    compare_diff(&d, s->expected, s->expected_len, res->out, res->out_len, s->input, s->input_len,
                 proto ? &proto->moves : NULL);
    t->move = compare_describe_move(&d.move);
    if (!proto || !proto->board_header)
        return;
    size_t start = last_board_start(s, d.offset, proto->board_header);
    t->expected_board = start == (size_t)-1 ? NULL
                      : board_at(s->expected, s->expected_len, start, proto->board_lines);
    if (t->expected_board && d.offset < start + strlen(t->expected_board)) {
        t->actual_board = board_at(res->out, res->out_len, start, proto->board_lines);
        return;
    }
    /* The outputs part ways between boards (a message instead of a board,
    ** say): show the next board each side printed after that point. */
    free(t->expected_board);
    t->expected_board = next_board(s->expected, s->expected_len, d.offset, proto);
    t->actual_board = next_board(res->out, res->out_len, d.offset, proto);
}

static void score_transcript(struct test_result *t, const struct session *s,
                             const struct sandbox_result *res, size_t output_cap, const struct rubric_options *o,
                             const struct assignment_protocol *proto)
{
    int exact = compare_exact(s->expected, s->expected_len, res->out, res->out_len);
    int lenient = exact || compare_lenient(s->expected, s->expected_len, res->out, res->out_len);
    int clean = res->verdict == SANDBOX_OK;

    t->status = verdict_status(res, exact ? STATUS_EXIT_STATUS : STATUS_FAILED);
    if (clean && exact)
        t->status = STATUS_PASSED, t->score = t->max_score;
    else if (clean && lenient)
        t->status = STATUS_PARTIAL, t->score = t->max_score * o->lenient_share;
    if (!exact)
        note_difference(t, s, res, proto);
    char *feedback = exact ? strdup("Output matches exactly.\n")
                           : compare_feedback(s->expected, s->expected_len, res->out,
                                              res->out_len, s->input, s->input_len,
                                              proto ? &proto->moves : NULL, 0);
    set_output(t, verdict_sentence(res, output_cap), feedback);
}

/* A sanitizer or Valgrind run passes when it ended cleanly AND the
** program did its job at least roughly -- printed at least half as much as
** the reference: a skeleton that prints only prompts has no memory errors
** to find and earns nothing, while a program with a logic bug is not
** punished twice.  Its stderr is the evidence either way. */
static void score_memory(struct test_result *t, const struct session *s,
                         const struct sandbox_result *res, size_t output_cap, const char *tool, int tool_exit,
                         const char *finding)
{
    int found = res->verdict == SANDBOX_EXIT && res->exit_code == tool_exit;
    char *head = NULL;
    int working = res->out_len * 2 >= s->expected_len;
    t->status = verdict_status(res, res->verdict == SANDBOX_OK && working ? STATUS_PASSED
                                                                          : STATUS_FAILED);
    if (t->status == STATUS_PASSED)
        t->score = t->max_score;
    if (found && asprintf(&head, "%s %s:\n", tool, finding) < 0)
        head = NULL;
    else if (!found && res->verdict == SANDBOX_OK && !working)
        head = strdup("No memory error was found, but the program printed less than half of "
                      "the expected transcript, so this run shows too little of it to earn "
                      "the memory points.\n");
    if (!found && !head)
        head = verdict_sentence(res, output_cap);
    set_output(t, head, res->err_len ? first_lines(res->err, res->err_len) : NULL);
}

/* What ThreadSanitizer reported, from its report's first warning line
** ("WARNING: ThreadSanitizer: data race (pid=7)"): "a data race", "a
** thread leak", "a lock-order-inversion (potential deadlock)"; when it
** stopped without a warning (a fatal error of its own), its first line.
** Malloc'd; NULL when memory runs out. */
static char *tsan_finding(const char *err, size_t len)
{
    static const char warning[] = "WARNING: ThreadSanitizer: ", fatal[] = "ThreadSanitizer";
    const char *p = memmem(err, len, warning, sizeof warning - 1);
    char *out = NULL;
    if (p) {
        p += sizeof warning - 1;
        size_t n = strcspn(p, "\n");
        const char *pid = memmem(p, n, " (pid=", 6);
        n = pid ? (size_t)(pid - p) : n;
        return asprintf(&out, "reported a %.*s", (int)(n > 200 ? 200 : n), p) < 0 ? NULL : out;
    }
    if ((p = memmem(err, len, fatal, sizeof fatal - 1)) != NULL) {
        while (p > err && p[-1] != '\n')
            p--;
        size_t n = strcspn(p, "\n");
        return asprintf(&out, "stopped the program: %.*s", (int)(n > 200 ? 200 : n), p) < 0 ? NULL : out;
    }
    return strdup("reported an error");
}

static void score_build(struct test_result *t, const struct build_output *b, int style)
{
    const char *log = b->log[BUILD_PROGRAM];
    int pass = style ? b->ok[BUILD_PROGRAM] && !b->warnings : b->ok[BUILD_PROGRAM];
    t->status = pass ? STATUS_PASSED : STATUS_FAILED;
    if (style && !b->ok[BUILD_PROGRAM])
        t->status = STATUS_BUILD_FAILED;
    t->score = pass ? t->max_score : 0;
    const char *what = pass ? (style ? "No warnings.\n" : "Built.\n")
                            : (style ? "The compiler printed warnings:\n" : "The build failed:\n");
    char *head = NULL;
    /* The build verdict says plainly what vet-hooks.sh found. */
    if (!style && b->hooks && asprintf(&head, "%s%s", what, b->hooks) < 0)
        head = NULL;
    else if (style || !b->hooks)
        head = strdup(what);
    set_output(t, head, first_lines(log, strlen(log)));
}

/* Was the memory test `c` not run only because of what vet-hooks.sh found
** (its program was built)? */
static int refused_by_hooks(const struct catalog_test *c, const struct build_output *b)
{
    if (!b->hooks)
        return 0;
    switch (c->kind) {
    case KIND_VALGRIND:
        return b->ok[BUILD_PROGRAM];
    case KIND_ASAN:
        return b->ok[BUILD_ASAN];
    case KIND_TSAN:
        return b->ok[BUILD_TSAN];
    default:
        return 0;
    }
}

static void score_not_built(struct test_result *t, const struct build_output *b)
{
    int unit = strncmp(t->name, "unit/", 5) == 0;

    const char *log = b->log[unit ? (strstr(t->name, "/hidden/") ? BUILD_UNIT_HIDDEN : BUILD_UNIT_PUBLIC)
                                  : strstr(t->name, "memory/asan/") ? BUILD_ASAN
                                  : strstr(t->name, "memory/tsan/") ? BUILD_TSAN : BUILD_PROGRAM];
    t->status = STATUS_BUILD_FAILED;
    int refused = unit && log && strstr(log, BUILD_UNIT_REFUSED) != NULL;
    set_output(t, strdup(refused ? "Not run: your code does what no unit test can allow, since a test "
                                   "could not trust its own result then:\n"
                         : unit ? "The unit tests could not be linked with your code "
                                "(is every required function defined, with the right name?):\n"
                              : strstr(t->name, "memory/tsan/")
                              ? "Not run: the program's ThreadSanitizer build (-fsanitize=thread "
                                "-pthread) failed:\n"
                              : "Not run: the program did not build.\n"),
               log ? first_lines(log, strlen(log)) : NULL);
}

static int score_one(const struct grade_plan *p, const struct planned_test *pt,
                     const struct build_output *b, const struct rubric_options *o,
                     struct grade_report *r)
{
    const struct catalog_test *c = pt->test;
    struct test_result *t = result_add(r, c->name, pt->grade.category);
    if (!t)
        return -1;
    t->visibility = pt->grade.visibility;
    t->max_score = pt->grade.max_score;
    if (c->kind == KIND_BUILD || c->kind == KIND_STYLE) {
        score_build(t, b, c->kind == KIND_STYLE);
        return t->output ? 0 : -1;
    }
    if (c->kind == KIND_VALGRIND && p->valgrind_missing) {
        t->status = STATUS_SKIPPED;
        t->max_score = 0;
        t->output = strdup("Skipped: Valgrind is not installed on this machine "
                           "(it runs when your work is graded).\n");
        return t->output ? 0 : -1;
    }
    const struct job *j = &p->jobs[pt->job];
    if (!j->spec.argv && refused_by_hooks(c, b)) {
        t->status = STATUS_FAILED;
        t->output = strdup(b->hooks);
        return t->output ? 0 : -1;
    }
    if (!j->spec.argv) {
        score_not_built(t, b);
        return t->output ? 0 : -1;
    }
    if (j->skipped) {
        t->status = j->skipped == JOBS_SKIP_MEMORY ? STATUS_MEMORY_LIMIT : STATUS_TIMEOUT;
        t->output = strdup(j->skipped == JOBS_SKIP_TIME
            ? "Not run: the program hit the time limit on earlier runs of this kind, so the "
              "grader gave up on the rest (they would have timed out too).\n"
            : j->skipped == JOBS_SKIP_MEMORY
            ? "Not run: the program hit the memory limit on earlier runs of this kind, so the "
              "grader gave up on the rest.\n"
            : "Not run: the program's earlier runs used up its grading budget of CPU or "
              "wall-clock time (see grader/run/jobs.h), so the grader gave up on the rest.\n");
        return t->output ? 0 : -1;
    }
    /* A unit test confirmed against the reference is scored from its run
    ** alone (unit_confirm.h). */
    const struct sandbox_result *res = pt->retried ? &p->retry[c->set].result : &j->result;
    t->seconds = res->wall_seconds;
    t->signal = res->signal;
    t->exit_code = res->exit_code;
    if (c->kind == KIND_TRANSCRIPT)
        score_transcript(t, c->session, &j->result, j->spec.limits.output_bytes, o, p->assignment->protocol);
    else if (c->kind == KIND_ASAN)
        score_memory(t, c->session, &j->result, j->spec.limits.output_bytes, "AddressSanitizer/UBSan",
                     SCORE_SANITIZER_EXIT,
                     "found memory errors or leaks");
    else if (c->kind == KIND_TSAN) {
        char *finding = tsan_finding(j->result.err, j->result.err_len);
        if (!finding)
            return -1;
        score_memory(t, c->session, &j->result, j->spec.limits.output_bytes, "ThreadSanitizer",
                     SCORE_TSAN_EXIT, finding);
        free(finding);
    } else if (c->kind == KIND_VALGRIND)
        score_memory(t, c->session, &j->result, j->spec.limits.output_bytes, "Valgrind", SCORE_SANITIZER_EXIT,
                     "found memory errors or leaks");
    else
        unit_output_score(t, c->unit_id, pt->retried ? p->retry[c->set].nonce : p->nonce[c->set], res);
    return t->output ? 0 : -1;
}

int score_all(const struct grade_plan *p, const struct build_output *b,
              const struct rubric_options *o, struct grade_report *r)
{
    for (size_t i = 0; i < p->ntests; i++)
        if (p->tests[i].graded && score_one(p, &p->tests[i], b, o, r) != 0)
            return -1;
    return 0;
}
