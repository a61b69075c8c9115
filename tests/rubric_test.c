/*
** rubric_test.c -- Criterion tests of grader/rubric.c and
** grader/report/report_rubric.c: parsing a good rubric, every kind of mistake
** with its line number, options, first match wins, equal splits,
** unmatched tests, the default rubric's 100 points, and --explain.
** Expected values and messages are written out by hand.
**
** Run from the repository root (the default rubric is read from
** grader/assignments/chinese-checkers/rubric.txt), or build with -DDEFAULT_RUBRIC='"PATH"'.
*/
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rubric.h"

#ifndef DEFAULT_RUBRIC
#define DEFAULT_RUBRIC "grader/assignments/chinese-checkers/rubric.txt"
#endif

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* Parses `text` as the rubric file "t.rub". */
static int parse(const char *text, struct rubric *rb)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    int status;

    cr_assert_not_null(in);
    status = rubric_read(in, "t.rub", rb);
    fclose(in);
    return status;
}

Test(rubric, reads_rules_options_comments_and_crlf)
{
    struct rubric rb;
    const char *text =
        "# a comment\n"
        "\n"
        "option lenient_share 0.25\n"
        "build/compiles 5 build visible   # why: it must build\n"
        "unit/hidden/*\t25\tunit\tafter_due_date\r\n"
        "  transcript/*   2.5  transcript  hidden\n";

    cr_assert_eq(parse(text, &rb), 0, "error: %s", rb.error);
    cr_assert_str_eq(rb.path, "t.rub");
    cr_assert_eq(rb.nrules, 3);
    cr_expect_str_eq(rb.rules[0].pattern, "build/compiles");
    cr_expect_eq(rb.rules[0].points, 5);
    cr_expect_str_eq(rb.rules[0].category, "build");
    cr_expect_eq(rb.rules[0].visibility, VISIBLE);
    cr_expect_eq(rb.rules[0].line, 4);
    cr_expect_str_eq(rb.rules[1].pattern, "unit/hidden/*");
    cr_expect_eq(rb.rules[1].points, 25);
    cr_expect_str_eq(rb.rules[1].category, "unit");
    cr_expect_eq(rb.rules[1].visibility, AFTER_DUE_DATE);
    cr_expect_eq(rb.rules[1].line, 5);
    cr_expect_str_eq(rb.rules[2].pattern, "transcript/*");
    cr_expect_eq(rb.rules[2].points, 2.5);
    cr_expect_eq(rb.rules[2].visibility, HIDDEN);
    cr_expect_eq(rb.rules[2].line, 6);
    cr_expect_eq(rb.options.lenient_share, 0.25);
    cr_expect_eq(rb.options.wall_seconds, 10, "untouched options keep "
                 "their defaults");
    rubric_free(&rb);
    cr_expect_null(rb.rules);
}

Test(rubric, a_hash_inside_a_pattern_is_not_a_comment)
{
    struct rubric rb;

    cr_assert_eq(parse("unit/a#b 1 unit visible #comment\n", &rb), 0);
    cr_expect_str_eq(rb.rules[0].pattern, "unit/a#b");
    rubric_free(&rb);
}

static const struct {
    const char *text, *message;
} mistakes[] = {
    { "a 5 unit\n",
      "t.rub:1: expected PATTERN POINTS CATEGORY VISIBILITY, found 3 fields" },
    { "\n# c\na 5 unit visible extra\n",
      "t.rub:3: expected PATTERN POINTS CATEGORY VISIBILITY, found 5 fields" },
    { "a\n", "t.rub:1: expected PATTERN POINTS CATEGORY VISIBILITY, "
             "found 1 field" },
    { "a five unit visible\n", "t.rub:1: points 'five' is not a number" },
    { "a 5pts unit visible\n", "t.rub:1: points '5pts' is not a number" },
    { "a nan unit visible\n", "t.rub:1: points 'nan' is not a number" },
    { "a inf unit visible\n", "t.rub:1: points 'inf' is not a number" },
    { "a -1 unit visible\n",
      "t.rub:1: points must not be negative, found -1" },
    { "ok 1 unit visible\na 1 units visible\n",
      "t.rub:2: unknown category 'units' (expected build, unit, transcript, "
      "memory or style)" },
    { "a 1 unit public\n", "t.rub:1: unknown visibility 'public' (expected "
                           "visible, hidden or after_due_date)" },
    { "option lenient_share\n",
      "t.rub:1: expected 'option NAME VALUE', found 2 fields" },
    { "option wall_seconds 1 2\n",
      "t.rub:1: expected 'option NAME VALUE', found 4 fields" },
    { "option speed 3\n", "t.rub:1: unknown option 'speed' (expected "
      "lenient_share, wall_seconds, cpu_seconds, memory_mb, max_processes, "
      "output_kb, build_seconds, unit_timeout, time_factor, budget_factor, "
      "budget_cpu_seconds or budget_wall_seconds)" },
    { "option wall_seconds ten\n",
      "t.rub:1: option wall_seconds: 'ten' is not a number" },
    { "option lenient_share 1.5\n",
      "t.rub:1: option lenient_share: 1.5 is out of range (0 to 1)" },
    { "option memory_mb -1\n",
      "t.rub:1: option memory_mb: -1 is out of range (0 to 65536)" },
    { "option max_processes 2.5\n",
      "t.rub:1: option max_processes: 2.5 is not a whole number" },
    { "option cpu_seconds 1\na 1 unit visible\noption cpu_seconds 2\n",
      "t.rub:3: option cpu_seconds is already set on line 1" },
    { "# only comments\n\n", "t.rub: no rules, so no test would be graded" },
};

