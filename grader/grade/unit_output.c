/*
** unit_output.c -- find a unit test's pass line or its failure report.
**
** Criterion (run with --jobs=1, so reports come in test order) writes, for
** a failing test, some "[----] ..." lines (file:line and the assertion
** message) and then "[FAIL] suite::test: ..." ending in "CRASH!",
** "Timed out. (...)" or the time taken.  The lines of one test are those
** after the previous [FAIL]/[PASS]/[SKIP] line.  A test whose call of the
** code under test was stopped at the call's own limit (grader/unit/callee.c)
** reads as timed out too.
*/
#define _GNU_SOURCE
#include "unit_output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How the unit harness (grader/unit/callee.c) words a call of the code
** under test stopped at its own CPU or wall limit: such a test ran out of
** time, and its status says so, as a test stopped by Criterion's timeout
** does.  The code under test could print the phrase itself, but only to
** turn its own failure into a timeout: both score nothing. */
#define CALL_LIMIT_PHRASE " did not return within "

/* Is the whole line "<nonce> PASS <unit_id>" somewhere in `out`? */
static int has_pass_line(const char *out, size_t len, const char *unit_id, const char *nonce)
{
    char *want = NULL;
    if (asprintf(&want, "%s PASS %s\n", nonce, unit_id) < 0)
        return 0;
    size_t wlen = strlen(want);
    int found = 0;
    for (const char *p = out, *end = out + len; !found && p && p < end;) {
        found = (size_t)(end - p) >= wlen && memcmp(p, want, wlen) == 0;
        p = memchr(p, '\n', (size_t)(end - p));
        if (p)
            p++;
    }
    free(want);
    return found;
}

/* The report block of `unit_id` in Criterion's stderr, malloc'd, with the
** "[----] " prefixes removed; NULL when the test has no [FAIL] line.
** Sets *status from the [FAIL] line. */
static char *failure_block(const char *err, const char *unit_id, enum result_status *status)
{
    char *marker = NULL;
    const char *slash = strchr(unit_id, '/');
    if (!slash || asprintf(&marker, "[FAIL] %.*s::%s:", (int)(slash - unit_id), unit_id, slash + 1) < 0) {
        free(marker);
        return NULL;
    }
    const char *block = err, *hit = NULL;
    for (const char *line = err; *line;) {
        const char *next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        if (strncmp(line, marker, strlen(marker)) == 0) {
            hit = line;
            break;
        }
        if (!strncmp(line, "[FAIL]", 6) || !strncmp(line, "[PASS]", 6) || !strncmp(line, "[SKIP]", 6))
            block = next;
        line = next;
    }
    free(marker);
    if (!hit)
        return NULL;
    const char *eol = strchr(hit, '\n');
    size_t hit_len = eol ? (size_t)(eol - hit) : strlen(hit);
    *status = memmem(hit, hit_len, "CRASH!", 6) ? STATUS_CRASHED
            : memmem(hit, hit_len, "Timed out", 9) ? STATUS_TIMEOUT
            : memmem(block, (size_t)(hit - block), CALL_LIMIT_PHRASE, strlen(CALL_LIMIT_PHRASE))
                ? STATUS_TIMEOUT : STATUS_FAILED;
    char *text = malloc((size_t)(hit - block) + hit_len + 2), *w = text;
    for (const char *p = block; text && p < hit + hit_len;) {
        if (strncmp(p, "[----] ", 7) == 0)
            p += 7;
        else if (strncmp(p, "[----]", 6) == 0)
            p += 6;
        const char *nl = memchr(p, '\n', (size_t)(hit + hit_len - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(hit + hit_len - p);
        memcpy(w, p, n);
        w += n;
        p += n;
    }
    if (text)
        strcpy(w, "\n");
    return text;
}

void unit_output_score(struct test_result *t, const char *unit_id, const char *nonce,
                       const struct sandbox_result *res)
{
    enum result_status status = STATUS_FAILED;

    if (has_pass_line(res->out, res->out_len, unit_id, nonce)) {
        t->status = STATUS_PASSED;
        t->score = t->max_score;
        t->output = strdup("Passed.\n");
        return;
    }
    char *block = failure_block(res->err ? res->err : "", unit_id, &status);
    t->status = status;
    t->score = 0;
    if (block && res->verdict == SANDBOX_MEMORY && strstr(block, " was killed (Killed)")) {
        /* The job's memory cgroup was full and the kernel killed in it:
        ** the largest process, the callee running the student's code. */
        char *more = NULL;
        t->status = STATUS_MEMORY_LIMIT;
        if (asprintf(&more, "%sThe test's processes together held more memory than they may, so the "
                     "system stopped the one running your code.\n", block) >= 0) {
            free(block);
            block = more;
        }
    }
    if (block) {
        t->output = block;
        return;
    }
    if (res->verdict == SANDBOX_MEMORY) {
        /* Memory files hold no process's pages: the kernel may kill the
        ** runner itself, which ends every test after this one. */
        t->status = STATUS_MEMORY_LIMIT;
        t->output = strdup("The test did not run to its end: the test binary's processes together held "
                           "more memory than they may (memory files and shared memory count too), so the "
                           "system stopped them.\n");
        return;
    }
    if (res->verdict == SANDBOX_TIMEOUT || res->verdict == SANDBOX_OUTPUT)
        t->status = res->verdict == SANDBOX_TIMEOUT ? STATUS_TIMEOUT : STATUS_OUTPUT_LIMIT;
    t->output = strdup("The test did not run to its end: the test binary stopped before it "
                       "finished (a required function may call exit(), abort the program, "
                       "or run out of time).\n");
}

int unit_output_timed_out(const char *unit_id, const char *nonce, const struct sandbox_result *res)
{
    char *marker = NULL;
    const char *slash = strchr(unit_id, '/'), *err = res->err ? res->err : "";
    if (has_pass_line(res->out, res->out_len, unit_id, nonce) || !slash
        || asprintf(&marker, "[FAIL] %.*s::%s:", (int)(slash - unit_id), unit_id, slash + 1) < 0)
        return 0;
    int hit = 0;
    for (const char *line = err; *line && !hit;) {
        const char *eol = strchr(line, '\n');
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        hit = strncmp(line, marker, strlen(marker)) == 0 && memmem(line, len, "Timed out", 9);
        line += len + (eol != NULL);
    }
    free(marker);
    return hit;
}

int unit_output_nonce(char nonce[33])
{
    unsigned char raw[16];
    FILE *r = fopen("/dev/urandom", "rb");
    int ok = r && fread(raw, 1, sizeof raw, r) == sizeof raw;
    if (r)
        fclose(r);
    if (!ok) {
        fprintf(stderr, "grade: cannot read /dev/urandom\n");
        return -1;
    }
    for (size_t i = 0; i < sizeof raw; i++)
        sprintf(nonce + 2 * i, "%02x", raw[i]);
    return 0;
}
