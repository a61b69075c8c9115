/*
** global_by_binding.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: symbols that `objcopy -G` cannot
** make private, because their binding is not GLOBAL or WEAK.  By default
** a function of its own is given the GNU "unique" binding under the name
** poll(), which the harness calls in the process that holds the nonce: a
** review ran the submission's code there that way and forged every test
** of all four assignments.  With -DCOMMON, a common symbol (stdout's
** name), which also stays global after -G.  vet-objects.sh refuses both
** by their binding, whatever the name.
*/
#include "chinese-checkers.h"

#ifdef COMMON
__asm__(".comm stdout,8,8\n");
#else
int hijacked_poll(void *fds, unsigned long n, int timeout);
int hijacked_poll(void *fds, unsigned long n, int timeout)
{
    (void)fds, (void)n, (void)timeout;
    return 1;
}
__asm__(".globl poll\n.type poll, @gnu_unique_object\n.set poll, hijacked_poll\n");
#endif

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