Test(rubric, each_mistake_is_reported_with_file_and_line)
{
    size_t i;

    for (i = 0; i < COUNT(mistakes); i++) {
        struct rubric rb;

        cr_expect_eq(parse(mistakes[i].text, &rb), -1, "case %zu", i);
        cr_expect_str_eq(rb.error, mistakes[i].message, "case %zu", i);
        cr_expect_null(rb.rules, "case %zu: nothing left to free", i);
        cr_expect_eq(rb.nrules, 0, "case %zu", i);
        rubric_free(&rb);
    }
}

Test(rubric, a_missing_file_is_an_error)
{
    struct rubric rb;

    cr_assert_eq(rubric_load("/nonexistent/rubric.txt", &rb), -1);
    cr_expect_str_eq(rb.error, "/nonexistent/rubric.txt: No such file or "
                     "directory");
}

Test(rubric, defaults)
{
    struct rubric_options o;

    rubric_defaults(&o);
    cr_expect_eq(o.lenient_share, 0.5);
    cr_expect_eq(o.wall_seconds, 10);
    cr_expect_eq(o.cpu_seconds, 5);
    cr_expect_eq(o.memory_mb, 256);
    cr_expect_eq(o.max_processes, 16);
    cr_expect_eq(o.output_kb, 1024);
    cr_expect_eq(o.build_seconds, 60);
    cr_expect_eq(o.unit_timeout, 10);
}

Test(rubric, every_option_can_be_set)
{
    struct rubric rb;
    const char *text =
        "option lenient_share 0\n"
        "option wall_seconds 2.5\n"
        "option cpu_seconds 0\n"
        "option memory_mb 64\n"
        "option max_processes 4\n"
        "option output_kb 8\n"
        "option build_seconds 30\n"
        "option unit_timeout 3\n"
        "option time_factor 0\n"
        "option budget_factor 2\n"
        "option budget_cpu_seconds 7\n"
        "option budget_wall_seconds 50\n"
        "* 1 unit visible\n";
    const char *name;
    double value;

    cr_assert_eq(parse(text, &rb), 0, "error: %s", rb.error);
    cr_expect_eq(rb.options.lenient_share, 0);
    cr_expect_eq(rb.options.wall_seconds, 2.5);
    cr_expect_eq(rb.options.cpu_seconds, 0, "0 means no limit");
    cr_expect_eq(rb.options.memory_mb, 64);
    cr_expect_eq(rb.options.max_processes, 4);
    cr_expect_eq(rb.options.output_kb, 8);
    cr_expect_eq(rb.options.build_seconds, 30);
    cr_expect_eq(rb.options.unit_timeout, 3);
    cr_expect_eq(rb.options.time_factor, 0, "0: the rubric's limits are absolute");
    cr_expect_eq(rb.options.budget_factor, 2);
    cr_expect_eq(rb.options.budget_cpu_seconds, 7);
    cr_expect_eq(rb.options.budget_wall_seconds, 50);
    cr_assert_eq(rubric_option(&rb.options, 4, &name, &value), 1);
    cr_expect_str_eq(name, "max_processes");
    cr_expect_eq(value, 4);
    cr_expect_eq(rubric_option(&rb.options, 12, &name, &value), 0,
                 "there are 12 options");
    rubric_free(&rb);
}

