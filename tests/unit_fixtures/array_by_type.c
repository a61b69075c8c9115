/*
** array_by_type.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: an initialisation-array entry in a
** section whose name says nothing (.settings) but whose type, given
** to the assembler, is INIT_ARRAY.  vet-objects.sh judges a section by its
** type as well as its name, and must refuse it.
*/
#include <stdio.h>

#include "chinese-checkers.h"

__attribute__((used)) static void early(void)
{
    puts("early");
}

__asm__(".section .settings,\"aw\",@init_array\n"
        ".balign 8\n.quad early\n.previous\n");

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
