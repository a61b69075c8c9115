/*
** sandbox_execonce.c -- exec a program that may exec nothing itself
** (sandbox_execonce.h).
**
** Theory of operation.  A seccomp filter cannot read the string a path
** argument points to, only the pointer.  So the path the one allowed exec
** uses is put at an address nobody else knows -- a page mapped at a
** random place -- and the filter allows execve() with exactly that
** pointer.  The exec itself is the last use: it replaces the address
** space, the page goes with it, and the program it starts finds no path
** at that address (it would have to guess it: a page among 2^34 on
** x86-64, where a wrong guess costs a system call).  execveat() is
** refused outright: its path can be empty (AT_EMPTY_PATH, run an open
** file), which no pointer check could hold.  Like the no-fork filter
** (sandbox_nofork.c) it checks the architecture first, so that no 32-bit
** or x32 call number slips past.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox_execonce.h"

#if defined(__x86_64__)
#define ONCE_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ONCE_ARCH AUDIT_ARCH_AARCH64
#endif

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define PAGE 4096u
#define LOAD(field) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, field))
#define LOAD_AT(off) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
#define RETURN(what) BPF_STMT(BPF_RET | BPF_K, (what))
#define REFUSE RETURN(SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA))

/* A page-aligned address between 2^36 and 2^36 + 2^46, below the 2^47 of
** a 48-bit address space; mapped there with MAP_FIXED_NOREPLACE (a kernel
** that does not know the flag takes the address as a hint: checked).
** Where that keeps failing (a smaller address space), any address the
** kernel picks, which ASLR makes random too.  NULL on failure. */
static char *random_page(void)
{
    for (int tries = 0; tries < 16; tries++) {
        uint64_t r;
        if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
            break;
        uintptr_t at = ((uintptr_t)1 << 36) + (uintptr_t)(r & (((uint64_t)1 << 34) - 1)) * PAGE;
        void *p = mmap((void *)at, PAGE, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        if (p == (void *)at)
            return p;
        if (p != MAP_FAILED)
            munmap(p, PAGE);
    }
    void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

#ifdef ONCE_ARCH
/* Installs the filter that allows execve() of `page` only. */
static int allow_only(const char *page)
{
    uint64_t at = (uint64_t)(uintptr_t)page;
    uint32_t low = (uint32_t)at, high = (uint32_t)(at >> 32);
    size_t arg0 = offsetof(struct seccomp_data, args[0]);   /* little-endian */
    struct sock_filter code[] = {
        LOAD(arch),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ONCE_ARCH, 1, 0),
        RETURN(SECCOMP_RET_KILL_PROCESS),
        LOAD(nr),
#ifdef __x86_64__
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),   /* x32 */
        REFUSE,
#endif
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execveat, 0, 1),
        REFUSE,
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_execve, 0, 5),
        LOAD_AT(arg0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, low, 0, 2),
        LOAD_AT(arg0 + 4),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, high, 1, 0),
        REFUSE,
        RETURN(SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = { .len = sizeof code / sizeof code[0], .filter = code };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}
#endif

int sbx_exec_once(const char *path, char *const argv[], char *const envp[])
{
#ifdef ONCE_ARCH
    size_t len = strlen(path) + 1;
    if (len > PAGE) {
        errno = ENAMETOOLONG;
        return -1;
    }
    char *page = random_page();
    if (!page)
        return -1;
    memcpy(page, path, len);
    if (allow_only(page) != 0)
        return -1;
    execve(page, argv, envp);
    return -1;
#else
    (void)path, (void)argv, (void)envp;
    errno = ENOSYS;   /* an architecture the filter does not know */
    return -1;
#endif
}
