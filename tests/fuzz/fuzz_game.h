/*
** fuzz_game.h -- what the assignments' fuzz targets (fuzz_<id>.c) share:
** running the game's renamed main() on one input as its standard input,
** with a standard output that keeps nothing but watches what is printed,
** the checks every game gets, and the replay build's second game.
**
** A target defines FUZZ_NAME (its name in messages, "fuzz_halma"),
** includes this file once, calls fuzz_sink_init() from its
** LLVMFuzzerInitialize(), plays each game with fuzz_run_game(), and lets
** fuzz_play_twice() call its play function:
**   - fuzz_run_game() runs the game with stdin an fmemopen() stream over
**     the input and stdout a stream that keeps nothing (fopencookie, no
**     system call per flush); afterwards it checks a zero exit status and,
**     when asked (a game without --echo, which repeats the bytes it read),
**     output of printable ASCII and '\n' only;
**   - fuzz_play_twice() plays the game once; the replay build
**     (-DFUZZ_REPLAY) plays it a second time and checks both printed the
**     same bytes, which catches state that leaks from one game into the
**     next, and appends the first game's transcript to the file named by
**     $FUZZ_TRANSCRIPT when that is set (tests/fuzz.test.sh compares it
**     with the committed .out files).
** A failed check prints what went wrong and aborts, which libFuzzer
** reports as a crash with the input saved.
*/
#ifndef FUZZ_GAME_H
#define FUZZ_GAME_H

#ifndef FUZZ_NAME
#error "define FUZZ_NAME before including fuzz_game.h"
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* What the sink saw during one game. */
static struct {
    uint64_t hash;       /* replay only: FNV-1a of every byte printed */
    size_t bytes;
    int ascii_only;      /* check that no byte is outside ' '..'~' and '\n' */
    size_t bad_offset;   /* first offending byte, when bad_byte >= 0 */
    int bad_byte;
    FILE *copy;          /* replay only: where to append the transcript */
} sink;

static FILE *null_out;

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

/* Prints "FUZZ_NAME: WHAT" and aborts. */
static void fuzz_abort(const char *what)
{
    fprintf(stderr, FUZZ_NAME ": %s\n", what);
    abort();
}

/* Opens the sink (and, in the replay build, $FUZZ_TRANSCRIPT). */
static void fuzz_sink_init(void)
{
    static cookie_io_functions_t discard = { .write = sink_write };

    null_out = fopencookie(NULL, "w", discard);
    if (!null_out) {
        perror(FUZZ_NAME ": fopencookie");
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
}

/* Runs game_main(argc, argv) on `input` and checks its exit status and,
** when ascii_only, its output's bytes. */
static void fuzz_run_game(int (*game_main)(int, char **), int argc, char **argv,
                          const uint8_t *input, size_t len, int ascii_only)
{
    static const char empty[1];
    /* fmemopen() needs a size of at least 1: an empty input is a
    ** one-byte buffer the stream is then told has ended. */
    FILE *in = fmemopen(len ? (void *)input : (void *)empty, len ? len : 1, "r");
    FILE *saved_in = stdin, *saved_out = stdout;

    if (!in) {
        perror(FUZZ_NAME ": fmemopen");
        exit(1);
    }
    if (!len)
        fseek(in, 0, SEEK_END);
    sink.hash = 0xcbf29ce484222325ull;
    sink.bytes = 0;
    sink.ascii_only = ascii_only;
    sink.bad_byte = -1;

    stdin = in;
    stdout = null_out;
    int status = game_main(argc, argv);
    fflush(stdout);
    stdout = saved_out;
    stdin = saved_in;
    fclose(in);

    if (status != 0) {
        fprintf(stderr, FUZZ_NAME ": exit status %d\n", status);
        fuzz_abort("the game did not exit with 0");
    }
    if (sink.bad_byte >= 0) {
        fprintf(stderr, FUZZ_NAME ": byte 0x%02X at output offset %zu\n",
                (unsigned)sink.bad_byte, sink.bad_offset);
        fuzz_abort("output without --echo holds a byte that is not printable ASCII");
    }
}

/* Plays the game of `input` with mode byte `mode` by calling play(), once
** with libFuzzer, twice in the replay build (see above). */
static void fuzz_play_twice(void (*play)(const uint8_t *, size_t, unsigned),
                            const uint8_t *input, size_t len, unsigned mode)
{
    play(input, len, mode);
#ifdef FUZZ_REPLAY
    uint64_t first = sink.hash;
    FILE *copy = sink.copy;
    size_t first_bytes = sink.bytes;
    sink.copy = NULL;           /* the transcript is written once */
    play(input, len, mode);
    sink.copy = copy;
    if (copy)
        fflush(copy);
    if (sink.hash != first || sink.bytes != first_bytes) {
        fprintf(stderr, FUZZ_NAME ": the same input printed %zu bytes, then %zu\n",
                first_bytes, sink.bytes);
        fuzz_abort("a second game on the same input printed something else "
                   "(state left over from the first)");
    }
#endif
}

#endif /* FUZZ_GAME_H */
