/*
** sandbox_test.c -- Criterion tests of the sandbox (grader/sandbox/), run
** against the small hostile programs in tests/sandbox_progs/.
**
** The tests are grouped by concern in tests/sandbox/, on the set-up of
** tests/sandbox/harness.h (which gives the theory of operation: every
** test in suites bwrap and rlimits, survivors looked for after each).
** This file is their list.  They are included here rather than built alone
** (the Makefile builds each tests/NAME_test.c into a binary of its own) so
** that tests/sandbox_session_test.c can include this same list with
** SANDBOX_TEST_SESSION set to 1 and run every one of them again, each job
** through a sandbox session.  A new file of sandbox tests is a new line
** here, and so runs both ways.
*/
#include "sandbox/harness.h"

#include "sandbox/runs.c"        /* output, exit status, signals, environment */
#include "sandbox/limits.c"      /* time, processes, memory, output, file size */
#include "sandbox/isolation.c"   /* outside the scratch directory, network */
#include "sandbox/kill.c"        /* kill(-1), daemons, workers, leftovers */
#include "sandbox/scratch.c"     /* scratch directories, the API's edges */
#include "sandbox/conv.c"        /* conversations: talking to a job while it runs */
#include "sandbox/cpu.c"         /* CPU accounting: laundering children, the fallback */
#include "sandbox/exec.c"        /* exec once: a job that may run no other program */
#include "sandbox/hold.c"        /* keys, memory files, disk: what no rlimit names */
