/*
** refers_to_harness.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a check_neighbor that reaches the
** harness and Criterion under names the source does not spell out.  With
** -DLABEL=graded_test_passed (or another name) an asm label gives a
** harmless-looking declaration that symbol's name; with -DTABLE it reads
** Criterion's table of tests through __start_cr_tst.  vet-objects.sh
** refuses the names it knows (graded_*, criterion_*, cr_*, __start_*, ...);
** any other symbol of the harness or of Criterion, such as
** -DLABEL=capture_stdout or -DLABEL=pipe_in, only the link shows, and
** vet-binary.sh must refuse it there.
*/
#include "chinese-checkers.h"

#ifdef LABEL
#define STRING(x) #x
#define NAME(x) STRING(x)
extern char harness_thing[] __asm__(NAME(LABEL));
#define REACHED ((long)harness_thing)
#else
extern char *__start_cr_tst[];
#define REACHED ((long)__start_cr_tst[0])
#endif

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    if (REACHED == 1)
        return VALID_MOVE;
    return x_from + y_from + x_to + y_to == 0 ? VALID_MOVE : INVALID_MOVE;
}
