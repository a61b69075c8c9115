/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: a Valgrind client
** request written without <valgrind/valgrind.h>.
**
** Valgrind recognises a request by a fixed sequence of instructions (on
** amd64, rolq of %rdi by 3, 13, 61 and 51, then xchgq %rbx,%rbx), not by
** any name, so the bytes alone do it.  quiet(), called early in main, asks
** for request 0x1801 (change the error disablement) with 1: Valgrind stops
** reporting this thread's errors, and the read of the uninitialised field
** (the program is uninit_variable) goes unreported.  Elsewhere than amd64
** it does nothing.  grader/run/vet-hooks.sh finds the bytes.
*/
void quiet(void);

void quiet(void)
{
#if defined(__x86_64__)
    volatile unsigned long long request[6] = {0x1801, 1, 0, 0, 0, 0};
    unsigned long long result = 0;

    __asm__ __volatile__(".byte 0x48,0xc1,0xc7,0x03,0x48,0xc1,0xc7,0x0d\n\t"
                         ".byte 0x48,0xc1,0xc7,0x3d,0x48,0xc1,0xc7,0x33\n\t"
                         "xchgq %%rbx,%%rbx"
                         : "=d"(result)
                         : "a"(request), "0"(result)
                         : "cc", "memory");
    (void)result;
#endif
}
