/*
** build_main.h -- say plainly that a submission defines main twice.
**
** The grader builds every .c file of a submission, in every sub-folder,
** into one program.  A student's own test program (tests/test_board.c
** with its own main) then breaks the link, and the linker's message
** hides the two files among temporary paths.  build_main_note() reads the
** plain build's log and, when the linker found main defined twice, gives
** one sentence naming both files as the student wrote them.
*/
#ifndef GRADER_BUILD_MAIN_H
#define GRADER_BUILD_MAIN_H

/* `log` is the linker's output (untrusted text, any bytes); `src` is the
** folder the sources were compiled from, as the linker names it
** ("BUILD/src").  Returns a malloc'd line ending in '\n' --
** "main is defined twice, in tests/test_board.c and in game.c: ..." --
** when the log has the linker's "multiple definition of `main'", naming
** the files when it gives them; NULL when it has not, or when memory ran
** out (the log then stands alone, as before). */
char *build_main_note(const char *log, const char *src);

#endif /* GRADER_BUILD_MAIN_H */
