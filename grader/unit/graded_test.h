/*
** graded_test.h -- the unit-test harness whose results a student's code
** cannot forge.
**
** A unit test is written as
**
**     GRADED_TEST(check_move, step_to_an_empty_neighbour_is_valid)
**     {
**         ... set up the_board, call a required function, cr_assert_* ...
**     }
**
** which becomes a Criterion test "check_move/step_to_..." with a timeout:
** GRADED_TEST_TIMEOUT (below) when the binary is run by hand, and, when
** the grader runs it, the shorter time it derives from the reference and
** the rubric's unit_timeout (grader/unit/README.md, "Timeouts": each
** assignment's handout states its own).  Criterion runs each test in a
** worker process of its own; when
** the body returns -- every assertion held -- the harness writes the line
**
**     <NONCE> PASS <suite>/<name>
**
** (preceded by a newline, in one write) to a private copy of the stdout
** the test binary was started with.  The grader credits a test only when
** that exact line, with the nonce it chose, appears on the binary's stdout.
**
** THE NONCE PROTOCOL
**   The grader feeds the test binary one line on stdin: a random nonce of
**   16 to 64 hex digits, its own for each binary (public, hidden) and each
**   grading.  A constructor in graded_test.c reads that line
**   (with read(2), so no stdio buffer keeps it), reopens stdin on /dev/null
**   and hands the nonce to Criterion's worker processes through the
**   environment (Criterion lets a worker inherit no other descriptor than
**   0, 1 and 2).  Each worker's constructor copies it into private storage,
**   then removes it from the environment and overwrites the environment
**   string, so /proc/self/environ does not show it either.  Between its
**   execve and that constructor a worker's environment shows the nonce to
**   any process of the test's uid that reads /proc/<pid>/environ; the
**   rules below make sure no such process of the submission exists.  No
**   valid nonce
**   (empty stdin, a terminal, a malformed line): no PASS line is ever
**   written, so everything fails closed.
**
** THE CALLEE
**   The required functions an assignment forwards (its descriptor's
**   .forwarded; callee.h, grader/unit/README.md) do not run in the worker
**   but in its callee: a process the worker starts in its constructor
**   (fork, then execve of the callee's binary, which the grader links
**   beside the worker's: the only one of the two that holds the
**   submission), whose environment no longer names the nonce.  (A fork alone would carry the nonce: the
**   AddressSanitizer runtime keeps its own copy of the environment a
**   process started with.)  So the callee never held the nonce.  The
**   worker sends each call to it over a socket and waits, within the
**   call's CPU limit and ten times that of wall time (at least 2 s);
**   the worker kills and reaps it before writing the PASS line, and it
**   dies with the worker whatever happens.
**
** THREAT MODEL
**   The required functions under test are hostile.  What is guaranteed:
**   the process that holds the nonce never runs the submission's code,
**   and its binary does not contain any of it (the worker's binary is
**   linked from the harness and the tests alone), so no trick of the
**   submission's objects with the linker or the loader reaches it.  The
**   submission runs in the callee, which never held the
**   nonce, holds none of the runner's or the worker's descriptors but its
**   socket, has dropped every capability (so not even as root) and cannot
**   read the worker's or the runner's memory, environment or descriptors
**   (both are non-dumpable; ptrace and process_vm_* are filtered): reading
**   its own memory for the nonce finds nothing to forge with
**   (tests/chinese-checkers/submissions/hostile_unit_reads_nonce, and
**   tests/unit.test.sh, which also shows the same attack forging every
**   test when the function runs in the worker).  Nor does the worker ever
**   read or write a variable the submission defines: a required variable
**   is renamed and touched only in the callee like the functions, the
**   tests' copy being the harness's own (a symbol can name any address,
**   and a board copied back over Criterion's state once ran the
**   submission's code in the worker: hostile_board_alias).  What the
**   callee CAN do: read the test binary it runs (the tests' expected
**   values; the kit's own code linked into it, such as the bot
**   challenge's house bots or game-search's yardstick searches, which it
**   can find by the symbol table and call) -- no more than copying the
**   kit's sources, which a student's kit ships; a TA, or a similarity
**   check, is the defence there.  The rest holds for every
**   function, forwarded or not.  The functions may call exit(0)
**   or abort, loop forever, print anything on stdout or stderr (fake
**   "[PASS]" or Criterion synthesis lines, lines ending in "PASS suite/
**   name"), write files, close or redirect descriptors, read out of bounds,
**   fork, or call the harness's own functions.  None of that earns a PASS
**   line:
**     - a test that does not run to the end of its body (exit, a crash, a
**       sanitizer report, a failed cr_assert*, a Criterion timeout) never
**       reaches the write;
**     - output the student prints cannot carry the nonce they never saw;
**     - the PASS line is written only with the ticket that the test's own
**       wrapper got from graded_test_begin() before the body ran, only in
**       the process that got it (not in a copy made by fork, nor in the
**       callee, which runs no test), and only for
**       the suite/name Criterion says is running; a second call to
**       graded_test_begin(), or graded_test_passed() with anything else,
**       voids the worker, so calling the harness can only lose the test;
**     - the line goes to the descriptor duplicated from the original
**       stdout before any test ran; if it was closed or now names another
**       file or pipe, nothing is written;
**     - no code under test outlives its test or starts another program:
**       the callee is killed and reaped before the PASS line is written,
**       and dies with its worker (PR_SET_PDEATHSIG); the worker's
**       constructor (and the callee's), before any test body, installs the
**       sandbox's seccomp filter (sbx_forbid_spawn(),
**       grader/sandbox/sandbox_nofork.h), so fork, vfork and clone but for
**       a thread fail with EPERM (clone3 with ENOSYS, so that threads are
**       made with clone), and so do execve, execveat, ptrace,
**       process_vm_readv and process_vm_writev, in the worker and every
**       thread it makes.  A thread ends with its worker, and the grader
**       runs Criterion with --jobs=1, which starts a worker only once the
**       one before it has ended: no code of the submission is alive while
**       another worker carries the nonce in its environment.  (A daemon
**       that forked, read the next worker's environment and wrote PASS
**       lines to the inherited descriptor forged every test:
**       tests/chinese-checkers/submissions/hostile_unit_daemon.)  No
**       filter, no nonce: a kernel without seccomp fails every test;
**     - the runner makes itself non-dumpable (PR_SET_DUMPABLE 0) before
**       it reads the nonce, and each worker before it starts its callee,
**       so no process of their uid can read their memory, environment or
**       descriptors through /proc, nor trace them.  No address crosses
**       between a worker and its callee, whose binaries differ: a call
**       names its thunk by its index in a table both build alike
**       (CALLEE_THUNK, callee.h).
**   What the grader must do, because no harness inside the process can:
**     - link the submission into the callee's binary only, never into the
**       worker's (vet-binary.sh --worker checks the worker's map and
**       symbols); what follows keeps the callee in its place:
**     - refuse objects that run code outside the tests' calls or talk to
**       Criterion: any initialisation or finalisation array entry, judged
**       by section type as well as name (so a constructor hidden beside
**       the sanitizer's own in a second .init_array.00099 section is
**       refused), but for the sanitizer's own constructor, recognised by
**       what its relocation points to and what that function does; .init
**       code, ifuncs, Criterion tests or hooks of their own, tables the
**       linker bounds with __start_/__stop_, sections the linker, its
**       plugin or the loader give a meaning (.gnu.lto_* bytecode, which the
**       unit link also never compiles: -fno-lto; a .rela* that is not
**       relocations; .got*, .plt*, .dyn*), symbols of "unique" or
**       common binding (which objcopy -G leaves global: a unique poll()
**       once took the C library's place in the worker's own calls,
**       hostile_unique_poll), and references to graded_*, criterion_*,
**       cr_*, __start_* ... symbols.  vet-objects.sh checks this on each
**       object;
**     - check what the linker made: no slot of the binary's preinit, init
**       or fini arrays, nor main, the entry point, DT_INIT/DT_FINI or an
**       ifunc, points into the submission's code (but the sanitizer's
**       constructor), and the submission's undefined symbols resolve only
**       to shared libraries or required names, never to the harness or
**       Criterion under whatever name.  vet-binary.sh checks this on the
**       binary and its link map;
**     - make every global symbol of the submission except the required
**       ones local (objcopy -G, see README.md), so that a submission
**       defining write(), getrandom() or a Criterion function replaces
**       nothing of the harness's;
**     - not let the test binary read back its own stdout (a pipe or file
**       the test's uid cannot open for reading; reopening /proc/self/fd/1
**       would otherwise show it the PASS lines of earlier tests, nonce
**       included).  grader/sandbox/sandbox.h runs tests under a uid of their own.
**   So no code of the submission runs before the harness's constructor
**   has taken the nonce off stdin, nor outside the calls the tests make.
**   A required function that is not forwarded is not in the worker's
**   binary either: its tests call the weak stand-in and fail, so every
**   assignment must forward every required function.  (Run in the worker,
**   reading its own memory for the nonce forged every test of the binary
**   in some 75 lines of plain C; no harness inside that process could
**   prevent it.)  NOT covered: code in the callee can still read the test
**   binaries (the tests' names, code and expected values), and can make
**   the test that called it fail (a crash, a malformed reply), never pass
**   one.
**
** RULES FOR TEST AUTHORS
**   Use only fatal assertions (cr_assert*, never cr_expect*): a failed
**   cr_expect lets the body run on to the PASS line.  Give every assertion
**   a message showing the inputs and both the value got and the value
**   expected.  Do not call cr_skip_test (a skipped body also ends early,
**   which is safe, but reads as a failure).  Use only the Criterion options
**   the macro sets; a test that needs stdout captured calls
**   its assignment's capture helper (for Chinese Checkers, capture_stdout()
**   in grader/assignments/chinese-checkers/unit/support.h) as its first
**   statement.
*/
#ifndef GRADED_TEST_H
#define GRADED_TEST_H

