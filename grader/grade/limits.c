/*
** limits.c -- derive a grading's time limits from the rubric's floors and
** the reference's measured cost (see limits.h for the rule).
**
** The floors of each kind of run, from the rubric's options:
**   plain, ASan   cpu_seconds and wall_seconds
**   Valgrind      three times the CPU and twice the wall floor: Valgrind
**                 computes several times slower, but a program that
**                 sleeps sleeps no longer under it
**   unit binary   no CPU cap (each test has Criterion's timeout), and
**                 wall room for ten tests that hang plus five seconds;
**                 each call into the callee, half a test's timeout of CPU
**                 (measured: time_factor times the reference's costliest
**                 call, at least a plain run's CPU floor)
**   build         build_seconds for each of the build's two scripts
**                 (compile.sh, link.sh); a stop is confirmed against the
**                 reference's build made again (grade_build.h)
**   ThreadSanitizer  ten times the CPU and five times the wall floor: TSan
**                 computes 5 to 15 times slower, and a program's threads
**                 add CPU time beside the wall-clock time
** and the memory of a TSan run: memory_mb stands for the program's own
** data, which TSan's shadow makes some four times larger, on top of its
** runtime's tens of MiB; so eight times memory_mb, or four times the
** reference's largest TSan run, whichever is more, resident for the whole
** tree (the sandbox's memory watch: TSan maps terabytes of shadow, so
** RLIMIT_AS would stop it at start, and it keeps no cap of its own).
*/
#include "limits.h"

#include <stdio.h>
#include <string.h>

#define VALGRIND_CPU_FLOOR 3.0
#define VALGRIND_WALL_FLOOR 2.0
#define TSAN_CPU_FLOOR 10.0
#define TSAN_WALL_FLOOR 5.0
#define TSAN_MEMORY_FLOOR 8.0
#define TSAN_MEMORY_FACTOR 4.0

static const char *const kind_names[LIMITS_KINDS] = {
    "plain", "asan", "valgrind", "unit", "build", "tsan",
};

const char *limits_kind_name(enum limits_kind k)
{
    return (unsigned)k < LIMITS_KINDS ? kind_names[k] : "?";
}

static double max2(double a, double b)
{
    return a > b ? a : b;
}

static double min2(double a, double b)
{
    return a < b ? a : b;
}

/* The rubric's own limits: the floors. */
static void floors(const struct rubric_options *o, struct limits *l)
{
    l->cpu[LIMITS_PLAIN] = l->cpu[LIMITS_ASAN] = o->cpu_seconds;
    l->wall[LIMITS_PLAIN] = l->wall[LIMITS_ASAN] = o->wall_seconds;
    l->cpu[LIMITS_VALGRIND] = o->cpu_seconds * VALGRIND_CPU_FLOOR;
    l->wall[LIMITS_VALGRIND] = o->wall_seconds * VALGRIND_WALL_FLOOR;
    l->cpu[LIMITS_UNIT] = 0;
    l->unit_test_seconds = o->unit_timeout;
    l->unit_call_seconds = o->unit_timeout / 2;
    l->wall[LIMITS_UNIT] = o->unit_timeout * 10 + 5;
    l->cpu[LIMITS_BUILD] = l->wall[LIMITS_BUILD] = o->build_seconds;
    l->cpu[LIMITS_TSAN] = o->cpu_seconds * TSAN_CPU_FLOOR;
    l->wall[LIMITS_TSAN] = o->wall_seconds * TSAN_WALL_FLOOR;
    l->tsan_memory_mb = o->memory_mb * TSAN_MEMORY_FLOOR;
    l->budget_cpu = o->budget_cpu_seconds;
    l->budget_wall = o->budget_wall_seconds;
}

/* Raises a floor of 0 ("no limit") never: no limit stays no limit. */
static double scaled(double floor, double factor, double reference)
{
    return floor == 0 ? 0 : max2(floor, factor * reference);
}

