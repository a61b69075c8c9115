/*
** clex.c -- the kit's C lexer (grader/clex/clex.h), compiled into the
** mutator: the mutator is built from the .c files of its own folder alone
** (tests/mutation/run.sh), so its one shared source is included here.
*/
#include "../../../grader/clex/clex.c"
