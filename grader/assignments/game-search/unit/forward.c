/*
** forward.c -- the four required functions as the unit tests call them.
** Each NAME here runs the submission's own function (student_NAME, as
** the grader's build renames it: descriptor.c's .forwarded) in the callee
** process (grader/unit/callee.h), which never holds the nonce, instead of
** in the worker that asserts and reports.  The tests and support.c call
** minimax, alphabeta, parallel_search and choose_move as before.
**
** What crosses with each call, in one plain record (struct gs_call):
**   - a copy of the position, which the function may change (the tests
**     check that it is restored) and which comes back over the caller's;
**   - the other arguments; `eval` travels as its index in known_evals[]
**     (support.c's evaluations, in the worker's binary and the callee's
**     alike): an address would mean nothing in the callee's binary, and
**     the callee must never call an address the worker sent.  There it
**     runs, called by the code under test;
**   - the evaluations' state (support.h, struct eval_state): eval_secret's
**     key goes in, the counts of calls (in all, by thread) come back;
**   - the result, and choose_move's move;
**   - for parallel_search, the callee's threads before and after (after:
**     once any thread beyond those has ended, or a second has passed), for
**     the test that every thread is joined: the threads the code under
**     test starts are the callee's, not the worker's.
** The board library (gs_*) is the submission's or the kit's copy inside
** the submission's object, which the build makes local: the tests never
** call it, and the code under test calls it in the callee.
**
** The record that comes back is written by the code under test, so it is
** not trusted: it holds no pointer the worker follows and no function the
** worker calls (`eval`'s index is sent, never read back); the counts and thread
** numbers are clamped before anything uses them; the position and the
** move are plain bytes and an int, which the tests range-check before
** they index anything with them (a move's cells must be < GS_CELLS and a
** move of the position).  A function that crashes, exits or does not
** return within the call's limit fails the test inside callee_call, which
** then never returns here.
*/
#define _GNU_SOURCE
#include "callee.h"
#include "support.h"

#include <criterion/criterion.h>
#include <time.h>

/* The submission's functions, renamed by the build (stubs.c holds weak
** stand-ins).  Only the thunks below call them, in the callee. */
int student_minimax(gs_position *p, int depth, gs_eval_fn *eval);
int student_alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval);
int student_parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval);
int student_choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best);

/* The evaluations a test may pass, each named in a call by its index
** here. */
static gs_eval_fn *const known_evals[] = {eval_plain, eval_secret, eval_game};
#define KNOWN_EVALS (int)(sizeof known_evals / sizeof *known_evals)

/* One call, as it travels to the callee and back. */
struct gs_call {
    gs_position position;           /* the argument, then as it was left */
    int eval;                       /* in only: index in known_evals[] */
    int depth, alpha, beta, threads;
    gs_move best;                   /* choose_move's, in and out */
    int result;
    int threads_before, threads_after;  /* parallel_search's: the callee's */
    struct eval_state state;        /* key in, counts in and out */
};

/* The callee's threads around the last parallel_search, as
** parallel_threads() reports them. */
static int threads_before = -1, threads_after = -1;

/* In the worker: sends `call` (its other arguments set) with a copy of *p
** and the evaluations' state to the callee, where `thunk` runs the
** function; copies back the position, over *p, and the counts. */
static void forward(const char *name, void (*thunk)(void *), struct gs_call *call,
                    gs_position *p, gs_eval_fn *eval)
{
    call->eval = 0;
    while (call->eval < KNOWN_EVALS && known_evals[call->eval] != eval)
        call->eval++;
    if (call->eval == KNOWN_EVALS)
        cr_assert_fail("%s: the test passed an evaluation forward.c does not know", name);
    call->position = *p;
    eval_state_save(&call->state);
    callee_call(name, thunk, call, sizeof *call, 0);
    *p = call->position;
    eval_counts_load(&call->state);
}

