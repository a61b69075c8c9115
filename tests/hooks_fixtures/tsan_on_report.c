/* tsan_on_report.c -- ThreadSanitizer asks the C++ function
** __tsan::OnReport(const ReportDesc *, bool) whether to suppress each
** report; C can define it under its mangled name and say yes to all. */
#include <stdbool.h>

bool suppress_all(const void *report, bool suppressed) __asm__("_ZN6__tsan8OnReportEPKNS_10ReportDescEb");

bool suppress_all(const void *report, bool suppressed)
{
    (void)report;
    (void)suppressed;
    return true;
}

int main(void)
{
    return 0;
}
