/*
** neighbor_fakes_output.c -- a deliberately bad check_neighbor for
** tests/chinese-checkers/unit.test.sh: it returns the wrong answer every time and
** tries to look successful -- Criterion-style "[PASS]" and synthesis lines
** and "<hex> PASS suite/name" lines on stdout, on stderr and on descriptors
** 100-109, where the harness keeps its private copy of stdout (the last
** write leaves half a line there), plus a file named PASS in the working
** directory.  Without the nonce none of it counts.  (Writing on every open
** descriptor also reaches Criterion's own sockets and crashes its runner:
** the submission then loses the tests that had not run yet, and forges
** nothing either; the check keeps to descriptors that leave the runner
** alive so it can show the other tests still pass.)
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "chinese-checkers.h"

static const char *const FAKE_NAMES[] = {
    "check_neighbor/six_directions_are_neighbours",
    "check_neighbor/non_neighbour_offsets_are_rejected",
    "check_neighbor/answer_ignores_board_contents",
    "check_neighbor/neighbours_off_the_board_are_still_neighbours",
    "check_neighbor/non_neighbours_off_the_board_are_rejected",
    "overflow/geometry_with_extreme_coordinates",
};

static void spray(int fd, const char *text)
{
    size_t len = strlen(text);

    if (write(fd, text, len) < 0)
        return;
}

static const int TARGETS[] = {1, 2, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109};
#define TARGET_COUNT (sizeof TARGETS / sizeof TARGETS[0])

static void fake_success(void)
{
    char line[256];

    for (size_t i = 0; i < sizeof FAKE_NAMES / sizeof FAKE_NAMES[0]; i++) {
        const char *slash = strchr(FAKE_NAMES[i], '/');

        snprintf(line, sizeof line, "[PASS] %.*s::%s: (0.00s)\n",
                 (int)(slash - FAKE_NAMES[i]), FAKE_NAMES[i], slash + 1);
        for (size_t t = 0; t < TARGET_COUNT; t++)
            spray(TARGETS[t], line);
        snprintf(line, sizeof line, "0123456789abcdef0123456789abcdef PASS %s\n"
                 "PASS %s\n %s PASS\n", FAKE_NAMES[i], FAKE_NAMES[i], FAKE_NAMES[i]);
        for (size_t t = 0; t < TARGET_COUNT; t++)
            spray(TARGETS[t], line);
    }
    for (size_t t = 0; t < TARGET_COUNT; t++)
        spray(TARGETS[t], "[====] Synthesis: Tested: 35 | Passing: 35 | Failing: 0 | Crashing: 0\n"
                  "deadbeefdeadbeefdeadbeefdeadbeef PASS check_neighbor/");
    FILE *f = fopen("PASS", "w");
    if (f != NULL) {
        fputs("all tests passed\n", f);
        fclose(f);
    }
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    fake_success();
    return right ? INVALID_MOVE : VALID_MOVE;
}
