/*
** code_in_init.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: instructions of its own in the
** .init section, which the C runtime's _init runs before any constructor.
** vet-objects.sh must refuse it.
*/
#include <stdio.h>

#include "chinese-checkers.h"

__attribute__((used)) void submission_early(void)
{
    puts("early");
}

__asm__(".section .init,\"ax\",@progbits\n"
        "call submission_early\n"
        ".previous\n");

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