/* In the callee: the worker's key and counts become the evaluations'; the
** evaluation the call names (the worker checked the index; the callee
** checks it again, and a bad one makes it stop). */
static struct gs_call *arrive(void *record, gs_eval_fn **eval)
{
    struct gs_call *call = record;

    if (call->eval < 0 || call->eval >= KNOWN_EVALS)
        abort();
    *eval = known_evals[call->eval];
    eval_state_load(&call->state);
    return call;
}

/* In the callee: the counts, as the function's evaluations left them, go
** back. */
static void depart(struct gs_call *call)
{
    eval_state_save(&call->state);
}

/* In the callee: the threads now, waiting up to a second (in steps of 10
** ms, sleeping) for those beyond `before` to end. */
static int threads_once_joined(int before)
{
    struct timespec tick = {0, 10 * 1000 * 1000};
    int now = threads_running();

    for (int waited = 0; waited < 100 && now > before; waited++) {
        nanosleep(&tick, NULL);
        now = threads_running();
    }
    return now;
}

/* The thunks, run in the callee: one per function. */

static void run_minimax(void *record)
{
    gs_eval_fn *eval;
    struct gs_call *call = arrive(record, &eval);

    call->result = student_minimax(&call->position, call->depth, eval);
    depart(call);
}
CALLEE_THUNK(run_minimax);

static void run_alphabeta(void *record)
{
    gs_eval_fn *eval;
    struct gs_call *call = arrive(record, &eval);

    call->result = student_alphabeta(&call->position, call->depth, call->alpha, call->beta,
                                     eval);
    depart(call);
}
CALLEE_THUNK(run_alphabeta);

static void run_parallel_search(void *record)
{
    gs_eval_fn *eval;
    struct gs_call *call = arrive(record, &eval);

    call->threads_before = threads_running();
    call->result = student_parallel_search(&call->position, call->depth, call->threads,
                                           eval);
    call->threads_after = threads_once_joined(call->threads_before);
    depart(call);
}
CALLEE_THUNK(run_parallel_search);

static void run_choose_move(void *record)
{
    gs_eval_fn *eval;
    struct gs_call *call = arrive(record, &eval);

    call->result = student_choose_move(&call->position, call->depth, eval, &call->best);
    depart(call);
}
CALLEE_THUNK(run_choose_move);

/* The functions the tests call, run in the worker. */

int minimax(gs_position *p, int depth, gs_eval_fn *eval)
{
    struct gs_call call = {.depth = depth};

    forward("minimax", run_minimax, &call, p, eval);
    return call.result;
}

int alphabeta(gs_position *p, int depth, int alpha, int beta, gs_eval_fn *eval)
{
    struct gs_call call = {.depth = depth, .alpha = alpha, .beta = beta};

    forward("alphabeta", run_alphabeta, &call, p, eval);
    return call.result;
}

/* A thread count from the callee, kept to -1..EVAL_THREADS_MAX. */
static int thread_count(int n)
{
    return n < 0 ? -1 : n > EVAL_THREADS_MAX ? EVAL_THREADS_MAX : n;
}

int parallel_search(gs_position *p, int depth, int threads, gs_eval_fn *eval)
{
    struct gs_call call = {.depth = depth, .threads = threads};

    threads_before = threads_after = -1;
    forward("parallel_search", run_parallel_search, &call, p, eval);
    threads_before = thread_count(call.threads_before);
    threads_after = thread_count(call.threads_after);
    return call.result;
}

/* *best goes in as the caller set it, so that a function which writes no
** move leaves it as it was, as when it ran in the worker. */
int choose_move(gs_position *p, int depth, gs_eval_fn *eval, gs_move *best)
{
    struct gs_call call = {.depth = depth, .best = *best};

    forward("choose_move", run_choose_move, &call, p, eval);
    *best = call.best;
    return call.result;
}

void parallel_threads(int *before, int *after)
{
    *before = threads_before;
    *after = threads_after;
}
