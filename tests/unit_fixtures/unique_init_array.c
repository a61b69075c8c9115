/*
** unique_init_array.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: the attack of
** tests/chinese-checkers/submissions/hostile_forged_unit_pass on a
** check_neighbor that always gives the wrong answer.  A second section
** named .init_array.00099, made with the assembler's `unique` flag, sits
** beside the one AddressSanitizer adds; the linker merges them, so
** forge() runs before the harness's constructor, reads the nonce from
** stdin, walks Criterion's table of tests (__start_cr_tst ..
** __stop_cr_tst) and prints a PASS line for every test.  vet-objects.sh
** must refuse the object and vet-binary.sh a binary linked from it.
** With -DPUSHSECTION the section is opened with .pushsection instead.
*/
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

#include "chinese-checkers.h"

struct test_entry {
    const char *name;
    const char *category;
    void (*body)(void);
    void *data;
};

extern struct test_entry *__start_cr_tst[], *__stop_cr_tst[];

__attribute__((used)) static void forge(void)
{
    char nonce[80];
    size_t len = 0;
    char c;

    while (len < sizeof nonce - 1 && read(0, &c, 1) == 1 && c != '\n')
        nonce[len++] = c;
    nonce[len] = '\0';
    for (struct test_entry **t = __start_cr_tst; t < __stop_cr_tst; t++)
        printf("\n%s PASS %s/%s\n", nonce, (*t)->category, (*t)->name);
    fflush(stdout);
    _exit(0);
}

#ifdef PUSHSECTION
__asm__(".pushsection .init_array.00099,\"aw\",@init_array,unique,3\n"
        ".balign 8\n.quad forge\n.popsection\n");
#else
__asm__(".section .init_array.00099,\"aw\",@init_array,unique,7\n"
        ".balign 8\n.quad forge\n.previous\n");
#endif

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    return right ? INVALID_MOVE : VALID_MOVE;
}
