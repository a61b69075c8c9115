/*
** limits_test.c -- Criterion tests of grader/grade/limits.c: every time limit is
** the rubric's floor or time_factor times the reference's cost, whichever
** is more (limits.h).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "grade/limits.h"

/* The default rubric's options that matter here. */
static struct rubric_options options(void)
{
    struct rubric_options o;
    memset(&o, 0, sizeof o);
    o.cpu_seconds = 1, o.wall_seconds = 2, o.build_seconds = 30, o.unit_timeout = 1;
    o.time_factor = 10, o.budget_factor = 6, o.budget_cpu_seconds = 6, o.budget_wall_seconds = 45;
    return o;
}

/* A machine where a plain run costs `plain` s and everything else scales. */
static struct limits_calibration measured(double plain)
{
    struct limits_calibration c;
    memset(&c, 0, sizeof c);
    c.valid = 1;
    for (int k = 0; k < LIMITS_KINDS; k++)
        c.cpu[k] = c.wall[k] = plain * (k + 1);
    c.budget_cpu = c.budget_wall = plain * 100;
    return c;
}

Test(limits, a_fast_machine_gets_the_rubric_floors)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.01);
    struct limits l;
    limits_derive(&o, &c, &l);
    cr_expect_eq(l.derived, 1);
    cr_expect_float_eq(l.cpu[LIMITS_PLAIN], 1.0, 1e-9, "plain CPU %g", l.cpu[LIMITS_PLAIN]);
    cr_expect_float_eq(l.wall[LIMITS_PLAIN], 2.0, 1e-9, "plain wall %g", l.wall[LIMITS_PLAIN]);
    cr_expect_float_eq(l.cpu[LIMITS_VALGRIND], 3.0, 1e-9, "Valgrind CPU floor is 3x");
    cr_expect_float_eq(l.budget_cpu, 6.0, 1e-9, "budget floor %g", l.budget_cpu);
}

Test(limits, a_slow_machine_gets_ten_times_the_reference)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);   /* ASan run: 1 s */
    struct limits l;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.cpu[LIMITS_PLAIN], 5.0, 1e-9, "plain CPU %g", l.cpu[LIMITS_PLAIN]);
    cr_expect_float_eq(l.cpu[LIMITS_ASAN], 10.0, 1e-9, "ASan CPU %g", l.cpu[LIMITS_ASAN]);
    cr_expect_float_eq(l.wall[LIMITS_BUILD], 30.0, 1e-9, "build wall %g (floor)", l.wall[LIMITS_BUILD]);
    cr_expect_float_eq(l.budget_cpu, 300.0, 1e-9, "budget %g: 6 x 50 s", l.budget_cpu);
}

Test(limits, time_factor_zero_keeps_the_rubric_limits_absolute)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);
    struct limits l;
    o.time_factor = 0;
    limits_derive(&o, &c, &l);
    cr_expect_eq(l.derived, 0);
    cr_expect_float_eq(l.cpu[LIMITS_ASAN], 1.0, 1e-9, "ASan CPU %g", l.cpu[LIMITS_ASAN]);
    cr_expect_float_eq(l.budget_cpu, 6.0, 1e-9);
}

Test(limits, no_measurement_keeps_the_rubric_limits)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);
    struct limits l;
    c.valid = 0;
    limits_derive(&o, &c, &l);
    cr_expect_eq(l.derived, 0);
    cr_expect_float_eq(l.cpu[LIMITS_PLAIN], 1.0, 1e-9);
    limits_derive(&o, NULL, &l);
    cr_expect_float_eq(l.wall[LIMITS_PLAIN], 2.0, 1e-9);
}

Test(limits, no_limit_stays_no_limit)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);
    struct limits l;
    o.cpu_seconds = 0;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.cpu[LIMITS_PLAIN], 0.0, 1e-9, "0 means none, got %g", l.cpu[LIMITS_PLAIN]);
    cr_expect_float_eq(l.cpu[LIMITS_UNIT], 0.0, 1e-9, "unit binaries have no CPU cap");
}

Test(limits, one_unit_test_may_take_twice_the_reference_binary)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);   /* unit binary: 2 s */
    struct limits l;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_test_seconds, 4.0, 1e-9, "one test %g", l.unit_test_seconds);
    cr_expect_geq(l.wall[LIMITS_UNIT], 10 * 2.0 + 3 * 4.0, "binary %g", l.wall[LIMITS_UNIT]);
}

/* One call into the callee: time_factor times the reference binary's CPU,
** between half the rubric's test floor and half the test's limit. */
Test(limits, one_call_may_take_time_factor_times_the_reference_binary_cpu)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.01);
    struct limits l;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_call_seconds, 0.5, 1e-9, "never above half the test: %g", l.unit_call_seconds);
    c.cpu[LIMITS_UNIT] = 0.5, c.wall[LIMITS_UNIT] = 10;   /* a loaded machine */
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_call_seconds, 5.0, 1e-9, "ten times 0.5 s of CPU: %g", l.unit_call_seconds);
    c.cpu[LIMITS_UNIT] = 0.001;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_call_seconds, 0.5, 1e-9, "never below half the floor: %g", l.unit_call_seconds);
    limits_derive(&o, NULL, &l);
    cr_expect_float_eq(l.unit_call_seconds, 0.5, 1e-9, "the floor alone: %g", l.unit_call_seconds);
}

