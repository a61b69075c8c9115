/*
** unit_confirm.c -- run timed-out unit tests again when the reference's
** same tests show the machine is slower now (unit_confirm.h says why).
**
** Worked example.  The limits were derived on an idle machine, where the
** reference's whole hidden binary took 2.6 s: each test may take 5.2 s.
** Under a CPU quota, one correct test of a student's is stopped at 5.2 s.
** The reference's binary runs that test alone now, and Criterion reports
** it took 0.90 s; ten times that (and the half hundredth Criterion's
** rounding may hide), 9.05 s, is more than 5.2 s, so the student's test
** runs alone again with --timeout=9.05, and its pass there is its result.
** Had the reference's test taken 0.30 s (3.05 s < 5.2 s), the timeout
** would have stood.
*/
#define _GNU_SOURCE
#include "unit_confirm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_output.h"

/* The reference's run gets generous limits: only its cost is wanted. */
#define REFERENCE_MIN_SECONDS 60.0
/* Criterion prints a test's time to the hundredth of a second. */
#define ROUNDING 0.005

static double larger(double a, double b)
{
    return a > b ? a : b;
}

/* Can `id` stand in a Criterion filter pattern for itself alone? */
static int literal(const char *id)
{
    for (; *id; id++)
        if (!isalnum((unsigned char)*id) && *id != '_' && *id != '/')
            return 0;
    return 1;
}

/* The job that ran the unit binary of `set`, or NULL when none did. */
static const struct job *set_job(const struct grade_plan *p, int set)
{
    for (size_t i = 0; i < p->ntests; i++) {
        const struct planned_test *t = &p->tests[i];
        if (t->graded && t->job >= 0 && t->test->kind == KIND_UNIT && (int)t->test->set == set) {
            const struct job *j = &p->jobs[t->job];
            return j->spec.argv && !j->skipped ? j : NULL;
        }
    }
    return NULL;
}

/* Puts into `which` the graded tests of `set` that Criterion stopped for
** time in `j`'s run; returns how many. */
static size_t timed_out(const struct grade_plan *p, int set, const struct job *j, size_t *which)
{
    size_t n = 0;
    for (size_t i = 0; i < p->ntests; i++) {
        const struct planned_test *t = &p->tests[i];
        if (t->graded && t->test->kind == KIND_UNIT && (int)t->test->set == set
            && literal(t->test->unit_id)
            && unit_output_timed_out(t->test->unit_id, p->nonce[set], &j->result))
            which[n++] = i;
    }
    return n;
}

/* "--filter=@(a|b|...)" naming the tests `which`, malloc'd (NULL: out of
** memory). */
static char *filter_of(const struct grade_plan *p, const size_t *which, size_t n)
{
    size_t len = sizeof "--filter=@()";
    for (size_t k = 0; k < n; k++)
        len += strlen(p->tests[which[k]].test->unit_id) + 1;
    char *filter = malloc(len);
    if (!filter)
        return NULL;
    strcpy(filter, "--filter=@(");
    for (size_t k = 0; k < n; k++) {
        strcat(filter, p->tests[which[k]].test->unit_id);
        strcat(filter, k + 1 < n ? "|" : ")");
    }
    return filter;
}

/* Runs `argv` as `like` runs (its environment, read-only paths, other
** limits) on the input "<nonce>\n", within `wall` seconds, into `r`. */
static int run_alone(const struct sandbox_job *like, const char *const *argv, const char *nonce,
                     double wall, struct sandbox_result *r)
{
    static const struct jobs_policy alone = {0, 0, 0, 0};
    char line[40], *scratch = sandbox_scratch_new();
    struct job j = {.spec = *like};
    if (!scratch)
        return -1;
    snprintf(line, sizeof line, "%s\n", nonce);
    j.spec.argv = argv;
    j.spec.stdin_data = line;
    j.spec.stdin_len = strlen(line);
    j.spec.scratch = scratch;
    j.spec.limits.wall_seconds = wall;
    int rc = jobs_run(&j, 1, 1, &alone);
    sandbox_scratch_free(scratch);
    if (rc == 0)
        *r = j.result;
    return rc;
}

