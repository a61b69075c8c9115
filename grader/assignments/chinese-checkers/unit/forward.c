/*
** forward.c -- the five required functions as the unit tests call them.
** Each NAME here runs the submission's own function (student_NAME after
** the build's renaming, forward.h) in the callee process
** (grader/unit/callee.h), which never holds the nonce, instead of in the
** worker that asserts and reports.  Tests and support.c call NAME as
** before.
**
** What crosses with each call: the function's int arguments, its int
** result, and the board.  The tests set and read the_board directly in
** the worker; that the_board is the harness's own, defined here, and the
** submission's is student_the_board, renamed by the build like the
** functions and only ever touched in the callee.  (A submission can make
** its the_board name any address -- `.set the_board, buf + N` -- and the
** worker once copied what came back over it: over the harness's own
** state.)  Before each test's body, callee_test_start() fetches the
** submission's board as it initialises it.  The worker copies its
** the_board into the call's record; in the callee the thunk copies the
** record's board into student_the_board, calls student_NAME and copies
** student_the_board back into the record; the worker then copies the
** record's board over its own the_board.  So a test sees what the function did to the board (the
** "leaves the board unchanged" tests), exactly as when the function ran
** in the worker.  print_board's output goes to the worker's stdout as it
** is at the time of the call (the engine passes the worker's fd 1 along),
** so capture_stdout() still sees it.
**
** The record that comes back is written by the code under test: untrusted.
** It is plain data -- ints only, no pointer, no count -- and the worker
** reads nothing from it but the board and the result, whatever they hold.
** A function that crashes, exits or does not return fails the test inside
** callee_call, which then never returns here.
*/
#include <string.h>

#include "callee.h"
#include "forward.h"

/* The board the tests see (chinese-checkers.h's the_board): the
** harness's storage, filled from the submission's at each test's start. */
int the_board[BOARD_SIZE_Y][BOARD_SIZE_X];

/* One call, as it travels to the callee and back. */
struct cc_call {
    int board[BOARD_SIZE_Y][BOARD_SIZE_X]; /* the_board, before then after */
    int args[5];                           /* the arguments, in order */
    int result;                            /* what the function returned */
};

/* In the callee: the record's board becomes the_board. */
static struct cc_call *board_in(void *record)
{
    struct cc_call *call = record;

    memcpy(student_the_board, call->board, sizeof student_the_board);
    return call;
}

/* In the callee: the_board, as the function left it, goes back. */
static void board_out(struct cc_call *call)
{
    memcpy(call->board, student_the_board, sizeof call->board);
}

/* In the callee: the submission's board as it stands, nothing called. */
static void run_fetch_board(void *record)
{
    board_out(record);
}
CALLEE_THUNK(run_fetch_board);

/* The thunks, run in the callee: one per function. */

static void run_print_board(void *record)
{
    struct cc_call *call = board_in(record);

    student_print_board();
    board_out(call);
}
CALLEE_THUNK(run_print_board);

static void run_check_neighbor(void *record)
{
    struct cc_call *call = board_in(record);
    const int *a = call->args;

    call->result = student_check_neighbor(a[0], a[1], a[2], a[3]);
    board_out(call);
}
CALLEE_THUNK(run_check_neighbor);

static void run_check_jump(void *record)
{
    struct cc_call *call = board_in(record);
    const int *a = call->args;

    call->result = student_check_jump(a[0], a[1], a[2], a[3]);
    board_out(call);
}
CALLEE_THUNK(run_check_jump);

static void run_check_move(void *record)
{
    struct cc_call *call = board_in(record);
    const int *a = call->args;

    call->result = student_check_move(a[0], a[1], a[2], a[3], a[4]);
    board_out(call);
}
CALLEE_THUNK(run_check_move);

static void run_is_jumper(void *record)
{
    struct cc_call *call = board_in(record);
    const int *a = call->args;

    call->result = student_is_jumper(a[0], a[1], a[2], a[3]);
    board_out(call);
}
CALLEE_THUNK(run_is_jumper);

/* In the worker: runs `thunk` in the callee with the_board and `args`
** (five ints, unused ones 0), copies the board it comes back with over
** the_board and returns the function's result.  The default CPU limit
** applies (the test's). */
static int forward(const char *name, void (*thunk)(void *), const int args[5])
{
    struct cc_call call;

    memset(&call, 0, sizeof call);
    memcpy(call.board, the_board, sizeof call.board);
    memcpy(call.args, args, sizeof call.args);
    callee_call(name, thunk, &call, sizeof call, 0);
    memcpy(the_board, call.board, sizeof the_board);
    return call.result;
}

void print_board(void)
{
    forward("print_board", run_print_board, (const int[5]){0});
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return forward("check_neighbor", run_check_neighbor,
                   (const int[5]){x_from, y_from, x_to, y_to});
}

int check_jump(int x_from, int y_from, int x_to, int y_to)
{
    return forward("check_jump", run_check_jump,
                   (const int[5]){x_from, y_from, x_to, y_to});
}

int check_move(int color, int x_from, int y_from, int x_to, int y_to)
{
    return forward("check_move", run_check_move,
                   (const int[5]){color, x_from, y_from, x_to, y_to});
}

int is_jumper(int x_from, int y_from, int x_to, int y_to)
{
    return forward("is_jumper", run_is_jumper,
                   (const int[5]){x_from, y_from, x_to, y_to});
}

/* Before every test's body (callee.h): the_board := the submission's
** board as its code initialises it, so that the tests of the initial
** board, and any test that starts from it, see what the submission
** defined. */
void callee_test_start(void)
{
    struct cc_call call;

    memset(&call, 0, sizeof call);
    callee_call("the_board", run_fetch_board, &call, sizeof call, 0);
    memcpy(the_board, call.board, sizeof the_board);
}
