/*
** sanitizer_env.h -- the options every sanitizer run of a student's program
** is given through its environment.
**
** A sanitizer reads the options a program gives itself first -- its
** definitions of __asan_default_options, __lsan_default_options,
** __ubsan_default_options, __tsan_default_options -- and its environment
** (ASAN_OPTIONS, LSAN_OPTIONS, UBSAN_OPTIONS, TSAN_OPTIONS) after, so an
** option named here is what the run gets, whatever the program says.
** grader/run/vet-hooks.sh refuses a program that defines any such hook;
** this is the second line of defence.  Every option the grading depends
** on is therefore set explicitly, most of them to the runtime's default
** (GCC 12's): errors and leaks are looked for (detection on, nothing
** suppressed, the allocator and the string functions watched), each stops
** the program with the exit status the grader knows (SCORE_SANITIZER_EXIT,
** SCORE_TSAN_EXIT), and the report goes to standard error, which the
** grader keeps.  The options common to every sanitizer (exitcode,
** log_path, suppressions, detect_leaks, ...) are in each variable, since
** each is read by its own parser, and LeakSanitizer's own in LSAN_OPTIONS.
** Every name here is one the runtime knows: an unknown one would make it
** print a warning on every run (tests/hooks.test.sh checks that a clean
** program's runs print nothing).
*/
#ifndef GRADER_SANITIZER_ENV_H
#define GRADER_SANITIZER_ENV_H

#include "score.h"

/* Report on stderr, and nowhere else; stop with the grader's status. */
#define SANITIZER_REPORTING "log_path=stderr:log_to_syslog=0:log_exe_name=0:abort_on_error=0" \
    ":symbolize=1:print_summary=1:suppressions=:coverage=0"
/* Common to ASan, LSan and UBSan. */
#define SANITIZER_COMMON SANITIZER_REPORTING ":exitcode=" SCORE_SANITIZER_EXIT_STR \
    ":detect_leaks=1:leak_check_at_exit=1:allocator_may_return_null=0" \
    ":handle_segv=1:handle_sigbus=1:handle_sigfpe=1"

/* AddressSanitizer: every check on, as by default.  It is not told to
** insist on coming first among the libraries: a machine may preload one
** of its own (/etc/ld.so.preload), and that is no fault of the student's
** program.  An ASan run's options end with its memory cap (grade.c). */
#define SANITIZER_ASAN_OPTIONS "verify_asan_link_order=0:" SANITIZER_COMMON \
    ":halt_on_error=1:start_deactivated=0:sleep_before_dying=0:poison_heap=1:poison_partial=1" \
    ":replace_str=1:replace_intrin=1:check_malloc_usable_size=1:alloc_dealloc_mismatch=1" \
    ":detect_odr_violation=2:detect_container_overflow=1:report_globals=1"

/* LeakSanitizer, inside the ASan build: every root of reachable memory is
** scanned, and every leak reported. */
#define SANITIZER_LSAN_OPTIONS SANITIZER_COMMON \
    ":use_globals=1:use_stacks=1:use_registers=1:use_tls=1:use_root_regions=1" \
    ":use_ld_allocations=1:use_unaligned=0:use_poisoned=0:max_leaks=0"

/* UBSan: stop at the first error, with its stack. */
#define SANITIZER_UBSAN_OPTIONS SANITIZER_COMMON ":halt_on_error=1:print_stacktrace=1"

/* ThreadSanitizer: stop at the first report (a race, a lock-order
** inversion, a leaked thread, ...) with an exit status of its own, on
** stderr, which the grader collects.  history_size 4 keeps the last 512K
** memory accesses of each thread (the default keeps 128K): a session is
** short, so that is most of it, and a report can name where the other
** side of a race was, which is what a student needs to find it.  Every
** kind of report on; the dynamic annotations (AnnotateBenignRace, ...),
** which can only hide races, off. */
#define SANITIZER_TSAN_OPTIONS SANITIZER_REPORTING ":halt_on_error=1:exitcode=" SCORE_TSAN_EXIT_STR \
    ":history_size=4:second_deadlock_stack=1:report_bugs=1:report_thread_leaks=1" \
    ":report_destroy_locked=1:report_mutex_bugs=1:report_signal_unsafe=1" \
    ":report_atomic_races=1:detect_deadlocks=1:enable_annotations=0" \
    ":ignore_interceptors_accesses=0:ignore_noninstrumented_modules=0"

#endif /* GRADER_SANITIZER_ENV_H */