Test(rubric, the_first_matching_rule_wins)
{
    struct rubric rb;
    const char *names[] = {
        "unit/public/board/a", "unit/public/moves/c", "unit/public/board/b",
        "unit/public/moves/d", "unit/public/moves/e",
    };
    struct rubric_grade g[COUNT(names)];

    cr_assert_eq(parse("unit/public/board/* 4 unit visible\n"
                       "unit/public/* 6 unit hidden\n", &rb), 0);
    cr_assert_eq(rubric_resolve(&rb, names, COUNT(names), g), 0);
    cr_expect_eq(g[0].rule, &rb.rules[0]);
    cr_expect_eq(g[0].max_score, 2);
    cr_expect_eq(g[0].visibility, VISIBLE);
    cr_expect_eq(g[2].rule, &rb.rules[0]);
    cr_expect_eq(g[2].max_score, 2);
    cr_expect_eq(g[1].rule, &rb.rules[1]);
    cr_expect_eq(g[1].max_score, 2, "6 points over the 3 tests left");
    cr_expect_eq(g[1].visibility, HIDDEN);
    cr_expect_str_eq(g[1].category, "unit");
    cr_expect_eq(g[3].max_score, 2);
    cr_expect_eq(g[4].max_score, 2);
    rubric_free(&rb);
}

Test(rubric, points_are_split_equally_and_resplit_when_tests_are_added)
{
    struct rubric rb;
    const char *names[] = {
        "transcript/public/a", "transcript/public/b", "transcript/public/c",
        "transcript/public/d",
    };
    struct rubric_grade g[COUNT(names)];

    cr_assert_eq(parse("transcript/public/* 15 transcript visible\n", &rb),
                 0);
    cr_assert_eq(rubric_resolve(&rb, names, 3, g), 0);
    cr_expect_eq(g[0].max_score, 5);
    cr_expect_eq(g[2].max_score, 5);
    cr_assert_eq(rubric_resolve(&rb, names, 4, g), 0);
    cr_expect_eq(g[0].max_score, 3.75);
    cr_expect_eq(g[3].max_score, 3.75);
    rubric_free(&rb);
}

Test(rubric, a_test_no_rule_matches_is_not_graded)
{
    struct rubric rb;
    const char *names[] = {
        "memory/valgrind/hidden/long_game_1", "memory/valgrind/public/first",
    };
    struct rubric_grade g[COUNT(names)];

    cr_assert_eq(parse("memory/valgrind/*/long_game* 5 memory "
                       "after_due_date\n", &rb), 0);
    cr_assert_eq(rubric_resolve(&rb, names, COUNT(names), g), 0);
    cr_expect_eq(g[0].max_score, 5);
    cr_expect_eq(g[0].visibility, AFTER_DUE_DATE);
    cr_expect_null(g[1].rule);
    cr_expect_null(g[1].category);
    cr_expect_eq(g[1].max_score, 0);
    rubric_free(&rb);
}

/* A plausible grading: a few suites and sessions, long games hidden. */
static const char *const plausible[] = {
    "build/compiles", "style/no_warnings",
    "unit/public/board/initial", "unit/public/board/print",
    "unit/public/moves/step", "unit/public/moves/jump",
    "unit/hidden/moves/chain", "unit/hidden/moves/off_board",
    "unit/hidden/moves/huge_numbers", "unit/hidden/win/detect",
    "unit/hidden/win/not_yet", "unit/hidden/board/print_after_moves",
    "transcript/public/first_moves", "transcript/public/bad_input",
    "transcript/public/jumps",
    "transcript/hidden/chains", "transcript/hidden/eof_mid_move",
    "transcript/hidden/long_game_1", "transcript/hidden/long_game_2",
    "memory/valgrind/public/first_moves", "memory/valgrind/public/chain_two_jumps",
    "memory/valgrind/hidden/chains", "memory/valgrind/hidden/junk_first_then_chain",
    "memory/valgrind/hidden/long_game_2",
    "memory/asan/public/first_moves", "memory/asan/public/bad_input",
    "memory/asan/hidden/chains", "memory/asan/hidden/long_game_1",
};

static double category_sum(const struct rubric_grade *g, size_t n,
                           const char *category)
{
    double sum = 0;
    size_t i;

    for (i = 0; i < n; i++)
        if (g[i].rule != NULL && strcmp(g[i].category, category) == 0)
            sum += g[i].max_score;
    return sum;
}

