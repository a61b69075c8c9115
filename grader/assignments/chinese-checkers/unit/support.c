/*
** support.c -- board set-up, direction table, cell names and stdout
** capture for the unit tests (see support.h).  Failures here are reported
** with cr_assert_fail, which ends the test like any failed assertion.
*/
#define _POSIX_C_SOURCE 200809L

#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

const struct direction DIRECTIONS[6] = {
    {-2, 0, "left"},
    {2, 0, "right"},
    {-1, -1, "up-left"},
    {1, -1, "up-right"},
    {-1, 1, "down-left"},
    {1, 1, "down-right"},
};

int is_on_array(long long x, long long y)
{
    return x >= 0 && x < BOARD_SIZE_X && y >= 0 && y < BOARD_SIZE_Y;
}

int is_star_space(int x, int y)
{
    int from_centre_column;

    if (!is_on_array(x, y))
        return 0;
    if ((x + y) % 2 != 0)
        return 0;
    from_centre_column = abs(x - 12);
    return (y <= 12 && from_centre_column <= y)
        || (y >= 4 && from_centre_column <= 16 - y);
}

void build_start_layout(int out[BOARD_SIZE_Y][BOARD_SIZE_X])
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++) {
            if (!is_star_space(x, y))
                out[y][x] = DA;
            else if (y <= 3)
                out[y][x] = RE;
            else if (y >= 13)
                out[y][x] = GR;
            else
                out[y][x] = EM;
        }
}

void board_fill(int value)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            the_board[y][x] = value;
}

void board_empty_star(void)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            the_board[y][x] = is_star_space(x, y) ? EM : DA;
}

void board_start(void)
{
    build_start_layout(the_board);
}

void board_put(int x, int y, int value)
{
    if (x < 0 || x >= BOARD_SIZE_X || y < 0 || y >= BOARD_SIZE_Y)
        cr_assert_fail("test bug: board_put(%d, %d, %d) is off the array", x, y, value);
    the_board[y][x] = value;
}

const char *cell_name(int value)
{
    static char buffers[8][16];
    static unsigned next;
    char *out = buffers[next++ % 8];

    switch (value) {
    case RE: return "RE";
    case GR: return "GR";
    case EM: return "EM";
    case DA: return "DA";
    default:
        snprintf(out, sizeof buffers[0], "%d", value);
        return out;
    }
}

const char *move_result_name(int result)
{
    static char buffers[4][16];
    static unsigned next;
    char *out = buffers[next++ % 4];

    if (result == VALID_MOVE)
        return "VALID_MOVE";
    if (result == INVALID_MOVE)
        return "INVALID_MOVE";
    snprintf(out, sizeof buffers[0], "%d", result);
    return out;
}

const char *truth_name(int truth)
{
    static char buffers[4][16];
    static unsigned next;
    char *out = buffers[next++ % 4];

    if (truth == TRUE)
        return "TRUE";
    if (truth == FALSE)
        return "FALSE";
    snprintf(out, sizeof buffers[0], "%d", truth);
    return out;
}

/* "(x,y)=RE", or "(x,y) off the array", into `out`.  Reads the_board only
** where the test set it up, so the value is what the test put there. */
static void describe_cell(const char *role, long long x, long long y,
                          char *out, size_t cap)
{
    if (is_on_array(x, y))
        snprintf(out, cap, "%s (%lld,%lld)=%s", role, x, y,
                 cell_name(the_board[y][x]));
    else
        snprintf(out, cap, "%s (%lld,%lld) off the array", role, x, y);
}

void assert_neighbor(int x_from, int y_from, int x_to, int y_to,
                     int expected, const char *why)
{
    int got = check_neighbor(x_from, y_from, x_to, y_to);

    cr_assert_eq(got, expected,
                 "check_neighbor(%d, %d, %d, %d) returned %s, expected %s -- %s",
                 x_from, y_from, x_to, y_to, move_result_name(got),
                 move_result_name(expected), why);
}

void assert_jump(int x_from, int y_from, int x_to, int y_to,
                 int expected, const char *why)
{
    char from[64], middle[64], to[64];
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int got;

    describe_cell("from", x_from, y_from, from, sizeof from);
    describe_cell("to", x_to, y_to, to, sizeof to);
    if (dx % 2 == 0 && dy % 2 == 0)
        describe_cell("between", x_from + dx / 2, y_from + dy / 2, middle, sizeof middle);
    else
        snprintf(middle, sizeof middle, "no cell halfway");
    got = check_jump(x_from, y_from, x_to, y_to);
    cr_assert_eq(got, expected,
                 "check_jump(%d, %d, %d, %d) returned %s, expected %s -- %s "
                 "[%s, %s, %s]",
                 x_from, y_from, x_to, y_to, move_result_name(got),
                 move_result_name(expected), why, from, middle, to);
}