/* The seconds Criterion's verbose report `err` gives test `unit_id`
** ("[PASS] suite::test: (0.12s)", or its [FAIL] line), or `otherwise`. */
static double reported_time(const char *err, const char *unit_id, double otherwise)
{
    const char *slash = strchr(unit_id, '/');
    char *name = NULL;
    double seconds = otherwise;
    if (!slash || asprintf(&name, "%.*s::%s:", (int)(slash - unit_id), unit_id, slash + 1) < 0)
        return otherwise;
    for (const char *line = err; *line;) {
        const char *eol = strchr(line, '\n');
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        char *open = NULL;
        if ((!strncmp(line, "[PASS] ", 7) || !strncmp(line, "[FAIL] ", 7))
            && !strncmp(line + 7, name, strlen(name))
            && (open = memrchr(line, '(', len)) && sscanf(open, "(%lfs)", &seconds) == 1)
            break;
        line += len + (eol != NULL);
    }
    free(name);
    return seconds;
}

/* Runs the reference's binary on the tests `which` and puts into want[k]
** `factor` times what test which[k] costs it now (unit_confirm.h). */
static int reference_costs(const struct grade_plan *p, const struct job *j, const size_t *which,
                           size_t n, const struct limits *lim, double factor, double *want)
{
    char timeout[48], nonce[33], *filter = filter_of(p, which, n);
    struct sandbox_result r;
    double each = larger(REFERENCE_MIN_SECONDS, 10 * lim->unit_test_seconds);
    snprintf(timeout, sizeof timeout, "--timeout=%.3f", each);
    const char *argv[] = {j->twin->argv[0], "--jobs=1", "--verbose", timeout, filter, NULL};
    int rc = !filter || unit_output_nonce(nonce) != 0
          || run_alone(j->twin, argv, nonce, larger(each, 10 * j->spec.limits.wall_seconds), &r) != 0;
    free(filter);
    if (rc)
        return -1;
    for (size_t k = 0; k < n; k++)
        want[k] = factor * (reported_time(r.err ? r.err : "", p->tests[which[k]].test->unit_id,
                                          r.wall_seconds) + ROUNDING);
    sandbox_result_free(&r);
    return 0;
}

/* Runs the student's tests `which` of `set` again, alone, each with
** `timeout` seconds and all of them with `wall`, into p->retry[set]. */
static int run_again(struct grade_plan *p, int set, const struct job *j, const size_t *which,
                     size_t n, double timeout, double wall)
{
    struct unit_retry *r = &p->retry[set];
    char arg[48], *filter = filter_of(p, which, n);
    snprintf(arg, sizeof arg, "--timeout=%.3f", timeout);
    const char *argv[] = {j->spec.argv[0], "--jobs=1", arg, filter, NULL};
    int rc = !filter || unit_output_nonce(r->nonce) != 0
          || run_alone(&j->spec, argv, r->nonce, wall,
                       &r->result) != 0 ? -1 : 0;
    free(filter);
    if (rc != 0)
        return -1;
    r->ran = 1;
    for (size_t k = 0; k < n; k++)
        p->tests[which[k]].retried = 1;
    p->unit_rechecked += n;
    return 0;
}

/* Confirms the timed-out tests of unit set `set` (unit_confirm.h). */
static int confirm_set(struct grade_plan *p, int set, const struct limits *lim, double factor)
{
    const struct job *j = set_job(p, set);
    if (!j || !j->twin)
        return 0;
    size_t *which = calloc(p->ntests + 1, sizeof *which), n = 0, raised = 0;
    double *want = calloc(p->ntests + 1, sizeof *want), timeout = 0, wall = 0;
    int rc = which && want ? 0 : -1;
    if (rc == 0 && (n = timed_out(p, set, j, which)) > 0)
        rc = reference_costs(p, j, which, n, lim, factor, want);
    /* Only the tests the reference now needs more time for run again,
    ** all of them within what they cost it together, `factor` times. */
    for (size_t k = 0; rc == 0 && k < n; k++)
        if (want[k] > lim->unit_test_seconds) {
            which[raised++] = which[k];
            timeout = larger(timeout, want[k]);
            wall += want[k];
        }
    if (rc == 0 && raised > 0)
        rc = run_again(p, set, j, which, raised, timeout, wall + timeout);
    free(which);
    free(want);
    if (rc != 0)
        fprintf(stderr, "grade: cannot confirm the unit tests' timeouts\n");
    return rc;
}

int unit_confirm(struct grade_plan *p, const struct limits *lim, double factor)
{
    if (factor <= 0)
        return 0;
    for (int set = 0; set < 2; set++)
        if (confirm_set(p, set, lim, factor) != 0)
            return -1;
    return 0;
}
