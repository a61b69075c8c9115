/*
** fuzz_protocol.c -- fuzz target for the referee's reply parser,
** protocol_move_reply() (grader/referee/protocol.c): a bot's reply line is
** whatever bytes a student's program wrote.
**
** Input: the reply line, its '\n' removed (the bytes up to a NUL: the
** referee refuses a reply with a NUL before it parses).  Checks what
** protocol.h states: a line is accepted exactly when it matches the
** grammar -- four integers, one space between them, "0" or an optional
** "-" and a digit 1-9 first, each within a long -- as read here by an
** independent reader (strtol on each space-separated word); an accepted
** line gives the numbers that reader gives, and printing them back
** ("%ld %ld %ld %ld") gives the line itself, byte for byte (one spelling
** per move).
*/
#define FUZZ_NAME "fuzz_protocol"
#include "fuzz_parser.h"

#include <errno.h>

#include "referee/protocol.h"

/* Whether word w[0, n) is an integer of the grammar, into *v. */
static int grammar_integer(const char *w, size_t n, long *v) FUZZ_NO_COVERAGE;
static int grammar_integer(const char *w, size_t n, long *v)
{
    char buf[PROTOCOL_LINE_MAX + 2], *end;
    size_t neg = n > 0 && w[0] == '-';

    if (n == neg || n > PROTOCOL_LINE_MAX)
        return 0;
    for (size_t i = neg; i < n; i++)
        if (w[i] < '0' || w[i] > '9')
            return 0;
    if (w[neg] == '0' && (neg || n > 1))
        return 0;                               /* "-0", "007" */
    memcpy(buf, w, n);
    buf[n] = '\0';
    errno = 0;
    *v = strtol(buf, &end, 10);
    return errno == 0 && *end == '\0';
}

/* The grammar's reading of a whole line: 1 and the numbers, or 0. */
static int grammar_move(const char *line, long move[4]) FUZZ_NO_COVERAGE;
static int grammar_move(const char *line, long move[4])
{
    const char *p = line;

    for (int i = 0; i < 4; i++) {
        size_t n = strcspn(p, " ");
        if (!grammar_integer(p, n, &move[i]))
            return 0;
        p += n;
        if (i < 3 && *p++ != ' ')
            return 0;
    }
    return *p == '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = fuzz_cstring(data, size), back[4 * 24];
    long got[4], want[4];
    int accepted = protocol_move_reply(line, got) == 0;

    if (accepted != grammar_move(line, want))
        fuzz_fail(accepted ? "accepted a reply outside the grammar" : "refused a reply of the grammar", line);
    if (accepted) {
        if (memcmp(got, want, sizeof got) != 0)
            fuzz_fail("read other numbers than the reply's", line);
        snprintf(back, sizeof back, "%ld %ld %ld %ld", got[0], got[1], got[2], got[3]);
        if (strcmp(back, line) != 0)
            fuzz_fail("an accepted reply is not the one spelling of its move", line);
    }
    free(line);
    return 0;
}