#include <criterion/criterion.h>

#include "callee.h"

/* The most seconds a test may run, counted by Criterion from the start of
** its worker; the test is then killed and reported as timed out.  The
** grader passes a shorter limit, derived from the reference's cost on the
** grading machine (grader/grade/limits.h), as --timeout=SECONDS: Criterion
** applies the smaller of the two. */
#define GRADED_TEST_TIMEOUT 60

/* Starts a graded test in this worker and returns its ticket.  Call it once
** per process, from the GRADED_TEST wrapper only: a second call voids the
** worker and returns 0. */
unsigned long long graded_test_begin(void);

/* Writes "<NONCE> PASS <suite>/<name>" if `ticket` is the one
** graded_test_begin() returned, this worker has not been voided and has
** not reported yet; otherwise voids the worker and writes nothing. */
void graded_test_passed(unsigned long long ticket, const char *suite,
                        const char *name);

/* Declares the graded test suite/name; the block that follows is its body.
** The body runs in a function of its own, so a `return` in it still ends
** in the PASS line -- only assertions, crashes and timeouts stop it. */
#define GRADED_TEST(suite, name)                                         \
    static void graded_body_##suite##_##name(void);                      \
    Test(suite, name, .timeout = GRADED_TEST_TIMEOUT)                    \
    {                                                                    \
        unsigned long long graded_ticket = graded_test_begin();          \
        if (callee_test_start)                                           \
            callee_test_start();                                         \
        graded_body_##suite##_##name();                                  \
        graded_test_passed(graded_ticket, #suite, #name);                \
    }                                                                    \
    static void graded_body_##suite##_##name(void)

#endif /* GRADED_TEST_H */
