/*
** tests.c -- the callee's self-test's unit tests (calls.h).  Those of the
** suites add, say and linger pass; the others must fail, each for the
** reason tests/unit.test.sh checks in the output.
*/
#include <criterion/criterion.h>
#include <fcntl.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "calls.h"
#include "graded_test.h"

GRADED_TEST(add, two_and_three_make_five)
{
    cr_assert(add(2, 3) == 5, "add(2, 3) == %d, expected 5", add(2, 3));
}

GRADED_TEST(add, many_calls_in_one_test)
{
    for (int i = 0; i < 200; i++)
        cr_assert(add(i, i) == 2 * i, "add(%d, %d) == %d", i, i, add(i, i));
}

GRADED_TEST(say, output_is_captured)
{
    char got[64] = "";

    cr_redirect_stdout();
    say("captured words");
    fflush(stdout);
    /* All of it is in the pipe already; the pipe never ends. */
    int fd = fileno(cr_get_redirected_stdout());
    fcntl(fd, F_SETFL, O_NONBLOCK);
    ssize_t n = read(fd, got, sizeof got - 1);
    got[n > 0 ? n : 0] = '\0';
    cr_assert(strcmp(got, "captured words\n") == 0, "captured \"%s\"", got);
}

GRADED_TEST(spin, is_stopped_at_its_limit)
{
    cr_assert(spin() == 1, "spin returned");
}

GRADED_TEST(nap, is_stopped_at_its_wall_limit)
{
    cr_assert(nap() == 1, "nap returned");
}

GRADED_TEST(doze, waits_at_least_the_wall_floor)
{
    cr_assert(doze() == 1, "doze returned");
}

GRADED_TEST(crash, is_named)
{
    cr_assert(crash() == 1, "crash returned");
}

GRADED_TEST(quit, is_named)
{
    cr_assert(quit() == 1, "quit returned");
}

GRADED_TEST(linger, passes_and_leaves_nothing_alive)
{
    cr_assert(linger() == 1, "linger could not start its thread");
}

GRADED_TEST(forge, forges_nothing)
{
    cr_assert(forge() == 1, "forge returned");
}

/* -1 is the worker's stand-in (no callee); any other bit, a way out of
** the callee that its filter let through (student.c's reach). */
GRADED_TEST(reach, reaches_no_other_process)
{
    int got = reach();
    cr_assert(got == 0, "reach got out of the callee: bits %#x (1 PDEATHSIG cleared, 2 kill, "
              "4 tgkill, 8 pidfd_open, 16 F_SETOWN, 32 unshare, 64 io_uring_setup)", got);
}
