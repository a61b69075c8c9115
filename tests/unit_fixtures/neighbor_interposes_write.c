/*
** neighbor_interposes_write.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: besides a check_neighbor that always gives
** the wrong answer, it defines write(2) itself.  Linked as is, the
** harness's write() would call this one, which spots the first PASS line,
** learns the nonce from it and forges PASS lines for the check_neighbor
** tests.  The grader's link step makes every symbol of a submission except
** the required ones local (objcopy -G), after which the harness reaches
** the C library's write() and this one sees nothing.
*/
#define _GNU_SOURCE

#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "chinese-checkers.h"

static const char *const FORGED[] = {
    "check_neighbor/six_directions_are_neighbours",
    "check_neighbor/non_neighbour_offsets_are_rejected",
    "check_neighbor/answer_ignores_board_contents",
    "check_neighbor/neighbours_off_the_board_are_still_neighbours",
    "check_neighbor/non_neighbours_off_the_board_are_rejected",
};

ssize_t write(int fd, const void *buf, size_t count)
{
    const char *text = buf;
    const char *pass = count < 4096 ? memmem(text, count, " PASS ", 6) : NULL;

    if (pass != NULL && text[0] == '\n' && pass > text + 1) {
        size_t nonce_len = (size_t)(pass - (text + 1));
        char line[512];

        for (size_t i = 0; i < sizeof FORGED / sizeof FORGED[0]; i++) {
            size_t name_len = strlen(FORGED[i]);

            if (nonce_len + name_len + 8 > sizeof line)
                break;
            line[0] = '\n';
            memcpy(line + 1, text + 1, nonce_len);
            memcpy(line + 1 + nonce_len, " PASS ", 6);
            memcpy(line + 7 + nonce_len, FORGED[i], name_len);
            line[7 + nonce_len + name_len] = '\n';
            syscall(SYS_write, fd, line, 8 + nonce_len + name_len);
        }
    }
    return syscall(SYS_write, fd, buf, count);
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    return right ? INVALID_MOVE : VALID_MOVE;
}
