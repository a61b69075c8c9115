/*
** fake_sanitizer_constructor.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: one 8-byte .init_array.00099
** section, exactly where AddressSanitizer puts its constructor, pointing
** to a local function named like the sanitizer's (_sub_I_00099_0) -- but
** that function calls code of its own first.  For vet-objects.sh the test
** compiles it without -fsanitize=address, so that the compiler adds no
** constructor that would make the section a second one: what it must see
** is that the function's body is not the sanitizer's.  Compiled with the
** sanitizer and linked, vet-binary.sh must see the same in the binary.
*/
#include <stdio.h>

#include "chinese-checkers.h"

__attribute__((used)) void submission_early(void)
{
    puts("early");
}

__asm__(".text\n"
        "_sub_I_00099_0:\n"
        "push %rbp\n"
        "mov %rsp,%rbp\n"
        "call submission_early\n"
        "call __asan_init\n"
        "pop %rbp\n"
        "ret\n"
        ".size _sub_I_00099_0, .-_sub_I_00099_0\n"
        ".type _sub_I_00099_0, @function\n"
        ".section .init_array.00099,\"aw\",@init_array\n"
        ".balign 8\n.quad _sub_I_00099_0\n.previous\n");

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
