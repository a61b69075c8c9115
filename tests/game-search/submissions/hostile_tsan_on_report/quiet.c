/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: answers
** ThreadSanitizer's "suppress this report?" with yes, under an innocent C
** name.
**
** ThreadSanitizer asks the C++ function __tsan::OnReport(const ReportDesc *,
** bool) before it prints each report, and takes a program's own definition
** over its default.  C can define it through an asm label holding the
** mangled name; answering true suppresses the race on the unlocked shared
** bound (the program is parallel_bound_unlocked).  grader/run/vet-hooks.sh
** finds the definition by its symbol, whatever the C name.
*/
#include <stdbool.h>

bool keep_quiet(const void *report, bool suppressed) __asm__("_ZN6__tsan8OnReportEPKNS_10ReportDescEb");

bool keep_quiet(const void *report, bool suppressed)
{
    (void)report;
    (void)suppressed;
    return true;
}
