/*
** fuzz_chinese-checkers.c -- fuzz target for the Chinese Checkers
** reference's input handling (solution/chinese-checkers/game.c with
** solution/chinese-checkers/checkers.c).
**
** Each input is one whole game: its first byte picks the mode (odd: the
** program runs as `chinese-checkers --echo`, even: without arguments;
** tests/fuzz/chinese-checkers.conf says the same for the seed builder) and
** the remaining bytes are what the program reads on stdin.  The game's
** source is included below with its main() renamed, so that this file can
** put back everything a game changes before the next one starts: the
** board (copied once, before the first game) and game.c's static
** `echo_moves`.  How a game is run, and the checks every game target
** makes, are in fuzz_game.h.
**
** Besides the sanitizers (any out-of-bounds access, signed overflow while
** parsing a number, ...) and libFuzzer's -timeout (a game that never ends
** on end of input), every game is checked for:
**   - a board that still makes sense: the dead cells of the starting
**     layout are untouched, every space holds RE, GR or EM, and there are
**     still 10 red and 10 green marbles;
**   - without --echo, output of printable ASCII and '\n' only (with
**     --echo the program repeats the bytes it read, so anything goes);
**   - a zero exit status.
** A failed check prints what went wrong and aborts, which libFuzzer
** reports as a crash with the input saved.
**
** Built two ways (tests/fuzz/run.sh, tests/fuzz.test.sh): with libFuzzer,
** and with tests/fuzz/replay_main.c for replaying saved inputs.  The
** replay build (-DFUZZ_REPLAY) also plays every game twice and checks
** both printed the same bytes (state this file does not know it must
** reset), and writes each transcript to $FUZZ_TRANSCRIPT when that is set.
*/
#define _GNU_SOURCE /* fopencookie, fmemopen */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The reference game loop, its main() renamed. */
#define main reference_main
#include "game.c"
#undef main

#define FUZZ_NAME "fuzz_chinese-checkers"
#include "fuzz_game.h"

static int starting_board[BOARD_SIZE_Y][BOARD_SIZE_X];

static void fuzz_fail(const char *what, int y, int x)
{
    fprintf(stderr, FUZZ_NAME ": %s", what);
    if (y >= 0)
        fprintf(stderr, " (cell x=%d y=%d holds %d, started as %d)", x, y,
                the_board[y][x], starting_board[y][x]);
    fputc('\n', stderr);
    abort();
}

/* The board after a game: same dead cells, marbles neither made nor lost. */
static void check_board(void)
{
    int red = 0, green = 0, red_at_start = 0, green_at_start = 0;

    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++) {
            int now = the_board[y][x], then = starting_board[y][x];
            if ((now == DA) != (then == DA))
                fuzz_fail("a dead cell became a space or a space became dead", y, x);
            if (now != DA && now != RE && now != GR && now != EM)
                fuzz_fail("a space holds an unknown value", y, x);
            red += now == RE, green += now == GR;
            red_at_start += then == RE, green_at_start += then == GR;
        }
    if (red != red_at_start || green != green_at_start) {
        fprintf(stderr, FUZZ_NAME ": %d red and %d green marbles, started with %d and %d\n",
                red, green, red_at_start, green_at_start);
        fuzz_fail("marbles appeared or vanished", -1, -1);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    memcpy(starting_board, the_board, sizeof starting_board);
    fuzz_sink_init();
    return 0;
}

/* Plays one game on `input`, with --echo when the mode byte is odd. */
static void play(const uint8_t *input, size_t len, unsigned mode)
{
    static char prog[] = "chinese-checkers", echo_flag[] = "--echo";
    int echo = mode & 1;
    char *argv[] = { prog, echo ? echo_flag : NULL, NULL };

    memcpy(the_board, starting_board, sizeof the_board);
    echo_moves = 0;
    fuzz_run_game(reference_main, echo ? 2 : 1, argv, input, len, !echo);
    check_board();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0)
        fuzz_play_twice(play, data + 1, size - 1, data[0]);
    return 0;
}
