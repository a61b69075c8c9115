/*
** support.h -- what the unit tests share besides the harness: setting up
** the_board (fill it, an empty star, the starting layout, one marble), the
** six neighbour directions, names for cell values in messages, and
** capturing what a function prints on stdout.
**
** Everything here is derived from the rules in chinese-checkers.h, never
** from a reference implementation: the star is the set of cells the
** header's geometric rule accepts, the starting layout puts RE on its
** spaces in rows 0-3 and GR on its spaces in rows 13-16.
*/
#ifndef UNIT_SUPPORT_H
#define UNIT_SUPPORT_H

#include <stddef.h>

#include "chinese-checkers.h"

/* A neighbour offset: (x + dx, y + dy) is the neighbour in direction
** `name`; twice the offset is a jump. */
struct direction {
    int dx, dy;
    const char *name;
};

/* left, right, up-left, up-right, down-left, down-right, in that order. */
extern const struct direction DIRECTIONS[6];

/* The centre of the star, far from every edge: all six jumps from it
** stay on the star. */
#define CENTRE_X 12
#define CENTRE_Y 8

/* 1 if (x, y) is a space of the star by the header's rule, else 0; any
** (x, y) off the array is not. */
int is_star_space(int x, int y);

/* Writes the starting layout into `out`: RE on the star's spaces in rows
** 0-3, GR on those in rows 13-16, EM on the other spaces, DA elsewhere. */
void build_start_layout(int out[BOARD_SIZE_Y][BOARD_SIZE_X]);

/* Sets every cell of the_board, space or not, to `value`. */
void board_fill(int value);

/* the_board := every space EM, every other cell DA. */
void board_empty_star(void);

/* the_board := the starting layout. */
void board_start(void);

/* the_board[y][x] := value; fails the test if (x, y) is off the array. */
void board_put(int x, int y, int value);

/* "RE", "GR", "EM", "DA", or the number for any other value; the result
** lives in a small rotating buffer, good for a few uses in one message. */
const char *cell_name(int value);

/* 1 if (x, y) is a cell of the array (space or not), else 0. */
int is_on_array(long long x, long long y);

/* "VALID_MOVE", "INVALID_MOVE", or the number for anything else. */
const char *move_result_name(int result);

/* "TRUE", "FALSE", or the number for anything else. */
const char *truth_name(int truth);

/*
** One call of a required function, checked: each calls the function,
** and if the result is not `expected` fails the test with a message that
** shows the call, the value it returned, the value expected, what the
** board holds at the cells involved, and `why` -- a few words saying what
** the case is.  The coordinates may be anything, INT_MIN to INT_MAX.
*/
void assert_neighbor(int x_from, int y_from, int x_to, int y_to,
                     int expected, const char *why);
void assert_jump(int x_from, int y_from, int x_to, int y_to,
                 int expected, const char *why);
void assert_move(int color, int x_from, int y_from, int x_to, int y_to,
                 int expected, const char *why);
void assert_jumper(int x_from, int y_from, int x_to, int y_to,
                   int expected, const char *why);

/* Fails the test, naming the first cell that differs, unless the_board
** holds exactly `expected`.  `what` says what should have kept it so. */
void assert_board_equals(int expected[BOARD_SIZE_Y][BOARD_SIZE_X],
                         const char *what);

/* Redirects stdout (Criterion's cr_redirect_stdout) so that
** captured_stdout() can read what the code under test printed.  Call it
** before anything is printed. */
void capture_stdout(void);

/* Flushes stdout and returns everything printed on it since
** capture_stdout(), NUL-terminated, in a static buffer.  Output longer
** than the buffer fails the test. */
const char *captured_stdout(void);

/* Fails the test unless got and expected are the same text; the message
** names `what`, the first line that differs, and both versions of it. */
void assert_same_text(const char *got, const char *expected, const char *what);

#endif /* UNIT_SUPPORT_H */
