/*
** callee.h -- run a required function of the submission in the callee, a
** process of its own that never holds the grader's nonce.
**
** An assignment whose descriptor lists a function in `.forwarded`
** (grader/assignment.h) has the grader rename that function NAME to
** student_NAME in the submission's object; the assignment's
** unit/forward.c defines NAME itself, packing the arguments (and whatever
** global state the function reads or writes) into a plain struct and
** handing callee_call() a thunk that unpacks them and calls student_NAME.
** The tests keep calling NAME.  The worker's binary does not contain the
** submission at all: the grader links it into a second binary, the
** callee's, beside the worker's (its name is the worker's with "-callee"
** after it), which the worker runs.  grader/unit/README.md ("The callee") gives
** the rules forward.c must follow; graded_test.h says what this buys.
*/
#ifndef GRADED_CALLEE_H
#define GRADED_CALLEE_H

#include <stddef.h>

/* The most bytes one call may carry each way. */
#define CALLEE_ARGS_MAX ((size_t)1 << 20)

/* Runs fn(args) in the callee process.  `args` points to `size` bytes (at most
** CALLEE_ARGS_MAX, 1 MiB) the caller owns: they are copied to the callee, fn runs
** there on its copy, and the copy is written back over args[0..size) when fn
** returns.  `name` is the required function, for messages.  `cpu_limit` is the
** call's own CPU limit in seconds (0: the default, the test's limit).  If the code
** under test crashes, exits, is killed, exceeds the limit or does not return, the
** test fails (cr_fatal/cr_assert_fail, so callee_call never returns then) with a
** message naming `name` and what happened ("check_move did not return within its
** limit of 2 s of CPU", "check_move crashed: segmentation fault").  Whatever fn
** prints goes to the worker's stdout/stderr as they are at the time of the call
** (so Criterion's cr_redirect_stdout capture still sees it); the callee flushes
** stdio after each call.  `fn` must be entered in the table of thunks
** (CALLEE_THUNK, below); any other function fails the test. */
void callee_call(const char *name, void (*fn)(void *args), void *args, size_t size,
                 double cpu_limit);

/* Enters the thunk `fn` (a function of this file, void fn(void *args))
** in the table of thunks, after its definition:
**
**     static void run_check_move(void *record) { ... }
**     CALLEE_THUNK(run_check_move);
**
** callee_call() accepts only a thunk of the table.  The worker and the
** callee are two binaries (the callee's alone holds the submission), so a
** thunk's address means nothing across them: a call names its thunk by
** its place in the table, which both binaries build from the same
** objects, the harness's and the tests', in the same order (the section
** below, which the linker bounds with __start_/__stop_; the submission's
** objects may neither add to it nor refer to it: vet-objects.sh). */
#define CALLEE_THUNK(fn)                                                                  \
    static void (*callee_thunk_entry_##fn)(void *)                                          \
        __attribute__((used, section("graded_callee_thunks"), aligned(sizeof(void *)))) = fn

/* CPU seconds the callee spent in the last call (for tests that check a bot's
** time use). */
double callee_last_cpu(void);

/* The most CPU seconds one call with the default limit (cpu_limit 0) has
** spent in this process so far: the reference's figure, which its test
** reports beside its PASS line, is what the grader scales into the
** default limit (grader/grade/limits.c). */
double callee_most_cpu(void);

/* Optional: an assignment whose tests read the submission's data before
** any call (Chinese Checkers' the_board as the submission initialises it)
** defines this in its forward.c; every GRADED_TEST calls it, in the
** worker, before the test's body.  It brings that data over with
** callee_call() into storage of the harness's own: the worker never reads
** or writes memory the submission names (a required data symbol can be
** made to name any address of the binary -- the harness's own state
** included -- and a copy written back there would rewrite it). */
void callee_test_start(void) __attribute__((weak));

#endif /* GRADED_CALLEE_H */
