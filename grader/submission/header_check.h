/*
** header_check.h -- may a student's copy of a required header be used?
**
** Students extend the header they are given: a constant, the prototypes
** of their own helpers.  Replacing such a copy with the official header
** breaks their build; using a copy that changed an official value breaks
** the tests, which are compiled against the official one.  So the copy is
** compared with the official header, declaration by declaration
** (header_decls.h): it is compatible when every official declaration it
** makes is made exactly as in the official header -- same constant
** values, same function signatures ("()" accepted for "(void)"), the same
** variable type -- whatever else it adds.
**
** A copy under one of the official names must make every official
** declaration; a header under any other name is a copy only when it
** declares one of the official functions or variables, and then only the
** official names it declares are compared (students split headers).
*/
#ifndef GRADER_HEADER_CHECK_H
#define GRADER_HEADER_CHECK_H

#include <stddef.h>

enum header_verdict {
    HEADER_UNRELATED,      /* not a copy of the official header      */
    HEADER_COMPATIBLE,     /* a copy that may be used as it is       */
    HEADER_INCOMPATIBLE    /* a copy that must give way              */
};

/* Compares `student` (slen bytes, untrusted) with `official` (olen
** bytes); `named` says the student's file has an official name.  Sets
** *msg to a malloc'd sentence for the report, without a final period:
**   compatible    "adds print_error, read_file, NO_DATA_GIVEN" (the names
**                 it declares beyond the official ones, in its order), or
**                 "declares what the official header does" when none
**   incompatible  each difference, joined by "; ": "EM is 9 in your
**                 header, 7 in the official one", "check_jump is missing
**                 from your header", "check_move is 'int check_move(int)'
**                 in your header, 'int check_move(int, int, int, int,
**                 int)' in the official one"
**   unrelated     NULL
** Returns the verdict, or -1 when memory ran out (*msg is then NULL). */
int header_check(const char *official, size_t olen, const char *student, size_t slen,
                 int named, char **msg);

#endif /* GRADER_HEADER_CHECK_H */
