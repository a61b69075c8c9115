/*
** odd_section.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: one allocated section of eight
** bytes under the name -DNAME gives (or, with -DBLANKS, a name holding
** blanks) and the type -DTYPE gives (progbits, rela, ...; default
** progbits).  Reviews used such sections to reach the loader (a
** PROGBITS ".rela.data.zz" lands among the dynamic relocations it
** applies), to hide code from every check (".gnu.lto_*", which the
** linker plugin compiles) and to fool the reading of the link map (a
** name with blanks); vet-objects.sh must refuse each by its name and type.
*/
#include "chinese-checkers.h"

#define STRING(x) #x
#define TEXT(x) STRING(x)
#ifndef TYPE
#define TYPE progbits
#endif
#ifdef BLANKS
#define SECTION "\".text.x 0x1 0x1 student.o\""
#else
#define SECTION TEXT(NAME)
#endif

__asm__(".section " SECTION ",\"a\",@" TEXT(TYPE) "\n.quad 0\n.previous\n");

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
