/*
** forward.c -- the eleven required functions of halma.h as the tests call
** them: each runs the submission's function (student_NAME, forward.h) in
** the callee process, which never holds the grader's nonce
** (grader/unit/callee.h; graded_test.h says what that buys).
**
** A call packs a copy of what its pointer argument points to (the set's
** eight words or the whole board) and its int arguments into a plain
** struct; callee_call() copies it to the callee, where the thunk copies the
** set or board into a local of its own type and calls student_NAME on it,
** then writes the local back into the struct, which callee_call() copies
** back to the worker.  The local keeps what the tests' in-process calls
** gave the submission: an object of exactly the caller's type with the
** sanitizers' guard zones around it, so that reading word 8 of a set is
** still a stack-buffer-overflow, and reading "square 256" of a board's
** occupied set still reads colour[0]'s square 0, as halma.h's layout says.
**
** What comes back is untrusted, but plain data: an int, and the bytes of a
** set or board, with no pointer or count in them.  The worker copies the
** set or board back over the caller's only for the functions allowed to
** change it.  For a function given it as const the worker never copies it
** back; it compares it with the caller's, and fails the test when the
** function changed it, as support.c's checked calls did when the
** functions ran in the test's own process.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "callee.h"
#include "forward.h"

/* The functions of a set, and of a board; the readers (const argument)
** come last in each list. */
enum set_function { INCLUDE, EXCLUDE, CONTAINS };
enum board_function { BOARD_INIT, ADD_PIECE, APPLY_MOVE, IS_EMPTY, OWNER, CHECK_STEP,
                      CHECK_HOP, WINNER };

static const char *const set_function_names[] = {
    "bitset_include", "bitset_exclude", "bitset_contains"
};
static const char *const board_function_names[] = {
    "board_init", "add_piece", "apply_move", "is_empty", "owner", "check_step",
    "check_hop", "winner"
};

/* One call of a set function, to the callee and back. */
struct set_call {
    enum set_function function; /* in                                   */
    h_bitset set;               /* in: the caller's; out: the callee's   */
    int s;                      /* in                                   */
    int result;                 /* out: bitset_contains's answer         */
};

/* One call of a board function, to the callee and back. */
struct board_call {
    enum board_function function; /* in                                   */
    h_board board;                /* in: the caller's; out: the callee's  */
    int arg[3];                   /* in: the int arguments, in order      */
    int result;                   /* out                                  */
};

/* ------------------------------------------------------ in the callee */

/* callee_call's thunk for the set functions. */
static void run_set_call(void *args)
{
    struct set_call *call = args;
    h_bitset set;

    memcpy(set, call->set, sizeof set);
    switch (call->function) {
    case INCLUDE:
        student_bitset_include(set, call->s);
        break;
    case EXCLUDE:
        student_bitset_exclude(set, call->s);
        break;
    case CONTAINS:
        call->result = student_bitset_contains(set, call->s);
        break;
    }
    memcpy(call->set, set, sizeof set);
}
CALLEE_THUNK(run_set_call);

/* callee_call's thunk for the board functions. */
static void run_board_call(void *args)
{
    struct board_call *call = args;
    const int *arg = call->arg;
    h_board b;

    memcpy(&b, &call->board, sizeof b);
    switch (call->function) {
    case BOARD_INIT:
        call->result = student_board_init(&b, arg[0]);
        break;
    case ADD_PIECE:
        call->result = student_add_piece(&b, arg[0], arg[1], arg[2]);
        break;
    case APPLY_MOVE:
        call->result = student_apply_move(&b, arg[0], arg[1]);
        break;
    case IS_EMPTY:
        call->result = student_is_empty(&b, arg[0]);
        break;
    case OWNER:
        call->result = student_owner(&b, arg[0]);
        break;
    case CHECK_STEP:
        call->result = student_check_step(&b, arg[0], arg[1]);
        break;
    case CHECK_HOP:
        call->result = student_check_hop(&b, arg[0], arg[1], arg[2]);
        break;
    case WINNER:
        call->result = student_winner(&b);
        break;
    }
    memcpy(&call->board, &b, sizeof b);
}
CALLEE_THUNK(run_board_call);

/* ------------------------------------------------------ in the worker */

/* Runs set function f on a copy of `set` in the callee and returns its
** result.  The callee's copy is written over `out` when out is not NULL;
** when it is (a const set), the test fails if the function changed the
** copy.  Fails the test, never returning, when the call does not return
** (callee_call). */
static int call_on_set(enum set_function f, const uint32_t *set, uint32_t *out, int s)
{
    struct set_call call;

    memset(&call, 0, sizeof call);
    call.function = f;
    memcpy(call.set, set, sizeof call.set);
    call.s = s;
    callee_call(set_function_names[f], run_set_call, &call, sizeof call, 0);
    if (out)
        memcpy(out, call.set, sizeof call.set);
    else if (memcmp(call.set, set, sizeof call.set) != 0)
        cr_assert_fail("%s(set, %d) changed the set it was given as const",
                       set_function_names[f], s);
    return call.result;
}

/* The same for board function f, its int arguments a0, a1, a2 (those it
** does not take are ignored). */
static int call_on_board(enum board_function f, const h_board *b, h_board *out,
                         int a0, int a1, int a2)
{
    struct board_call call;

    memset(&call, 0, sizeof call);
    call.function = f;
    memcpy(&call.board, b, sizeof call.board);
    call.arg[0] = a0;
    call.arg[1] = a1;
    call.arg[2] = a2;
    callee_call(board_function_names[f], run_board_call, &call, sizeof call, 0);
    if (out)
        memcpy(out, &call.board, sizeof call.board);
    else if (memcmp(&call.board, b, sizeof call.board) != 0)
        cr_assert_fail("%s changed the board it was given as const",
                       board_function_names[f]);
    return call.result;
}

void bitset_include(h_bitset set, int s)
{
    call_on_set(INCLUDE, set, set, s);
}

void bitset_exclude(h_bitset set, int s)
{
    call_on_set(EXCLUDE, set, set, s);
}

int bitset_contains(const h_bitset set, int s)
{
    return call_on_set(CONTAINS, set, NULL, s);
}

int board_init(h_board *b, int players)
{
    return call_on_board(BOARD_INIT, b, b, players, 0, 0);
}

int add_piece(h_board *b, int player, int piece, int s)
{
    return call_on_board(ADD_PIECE, b, b, player, piece, s);
}

int apply_move(h_board *b, int from, int to)
{
    return call_on_board(APPLY_MOVE, b, b, from, to, 0);
}

int is_empty(const h_board *b, int s)
{
    return call_on_board(IS_EMPTY, b, NULL, s, 0, 0);
}

int owner(const h_board *b, int s)
{
    return call_on_board(OWNER, b, NULL, s, 0, 0);
}

int check_step(const h_board *b, int from, int to)
{
    return call_on_board(CHECK_STEP, b, NULL, from, to, 0);
}

int check_hop(const h_board *b, int from, int to, int kangaroo)
{
    return call_on_board(CHECK_HOP, b, NULL, from, to, kangaroo);
}

int winner(const h_board *b)
{
    return call_on_board(WINNER, b, NULL, 0, 0, 0);
}
