/*
** fuzz_reference.c -- fuzz target for the reference program's input
** handling (solution/chinese-checkers/game.c with solution/chinese-checkers/checkers.c).
**
** Each input is one whole game: its first byte picks the mode (odd: the
** program runs as `chinese-checkers --echo`, even: without arguments) and
** the remaining bytes are what the program reads on stdin.  The game's
** source is included below with its main() renamed, so that this file can
** put back everything a game changes before the next one starts: the
** board (copied once, before the first game) and game.c's static
** `echo_moves`.  stdin is an fmemopen() stream over the bytes; stdout is a
** stream that keeps nothing (fopencookie, no system call per flush) but
** watches what is printed.
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
** both printed the same bytes, which catches state that leaks from one
** game into the next (state this file does not know it must reset), and
** appends each transcript to the file named by $FUZZ_TRANSCRIPT when that
** is set (tests/fuzz.test.sh compares it with the committed .out files).
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

/* What the sink saw during one game. */
static struct {
    uint64_t hash;       /* replay only: FNV-1a of every byte printed */
    size_t bytes;
    int ascii_only;      /* check that no byte is outside ' '..'~' and '\n' */
    size_t bad_offset;   /* first offending byte, when bad_byte >= 0 */
    int bad_byte;
    FILE *copy;          /* replay only: where to append the transcript */
} sink;

/* Not instrumented: it runs once per byte printed, and its own branches
** are no coverage worth steering the fuzzer by.  The hash is only needed
** by the replay build's second game. */
#if defined(__clang__)
__attribute__((no_sanitize("address", "undefined", "coverage")))
#endif
static ssize_t sink_write(void *cookie, const char *buffer, size_t size)
{
    (void)cookie;
#ifdef FUZZ_REPLAY
    for (size_t i = 0; i < size; i++)
        sink.hash = (sink.hash ^ (unsigned char)buffer[i]) * 0x100000001b3ull;
    if (sink.copy)
        fwrite(buffer, 1, size, sink.copy);
#endif
    if (sink.ascii_only && sink.bad_byte < 0)
        for (size_t i = 0; i < size; i++) {
            unsigned char c = (unsigned char)buffer[i];
            if (c != '\n' && (c < 0x20 || c > 0x7E)) {
                sink.bad_byte = c;
                sink.bad_offset = sink.bytes + i;
                break;
            }
        }
    sink.bytes += size;
    return (ssize_t)size;
}

static int starting_board[BOARD_SIZE_Y][BOARD_SIZE_X];
static FILE *null_out;

static void fuzz_fail(const char *what, int y, int x)
{
    fprintf(stderr, "fuzz_reference: %s", what);
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
        fprintf(stderr, "fuzz_reference: %d red and %d green marbles, started with %d and %d\n",
                red, green, red_at_start, green_at_start);
        fuzz_fail("marbles appeared or vanished", -1, -1);
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    static cookie_io_functions_t discard = { .write = sink_write };

    memcpy(starting_board, the_board, sizeof starting_board);
    null_out = fopencookie(NULL, "w", discard);
    if (!null_out) {
        perror("fuzz_reference: fopencookie");
        exit(1);
    }
    /* Fully buffered: the game's fflush() after each prompt is the only
    ** thing that reaches sink_write(). */
    setvbuf(null_out, NULL, _IOFBF, 1 << 16);
#ifdef FUZZ_REPLAY
    const char *path = getenv("FUZZ_TRANSCRIPT");
    if (path && *path && !(sink.copy = fopen(path, "ab"))) {
        perror(path);
        exit(1);
    }
#endif
    return 0;
}

/* Plays one game on `input` and returns the hash of what it printed. */
static uint64_t play(const uint8_t *input, size_t len, int echo)
{
    static const char empty[1];
    static char prog[] = "chinese-checkers", echo_flag[] = "--echo";
    char *argv[] = { prog, echo ? echo_flag : NULL, NULL };
    /* fmemopen() needs a size of at least 1: an empty input is a
    ** one-byte buffer the stream is then told has ended. */
    FILE *in = fmemopen(len ? (void *)input : (void *)empty, len ? len : 1, "r");
    FILE *saved_in = stdin, *saved_out = stdout;

    if (!in) {
        perror("fuzz_reference: fmemopen");
        exit(1);
    }
    if (!len)
        fseek(in, 0, SEEK_END);
    memcpy(the_board, starting_board, sizeof the_board);
    echo_moves = 0;
    sink.hash = 0xcbf29ce484222325ull;
    sink.bytes = 0;
    sink.ascii_only = !echo;
    sink.bad_byte = -1;

    stdin = in;
    stdout = null_out;
    int status = reference_main(echo ? 2 : 1, argv);
    fflush(stdout);
    stdout = saved_out;
    stdin = saved_in;
    fclose(in);

    if (status != 0) {
        fprintf(stderr, "fuzz_reference: exit status %d\n", status);
        fuzz_fail("the game did not exit with 0", -1, -1);
    }
    if (sink.bad_byte >= 0) {
        fprintf(stderr, "fuzz_reference: byte 0x%02X at output offset %zu\n",
                (unsigned)sink.bad_byte, sink.bad_offset);
        fuzz_fail("output without --echo holds a byte that is not printable ASCII", -1, -1);
    }
    check_board();
    return sink.hash;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int echo = data[0] & 1;
    uint64_t first = play(data + 1, size - 1, echo);
#ifdef FUZZ_REPLAY
    FILE *copy = sink.copy;
    size_t first_bytes = sink.bytes;
    sink.copy = NULL;           /* the transcript is written once */
    uint64_t second = play(data + 1, size - 1, echo);
    sink.copy = copy;
    if (copy)
        fflush(copy);
    if (second != first || sink.bytes != first_bytes) {
        fprintf(stderr, "fuzz_reference: the same input printed %zu bytes, then %zu\n",
                first_bytes, sink.bytes);
        fuzz_fail("a second game on the same input printed something else "
                  "(state left over from the first)", -1, -1);
    }
#else
    (void)first;
#endif
    return 0;
}
