/*
** show.h -- print a scripted session as a terminal would show it.
**
** For TAs answering a student or writing a handout: the reference
** (KIT/build/<program>, with the session's NAME.args and the assignment's
** echo option) plays the session's moves and prints each one after its
** prompt, the way a person typing them would see it.
*/
#ifndef GRADER_SHOW_H
#define GRADER_SHOW_H

#include <stdio.h>

#include "../assignment.h"

/* Shows session `name` ("NAME", "public/NAME" or "hidden/NAME"; ".in"
** optional) of assignment `a` in the kit at `kit` on `out`.  Returns 0, or
** -1 with a message on stderr when the session or the reference is
** missing. */
int show_session(const char *kit, const struct assignment *a, const char *name, FILE *out);

#endif /* GRADER_SHOW_H */
