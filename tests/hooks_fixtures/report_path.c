/* report_path.c -- sends the sanitizers' reports to a file rather than to
** standard error (__sanitizer_set_report_path). */
#include <sanitizer/common_interface_defs.h>

int main(void)
{
    __sanitizer_set_report_path("/dev/null");
    return 0;
}
