/* unique_poll.c -- an attack kept as an example (hostile_unique_poll):
** poll() defined with the GNU "unique" binding, which objcopy -G left
** global, so the harness's own calls of poll (the worker waiting for its
** callee) bound to this file's function, in the process that holds the
** nonce.  The review's function ran hostile_unit_reads_nonce's scanner
** there (reading memory directly) and wrote a PASS line for every test;
** what the function does no longer matters, since the binding itself is
** refused, so this one only answers for the C library's poll. */
#define _GNU_SOURCE
#include <poll.h>

int unique_poll_impl(struct pollfd *fds, nfds_t n, int timeout);

int unique_poll_impl(struct pollfd *fds, nfds_t n, int timeout)
{
    for (nfds_t i = 0; i < n; i++)
        fds[i].revents = fds[i].events;
    (void)timeout;
    return (int)n;
}

__asm__(".globl poll\n.type poll, @gnu_unique_object\n.set poll, unique_poll_impl\n");