/* Measured, the reference's costliest call stands for the call: time_factor
** times it, never below a plain run's CPU floor, never above half the
** test's limit -- however much the reference's whole binary costs (a
** hanging check_step got 4.8 s a call from a 3-s binary, test after test). */
Test(limits, one_call_may_take_time_factor_times_the_reference_costliest_call)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.01);
    struct limits l;
    c.cpu[LIMITS_UNIT] = 3, c.wall[LIMITS_UNIT] = 5;   /* one test: 10 s */
    c.call_cpu = 0.0007;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_call_seconds, 1.0, 1e-9, "the CPU floor of a run: %g", l.unit_call_seconds);
    c.call_cpu = 0.3;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_call_seconds, 3.0, 1e-9, "ten times 0.3 s: %g", l.unit_call_seconds);
    c.call_cpu = 0.8;
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.unit_call_seconds, 5.0, 1e-9, "never above half the test: %g", l.unit_call_seconds);
    char text[1024];
    limits_describe(&l, &o, &c, (1u << LIMITS_KINDS) - 1, text, sizeof text);
    cr_expect(strstr(text, "one call of it 5.00 s CPU; the reference's costliest call: 0.800 s CPU") != NULL,
              "%s", text);
}

/* Every kind of run, for limits_describe(). */
#define ALL_KINDS ((1u << LIMITS_KINDS) - 1)

Test(limits, the_description_names_the_factor_and_the_reference)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);
    struct limits l;
    char text[2048];
    strcpy(c.measured_at, "2026-11-24T10:00:00Z");
    strcpy(c.source, "reference (solution/)");
    limits_derive(&o, &c, &l);
    limits_describe(&l, &o, &c, ALL_KINDS, text, sizeof text);
    cr_expect(strstr(text, "10 times what the reference costs") != NULL, "%s", text);
    cr_expect(strstr(text, "reference: 0.500 s CPU") != NULL, "%s", text);
    cr_expect(strstr(text, "2026-11-24T10:00:00Z") != NULL, "%s", text);
}

/* ThreadSanitizer computes 5 to 15 times slower than a plain run and its
** shadow makes a program several times larger: its floors are ten times
** the CPU floor, five times the wall floor, eight times memory_mb. */
Test(limits, tsan_floors_leave_room_for_its_slowdown_and_shadow)
{
    struct rubric_options o = options();
    struct limits l;
    o.memory_mb = 256;
    limits_derive(&o, NULL, &l);
    cr_expect_float_eq(l.cpu[LIMITS_TSAN], 10.0, 1e-9, "TSan CPU floor %g", l.cpu[LIMITS_TSAN]);
    cr_expect_float_eq(l.wall[LIMITS_TSAN], 10.0, 1e-9, "TSan wall floor %g", l.wall[LIMITS_TSAN]);
    cr_expect_float_eq(l.tsan_memory_mb, 2048.0, 1e-9, "TSan memory %g MiB", l.tsan_memory_mb);
    o.memory_mb = 0;
    limits_derive(&o, NULL, &l);
    cr_expect_float_eq(l.tsan_memory_mb, 0.0, 1e-9, "no memory limit stays none");
}

Test(limits, tsan_limits_follow_the_reference_tsan_runs)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);   /* TSan run: 3 s */
    struct limits l;
    o.memory_mb = 256;
    c.rss_mb[LIMITS_TSAN] = 1000;                   /* 4 x 1000 > 8 x 256 */
    limits_derive(&o, &c, &l);
    cr_expect_float_eq(l.cpu[LIMITS_TSAN], 30.0, 1e-9, "TSan CPU %g", l.cpu[LIMITS_TSAN]);
    cr_expect_float_eq(l.wall[LIMITS_TSAN], 30.0, 1e-9, "TSan wall %g", l.wall[LIMITS_TSAN]);
    cr_expect_float_eq(l.tsan_memory_mb, 4000.0, 1e-9, "TSan memory %g MiB", l.tsan_memory_mb);
    char text[2048];
    limits_describe(&l, &o, &c, ALL_KINDS, text, sizeof text);
    cr_expect(strstr(text, "tsan memory: 4000 MiB") != NULL, "%s", text);
}

/* A report names the limits of the kinds of run it has, no others: no
** ThreadSanitizer line for an assignment no rule of which runs one. */
Test(limits, the_description_leaves_out_kinds_not_run)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);
    struct limits l;
    char text[2048];
    o.memory_mb = 256;
    limits_derive(&o, &c, &l);
    limits_describe(&l, &o, &c, ALL_KINDS & ~LIMITS_KIND_BIT(LIMITS_TSAN), text, sizeof text);
    cr_expect(strstr(text, "tsan") == NULL, "%s", text);
    cr_expect(strstr(text, "plain") != NULL && strstr(text, "unit") != NULL, "%s", text);
    limits_describe(&l, &o, &c, ALL_KINDS, text, sizeof text);
    cr_expect(strstr(text, "tsan memory") != NULL, "%s", text);
}

/* A student's kit has no reference: its limits come from the starter
** code, and the report says so rather than calling the starter "the
** reference". */
Test(limits, the_description_of_a_kit_without_reference_names_the_starter)
{
    struct rubric_options o = options();
    struct limits_calibration c = measured(0.5);
    struct limits l;
    char text[2048];
    strcpy(c.measured_at, "2026-11-24T10:00:00Z");
    strcpy(c.source, "starter (this kit has no reference)");
    limits_derive(&o, &c, &l);
    limits_describe(&l, &o, &c, ALL_KINDS, text, sizeof text);
    cr_expect(strstr(text, "what the starter code costs") != NULL, "%s", text);
    cr_expect(strstr(text, "no reference solution") != NULL, "%s", text);
    cr_expect(strstr(text, "reference:") == NULL, "%s", text);
    cr_expect(strstr(text, "(starter: 0.500 s CPU") != NULL, "%s", text);
}