void assert_move(int color, int x_from, int y_from, int x_to, int y_to,
                 int expected, const char *why)
{
    char from[64], to[64];
    int got;

    describe_cell("from", x_from, y_from, from, sizeof from);
    describe_cell("to", x_to, y_to, to, sizeof to);
    got = check_move(color, x_from, y_from, x_to, y_to);
    cr_assert_eq(got, expected,
                 "check_move(%s, %d, %d, %d, %d) returned %s, expected %s -- %s "
                 "[%s, %s]",
                 cell_name(color), x_from, y_from, x_to, y_to,
                 move_result_name(got), move_result_name(expected), why,
                 from, to);
}

void assert_jumper(int x_from, int y_from, int x_to, int y_to,
                   int expected, const char *why)
{
    char to[64];
    int got;

    describe_cell("marble", x_to, y_to, to, sizeof to);
    got = is_jumper(x_from, y_from, x_to, y_to);
    cr_assert_eq(got, expected,
                 "is_jumper(%d, %d, %d, %d) returned %s, expected %s -- %s [%s]",
                 x_from, y_from, x_to, y_to, truth_name(got),
                 truth_name(expected), why, to);
}

void assert_board_equals(int expected[BOARD_SIZE_Y][BOARD_SIZE_X],
                         const char *what)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            cr_assert_eq(the_board[y][x], expected[y][x],
                         "%s: the_board[%d][%d] (x=%d, y=%d) holds %s, expected %s",
                         what, y, x, x, y, cell_name(the_board[y][x]),
                         cell_name(expected[y][x]));
}

void capture_stdout(void)
{
    cr_redirect_stdout();
}

const char *captured_stdout(void)
{
    static char text[64 * 1024];
    size_t len = 0;
    FILE *pipe_end;
    int fd, flags;

    fflush(stdout);
    pipe_end = cr_get_redirected_stdout();
    if (pipe_end == NULL)
        cr_assert_fail("test bug: captured_stdout() without capture_stdout()%s", "");
    /* Everything printed is already in the pipe: read until it is empty
    ** instead of waiting for an end of file that never comes. */
    fd = fileno(pipe_end);
    flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    for (;;) {
        ssize_t got = read(fd, text + len, sizeof text - 1 - len);

        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        len += (size_t)got;
        if (len == sizeof text - 1)
            cr_assert_fail("the function printed more than %zu bytes on stdout",
                           sizeof text - 2);
    }
    text[len] = '\0';
    return text;
}

/* Copies the line of `text` starting at `line` into `out`, quoted, with
** non-printing bytes escaped, or "(end of output)" past the end. */
static void quote_line(const char *line, char *out, size_t cap)
{
    size_t used = 0;

    if (*line == '\0') {
        snprintf(out, cap, "(end of output)");
        return;
    }
    out[used++] = '"';
    for (; *line != '\0' && used + 8 < cap; line++) {
        unsigned char c = (unsigned char)*line;

        if (c == '\n') {
            memcpy(out + used, "\\n", 2);
            used += 2;
            break;
        }
        if (c == '\\' || c == '"') {
            out[used++] = '\\';
            out[used++] = (char)c;
        } else if (c < 0x20 || c >= 0x7f) {
            used += (size_t)snprintf(out + used, cap - used, "\\x%02x", c);
        } else {
            out[used++] = (char)c;
        }
    }
    out[used++] = '"';
    out[used] = '\0';
}

void assert_same_text(const char *got, const char *expected, const char *what)
{
    const char *g = got, *e = expected;
    int line = 1;
    char got_line[256], expected_line[256];

    if (strcmp(got, expected) == 0)
        return;
    /* Walk both texts line by line to the first line that differs. */
    for (;;) {
        size_t g_len = strcspn(g, "\n"), e_len = strcspn(e, "\n");

        if (g_len != e_len || memcmp(g, e, g_len) != 0 || g[g_len] != e[e_len])
            break;
        if (g[g_len] == '\0')
            break;
        g += g_len + 1;
        e += e_len + 1;
        line++;
    }
    quote_line(g, got_line, sizeof got_line);
    quote_line(e, expected_line, sizeof expected_line);
    cr_assert_fail("%s: output line %d is %s, expected %s", what, line,
                   got_line, expected_line);
}
