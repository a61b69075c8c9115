/*
** callee_filter.c -- the callee's own seccomp filter, stacked on the
** sandbox's (no process, no program, no tracing): the code under test may
** signal only its own process, and may not outlive its worker.
**
** Why.  The callee dies with its worker (PR_SET_PDEATHSIG) and is killed
** by the worker before each PASS line; both together mean that no code of
** the submission is alive when the next test's worker starts.  That new
** worker holds its nonce in its environment until its constructor makes
** it non-dumpable, and any process of the same user alive in that moment
** could read /proc/PID/environ.  An attack review did exactly that: the
** callee cleared its parent-death signal, killed its worker (so that no
** destructor stopped the callee), lived on, read the next worker's nonce
** and wrote a PASS line for every test, hidden ones included: the starter
** plus one file got every unit point.  So this filter refuses what that
** needs:
**   - prctl(PR_SET_PDEATHSIG, ...): the signal set before the execve
**     stays;
**   - kill, tkill, tgkill, rt_sigqueueinfo and rt_tgsigqueueinfo to any
**     process but the callee's own (abort() and raise() still work; a
**     thread of its own is reached through tgkill with its own pid);
**   - pidfd_open, pidfd_send_signal, pidfd_getfd, process_madvise, kcmp;
**   - unshare, setns and io_uring_setup: a second review found no way out
**     through new namespaces or io_uring (whose operations seccomp does
**     not see), but the code under test needs neither, and each is more
**     of the kernel within its reach;
**   - fcntl's F_SETOWN, F_SETOWN_EX and F_SETSIG and ioctl's FIOSETOWN
**     and SIOCSPGRP, with which the kernel would signal another process
**     when a descriptor becomes ready.
** The arguments are compared on their low 32 bits, which is what the
** kernel reads of a pid_t or an int command (x86-64 and arm64 are
** little-endian).  A refused call fails with EPERM.
**
** #included by callee_serve.c, itself #included by callee.c.
*/
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#define CF_LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define CF_ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define CF_REFUSE BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))
/* The system call `call` is allowed only when its first argument is `pid`;
** any other system call goes on to the next block. */
#define CF_ONLY_TO(call, pid)                                        \
    CF_LOAD(nr), BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (call), 0, 4),  \
    CF_LOAD(args[0]), BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (pid), 0, 1), CF_ALLOW, CF_REFUSE
/* The system call `call` is refused outright. */
#define CF_NEVER(call) CF_LOAD(nr), BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (call), 0, 1), CF_REFUSE
/* The system call `call` is refused when its argument `arg` is a, b or c,
** and allowed otherwise. */
#define CF_NOT_WITH(call, arg, a, b, c)                                         \
    CF_LOAD(nr), BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (call), 0, 6),             \
    CF_LOAD(args[arg]), BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (a), 2, 0),         \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (b), 1, 0),                             \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (c), 0, 1), CF_REFUSE, CF_ALLOW

/* Installs the filter above; 0, or -1 (the callee then does not start). */
static int callee_forbid_reaching_out(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
    const __u32 self = (__u32)getpid();
    struct sock_filter code[] = {
        CF_NOT_WITH(__NR_prctl, 0, PR_SET_PDEATHSIG, PR_SET_PDEATHSIG, PR_SET_PDEATHSIG),
        CF_ONLY_TO(__NR_kill, self),
        CF_ONLY_TO(__NR_tkill, self),
        CF_ONLY_TO(__NR_tgkill, self),
        CF_ONLY_TO(__NR_rt_sigqueueinfo, self),
        CF_ONLY_TO(__NR_rt_tgsigqueueinfo, self),
        CF_NEVER(__NR_pidfd_open),
        CF_NEVER(__NR_pidfd_send_signal),
        CF_NEVER(__NR_pidfd_getfd),
        CF_NEVER(__NR_process_madvise),
        CF_NEVER(__NR_kcmp),
        CF_NEVER(__NR_unshare),
        CF_NEVER(__NR_setns),
        CF_NEVER(__NR_io_uring_setup),
        CF_NOT_WITH(__NR_fcntl, 1, F_SETOWN, F_SETOWN_EX, F_SETSIG),
        CF_NOT_WITH(__NR_ioctl, 1, FIOSETOWN, SIOCSPGRP, SIOCSPGRP),
        CF_ALLOW,
    };
    struct sock_fprog prog = {.len = sizeof code / sizeof code[0], .filter = code};

    /* The sandbox's filter, installed first, has already refused every
    ** call of another architecture and set no_new_privs. */
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
#else
    errno = ENOSYS;
    return -1;
#endif
}
