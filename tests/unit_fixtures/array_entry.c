/*
** array_entry.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a pointer to a function of its own
** put into an initialisation or finalisation array as plain data, in the
** section the build names: -DSECTION='".init_array"' (or ".preinit_array",
** ".fini_array", ".ctors", ".dtors", ".init_array.00101", "cr_tst", or a
** table of its own such as "my_table").  The loader would call it before
** or after the tests (or Criterion would take it for one of its entries);
** vet-objects.sh must refuse every one of them.  (".init_array.00099",
** the sanitizer's own section, does not compile: gcc reports a section
** type conflict with its constructor.)
*/
#include <stdio.h>

#include "chinese-checkers.h"

static void early(void)
{
    puts("early");
}

__attribute__((used, section(SECTION))) static void (*const entry)(void) = early;

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
