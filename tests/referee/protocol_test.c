/*
** protocol_test.c -- Criterion tests of the move reply's grammar
** (grader/referee/protocol.h, protocol_move_reply): what the kit's driver
** writes ("%ld %ld %ld %ld") is read, long's whole range included, and
** every other spelling sscanf("%ld") would take is refused.
*/
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>

#include "referee/protocol.h"

Test(protocol, the_drivers_replies_are_read)
{
    long m[4];
    char line[128];

    cr_assert_eq(protocol_move_reply("3 -1 5 0", m), 0);
    cr_assert(m[0] == 3 && m[1] == -1 && m[2] == 5 && m[3] == 0);
    snprintf(line, sizeof line, "%ld %ld 0 -10", LONG_MAX, LONG_MIN);
    cr_assert_eq(protocol_move_reply(line, m), 0, "%s", line);
    cr_assert(m[0] == LONG_MAX && m[1] == LONG_MIN && m[3] == -10);
}

Test(protocol, other_spellings_are_refused)
{
    static const char *const bad[] = {
        "+3 1 5 1", "03 1 5 1", "3 -0 5 1", "3\t1 5 1", "3 1 5 1\r", "3\v1 5 1", "3\f1 5 1",
        " 3 1 5 1", "3 1 5 1 ", "3  1 5 1", "3 1 5", "3 1 5 1 2", "", "-", "3 1 5 -",
        "9223372036854775808 0 0 0", "-9223372036854775809 0 0 0", "99999999999999999999 0 0 0",
        "3 1 5 1x", "0x3 1 5 1", "3.0 1 5 1", "ok",
    };
    long m[4];

    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_eq(protocol_move_reply(bad[i], m), -1, "accepted \"%s\"", bad[i]);
}