Test(rubric, the_default_rubric_sums_to_100)
{
    struct rubric rb;
    struct rubric_grade g[COUNT(plausible)];
    const size_t n = COUNT(plausible);

    cr_assert_eq(rubric_load(DEFAULT_RUBRIC, &rb), 0, "%s", rb.error);
    cr_assert_eq(rubric_resolve(&rb, plausible, n, g), 0);
    cr_expect(fabs(category_sum(g, n, "build") - 5) < 1e-9);
    cr_expect(fabs(category_sum(g, n, "style") - 5) < 1e-9);
    cr_expect(fabs(category_sum(g, n, "unit") - 40) < 1e-9);
    cr_expect(fabs(category_sum(g, n, "transcript") - 40) < 1e-9);
    cr_expect(fabs(category_sum(g, n, "memory") - 10) < 1e-9);
    cr_expect_eq(g[4].max_score, 15.0 / 4, "public unit tests share 15");
    cr_expect_eq(g[6].max_score, 25.0 / 6, "hidden unit tests share 25");
    cr_expect_eq(g[6].visibility, AFTER_DUE_DATE);
    cr_expect_null(g[19].rule, "only the two named sessions run under Valgrind");
    cr_expect_null(g[21].rule);
    cr_expect_null(g[23].rule);
    cr_expect_eq(g[20].max_score, 2, "Valgrind on the public chain is worth 2");
    cr_expect_eq(g[20].visibility, VISIBLE);
    cr_expect_eq(g[22].max_score, 3, "Valgrind on the hidden four-jump chain is worth 3");
    cr_expect_eq(g[22].visibility, AFTER_DUE_DATE);
    cr_expect_eq(g[24].max_score, 1.5, "ASan: 3 points over 2 public sessions");
    cr_expect_eq(g[24].visibility, VISIBLE);
    cr_expect_eq(g[26].max_score, 1, "ASan: 2 points over 2 hidden sessions");
    cr_expect_eq(g[26].visibility, AFTER_DUE_DATE, "hidden session names stay hidden");
    cr_expect_eq(rb.options.lenient_share, 0.5);
    rubric_free(&rb);
}

Test(rubric, explain_lists_everything_and_warns_about_idle_rules)
{
    struct rubric rb;
    const char *names[] = { "unit/public/a", "unit/hidden/b", "other/x" };
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    const char *expected =
        "Rubric t.rub\n"
        "\n"
        "Options:\n"
        "  lenient_share       0.5\n"
        "  wall_seconds        10\n"
        "  cpu_seconds         5\n"
        "  memory_mb           256\n"
        "  max_processes       16\n"
        "  output_kb           1024\n"
        "  build_seconds       60\n"
        "  unit_timeout        10\n"
        "  time_factor         10\n"
        "  budget_factor       6\n"
        "  budget_cpu_seconds  6\n"
        "  budget_wall_seconds 45\n"
        "\n"
        "Tests:\n"
        "  POINTS   CATEGORY   VISIBILITY     LINE  TEST\n"
        "  5        unit       visible        1     unit/public/a\n"
        "  5        unit       visible        1     unit/hidden/b\n"
        "  -        -          -              -     other/x"
        "  (not graded: no rule matches)\n"
        "\n"
        "Rules:\n"
        /* Each pattern is padded to 36 columns, then one blank. */
        "  line 1    unit/*                               "
        "10 points over 2 tests\n"
        "  line 2    unit/public/*                        "
        "5 points over 0 tests\n"
        "warning: t.rub:2: rule 'unit/public/*' takes no test (every test "
        "it matches is taken by an earlier rule)\n"
        "  line 3    memory/*                             "
        "3 points over 0 tests\n"
        "warning: t.rub:3: rule 'memory/*' takes no test (its pattern "
        "matches no test name)\n"
        "\n"
        "Totals:\n"
        "  unit       10\n"
        "  memory     0\n"
        "  total      10  (2 of 3 tests graded)\n";

    cr_assert_not_null(out);
    cr_assert_eq(parse("unit/* 10 unit visible\n"
                       "unit/public/* 5 unit visible\n"
                       "memory/* 3 memory visible\n", &rb), 0);
    cr_expect_eq(rubric_explain(&rb, names, COUNT(names), out), 2,
                 "two warnings");
    fclose(out);
    cr_expect_str_eq(text, expected);
    free(text);
    rubric_free(&rb);
}
