/*
** sandbox_nofork.c -- a seccomp filter that refuses new processes but not
** new threads (sandbox_nofork.h).
**
** Theory of operation.  A classic BPF program over struct seccomp_data:
** check the architecture (a 32-bit or x32 system call could reach fork
** under another number), then allow everything but fork, vfork, clone
** without CLONE_THREAD (its flags are the first argument on the
** architectures the kit runs on, x86-64 and arm64) and clone3.  A thread
** shares its process's CPU clock, so a program that cannot make a
** process has all its CPU time in one process, counted by its own clock
** and limited by RLIMIT_CPU.  sbx_forbid_spawn() stacks a second program
** on the first (the kernel applies the stricter verdict of the two) that
** also refuses starting a program and reaching into another process:
** the unit-test harness, which compiles this file in, installs it in each
** test's worker.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "sandbox_nofork.h"

#if defined(__x86_64__)
#define NOFORK_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NOFORK_ARCH AUDIT_ARCH_AARCH64
#endif

#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define RETURN(what) BPF_STMT(BPF_RET | BPF_K, (what))
#define REFUSE(err) RETURN(SECCOMP_RET_ERRNO | ((err) & SECCOMP_RET_DATA))
/* When the loaded value is `nr`, go on with the next statement, else
** skip it. */
#define IF_IS(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1)

int sbx_forbid_fork(void)
{
#ifdef NOFORK_ARCH
    struct sock_filter code[] = {
        LOAD(arch),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NOFORK_ARCH, 1, 0),
        RETURN(SECCOMP_RET_KILL_PROCESS),
        LOAD(nr),
#ifdef __x86_64__
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),   /* x32 */
        REFUSE(EPERM),
        IF_IS(__NR_fork), REFUSE(EPERM),
        IF_IS(__NR_vfork), REFUSE(EPERM),
#endif
        IF_IS(__NR_clone3), REFUSE(ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 3),
        LOAD(args[0]),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0),
        REFUSE(EPERM),
        RETURN(SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = { .len = sizeof code / sizeof code[0], .filter = code };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
#else
    errno = ENOSYS;   /* an architecture the filter does not know */
    return -1;
#endif
}

int sbx_forbid_spawn(void)
{
#ifdef NOFORK_ARCH
    /* Any other architecture's call was already killed by the first. */
    struct sock_filter code[] = {
        LOAD(nr),
        IF_IS(__NR_execve), REFUSE(EPERM),
        IF_IS(__NR_execveat), REFUSE(EPERM),
        IF_IS(__NR_ptrace), REFUSE(EPERM),
        IF_IS(__NR_process_vm_readv), REFUSE(EPERM),
        IF_IS(__NR_process_vm_writev), REFUSE(EPERM),
        RETURN(SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = { .len = sizeof code / sizeof code[0], .filter = code };

    if (sbx_forbid_fork() != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
#else
    errno = ENOSYS;
    return -1;
#endif
}
