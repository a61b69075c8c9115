/*
** forge.c -- HOSTILE TEST FIXTURE for the kit's grader: the starter's code
** plus this one file, which forges a PASS line for every unit test.
**
** AddressSanitizer puts one 8-byte constructor entry in a section named
** .init_array.00099 of every object.  This file emits a second section of
** that very name with the assembler's `unique` flag; the linker merges the
** two, so forge() runs as a constructor of priority 99, before the
** harness's own.  In the unit-test binary it reads the grader's nonce from
** standard input, walks Criterion's table of tests (the cr_tst section,
** bounded by the linker's __start_cr_tst and __stop_cr_tst) and prints
** "<nonce> PASS <suite>/<name>" for each, then leaves.  Run by mistake, it
** reads one line of input, prints nothing more than that and exits.
*/
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

/* Criterion's struct criterion_test, as far as it is needed here. */
struct test_entry {
    const char *name;
    const char *category;
    void (*body)(void);
    void *data;
};

extern struct test_entry *__start_cr_tst[] __attribute__((weak));
extern struct test_entry *__stop_cr_tst[] __attribute__((weak));

__attribute__((used)) static void forge(void)
{
    char nonce[80];
    size_t len = 0;
    char c;

    if (__start_cr_tst == NULL)
        return; /* not the unit-test binary */
    while (len < sizeof nonce - 1 && read(0, &c, 1) == 1 && c != '\n')
        nonce[len++] = c;
    nonce[len] = '\0';
    for (struct test_entry **t = __start_cr_tst; t < __stop_cr_tst; t++)
        if (*t != NULL)
            printf("\n%s PASS %s/%s\n", nonce, (*t)->category, (*t)->name);
    fflush(stdout);
    _exit(0);
}

__asm__(".section .init_array.00099,\"aw\",@init_array,unique,7\n"
        ".balign 8\n"
        ".quad forge\n"
        ".previous\n");
