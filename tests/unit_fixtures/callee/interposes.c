/*
** interposes.c -- part of the callee's self-test's submission
** (tests/unit.test.sh): poll() with the GNU "unique" binding, which
** `objcopy -G` cannot make local, as hostile_unique_poll had it.  Linked
** into a binary, it is that binary's poll: the harness's own calls bind to
** it.  The worker calls poll while it waits for its callee, so in a worker
** whose binary held the submission this function would run in the process
** that holds the nonce: it runs forge()'s scanner there once (which reads
** the process's memory for the nonce and writes a PASS line for every
** test), then polls for real.  vet-objects.sh refuses the binding; the
** self-test links the submission without the vetting, to show that the
** worker's binary no longer holds it at all.
*/
#define _GNU_SOURCE
#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

void unit_reads_nonce(void);   /* student.c's, from reads_nonce.c */

int interposed_poll(struct pollfd *fds, nfds_t n, int timeout);

int interposed_poll(struct pollfd *fds, nfds_t n, int timeout)
{
    static int forged;

    if (!forged) {
        forged = 1;
        unit_reads_nonce();
    }
    return (int)syscall(SYS_poll, fds, n, timeout);
}

__asm__(".globl poll\n.type poll, @gnu_unique_object\n.set poll, interposed_poll\n");
