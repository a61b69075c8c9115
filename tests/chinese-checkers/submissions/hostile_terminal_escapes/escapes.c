/*
** escapes.c -- HOSTILE TEST FIXTURE for the kit's grader: output that
** would drive the instructor's terminal.
**
** escapes() prints, before the first board, the sequences a terminal
** obeys: ESC [ 2 J (clear the screen) and ESC ] 0 ; ... BEL (set the
** window's title) in their 7-bit form, the same as the C1 controls CSI
** and OSC UTF-8 encoded (C2 9B, C2 9D), a lone 8-bit CSI byte (0x9B),
** NEL (C2 85) and DEL.  Every line the kit prints about it must show
** them as "\xHH" (grader/report/visible.h); tests/hostile_text.test.sh
** also gives it a file name and a compiler-quoted line carrying them.
** Harmless if run by mistake: it only prints.
*/
#include <stdio.h>

void escapes(void)
{
    static const char bytes[] =
        "\033[2J\033]0;owned\007"
        "\302\233" "2J\302\235" "0;owned\007"
        "\233" "31mTotal 100/100\302\205\177\n";

    fputs(bytes, stdout);
    fflush(stdout);
    fputs(bytes, stderr);
}
