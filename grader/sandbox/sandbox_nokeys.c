/*
** sandbox_nokeys.c -- a fresh session keyring and a seccomp filter that
** refuses the key system calls (sandbox_nokeys.h).
**
** Theory of operation.  A process inherits its parent's session keyring:
** a grader started from a login shell (pam_keyinit) hands its operator's
** keys to every job, and jobs of one uid share that keyring, so two bots
** could pass notes through it from game to game.  Joining a new anonymous
** session keyring cuts the first; the user and user-session keyrings
** (@u, @us) belong to the uid, though, which jobs of one uid slot share,
** so the filter refuses keyctl(), add_key() and request_key() outright:
** no job needs keys.  Like the no-fork filter (sandbox_nofork.c) it looks
** at the architecture first: a 32-bit or x32 call number could name the
** key calls otherwise, so every such call fails (ENOSYS).
*/
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/keyctl.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox_nokeys.h"

#if defined(__x86_64__)
#define NOKEYS_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define NOKEYS_ARCH AUDIT_ARCH_AARCH64
#endif

#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define RETURN(what) BPF_STMT(BPF_RET | BPF_K, (what))
#define REFUSE(err) RETURN(SECCOMP_RET_ERRNO | ((err) & SECCOMP_RET_DATA))
#define IF_IS(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1)

int sbx_forbid_keys(void)
{
    /* Fails only where the kernel has no keyrings: nothing to share. */
    (void)syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL);
#ifdef NOKEYS_ARCH
    struct sock_filter code[] = {
        LOAD(arch),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NOKEYS_ARCH, 1, 0),
        REFUSE(ENOSYS),
        LOAD(nr),
#ifdef __x86_64__
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),   /* x32 */
        REFUSE(ENOSYS),
#endif
        IF_IS(__NR_keyctl), REFUSE(EPERM),
        IF_IS(__NR_add_key), REFUSE(EPERM),
        IF_IS(__NR_request_key), REFUSE(EPERM),
        RETURN(SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = { .len = sizeof code / sizeof code[0], .filter = code };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
        return errno == EINVAL ? 0 : -1;   /* EINVAL: no seccomp filters */
#endif
    return 0;
}