void limits_derive(const struct rubric_options *o, const struct limits_calibration *cal,
                   struct limits *l)
{
    memset(l, 0, sizeof *l);
    floors(o, l);
    if (!cal || !cal->valid || o->time_factor <= 0)
        return;
    double k = o->time_factor;
    l->derived = 1;
    for (int i = 0; i < LIMITS_KINDS; i++) {
        l->cpu[i] = scaled(l->cpu[i], k, cal->cpu[i]);
        l->wall[i] = scaled(l->wall[i], k, cal->wall[i]);
    }
    /* One unit test never costs more than the reference's whole binary;
    ** twice that leaves room for a test that is a little slower than the
    ** reference's on a loaded machine, and the binary's limit room for
    ** three such tests on top of the whole reference's time. */
    l->unit_test_seconds = max2(o->unit_timeout, 2 * cal->wall[LIMITS_UNIT]);
    /* One call into the callee: time_factor times the reference's
    ** costliest call, never below the CPU floor of one run of the program
    ** (a call is at most a program's work), and never above half the
    ** test's limit, so that a call that does not return is stopped at its
    ** own limit, and reported so, before Criterion's timeout ends the test
    ** -- CPU, not wall time, so that it does so on a loaded machine too.
    ** Without that figure (a unit binary that calls nothing), the
    ** reference's whole binary stands for the call, never below half the
    ** floor of a test. */
    if (cal->call_cpu > 0)
        l->unit_call_seconds = min2(l->unit_test_seconds / 2, max2(o->cpu_seconds, k * cal->call_cpu));
    else if (k * cal->cpu[LIMITS_UNIT] > 0)
        l->unit_call_seconds = min2(l->unit_test_seconds / 2,
                                    max2(o->unit_timeout / 2, k * cal->cpu[LIMITS_UNIT]));
    l->wall[LIMITS_UNIT] = max2(l->wall[LIMITS_UNIT],
                                k * cal->wall[LIMITS_UNIT] + 3 * l->unit_test_seconds);
    l->tsan_memory_mb = scaled(l->tsan_memory_mb, TSAN_MEMORY_FACTOR, cal->rss_mb[LIMITS_TSAN]);
    l->budget_cpu = scaled(l->budget_cpu, o->budget_factor, cal->budget_cpu);
    l->budget_wall = scaled(l->budget_wall, o->budget_factor, cal->budget_wall);
}

/* Appends printf-style text to buf (of size n, holding *used bytes). */
#define APPEND(buf, n, used, ...) \
    do { \
        int w_ = snprintf((buf) + *(used), (n) - *(used), __VA_ARGS__); \
        if (w_ > 0) \
            *(used) += (size_t)w_ < (n) - *(used) ? (size_t)w_ : (n) - *(used) - 1; \
    } while (0)

void limits_describe(const struct limits *l, const struct rubric_options *o,
                     const struct limits_calibration *cal, unsigned kinds, char *buf, size_t n)
{
    size_t used = 0;
    if (n == 0)
        return;
    buf[0] = '\0';
    /* A student's kit has no reference by design: its limits come from
    ** the starter code (calibrate.h), and the report says so plainly. */
    const char *measured = l->derived && strncmp(cal->source, "starter", 7) == 0 ? "starter"
                                                                                : "reference";
    if (l->derived && measured[0] == 's')
        APPEND(buf, n, &used, "Time limits: %g times what the starter code costs on this machine "
               "(measured %s; this kit has no reference solution), never below the rubric's "
               "floors.\n", o->time_factor, cal->measured_at);
    else if (l->derived)
        APPEND(buf, n, &used, "Time limits: %g times what the reference costs on this machine "
               "(measured %s, %s), never below the rubric's floors.\n",
               o->time_factor, cal->measured_at, cal->source);
    else
        APPEND(buf, n, &used, "Time limits: the rubric's own (%s).\n",
               o->time_factor <= 0 ? "time_factor 0" : "the reference was not measured");
    for (int i = 0; i < LIMITS_KINDS; i++) {
        if (!(kinds & LIMITS_KIND_BIT(i)))
            continue;               /* a kind of run this grading has not */
        if (l->cpu[i] > 0)
            APPEND(buf, n, &used, "  %-9s %6.2f s CPU, %6.2f s wall", kind_names[i], l->cpu[i], l->wall[i]);
        else
            APPEND(buf, n, &used, "  %-9s no CPU cap, %6.2f s wall", kind_names[i], l->wall[i]);
        if (l->derived && cal->wall[i] > 0)
            APPEND(buf, n, &used, "  (%s: %.3f s CPU, %.3f s wall)", measured, cal->cpu[i],
                   cal->wall[i]);
        APPEND(buf, n, &used, "\n");
    }
    int tsan = l->tsan_memory_mb > 0 && (kinds & LIMITS_KIND_BIT(LIMITS_TSAN));
    if (tsan)
        APPEND(buf, n, &used, "  tsan memory: %.0f MiB resident, the whole tree", l->tsan_memory_mb);
    if (tsan && l->derived && cal->rss_mb[LIMITS_TSAN] > 0)
        APPEND(buf, n, &used, "  (reference's peak: %.0f MiB)", cal->rss_mb[LIMITS_TSAN]);
    if (tsan)
        APPEND(buf, n, &used, "\n");
    APPEND(buf, n, &used, "  one unit test %.2f s (one call of it %.2f s CPU", l->unit_test_seconds,
           l->unit_call_seconds);
    if (l->derived && cal->call_cpu > 0)
        APPEND(buf, n, &used, "; the %s's costliest call: %.3f s CPU", measured, cal->call_cpu);
    APPEND(buf, n, &used, "); run budget %.1f s CPU, %.1f s wall", l->budget_cpu, l->budget_wall);
    if (l->derived)
        APPEND(buf, n, &used, " (%g times the %s's %.2f s CPU, %.2f s wall)", o->budget_factor,
               measured, cal->budget_cpu, cal->budget_wall);
    APPEND(buf, n, &used, "\n  A limit hit while the machine is slower than when it was measured "
           "is confirmed against a fresh run of the %s first.\n",
           measured[0] == 's' ? "starter code" : "reference");
}
